// StepKeys: passes the keys a presentation clicker sends (Page Down / Page Up, the arrow
// keys, space) to Python, so a teacher can step a deal forward or back from across the room.
// Keys typed into a text box are left alone. A key is the physical key (event.code, named
// by gin.ui.keys.KEY_CODES), so N and P work on a Hebrew, Bulgarian or Lao layout too.

const FORWARD = new Set(["pagedown", "arrowright", " ", "n"]);
const BACK = new Set(["pageup", "arrowleft", "p"]);
// At the card table the other keys play the game: there the clicker has only its pages.
const PAGE_FORWARD = new Set(["pagedown"]);
const PAGE_BACK = new Set(["pageup"]);

function render({ model, el }) {
  el.classList.add("gin-step-keys");
  el.style.display = "none";
  function onKey(event) {
    if (!model.get("active")) return;
    const t = event.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return;
    const pages = model.get("pages_only");
    const codes = model.get("key_codes") || {};
    const key = codes[event.code] || (event.key || "").toLowerCase();
    let step = null;
    if ((pages ? PAGE_FORWARD : FORWARD).has(key)) step = "forward";
    else if ((pages ? PAGE_BACK : BACK).has(key)) step = "back";
    if (step === null) return;
    event.preventDefault();
    model.send({ event: "step", step: step });
  }
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}

export default { render };
