// HelpChoice: the table's help level as a row of buttons (full, some, real table).
// The level is kept in localStorage for the next page, as the language menu keeps the
// language: on first render the page tells the kernel the level it stored ({event:
// "stored"}), unless the page's address chose one (?help=, which wins and is stored); a
// click is sent as a message ({event: "choose"}), and every level the kernel then holds
// is stored. The kernel checks every value (gin/ui/table/helpchoice.py).

function stored(key) {
  try {
    return window.localStorage.getItem(key) || "";
  } catch (e) {
    return "";
  }
}

function keep(key, level) {
  try {
    window.localStorage.setItem(key, level);
  } catch (e) {
    // storage blocked (private mode): the level lasts for this page only
  }
}

function render({ model, el }) {
  el.classList.add("gin-help-choice");
  const group = document.createElement("div");
  group.className = "gin-help-options";
  group.setAttribute("role", "group");
  const label = document.createElement("span");
  label.className = "gin-help-label";
  label.id = "gin-help-" + Math.random().toString(36).slice(2);
  group.setAttribute("aria-labelledby", label.id);
  const note = document.createElement("div");
  note.className = "gin-help-note";
  el.append(label, group, note);

  function draw() {
    label.textContent = model.get("label");
    group.innerHTML = "";
    for (const [level, name, text] of model.get("levels") || []) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "gin-help-option gin-help-" + level;
      b.dataset.help = level;
      b.textContent = name;
      b.title = text;
      group.appendChild(b);
    }
    mark();
  }

  function mark() {
    const value = model.get("value");
    const disabled = model.get("disabled");
    for (const b of group.querySelectorAll("button")) {
      const on = b.dataset.help === value;
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.classList.toggle("gin-help-chosen", on);
      b.disabled = disabled;
    }
    const shown = (model.get("levels") || []).find(([level]) => level === value);
    note.textContent = shown ? shown[2] : "";
  }

  group.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-help]");
    if (!b || b.disabled) return;
    model.send({ event: "choose", value: b.dataset.help });
  });

  const key = model.get("storage_key");
  function store() {
    mark();
    if (model.get("loaded")) keep(key, model.get("value"));
  }
  model.on("change:levels", draw);
  model.on("change:label", draw);
  model.on("change:value", store);
  model.on("change:disabled", mark);
  draw();
  if (model.get("from_address")) {
    keep(key, model.get("value")); // the address's level wins, and is kept for the next page
  } else {
    model.send({ event: "stored", value: stored(key) });
  }
  return () => {
    model.off("change:levels", draw);
    model.off("change:label", draw);
    model.off("change:value", store);
    model.off("change:disabled", mark);
  };
}

export default { render };
