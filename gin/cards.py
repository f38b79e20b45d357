"""Playing cards: :class:`Card`, :class:`Suit`, the deck and :func:`parse_cards`.

Cards are interned: there are exactly 52 :class:`Card` objects, so ``Card(7, Suit.SPADES)``
always returns the same object. Each card also carries its bit in a 52-bit mask (one
13-bit row per suit), which the meld solver uses.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from typing import Any

from gin.errors import CardParseError, echo


class Suit(enum.IntEnum):
    """The four suits, in the order the engine sorts them."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        """The suit's symbol, such as ``♠``."""
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The suit's letter, such as ``S``."""
        return "SHDC"[self]

    @property
    def noun(self) -> str:
        """The suit's name in the plural, such as ``spades``."""
        return self.name.lower()


_SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
_RANK_CODES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
_RANK_NAMES = (
    "",
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)
_RANK_SHOWN = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def rank_name(rank: int) -> str:
    """The English name of a rank, such as ``seven`` for 7."""
    return _RANK_NAMES[rank]


def rank_label(rank: int) -> str:
    """How a rank is printed on a card: ``A``, ``2`` ... ``10``, ``J``, ``Q``, ``K``."""
    return _RANK_SHOWN[rank]


class Card:
    """One of the 52 playing cards; immutable, hashable and ordered.

    Cards sort by suit (spades, hearts, diamonds, clubs), then by rank, aces low.

    >>> c = Card(7, Suit.SPADES)
    >>> str(c), c.code, c.points, c.name
    ('7♠', '7S', 7, 'seven of spades')
    >>> Card(12, Suit.HEARTS).points
    10
    >>> Card(7, Suit.SPADES) is Card.parse("7s")
    True
    """

    __slots__ = ("code", "index", "mask", "name", "points", "rank", "suit")

    rank: int
    suit: Suit
    index: int
    mask: int
    points: int
    code: str
    name: str

    _cache: dict[tuple[int, int], Card] = {}  # noqa: RUF012 - class-level intern table

    def __new__(cls, rank: int, suit: Suit | int) -> Card:
        key = (rank, int(suit)) if isinstance(rank, int) and not isinstance(rank, bool) else None
        cached = cls._cache.get(key) if key is not None else None
        if cached is not None:
            return cached
        if key is None or not 1 <= rank <= 13:
            raise CardParseError(
                "bad-rank", f"a card's rank must be 1 (ace) to 13 (king), not {rank!r}"
            )
        try:
            s = Suit(suit)
        except ValueError:
            raise CardParseError(
                "bad-suit", f"a card's suit must be 0 to 3, not {suit!r}"
            ) from None
        self = object.__new__(cls)
        index = int(s) * 13 + rank - 1
        for attr, value in (
            ("rank", rank),
            ("suit", s),
            ("index", index),
            ("mask", 1 << index),
            ("points", min(rank, 10)),
            ("code", _RANK_CODES[rank] + s.letter),
            ("name", f"{_RANK_NAMES[rank]} of {s.noun}"),
        ):
            object.__setattr__(self, attr, value)
        cls._cache[(rank, int(s))] = self
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("cards are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:
        return (Card, (self.rank, int(self.suit)))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Card) and other.index == self.index)

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __str__(self) -> str:
        return _RANK_SHOWN[self.rank] + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    @property
    def label(self) -> str:
        """The rank as printed on the card: ``A``, ``2`` ... ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_SHOWN[self.rank]

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with this index (0 to 51): ``suit * 13 + rank - 1``."""
        if not isinstance(index, int) or not 0 <= index < 52:
            raise CardParseError("bad-index", f"a card index must be 0 to 51, not {index!r}")
        return DECK[index]

    @staticmethod
    def parse(token: str) -> Card:
        """Read one card such as ``7S``, ``10h``, ``TH`` or ``9♠``.

        Raises :class:`~gin.errors.CardParseError` naming the token if it is not a card.
        """
        m = _TOKEN.fullmatch(token.strip()) if isinstance(token, str) else None
        if m is None:
            raise CardParseError(
                "bad-card",
                f"{echo(token)} is not a card: write a rank (A, 2-9, T or 10, J, Q, K) "
                "and a suit (S, H, D, C or ♠ ♥ ♦ ♣), for example 7S or 10♥",
            )
        rank_text, suit_text = m.group(1).upper(), m.group(2).upper()
        return Card(_RANK_BY_TEXT[rank_text], _SUIT_BY_TEXT[suit_text])


_RANK_BY_TEXT = {
    "A": 1, "1": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13,
    **{str(r): r for r in range(2, 10)},
}  # fmt: skip
_SUIT_BY_TEXT = {
    "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
}  # fmt: skip
_TOKEN = re.compile(r"(10|[AaTtJjQqKk2-9])([SsHhDdCc♠♥♦♣♤♡♢♧])")

DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in range(1, 14))
"""The 52 cards in index order: spades A-K, hearts, diamonds, clubs."""

FULL_MASK = (1 << 52) - 1


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Read cards from text such as ``"7S 8s 9♠ 10h TH Kd"``.

    Tokens are separated by spaces or commas; case does not matter. A card may appear
    only once. Also accepts an iterable of tokens or cards.

    >>> [str(c) for c in parse_cards("7S, 8s 9♠ 10h Kd")]
    ['7♠', '8♠', '9♠', '10♥', 'K♦']
    >>> try:
    ...     parse_cards("7S 7X")
    ... except CardParseError as e:
    ...     print(e.code, e.message[:18])
    bad-card '7X' is not a card
    """
    if isinstance(text, str):
        tokens: list[str | Card] = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    else:
        tokens = list(text)
    cards = [t if isinstance(t, Card) else Card.parse(t) for t in tokens]
    check_distinct(cards)
    return cards


def check_distinct(cards: Iterable[Card]) -> None:
    """Raise :class:`~gin.errors.CardParseError` if a card appears twice."""
    seen = 0
    for c in cards:
        if not isinstance(c, Card):
            raise CardParseError("bad-card", f"{echo(c)} is not a card")
        if seen & c.mask:
            raise CardParseError("duplicate-card", f"the {c.name} ({c}) appears twice")
        seen |= c.mask


def cards_mask(cards: Iterable[Card]) -> int:
    """The 52-bit mask of some cards."""
    m = 0
    for c in cards:
        m |= c.mask
    return m


def mask_cards(mask: int) -> list[Card]:
    """The cards of a 52-bit mask, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return out


def format_cards(cards: Iterable[Card]) -> str:
    """Cards printed with symbols, separated by spaces: ``7♠ 8♠ 9♠``."""
    return " ".join(str(c) for c in cards)


def codes(cards: Iterable[Card]) -> str:
    """Cards as plain codes separated by spaces: ``7S 8S 9S``."""
    return " ".join(c.code for c in cards)


__all__ = [
    "DECK",
    "FULL_MASK",
    "Card",
    "Suit",
    "cards_mask",
    "check_distinct",
    "codes",
    "format_cards",
    "mask_cards",
    "parse_cards",
    "rank_label",
    "rank_name",
]
