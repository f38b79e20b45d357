"""The hint's headline (:func:`gin.bots.headline.headline`) is true of the position.

Every claim a headline makes is checked against the engine's own facts
(:func:`gin.discard_options`, :func:`gin.best_arrangement`, the view's legal discards):
"the least you can keep", "your highest deadwood card", "lowers your deadwood from X to
Y", "goes into a meld", and, where the expert's discard is not the least deadwood, the
reason it gives (the simulations' edge, safety, useful draws, the chance to knock).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gin
from gin.bots import EagerBot, hint
from gin.bots.headline import headline
from gin.bots.hint import DiscardAdvice, Hint
from gin.i18n import Text

FAST = {"playouts": 8, "budget_ms": 60_000.0}
MORE_KEYS = {
    "hint.summary-discard-search",
    "hint.summary-discard-safer",
    "hint.summary-discard-draws",
    "hint.summary-discard-knock-chance",
    "hint.summary-discard-other",
}
LEAST_KEYS = {
    "hint.summary-discard",
    "hint.summary-discard-safe",
    "hint.summary-discard-highest",
    "hint.summary-discard-highest-declined",
}


def c(code: str) -> gin.Card:
    return gin.Card.parse(code)


def _deadwood_after(hand: tuple[gin.Card, ...], card: gin.Card) -> int:
    return next(o.deadwood_points for o in gin.discard_options(hand) if o.discard == card)


def check_headline(h: Hint, view: gin.PlayerView, said: Text) -> None:
    """Assert every claim of the headline ``said`` against the engine's facts."""
    data = dict(said.data)
    key = said.key
    by_card = {d.card: d for d in h.discards}
    if key in LEAST_KEYS | MORE_KEYS:
        card = c(data["card"])
        least = min(ch.deadwood for ch in view.discard_choices)
        after = _deadwood_after(view.hand, card)
        assert isinstance(h.action, gin.Discard) and h.action.card == card
        if key in LEAST_KEYS:  # "the least you can keep" / said of the best discard
            assert after == least
            if "deadwood" in data:
                assert data["deadwood"] == after
        if key.startswith("hint.summary-discard-highest"):  # "your highest deadwood card"
            dead = gin.best_arrangement(view.hand).deadwood
            assert card in dead and card.points == max(x.points for x in dead)
        if key == "hint.summary-discard-highest-declined":
            assert c(data["declined"]) in by_card[card].declined
        if key == "hint.summary-discard-safe":
            assert by_card[card].feed_risk < 0.2
        if key in MORE_KEYS:  # "more than the {least} you would keep by discarding ..."
            other = c(data["other"])
            assert data["deadwood"] == after > data["least"] == least
            assert _deadwood_after(view.hand, other) == least
            assert other in {ch.card for ch in view.discard_choices}
            mine, theirs = by_card[card], by_card[other]
            if key == "hint.summary-discard-search":
                assert data["value"] == mine.value and data["other_value"] == theirs.value
                assert mine.value is not None and theirs.value is not None
                assert mine.value > theirs.value
            elif key == "hint.summary-discard-safer":
                assert data["risk"] == mine.feed_risk < data["other_risk"] == theirs.feed_risk
            elif key == "hint.summary-discard-draws":
                assert data["expected"] == mine.expected_deadwood
                assert mine.expected_deadwood < theirs.expected_deadwood
            elif key == "hint.summary-discard-knock-chance":
                assert data["chance"] == mine.knock_chance > theirs.knock_chance
    elif key == "hint.summary-knock":
        card = c(data["card"])
        assert isinstance(h.action, gin.Knock)
        assert data["deadwood"] == _deadwood_after(view.hand, card) <= view.knock_limit
    elif key == "hint.summary-gin":
        assert _deadwood_after(view.hand, c(data["card"])) == 0
    elif key == "hint.summary-take-meld":  # "it goes into a meld"
        card = c(data["card"])
        arr = gin.best_arrangement((*view.hand, card))
        assert arr.meld_of(card) is not None
    elif key == "hint.summary-take":  # "it lowers your deadwood from X to Y"
        card = c(data["card"])
        now = gin.best_arrangement(view.hand).deadwood_points
        opts = gin.discard_options((*view.hand, card))
        if not view.rules.may_discard_taken_card:
            opts = [o for o in opts if o.discard != card]
        assert data["now"] == now and data["after"] == opts[0].deadwood_points < now


