"""A slow, obviously correct meld search, used only to check the fast solver."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from gin.cards import Card


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
            nxt = next((d for d in cards if d.suit == run[-1].suit and d.rank == run[-1].rank + 1), None)
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


def brute_deadwood(hand: Sequence[Card]) -> int:
    """Least deadwood by trying every collection of disjoint melds."""
    return min(dw for _, dw in brute_partitions(hand))


def brute_best_meld_card_sets(hand: Sequence[Card]) -> set[frozenset[Card]]:
    """The sets of melded cards (as one frozenset of deadwood) over all best collections."""
    best = brute_deadwood(hand)
    out = set()
    for melds, dw in brute_partitions(hand):
        if dw == best:
            used = frozenset().union(*melds) if melds else frozenset()
            out.add(frozenset(hand) - used)
    return out
