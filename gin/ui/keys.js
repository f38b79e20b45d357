// StepKeys: passes the keys a presentation clicker sends (Page Down / Page Up, the arrow
// keys, space) to Python, so a teacher can step a deal forward or back from across the room.
// Keys typed into a text box are left alone.

const FORWARD = new Set(["PageDown", "ArrowRight", " ", "n", "N"]);
const BACK = new Set(["PageUp", "ArrowLeft", "p", "P"]);
// At the card table the other keys play the game: there the clicker has only its pages.
const PAGE_FORWARD = new Set(["PageDown"]);
const PAGE_BACK = new Set(["PageUp"]);

function render({ model, el }) {
  el.classList.add("gin-step-keys");
  el.style.display = "none";
  function onKey(event) {
    if (!model.get("active")) return;
    const t = event.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return;
    const pages = model.get("pages_only");
    let step = null;
    if ((pages ? PAGE_FORWARD : FORWARD).has(event.key)) step = "forward";
    else if ((pages ? PAGE_BACK : BACK).has(event.key)) step = "back";
    if (step === null) return;
    event.preventDefault();
    model.send({ event: "step", step: step });
  }
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}

export default { render };
