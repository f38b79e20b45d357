"""How a deal ended, on masks: :class:`Outcome` and :func:`score`.

Shared by the hand evaluation (:mod:`gin.bots.evaluate`) and the playouts
(:mod:`gin.bots.simulate`); the end of a deal is scored by :func:`gin.scoring.score_deal`
itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from gin.cards import Card, mask_cards
from gin.melds import deadwood_of_mask
from gin.rules import Rules
from gin.scoring import score_deal


@dataclass(frozen=True)
class Outcome:
    """How a playout ended: ``winner`` (player or ``None``), ``points`` and ``kind``
    (knock, undercut, gin, big-gin, tie, void)."""

    winner: int | None
    points: int
    kind: str

    def value(self, player: int) -> int:
        """Points won by ``player`` (negative when the other player scored)."""
        if self.winner is None:
            return 0
        return self.points if self.winner == player else -self.points


VOID = Outcome(None, 0, "void")


_FIRST_OF_ROWS = 1 | 1 << 13 | 1 << 26 | 1 << 39
_LAST_OF_ROWS = _FIRST_OF_ROWS << 12
_ROW = 0x1FFF


def layoff_reach(cards: int) -> int:
    """Every card that could be laid off onto some meld made of ``cards`` (a mask): the
    other cards of a rank held three or four times, and the cards next to a run of three
    or more in its suit. A defender holding none of them can lay nothing off, whatever
    melds the knocker shows."""
    a = cards & _ROW
    b = (cards >> 13) & _ROW
    c = (cards >> 26) & _ROW
    d = cards >> 39
    sets = (a & b & (c | d)) | (c & d & (a | b))
    reach = sets * _FIRST_OF_ROWS
    for s, row in enumerate((a, b, c, d)):
        starts = row & (row >> 1) & (row >> 2)
        if starts:
            run = starts | starts << 1 | starts << 2
            reach |= (((run << 1) | (run >> 1)) & _ROW) << (13 * s)
    return reach & ~cards


def score(rules: Rules, up_card: Card, knocker: int, kept: int, defender: int) -> Outcome:
    """Score a knock (or gin, or big gin with eleven kept cards) on masks."""
    mult = rules.multiplier(up_card)
    if kept.bit_count() == 11:
        return Outcome(
            knocker, (deadwood_of_mask(defender) + rules.big_gin_bonus) * mult, "big-gin"
        )
    kdw = deadwood_of_mask(kept)
    if kdw == 0:
        return Outcome(knocker, (deadwood_of_mask(defender) + rules.gin_bonus) * mult, "gin")
    if not defender & layoff_reach(kept):
        # nothing can be laid off: the defender's deadwood is its own
        d = deadwood_of_mask(defender)
        if kdw < d:
            return Outcome(knocker, (d - kdw) * mult, "knock")
        if kdw == d and not rules.undercut_on_tie:
            return Outcome(None, 0, "tie")
        return Outcome(1 - knocker, (kdw - d + rules.undercut_bonus) * mult, "undercut")
    winner, points, kind = _scored_with_layoffs(rules, up_card, kept, defender)
    if winner is None:
        return Outcome(None, 0, kind)
    return Outcome(knocker if winner == "knocker" else 1 - knocker, points, kind)


@lru_cache(maxsize=1 << 14)
def _scored_with_layoffs(
    rules: Rules, up_card: Card, kept: int, defender: int
) -> tuple[str | None, int, str]:
    """(winner, points, kind) of :func:`gin.scoring.score_deal` for a knock the defender
    may lay off on (kept: the imagined deals of one decision often end in the same
    hands)."""
    r = score_deal(rules, up_card, mask_cards(kept), mask_cards(defender))
    return r.winner, r.points, r.kind


__all__ = ["VOID", "Outcome", "layoff_reach", "score"]
