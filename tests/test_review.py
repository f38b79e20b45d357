"""The review of a finished deal: each decision weighed from what the player saw, classed
by the points it lost, costly ones explained, the puzzle, the game summary."""

from __future__ import annotations

import random

import pytest
from conftest import stack_order
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import gin
from gin import actions as act
from gin.bots import EagerBot, make_bot
from gin.bots.review import (
    MAX_COSTLY,
    DealReviewer,
    decide,
    learner_decisions,
    puzzle,
    review_deal,
    review_game,
    summarize,
)
from gin.bots.selfplay import play_deal
from gin.bots.verdicts import COSTLY, THRESHOLDS, VERDICTS, judge_loss, legend, verdict
from gin.cards import DECK, Card, parse_cards
from gin.deal import Deal, Phase

CLASSIC = gin.Rules.preset("classic")
FAST = 16
"""Worlds per decision in the tests of whole deals (the review itself uses more)."""

SERIOUS = ("mistake", "blunder")


def _rest(*used: str) -> list[Card]:
    taken: set[Card] = set()
    for u in used:
        taken |= set(parse_cards(u))
    return [c for c in DECK if c not in taken]


def _position(hand: str, up: str, seed: int = 1) -> Deal:
    """The player 0 to discard from ``hand`` in the middle of a deal, the other cards
    spread at random (seeded) between the opponent, the stock and the pile."""
    rest = _rest(hand, up)
    random.Random(seed).shuffle(rest)
    return Deal.from_position(
        CLASSIC,
        dealer=1,
        hands=(parse_cards(hand), rest[:10]),
        stock=rest[10:30],
        discard_pile=[Card.parse(up), *rest[30:]],
        up_card=Card.parse(up),
        phase=Phase.DISCARD,
        to_move=0,
    )


# ---------------------------------------------------------------------- the classes


def test_the_thresholds_class_each_loss_once_in_increasing_order() -> None:
    """Rule: an exact loss is classed best < good < inaccuracy < mistake < blunder, the
    thresholds set in one place (verdicts.THRESHOLDS) and shown in the legend, with
    "close" (an estimate the imagined deals cannot settle) between best and good."""
    bounds = [b for _, b in THRESHOLDS]
    assert bounds == sorted(bounds) and bounds[0] > 0
    exact = [v for v in VERDICTS if v != "close"]
    for (name, below), nxt in zip(THRESHOLDS, exact[1:], strict=True):
        assert verdict(below - 0.01) == name
        assert verdict(below) == nxt
    assert verdict(0.0) == "best" and verdict(1000.0) == "blunder"
    assert [row[0] for row in legend()] == list(VERDICTS)
    assert legend()[-1][2] is None
    assert COSTLY == VERDICTS[3:]


def test_breaking_a_meld_instead_of_throwing_a_lone_high_card_is_at_least_a_mistake() -> None:
    """Rule: discarding from a meld when a lone high card could go costs points: classed a
    mistake or blunder, with the meld named in the reason; the best move is classed best."""
    deal = _position("5S 6S 7S 9H 9D 9C QC JH 3D 2C KD", "TH")
    view = deal.view(0)
    broke = decide(0, view, act.Discard(Card.parse("6S")))
    assert broke.verdict in SERIOUS
    assert "broke-meld" in broke.themes
    assert broke.reasons[0].key == "review.broke-meld"
    assert broke.reasons[0].data["meld"] == ["5S", "6S", "7S"]
    best = decide(0, view, broke.best)
    assert best.verdict == "best" and best.loss == 0.0 and best.reasons == ()


def _fed_deal() -> Deal:
    """The opponent (player 1, the non-dealer) takes the up card 8♥ and then the
    player's 8♦: the player (dealer 0) then holds the lone 8♣ and K♠."""
    opp = "AH 2H 3H 6D 7D 9C TC TD QD JD"
    me = "2S 3S 4S 5H 5D 5C 8D 8C KS JC"
    order = stack_order(opp, me, "8H", "QC QH")
    deal = Deal(CLASSIC, order, dealer=0)
    for a in ("take", "discard QD", "draw-stock", "discard 8D", "draw-discard", "discard JD"):
        deal.apply(act.parse_action(a))
    deal.apply(act.DrawStock())
    return deal


def test_throwing_the_neighbour_of_cards_the_opponent_took_is_at_least_a_mistake() -> None:
    """Rule: the opponent took 8♥ and 8♦ from the discard pile; throwing 8♣ feeds its
    set: classed a mistake or blunder, the reason names the cards it took."""
    deal = _fed_deal()
    view = deal.view(0)
    assert {c.code for c in view.opponent_known} == {"8H", "8D"}
    fed = decide(0, view, act.Discard(Card.parse("8C")))
    assert fed.verdict in SERIOUS
    assert "fed" in fed.themes
    assert fed.reasons and fed.reasons[-1].key == "review.values"
    best = decide(0, view, fed.best)
    assert best.verdict == "best"
    assert fed.best != act.Discard(Card.parse("8C"))


