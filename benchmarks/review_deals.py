"""The deals the review's benchmarks play: shared by :mod:`benchmarks.review` (the kernel),
:mod:`benchmarks.review_static` (the static site's probe, which runs this code in Pyodide)
and :mod:`benchmarks.review_check` (the verdicts weighed again).

- :class:`ErringLearner` and :func:`_deals`: the deals of the timings, as at the play table
  (the learner ``eager`` with one discard in four at random, the opponent ``eager``),
  reviewed as the table reviews them: imagining :data:`TIMED_OPPONENT`, the opponent faced.
- :class:`NoisyLearner` and :func:`noisy_deals`: the deals whose verdicts are checked (a
  learner that plays sensibly, the ``tactician``, with a random legal move about one time
  in five; the opponent the ``tactician``).
"""

from __future__ import annotations

import random

import gin
from gin.bots import make_bot

DEALS = 60
"""Deals played and reviewed for the timings."""

TIMED_OPPONENT = "eager"
"""The opponent of the timed deals, which their review imagines (issue 39: the table's
review imagines the opponent the learner faced, here one who knocks as soon as it can)."""


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


def _deals(n: int) -> list[gin.Deal]:
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


NOISE = 0.2
"""The share of the noisy learner's decisions played at random."""


class NoisyLearner:
    """The ``tactician``, but about one decision in five is a random legal move (seeded)."""

    name = "noisy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.sensible = make_bot("tactician", rng)

    def choose(self, view: gin.PlayerView) -> gin.Action:
        """A learner's move: sensible, with a random one now and then."""
        legal = [a for a in view.legal_actions if not isinstance(a, gin.LayOff | gin.BigGin)]
        if view.phase is not gin.Phase.LAYOFF and len(legal) > 1 and self.rng.random() < NOISE:
            return self.rng.choice(legal)
        return self.sensible.choose(view)


def noisy_deals(
    n: int, seed: int = 30, rules: str = "classic", opponent: str = "tactician"
) -> list[gin.Deal]:
    """``n`` deals of the :class:`NoisyLearner` (player 0) against ``opponent``."""
    from gin.bots.selfplay import play_deal

    rng = random.Random(seed)
    return [
        play_deal(
            gin.Deal.new(gin.Rules.preset(rules), dealer=i % 2, seed=seed * 1000 + i),
            (NoisyLearner(rng), make_bot(opponent, rng)),
        )
        for i in range(n)
    ]


__all__ = ["DEALS", "NOISE", "ErringLearner", "NoisyLearner", "noisy_deals"]
