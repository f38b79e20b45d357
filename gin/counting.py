"""A deadwood count a person works out from a hand held as dealt, checked against the
engine's, with the usual slips named (issue 29, the course level "Count your hand"):

- ``card-counted-twice``: one card put in two melds (a set and a run), which leaves less
  deadwood than the hand really keeps;
- ``face-as-rank``: a jack, queen or king counted by its rank (11, 12, 13), where it
  counts 10;
- ``ace-high``: an ace counted 11, where it counts 1;
- ``counted-melds``: every card counted, the melds too;
- ``worse-arrangement``: the count of a layout that leaves more than the least deadwood;
- ``other``: none of these (the worked answer is given).

The codes are those the course's other levels record for the same slips.

:func:`check_deadwood_count` is the one place these slips are recognised.

>>> from gin.cards import parse_cards
>>> hand = parse_cards("7S KD 8S 7H 9S 7D 2C AC QH 4C")
>>> check_deadwood_count(hand, 41).right
True
>>> v = check_deadwood_count(hand, 44)
>>> v.slip, str(v.text)
('face-as-rank', 'You counted the K♦ as 13: a jack, a queen or a king counts 10.')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from gin.cards import Card
from gin.i18n import M, Text
from gin.melds import Arrangement, Meld, best_arrangement, best_arrangements, deadwood

COUNT_SLIPS = (
    "card-counted-twice",
    "face-as-rank",
    "ace-high",
    "counted-melds",
    "worse-arrangement",
    "other",
)
"""Every slip code :func:`check_deadwood_count` may name."""


@dataclass(frozen=True)
class CountVerdict:
    """Whether a deadwood count is right, and if not, the slip it shows."""

    right: bool
    slip: str | None
    """One of :data:`COUNT_SLIPS`, or ``None`` when right."""
    text: Text
    """One sentence: right, or the slip (or the answer, when no slip is recognised)."""
    answer: int
    """The hand's deadwood count (the least deadwood of any layout)."""
    best: Arrangement
    """The engine's best layout of the hand."""


@dataclass(frozen=True)
class DoubleCount:
    """A card put in two melds: the two melds and the deadwood such a layout would leave."""

    card: Card
    melds: tuple[Meld, Meld]
    deadwood: int


def candidate_melds(cards: Iterable[Card]) -> list[Meld]:
    """Every set (three or four cards of a rank) and every run (three or more cards of a
    suit in a row) among ``cards``.

    >>> from gin.cards import parse_cards
    >>> [m.describe() for m in candidate_melds(parse_cards("7S 8S 9S 7H 7D"))]
    ['set 7♠ 7♥ 7♦', 'run 7♠ 8♠ 9♠']
    """
    hand = sorted(set(cards))
    out: list[Meld] = []
    for rank in range(1, 14):
        same = sorted((c for c in hand if c.rank == rank), key=lambda c: c.suit)
        for size in (3, 4):
            for group in combinations(same, size):
                out.append(Meld("set", tuple(group)))
    held = set(hand)
    for suit in sorted({c.suit for c in hand}):
        for start in range(1, 12):
            run = []
            for rank in range(start, 14):
                card = Card(rank, suit)
                if card not in held:
                    break
                run.append(card)
                if len(run) >= 3:
                    out.append(Meld("run", tuple(run)))
    return out


def double_counts(cards: Iterable[Card]) -> list[DoubleCount]:
    """Each way of putting one card of ``cards`` in two melds (a set and a run sharing
    that card), with the least deadwood such a layout leaves, most deadwood saved first.

    >>> from gin.cards import parse_cards
    >>> d = double_counts(parse_cards("7S 8S 9S 7H 7D KD QC 2C 3H 4D"))[0]
    >>> d.card.code, d.deadwood
    ('7S', 29)
    """
    hand = list(cards)
    melds = candidate_melds(hand)
    found: dict[tuple[Card, int], DoubleCount] = {}
    for a, b in combinations(melds, 2):
        shared = set(a.cards) & set(b.cards)
        if len(shared) != 1 or a.kind == b.kind:
            continue
        card = next(iter(shared))
        used = set(a.cards) | set(b.cards)
        left = deadwood([c for c in hand if c not in used])
        key = (card, left)
        if key not in found:
            pair = (a, b) if a.kind == "set" else (b, a)
            found[key] = DoubleCount(card, pair, left)
    return sorted(found.values(), key=lambda d: (d.deadwood, d.card))


