"""The review of the learner's own layout and layoffs (``?arrange=self``): decisions of
kind ``layout`` and ``layoffs``, weighed exactly against the engine's best, classed with
the same thresholds, explained, judged again in "play it again", counted as themes."""

from __future__ import annotations

import random

import pytest
from conftest import stack_order
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_review import _permute_hidden

import gin
from gin import actions as act
from gin.bots import EagerBot
from gin.bots.review import (
    THEMES,
    Decision,
    judge_exact,
    learner_decisions,
    review_deal,
    summarize,
)
from gin.bots.review_layout import judge_layoffs, judge_layout, without_layout
from gin.bots.selfplay import play_deal
from gin.bots.verdicts import verdict
from gin.cards import Card, parse_cards
from gin.deal import Deal, Phase
from gin.melds import best_arrangements

CLASSIC = gin.Rules.preset("classic")
WORLDS = 6
SERIOUS = ("mistake", "blunder")

KNOCKER = "5H 6H 7H 8H 9H 2S 2D 2C 2H KD"
"""The learner's ten cards: with the ace of clubs from the stock, a run of five, a set of
four, the ace and the king (thrown to knock with 1 deadwood)."""
DEFENDER = "4H TH 3S 3D JC QC KC 8S 8D 7C"
"""The other hand: 4♥ and 10♥ fit the run 5♥-9♥ (10♥ only while 9♥ is in it)."""
RUN5 = tuple(parse_cards("5H 6H 7H 8H 9H"))
RUN4 = tuple(parse_cards("5H 6H 7H 8H"))
SET4 = tuple(parse_cards("2S 2D 2C 2H"))
KD = Card.parse("KD")


def _knock_deal(melds: tuple[tuple[Card, ...], ...] | None) -> Deal:
    """The learner (player 0, non-dealer) draws the ace of clubs and knocks, throwing the
    king, with ``melds`` laid out (``None``: the engine's layout); the other player lays
    off as the engine does."""
    deal = Deal(CLASSIC, stack_order(KNOCKER, DEFENDER, "JD", "AC"), dealer=1)
    for a in (act.Pass(), act.Pass(), act.DrawStock(), act.Knock(KD, melds), act.LayOff()):
        deal.apply(a)
    assert deal.is_over
    return deal


def _layoff_deal(layoffs: tuple[tuple[Card, int], ...]) -> Deal:
    """The learner (player 0) defends: the other player knocks with the run 5♥-9♥ and the
    set of twos (1 deadwood); the learner lays off ``layoffs``."""
    order = stack_order(DEFENDER, KNOCKER, "JD", "6C AC")
    deal = Deal(CLASSIC, order, dealer=1)
    for a in (act.Pass(), act.Pass(), act.DrawStock(), act.Discard(Card.parse("6C"))):
        deal.apply(a)
    deal.apply(act.DrawStock())
    deal.apply(act.Knock(KD))
    deal.apply(act.LayOff(layoffs))
    assert deal.is_over
    return deal


def _only(deal: Deal, kind: str) -> Decision:
    (d,) = [d for d in review_deal(deal, 0, worlds=WORLDS).decisions if d.kind == kind]
    return d


# ------------------------------------------------------------------------ the layout


def test_a_layout_that_leaves_a_meld_card_in_deadwood_is_a_mistake_with_the_exact_loss() -> None:
    """Rule: the knocker's layout is weighed exactly: each point of deadwood above the
    best layout is a point off the knocker's score. Leaving 9♥ out of the run 5♥-9♥
    loses exactly 9 points: a mistake, with the reason naming the card and the meld."""
    d = _only(_knock_deal((RUN4, SET4)), "layout")
    assert d.exact is not None and d.loss == 9.0
    assert d.verdict == verdict(9.0) and d.verdict in SERIOUS
    assert d.exact.deadwood == 10 and d.exact.best_deadwood == 1
    assert d.exact.left == (Card.parse("9H"),)
    assert d.reasons[0].key == "review.layout-left-card"
    assert d.reasons[0].data["card"] == "9H"
    assert d.themes == ("layout",)
    best = d.best
    assert isinstance(best, act.Knock) and best.card == KD
    assert {frozenset(m) for m in best.melds or ()} == {frozenset(RUN5), frozenset(SET4)}


def test_the_best_layout_is_classed_best_and_the_knock_itself_is_weighed_apart() -> None:
    """Rule: a layout with the least deadwood is the best (loss 0); a knock laid out by
    the learner is two decisions in deal order: the knock itself (weighed as if laid out
    at best), then the layout."""
    deal = _knock_deal((SET4, RUN5))
    review = review_deal(deal, 0, worlds=WORLDS)
    kinds = [d.kind for d in review.decisions]
    assert kinds[-2:] == ["knock", "layout"]
    knock, layout = review.decisions[-2:]
    assert knock.index == layout.index == 3
    assert knock.made == act.Knock(KD) == without_layout(deal.actions[3])
    assert layout.made == deal.actions[3]
    assert layout.verdict == "best" and layout.loss == 0.0 and layout.reasons == ()
    assert layout.best == layout.made


