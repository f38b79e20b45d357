"""The learner's turn: :class:`TableTurn` answers the keys, the clicks on cards and piles
and the action buttons (take, pass, draw, discard, knock, gin, big gin with their
confirmation, lay off, hint, undo)."""

from __future__ import annotations

from collections.abc import Callable

import gin
from gin.i18n import M, Text
from gin.narration import event_text
from gin.ui.seats import LEARNER
from gin.ui.table import knocking
from gin.ui.table.base import _guarded
from gin.ui.table.coaching import hint_summary
from gin.ui.table.flow import TableFlow

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
"""The key for each action (method names of :class:`~gin.ui.table.GinTable`); Enter
discards the selected card (or confirms a knock), the digits 1-9, 0 and ``-`` pick the 1st
to 11th card, the arrow keys the card before or after."""
PICK_KEYS = "1234567890-"


def _plays(action: gin.Action, doc: str) -> Callable[[TableTurn], None]:
    """A table method (guarded like every callback) by which the learner plays ``action``."""

    def method(self: TableTurn) -> None:
        self._learner(action)

    method.__doc__ = doc
    return _guarded(method)


class TableTurn(TableFlow):
    """The learner's controls: keys, clicks and action buttons."""

    # ------------------------------------------------------------------ callbacks

    @_guarded
    def _on_select(self, code: str) -> None:
        view = self.controller.view()
        self._show_hand_label(view)
        self._update_buttons(view)

    @_guarded
    def _on_key(self, key: str) -> None:
        """A key pressed on the page: one key per action, one per card."""
        if key in KEY_ACTIONS:
            getattr(self, KEY_ACTIONS[key])()
        elif key == "enter":
            if self.controller.pending is not None:
                self.confirm()
            else:
                self.discard()
        elif key in PICK_KEYS or key in ("arrowleft", "arrowright"):
            self._pick(key)

    def _pick(self, key: str) -> None:
        codes = self.hand.codes
        if not codes or self.hand.mode != "single":
            return
        if key in PICK_KEYS:
            i = PICK_KEYS.index(key)
            if i >= len(codes):
                return
        else:
            at = codes.index(self.hand.selected) if self.hand.selected in codes else -1
            step = 1 if key == "arrowright" else -1
            i = (at + step) % len(codes) if at >= 0 else (0 if step > 0 else len(codes) - 1)
        self.hand.selected = codes[i]
        self.hand.focus(f"card:{codes[i]}")

    @_guarded
    def _on_activate(self, code: str) -> None:
        self._learner(gin.Discard(gin.Card.parse(code)))

    @_guarded
    def _on_stock_click(self, index: int, code: str) -> None:
        self._learner(gin.DrawStock())

    @_guarded
    def _on_discard_click(self, index: int, code: str) -> None:
        view = self.controller.view()
        if view.phase in (gin.Phase.OFFER_NON_DEALER, gin.Phase.OFFER_DEALER):
            self._learner(gin.TakeUpCard())
        else:
            self._learner(gin.DrawDiscard())

    take = _plays(gin.TakeUpCard(), "Take the up card.")
    pass_ = _plays(gin.Pass(), "Pass on the up card.")
    draw_stock = _plays(gin.DrawStock(), "Draw from the stock.")
    draw_discard = _plays(gin.DrawDiscard(), "Take the top discard.")

    @_guarded
    def discard(self) -> None:
        """Discard the selected card."""
        card = self._selected_card()
        if card is None:
            view = self.controller.view()
            if view.my_turn and view.phase is gin.Phase.DISCARD:
                raise gin.IllegalActionError(M["error.no-card"]())
            self.controller.deal.verify(gin.Discard(view.hand[0]), LEARNER)
            return
        self._learner(gin.Discard(card))

    def _ask(self, action: gin.Action, text: Text) -> None:
        self.controller.pending = action
        self.felt.ask(text.render())
        self.coach.show(error="")
        self._refresh_controls()

    @_guarded
    def knock(self) -> None:
        """Ask to confirm a knock with the selected (or best) discard."""
        view = self.controller.view()
        a = knocking.choose_knock(view, self._selected_card(), False, self._verify)
        self._ask(a, knocking.knock_question(view, a))

    @_guarded
    def go_gin(self) -> None:
        """Ask to confirm gin with the selected (or the gin) discard."""
        view = self.controller.view()
        a = knocking.choose_knock(view, self._selected_card(), True, self._verify)
        self._ask(a, knocking.gin_question(view, a))

    @_guarded
    def big_gin(self) -> None:
        """Ask to confirm big gin."""
        self._verify(gin.BigGin())
        self._ask(gin.BigGin(), knocking.big_gin_question(self.controller.view()))

    @_guarded
    def confirm(self) -> None:
        """Play the action waiting for confirmation."""
        action = self.controller.pending
        if action is None:
            raise gin.IllegalActionError(M["error.nothing-to-confirm"]())
        self._learner(action)

    @_guarded
    def cancel(self) -> None:
        """Drop the action waiting for confirmation."""
        self.controller.pending = None
        self._say(M["table.cancelled"]())
        self._refresh_controls()

    @_guarded
    def lay_off(self) -> None:
        """Lay off (the engine lays off the best cards) and show the hand."""
        self._learner(gin.LayOff())

    @_guarded
    def undo(self) -> None:
        """Take back the learner's last move (and the opponent's moves after it)."""
        before = self.controller.view().events
        self.controller.undo()
        self._token += 1
        self.controller.pending = None
        self._busy = False
        self.controller.shown_hint = None
        after = self.controller.view().events
        self.controller.since = len(after)
        told = [event_text(e, LEARNER) for e in before[len(after) :]]
        self._say(M["table.undone"](count=len(told)), *told)
        self.refresh()
        self._advance()

    @_guarded
    def hint(self) -> None:
        """Show a suggested move and its reasons ("Thinking…" shows while it works)."""
        button = self.buttons["hint"]
        label = button.description
        button.description, button.disabled = M["table.thinking"].render(), True
        try:
            h = self.controller.hint()
        finally:
            button.description, button.disabled = label, False
        self.controller.shown_hint = h
        self._say(hint_summary(h, self.controller.view()))
        self.refresh()
