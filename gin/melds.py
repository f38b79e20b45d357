"""The meld solver: least deadwood, every best arrangement, and the best discards.

The solver works on 52-bit masks, one 13-bit row per suit (bit ``r - 1`` is rank ``r``).
A table built once at import gives, for each of the 8,192 rows, the least deadwood the
row can keep using runs only. Sets are then chosen rank by rank: only ranks with three
or four cards can hold a set, so a hand needs at most a few dozen table look-ups.

Runs that touch are shown as one meld, so a run of six or more cards is one meld.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Literal

from gin.cards import DECK, Card, Suit, cards_mask, check_distinct, format_cards, mask_cards
from gin.errors import CardParseError
from gin.i18n import M

ROW = 0x1FFF
_VALUES = tuple(min(r + 1, 10) for r in range(13))


def _row_points() -> list[int]:
    """The points of each 13-bit row: a row's points are those of the row without its
    lowest card, plus that card's."""
    points = [0] * (1 << 13)
    for row in range(1, 1 << 13):
        low = row & -row
        points[row] = points[row ^ low] + _VALUES[low.bit_length() - 1]
    return points


_ROW_POINTS: list[int] = _row_points()


def _build_run_table() -> list[int]:
    """Least deadwood of each row with runs only: a run may be any length from three, so
    the cards melded are exactly those in a stretch of three or more neighbours (``m``
    marks the lowest card of every three in a row), and the rest is deadwood."""
    table = [0] * (1 << 13)
    for row in range(1, 1 << 13):
        m = row & row >> 1 & row >> 2
        table[row] = _ROW_POINTS[row & ~(m | m << 1 | m << 2)]
    return table


RUN_DEADWOOD: list[int] = _build_run_table()
"""Least deadwood of each 13-bit suit row when only runs are allowed."""


def _dw_sets(a: int, b: int, c: int, d: int, m3: int) -> int:
    """Least deadwood of four rows, trying sets on the ranks in ``m3``."""
    t = RUN_DEADWOOD
    low = m3 & -m3
    rest = m3 ^ low
    if rest:
        best = _dw_sets(a, b, c, d, rest)
    else:
        best = t[a] + t[b] + t[c] + t[d]
    n = ~low
    a2, b2, c2, d2 = a & n, b & n, c & n, d & n
    v = _dw_sets(a2, b2, c2, d2, rest) if rest else t[a2] + t[b2] + t[c2] + t[d2]
    if v < best:
        best = v
    if a & b & c & d & low:
        # a set of three, keeping the fourth card of the rank for a run
        for keep in (
            (a, b2, c2, d2),
            (a2, b, c2, d2),
            (a2, b2, c, d2),
            (a2, b2, c2, d),
        ):
            if rest:
                v = _dw_sets(keep[0], keep[1], keep[2], keep[3], rest)
            else:
                v = t[keep[0]] + t[keep[1]] + t[keep[2]] + t[keep[3]]
            if v < best:
                best = v
    return best


def _run_members(row: int) -> int:
    """The cards of a 13-bit row that lie in a stretch of three or more neighbours (the
    only cards a run can use)."""
    m = row & row >> 1 & row >> 2
    return m | m << 1 | m << 2


RUN_MEMBERS: list[int] = [_run_members(row) for row in range(1 << 13)]
"""For each 13-bit suit row, the cards that some run of the row could use."""


def deadwood_of_mask(mask: int) -> int:
    """Least deadwood of the cards in a 52-bit mask.

    A rank of three or four cards none of which a run could use (:data:`RUN_MEMBERS`) is
    melded as a set without trying the alternatives (leaving its cards as deadwood could
    never be better, and no run needs them); only the ranks whose cards a run could also
    use are tried both ways (:func:`_dw_sets`)."""
    a = mask & ROW
    b = (mask >> 13) & ROW
    c = (mask >> 26) & ROW
    d = mask >> 39
    m3 = (a & b & (c | d)) | (c & d & (a | b))
    t = RUN_DEADWOOD
    if m3:
        u = RUN_MEMBERS
        free = m3 & ~(u[a] | u[b] | u[c] | u[d])
        if free:
            n = ~free
            a, b, c, d = a & n, b & n, c & n, d & n
            m3 ^= free
        if m3:
            return _dw_sets(a, b, c, d, m3)
    return t[a] + t[b] + t[c] + t[d]