def test_gin_laid_out_with_deadwood_also_loses_the_gin_bonus() -> None:
    """Rule: cards that are gin, laid out with deadwood, are scored as a knock: the
    layout loses that deadwood and the gin bonus (a blunder)."""
    ten = parse_cards("5H 6H 7H 8H 2S 2D 2C TS JS QS")
    assert best_arrangements(ten)[0].deadwood_points == 0
    up = Card.parse("JD")
    melds = [tuple(parse_cards("6H 7H 8H")), SET4[:3], tuple(parse_cards("TS JS QS"))]
    j = judge_layout(CLASSIC, up, ten, melds)
    assert j.best_deadwood == 0 and j.deadwood == 5
    assert j.loss == (5 + CLASSIC.gin_bonus) * CLASSIC.multiplier(up)
    assert verdict(j.loss) == "blunder"
    assert j.reasons[0].key == "review.layout-left-card"
    assert j.reasons[-1].key == "review.layout-gin"


def test_a_layout_refused_by_the_engine_is_refused_by_the_review() -> None:
    """Rule (bad input): a layout the engine would refuse (over the knock limit) raises
    the engine's LayoutError, never a made-up loss."""
    with pytest.raises(gin.LayoutError) as e:
        judge_layout(CLASSIC, Card.parse("JD"), parse_cards(KNOCKER.replace("KD", "AC")), [])
    assert e.value.code == "layout-over-limit"


# ------------------------------------------------------------------------ the layoffs


def test_a_missed_layoff_is_classed_at_least_a_mistake_with_the_exact_loss() -> None:
    """Rule: the defender's layoffs are weighed exactly against the best layoffs onto the
    knocker's melds: keeping 10♥, which fitted on 5♥-9♥, costs its 10 points."""
    d = _only(_layoff_deal(((Card.parse("4H"), 1),)), "layoffs")
    assert d.exact is not None
    assert d.loss == 10.0 and d.verdict in SERIOUS
    assert d.exact.left == (Card.parse("TH"),)
    assert d.reasons[0].key == "review.layoff-kept"
    assert d.reasons[0].data == {"card": "TH", "meld": [c.code for c in RUN5]}
    assert d.themes == ("layoffs",)
    assert isinstance(d.best, act.LayOff)
    assert {c for c, _ in d.best.layoffs or ()} == set(parse_cards("4H TH"))


def test_the_best_layoffs_are_classed_best() -> None:
    """Rule: layoffs that leave the least deadwood are the best (loss 0)."""
    d = _only(_layoff_deal(((Card.parse("4H"), 1), (Card.parse("TH"), 1))), "layoffs")
    assert d.verdict == "best" and d.loss == 0.0 and d.reasons == ()


def test_no_layoff_at_all_counts_both_cards() -> None:
    """Rule: laying off nothing when two cards fit loses both cards' points."""
    d = _only(_layoff_deal(()), "layoffs")
    assert d.loss == 14.0 and d.verdict == "blunder"
    assert d.exact is not None and d.exact.laid == ()


def test_laying_off_a_card_of_ones_own_meld_is_costly_and_named() -> None:
    """Rule: a layoff that breaks the defender's own meld is weighed against keeping it
    (J♥ onto 8♥-10♥ breaks the set of jacks: 20 points), and the reason names the meld."""
    knocker = gin.propose_layout(
        parse_cards("5S 5H 5D 5C 8H 9H TH 2S 2H 4C"),
        [parse_cards("5S 5H 5D 5C"), parse_cards("8H 9H TH")],
    )
    hand = parse_cards("7S 8S JS QS 3H 6H JH 3C 7C JC")
    j = judge_layoffs(CLASSIC, Card.parse("JD"), knocker, hand, [(Card.parse("JH"), 1)])
    assert j.loss == 20 and verdict(j.loss) == "blunder"
    assert j.best_laid == () and j.left == ()
    assert j.reasons[0].key == "review.layoff-broke"
    assert j.reasons[0].data == {"card": "JH", "meld": ["JS", "JH", "JC"]}
    kept = judge_layoffs(CLASSIC, Card.parse("JD"), knocker, hand, [])
    assert kept.loss == 0 and kept.reasons == ()


# ------------------------------------------------------------------ the whole review


