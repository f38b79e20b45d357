"""Deals and games between computer opponents (gin.bots.selfplay)."""

from __future__ import annotations

import itertools
import random

import pytest

from gin import Deal, GinError, Rules
from gin.bots import EagerBot, TacticianBot
from gin.bots.selfplay import play_deal, play_game
from gin.match import Game


def test_play_deal_plays_a_deal_to_its_end_and_times_every_decision() -> None:
    d = Deal.new(Rules.preset("classic"), dealer=0, rng=random.Random(4))
    times: tuple[list[float], list[float]] = ([], [])
    out = play_deal(d, (EagerBot(), TacticianBot()), times=times)
    assert out is d and d.is_over
    assert len(times[0]) + len(times[1]) == len(d.actions)


def test_play_deal_refuses_anything_but_two_opponents() -> None:
    d = Deal.new(Rules.preset("classic"), rng=random.Random(4))
    with pytest.raises(GinError) as e:
        play_deal(d, (EagerBot(),))
    assert e.value.code == "bad-bots"


@pytest.mark.parametrize("preset", Rules.PRESETS)
def test_play_game_plays_to_the_target_and_the_game_owns_the_dealer_rotation(
    preset: str,
) -> None:
    """The game (gin.match.Game) deals and picks each next dealer by the rules: the
    winner of the deal in classic, alternating in spades-double, the same dealer after
    a void deal. Its log replays to the same game."""
    rules = Rules.preset(preset)
    game = play_game((EagerBot(), EagerBot()), rules, seed=8, first_dealer=1)
    assert game.is_over and max(game.totals) >= rules.target
    sheet = game.score_sheet
    assert sheet[0].dealer == 1
    for before, after in itertools.pairwise(sheet):
        if before.kind == "void":
            assert after.dealer == before.dealer
        elif rules.next_dealer == "alternate":
            assert after.dealer == 1 - before.dealer
        elif before.winner is not None:
            assert after.dealer == before.winner
    assert Game.from_json(game.to_json()) == game


def test_play_game_does_not_advance_the_callers_generator_and_is_reproducible() -> None:
    rng = random.Random(5)
    state = rng.getstate()
    a = play_game((EagerBot(), EagerBot()), Rules.preset("classic"), rng=rng)
    assert rng.getstate() == state
    b = play_game((EagerBot(), EagerBot()), Rules.preset("classic"), rng=random.Random(5))
    assert a.score_sheet == b.score_sheet


def test_play_game_stops_unfinished_after_max_deals() -> None:
    game = play_game((EagerBot(), EagerBot()), Rules.preset("classic"), seed=2, max_deals=1)
    assert len(game.deals) == 1 and game.deal.is_over
