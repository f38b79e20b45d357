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


def _discard_view(preset: str) -> gin.PlayerView:
    deal = Deal.new(gin.Rules.preset(preset), dealer=0, seed=7)
    deal.apply(act.Pass())
    deal.apply(act.Pass())
    deal.apply(act.DrawStock())
    return deal.view(deal.to_move)


def test_the_real_tables_discard_instruction_says_a_knock_over_the_limit_is_refused() -> None:
    """At the real table Knock is offered on every discard and checked on the layout
    (helplevel: knock_on_every_discard): the coach says so, and names big gin only where
    the rules have it; at some help the plain discard line stays."""
    classic = turn_instruction(_discard_view("classic"), policy("none"))[0]
    spades = turn_instruction(_discard_view("spades-double"), policy("none"))[0]
    assert classic.key == "coach.turn-discard-knock"
    assert spades.key == "coach.turn-discard-knock-big-gin"
    assert "refused" in classic.text and "slip" in classic.text
    assert "Big gin" not in classic.text and "Big gin" in spades.text
    assert turn_instruction(_discard_view("classic"), policy("some"))[0].key == "coach.turn-discard"


def _layoff_view(seed: int) -> gin.PlayerView | None:
    """The defender's view at the layoff of a deal two eager bots play, if it gets there."""
    deal = Deal.new(gin.Rules.preset("classic"), dealer=0, seed=seed)
    bots = [make_bot("eager", random.Random(seed + p)) for p in (0, 1)]
    while not deal.is_over and deal.phase is not Phase.LAYOFF:
        deal.apply(bots[deal.to_move].choose(deal.view(deal.to_move)))
    return deal.view(deal.to_move) if deal.phase is Phase.LAYOFF else None


def test_the_layoff_instruction_names_the_button_shown_lay_off_or_go_on() -> None:
    """The lay-off button reads "Go on" when no card fits (dealresult.layoff_button_label):
    the coach names that button, and never says to lay off cards that do not exist."""
    seen = set()
    for seed in range(60):
        view = _layoff_view(seed)
        if view is None or view.layoff_plan is None:
            continue
        (step,) = turn_instruction(view, policy("some"))
        fits = bool(view.layoff_plan.fitting_cards)
        assert step.key == ("coach.turn-layoff" if fits else "coach.turn-layoff-none")
        assert ("“Lay off”" in step.text) == fits and ("“Go on”" in step.text) == (not fits)
        seen.add(fits)
    assert seen == {True, False}
