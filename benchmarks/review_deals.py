"""The deals the review benchmarks review (:mod:`benchmarks.review` in the kernel,
:mod:`benchmarks.review_static` on the static site): played as at the play table, the
learner (player 0) by ``eager`` with one discard in four chosen at random, like a learner
who errs; the opponent ``eager``."""

from __future__ import annotations

import random

import gin
from gin.bots import make_bot


class ErringLearner:
    """``eager``, but one discard in four is chosen at random (seeded)."""

    name = "erring"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.eager = make_bot("eager", rng)

    def choose(self, view: gin.PlayerView) -> gin.Action:
        """A learner's move: mostly sensible, sometimes not."""
        if view.phase is gin.Phase.DISCARD and self.rng.random() < 0.25:
            plain = [a for a in view.legal_actions if isinstance(a, gin.Discard)]
            if plain:
                return self.rng.choice(plain)
        return self.eager.choose(view)


def played_deals(n: int) -> list[gin.Deal]:
    """``n`` deals played to their end by an :class:`ErringLearner` (player 0) and
    ``eager``, the same on every machine."""
    out = []
    rng = random.Random(20)
    for seed in range(n):
        deal = gin.Deal.new(gin.Rules.preset("classic"), dealer=seed % 2, seed=1000 + seed)
        bots = (ErringLearner(rng), make_bot("eager", rng))
        while not deal.is_over:
            p = deal.to_move
            assert p is not None
            deal.apply(bots[p].choose(deal.view(p)))
        out.append(deal)
    return out


__all__ = ["ErringLearner", "played_deals"]
