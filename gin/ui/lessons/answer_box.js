// AnswerBox: a text box whose every keystroke and Enter reach the kernel in the order typed.
// The text travels in custom messages ({event: "input" | "submit", value}), which the widget
// manager never holds back (a plain Text's value sync waits while an earlier one is pending,
// so an Enter or a Check click sent right after typing could overtake the last keystrokes).

function render({ model, el }) {
  el.classList.add("gin-answer-box");
  const input = document.createElement("input");
  input.type = "text";
  input.className = "gin-answer-input";
  input.autocomplete = "off";
  input.spellcheck = false;
  function labels() {
    input.placeholder = model.get("placeholder") || "";
    const name = model.get("label") || model.get("placeholder") || "";
    if (name) input.setAttribute("aria-label", name);
    else input.removeAttribute("aria-label");
    input.style.width = model.get("width") || "";
  }
  labels();
  input.value = model.get("value") || "";
  input.addEventListener("input", () => {
    model.send({ event: "input", value: input.value });
  });
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.isComposing) {
      e.preventDefault();
      model.send({ event: "submit", value: input.value });
    }
  });
  function fromKernel() {
    const v = model.get("value") || "";
    // While the learner types, the box is theirs: the kernel's echo of an earlier keystroke
    // must not put old text back.
    if (document.activeElement !== input && input.value !== v) input.value = v;
  }
  model.on("change:value", fromKernel);
  // {event: "clear"}: a new question in the same box; it comes before the new prompt shows
  function onMessage(msg) {
    if (msg && msg.event === "clear") input.value = "";
  }
  model.on("msg:custom", onMessage);
  model.on("change:placeholder", labels);
  model.on("change:label", labels);
  model.on("change:width", labels);
  el.appendChild(input);
  return () => {
    model.off("change:value", fromKernel);
    model.off("msg:custom", onMessage);
    model.off("change:placeholder", labels);
    model.off("change:label", labels);
    model.off("change:width", labels);
  };
}

export default { render };
