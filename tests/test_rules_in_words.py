"""What the tutor says is the rules: one test per statement the one-voice review found wrong.

Each test builds the position and checks the rule in the rendered text or in the step the
text is made from (its catalog key and data), never a whole sentence word for word.
"""

from __future__ import annotations

import random

import pytest

import gin
import gin.bots
from gin.i18n import M
from gin.ui.lessons.intros import intro_html
from gin.ui.seats import LEARNER
from gin.ui.table.buttons import limit_badge_text
from gin.ui.table.knocking import big_gin_question, gin_question

CLASSIC = gin.Rules.preset("classic")
SPADES = gin.Rules.preset("spades-double")


def position(rules: gin.Rules, hand: str, up: str, *, other: str = "") -> gin.Deal:
    """Player 0 to discard from ``hand`` (eleven cards) under up card ``up``."""
    cards = gin.parse_cards(hand)
    used = {*cards, gin.Card.parse(up)}
    rest = [c for c in gin.DECK if c not in used]
    opp = gin.parse_cards(other) if other else rest[:10]
    rest = [c for c in rest if c not in opp]
    return gin.Deal.from_position(
        rules,
        dealer=1,
        hands=(cards, opp),
        stock=rest,
        discard_pile=[gin.Card.parse(up)],
        up_card=gin.Card.parse(up),
        phase=gin.Phase.DISCARD,
        to_move=0,
    )


# 1. The dealer's pass ends the offer.
def test_the_dealers_offer_never_says_the_other_player_may_take_the_card() -> None:
    deal = gin.Deal.new(CLASSIC, dealer=0, seed=4)
    deal.apply(gin.Pass())  # the non-dealer passes: the offer goes to the dealer
    view = deal.view(0)
    assert view.phase is gin.Phase.OFFER_DEALER
    (step,) = [s for s in gin.turn_steps(view) if s.code == "pass"]
    assert step.key == "draw.offer-pass-dealer"
    assert "dealer may take" not in step.text and "opponent may take" not in step.text
    assert "stock" in step.text
    hint = gin.bots.hint(view, playouts=4)
    assert not any("dealer may take" in s.text for s in hint.steps)


def test_the_non_dealers_offer_says_the_dealer_may_take_the_card_next() -> None:
    view = gin.Deal.new(CLASSIC, dealer=0, seed=4).view(1)
    (step,) = [s for s in gin.turn_steps(view) if s.code == "pass"]
    assert step.key == "draw.offer-pass-non-dealer" and "dealer may take" in step.text


# 2, 3. Big gin: no discard, 31, doubled on a spade deal.
BIG_GIN_HAND = "AS 2S 3S 4H 4D 4C 7C 8C 9C TC JC"


def test_the_big_gin_hint_names_31_no_discard_and_the_spade_doubling() -> None:
    deal = position(SPADES, BIG_GIN_HAND, "5S")
    view = deal.view(0)
    assert view.can_big_gin and view.doubled
    hint = gin.bots.hint(view, playouts=4)
    (big,) = [s for s in hint.steps if s.code == "big-gin"]
    assert "31" in big.text and "no discard" in big.text and "doubled" in big.text
    assert hint.action == gin.BigGin()


def test_when_all_eleven_cards_meld_the_explanation_offers_big_gin() -> None:
    view = position(SPADES, BIG_GIN_HAND, "5H").view(0)
    steps = gin.turn_steps(view)
    (big,) = [s for s in steps if s.code == "big-gin"]
    assert "big gin" in big.text and "31" in big.text and "doubled" not in big.text
    classic = position(CLASSIC, BIG_GIN_HAND, "5H").view(0)
    assert not any(s.code == "big-gin" for s in gin.turn_steps(classic))  # no big gin there


# 4. The confirmations say when a spade deal doubles.
def test_the_gin_and_big_gin_confirmations_mention_the_spade_doubling() -> None:
    view = position(SPADES, BIG_GIN_HAND, "5S").view(0)
    gin_knock = next(c for c in view.discard_choices if c.ends == "gin")
    assert "doubled" in gin_question(view, gin.Knock(gin_knock.card)).render()
    assert "doubled" in big_gin_question(view).render()
    plain = position(SPADES, BIG_GIN_HAND, "5H").view(0)
    assert "doubled" not in big_gin_question(plain).render()


# 5. Layoffs chain.
def test_what_fits_includes_chained_layoffs() -> None:
    knocker = gin.best_arrangement(gin.parse_cards("5S 6S 7S 2H 3H 4H 9C 9D 9H AC"))
    plan = gin.plan_layoffs(knocker, gin.parse_cards("8S 9S KD QD JD 2C 3C 4D 6D 7D"))
    assert [c.code for c in plan.fitting_cards] == ["8S", "9S"]
    assert [lo.card.code for lo in plan.layoffs] == ["8S", "9S"]
    assert ("9S", True) in [(f.card.code, f.chained) for f in plan.fits]  # after 8♠


