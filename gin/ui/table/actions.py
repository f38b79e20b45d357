"""The table's buttons: :class:`ActionButtons`, every button of the table (the actions,
the confirmation, the next deal, new game, replay, hint, undo, the teacher's step, the
discard history), drawn from the model and sending its commands.

Only the legal actions are on show (the others are hidden and disabled); a knock waiting
for confirmation hides them behind its question; while an arrange room is open they are
put away. A button is made when it is first drawn other than hidden and disabled, or first
asked for (:class:`Buttons`), and put in its place in the row: the first message of the
page holds only the buttons of the first turn (issue 41).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

import gin
from gin.i18n import M
from gin.ui.parts import fixed_box, fixed_layout, set_display, shared_style
from gin.ui.table.buttons import BUTTONS, CONTROL_BUTTONS, enabled_actions, shown_actions
from gin.ui.table.commands import TableCommands
from gin.ui.table.controller import TableController
from gin.ui.table.dealresult import layoff_button_label
from gin.ui.table.guard import guarded

MORE_BUTTONS = ("next_deal", "hint", "undo", "history", "opponent_step")
"""The keys of the buttons after the actions, in the same row."""
CLICKER_ORDER = {"forward": ("opponent_step", "confirm", "next_deal"), "back": ("undo",)}
"""A presentation clicker's keys: the buttons tried in turn (the first shown and enabled)."""


def button_for(action: gin.Action, view: gin.PlayerView) -> str:
    """The key of the action button that plays ``action`` (a knock to gin: ``gin``)."""
    if isinstance(action, gin.Knock):
        ends = next((c.ends for c in view.discard_choices if c.card == action.card), "knock")
        return "gin" if ends == "gin" else "knock"
    return {
        gin.TakeUpCard: "take",
        gin.Pass: "pass",
        gin.DrawStock: "draw_stock",
        gin.DrawDiscard: "draw_discard",
        gin.Discard: "discard",
        gin.Knock: "knock",
        gin.BigGin: "big_gin",
        gin.LayOff: "lay_off",
    }.get(type(action), "")


class Buttons(dict[str, w.Button]):
    """The table's buttons by key, each made when first asked for (``make(key)``); a key
    that is no button raises ``KeyError``. Iterating gives the buttons made so far.
    :attr:`made` (when set) is called with the key of each button just made, for a part
    that lays it out (the confirmation's box)."""

    def __init__(self, make: Callable[[str], w.Button], keys: tuple[str, ...]) -> None:
        super().__init__()
        self._make = make
        self._keys = keys
        self.made: Callable[[str], Any] | None = None

    def __missing__(self, key: str) -> w.Button:
        if key not in self._keys:
            raise KeyError(key)
        button = self[key] = self._make(key)
        if self.made is not None:
            self.made(key)
        return button


_ROW = tuple(k for k, _, _ in BUTTONS) + MORE_BUTTONS
"""The keys of the felt's row of buttons, in order."""
_TIPS = {"knock": "table.knock-tip", "gin": "table.gin-tip", "replay": "button.replay-tip"}
"""The buttons whose tooltip is not their label."""
ALWAYS_SHOWN = ("undo", "history", "new_game", "replay")
"""The buttons never hidden (Undo, for one, is disabled when undo is not allowed): made
with the table."""
_SHOWN_WHEN_MADE = (*ALWAYS_SHOWN, "confirm", "cancel")
"""The buttons shown when made (the confirmation's are in a box of their own, hidden)."""