def _undercut_deal() -> Deal:
    """Player 0 may knock with 10 deadwood (up card T♦, limit 10) at the end of the
    stock, while every unseen card is an ace, two, three or four: the opponent's hand is
    sure to undercut; a plain discard voids the deal."""
    hand = "5S 6S 7S 8H 8D 8C 9S 9H 9D TC KC"
    low = [c for c in DECK if c.rank <= 4]
    pile = [c for c in _rest(hand, " ".join(c.code for c in low[:12])) if c.code != "TD"]
    return Deal.from_position(
        CLASSIC,
        dealer=1,
        hands=(parse_cards(hand), low[:10]),
        stock=low[10:12],
        discard_pile=[Card.parse("TD"), *pile],
        up_card=Card.parse("TD"),
        phase=Phase.DISCARD,
        to_move=0,
    )


def test_knocking_into_a_sure_undercut_is_a_blunder_and_playing_on_is_best() -> None:
    """Rule: a knock the opponent is sure to undercut is classed at least a mistake, the
    reason gives the undercut share; the discard that plays on is classed best."""
    view = _undercut_deal().view(0)
    knock = decide(0, view, act.Knock(Card.parse("KC")))
    assert knock.verdict in SERIOUS
    assert knock.kind == "knock"  # knock or play on
    assert knock.themes[0] == "knock-undercut"
    assert knock.reasons[0].data["undercut"] > 0.9
    wait = decide(0, view, act.Discard(Card.parse("KC")))
    assert wait.verdict == "best" and wait.loss == 0.0


def test_a_knocks_undercut_reason_gives_the_deadwood_of_the_best_layout_and_says_so() -> None:
    """Issue 40 (the reading's WRONG entry): the knock is weighed laid out at its best, so
    its reason gives the least deadwood of the ten cards kept and says it is that layout's,
    never as if it were the deadwood the learner laid out with (which may be more)."""
    view = _undercut_deal().view(0)
    knock = decide(0, view, act.Knock(Card.parse("KC")))
    reason = knock.reasons[0]
    kept = [c for c in view.hand if c != Card.parse("KC")]
    assert reason.key == "review.knock-undercut"
    assert reason.data["deadwood"] == gin.deadwood(kept) == 10
    assert "laid out at its best (10 deadwood)" in reason.render()


# ----------------------------------------------------------------- whole deals


def _played(seed: int, opponent: str = "eager") -> Deal:
    bots = (make_bot("tactician", random.Random(seed)), make_bot(opponent, random.Random(seed)))
    return play_deal(Deal.new(CLASSIC, dealer=seed % 2, seed=seed), bots)


def test_a_review_covers_every_decision_with_a_choice_and_is_the_same_on_every_run() -> None:
    """Rule: every decision of the player with more than one legal move is weighed, in
    order; two runs give the same review (the search is seeded from the position)."""
    deal = _played(3)
    first = review_deal(deal, 0, worlds=FAST)
    again = review_deal(deal, 0, worlds=FAST)
    assert first == again
    decisions = learner_decisions(deal, 0)
    assert [d.index for d in first.decisions] == [i for i, _, _ in decisions]
    for d in first.decisions:
        assert d.view.player == 0 and d.view.my_turn
        assert d.made == deal.actions[d.index]
        assert d.loss >= 0 and d.verdict == judge_loss(d.weighing.diffs(d.made))
        assert (d.verdict == "best") == (d.loss == 0.0)  # best never with points lost
        assert d.weighing.value_of(d.made) is not None
        assert len(d.reasons) <= 2
    costly = first.costly
    assert len(costly) <= MAX_COSTLY
    assert all(d.costly for d in costly)
    assert [d.loss for d in costly] == sorted((d.loss for d in costly), reverse=True)
    assert sum(first.counts().values()) == len(first.decisions)


def test_a_review_is_refused_before_the_deal_is_over() -> None:
    """Rule: a review is offered only once the deal is over."""
    deal = Deal.new(CLASSIC, seed=2)
    with pytest.raises(gin.IllegalActionError) as e:
        DealReviewer(deal, 0)
    assert e.value.code == "review-deal-not-over"


def test_the_reviewer_works_one_decision_at_a_time() -> None:
    """Rule: the review can be worked out in small steps (a page shows the progress)."""
    deal = _played(5)
    r = DealReviewer(deal, 1, worlds=8)
    steps = 0
    while not r.step():
        steps += 1
        assert len(r.done) == steps
    assert len(r.result.decisions) == r.total
    assert r.result == review_deal(deal, 1, worlds=8)


