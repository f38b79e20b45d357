"""Hints: available at every decision of the player's turn, with their reasons as data."""

from __future__ import annotations

import random

import pytest
from conftest import StackOrder

import gin
from gin.bots import EagerBot, Hint, hint

CLASSIC = gin.Rules.preset("classic")
SPADES = gin.Rules.preset("spades-double")
FAST = {"playouts": 24, "budget_ms": 60_000.0}


def c(code: str) -> gin.Card:
    return gin.Card.parse(code)


def codes(h: Hint) -> list[str]:
    return [s.code for s in h.steps]


def _check_common(h: Hint, view_legal: tuple[object, ...]) -> None:
    assert h.action in view_legal
    assert h.steps and all(isinstance(s, gin.Step) for s in h.steps)
    assert [s.number for s in h.steps] == list(range(1, len(h.steps) + 1))
    assert h.reasons == h.steps
    assert h.steps[-1].code == "advice"


def test_a_hint_is_offered_for_the_up_card_to_the_non_dealer_and_the_dealer() -> None:
    d = gin.Deal.new(CLASSIC, rng=random.Random(4))
    view = d.view(d.to_move)  # type: ignore[arg-type]
    h = hint(view, random.Random(1), **FAST)
    _check_common(h, view.legal_actions)
    assert h.phase is gin.Phase.OFFER_NON_DEALER
    assert h.action in (gin.TakeUpCard(), gin.Pass())
    assert h.draw is not None and h.draw.card == d.up_card
    assert "offer" in codes(h) and "top-discard" in codes(h)
    d.apply(gin.Pass())
    view = d.view(d.dealer)
    h2 = hint(view, random.Random(1), **FAST)
    _check_common(h2, view.legal_actions)
    assert h2.phase is gin.Phase.OFFER_DEALER and h2.draw is not None


def test_the_up_card_hint_says_why_a_meld_card_is_worth_taking(stack: StackOrder) -> None:
    order = stack("AH 2H 5D 6D JC JD 2C 9S KH QS", "KS 3S KD 4S QH QD 4C 5C 8H 8S", "3H")
    d = gin.Deal.from_order(CLASSIC, order, dealer=1)
    h = hint(d.view(0), random.Random(1), **FAST)
    assert h.draw is not None
    assert h.draw.melds and h.draw.deadwood_if_taken < h.draw.deadwood_now
    assert h.draw.take == (h.action == gin.TakeUpCard())
    step = next(s for s in h.steps if s.code == "top-discard")
    assert step.key == "hint.top-melds" and "joins a meld" in step.text


def test_the_forced_stock_draw_after_both_pass_is_explained() -> None:
    d = gin.Deal.new(CLASSIC, rng=random.Random(4))
    d.apply(gin.Pass())
    d.apply(gin.Pass())
    view = d.view(d.to_move)  # type: ignore[arg-type]
    h = hint(view, random.Random(1), **FAST)
    assert h.action == gin.DrawStock()
    assert h.draw is not None and h.draw.stock_only
    assert "stock-only" in codes(h)


def test_a_discard_hint_gives_the_deadwood_and_risk_of_every_discard(stack: StackOrder) -> None:
    order = stack(
        "2C 3C 4C 8D 8C KD QD 5H 5D AS",
        "TH JH QS 5S 6S 7S 9D 9C 9S AH",
        "9H",
        "3H 4D",
    )
    d = gin.Deal.from_order(CLASSIC, order, dealer=0)
    for a in (gin.TakeUpCard(), gin.Discard(c("KD")), gin.DrawStock(), gin.Discard(c("TH")),
              gin.DrawDiscard(), gin.Discard(c("QD")), gin.DrawStock()):  # fmt: skip
        d.apply(a)
    view = d.view(0)
    h = hint(view, random.Random(1), **FAST)
    _check_common(h, view.legal_actions)
    assert {a.card for a in h.discards} == set(view.hand)
    by_card = {a.card: a for a in h.discards}
    assert by_card[c("JH")].deadwood == by_card[c("QS")].deadwood == 18
    # the jack of hearts completes 9♥ 10♥, which the opponent picked up
    assert by_card[c("JH")].feed_risk > 0.9 > by_card[c("QS")].feed_risk
    assert h.action != gin.Discard(c("JH"))
    assert {"deadwood", "feed-risk", "no-knock", "live-dead", "search"} <= set(codes(h))
    risk = next(s for s in h.steps if s.code == "feed-risk")
    assert "J♥" in risk.text and "9♥" in risk.text
    assert h.knock is None and h.searched and h.worlds > 0
    assert h.decided_by in ("search", "judgement")
    # live and dead cards: the kept deadwood's partners, split by whether they can come
    assert h.outs
    for o in h.outs:
        assert not set(o.live) & set(view.discard_pile)
        assert not set(o.live) & set(view.opponent_known)


