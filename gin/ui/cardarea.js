// CardArea: one row of cards, possibly in groups (melds, deadwood), drawn from SVG made in Python.
// Clicking a card selects it; clicking the selected card again "activates" it (the table
// discards it). Cards can be dragged to reorder them inside their group (on this page only).
// In a reorderable area (the learner's own order of the hand) a card dragged onto another
// place, or the selected card moved by a move key (comma / full stop, Shift+arrow), is sent
// as a message {event: "move", code, to} (with step from a key); the kernel says each move
// in the area's live region (aria-live="polite").
// A mouse drags by HTML5 drag and drop; a finger or pen (Pointer Events: phones and
// tablets have no HTML5 drag) drags a card once it has moved DRAG_SLOP pixels sideways: the
// card follows the finger (gin-dragging) and is dropped where the finger lifts, as a mouse
// drop is. A shorter touch stays a tap (the click selects); an up or down swipe still
// scrolls the page (touch-action: pan-y on the cards, gin-movable).

// The place a card at `from` goes to when moved by `step` among `count` cards: it stops
// at either end.
export function moveTarget(from, step, count) {
  return Math.min(Math.max(from + step, 0), count - 1);
}

// The step a key press moves the selected card by in a reorderable area (0: none), from
// its physical key (KeyboardEvent.code, "Shift+" in front while Shift is held).
export function moveStep(moveKeys, e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return 0;
  const name = (e.shiftKey ? "Shift+" : "") + (e.code || "");
  const step = (moveKeys || {})[name];
  return step === 1 || step === -1 ? step : 0;
}

// The place the card `code` takes when dropped before (or `after`) the card `target`, in
// the row `order` (codes left to right).
export function dropIndex(order, code, target, after) {
  const rest = order.filter((c) => c !== code);
  const at = rest.indexOf(target);
  if (at < 0) return order.indexOf(code);
  return after ? at + 1 : at;
}

// How far (CSS pixels) a finger or pen moves sideways before a touch on a card becomes a
// drag; a touch that moves less is a tap.
export const DRAG_SLOP = 10;

// The card a finger at (x, y) points to while it drags the card at `skip`, among the
// cards' boxes `rects` (left to right, each {left, right, top, bottom}): the box under the
// finger (the last one where boxes overlap: it is painted on top), else the nearest one,
// and whether the finger is past its middle (`after`). null when there is no other card.
export function pointedCard(rects, x, y, skip) {
  let best = null;
  rects.forEach((r, i) => {
    if (i === skip) return;
    const far = Math.max(r.left - x, 0, x - r.right) + Math.max(r.top - y, 0, y - r.bottom);
    if (best === null || far <= best.far) {
      best = { index: i, after: x > (r.left + r.right) / 2, far: far };
    }
  });
  return best && { index: best.index, after: best.after };
}

function cardElements(root) {
  return Array.from(root.querySelectorAll("[data-index]"));
}

// The keys a table's hand area passes on to the kernel (see gin.ui.cardarea.KEYS).
const KEYS = new Set([
  "t", "p", "s", "d", "x", "c", "k", "g", "b", "l", "n", "h", "u", "enter", "escape",
  "arrowleft", "arrowright", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-",
]);