def _permute_hidden(deal: Deal, player: int, rng: random.Random) -> Deal | None:
    """The same deal with the cards ``player`` never saw before the end shuffled among
    themselves (the stock left at the end and the opponent's cards never shown before
    the end: a knocker's hand laid face up counts as seen), replayed with the same
    actions; ``None`` if the actions are then illegal."""
    seen: set[Card] = set()
    replay = Deal(deal.rules, deal.order, deal.dealer)
    for a in deal.actions:
        v = replay.view(player)
        seen |= set(v.hand) | set(v.discard_pile) | set(v.opponent_known)
        if v.knocker_shown is not None:  # a knock lays the knocker's hand face up
            seen |= set(v.knocker_shown.cards)
        replay.apply(a)
    # cards shown only when the deal ended are not seen before it ended
    hidden = [i for i, c in enumerate(deal.order) if c not in seen]
    cards = [deal.order[i] for i in hidden]
    rng.shuffle(cards)
    order = list(deal.order)
    for i, c in zip(hidden, cards, strict=True):
        order[i] = c
    try:
        return Deal.replay(deal.rules, order, deal.dealer, deal.actions)
    except gin.GinError:
        return None


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), shuffle=st.integers(0, 10_000))
def test_a_review_never_reads_a_card_the_player_could_not_see(seed: int, shuffle: int) -> None:
    """Rule (fair play): no hidden card is used until the deal is over. The same deal with
    every card the player never saw during it shuffled (the opponent's hidden cards, the
    stock) gives the very same review."""
    deal = play_deal(Deal.new(CLASSIC, seed=seed), (EagerBot(), EagerBot()))
    other = _permute_hidden(deal, 0, random.Random(shuffle))
    assume(other is not None and other.order != deal.order)
    assert other is not None
    assert review_deal(deal, 0, worlds=6) == review_deal(other, 0, worlds=6)


# ----------------------------------------------------------------- the puzzle


def test_play_it_again_judges_a_new_choice_against_the_same_values() -> None:
    """Rule: "play it again" sets up the position the player saw, with the opponent's
    hidden cards and the stock sampled (never read); the best move is told it is best,
    another how far from it."""
    deal = _position("5S 6S 7S 9H 9D 9C QC JH 3D 2C KD", "TH")
    d = decide(0, deal.view(0), act.Discard(Card.parse("6S")))
    p = puzzle(d)
    again = p.deal.view(0)
    assert again.hand == d.view.hand and again.discard_pile == d.view.discard_pile
    assert set(again.legal_actions) == set(d.view.legal_actions)
    assert p.deal.hands[1] != deal.hands[1]  # sampled, not the real hand
    good = p.judge(d.best)
    assert good.verdict == "best" and good.loss == 0.0
    bad = p.judge(act.Discard(Card.parse("6S")))
    assert bad.loss == pytest.approx(d.weighing.loss(d.made))
    assert bad.best == d.best
    other = next(a for a in d.view.legal_actions if d.weighing.value_of(a) is None and a != d.made)
    assert p.judge(other).loss >= 0
    with pytest.raises(gin.IllegalActionError):
        p.judge(act.DrawStock())


# ----------------------------------------------------------------- the game summary


def test_the_game_summary_counts_every_class_and_names_at_most_three_themes() -> None:
    """Rule: the summary counts each class over the reviewed deals and names up to three
    recurring themes of costly decisions, the most frequent first."""
    game = gin.Game(CLASSIC, seed=8)
    from gin.bots.selfplay import play_game_deal

    bots = (make_bot("eager", random.Random(1)), make_bot("tactician", random.Random(1)))
    play_game_deal(game, bots)
    game.next_deal()
    play_game_deal(game, bots)
    reviews = review_game(game, 0, worlds=8)
    assert len(reviews) == 2
    s = summarize(reviews)
    assert s.deals == 2
    assert sum(n for _, n in s.counts) == sum(len(r.decisions) for r in reviews)
    assert len(s.themes) <= 3
    assert [n for _, n in s.themes] == sorted((n for _, n in s.themes), reverse=True)


def test_a_passed_up_card_that_melds_is_explained_with_the_deadwood_it_would_have_cut() -> None:
    """Rule: the reason for a costly draw comes from the hint's facts: the card passed
    would have joined a meld, and the deadwood before and after taking it."""
    from gin.bots.expert import CandidateValue
    from gin.bots.review_reasons import explain

    order = stack_order("7S 8S 9H 9D 2C 3C KD QH JC 5D", "AH 4C 6D TS KS QD 3H 8C 2D 7H", "9S")
    view = Deal(CLASSIC, order, dealer=0).view(1)
    taken = CandidateValue(act.TakeUpCard(), 2.0, 40, ())
    passed = CandidateValue(act.Pass(), -6.0, 40, ())
    why = explain(view, act.Pass(), act.TakeUpCard(), passed, taken, 40)
    assert why.themes == ("draw",)
    first, keeps, values = why.texts
    assert first.key == "review.passed-meld" and first.data["card"] == "9S"
    assert first.data["after"] < first.data["now"]
    # what the card would do, from the cards held: 9S makes a run and a set
    assert keeps.key == "review.card-completes" and keeps.data["card"] == "9S"
    assert sorted(map(sorted, keeps.data["melds"])) == [["7S", "8S", "9S"], ["9D", "9H", "9S"]]
    assert values.key == "review.values" and values.data["best"] == "take"
    assert "average" in values.render()  # an estimate says it is one
