"""A slow, obviously correct meld search, used only to check the fast solver.

Nothing here imports the engine's solver: melds, partitions, best discards and layoffs are
found by trying every possibility. Only :class:`gin.Card` (a plain value) is used.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache

from gin.cards import Card

Structure = frozenset[tuple[str, frozenset[Card]]]
"""A collection of melds as a comparable value: a set of (kind, cards)."""


def all_melds(hand: Sequence[Card]) -> list[frozenset[Card]]:
    """Every set (3 or 4 of a rank) and every run (3+ in a row of one suit) in the hand."""
    melds: list[frozenset[Card]] = []
    cards = set(hand)
    for rank in range(1, 14):
        same = [c for c in hand if c.rank == rank]
        for size in (3, 4):
            melds.extend(frozenset(combo) for combo in itertools.combinations(same, size))
    for c in hand:
        run = [c]
        while True:
            nxt = next(
                (d for d in cards if d.suit == run[-1].suit and d.rank == run[-1].rank + 1), None
            )
            if nxt is None:
                break
            run.append(nxt)
            if len(run) >= 3:
                melds.append(frozenset(run))
    return melds


def brute_partitions(hand: Sequence[Card]) -> list[tuple[list[frozenset[Card]], int]]:
    """Every collection of disjoint melds, with the deadwood it leaves."""
    melds = all_melds(hand)
    total = sum(c.points for c in hand)
    out: list[tuple[list[frozenset[Card]], int]] = []

    def rec(i: int, used: frozenset[Card], chosen: list[frozenset[Card]]) -> None:
        if i == len(melds):
            out.append((list(chosen), total - sum(c.points for c in used)))
            return
        rec(i + 1, used, chosen)
        m = melds[i]
        if not (m & used):
            chosen.append(m)
            rec(i + 1, used | m, chosen)
            chosen.pop()

    rec(0, frozenset(), [])
    return out


@lru_cache(maxsize=65536)
def _brute_deadwood_frozen(hand: frozenset[Card]) -> int:
    return min(dw for _, dw in brute_partitions(sorted(hand)))


def brute_deadwood(hand: Iterable[Card]) -> int:
    """Least deadwood by trying every collection of disjoint melds."""
    return _brute_deadwood_frozen(frozenset(hand))


def brute_best_meld_card_sets(hand: Sequence[Card]) -> set[frozenset[Card]]:
    """The deadwood cards (one frozenset each) over all best collections of melds."""
    best = brute_deadwood(hand)
    out = set()
    for melds, dw in brute_partitions(hand):
        if dw == best:
            used = frozenset().union(*melds) if melds else frozenset()
            out.add(frozenset(hand) - used)
    return out


def meld_kind(meld: Iterable[Card]) -> str:
    """``set`` when every card has the same rank, otherwise ``run``."""
    return "set" if len({c.rank for c in meld}) == 1 else "run"


def canonical(melds: Iterable[Iterable[Card]]) -> Structure:
    """A collection of melds with runs of one suit that touch merged into one run.

    ``5♠6♠7♠`` and ``8♠9♠T♠`` together are the same cards as ``5♠ ... T♠``, and the
    engine shows them as one meld.
    """
    sets = [frozenset(m) for m in melds if meld_kind(m) == "set"]
    runs = sorted((sorted(m) for m in melds if meld_kind(m) == "run"), key=lambda r: r[0])
    merged: list[list[Card]] = []
    for run in runs:
        last = merged[-1] if merged else None
        if last is not None and last[-1].suit == run[0].suit and last[-1].rank + 1 == run[0].rank:
            last.extend(run)
        else:
            merged.append(list(run))
    return frozenset([("set", s) for s in sets] + [("run", frozenset(r)) for r in merged])


def brute_best_structures(hand: Sequence[Card]) -> set[Structure]:
    """Every distinct collection of melds that reaches the least deadwood (canonical)."""
    best = brute_deadwood(hand)
    return {canonical(melds) for melds, dw in brute_partitions(hand) if dw == best}


def brute_best_discards(hand11: Sequence[Card]) -> tuple[int, set[Card]]:
    """The least deadwood after one discard, and every discard that reaches it."""
    scores = {c: brute_deadwood([d for d in hand11 if d is not c]) for c in hand11}
    best = min(scores.values())
    return best, {c for c, v in scores.items() if v == best}


# ---------------------------------------------------------------- layoffs


def fits(meld: frozenset[Card], card: Card) -> bool:
    """Whether ``card`` may be laid off onto ``meld``: the fourth card of a set of three,
    or the next card at either end of a run."""
    if card in meld:
        return False
    if meld_kind(meld) == "set":
        return len(meld) == 3 and next(iter(meld)).rank == card.rank
    suit = next(iter(meld)).suit
    ranks = [c.rank for c in meld]
    return card.suit == suit and card.rank in (min(ranks) - 1, max(ranks) + 1)


def brute_defender_deadwood(
    knocker_melds: Iterable[Iterable[Card]], defender: Iterable[Card]
) -> int:
    """The defender's least deadwood: every sequence of layoffs, one card at a time (so
    chains such as 9♠ then 10♠ are found), each followed by the best own melds."""

    @cache
    def rec(melds: tuple[frozenset[Card], ...], rest: frozenset[Card]) -> int:
        best = brute_deadwood(rest)
        for card in rest:
            for i, meld in enumerate(melds):
                if fits(meld, card):
                    grown = (*melds[:i], meld | {card}, *melds[i + 1 :])
                    best = min(best, rec(grown, rest - {card}))
        return best

    return rec(tuple(frozenset(m) for m in knocker_melds), frozenset(defender))


def brute_knock_outcome(
    knocker: Sequence[Card], defender: Sequence[Card]
) -> tuple[int, int, list[tuple[Structure, int]]]:
    """(knocker deadwood, defender deadwood after layoffs, per knocker arrangement).

    The knocker's melds are chosen among the least-deadwood collections so as to leave
    the defender the most deadwood after the defender's best layoffs (the tie-break).
    """
    kdw = brute_deadwood(knocker)
    per: dict[Structure, int] = {}
    for melds, dw in brute_partitions(knocker):
        if dw == kdw:
            key = canonical(melds)
            if key not in per:
                per[key] = brute_defender_deadwood(melds, defender)
    return kdw, max(per.values()), sorted(per.items(), key=lambda kv: kv[1])