class ActionButtons:
    """The table's buttons, by key (:attr:`buttons`; see :data:`BUTTONS` and
    :data:`CONTROL_BUTTONS`); :attr:`row` is the felt's row of actions (CSS class
    ``gin-actions``). A click runs the button's command (:meth:`press`)."""

    def __init__(self, model: TableController, commands: TableCommands) -> None:
        self.model = model
        self.commands = commands
        self._css = {key: css for key, _label, css in BUTTONS + CONTROL_BUTTONS}
        self.row = fixed_box(w.HBox, [], "gin-actions")
        self.buttons = Buttons(self._make, tuple(self._css))
        """Every button by key (see :data:`BUTTONS`, :data:`CONTROL_BUTTONS`), made when
        first asked for."""
        for key in ALWAYS_SHOWN:
            self.buttons[key].disabled = False
        self._show_teacher_step()
        model.observe(self._show_teacher_step, names="teacher")
        model.observe(self._update_replay, names="typed_seed")
        model.observe(self._label_history, names="history_shown")

    def _make(self, key: str) -> w.Button:
        """The button ``key``, labelled, disabled until drawn (and hidden, but those of
        :data:`_SHOWN_WHEN_MADE`), put in its place in the row when it is one of the row's."""
        display = "" if key in _SHOWN_WHEN_MADE else "none"
        b = w.Button(style=shared_style("button"), layout=fixed_layout(display=display))
        b.disabled = True
        b.add_class("gin-button")
        b.add_class(self._css[key])
        b.on_click(lambda _b, key=key: self.press(key))
        self._label(key, b)
        if key in _ROW:
            order = {k: i for i, k in enumerate(_ROW)}
            kids = list(self.row.children)
            at = sum(1 for k, made in self.buttons.items() if k in order and order[k] < order[key])
            self.row.children = (*kids[:at], b, *kids[at:])
        return b

    def _commands(self) -> dict[str, Callable[[], Any]]:
        m = self.commands
        return {
            "take": m.take,
            "pass": m.pass_,
            "draw_stock": m.draw_stock,
            "draw_discard": m.draw_discard,
            "discard": m.discard,
            "knock": m.knock,
            "gin": m.go_gin,
            "big_gin": m.big_gin,
            "lay_off": m.lay_off,
            "confirm": m.confirm,
            "cancel": m.cancel,
            "next_deal": m.next_deal,
            "new_game": m.new_game,
            "replay": m.replay,
            "hint": self._hint,
            "undo": m.undo,
            "opponent_step": m.opponent_step,
            "history": m.toggle_history,
        }

    @guarded
    def press(self, key: str) -> None:
        """Run the command of the button ``key`` (as its click does)."""
        self._commands()[key]()

    def clicker_step(self, step: str) -> None:
        """A presentation clicker's key (projector mode): ``forward`` plays the next thing
        the class should see, the first that applies of the opponent's next move (teacher
        mode), confirming the action asked for, and the next deal; ``back`` takes back the
        learner's last move where Undo may."""
        for key in CLICKER_ORDER.get(step, ()):
            if key not in self.buttons:  # not made yet: hidden
                continue
            b = self.buttons[key]
            if b.layout.display != "none" and not b.disabled:
                b.click()
                return

    def _hint(self) -> None:
        """The hint, with "Thinking…" on its button while it works."""
        button = self.buttons["hint"]
        label = button.description
        button.description, button.disabled = M["table.thinking"].render(), True
        try:
            self.commands.find_hint()
        finally:
            button.description, button.disabled = label, False
        self.model.changed()

    # ------------------------------------------------------------------ labels

    def relabel(self) -> None:
        """Write every button's label again, in the current language."""
        for key, b in self.buttons.items():
            self._label(key, b)

    def _label(self, key: str, b: w.Button) -> None:
        label = next(label for k, label, _css in BUTTONS + CONTROL_BUTTONS if k == key)
        b.description = b.tooltip = label.render()
        if key in _TIPS:
            b.tooltip = M[_TIPS[key]].render()
        if key == "history":
            self._label_history()
        if key == "lay_off":
            self._label_lay_off(b)

    def _label_lay_off(self, b: w.Button) -> None:
        lay_off = layoff_button_label(self.model.view()).render()  # "Go on" when nothing fits
        if b.description != lay_off:
            b.description = b.tooltip = lay_off

    def _label_history(self, _change: object = None) -> None:
        if "history" not in self.buttons:
            return
        label = M["button.hide-pile"] if self.model.history_shown else M["button.show-pile"]
        self.buttons["history"].description = label.render()

    def _show_teacher_step(self, _change: object = None) -> None:
        self._display("opponent_step", self.model.teacher, shown="flex")

    # ------------------------------------------------------------------ drawing

    def _display(self, key: str, on: bool, shown: str = "") -> None:
        if on or key in self.buttons:
            set_display(self.buttons[key], shown if on else "none")  # a shared layout each way

    def _disable(self, key: str, off: bool) -> None:
        if not off or key in self.buttons:  # a button not made yet is disabled
            self.buttons[key].disabled = off

    def draw(self, scope: str) -> None:
        """Enable and show the buttons the state allows (``table``, ``controls``,
        ``selection``)."""
        if scope not in ("table", "controls", "selection"):
            return
        c = self.model
        view = c.view()
        pending = c.pending is not None
        policy = c.policy()
        enabled = enabled_actions(view, c.selected_card())
        shown = shown_actions(view)
        if policy.knock_on_every_discard:  # a real player may try: checked on the layout
            discarding = view.my_turn and view.phase is gin.Phase.DISCARD
            enabled["knock"] = shown["knock"] = discarding
            if policy.learner_declares_gin:
                enabled["gin"] = shown["gin"] = discarding
                big = discarding and view.rules.big_gin
                enabled["big_gin"] = shown["big_gin"] = big
        for key, on in enabled.items():
            self._disable(key, not on or pending)
            self._display(key, shown[key] and not pending)
        if "lay_off" in self.buttons:
            self._label_lay_off(self.buttons["lay_off"])
        self._disable("confirm", not pending)
        self._disable("cancel", not pending)
        can_next = c.game.can_start_next_deal() and c.revealed()
        self._disable("next_deal", not can_next)
        self._display("next_deal", can_next)
        self._disable("undo", not c.can_undo())
        self._update_replay()
        hint = view.my_turn and policy.hint_offered
        self._disable("hint", not hint)
        self._display("hint", hint and not pending)
        self._disable("opponent_step", not (c.teacher and c.opponent_to_move()))
        hinted = c.hinted()
        for key, _, _ in BUTTONS:
            want = hinted is not None and button_for(hinted, view) == key
            if not want and key not in self.buttons:
                continue
            b = self.buttons[key]
            if want and "gin-hinted" not in b._dom_classes:
                b.add_class("gin-hinted")
            elif not want and "gin-hinted" in b._dom_classes:
                b.remove_class("gin-hinted")
        if c.room or (c.arranges() and view.phase is gin.Phase.LAYOFF):
            for key in [k for k, _, _ in BUTTONS]:
                self._disable(key, True)
                self._display(key, False)
        if c.room:
            for key in ("hint", "undo"):
                self._disable(key, True)
            self._display("hint", False)

    def _update_replay(self, _change: object = None) -> None:
        """"Replay this game" is offered once the deal is over, in teacher mode, or for
        another seed typed in (:meth:`TableController.can_replay`)."""
        c = self.model
        typed = c.typed_seed.strip() or None
        self._disable("replay", not c.can_replay(c.teacher, typed))


__all__ = [
    "ALWAYS_SHOWN",
    "CLICKER_ORDER", "MORE_BUTTONS", "ActionButtons", "Buttons", "button_for"]
