"""How a deal ended, on masks: :class:`Outcome` and :func:`score`.

Shared by the hand evaluation (:mod:`gin.bots.evaluate`) and the playouts
(:mod:`gin.bots.simulate`); the end of a deal is scored by :func:`gin.scoring.score_deal`
itself.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    r = score_deal(rules, up_card, mask_cards(kept), mask_cards(defender))
    if r.winner is None:
        return Outcome(None, 0, r.kind)
    return Outcome(knocker if r.winner == "knocker" else 1 - knocker, r.points, r.kind)


__all__ = ["VOID", "Outcome", "score"]