def test_a_knock_hint_weighs_knocking_now_against_waiting() -> None:
    # deadwood 2C 9S: knock with 2 by discarding 9S (limit 9)
    d = _discard_position("AH 2H 3H 5D 6D 7D JC JD JH 2C 9S", "KS KH KD QS QH QD 4C 5C 8H 8S")
    view = d.view(0)
    h = hint(view, random.Random(1), **FAST)
    assert h.knock is not None
    k = h.knock
    assert k.card == c("9S") and k.deadwood == 2 and not k.gin
    assert 0.0 <= k.undercut_chance <= 1.0
    assert k.wait_points is not None
    assert k.knock == isinstance(h.action, gin.Knock)
    step = next(s for s in h.steps if s.code == "knock")
    assert {"undercut", "knock_points", "wait_points"} <= set(step.data)


def test_a_gin_hint_says_gin() -> None:
    hand = "AH 2H 3H 4H 5D 6D 7D JC JD JH KS"
    d = _discard_position(hand, "9S KH KD QS QH QD 4C 5C 8H 8S")
    h = hint(d.view(0), random.Random(1), **FAST)
    assert h.action == gin.Knock(c("KS"))
    assert h.knock is not None and h.knock.gin and h.knock.undercut_chance == 0.0


def test_a_hint_is_available_at_the_layoff_step() -> None:
    d = _discard_position("AH 2H 3H 5D 6D 7D JC JD JH 2C 9S", "KS KH KD QS QH QD 4C 5C 8H 8S")
    d.apply(gin.Knock(c("9S")))
    view = d.view(1)
    h = hint(view, random.Random(1), **FAST)
    assert h.action == gin.LayOff() and h.phase is gin.Phase.LAYOFF
    assert "layoff-plan" in codes(h) and "undercut-check" in codes(h)


def test_a_hint_at_every_decision_of_a_whole_deal() -> None:
    d = gin.Deal.new(SPADES, rng=random.Random(21))
    eager = EagerBot()
    seen: set[gin.Phase] = set()
    while not d.is_over:
        p = d.to_move
        assert p is not None
        view = d.view(p)
        if p == 0:
            h = hint(view, random.Random(2), playouts=8, budget_ms=60_000)
            assert h.action in view.legal_actions
            seen.add(h.phase)
        d.apply(eager.choose(view))
    assert gin.Phase.DRAW in seen and gin.Phase.DISCARD in seen


def test_a_hint_out_of_turn_raises_not_your_turn() -> None:
    d = gin.Deal.new(CLASSIC, rng=random.Random(4))
    with pytest.raises(gin.GinError) as e:
        hint(d.view(d.dealer))
    assert e.value.code == "not-your-turn"


def _rest(used: str) -> list[gin.Card]:
    from gin.cards import DECK, parse_cards

    taken = set(parse_cards(used))
    return [x for x in DECK if x not in taken]


def _discard_position(mine: str, theirs: str) -> gin.Deal:
    """Player 0 (dealer 1) to discard from eleven cards ``mine``; 9D was the up card."""
    return gin.Deal.from_position(
        CLASSIC,
        dealer=1,
        hands=([c(x) for x in mine.split()], [c(x) for x in theirs.split()]),
        stock=_rest(f"{mine} {theirs} 9D"),
        discard_pile=[c("9D")],
        up_card=c("9D"),
        phase=gin.Phase.DISCARD,
        to_move=0,
    )


def test_a_hint_is_deterministic_the_same_view_gets_the_same_hint() -> None:
    """Determinism: without a generator the hint is seeded from the position itself."""
    d = gin.Deal.new(gin.Rules.preset("spades-double"), rng=random.Random(12))
    eager = EagerBot()
    for _ in range(4):
        p = d.to_move
        assert p is not None
        d.apply(eager.choose(d.view(p)))
    p = d.to_move
    assert p is not None
    first = hint(d.view(p), playouts=60)
    again = hint(d.copy().view(p), playouts=60)
    assert first == again
