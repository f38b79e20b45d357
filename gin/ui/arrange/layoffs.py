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
``gin-action-done-arranging``; what was missed appears in ``gin-arrange-verdict``.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

import gin
from gin.i18n import M
from gin.ui.arrange.picking import is_pick_key, pick_index
from gin.ui.arrange.room import ErrorSink, Room, room_guarded
from gin.ui.cardarea import CardArea
from gin.ui.parts import classed_html, close_tree
from gin.ui.table.hands import MELD_KIND, HandShow, show_hand

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
    :attr:`message`, :attr:`verdict`. :attr:`board` is the engine's
    :class:`gin.LayoffBoard`; :attr:`layoffs` the layoffs chosen; :attr:`missed` is set
    once done (:attr:`finished`).
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
    ) -> None:
        """``on_done(layoffs)`` takes the layoffs chosen (raise a :class:`gin.GinError`
        to refuse them); ``on_error`` is also told every refusal; ``keys``: the chooser's
        cards listen to the page's keys themselves (on its own, not inside a table)."""
        super().__init__("gin-layoff-chooser", on_error)
        self.kind: str = board.kind
        self.board = board
        self.layoffs: list[tuple[gin.Card, int]] = []
        self.on_done = on_done
        self.four_color = four_color
        self.large = large
        self.missed: Any = None
        """The engine's :class:`gin.MissedLayoffs`, once done (``None`` before)."""
        self._finished = False
        self._cursor = -1
        self.title = classed_html("gin-arrange-title")
        self.keys_note = classed_html("gin-arrange-keys")
        self.targets_box = w.HBox()
        self.targets_box.add_class("gin-layoff-targets")
        self.targets: list[CardArea] = []
        self.area = CardArea(mode="single", card_class="gin-card", key_input=keys, large=large)
        self.area.add_class("gin-arrange-hand")
        self.area.on_key(self.press)
        self.area.on_activate(lambda _code: self.press("enter"))
        if on_error is not None:
            self.area.on_error(on_error)
        self.done_button = w.Button()
        self.done_button.add_class("gin-button")
        self.done_button.add_class("gin-action-done-arranging")
        self.done_button.on_click(lambda _b: self.done())
        self.verdict = w.HTML()
        self.verdict.layout.display = "none"
        self.children = [
            self.style,
            self.title,
            self.targets_box,
            self.area,
            self.done_button,
            self.message,
            self.verdict,
            self.keys_note,
        ]
        self.relabel()

    @property
    def finished(self) -> bool:
        """Whether the layoffs are over (*Done* accepted)."""
        return self._finished

    # ------------------------------------------------------------------ actions

    @room_guarded
    def lay_off(self, meld_index: int) -> None:
        """Lay the selected card off onto the knocker's meld ``meld_index``, or say why
        it may not go there (nothing changes)."""
        self._check_open()
        code = self.area.selected
        if not code:
            raise gin.IllegalActionError(M["error.arrange-select-card-first"]())
        card = gin.Card.parse(code)
        before = self.board.melds[meld_index] if 0 <= meld_index < len(self.board.melds) else None
        self.board = self.board.lay_off(card, meld_index)
        self.layoffs.append((card, meld_index))
        self._cursor = -1
        onto = [c.code for c in before.cards] if before is not None else []
        self.say(M["arrange.laid-off"](card=card.code, meld=onto))
        self._draw()
        self.changed()
        self.area.focus("hand" if self.board.hand else ".gin-action-done-arranging")

    @room_guarded
    def done(self) -> None:
        """End the layoffs: the owner takes them, then what was missed is shown."""
        self._check_open()
        self._finished = True  # the owner sees the layoffs over
        try:
            if self.on_done is not None:
                self.on_done(tuple(self.layoffs))
        except BaseException:
            self._finished = False
            raise
        self.missed = gin.missed_layoffs(self.board)
        self._draw()

    @room_guarded
    def press(self, key: str) -> None:
        """A key: the card keys pick a card, Enter lays it off onto the first meld it
        fits (or says why it fits none), C finishes."""
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
        elif key == "c":
            self.done()

    # ------------------------------------------------------------------ drawing

    def set_display(self, *, four_color: bool, large: bool) -> None:
        """Draw the cards in four colours or two, large or normal."""
        super().set_display(four_color=four_color, large=large)
        self.area.large = large
        self._draw()

    def relabel(self) -> None:
        """Draw every label and sentence again in the current language."""
        self.title.value = f"<div>{escape(TITLES[self.kind].render())}</div>"
        self.keys_note.value = escape(M["arrange.layoff-keys"].render())
        self.done_button.description = M["arrange.done"].render()
        super().relabel()
        self._draw()

    def _target(self, index: int, meld: gin.Meld) -> w.VBox:
        cards = CardArea(mode="none", clickable=not self.finished, large=self.large)
        cards.show(
            meld.cards,
            group_labels=[(MELD_KIND[meld.kind].render(), "meld")],
            four_color=self.four_color,
        )
        cards.on_click(lambda _i, _code: self.lay_off(index))
        if self.on_error is not None:
            cards.on_error(self.on_error)
        self.targets.append(cards)
        box = w.VBox([cards])
        box.add_class("gin-layoff-target")
        return box

    def _draw(self) -> None:
        old = list(self.targets_box.children)
        self.targets = []
        self.targets_box.children = [self._target(i, m) for i, m in enumerate(self.board.melds)]
        for part in old:
            close_tree(part)
        left = self.board.hand
        if left:
            show_hand(
                self.area,
                HandShow(gin.best_arrangement(left)),
                four_color=self.four_color,
                large=self.large,
            )
        else:
            self.area.show((), large=self.large)
        self.area.mode = "none" if self.finished else "single"
        self.area.empty_text = M["arrange.no-cards-left"].render()
        self.done_button.disabled = self.finished
        shown = "none" if self.finished else ""
        for part in (self.done_button, self.keys_note):
            if part.layout.display != shown:
                part.layout.display = shown
        m = self.missed
        if m is None:
            self.verdict.layout.display = "none"
            return
        self.verdict.value = (
            f'<p class="gin-arrange-verdict-text" role="status">{escape(m.text.render())}</p>'
        )
        self.verdict.add_class("gin-arrange-verdict")
        self.verdict.layout.display = ""

    def close(self) -> None:
        """Close the chooser and every widget in it."""
        for part in list(self.children):
            close_tree(part)
        super().close()


__all__ = ["LayoffChooser", "Layoffs"]
