"""``CardArea``: the one custom widget, a row of SVG cards the learner can click.

The page sends back only card codes; every code coming from the page is checked against
the cards on show before anything uses it, and a bad one is reported to ``on_error``
callbacks (never raised into the kernel).

Modes: ``"single"`` (click selects, clicking the selected card again *activates* it),
``"multiple"`` (clicks toggle cards in ``chosen``) and ``"none"`` (clicks are only
reported, with ``clickable=True``).

A ``reorderable`` area (issue 29: the learner's own order of the hand) lets the learner
move a card: drag it onto another place, or press a move key (:data:`MOVE_KEYS`: comma or
full stop, or Shift with an arrow key) to move the selected card one place left or right.
The page sends each move as a message, ``{"event": "move", "code": "7S", "to": 3}`` (with
``"step": -1`` or ``1`` from a key), in order with the clicks and choices; the area moves
the card among its cards, calls the ``on_move(code, to)`` callbacks and says the move in
its live region (``aria-live="polite"``), a sentence from the catalog.

>>> from gin.cards import parse_cards
>>> area = CardArea()
>>> area.show(parse_cards("7S 8S 9S KH"), groups=[[0, 1, 2], [3]], marked=parse_cards("KH"))
>>> area.codes
['7S', '8S', '9S', 'KH']
>>> area.click("KH"); area.selected
'KH'
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from gin.cards import Card
from gin.errors import CardParseError, GinError, echo
from gin.i18n import M, Text, spoken_card
from gin.ui.keys import KEY_CODES
from gin.ui.parts import fixed_layout
from gin.ui.svg import card_back_svg, card_svg

_HERE = Path(__file__).parent

Callback = Callable[[str], Any]

KEYS = frozenset(
    "t p s d x c k g b l n h u enter escape arrowleft arrowright 1 2 3 4 5 6 7 8 9 0 -".split()
)
"""The keys a card area with ``key_input=True`` passes on from the page (lower case)."""

MOVE_KEYS: dict[str, int] = {
    "Comma": -1,
    "Period": 1,
    "Shift+ArrowLeft": -1,
    "Shift+ArrowRight": 1,
}
"""The keys that move the selected card in a ``reorderable`` area, by physical key
(``KeyboardEvent.code``, with ``Shift+`` when Shift is held), and the step each moves it:
the comma and full-stop keys (``<`` and ``>`` on many keyboards) and Shift with an arrow.
None of them is a key the table plays with (:data:`KEYS`: an arrow without Shift picks a
card)."""


def move_keys_note() -> str:
    """The sentence that tells the learner how to move a card of a reorderable hand."""
    return M["hand.move-keys"].render()


def card_label_spoken(code: str, *, deadwood: bool = False) -> str:
    """What a screen reader says for a card of a hand: the label printed on it and its
    name (``9♥, nine of hearts``: the accessible name holds the visible label, so a
    learner who speaks what they see reaches it), and whether it is deadwood."""
    named = Text("newcomer.card.label", {"card": code, "name": spoken_card(code)})
    if deadwood:
        return M["card.deadwood"].render({"card": named})
    return named.render()


_READY = """const ready = (globalThis.ginCardArea ??= (() => {
  let resolve;
  const promise = new Promise((r) => { resolve = r; });
  return { promise, resolve };
})());
"""

_STUB_ESM = (
    _READY
    + "export default { async render(view) { const render = await ready.promise; "
    + "return render(view); } };\n"
)
"""Each card area's own front end: it waits for the shared code (:class:`CardAreaCode`)."""


class CardAreaCode(anywidget.AnyWidget):
    """The card areas' front end (``cardarea.js``) and styles, sent once for all of them.

    Every card area of a page is drawn by the same script; sent with each area it was
    some 29 KB a card area, four times over in the play table's first message (issue 41).
    This model, one per kernel (:func:`card_area_code`), holds the script and the styles;
    its script, run when the page makes the model, hands its ``render`` to the areas, whose
    own script only waits for it. It is never displayed.
    """

    _esm = (
        _READY + (_HERE / "cardarea.js").read_text(encoding="utf-8") + "\nready.resolve(render);\n"
    )
    _css = _HERE / "cardarea.css"


_code: list[CardAreaCode] = []


