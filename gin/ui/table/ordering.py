"""``HandOrdering``: the learner orders their own hand (issue 29, help ``some`` and ``none``).

A widget part over the hand's :class:`~gin.ui.cardarea.CardArea`: it keeps the order in a
:class:`~gin.ui.table.handorder.HandOrder`, makes the area ``reorderable`` (a card dragged,
or the selected card moved by a key), and offers "Sort by suit" and "Sort by rank"
(``button.gin-action-sort-suit``, ``button.gin-action-sort-rank``) with a line saying the
keys. Each change is said in the area's live region and reported to ``on_change``, after
which the table draws the hand in :attr:`HandOrdering.cards` order. The order never enters
the engine.

>>> import random
>>> from gin.cards import parse_cards
>>> from gin.ui.cardarea import CardArea
>>> area = CardArea()
>>> part = HandOrdering(area, on_change=lambda: area.show(part.cards))
>>> part.start(parse_cards("KH 3S 9D 4S"), "suit", random.Random(1)); area.codes
['3S', '4S', 'KH', '9D']
>>> area.move("9D", 0); part.order.codes
['9D', '3S', '4S', 'KH']
>>> part.sort_rank.click(); area.codes, area.announcement
(['3S', '4S', '9D', 'KH'], 'Your hand is sorted by rank.')
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as w

from gin.cards import Card
from gin.errors import GinError
from gin.i18n import M
from gin.ui.cardarea import CardArea, move_keys_note
from gin.ui.parts import classed_html, set_display
from gin.ui.table.handorder import HandOrder
from gin.ui.table.helplevel import HandStart


class HandOrdering:
    """The learner's own order of the hand shown in ``area``.

    ``on_change()`` is called after every change the learner makes (a move, a sort) and
    after :meth:`start`; ``on_error`` callbacks get a move the order refuses (a page that
    showed other cards). Widgets: :attr:`sort_suit`, :attr:`sort_rank`, :attr:`keys_note`,
    all in :attr:`widget` (class ``gin-hand-ordering``), hidden while not :attr:`active`.
    """

    def __init__(self, area: CardArea, on_change: Callable[[], Any] | None = None) -> None:
        self.area = area
        self.order = HandOrder()
        self._on_change = on_change
        self._on_error: list[Callable[[GinError], Any]] = []
        self.sort_suit = w.Button()
        self.sort_suit.add_class("gin-action-sort-suit")
        self.sort_rank = w.Button()
        self.sort_rank.add_class("gin-action-sort-rank")
        self.keys_note = classed_html("gin-hand-keys")
        self.widget = w.HBox([self.sort_suit, self.sort_rank, self.keys_note])
        self.widget.add_class("gin-hand-ordering")
        self.sort_suit.on_click(lambda _b: self._sort("suit"))
        self.sort_rank.on_click(lambda _b: self._sort("rank"))
        area.on_move(self._moved)
        self.relabel()
        self.active = True

    # ------------------------------------------------------------------ settings

    @property
    def active(self) -> bool:
        """Whether the learner orders the hand now (the area is reorderable and the sort
        buttons are shown); off at the full help level and once the deal is over."""
        return bool(self.area.reorderable)

    @active.setter
    def active(self, on: bool) -> None:
        self.area.reorderable = bool(on)
        set_display(self.widget, "flex" if on else "none")

    def relabel(self) -> None:
        """Label the buttons and the keys line in the current language."""
        self.sort_suit.description = M["hand.sort-suit"].render()
        self.sort_rank.description = M["hand.sort-rank"].render()
        self.keys_note.value = f'<span class="gin-muted">{html.escape(move_keys_note())}</span>'

    def on_error(self, callback: Callable[[GinError], Any]) -> None:
        """Call ``callback(error)`` when a move from the page is refused."""
        self._on_error.append(callback)

    # ------------------------------------------------------------------ the deal

    @property
    def cards(self) -> tuple[Card, ...]:
        """The hand in the learner's order, left to right."""
        return self.order.cards

    def start(self, hand: Iterable[Card], start: HandStart, rng: random.Random) -> None:
        """A new deal: ``hand`` in the order dealt (``"dealt"``: shuffled by ``rng``, see
        :meth:`HandOrder.dealt`) or sorted by suit (``"suit"``); ``"arranged"`` (the full
        help level, where the engine arranges the hand) keeps the engine's order."""
        if start == "dealt":
            self.order = HandOrder.dealt(hand, rng)
        elif start == "suit":
            self.order = HandOrder.sorted_by_suit(hand)
        else:
            self.order = HandOrder(sorted(set(hand)))
        self._changed()

    def follow(self, hand: Iterable[Card]) -> tuple[Card, ...]:
        """Follow the hand through the deal (a new card to the right, cards gone dropped:
        :meth:`HandOrder.follow`); returns the cards in the learner's order."""
        self.order.follow(hand)
        return self.order.cards

    # ------------------------------------------------------------------ the learner

    def _moved(self, code: str, to: int) -> None:
        try:
            self.order.move_to(code, to)
        except GinError as e:  # the page showed cards this hand does not hold
            for cb in self._on_error:
                cb(e)
            return
        self._changed()

    def _sort(self, how: str) -> None:
        if how == "suit":
            self.order.sort_by_suit()
            said = M["hand.sorted-suit"].render()
        else:
            self.order.sort_by_rank()
            said = M["hand.sorted-rank"].render()
        self._changed()
        self.area.announce(said)

    def _changed(self) -> None:
        if self._on_change is not None:
            self._on_change()


__all__ = ["HandOrdering"]
