"""Layoffs: one card laid off onto a knocker's meld (:class:`Layoff`), the cards that extend a
run, and the defender's best layoffs (:func:`best_layoffs`).

These are shared by :mod:`gin.scoring` (the engine's best layoffs when a deal is scored) and
:mod:`gin.layout` (layoffs a player chooses one at a time).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gin.cards import Card, cards_mask
from gin.melds import Meld, deadwood_of_mask, extend


@dataclass(frozen=True)
class Layoff:
    """One card laid off: ``onto`` is the meld before the card, ``result`` after it."""

    card: Card
    onto: Meld
    result: Meld


def run_chains(meld: Meld, hand_mask: int) -> tuple[list[Card], list[Card]]:
    """Cards of the hand extending a run downwards and upwards, nearest first."""
    low: list[Card] = []
    high: list[Card] = []
    first, last = meld.cards[0], meld.cards[-1]
    r = first.rank - 1
    while r >= 1 and hand_mask & (1 << (first.suit * 13 + r - 1)):
        low.append(Card(r, first.suit))
        r -= 1
    r = last.rank + 1
    while r <= 13 and hand_mask & (1 << (first.suit * 13 + r - 1)):
        high.append(Card(r, first.suit))
        r += 1
    return low, high


def best_layoffs(
    knocker_melds: Sequence[Meld], defender_cards: Iterable[Card]
) -> tuple[int, tuple[Layoff, ...], tuple[Meld, ...]]:
    """The defender's best layoffs onto the knocker's melds.

    Layoffs and the defender's own melds are chosen together for the least deadwood;
    among equal results the fewest layoffs are made. Returns the defender's deadwood
    after layoffs, the layoffs in the order they are laid, and the knocker's melds after.
    """
    hand_mask = cards_mask(defender_cards)
    per_meld: list[list[tuple[Card, ...]]] = []
    for meld in knocker_melds:
        if meld.kind == "set":
            options: list[tuple[Card, ...]] = [()]
            if len(meld.cards) == 3:
                suits = {c.suit for c in meld.cards}
                missing = next(s for s in range(4) if s not in suits)
                fourth = Card(meld.cards[0].rank, missing)
                if hand_mask & fourth.mask:
                    options.append((fourth,))
        else:
            low, high = run_chains(meld, hand_mask)
            options = [
                tuple(low[:i]) + tuple(high[:j])
                for i in range(len(low) + 1)
                for j in range(len(high) + 1)
            ]
        per_meld.append(options)
    best: tuple[int, int, tuple[tuple[Card, ...], ...]] | None = None
    for combo in itertools.product(*per_meld):
        used = 0
        ok = True
        for cards in combo:
            for c in cards:
                if used & c.mask:
                    ok = False
                    break
                used |= c.mask
            if not ok:
                break
        if not ok:
            continue
        dw = deadwood_of_mask(hand_mask & ~used)
        key = (dw, bin(used).count("1"))
        if best is None or key < best[:2]:
            best = (dw, key[1], combo)
    assert best is not None
    layoffs: list[Layoff] = []
    after: list[Meld] = []
    for meld, cards in zip(knocker_melds, best[2], strict=True):
        current = meld
        for c in cards:
            grown = extend(current, c)
            layoffs.append(Layoff(c, current, grown))
            current = grown
        after.append(current)
    return best[0], tuple(layoffs), tuple(after)


__all__ = ["Layoff", "best_layoffs", "run_chains"]