def has_loose_card(mask: int) -> bool:
    """Whether some card of ``mask`` could join no meld of it (no run of its suit, no set
    of its rank): then its deadwood is not 0.

    >>> from gin.cards import Card, cards_mask
    >>> has_loose_card(cards_mask([Card.parse(c) for c in "2C 3C 4C".split()]))
    False
    >>> has_loose_card(cards_mask([Card.parse(c) for c in "2C 3C 4C KH".split()]))
    True
    """
    a = mask & ROW
    b = (mask >> 13) & ROW
    c = (mask >> 26) & ROW
    d = mask >> 39
    keep = ~((a & b & (c | d)) | (c & d & (a | b)))
    u = RUN_MEMBERS
    return bool((a & ~u[a] | b & ~u[b] | c & ~u[c] | d & ~u[d]) & keep)


def discard_deadwoods(mask: int, among: int) -> list[tuple[int, int]]:
    """``(card index, least deadwood left)`` for each discard of a card of ``among`` from
    ``mask``, lowest index first: :func:`deadwood_of_mask` of ``mask`` without that card.

    Worked out with one table look-up per card unless ``mask`` holds a rank of three or
    four cards that a run could also use: the ranks no run could use are sets whatever is
    discarded (a set of three that loses a card leaves two cards of deadwood).

    >>> from gin.cards import Card, cards_mask
    >>> hand = cards_mask([Card.parse(c) for c in "2C 3C 4C KH".split()])
    >>> sorted(dw for _, dw in discard_deadwoods(hand, hand))  # KH, 4C, 3C, 2C
    [0, 15, 16, 17]
    """
    a = mask & ROW
    b = (mask >> 13) & ROW
    c = (mask >> 26) & ROW
    d = mask >> 39
    out = []
    rest = among
    m3 = (a & b & (c | d)) | (c & d & (a | b))
    free = four = 0
    if m3:
        u = RUN_MEMBERS
        free = m3 & ~(u[a] | u[b] | u[c] | u[d])
        if m3 ^ free:  # a rank a run could also use: every discard the long way
            while rest:
                low = rest & -rest
                rest ^= low
                out.append((low.bit_length() - 1, deadwood_of_mask(mask ^ low)))
            return out
        four = a & b & c & d
        n = ~free
        a, b, c, d = a & n, b & n, c & n, d & n
    t = RUN_DEADWOOD
    rows = (a, b, c, d)
    total = t[a] + t[b] + t[c] + t[d]
    while rest:
        low = rest & -rest
        rest ^= low
        i = low.bit_length() - 1
        s = i // 13
        bit = 1 << (i - 13 * s)
        if free & bit:  # a card of a set no run could use
            out.append((i, total if four & bit else total + 2 * _VALUES[i - 13 * s]))
        else:
            r = rows[s]
            out.append((i, total - t[r] + t[r ^ bit]))
    return out


def best_discard_deadwood_of_mask(
    mask: int, among: int | None = None, ceiling: int = 1 << 30
) -> int:
    """Least deadwood left after discarding one card of a mask (11 cards usually).

    ``among`` limits the discards to those cards (all of ``mask`` by default); the answer
    is never above ``ceiling``.
    """
    best = ceiling
    rest = mask if among is None else among
    while rest:
        low = rest & -rest
        rest ^= low
        v = deadwood_of_mask(mask ^ low)
        if v < best:
            best = v
    return best


def _check_hand(cards: Iterable[Card], most: int = 11) -> list[Card]:
    hand = list(cards)
    check_distinct(hand)
    if len(hand) > most:
        raise CardParseError(M["error.too-many-cards"](most=most, count=len(hand)))
    return hand


def deadwood(cards: Iterable[Card]) -> int:
    """The least deadwood count of a hand (0 to 11 cards).

    >>> from gin.cards import parse_cards
    >>> deadwood(parse_cards("7S 8S 9S 7H 7D KC QC 2D"))
    36
    """
    hand = cards if isinstance(cards, list | tuple) else list(cards)
    m = 0
    for c in hand:
        if m & c.mask:
            check_distinct(hand)
        m |= c.mask
    return deadwood_of_mask(m)


MeldKind = Literal["set", "run"]


