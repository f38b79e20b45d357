"""The learner's hand: :class:`LearnerHand`, the card area (CSS class ``gin-hand``) and the
line above it (``gin-deadwood``), drawn from the model; its clicks and keys are sent as
commands, and it moves the page's keyboard focus to the control needed next.

The cards' order is :meth:`LearnerHand.shown`'s: the engine's best arrangement, grouped,
at full help; where the help level leaves the ordering to the learner (issue 29,
:attr:`~gin.ui.table.helplevel.HelpPolicy.learner_orders_hand`), the learner's own order
kept by :attr:`LearnerHand.ordering` (a :class:`~gin.ui.table.ordering.HandOrdering`), with
no groups, labels or counts; the model's ``hand_order`` tells the rooms that order.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from html import escape
from typing import Any

import gin
from gin.i18n import M
from gin.ui.cardarea import CardArea
from gin.ui.parts import classed_html, fixed_layout, set_display
from gin.ui.seats import LEARNER
from gin.ui.table import hands, reveal
from gin.ui.table.commands import TableCommands
from gin.ui.table.controller import TableController
from gin.ui.table.guard import guarded
from gin.ui.table.ordering import HandOrdering

KEY_ACTIONS = {
    "t": "take",
    "p": "pass_",
    "s": "draw_stock",
    "d": "draw_discard",
    "x": "discard",
    "k": "knock",
    "g": "go_gin",
    "b": "big_gin",
    "l": "lay_off",
    "n": "next_deal",
    "h": "hint",
    "u": "undo",
    "c": "confirm",
    "escape": "cancel",
}
"""The key for each action (the name of the command, see
:class:`~gin.ui.table.commands.TableCommands`, or of the button: ``hint``); Enter
discards the selected card (or confirms a knock), the digits 1-9, 0 and ``-`` pick the 1st
to 11th card, the arrow keys the card before or after."""
PICK_KEYS = "1234567890-"

ROOM_FOCUS = {
    "builder": ".gin-meld-builder .gin-action-make-meld",
    "chooser": ".gin-layoff-chooser .gin-arrange-hand [data-index]",
    "guess": ".gin-score-guess-points input",
}
"""Where the focus goes when an arrange room opens."""


def focus_target(c: TableController, view: gin.PlayerView) -> str:
    """The control the learner needs next: a CSS selector, ``card:<code>`` or ``hand``
    (``""``: leave the focus where it is)."""
    room = c.room
    if room:
        if room == "chooser" and view.layoffs_barred:
            return ".gin-layoff-chooser .gin-action-done-arranging"
        return ROOM_FOCUS[room]
    if c.pending is not None:
        return ".gin-action-confirm"
    if view.phase.is_over:
        if c.revealed():
            return ".gin-action-new-game" if c.game.is_over else ".gin-action-next-deal"
        return ""
    if not view.my_turn:
        return ""
    ph = view.phase
    if ph in (gin.Phase.OFFER_NON_DEALER, gin.Phase.OFFER_DEALER):
        return ".gin-action-take"
    if ph is gin.Phase.DRAW:
        return ".gin-stock [data-index]"
    if ph is gin.Phase.LAYOFF:
        return ".gin-action-lay-off"
    new = [e for e in view.events[-1:] if getattr(e, "player", None) == LEARNER]
    card = getattr(new[0], "card", None) if new else None
    return f"card:{card.code}" if isinstance(card, gin.Card) else "hand"


def guessing(c: TableController) -> bool:
    """Whether the learner is guessing the score where the counting is theirs: the hands
    are laid down without their counts until the guess is done."""
    return c.room == "guess" and not c.policy().deadwood_figures


def plain_label_html(view: gin.PlayerView) -> str:
    """The line above the hand where the help level shows no deadwood figure: whose hand
    it is and the knock limit (printed on the felt too), no count."""
    limit = M["hand.limit"].render({"count": f'<span class="gin-count">{view.knock_limit}</span>'})
    return f"<b>{escape(M['hand.yours'].render())}</b>{hands.SEP}{limit}"


class LearnerHand:
    """The learner's hand and the line above it.

    Widgets: :attr:`area` (the :class:`CardArea`) and :attr:`label`. A key goes to the
    commands (:data:`KEY_ACTIONS`); while an arrange room is open, to ``room_keys``.
    :meth:`draw` draws it, :meth:`follow` moves the page's focus on.
    ``buttons`` runs a button's command by its key (the hint shows "Thinking…" on its
    button).
    """

    def __init__(
        self,
        model: TableController,
        commands: TableCommands,
        *,
        room_keys: Callable[[str], Any] | None = None,
        button: Callable[[str], Any] | None = None,
    ) -> None:
        self.model = model
        self.commands = commands
        self.room_keys = room_keys
        self.button = button
        self.label = classed_html("gin-deadwood", fixed=True)  # hidden while a room is open
        self.area = CardArea(
            mode="single",
            card_class="gin-card",
            draggable=True,
            key_input=True,
            layout=fixed_layout(),
        )
        self.area.add_class("gin-hand")
        self.area.large = model.large_cards
        self.area.on_error(model.show_error)
        self.area.on_select(self._on_select)
        self.area.on_activate(self._on_activate)
        self.area.on_key(self._on_key)
        self._focus_state: tuple[Any, ...] = ()
        self.ordering = HandOrdering(
            self.area, on_change=self._order_changed, button_css="gin-button", active=False
        )
        """The learner's own order of the hand (its sort buttons: :attr:`ordering`'s
        ``widget``, shown where the help level lets the learner order the hand)."""
        self.ordering.on_error(model.show_error)
        self._ordering_deal = -1
        model.observe(self._on_large, names="large_cards")
        model.observe(self._on_help, names="help")
        model.observe(self._on_model_selected, names="selected")

    # ------------------------------------------------------------------ drawing

    def shown(self, view: gin.PlayerView) -> hands.HandShow:
        """What the hand shows during the deal, in its order (issue 29 orders it)."""
        hinted = self.model.hinted()
        card = hinted.card if isinstance(hinted, gin.Discard | gin.Knock) else None
        return hands.learner_show(view, card)

    def own_order(self, view: gin.PlayerView) -> bool:
        """Whether the hand is drawn in the learner's own order now: at a help level that
        leaves the ordering to the learner, while the deal is played (not once their own
        knock has laid the melds down)."""
        if not self.model.policy().learner_orders_hand or view.phase.is_over:
            return False
        return not (view.knocker == LEARNER and view.knocker_shown is not None)

    def start_order(self) -> None:
        """Start the learner's own order for the deal on show: as the help level says
        (the order dealt, a seeded shuffle of the sorted hand; or sorted by suit)."""
        c = self.model
        self._ordering_deal = c.deal_number
        rng = random.Random(f"hand-order-{c.seed}-{c.deal_number}")
        self.ordering.start(c.view().hand, c.policy().hand_start, rng)

    def _on_help(self, _change: object = None) -> None:
        if self.model.policy().learner_orders_hand:
            self.start_order()
        self.draw("table")

    def _order_changed(self) -> None:
        """The learner moved a card or sorted the hand: draw it in their order."""
        view = self.model.view()
        if self.own_order(view):
            self._show_own_order(view)

    def _show_own_order(self, view: gin.PlayerView) -> None:
        c = self.model
        if self._ordering_deal != c.deal_number:
            self.start_order()
        cards = self.ordering.follow(view.hand)
        hinted = c.hinted()
        card = hinted.card if isinstance(hinted, gin.Discard | gin.Knock) else None
        highlight: tuple[gin.Card, ...]
        if card is not None and card in view.hand:
            highlight, css = (card,), hands.HINT_CARD
        elif view.layoff_plan is not None and c.policy().hand_grouped:
            highlight, css = view.layoff_plan.fitting_cards, hands.CAN_LAY_OFF
        else:
            highlight, css = hands.new_card(view), hands.NEW_CARD
        self.area.show(
            cards,
            four_color=c.four_color,
            large=c.large_cards,
            highlight=highlight,
            highlight_class=css,
        )
        codes = tuple(x.code for x in cards)
        if c.hand_order != codes:
            c.hand_order = codes

    def draw(self, scope: str) -> None:
        """Draw the hand (``table``) and the line above it (``table``, ``selection``); a new
        deal (``deal``) starts the learner's own order where they order the hand."""
        c = self.model
        if scope == "deal":
            if c.policy().learner_orders_hand:
                self.start_order()
            return
        if scope not in ("table", "selection"):
            return
        view = c.view()
        own = self.own_order(view)
        if scope == "table":
            if own:
                self._show_own_order(view)
            else:
                if view.phase.is_over:
                    mine, _theirs = reveal.end_hands(view, c.reveal_step)
                else:
                    mine = self.shown(view)
                hands.show_hand(
                    self.area,
                    mine,
                    four_color=c.four_color,
                    large=c.large_cards,
                    counts=not guessing(c),
                )
                if c.hand_order:
                    c.hand_order = ()
            self.area.mode = "none" if view.phase.is_over else "single"
        if scope in ("table", "selection"):
            if guessing(c):
                self.label.value = f"<b>{escape(M['hand.yours'].render())}</b>"
            elif view.phase.is_over:
                self.label.value = reveal.end_label(view, LEARNER, c.reveal_step)
            elif not c.policy().deadwood_figures:
                self.label.value = plain_label_html(view)
            else:
                self.label.value = hands.hand_label_html(view, c.selected_card())
        if scope == "table":
            display = "none" if c.room in ("builder", "chooser") else ""
            for part in (self.area, self.label):
                set_display(part, display)  # a shared layout each way
            self.ordering.active = own and not c.room

    def follow(self, scope: str) -> None:
        """Send the keyboard focus to the control the learner needs next (at a change of
        the ``table`` or the ``controls``, once every part is drawn: once per change of the
        table's state, so that it never jumps while the learner looks around)."""
        if scope not in ("table", "controls"):
            return
        c = self.model
        view = c.view()
        target = focus_target(c, view)
        if c.room:
            state: tuple[Any, ...] = (c.deal_number, c.room, target)
        else:
            state = (c.deal_number, len(view.events), view.phase, c.pending is not None, target)
        if target and state != self._focus_state:
            self._focus_state = state
            self.area.focus(target)

    def _on_large(self, change: dict[str, Any]) -> None:
        self.area.large = bool(change["new"])

    def _on_model_selected(self, change: dict[str, Any]) -> None:
        if self.area.selected != change["new"]:
            self.area.selected = change["new"]

    # ------------------------------------------------------------------ the learner's input

    @guarded
    def _on_select(self, code: str) -> None:
        self.model.selected = code
        self.model.changed("selection")

    @guarded
    def _on_activate(self, code: str) -> None:
        self.commands.play(gin.Discard(gin.Card.parse(code)))

    @guarded
    def _on_key(self, key: str) -> None:
        """A key pressed on the page: to the open room, else one key per action, one per
        card."""
        room = self.model.room
        if room:
            if room != "guess" and self.room_keys is not None:
                self.room_keys(key)
            return
        if key in KEY_ACTIONS:
            name = KEY_ACTIONS[key]
            if name == "hint" and self.button is not None:
                self.button("hint")
            else:
                getattr(self.commands, name)()
        elif key == "enter":
            if self.model.pending is not None:
                self.commands.confirm()
            else:
                self.commands.discard()
        elif key in PICK_KEYS or key in ("arrowleft", "arrowright"):
            self._pick(key)

    def _pick(self, key: str) -> None:
        codes = self.area.codes
        if not codes or self.area.mode != "single":
            return
        if key in PICK_KEYS:
            i = PICK_KEYS.index(key)
            if i >= len(codes):
                return
        else:
            at = codes.index(self.area.selected) if self.area.selected in codes else -1
            step = 1 if key == "arrowright" else -1
            i = (at + step) % len(codes) if at >= 0 else (0 if step > 0 else len(codes) - 1)
        self.area.selected = codes[i]
        self.area.focus(f"card:{codes[i]}")


__all__ = [
    "KEY_ACTIONS",
    "PICK_KEYS",
    "LearnerHand",
    "focus_target",
    "guessing",
    "plain_label_html",
]