# 6, 8. Under an ace in spades-double only gin or big gin ends the deal.
def test_nothing_suggests_a_knock_under_an_ace_in_spades_double() -> None:
    view = position(SPADES, "AS 2S 3S 4H 4D 4C 7C 8C 9C 2H KD", "AD").view(0)
    assert view.knock_limit == 0
    steps = gin.turn_steps(view)
    (cannot,) = [s for s in steps if s.code == "cannot-knock"]
    assert cannot.key == "discard.gin-only-big-gin" and "fewer" not in cannot.text
    hint = gin.bots.hint(view, playouts=4)
    (no_knock,) = [s for s in hint.steps if s.code == "no-knock"]
    assert "yet" not in no_knock.text and "gin or big gin" in no_knock.text
    assert "only gin or big gin" in limit_badge_text(view)
    deal = position(SPADES, "AS 2S 3S 4H 4D 4C 7C 8C 9C 2H KD", "AD")
    with pytest.raises(gin.IllegalActionError) as err:
        deal.verify(gin.Knock(gin.Card.parse("KD")))
    assert "only gin or big gin" in err.value.message


def test_under_an_ace_in_classic_the_limit_is_1_and_big_gin_is_never_named() -> None:
    view = position(CLASSIC, "AS 2S 3S 4H 4D 4C 7C 8C 9C 2H KD", "AD").view(0)
    assert view.knock_limit == 1
    assert "big gin" not in limit_badge_text(view)
    texts = [s.text for s in gin.knock_limit_steps(CLASSIC, gin.Card.parse("AD"))]
    assert not any("big gin" in t for t in texts)


# 7. An ace is worth 1 point; the knock limit under an ace is a rule of its own.
def test_an_ace_up_card_never_says_the_ace_counts_more_than_1() -> None:
    rules = gin.Rules.preset("classic", ace_knock_limit=5)
    (limit, *_) = gin.knock_limit_steps(rules, gin.Card.parse("AH"))
    assert limit.data["limit"] == 5
    assert "counts 5" not in limit.text and "1 point" in limit.text


# 9. Passing the up card draws nothing.
def test_the_offer_hint_does_not_compare_with_a_draw_from_the_stock() -> None:
    view = gin.Deal.new(CLASSIC, dealer=0, seed=11).view(1)
    hint = gin.bots.hint(view, playouts=4)
    assert not any(s.code == "stock" for s in hint.steps)
    assert not any(s.code == "stock" for s in gin.turn_steps(view))


# 11. A tie is an undercut only where the rules say so.
def _defender_after_a_knock(rules: gin.Rules) -> gin.PlayerView:
    """Player 1 knocks with 6 deadwood (6♦); player 0 keeps 6 too, with nothing to lay off."""
    knocker = gin.parse_cards("AS 2S 3S 4H 4D 4C 7C 8C 9C 6D KH")
    defender = gin.parse_cards("5C 5D 5H JS QS KS AD AH 2D 2H")
    up = gin.Card.parse("TH")
    deal = gin.Deal.from_position(
        rules,
        dealer=0,
        hands=(defender, knocker),
        stock=[c for c in gin.DECK if c not in {*knocker, *defender, up}],
        discard_pile=[up],
        up_card=up,
        phase=gin.Phase.DISCARD,
        to_move=1,
    )
    deal.apply(gin.Knock(gin.Card.parse("KH")))
    return deal.view(0)


def test_the_layoff_step_calls_a_tie_an_undercut_only_when_the_rules_do() -> None:
    for on, key in ((True, "turn.undercut-tie"), (False, "turn.tie-nothing")):
        view = _defender_after_a_knock(gin.Rules.preset("classic", undercut_on_tie=on))
        (check,) = [s for s in gin.turn_steps(view) if s.code == "undercut-check"]
        assert check.key == key and check.data == {"after": 6, "knocker": 6}
        hint = gin.bots.hint(view, playouts=4)
        (said,) = [s for s in hint.steps if s.code == "undercut-check"]
        assert said.key == key
        assert ("you undercut" in said.text) == on
        assert "or less" not in said.text


# 10, 12 are lesson texts: see tests/test_lessons.py (score prompt, chained layoffs, the
# defender's melds chosen with the layoffs, no score for the defender on a gin).


def test_start_here_says_only_gin_or_big_gin_ends_an_ace_deal_in_spades_double() -> None:
    text = intro_html("00_start_here.ipynb")
    assert "only gin or big gin" in text


def test_a_learner_can_read_every_sentence_of_a_whole_game() -> None:
    """Every step of a game between two eager bots renders (from the learner's seat)."""
    game = gin.Game(SPADES, rng=random.Random(8))
    bots = [gin.bots.make_bot("eager", random.Random(i)) for i in (0, 1)]
    while not game.is_over:
        deal = game.deal
        while not deal.is_over:
            view = deal.view(deal.to_move)  # type: ignore[arg-type]
            assert all(s.render() for s in gin.turn_steps(view))
            game.apply(bots[deal.to_move].choose(view))  # type: ignore[index]
        assert all(s.render() for s in gin.turn_steps(deal.view(LEARNER)))
        if not game.is_over:
            game.next_deal()
    assert M["game.final"].render({"first": 1, "second": 2})
