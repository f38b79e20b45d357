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
from gin.ui.parts import classed_html, fixed_layout, set_display, shared_style
from gin.ui.table.handorder import HandOrder
from gin.ui.table.helplevel import HandStart


class HandOrdering:
    """The learner's own order of the hand shown in ``area``.

    ``on_change()`` is called after every change the learner makes (a move, a sort) and
    after :meth:`start`; ``on_error`` callbacks get a move the order refuses (a page that
    showed other cards). Widgets: :attr:`sort_suit`, :attr:`sort_rank`, :attr:`keys_note`,
    all in :attr:`widget` (class ``gin-hand-ordering``), hidden while not :attr:`active`.
    The buttons and the line are made when the ordering is first active, or first asked
    for (issue 41: the full help level's table never sends them); ``button_css`` is a CSS
    class both buttons wear. ``active`` starts it so.
    """

    def __init__(
        self,
        area: CardArea,
        on_change: Callable[[], Any] | None = None,
        *,
        button_css: str = "",
        active: bool = True,
    ) -> None:
        self.area = area
        self.order = HandOrder()
        self._on_change = on_change
        self._on_error: list[Callable[[GinError], Any]] = []
        self._button_css = button_css
        self._parts: tuple[w.Button, w.Button, w.HTML] | None = None
        self._widget: w.HBox | None = None
        self.place: Callable[[w.HBox], Any] | None = None
        """Called with :attr:`widget` when it has just been made (for a part that lays it
        out where it belongs)."""
        area.on_move(self._moved)
        self.active = active

    @property
    def widget(self) -> w.HBox:
        """The sort buttons and the keys line (``gin-hand-ordering``), made when the
        ordering is first active or this is first asked for."""
        if self._widget is None:
            self._widget = w.HBox([], layout=fixed_layout(display="none"))
            self._widget.add_class("gin-hand-ordering")
            if self.place is not None:
                self.place(self._widget)
        return self._widget

    def _made(self) -> tuple[w.Button, w.Button, w.HTML]:
        if self._parts is None:
            suit = w.Button(layout=fixed_layout(), style=shared_style("button"))
            suit.add_class("gin-action-sort-suit")
            rank = w.Button(layout=fixed_layout(), style=shared_style("button"))
            rank.add_class("gin-action-sort-rank")
            for b in (suit, rank):
                if self._button_css:
                    b.add_class(self._button_css)
            suit.on_click(lambda _b: self._sort("suit"))
            rank.on_click(lambda _b: self._sort("rank"))
            self._parts = suit, rank, classed_html("gin-hand-keys", fixed=True)
            self.widget.children = self._parts
            self.relabel()
        return self._parts

    @property
    def sort_suit(self) -> w.Button:
        """Sort by suit (``gin-action-sort-suit``)."""
        return self._made()[0]

    @property
    def sort_rank(self) -> w.Button:
        """Sort by rank (``gin-action-sort-rank``)."""
        return self._made()[1]

    @property
    def keys_note(self) -> w.HTML:
        """The line saying how to move a card (``gin-hand-keys``)."""
        return self._made()[2]

    # ------------------------------------------------------------------ settings

    @property
    def active(self) -> bool:
        """Whether the learner orders the hand now (the area is reorderable and the sort
        buttons are shown); off at the full help level and once the deal is over."""
        return bool(self.area.reorderable)

    @active.setter
    def active(self, on: bool) -> None:
        if on:
            self._made()
        self.area.reorderable = bool(on)
        if on or self._widget is not None:
            set_display(self.widget, "flex" if on else "none")

    def relabel(self) -> None:
        """Label the buttons and the keys line in the current language."""
        if self._parts is None:
            return
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