def _position(seed: int, moves: int, rules: str, discard: bool = False) -> gin.PlayerView | None:
    """Player 0's view at its first decision after ``moves`` moves of two eager bots (its
    first discard when ``discard``)."""
    d = gin.Deal.new(gin.Rules.preset(rules), rng=random.Random(seed))
    eager = EagerBot(random.Random(seed))
    done = 0
    while not d.is_over:
        p = d.to_move
        assert p is not None
        view = d.view(p)
        wanted = view.phase is gin.Phase.DISCARD if discard else view.phase is not gin.Phase.LAYOFF
        if p == 0 and done >= moves and wanted:
            return view
        d.apply(eager.choose(view))
        done += 1
    return None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 40),
    rules=st.sampled_from(["classic", "spades-double"]),
    discard=st.booleans(),
)
def test_every_claim_of_every_headline_is_true_of_the_position(
    seed: int, moves: int, rules: str, discard: bool
) -> None:
    """Property: over random positions (half of them discards), each headline's claims are
    the engine's facts."""
    view = _position(seed, moves, rules, discard)
    if view is None:
        return
    h = hint(view, **FAST)
    check_headline(h, view, headline(h, view.hand))


def _advice(card: str, deadwood: int, **kw: float) -> DiscardAdvice:
    return DiscardAdvice(
        c(card),
        deadwood,
        float(kw.get("expected", 20.0)),
        float(kw.get("risk", 0.5)),
        False,
        kw.get("value"),
        (),
        float(kw.get("chance", 0.0)),
    )


def _hint(chosen: str, discards: tuple[DiscardAdvice, ...], decided_by: str) -> Hint:
    return Hint(
        gin.Discard(c(chosen)), gin.Phase.DISCARD, (), 0, discards, (), None, None, (), 4,
        decided_by,
    )  # fmt: skip


HAND = tuple(gin.parse_cards("2C 3C 4C 7H 7S 7D 9S 9H 9D KS QH"))


def test_a_discard_that_is_not_the_least_deadwood_never_claims_least() -> None:
    """The old fallback said "the least you can keep" for any discard: now the headline
    names the discard that keeps less and gives the expert's reason."""
    least = _advice("KS", 10, risk=0.6, expected=12.0)
    safe = _advice("QH", 10 + 1, risk=0.1, expected=13.0)
    said = headline(_hint("QH", (least, safe), "judgement"), HAND)
    assert said.key == "hint.summary-discard-safer"
    text = said.render()
    assert "least" not in text and "K♠" in text and "Q♥" in text


def test_the_headline_gives_each_reason_from_the_figures() -> None:
    least = _advice("KS", 10, risk=0.3, expected=12.0, value=1.0)
    # the simulations' edge, only when the expert's choice came from the search
    better = _advice("QH", 11, risk=0.3, expected=12.0, value=2.5)
    assert headline(_hint("QH", (least, better), "search"), HAND).key.endswith("-search")
    # useful draws kept alive
    draws = _advice("QH", 11, risk=0.3, expected=9.0, value=0.5)
    assert headline(_hint("QH", (least, draws), "judgement"), HAND).key.endswith("-draws")
    # a better chance to reach the knock limit
    knock = _advice("QH", 11, risk=0.3, expected=12.0, chance=0.4)
    key = headline(_hint("QH", (least, knock), "judgement"), HAND).key
    assert key.endswith("-knock-chance")
    # no reason in the figures: the neutral sentence, with no false claim
    none = _advice("QH", 11, risk=0.3, expected=12.0)
    assert headline(_hint("QH", (least, none), "judgement"), HAND).key.endswith("-other")


def test_the_least_deadwood_discard_of_the_highest_deadwood_card_says_so() -> None:
    best = _advice("KS", 10, risk=0.6)
    other = _advice("QH", 10, risk=0.6)
    said = headline(_hint("KS", (best, other), "search"), HAND)
    assert said.key == "hint.summary-discard-highest"
