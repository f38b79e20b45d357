"""The review's bias benchmark (issue 39, ``benchmarks/review_bias.py``): each replayed
world is a whole deal with the deal's real history that agrees with everything the learner
saw, its hidden cards sampled (never read), and the replay plays both moves in the same
worlds with the real opponent kind."""

from __future__ import annotations

import random

import pytest

import gin
from benchmarks import review_bias as rb
from benchmarks.review_deals import NoisyLearner
from gin.bots import make_bot
from gin.bots import review as rv
from gin.bots.selfplay import play_deal

CLASSIC = gin.Rules.preset("classic")


def _deal(kind: str, seed: int) -> gin.Deal:
    rng = random.Random(seed)
    return play_deal(
        gin.Deal.new(CLASSIC, dealer=seed % 2, seed=900 + seed),
        (NoisyLearner(rng), make_bot(kind, rng)),
    )


@pytest.mark.parametrize("kind", ["eager", "tactician"])
def test_a_replayed_world_shows_the_learner_exactly_what_they_saw_with_other_hidden_cards(
    kind: str,
) -> None:
    """Rule: the world deal has the same actions up to the decision, and the learner's view
    there is the real one (hand, piles, every event seen, the stock's size); across worlds
    the opponent's hidden cards are sampled, so some differ from the real ones."""
    differs = False
    for seed in range(3):
        deal = _deal(kind, seed)
        rng = random.Random(seed)
        for index, view, _made in rv.learner_decisions(deal, 0):
            world = rb.world_deal(deal, index, 0, rng)
            assert world.actions == deal.actions[:index]
            assert world.view(0) == view
            real = gin.Deal.replay(deal.rules, deal.order, deal.dealer, deal.actions[:index])
            differs |= sorted(world.hand(1)) != sorted(real.hand(1))
    assert differs


def test_points_for_reads_the_winner_and_the_sign_from_the_learners_seat() -> None:
    for seed in range(6):
        deal = _deal("eager", seed)
        r = deal.result
        a, b = rb.points_for(deal, 0), rb.points_for(deal, 1)
        assert a == -b
        if r is None or r.winner is None:
            assert a == 0
        else:
            assert abs(a) == r.points


def test_a_replayed_verdict_pairs_the_two_moves_in_the_same_worlds_deterministically(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(rb, "WORLDS", 4)
    deal = _deal("eager", 1)
    review = rv.review_deal(deal, 0, worlds=8, opponent="eager")
    d = next(d for d in review.decisions if d.weighing.worlds and d.best != d.made)
    once = rb.replay_verdict(d, deal, "eager", True)
    assert len(once.gains) == 4
    assert once == rb.replay_verdict(d, deal, "eager", True)
    same = rv.Decision(
        d.index, d.kind, d.view, d.made, d.weighing, d.loss, d.verdict, d.reasons, d.themes
    )
    # the move made against itself (the review's best set to it) gains nothing anywhere
    monkeypatch.setattr(rv.Decision, "best", property(lambda self: self.made))
    assert rb.replay_verdict(same, deal, "eager", True).gains == (0, 0, 0, 0)