@dataclass(frozen=True)
class Meld:
    """A set (three or four of a rank) or a run (three or more in a row of one suit)."""

    kind: MeldKind
    cards: tuple[Card, ...]

    @property
    def points(self) -> int:
        """The points of the meld's cards."""
        return sum(c.points for c in self.cards)

    @property
    def mask(self) -> int:
        """The meld's 52-bit mask."""
        return cards_mask(self.cards)

    def describe(self, lang: str | None = None) -> str:
        """A short description such as ``run 5♠ 6♠ 7♠`` or ``set 9♥ 9♦ 9♣``, from the
        message catalog (in ``lang``, or the current language)."""
        return M[f"meld.{self.kind}"].render({"cards": [c.code for c in self.cards]}, lang)

    def __str__(self) -> str:
        return format_cards(self.cards)


@dataclass(frozen=True)
class Arrangement:
    """A hand split into melds and deadwood."""

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]

    @property
    def deadwood_points(self) -> int:
        """The deadwood count: the points of the cards in no meld."""
        return sum(c.points for c in self.deadwood)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the arrangement, melds first."""
        return tuple(c for m in self.melds for c in m.cards) + self.deadwood

    def meld_of(self, card: Card) -> Meld | None:
        """The meld holding ``card``, or ``None`` if it is deadwood."""
        for m in self.melds:
            if card in m.cards:
                return m
        return None

    def describe(self, lang: str | None = None) -> str:
        """A one-line description of the arrangement, from the message catalog (in
        ``lang``, or the current language)."""
        melds = [[c.code for c in m.cards] for m in self.melds]
        if not self.deadwood:
            return M["melds.arrangement-no-deadwood"].render({"melds": melds}, lang)
        data = {
            "melds": melds,
            "deadwood": [c.code for c in self.deadwood],
            "points": self.deadwood_points,
        }
        return M["melds.arrangement"].render(data, lang)


def _row_blocks(row: int) -> list[tuple[int, int]]:
    """Maximal blocks of consecutive set bits of a row, as (low bit, length)."""
    blocks = []
    i = 0
    while i < 13:
        if row >> i & 1:
            j = i
            while j < 13 and row >> j & 1:
                j += 1
            blocks.append((i, j - i))
            i = j
        else:
            i += 1
    return blocks


@lru_cache(maxsize=8192)
def _run_covers(row: int) -> tuple[int, ...]:
    """Every set of run cards of a row whose blocks all have 3+ cards (0 included)."""
    covers = [0]
    for low, length in _row_blocks(row):
        # choose disjoint non-touching sub-blocks of length >= 3 inside this block
        options = [0]
        for start in range(low, low + length):
            for end in range(start + 3, low + length + 1):
                seg = ((1 << (end - start)) - 1) << start
                options.extend(o | seg for o in options if _fits(o, start, end))
        options = sorted(set(options))
        covers = [c | o for c in covers for o in options]
    return tuple(sorted(set(covers)))


def _fits(existing: int, start: int, end: int) -> bool:
    """A segment [start, end) can be added to ``existing`` without touching it and only
    after it (segments are added left to right)."""
    if existing == 0:
        return True
    top = existing.bit_length()  # one past the highest bit
    return start > top  # leave a gap, or it would be one longer block


@lru_cache(maxsize=8192)
def _best_run_covers(row: int) -> tuple[int, ...]:
    target = RUN_DEADWOOD[row]
    return tuple(c for c in _run_covers(row) if _ROW_POINTS[row & ~c] == target)


def _set_choices(rows: tuple[int, int, int, int]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every choice of sets: a list of (set masks, rows left for runs)."""
    a, b, c, d = rows
    m3 = (a & b & (c | d)) | (c & d & (a | b))
    ranks = []
    while m3:
        low = m3 & -m3
        m3 ^= low
        ranks.append(low)
    out = []
    per_rank: list[list[tuple[int, ...] | None]] = []
    for low in ranks:
        suits = tuple(s for s in range(4) if rows[s] & low)
        opts: list[tuple[int, ...] | None] = [None, suits]
        if len(suits) == 4:
            opts.extend(tuple(x for x in suits if x != keep) for keep in suits)
        per_rank.append(opts)
    for combo in itertools.product(*per_rank):
        left = list(rows)
        sets: list[int] = []
        for low, choice in zip(ranks, combo, strict=True):
            if choice is None:
                continue
            m = 0
            for s in choice:
                left[s] &= ~low
                m |= low << (13 * s)
            sets.append(m)
        out.append((tuple(sets), tuple(left)))
    return out


