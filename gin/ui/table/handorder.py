"""``HandOrder``: the learner's own order of the cards in their hand (issue 29).

A fanned hand at a real table is in the order it was dealt until its player moves the
cards. The engine keeps a hand as a set (a :class:`gin.PlayerView` lists it sorted); the
order the learner sees is state of the page, kept here, and never enters the engine.

- It starts in the order dealt (:meth:`HandOrder.dealt`: the view lists the hand sorted,
  so the dealt order is a seeded shuffle of it), or sorted by suit.
- :meth:`HandOrder.follow` follows the hand through the deal: a card drawn or taken goes
  to the right end, a card gone (discarded, laid off) is dropped; every other card keeps
  its place. It is never re-sorted behind the learner's back.
- The learner moves a card (:meth:`HandOrder.move` by a step, :meth:`HandOrder.move_to`
  to a place) or sorts the whole hand as players do by hand (:meth:`HandOrder.sort_by_suit`,
  :meth:`HandOrder.sort_by_rank`).

>>> from gin.cards import parse_cards
>>> order = HandOrder(parse_cards("KH 3S 4S 9D"))
>>> order.follow(parse_cards("KH 3S 4S 9D 5S"))  # drew the 5♠: to the right
['KH', '3S', '4S', '9D', '5S']
>>> order.move_to("5S", 3)
['KH', '3S', '4S', '5S', '9D']
>>> order.follow(parse_cards("3S 4S 5S 9D"))  # discarded the K♥
['3S', '4S', '5S', '9D']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from gin.cards import Card, Suit
from gin.errors import GinError, echo
from gin.i18n import M

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The suits from left to right when a hand is sorted: ♠ ♥ ♣ ♦, black and red in turn, as
players fan a hand so that two suits of one colour never touch."""


class HandOrderError(GinError):
    """A move of a card the hand does not hold (``hand-not-held``) or to a place it does
    not have (``hand-bad-place``); the order is left as it was."""


def suit_key(card: Card) -> tuple[int, int]:
    """The order of :meth:`HandOrder.sort_by_suit`: by suit (:data:`SUIT_ORDER`), then by
    rank, aces low (a run reads A-2-3 and J-Q-K from left to right).

    >>> from gin.cards import parse_cards
    >>> [c.code for c in sorted(parse_cards("2D KS AH 3S 9C"), key=suit_key)]
    ['3S', 'KS', 'AH', '9C', '2D']
    """
    return (SUIT_ORDER.index(card.suit), card.rank)


def rank_key(card: Card) -> tuple[int, int]:
    """The order of :meth:`HandOrder.sort_by_rank`: by rank, aces low, then by suit
    (:data:`SUIT_ORDER`), so that the cards of a set lie together.

    >>> from gin.cards import parse_cards
    >>> [c.code for c in sorted(parse_cards("7D KS 7S AH 7C"), key=rank_key)]
    ['AH', '7S', '7C', '7D', 'KS']
    """
    return (card.rank, SUIT_ORDER.index(card.suit))