def test_an_arranged_review_is_the_same_on_every_run() -> None:
    """Rule: a review is identical across two runs (layouts and layoffs are exact)."""
    for deal in (_knock_deal((RUN4, SET4)), _layoff_deal(())):
        assert review_deal(deal, 0, worlds=WORLDS) == review_deal(deal, 0, worlds=WORLDS)


def test_the_summary_names_layout_and_layoff_slips_as_themes() -> None:
    """Rule: the game summary counts costly layouts and layoffs as recurring themes."""
    reviews = [
        review_deal(_knock_deal((RUN4, SET4)), 0, worlds=WORLDS),
        review_deal(_layoff_deal(()), 0, worlds=WORLDS),
        review_deal(_layoff_deal(((Card.parse("4H"), 1),)), 0, worlds=WORLDS),
    ]
    themes = dict(summarize(reviews).themes)
    assert themes.get("layoffs") == 2
    assert "layout" in THEMES and "layoffs" in THEMES


def test_play_it_again_judges_a_new_layout_and_new_layoffs_exactly() -> None:
    """Rule: "play it again" for a layout or layoffs: the learner lays out again and is
    told whether it is now the best, or how many points from it; anything but a new
    layout of the same knock is refused."""
    layout = _only(_knock_deal((RUN4, SET4)), "layout")
    good = judge_exact(layout, act.Knock(KD, (RUN5, SET4)))
    assert good.verdict == "best" and good.loss == 0.0
    again = judge_exact(layout, act.Knock(KD, (RUN5, SET4[:3])))
    assert again.loss == 2.0 and again.verdict == "good"
    with pytest.raises(gin.LayoutError) as refused:
        judge_exact(layout, act.Knock(KD, (RUN4,)))
    assert refused.value.code == "layout-over-limit"
    with pytest.raises(gin.IllegalActionError) as e:
        judge_exact(layout, act.Knock(Card.parse("AC"), (RUN5, SET4)))
    assert e.value.code == "review-not-legal"
    with pytest.raises(gin.IllegalActionError):
        judge_exact(layout, act.LayOff(()))
    layoffs = _only(_layoff_deal(()), "layoffs")
    best = judge_exact(layoffs, act.LayOff(((Card.parse("4H"), 1), (Card.parse("TH"), 1))))
    assert best.verdict == "best"
    with pytest.raises(gin.LayoutError):
        judge_exact(layoffs, act.LayOff(((Card.parse("3S"), 1),)))  # 3♠ fits no meld


# ------------------------------------------------------------------------ fair play


def _arranged(deal: Deal, player: int) -> Deal:
    """``deal`` played again with ``player`` laying out their own melds (dropping the
    last meld when the knock limit allows: a worse layout) and laying off nothing."""
    replay = Deal(deal.rules, deal.order, deal.dealer)
    for a in deal.actions:
        if replay.is_over:
            break
        if replay.to_move == player and isinstance(a, act.Knock):
            kept = [c for c in replay.hand(player) if c != a.card]
            melds = [m.cards for m in best_arrangements(kept)[0].melds]
            worse = gin.propose_layout(kept, melds[:-1])
            if melds and worse.deadwood_points <= replay.knock_limit:
                melds = melds[:-1]
            a = act.Knock(a.card, tuple(melds))
        elif replay.to_move == player and isinstance(a, act.LayOff):
            a = act.LayOff(())
        elif replay.phase is Phase.LAYOFF:
            a = act.LayOff()
        replay.apply(a)
    if not replay.is_over and replay.phase is Phase.LAYOFF:
        replay.apply(act.LayOff(()) if replay.to_move == player else act.LayOff())
    return replay


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), shuffle=st.integers(0, 10_000))
def test_a_layout_or_layoff_review_never_reads_a_card_the_player_could_not_see(
    seed: int, shuffle: int
) -> None:
    """Rule (fair play): a layout is weighed from the learner's own hand only, and
    layoffs from the learner's hand and the knocker's cards laid face up. The same deal
    with every card the learner never saw before the end shuffled (the opponent's hidden
    cards, the stock) gives the very same review, layout and layoffs included."""
    deal = _arranged(play_deal(Deal.new(CLASSIC, seed=seed), (EagerBot(), EagerBot())), 0)
    assume(deal.knocker is not None)
    other = _permute_hidden(deal, 0, random.Random(shuffle))
    assume(other is not None and other.order != deal.order)
    assert other is not None
    first = review_deal(deal, 0, worlds=WORLDS)
    assert first == review_deal(other, 0, worlds=WORLDS)
    kinds = [d.kind for d in first.decisions]
    if deal.knocker == 0:
        assert "layout" in kinds
    assert len(first.decisions) == len(learner_decisions(deal, 0))