def _rows(mask: int) -> tuple[int, int, int, int]:
    return (mask & ROW, (mask >> 13) & ROW, (mask >> 26) & ROW, mask >> 39)


def _make_arrangement(mask: int, set_masks: Sequence[int], run_rows: Sequence[int]) -> Arrangement:
    melds: list[Meld] = []
    used = 0
    for sm in set_masks:
        melds.append(Meld("set", tuple(sorted(mask_cards(sm), key=lambda c: c.suit))))
        used |= sm
    for s, cover in enumerate(run_rows):
        for low, length in _row_blocks(cover):
            m = (((1 << length) - 1) << low) << (13 * s)
            melds.append(Meld("run", tuple(mask_cards(m))))
            used |= m
    melds.sort(key=lambda m: (m.cards[0].rank, m.kind != "set", m.cards[0].suit))
    dw = tuple(sorted(mask_cards(mask & ~used), key=lambda c: (c.rank, c.suit)))
    return Arrangement(tuple(melds), dw)


@lru_cache(maxsize=4096)
def _best_arrangements_mask(mask: int) -> tuple[Arrangement, ...]:
    rows = _rows(mask)
    best = deadwood_of_mask(mask)
    found: dict[tuple[tuple[str, tuple[Card, ...]], ...], Arrangement] = {}
    for set_masks, left in _set_choices(rows):
        if sum(RUN_DEADWOOD[r] for r in left) != best:
            continue
        for covers in itertools.product(*(_best_run_covers(r) for r in left)):
            arr = _make_arrangement(mask, set_masks, covers)
            found.setdefault(tuple((m.kind, m.cards) for m in arr.melds), arr)
    return tuple(found[k] for k in sorted(found, key=_arr_key))


def _arr_key(key: tuple[tuple[str, tuple[Card, ...]], ...]) -> tuple[tuple[int, ...], ...]:
    return tuple((0 if kind == "set" else 1, *(c.index for c in cards)) for kind, cards in key)


def best_arrangements(cards: Iterable[Card]) -> list[Arrangement]:
    """Every arrangement of a hand (0 to 11 cards) that reaches the least deadwood.

    The order is deterministic: sets before runs, then by the cards' order.

    >>> from gin.cards import parse_cards
    >>> [a.describe() for a in best_arrangements(parse_cards("5S 6S 7S 7H 7D 7C"))]
    ['run 5♠ 6♠ 7♠; set 7♥ 7♦ 7♣; deadwood none = 0']
    """
    hand = _check_hand(cards)
    return list(_best_arrangements_mask(cards_mask(hand)))


def best_arrangement(cards: Iterable[Card]) -> Arrangement:
    """The first of :func:`best_arrangements`: the arrangement the engine shows."""
    return best_arrangements(cards)[0]


@dataclass(frozen=True)
class DiscardOption:
    """A discard from an eleven-card hand and the best arrangement of the ten kept."""

    discard: Card
    deadwood_points: int
    kept_mask: int
    """The 52-bit mask of the ten cards kept."""

    @cached_property
    def arrangement(self) -> Arrangement:
        """The best arrangement of the ten cards kept (built when first read)."""
        return _best_arrangements_mask(self.kept_mask)[0]


def discard_options(cards: Iterable[Card]) -> list[DiscardOption]:
    """For every card of a hand, the least deadwood left after discarding it.

    Sorted by deadwood, then by discard (highest points first, then card order).
    """
    hand = _check_hand(cards)
    m = cards_mask(hand)
    out = [DiscardOption(c, deadwood_of_mask(m ^ c.mask), m ^ c.mask) for c in hand]
    out.sort(key=lambda o: (o.deadwood_points, -o.discard.points, o.discard.index))
    return out


