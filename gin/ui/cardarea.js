// CardArea: one row of cards, possibly in groups (melds, deadwood), drawn from SVG made in Python.
// Clicking a card selects it; clicking the selected card again "activates" it (the table
// discards it). Cards can be dragged to reorder them inside their group (on this page only).

function cardElements(root) {
  return Array.from(root.querySelectorAll("[data-index]"));
}

function render({ model, el }) {
  el.classList.add("gin-cardarea");
  const root = document.createElement("div");
  root.className = "gin-cardarea-root";
  el.appendChild(root);
  let dragFrom = null;

  function markSelection() {
    const mode = model.get("mode");
    const selected = model.get("selected");
    const chosen = new Set(model.get("chosen"));
    for (const node of cardElements(root)) {
      const code = node.dataset.card || "";
      const on = code !== "" && (mode === "multiple" ? chosen.has(code) : code === selected);
      node.classList.toggle("gin-selected", on);
      if (mode !== "none" && code !== "") {
        node.setAttribute("aria-pressed", on ? "true" : "false");
      }
    }
  }

  function draw() {
    root.innerHTML = "";
    root.classList.toggle("gin-large", model.get("large"));
    root.classList.toggle("gin-overlap", model.get("overlap"));
    const cards = model.get("cards") || [];
    const groups = model.get("groups") || [];
    const caption = model.get("caption");
    const mode = model.get("mode");
    const cardClass = model.get("card_class") || "gin-card";
    if (caption) {
      const cap = document.createElement("div");
      cap.className = "gin-cardarea-caption";
      cap.textContent = caption;
      root.appendChild(cap);
    }
    const row = document.createElement("div");
    row.className = "gin-cardarea-row";
    root.appendChild(row);
    if (cards.length === 0) {
      const empty = document.createElement("div");
      empty.className = "gin-cardarea-empty";
      empty.textContent = model.get("empty_text") || "";
      row.appendChild(empty);
    }
    const boxes = [];
    function box(index) {
      while (boxes.length <= index) {
        const g = groups[boxes.length] || {};
        const div = document.createElement("div");
        div.className = "gin-group gin-group-" + (g.kind || "plain");
        const inner = document.createElement("div");
        inner.className = "gin-group-cards";
        div.appendChild(inner);
        if (g.label) {
          const label = document.createElement("div");
          label.className = "gin-group-label";
          label.textContent = g.label;
          div.appendChild(label);
        }
        row.appendChild(div);
        boxes.push(inner);
      }
      return boxes[index];
    }
    cards.forEach((card, i) => {
      const node = document.createElement("div");
      const code = card.code || "";
      node.className = code ? cardClass : "gin-card-back";
      if (card.marked) node.classList.add("gin-marked");
      if (card.extra_class) node.classList.add(card.extra_class);
      if (code) node.dataset.card = code;
      node.dataset.index = String(i);
      node.setAttribute("aria-label", card.label || "");
      if (mode !== "none" || model.get("clickable")) {
        node.setAttribute("role", "button");
        node.tabIndex = 0;
      }
      if (model.get("draggable") && code) node.draggable = true;
      node.innerHTML = card.svg || "";
      box(card.group || 0).appendChild(node);
    });
    markSelection();
  }

  function press(node) {
    const index = Number(node.dataset.index);
    const code = node.dataset.card || "";
    const mode = model.get("mode");
    if (mode === "single" && code) {
      if (model.get("selected") === code) {
        model.send({ event: "activate", card: code, index: index });
      } else {
        model.set("selected", code);
        model.save_changes();
      }
    } else if (mode === "multiple" && code) {
      const chosen = model.get("chosen").slice();
      const at = chosen.indexOf(code);
      if (at >= 0) chosen.splice(at, 1);
      else chosen.push(code);
      model.set("chosen", chosen);
      model.save_changes();
    } else {
      model.send({ event: "click", card: code, index: index });
    }
  }

  function onClick(e) {
    const node = e.target.closest("[data-index]");
    if (node && root.contains(node)) press(node);
  }
  function onKey(e) {
    if (e.key !== "Enter" && e.key !== " ") return;
    const node = e.target.closest("[data-index]");
    if (node && root.contains(node)) {
      e.preventDefault();
      press(node);
    }
  }
  function onDragStart(e) {
    const node = e.target.closest("[data-index]");
    if (!node) return;
    dragFrom = node;
    e.dataTransfer.effectAllowed = "move";
    e.dataTransfer.setData("text/plain", node.dataset.card || "");
  }
  function onDragOver(e) {
    if (dragFrom) e.preventDefault();
  }
  function onDrop(e) {
    const node = e.target.closest("[data-index]");
    if (!dragFrom || !node || node === dragFrom) return;
    e.preventDefault();
    if (node.parentNode === dragFrom.parentNode) {
      const rect = node.getBoundingClientRect();
      const after = e.clientX > rect.left + rect.width / 2;
      node.parentNode.insertBefore(dragFrom, after ? node.nextSibling : node);
      const order = cardElements(root).map((n) => n.dataset.card || "");
      model.send({ event: "reorder", order: order });
    }
    dragFrom = null;
  }
  function onDragEnd() {
    dragFrom = null;
  }

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  root.addEventListener("dragstart", onDragStart);
  root.addEventListener("dragover", onDragOver);
  root.addEventListener("drop", onDrop);
  root.addEventListener("dragend", onDragEnd);
  const redraw = [
    "change:cards",
    "change:groups",
    "change:caption",
    "change:mode",
    "change:large",
    "change:overlap",
    "change:draggable",
    "change:card_class",
    "change:empty_text",
  ];
  for (const name of redraw) model.on(name, draw);
  model.on("change:selected", markSelection);
  model.on("change:chosen", markSelection);
  draw();
  return () => {
    for (const name of redraw) model.off(name, draw);
    model.off("change:selected", markSelection);
    model.off("change:chosen", markSelection);
  };
}

export default { render };