def _face_subsets(faces: Sequence[Card]) -> list[tuple[Card, ...]]:
    return [group for n in range(1, len(faces) + 1) for group in combinations(faces, n)]


def _slip(
    hand: Sequence[Card], best: Arrangement, given: int, layouts: Sequence[Arrangement]
) -> tuple[str, Text] | None:
    answer = best.deadwood_points
    if given == sum(c.points for c in hand) and given != answer:
        return "counted-melds", M["count.slip.counted-melds"](total=given)
    for arr in layouts:  # a face card or an ace miscounted, in one of the best layouts
        faces = [c for c in arr.deadwood if c.rank > 10]
        for group in _face_subsets(faces):
            if given == answer + sum(c.rank - 10 for c in group):
                top = max(group, key=lambda c: c.rank)
                return "face-as-rank", M["count.slip.face-as-rank"](card=top.code, value=top.rank)
        aces = [c for c in arr.deadwood if c.rank == 1]
        for n in range(1, len(aces) + 1):
            if given == answer + 10 * n:
                return "ace-high", M["count.slip.ace-high"](card=aces[0].code)
    for twice in double_counts(hand):
        if twice.deadwood < answer and given == twice.deadwood:
            melds = [[c.code for c in m.cards] for m in twice.melds]
            return "card-counted-twice", M["count.slip.counted-twice"](
                card=twice.card.code, melds=melds
            )
    worse = layout_counts(hand)
    if given in worse and given > answer:
        return "worse-arrangement", M["count.slip.worse-arrangement"](given=given, answer=answer)
    return None


def layout_counts(cards: Iterable[Card]) -> set[int]:
    """The deadwood counts of the layouts a person might make of ``cards``: any group of
    melds that share no card (each meld a set or a run), with the rest as deadwood."""
    hand = list(cards)
    melds = candidate_melds(hand)
    counts: set[int] = set()

    def walk(start: int, used: frozenset[Card]) -> None:
        counts.add(sum(c.points for c in hand if c not in used))
        for i in range(start, len(melds)):
            m = melds[i]
            if used.isdisjoint(m.cards):
                walk(i + 1, used | frozenset(m.cards))

    walk(0, frozenset())
    return counts


def check_deadwood_count(cards: Iterable[Card], given: int) -> CountVerdict:
    """Check a deadwood count ``given`` for the hand ``cards`` (ten cards, in any order):
    right when it is the least deadwood of any layout; else the slip it shows
    (:data:`COUNT_SLIPS`), with one sentence.

    >>> from gin.cards import parse_cards
    >>> hand = parse_cards("7S KD 8S 7H 9S 7D 2C AC QH 4C")
    >>> v = check_deadwood_count(hand, 27)
    >>> v.slip, v.text.data["card"], v.answer
    ('card-counted-twice', '7S', 41)
    """
    hand = list(cards)
    layouts = best_arrangements(hand)
    best = layouts[0]
    answer = best.deadwood_points
    if given == answer:
        return CountVerdict(True, None, M["count.right"](points=answer), answer, best)
    found = _slip(hand, best, given, layouts)
    if found is None:
        return CountVerdict(False, "other", _answer(best), answer, best)
    return CountVerdict(False, found[0], found[1], answer, best)


def _answer(best: Arrangement) -> Text:
    """The worked answer, one sentence per state: melds and deadwood, no meld at all, or
    no deadwood left (never an empty list in a sentence)."""
    melds = [[c.code for c in m.cards] for m in best.melds]
    deadwood = [c.code for c in best.deadwood]
    if not melds:
        return M["count.answer-no-melds"](deadwood=deadwood, points=best.deadwood_points)
    if not deadwood:
        return M["count.answer-no-deadwood"](melds=melds)
    return M["count.answer"](melds=melds, deadwood=deadwood, points=best.deadwood_points)


def count_answer(cards: Iterable[Card]) -> Text:
    """The worked answer: the best melds, the deadwood cards and their count."""
    return _answer(best_arrangement(list(cards)))


__all__ = [
    "COUNT_SLIPS",
    "CountVerdict",
    "DoubleCount",
    "candidate_melds",
    "check_deadwood_count",
    "count_answer",
    "double_counts",
    "layout_counts",
]