class HandOrder:
    """The cards of one hand in the order the learner sees them, left to right.

    Moves name a card by its :class:`~gin.Card` or its code (``"7S"``). A move of a card
    not held or to a place the hand lacks raises :class:`HandOrderError` and changes
    nothing.
    """

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        self._cards: list[Card] = []
        for c in cards:
            if c not in self._cards:
                self._cards.append(c)

    @classmethod
    def dealt(cls, hand: Iterable[Card], rng: random.Random) -> HandOrder:
        """``hand`` in an order as dealt: shuffled by ``rng`` (seeded by the caller, so the
        same deal fans the same way), since a :class:`gin.PlayerView` lists it sorted.

        >>> from gin.cards import parse_cards
        >>> hand = parse_cards("AS 2S 3S 4S 5S")
        >>> HandOrder.dealt(hand, random.Random(1)).codes == HandOrder.dealt(
        ...     hand, random.Random(1)).codes
        True
        """
        cards = sorted(set(hand))
        rng.shuffle(cards)
        return cls(cards)

    @classmethod
    def sorted_by_suit(cls, hand: Iterable[Card]) -> HandOrder:
        """``hand`` sorted by suit (:func:`suit_key`)."""
        order = cls(hand)
        order.sort_by_suit()
        return order

    # ------------------------------------------------------------------ reading

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, left to right."""
        return tuple(self._cards)

    @property
    def codes(self) -> list[str]:
        """The cards' codes, left to right."""
        return [c.code for c in self._cards]

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def index(self, card: Card | str) -> int:
        """The place of ``card`` (0: the left end); raises :class:`HandOrderError` when
        the hand does not hold it."""
        return self._cards.index(self._held(card))

    def __repr__(self) -> str:
        return f"HandOrder({' '.join(self.codes)})"

    # ------------------------------------------------------------------ the deal goes on

    def follow(self, hand: Iterable[Card]) -> list[str]:
        """Follow the hand to ``hand`` (the cards it holds now, in any order): cards gone
        are dropped, new cards go to the right end (in the order ``hand`` lists them), the
        rest keep their places. Returns the codes, left to right."""
        now = list(dict.fromkeys(hand))
        held = set(now)
        kept = [c for c in self._cards if c in held]
        known = set(kept)
        self._cards = kept + [c for c in now if c not in known]
        return self.codes

    # ------------------------------------------------------------------ the learner's moves

    def move(self, card: Card | str, delta: int) -> int:
        """Move ``card`` by ``delta`` places (negative: to the left), stopping at either
        end; returns its new place (the same place when it was at that end already).

        >>> from gin.cards import parse_cards
        >>> order = HandOrder(parse_cards("2C 3C 4C"))
        >>> order.move("2C", 1), order.codes
        (1, ['3C', '2C', '4C'])
        >>> order.move("4C", 5), order.codes
        (2, ['3C', '2C', '4C'])
        """
        at = self.index(card)
        to = min(max(at + delta, 0), len(self._cards) - 1)
        self._place(at, to)
        return to

    def move_to(self, card: Card | str, index: int) -> list[str]:
        """Put ``card`` at place ``index`` (0: the left end; the other cards close up
        around it); raises :class:`HandOrderError` for a place the hand does not have.
        Returns the codes, left to right."""
        at = self.index(card)
        if isinstance(index, bool) or not isinstance(index, int):
            raise HandOrderError(M["error.hand-bad-place"](place=echo(index)))
        if not 0 <= index < len(self._cards):
            raise HandOrderError(M["error.hand-bad-place"](place=index + 1))
        self._place(at, index)
        return self.codes

    def sort_by_suit(self) -> list[str]:
        """Sort the hand by suit, then by rank (:func:`suit_key`), as a player sorts a
        fan to see runs. Returns the codes."""
        self._cards.sort(key=suit_key)
        return self.codes

    def sort_by_rank(self) -> list[str]:
        """Sort the hand by rank, then by suit (:func:`rank_key`), as a player sorts a fan
        to see sets. Returns the codes."""
        self._cards.sort(key=rank_key)
        return self.codes

    # ------------------------------------------------------------------ helpers

    def _held(self, card: Card | str) -> Card:
        """The card named (a :class:`~gin.Card` or a code): raises
        :class:`~gin.errors.CardParseError` for a code that is no card and
        :class:`HandOrderError` for a card the hand does not hold."""
        c = card if isinstance(card, Card) else Card.parse(card)
        if c not in self._cards:
            raise HandOrderError(M["error.hand-not-held"](card=c.code))
        return c

    def _place(self, at: int, to: int) -> None:
        card = self._cards.pop(at)
        self._cards.insert(to, card)


__all__ = ["SUIT_ORDER", "HandOrder", "HandOrderError", "rank_key", "suit_key"]