def best_discards(cards: Iterable[Card]) -> list[DiscardOption]:
    """Every discard of an 11-card hand that leaves the least deadwood.

    Each option has the discard, the deadwood left and the arrangement of the ten cards
    kept. Ordered by discard: highest points first, then card order.

    >>> from gin.cards import parse_cards
    >>> [(str(o.discard), o.deadwood_points) for o in best_discards(
    ...     parse_cards("2C 4C 5C 6C AD 4D 6D 2H 4H 5H 6H"))]
    [('6♦', 9)]
    """
    hand = _check_hand(cards)
    if len(hand) != 11:
        raise CardParseError(M["error.wrong-count"](count=len(hand)))
    m = cards_mask(hand)
    values = [(deadwood_of_mask(m ^ c.mask), c) for c in hand]
    best = min(v for v, _ in values)
    out = [DiscardOption(c, best, m ^ c.mask) for v, c in values if v == best]
    out.sort(key=lambda o: (-o.discard.points, o.discard.index))
    return out


def all_maximal_arrangements(cards: Iterable[Card]) -> list[Arrangement]:
    """Every arrangement to which no further meld or meld card could be added.

    Sorted by deadwood count, then like :func:`best_arrangements`. Used to explain why
    the best arrangement beats the others.
    """
    hand = _check_hand(cards)
    mask = cards_mask(hand)
    found: dict[tuple[tuple[str, tuple[Card, ...]], ...], Arrangement] = {}
    for set_masks, left in _set_choices(_rows(mask)):
        for covers in itertools.product(*(_run_covers(r) for r in left)):
            arr = _make_arrangement(mask, set_masks, covers)
            if _is_maximal(arr):
                found.setdefault(tuple((m.kind, m.cards) for m in arr.melds), arr)
    keys = sorted(found, key=lambda k: (found[k].deadwood_points, _arr_key(k)))
    return [found[k] for k in keys]


def _is_maximal(arr: Arrangement) -> bool:
    dw_mask = cards_mask(arr.deadwood)
    if deadwood_of_mask(dw_mask) != sum(c.points for c in arr.deadwood):
        return False  # the deadwood holds a meld of its own
    for meld in arr.melds:
        for c in arr.deadwood:
            if can_extend(meld, c):
                return False
    return True


def can_extend(meld: Meld, card: Card) -> bool:
    """Whether ``card`` can be added to ``meld``: a fourth card of a set of three, or the
    next card at either end of a run.

    >>> from gin.cards import parse_cards
    >>> run = Meld("run", tuple(parse_cards("6S 7S 8S")))
    >>> can_extend(run, Card.parse("9S")), can_extend(run, Card.parse("5S"))
    (True, True)
    >>> can_extend(run, Card.parse("9H"))
    False
    """
    if card in meld.cards:
        return False
    if meld.kind == "set":
        return len(meld.cards) == 3 and card.rank == meld.cards[0].rank
    first, last = meld.cards[0], meld.cards[-1]
    return card.suit == first.suit and (card.rank == first.rank - 1 or card.rank == last.rank + 1)


def extend(meld: Meld, card: Card) -> Meld:
    """The meld with ``card`` added (see :func:`can_extend`)."""
    if not can_extend(meld, card):
        raise CardParseError(
            M["error.cannot-extend"](card=card.code, meld=[c.code for c in meld.cards])
        )
    if meld.kind == "set":
        return Meld("set", tuple(sorted((*meld.cards, card), key=lambda c: c.suit)))
    return Meld("run", tuple(sorted((*meld.cards, card), key=lambda c: c.rank)))


def is_meld(cards: Sequence[Card]) -> MeldKind | None:
    """``"set"`` or ``"run"`` if the cards form that meld, else ``None``."""
    cs = list(cards)
    if len(cs) < 3 or len(set(cs)) != len(cs):
        return None
    if len(cs) <= 4 and len({c.rank for c in cs}) == 1:
        return "set"
    if len({c.suit for c in cs}) == 1:
        ranks = sorted(c.rank for c in cs)
        if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
            return "run"
    return None


def suit_swapped(cards: Iterable[Card], perm: Sequence[int]) -> list[Card]:
    """The same hand with suits renamed by the permutation ``perm`` (for tests)."""
    return [Card(c.rank, Suit(perm[c.suit])) for c in cards]


__all__ = [
    "DECK",
    "Arrangement",
    "DiscardOption",
    "Meld",
    "MeldKind",
    "all_maximal_arrangements",
    "best_arrangement",
    "best_arrangements",
    "best_discard_deadwood_of_mask",
    "best_discards",
    "can_extend",
    "deadwood",
    "deadwood_of_mask",
    "discard_deadwoods",
    "discard_options",
    "extend",
    "has_loose_card",
    "is_meld",
]