function render({ model, el }) {
  el.classList.add("gin-cardarea");
  const root = document.createElement("div");
  root.className = "gin-cardarea-root";
  el.appendChild(root);
  // The area's live region: each move of a card is said politely (CardArea.announce).
  const live = document.createElement("div");
  live.className = "gin-cardarea-live";
  live.setAttribute("aria-live", "polite");
  el.appendChild(live);
  let dragFrom = null;
  let touch = null; // a finger or pen on a card: {node, id, x, y, moving, lift}
  let swallowClick = false; // a touch drag just ended: the click a browser may fire after it

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
    // Keep the keyboard focus on the same card when the row is drawn again.
    const active = document.activeElement;
    let keep = null;
    if (active && root.contains(active) && active.dataset) {
      keep = { card: active.dataset.card || "", index: active.dataset.index };
    }
    endTouch(); // a card dragged by a finger is drawn again where the kernel has it
    root.innerHTML = "";
    root.classList.toggle("gin-large", model.get("large"));
    root.classList.toggle("gin-movable", movable());
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
      } else {
        node.setAttribute("role", "img"); // a picture with a name (aria-label needs a role)
      }
      if (movable() && code) node.draggable = true;
      node.innerHTML = card.svg || (code ? "" : model.get("back_svg") || "");
      // The card's name is on the node (aria-label); its picture says it again otherwise.
      const pic = node.querySelector("svg");
      if (pic) pic.setAttribute("aria-hidden", "true");
      box(card.group || 0).appendChild(node);
    });
    markSelection();
    if (keep) {
      let node = keep.card ? root.querySelector('[data-card="' + keep.card + '"]') : null;
      if (!node) node = root.querySelector('[data-index="' + keep.index + '"]');
      if (!node) node = root.querySelector("[data-index]");
      if (node && node.tabIndex >= 0) node.focus({ preventScroll: true });
    }
  }

  function applyFocus() {
    const req = model.get("focus_request");
    if (!req) return;
    setTimeout(() => {
      let node = null;
      if (req.startsWith("card:")) {
        node = root.querySelector('[data-card="' + req.slice(5) + '"]');
      } else if (req === "hand") {
        node = root.querySelector(".gin-selected") || root.querySelector("[data-index]");
      } else {
        const scope = el.closest(".gin-table") || document;
        node = scope.querySelector(req);
      }
      if (node && node.getClientRects().length > 0 && !node.disabled) {
        node.focus({ preventScroll: true });
      }
      // The action buttons stay on screen, clear of its bottom edge (eleven cards in the
      // hand, or the deal's result above Next deal, can push them down); at the end of a
      // deal, the deal's result comes into view with them.
      const keep = /gin-action-(next-deal|new-game)/.test(req)
        ? () => keepResultInView(node) : keepActionsInView;
      keep();
      setTimeout(keep, 300); // again once the hand is drawn
    }, 30);
  }

  // Scroll the page (the boxes that scroll, then the window) by `need` pixels: down when
  // positive, up when negative.
  function scrollPage(need) {
    for (let box = el.parentElement; box && Math.abs(need) > 0.5; box = box.parentElement) {
      if (box.scrollHeight > box.clientHeight &&
          /(auto|scroll)/.test(getComputedStyle(box).overflowY)) {
        const before = box.scrollTop;
        box.scrollTop = before + need;
        need -= box.scrollTop - before;
      }
    }
    if (Math.abs(need) > 0.5) window.scrollBy(0, need);
  }

  // The deal's result (gin-deal-result), the actions below it and `target` (Next deal,
  // or New game in the controls below the felt) in view, clear of the screen's bottom
  // edge and of anything held at its top (the guided deal's instruction, gin-guide): on a
  // phone the rooms where the learner laid out the cards sit between the hand and the
  // result (issue 23).
  function keepResultInView(target) {
    const felt = el.closest(".gin-felt");
    const result = felt ? felt.querySelector(".gin-deal-result") : null;
    if (!result || result.getClientRects().length === 0) return;
    const top = result.getBoundingClientRect().top;
    const bottom = Math.max(...[result, felt.querySelector(".gin-actions"), target]
      .filter(e => e && e.getClientRects().length > 0)
      .map(e => e.getBoundingClientRect().bottom));
    const guide = document.querySelector(".gin-guide");
    const cover = guide && getComputedStyle(guide).position === "sticky"
      ? Math.max(0, guide.getBoundingClientRect().bottom) : 0;
    let need = Math.max(0, bottom - (window.innerHeight - 28)); // down, to the actions
    need = Math.min(need, top - cover - 8); // but the result stays below the top's cover
    if (need !== 0) scrollPage(need);
  }

  function keepActionsInView() {
    const felt = el.closest(".gin-felt");
    const actions = felt ? felt.querySelector(".gin-actions") : null;
    if (!actions) return;
    const r = actions.getBoundingClientRect();
    const room = window.innerHeight - 28;
    if (r.height === 0 || r.bottom <= room || r.height > room) return;
    // Only while the learner looks at the hand: a page scrolled elsewhere stays put.
    const hand = el.getBoundingClientRect();
    if (hand.top > window.innerHeight || hand.bottom < 0 || r.bottom - room > 240) return;
    scrollPage(r.bottom - room);
  }

  function onDocumentKey(e) {
    if (!el.isConnected || e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target instanceof Element ? e.target : null;
    const tag = t ? t.tagName.toLowerCase() : "";
    if (tag === "input" || tag === "select" || tag === "textarea" || (t && t.isContentEditable)) {
      return;
    }
    const table = el.closest(".gin-table");
    const inTable = t ? t.closest(".gin-table") : null;
    if (inTable && table && inTable !== table) return;
    const step = model.get("reorderable") ? moveStep(model.get("move_keys"), e) : 0;
    if (step) {
      // the selected card moves (a card focused here moved already: onKey below)
      if (!e.defaultPrevented) moveCard(model.get("selected"), step, e);
      return;
    }
    // The physical key (gin.ui.keys.KEY_CODES): T takes on a Hebrew or Bulgarian layout too.
    const codes = model.get("key_codes") || {};
    const key = codes[e.code] || (e.key || "").toLowerCase();
    if (key === "enter" && t && (tag === "button" || t.closest("[data-index]"))) return;
    if (key === "escape" && t && t.closest(".gin-coach")) return;
    if (!KEYS.has(key)) return;
    e.preventDefault();
    model.send({ event: "key", key: key });
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
        model.send({ event: "select", card: code }); // a message, as "choose" below
      }
    } else if (mode === "multiple" && code) {
      const chosen = model.get("chosen").slice();
      const at = chosen.indexOf(code);
      if (at >= 0) chosen.splice(at, 1);
      else chosen.push(code);
      model.set("chosen", chosen);
      // Sent as a message, not a state sync: a sync waits while an earlier one is still
      // unanswered, so a button clicked at once (Make meld) reached a busy kernel before
      // the cards chosen; messages arrive in the order they were sent (issue 23).
      model.send({ event: "choose", chosen: chosen });
    } else {
      model.send({ event: "click", card: code, index: index });
    }
  }

  function onClick(e) {
    if (swallowClick) {
      // the click a browser may fire as a touch drag ends: no card is selected or thrown
      swallowClick = false;
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    const node = e.target.closest("[data-index]");
    if (node && root.contains(node)) press(node);
  }
  // Move the card `code` by `step` places: on this page at once, then in the kernel.
  function moveCard(code, step, e) {
    const order = cardElements(root).map((n) => n.dataset.card || "");
    const from = order.indexOf(code);
    if (!code || from < 0) return;
    e.preventDefault();
    const to = moveTarget(from, step, order.length);
    const node = root.querySelector('[data-card="' + code + '"]');
    const target = cardElements(root)[to];
    if (node && target && target !== node) {
      const focused = document.activeElement === node;
      target.parentNode.insertBefore(node, step > 0 ? target.nextSibling : target);
      if (focused) node.focus({ preventScroll: true }); // moving the node took its focus
    }
    model.send({ event: "move", code: code, to: to, step: step });
  }

  function onKey(e) {
    const step = model.get("reorderable") ? moveStep(model.get("move_keys"), e) : 0;
    if (step) {
      const card = e.target.closest("[data-card]");
      if (card && root.contains(card)) moveCard(card.dataset.card, step, e);
      return;
    }
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
  // Whether the card `dragged` may be dropped on the card `node`: anywhere in a reorderable
  // area, else within its own group.
  function canDrop(dragged, node) {
    if (!dragged || !node || node === dragged) return false;
    return model.get("reorderable") || node.parentNode === dragged.parentNode;
  }
  // Drop the card `dragged` before (or `after`) the card `node`, a mouse's drop and a
  // finger's alike: in a reorderable area sent as a move, else as the row's new order.
  function dropCard(dragged, node, after) {
    if (!canDrop(dragged, node)) return;
    if (model.get("reorderable")) {
      const order = cardElements(root).map((n) => n.dataset.card || "");
      const code = dragged.dataset.card || "";
      const to = dropIndex(order, code, node.dataset.card || "", after);
      node.parentNode.insertBefore(dragged, after ? node.nextSibling : node);
      model.send({ event: "move", code: code, to: to });
    } else {
      node.parentNode.insertBefore(dragged, after ? node.nextSibling : node);
      const order = cardElements(root).map((n) => n.dataset.card || "");
      model.send({ event: "reorder", order: order });
    }
  }
  function onDrop(e) {
    const node = e.target.closest("[data-index]");
    if (!dragFrom || !node || node === dragFrom) return;
    e.preventDefault();
    const rect = node.getBoundingClientRect();
    dropCard(dragFrom, node, e.clientX > rect.left + rect.width / 2);
    dragFrom = null;
  }
  function onDragEnd() {
    dragFrom = null;
  }

  function movable() {
    return Boolean(model.get("draggable") || model.get("reorderable"));
  }
  // The card a dragging finger at (x, y) would be dropped on, and on which side; null
  // where it may not go.
  function touchSpot(x, y) {
    const nodes = cardElements(root);
    const spot = pointedCard(nodes.map((n) => n.getBoundingClientRect()), x, y,
      nodes.indexOf(touch.node));
    const node = spot ? nodes[spot.index] : null;
    return canDrop(touch.node, node) ? { node: node, after: spot.after } : null;
  }
  // Show where the card would go: a bar at the left of the card it would go before (the
  // right edge of a card is under the next one), at the right of the last card.
  function markSpot(spot) {
    for (const n of root.querySelectorAll(".gin-drop-before, .gin-drop-after")) {
      n.classList.remove("gin-drop-before", "gin-drop-after");
    }
    if (!spot) return;
    let next = spot.after ? spot.node.nextElementSibling : spot.node;
    if (next === touch.node) next = next.nextElementSibling;
    if (next) next.classList.add("gin-drop-before");
    else spot.node.classList.add("gin-drop-after");
  }
  function endTouch() {
    if (!touch) return;
    markSpot(null);
    touch.node.classList.remove("gin-dragging");
    touch.node.style.transform = "";
    touch = null;
  }
  function onPointerDown(e) {
    swallowClick = false;
    if ((e.pointerType !== "touch" && e.pointerType !== "pen") || !e.isPrimary) return;
    const node = e.target.closest("[data-card]");
    if (!movable() || !node || !root.contains(node)) return;
    endTouch();
    touch = { node: node, id: e.pointerId, x: e.clientX, y: e.clientY, moving: false };
  }
  function onPointerMove(e) {
    if (!touch || e.pointerId !== touch.id) return;
    const dx = e.clientX - touch.x;
    if (!touch.moving) {
      if (Math.abs(dx) <= DRAG_SLOP) return; // still a tap
      touch.moving = true;
      const lift = getComputedStyle(touch.node).transform; // a selected card stays raised
      touch.lift = lift && lift !== "none" ? lift + " " : "";
      touch.node.classList.add("gin-dragging");
      try {
        touch.node.setPointerCapture(e.pointerId); // the finger's moves come here
      } catch (err) {
        // a pointer the browser no longer tracks: its moves reach the card anyway
      }
    }
    e.preventDefault();
    touch.node.style.transform =
      touch.lift + "translate(" + dx + "px, " + (e.clientY - touch.y) + "px)";
    markSpot(touchSpot(e.clientX, e.clientY));
  }
  function onPointerUp(e) {
    if (!touch || e.pointerId !== touch.id) return;
    const moving = touch.moving;
    const dragged = touch.node;
    const spot = moving ? touchSpot(e.clientX, e.clientY) : null;
    endTouch();
    if (!moving) return; // a tap: the click that follows selects
    if (spot) dropCard(dragged, spot.node, spot.after);
    swallowClick = true; // until the next press (pointerdown): a click of its own follows it
  }
  function onPointerCancel(e) {
    // the browser took the touch (a scroll, a long press): the card goes back, nothing sent
    if (touch && e.pointerId === touch.id) endTouch();
  }

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  root.addEventListener("dragstart", onDragStart);
  root.addEventListener("dragover", onDragOver);
  root.addEventListener("drop", onDrop);
  root.addEventListener("dragend", onDragEnd);
  root.addEventListener("pointerdown", onPointerDown);
  root.addEventListener("pointermove", onPointerMove);
  root.addEventListener("pointerup", onPointerUp);
  root.addEventListener("pointercancel", onPointerCancel);
  const redraw = [
    "change:cards",
    "change:groups",
    "change:caption",
    "change:mode",
    "change:large",
    "change:overlap",
    "change:draggable",
    "change:reorderable",
    "change:card_class",
    "change:empty_text",
  ];
  for (const name of redraw) model.on(name, draw);
  model.on("change:selected", markSelection);
  model.on("change:chosen", markSelection);
  model.on("change:focus_seq", applyFocus);
  function say() {
    // emptied first, so that the same sentence twice is said twice
    live.textContent = "";
    setTimeout(() => {
      live.textContent = model.get("announcement") || "";
    }, 60);
  }
  model.on("change:announce_seq", say);
  const settle = () => setTimeout(keepActionsInView, 120); // the hand's label may grow
  if (model.get("key_input")) {
    model.on("change:cards", settle);
    model.on("change:selected", settle);
  }
  draw();
  const keys = model.get("key_input");
  if (keys) {
    document.addEventListener("keydown", onDocumentKey);
    // Once on the page: bring the table into view if the lesson text pushed the hand
    // below the fold, then tell the kernel the table is on show.
    setTimeout(() => {
      const table = el.closest(".gin-table");
      const r = el.getBoundingClientRect();
      if (table && (r.bottom > window.innerHeight || r.top < 0)) {
        table.scrollIntoView({ block: "start" });
      }
      model.send({ event: "ready" });
      applyFocus();
    }, 0);
  }
  return () => {
    if (keys) document.removeEventListener("keydown", onDocumentKey);
    model.off("change:focus_seq", applyFocus);
    model.off("change:announce_seq", say);
    for (const name of redraw) model.off(name, draw);
    model.off("change:selected", markSelection);
    model.off("change:chosen", markSelection);
    model.off("change:cards", settle);
    model.off("change:selected", settle);
  };
}

export default { render };