def card_area_code() -> CardAreaCode:
    """The kernel's one :class:`CardAreaCode`, made again once closed (``Widget.close_all``)."""
    if not _code or _code[0].comm is None:
        _code[:] = [CardAreaCode(layout=fixed_layout())]
    return _code[0]


class CardArea(anywidget.AnyWidget):
    """A row of cards, optionally in labelled groups, drawn as SVG.

    Its front end comes once for every area of the page (:class:`CardAreaCode`, held in
    ``code``). Synced traits: ``cards`` (list of ``{"code", "svg", "label", "group",
    "marked"}``; a face-down card has code ``""`` and no ``svg``: it is drawn from
    ``back_svg``, sent once), ``groups`` (list of ``{"label", "kind"}``; kind
    ``meld``, ``deadwood``, ``laid-off`` or ``plain``), ``caption``, ``selected``,
    ``chosen``, ``mode``, ``card_class`` (the CSS class of each face-up card,
    ``gin-card`` by default), ``large``, ``overlap``, ``draggable``, ``clickable``,
    ``reorderable``, ``move_keys``, ``announcement``.
    """

    _esm = _STUB_ESM
    _css = ""

    code = traitlets.Instance(CardAreaCode, allow_none=True).tag(
        sync=True, **widgets.widget_serialization
    )
    """The shared front end: referenced so the page makes its model with the area's."""
    back_svg = traitlets.Unicode("").tag(sync=True)
    """The picture of a face-down card (one for all of the area's backs)."""
    cards = traitlets.List(traitlets.Dict()).tag(sync=True)
    groups = traitlets.List(traitlets.Dict()).tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    empty_text = traitlets.Unicode("").tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True, echo_update=False)
    """The card selected in mode ``single``: the page sends it as a message (``select``),
    as it does ``chosen``."""
    chosen = traitlets.List(traitlets.Unicode()).tag(sync=True, echo_update=False)
    """The cards chosen in mode ``multiple``: the page sends each choice as a message
    (``choose``), in order with the clicks that follow it, and it is not echoed back."""
    mode = traitlets.Unicode("single").tag(sync=True)
    card_class = traitlets.Unicode("gin-card").tag(sync=True)
    large = traitlets.Bool(False).tag(sync=True)
    overlap = traitlets.Bool(False).tag(sync=True)
    draggable = traitlets.Bool(False).tag(sync=True)
    clickable = traitlets.Bool(False).tag(sync=True)
    key_input = traitlets.Bool(False).tag(sync=True)
    key_codes = traitlets.Dict(KEY_CODES).tag(sync=True)
    """The physical keys by ``KeyboardEvent.code`` (:data:`gin.ui.keys.KEY_CODES`)."""
    focus_request = traitlets.Unicode("").tag(sync=True)
    focus_seq = traitlets.Int(0).tag(sync=True)
    reorderable = traitlets.Bool(False).tag(sync=True)
    """The learner may move cards (drag, or :data:`MOVE_KEYS`); each move comes as a
    ``move`` message (:meth:`on_move`). Meant for an area shown as one group."""
    move_keys = traitlets.Dict(MOVE_KEYS).tag(sync=True)
    """The keys that move the selected card (:data:`MOVE_KEYS`)."""
    announcement = traitlets.Unicode("").tag(sync=True)
    """The last sentence said in the area's live region (:meth:`announce`)."""
    announce_seq = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(code=card_area_code(), **kwargs)
        self._on_select: list[Callback] = []
        self._on_activate: list[Callback] = []
        self._on_click: list[Callable[[int, str], Any]] = []
        self._on_error: list[Callable[[GinError], Any]] = []
        self._on_reorder: list[Callable[[list[str]], Any]] = []
        self._on_key: list[Callback] = []
        self._on_ready: list[Callable[[], Any]] = []
        self._on_move: list[Callable[[str, int], Any]] = []
        self.observe(self._check_selected, names="selected")
        self.observe(self._check_chosen, names="chosen")
        self.on_msg(self._handle_page_message)

    # ------------------------------------------------------------------ showing

    @property
    def codes(self) -> list[str]:
        """The codes of the face-up cards on show, in order."""
        return [c["code"] for c in self.cards if c.get("code")]

    def show(
        self,
        cards: Sequence[Card],
        *,
        groups: Sequence[Sequence[int]] | None = None,
        group_labels: Sequence[tuple[str, str]] = (),
        marked: Collection[Card] = (),
        four_color: bool = False,
        large: bool | None = None,
        highlight: Collection[Card] = (),
        highlight_class: str = "gin-new-card",
    ) -> None:
        """Show ``cards`` face up.

        ``groups`` lists the card indexes of each group (all cards in one group if
        omitted); ``group_labels`` gives (label, kind) per group. ``marked`` cards are
        drawn as deadwood, ``highlight`` cards get the CSS class ``highlight_class``
        (``gin-new-card`` unless told). A selection of a card no longer on show is cleared.
        """
        if large is not None:
            self.large = large
        group_of = {}
        if groups is not None:
            for g, idxs in enumerate(groups):
                for i in idxs:
                    group_of[i] = g
        entries = []
        for i, c in enumerate(cards):
            entry: dict[str, Any] = {
                "code": c.code,
                "svg": card_svg(c, four_color=four_color, large=self.large, marked=c in marked),
                "label": card_label_spoken(c.code, deadwood=c in marked),
                "group": group_of.get(i, 0),
                "marked": c in marked,
            }
            if c in highlight:
                entry["extra_class"] = highlight_class
            entries.append(entry)
        n_groups = (len(groups) if groups is not None else 1) if entries else 0
        labels = list(group_labels)
        group_info = [
            {"label": labels[g][0], "kind": labels[g][1]} if g < len(labels) else {}
            for g in range(n_groups)
        ]
        with self.hold_sync():
            self.cards = entries
            self.groups = group_info
            codes = {c.code for c in cards}
            if self.selected and self.selected not in codes:
                self.selected = ""
            if any(code not in codes for code in self.chosen):
                self.chosen = [code for code in self.chosen if code in codes]

    def show_backs(self, count: int, *, large: bool | None = None, last_class: str = "") -> None:
        """Show ``count`` face-down cards (no card codes reach the page); the last one gets
        the CSS class ``last_class`` when given (a card moving in)."""
        if large is not None:
            self.large = large
        face_down = M["card.face-down"].render()
        entries: list[dict[str, Any]] = [
            {"code": "", "label": face_down, "group": 0, "marked": False}
            for _ in range(max(count, 0))
        ]
        if entries and last_class:
            entries[-1]["extra_class"] = last_class
        with self.hold_sync():
            if entries:
                self.back_svg = card_back_svg(self.large)
            self.cards = entries
            self.groups = [{}] if count > 0 else []
            self.selected = ""
            self.chosen = []

    # ------------------------------------------------------------------ callbacks

    def on_select(self, callback: Callback) -> None:
        """Call ``callback(code)`` when the selection changes (``""`` for none)."""
        self._on_select.append(callback)

    def on_activate(self, callback: Callback) -> None:
        """Call ``callback(code)`` when the selected card is clicked again."""
        self._on_activate.append(callback)

    def on_click(self, callback: Callable[[int, str], Any]) -> None:
        """Call ``callback(index, code)`` for clicks in mode ``none`` (code ``""`` for a
        face-down card)."""
        self._on_click.append(callback)

    def on_error(self, callback: Callable[[GinError], Any]) -> None:
        """Call ``callback(error)`` when the page sends something invalid."""
        self._on_error.append(callback)

    def on_reorder(self, callback: Callable[[list[str]], Any]) -> None:
        """Call ``callback(codes)`` after the learner dragged cards into a new order."""
        self._on_reorder.append(callback)

    def on_key(self, callback: Callback) -> None:
        """Call ``callback(key)`` for a key pressed on the page (one of :data:`KEYS`)."""
        self._on_key.append(callback)

    def on_move(self, callback: Callable[[str, int], Any]) -> None:
        """Call ``callback(code, to)`` after the learner moved the card ``code`` to place
        ``to`` (0: the left end) in a ``reorderable`` area; the area's cards are in the
        new order already."""
        self._on_move.append(callback)

    def announce(self, text: str) -> None:
        """Say ``text`` (already rendered) in the area's live region: a screen reader
        reads it politely, once, even when it is the same sentence as before."""
        with self.hold_sync():
            self.announcement = text
            self.announce_seq += 1

    def on_ready(self, callback: Callable[[], Any]) -> None:
        """Call ``callback()`` when the area is first drawn on a page (``key_input`` areas)."""
        self._on_ready.append(callback)

    def focus(self, target: str) -> None:
        """Move the page's keyboard focus: ``"hand"`` (the selected or first card here),
        ``"card:<code>"`` (that card here) or a CSS selector inside the table."""
        with self.hold_sync():
            self.focus_request = target
            self.focus_seq += 1

    def press(self, key: str) -> None:
        """Do what pressing ``key`` on the page does (for tests)."""
        self._handle_page_message(self, {"event": "key", "key": key}, [])

    def _error(self, error: GinError) -> None:
        for cb in self._on_error:
            cb(error)

    # ------------------------------------------------------------------ input from the page

    def check_code(self, value: Any) -> str:
        """The code of a card on show, read from page input; raises
        :class:`~gin.errors.CardParseError` with a learner-readable message otherwise."""
        if not isinstance(value, str):
            raise CardParseError(M["error.page-not-a-card"](value=echo(value)))
        card = Card.parse(value)
        if card.code not in self.codes:
            raise CardParseError(M["error.not-shown"](card=card.code))
        return card.code

    def _check_selected(self, change: dict[str, Any]) -> None:
        value = change["new"]
        if value == "":
            for cb in self._on_select:
                cb("")
            return
        try:
            code = self.check_code(value)
        except CardParseError as e:
            self.selected = ""
            self._error(e)
            return
        if code != value:
            self.selected = code  # normalised spelling, such as "7s" -> "7S"
            return
        for cb in self._on_select:
            cb(code)

    def _check_chosen(self, change: dict[str, Any]) -> None:
        value = change["new"]
        good: list[str] = []
        for v in value:
            try:
                code = self.check_code(v)
            except CardParseError as e:
                self._error(e)
                continue
            if code not in good:
                good.append(code)
        if good != list(value):
            self.chosen = good

    def _handle_page_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            self._error(GinError(M["error.page-not-understood"]()))
            return
        event = content.get("event")
        if event == "activate":
            try:
                code = self.check_code(content.get("card"))
            except CardParseError as e:
                self._error(e)
                return
            if code != self.selected:
                self.selected = code
                return
            for cb in self._on_activate:
                cb(code)
        elif event == "click":
            index = content.get("index")
            if not isinstance(index, int) or isinstance(index, bool):
                self._error(GinError(M["error.page-click-on-nothing"]()))
                return
            if not 0 <= index < len(self.cards):
                self._error(GinError(M["error.page-click-not-here"]()))
                return
            code = self.cards[index].get("code", "")
            for click_cb in self._on_click:
                click_cb(index, code)
        elif event == "key":
            key = content.get("key")
            if not isinstance(key, str) or key not in KEYS:
                self._error(GinError(M["error.page-not-understood"]()))
                return
            for key_cb in self._on_key:
                key_cb(key)
        elif event == "select":
            self._select(content.get("card"))
        elif event == "choose":
            self._choose(content.get("chosen"))
        elif event == "ready":
            for ready_cb in self._on_ready:
                ready_cb()
        elif event == "move":
            self._move(content)
        elif event == "reorder":
            order = content.get("order")
            here = sorted(str(c.get("code") or "") for c in self.cards)
            if (
                not isinstance(order, list)
                or not all(isinstance(x, str) for x in order)
                or sorted(order) != here
            ):
                self._error(GinError(M["error.page-bad-order"]()))
                return
            for reorder_cb in self._on_reorder:
                reorder_cb([str(x) for x in order])
        else:
            self._error(GinError(M["error.page-not-understood"]()))

    def _move(self, content: dict[str, Any]) -> None:
        """A card moved on the page (a ``reorderable`` area): ``code`` to place ``to``,
        ``step`` when a key moved it by one. A move that reaches an area no longer
        reorderable (the page was behind) is ignored."""
        if not self.reorderable:
            return
        try:
            code = self.check_code(content.get("code"))
        except CardParseError as e:
            self._error(e)
            return
        to, step = content.get("to"), content.get("step")
        if (
            not isinstance(to, int)
            or isinstance(to, bool)
            or not 0 <= to < len(self.cards)
            or step not in (None, -1, 1)
            or isinstance(step, bool)
        ):
            self._error(GinError(M["error.page-bad-move"]()))
            return
        entries = list(self.cards)
        at = next(i for i, c in enumerate(entries) if c.get("code") == code)
        if at == to:
            if step is not None:  # a key at either end: say why nothing moved
                end = M["hand.move-first"] if step < 0 else M["hand.move-last"]
                self.announce(end.render({"card": code}))
            return
        entry = {**entries.pop(at), "group": self.cards[to].get("group", 0)}
        entries.insert(to, entry)
        self.cards = entries
        for move_cb in self._on_move:
            move_cb(code, to)
        self.announce(
            M["hand.moved"].render({"card": code, "place": to + 1, "count": len(entries)})
        )

    def _select(self, value: Any) -> None:
        """The card selected on the page (mode ``single``), taken before any click or key
        sent after it; a card no longer on show (the page was behind) is left out."""
        if not isinstance(value, str):
            self._error(CardParseError(M["error.page-not-a-card"](value=echo(value))))
            return
        if self.mode != "single":
            return
        if value not in self.codes:
            try:
                Card.parse(value)
            except CardParseError as e:
                self._error(e)
            self.send_state("selected")  # the page shows the selection kept
            return
        self.set_state({"selected": value})  # what the page shows already

    def _choose(self, value: Any) -> None:
        """The cards chosen on the page (mode ``multiple``), taken before any click sent
        after them. A card no longer on show was chosen on a page not yet redrawn: it is
        left out, and the page is told the choice kept."""
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self._error(GinError(M["error.page-not-understood"]()))
            return
        if self.mode != "multiple":
            return  # the page was behind: nothing is chosen here any more
        shown = set(self.codes)
        for v in value:
            if v not in shown:
                try:
                    Card.parse(v)
                except CardParseError as e:
                    self._error(e)
        kept = [v for v in value if v in shown]
        if kept == value:
            self.set_state({"chosen": kept})  # what the page shows already
        else:
            self.chosen = kept

    # ------------------------------------------------------------------ for tests and lessons

    def click(self, card: str | int) -> None:
        """Do what a click in the browser does: ``card`` is a code (face-up card) or an
        index (any card)."""
        if isinstance(card, int) and not isinstance(card, bool):
            if not 0 <= card < len(self.cards):
                self._error(GinError(M["error.page-click-not-here"]()))
                return
            code = self.cards[card].get("code", "")
            index = card
        else:
            code = card
            index = next((i for i, c in enumerate(self.cards) if c.get("code") == card), -1)
        if self.mode == "single" and code:
            if self.selected == code:
                self._handle_page_message(self, {"event": "activate", "card": code}, [])
            else:
                self._handle_page_message(self, {"event": "select", "card": code}, [])
        elif self.mode == "multiple" and code:
            chosen = list(self.chosen)
            if code in chosen:
                chosen.remove(code)
            else:
                chosen.append(code)
            self._handle_page_message(self, {"event": "choose", "chosen": chosen}, [])
        else:
            self._handle_page_message(self, {"event": "click", "card": code, "index": index}, [])

    def move(self, code: str, to: int) -> None:
        """Do what dragging the card ``code`` to place ``to`` does on the page (for tests)."""
        self._handle_page_message(self, {"event": "move", "code": code, "to": to}, [])

    def move_selected(self, step: int) -> None:
        """Do what a move key does on the page (for tests): move the selected card (mode
        ``single``) by ``step`` (-1 or 1), stopping at either end."""
        codes = [c.get("code", "") for c in self.cards]
        if self.selected not in codes:
            return
        at = codes.index(self.selected)
        to = min(max(at + step, 0), len(codes) - 1)
        content = {"event": "move", "code": self.selected, "to": to, "step": step}
        self._handle_page_message(self, content, [])

    def send_from_page(self, content: dict[str, Any]) -> None:
        """Handle ``content`` as if the page had sent it (for tests)."""
        self._handle_page_message(self, content, [])


__all__ = ["KEYS", "MOVE_KEYS", "CardArea", "CardAreaCode", "card_area_code", "move_keys_note"]
