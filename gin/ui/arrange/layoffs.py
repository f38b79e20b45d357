"""The layoff chooser: the learner, defending against a knock, chooses each layoff
(issue 19).

The learner selects one of their cards (a click, or the keys that pick cards at the
table), then clicks the knocker's meld it goes onto (Enter: the first meld it fits).
The engine's :class:`gin.LayoffBoard` checks each layoff against the melds as they stand
(so runs grow card by card, chained), refusing a card that doesn't fit with the reason.
*Done* (or the key C) ends the layoffs: the owner's ``on_done`` gets them, and the
chooser shows any layoff missed and what it would have saved (:func:`gin.missed_layoffs`).
After gin or big gin the chooser says that nothing may be laid off.

Names kept for the browser tests: the box has the CSS classes ``gin-arrange`` and
``gin-layoff-chooser``; each of the knocker's melds is a ``gin-layoff-target``; *Done* is
``gin-action-done-arranging``; *Take back* (the last layoff, before *Done*; the key
U) is ``gin-action-undo-layoff``; what was missed appears in
``gin-arrange-verdict``.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

import gin
from gin.i18n import M
from gin.ui.arrange.picking import is_pick_key, pick_index
from gin.ui.arrange.room import ErrorSink, Room, room_button, room_guarded, verdict_html
from gin.ui.table.hands import HandShow, show_hand

Layoffs = tuple[tuple[gin.Card, int], ...]
"""The layoffs chosen, in order: (card, index of the knocker's meld as it stood)."""

TITLES = {
    "knock": M["arrange.layoff-title"],
    "gin": M["arrange.layoff-after-gin"],
    "big-gin": M["arrange.layoff-after-big-gin"],
}


class LayoffChooser(Room):
    """The defender chooses their layoffs on the engine's ``board`` (a
    :class:`gin.LayoffBoard` before any layoff: the knocker's melds, the defender's cards
    and how the deal ended; CSS classes ``gin-arrange`` and ``gin-layoff-chooser``).

    Parts: :attr:`targets` (a card area per meld of the knocker's, as it stands),
    :attr:`area` (the learner's cards not laid off), :attr:`done_button`,
    :attr:`undo_button` (takes the last layoff back), :attr:`message`, :attr:`verdict`.
    :attr:`board` is the engine's :class:`gin.LayoffBoard`; :attr:`layoffs` the layoffs
    chosen; :attr:`missed` is set once done (:attr:`finished`).
    """

    def __init__(
        self,
        board: gin.LayoffBoard,
        *,
        on_done: Callable[[Layoffs], Any] | None = None,
        on_error: ErrorSink | None = None,
        four_color: bool = False,
        large: bool = False,
        keys: bool = False,
        grouped: bool = True,
    ) -> None:
        """``on_done(layoffs)`` takes the layoffs chosen (raise a :class:`gin.GinError`
        to refuse them); ``on_error`` is also told every refusal; ``keys``: the chooser's
        cards listen to the page's keys themselves (on its own, not inside a table);
        ``grouped``: the learner's cards are shown in the engine's melds and deadwood
        (``False``: in the order held, with no groups or counts, as at a real table)."""
        super().__init__(
            "gin-layoff-chooser", on_error, mode="single", display=(four_color, large, keys)
        )
        self.kind: str = board.kind
        self.board = board
        self.boards: list[gin.LayoffBoard] = []
        """The board before each layoff chosen (a layoff taken back goes back to it)."""
        self.layoffs: list[tuple[gin.Card, int]] = []
        self.on_done = on_done
        self.grouped = grouped
        self.missed: Any = None
        """The engine's :class:`gin.MissedLayoffs`, once done (``None`` before)."""
        self._finished = False
        self.targets_box = w.HBox()
        self.targets_box.add_class("gin-layoff-targets")
        self.targets: list[Any] = []
        self.area.on_activate(lambda _code: self.press("enter"))
        self.done_button = room_button("arrange.done", "gin-action-done-arranging", self.done)
        self.undo_button = room_button(
            "arrange.undo-layoff", "gin-action-undo-layoff", self.undo_layoff
        )
        self.buttons = w.HBox([self.done_button, self.undo_button])
        self.buttons.add_class("gin-arrange-buttons")
        self.place(self.targets_box, self.buttons)

    @property
    def finished(self) -> bool:
        """Whether the layoffs are over (*Done* accepted)."""
        return self._finished

    # ------------------------------------------------------------------ actions

    @room_guarded
    def lay_off(self, meld_index: int) -> None:
        """Lay the selected card off onto the knocker's meld ``meld_index``, or say why
        it may not go there (nothing changes)."""
        code = self.area.selected
        self.require(code, "error.arrange-select-card-first")
        card = gin.Card.parse(code)
        before = self.board.melds[meld_index] if 0 <= meld_index < len(self.board.melds) else None
        board = self.board.lay_off(card, meld_index)
        self.boards.append(self.board)
        self.board = board
        self.layoffs.append((card, meld_index))
        self._cursor = -1
        onto = [c.code for c in before.cards] if before is not None else []
        self.say(M["arrange.laid-off"](card=card.code, meld=onto))
        self._draw()
        self.changed()
        self.area.focus("hand" if self.board.hand else ".gin-action-done-arranging")

    @room_guarded
    def undo_layoff(self) -> None:
        """Take the last layoff back (before *Done*): the card returns to the learner's
        cards and the meld is as it stood before."""
        self.require(self.layoffs, "error.arrange-no-layoff-to-undo")
        card, _index = self.layoffs.pop()
        self.board = self.boards.pop()
        self.say(M["arrange.layoff-taken-back"](card=card.code))
        self._draw()
        self.changed()
        self.area.focus("hand")

    @room_guarded
    def done(self) -> None:
        """End the layoffs: the owner takes them, then what was missed is shown."""
        self._check_open()
        self._finished = True  # the owner sees the layoffs over
        said = self._said
        self.say(None)
        try:
            if self.on_done is not None:
                self.on_done(tuple(self.layoffs))
        except BaseException:
            self._finished = False
            self.say(said)
            raise
        self.missed = gin.missed_layoffs(self.board)
        self._draw()

    @room_guarded
    def press(self, key: str) -> None:
        """A key: the card keys pick a card, Enter lays it off onto the first meld it
        fits (or says why it fits none), U takes the last layoff back, C finishes."""
        if self.finished:
            return
        if is_pick_key(key):
            codes = self.area.codes
            i = pick_index(key, len(codes), self._cursor)
            if i is not None:
                self._cursor = i
                self.area.selected = codes[i]
                self.area.focus(f"card:{codes[i]}")
        elif key == "enter":
            code = self.area.selected
            if not code:
                raise gin.IllegalActionError(M["error.arrange-select-card-first"]())
            fits = self.board.fits(gin.Card.parse(code))
            self.lay_off(fits[0] if fits else 0)
        elif key == "u":
            self.undo_layoff()
        elif key == "c":
            self.done()

    # ------------------------------------------------------------------ drawing

    def relabel(self) -> None:
        """Draw every label and sentence again in the current language."""
        self.title.value = f"<div>{escape(TITLES[self.kind].render())}</div>"
        keys = "arrange.layoff-keys-undo" if self.board.open else "arrange.layoff-keys"
        self.keys_note.value = escape(M[keys].render())
        self.done_button.description = M["arrange.done"].render()
        self.undo_button.description = M["arrange.undo-layoff"].render()
        super().relabel()
        self._draw()

    def _target(self, index: int, meld: gin.Meld) -> w.VBox:
        cards = self.meld_area(meld, lambda: self.lay_off(index))
        self.targets.append(cards)
        box = w.VBox([cards])
        box.add_class("gin-layoff-target")
        return box

    def _draw(self) -> None:
        self.targets = []
        self.replace_boxes(
            self.targets_box, [self._target(i, m) for i, m in enumerate(self.board.melds)]
        )
        left = self.board.hand
        if left and self.grouped:
            show_hand(
                self.area,
                HandShow(gin.best_arrangement(left)),
                four_color=self.four_color,
                large=self.large,
            )
        else:
            self.area.show(left, four_color=self.four_color, large=self.large)
        self.area.mode = "none" if self.finished else "single"
        self.area.empty_text = M["arrange.no-cards-left"].render()
        self.done_button.disabled = self.finished
        self.undo_button.disabled = self.finished or not self.layoffs
        self.undo_button.layout.display = "" if self.board.open else "none"
        self.show_while_open(self.title, self.buttons, self.keys_note)
        m = self.missed
        self.show_verdict(None if m is None else verdict_html(m.text))


__all__ = ["LayoffChooser", "Layoffs"]
