"""The coach's turn instruction at the help levels that leave the counting to the learner
(issue 40): one sentence per state, and each true of the moves the rules allow then."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import gin
from gin import actions as act
from gin.bots import make_bot
from gin.deal import Deal, Phase
from gin.ui.table.coaching import turn_instruction
from gin.ui.table.helplevel import policy


def _draw_key(view: gin.PlayerView) -> str:
    (step,) = turn_instruction(view, policy("some"))
    return step.key


def test_after_both_passes_the_first_draw_is_said_to_come_from_the_stock_alone() -> None:
    """RULES.md: if both players pass the up card, the non-dealer begins by drawing the top
    card of the stock; the coach must not offer the top discard then."""
    deal = Deal.new(gin.Rules.preset("classic"), dealer=0, seed=7)
    deal.apply(act.Pass())
    deal.apply(act.Pass())
    view = deal.view(deal.to_move)
    assert view.phase is Phase.DRAW and view.legal_actions == (act.DrawStock(),)
    assert _draw_key(view) == "coach.turn-draw-stock"
    text = turn_instruction(view, policy("none"))[0].text
    assert "stock" in text and "discard" not in text


def test_a_later_draw_offers_both_the_top_discard_and_the_stock() -> None:
    """Rule: on a normal draw the player takes the top discard or the top of the stock."""
    deal = Deal.new(gin.Rules.preset("classic"), dealer=0, seed=7)
    deal.apply(act.Pass())
    deal.apply(act.Pass())
    deal.apply(act.DrawStock())
    view = deal.view(deal.to_move)
    deal.apply(act.Discard(view.hand[0]))
    view = deal.view(deal.to_move)
    assert act.DrawDiscard() in view.legal_actions
    assert _draw_key(view) == "coach.turn-draw"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), preset=st.sampled_from(["classic", "spades-double"]))
def test_every_draw_instruction_offers_the_top_discard_exactly_when_it_is_legal(
    seed: int, preset: str
) -> None:
    """Over whole deals played by two bots: at every draw, the instruction names the top
    discard if and only if taking it is a legal action."""
    rules = gin.Rules.preset(preset)
    deal = Deal.new(rules, dealer=seed % 2, seed=seed)
    bots = [make_bot("eager", random.Random(seed + p)) for p in (0, 1)]
    while not deal.is_over and deal.phase is not Phase.LAYOFF:
        view = deal.view(deal.to_move)
        if view.phase is Phase.DRAW:
            offers_discard = _draw_key(view) == "coach.turn-draw"
            assert offers_discard == (act.DrawDiscard() in view.legal_actions)
        deal.apply(bots[deal.to_move].choose(view))
