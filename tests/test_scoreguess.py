"""A score typed by the learner, checked by the engine (issue 19; RULES.md "Scoring a deal"):
right, or the usual slip named: the undercut bonus forgotten, the two counts added, the
spade doubling forgotten, a bonus the rules don't have, the wrong winner..."""

from __future__ import annotations

import random

import pytest

import gin
import gin.scoreguess
from gin.bots import make_bot
from gin.bots.selfplay import play_deal
from gin.i18n import LANGUAGES
from gin.scoreguess import SLIPS, check_score_guess

CLASSIC = gin.Rules.preset("classic")
SPADES = gin.Rules.preset("spades-double")
C = gin.Card.parse


def score(rules: gin.Rules, up: str, knocker: str, defender: str) -> gin.DealResult:
    return gin.score_deal(rules, C(up), gin.parse_cards(knocker), gin.parse_cards(defender))


# knocker 7, defender 7 (after no layoffs): an undercut on a tie
TIE = ("AS 2S 3S 4H 5H 6H 9C 9D 9H 7C", "JD QD KD 2C 3C 4C 8S 8H 8C 7D")
# knocker 5, defender 20 before layoffs; the defender lays off 7S onto 4S 5S 6S
KNOCK = ("4S 5S 6S 9C 9D 9H JH QH KH 5C", "7S 2D 3D QC QS 8H 8C TD 4H 2C")
# knocker 7, defender 5: the knocker is undercut
UNDER = ("AS 2S 3S 4H 5H 6H 9C 9D 9H 7C", "JD QD KD 2C 3C 4C 8S 8H 8C 5D")
GIN = ("AS 2S 3S 4H 5H 6H 9C 9D 9H 9S", "JD QD KD 2C 3C 4C 8S 8H 8C 5D")


def slip(r: gin.DealResult, winner: str | None, points: int, rules: gin.Rules | None = None) -> str:
    v = check_score_guess(r, winner, points, rules)  # type: ignore[arg-type]
    assert not v.right
    for lang in LANGUAGES:
        assert v.text.render(lang) and v.answer.render(lang)
    assert v.slip is not None and v.slip in SLIPS
    return v.slip


def test_the_right_score_is_right_and_says_who_scores_what() -> None:
    r = score(CLASSIC, "KH", *KNOCK)
    v = check_score_guess(r, "knocker", r.points)
    assert v.right and v.slip is None
    assert str(v.text) == f"Right: the knocker scores {r.points}."


def test_an_equal_count_is_an_undercut_not_a_knock() -> None:
    r = score(CLASSIC, "KH", *TIE)
    assert (r.kind, r.winner, r.points) == ("undercut", "defender", 10)
    assert slip(r, "knocker", 0) == "undercut-on-tie"
    assert slip(r, None, 0) == "undercut-on-tie"


def test_a_tie_scores_nothing_where_the_rules_say_so() -> None:
    rules = gin.Rules.preset("classic", undercut_on_tie=False)
    r = score(rules, "KH", *TIE)
    assert r.winner is None
    assert check_score_guess(r, None, 0).right
    assert slip(r, "defender", 10) == "tie-scores-nothing"


def test_forgot_the_undercut_bonus() -> None:
    r = score(CLASSIC, "KH", *UNDER)
    assert (r.kind, r.points) == ("undercut", 12)
    assert slip(r, "defender", 2) == "forgot-undercut-bonus"
    assert slip(r, "knocker", 2) == "missed-undercut"


def test_the_wrong_winner_of_a_knock() -> None:
    r = score(CLASSIC, "KH", *KNOCK)
    assert r.winner == "knocker"
    assert slip(r, "defender", r.points) == "wrong-winner"


def test_added_the_knockers_deadwood_or_forgot_to_subtract_it() -> None:
    r = score(CLASSIC, "KH", *KNOCK)
    k, d = r.knocker_deadwood, r.defender_deadwood
    assert r.points == d - k
    assert slip(r, "knocker", d + k) == "counted-knocker-deadwood"
    assert slip(r, "knocker", d) == "forgot-to-subtract"


def test_forgot_the_layoffs() -> None:
    r = score(CLASSIC, "KH", *KNOCK)
    assert r.layoffs and r.defender_deadwood_before_layoffs > r.defender_deadwood
    before = r.defender_deadwood_before_layoffs
    assert slip(r, "knocker", before - r.knocker_deadwood) == "forgot-layoffs"


def test_forgot_the_spade_doubling_or_doubled_without_a_spade() -> None:
    spade = score(SPADES, "KS", *KNOCK)
    assert spade.multiplier == 2
    assert slip(spade, "knocker", spade.points // 2) == "forgot-spade-doubling"
    plain = score(CLASSIC, "KH", *KNOCK)
    assert slip(plain, "knocker", plain.points * 2) == "doubled-without-spade"


def test_forgot_the_gin_bonus_and_doubled_only_the_deadwood() -> None:
    r = score(SPADES, "KS", *GIN)
    assert (r.kind, r.multiplier, r.bonus) == ("gin", 2, 25)
    assert slip(r, "knocker", r.points - 50) == "forgot-gin-bonus"
    assert slip(r, "knocker", r.base_points * 2 + 25) == "bonus-not-doubled"


def test_forgot_the_big_gin_bonus() -> None:
    r = score(SPADES, "KH", "AS 2S 3S 4S 4H 5H 6H 9C 9D 9H 9S", GIN[1])
    assert r.kind == "big-gin"
    assert slip(r, "knocker", r.points - r.bonus) == "forgot-big-gin-bonus"


def test_added_a_bonus_the_rules_dont_give() -> None:
    r = score(CLASSIC, "KH", *KNOCK)
    assert slip(r, "knocker", r.points + 25) == "bonus-not-in-rules"
    under = score(CLASSIC, "KH", *UNDER)  # classic's undercut bonus is 10, not spades' 25
    assert slip(under, "defender", under.points - 10 + 25, CLASSIC) == "bonus-not-in-rules"


def test_any_other_wrong_score_gives_the_answer() -> None:
    r = score(CLASSIC, "KH", *KNOCK)
    v = check_score_guess(r, "knocker", r.points + 1)
    assert (v.right, v.slip) == (False, "wrong-points")
    assert v.text == v.answer and str(v.answer) == f"The knocker scores {r.points}."


@pytest.mark.parametrize("preset", gin.Rules.PRESETS)
def test_the_engines_score_is_always_right_and_every_verdict_renders(preset: str) -> None:
    rules = gin.Rules.preset(preset)
    rng = random.Random(f"scoreguess {preset}")
    for seed in range(12):
        deal = gin.Deal.new(rules, dealer=seed % 2, seed=seed)
        play_deal(deal, [make_bot("eager", random.Random(seed + i)) for i in (1, 2)])
        r = deal.result
        if r is None:
            continue
        assert check_score_guess(r, r.winner, r.points, rules).right
        guess = rng.choice(("knocker", "defender", None))
        v = check_score_guess(r, guess, rng.randrange(120), rules)  # type: ignore[arg-type]
        for lang in LANGUAGES:
            assert v.text.render(lang)


# --------------------------------------------- before the guess: melds, layoffs, no counts


@pytest.mark.parametrize("hands", [KNOCK, TIE, UNDER, GIN])
def test_before_the_guess_the_melds_and_layoffs_are_shown_but_not_the_two_counts(
    hands: tuple[str, str],
) -> None:
    """Issue 29: what the tutor shows before the score guess names the melds, the deadwood
    cards and the layoffs, and leaves the two counts for the learner to work out."""
    r = score(CLASSIC, "KH", *hands)
    shown = gin.scoreguess.guess_steps(r)
    codes = [s.code for s in shown]
    assert "compare" not in codes and "total" not in codes
    assert "knocker" in codes and "defender" in codes
    assert codes.count("layoff") == len(r.layoffs)
    for step in shown:
        if step.code in ("knocker", "defender"):
            assert "points" not in step.data and "before" not in step.data
            for lang in LANGUAGES:
                assert step.render(lang)
    assert all(s.number == r.steps[s.number - 1].number for s in shown)
    worked = gin.scoreguess.worked_answer(r)
    assert worked[0].code == "compare" and worked[-1] == r.steps[-1]


def test_a_layout_worse_than_the_best_is_not_told_before_the_guess() -> None:
    r = gin.score_deal(
        CLASSIC,
        C("KH"),
        gin.parse_cards("7S 8S 9S 7H 7D 7C 2C 3C 4C AH"),
        gin.parse_cards("TS JS QD KD 5H 6H 9C TC 2D 3D"),
        [gin.parse_cards("7S 8S 9S"), gin.parse_cards("7H 7D 7C")],
    )
    assert "laid-out" in [s.code for s in r.steps]
    assert "laid-out" not in [s.code for s in gin.scoreguess.guess_steps(r)]


# ----------------------------------------------------------------- one sentence per state
# Issue 40: a slip's sentence says the state it was made in (big gin, a rule set that never
# doubles, the spade doubling of a formula).


def _said(
    r: gin.DealResult, winner: str | None, points: int, rules: gin.Rules | None = None
) -> gin.Text:
    v = check_score_guess(r, winner, points, rules)  # type: ignore[arg-type]
    assert not v.right
    return v.text


def test_the_wrong_winner_of_a_big_gin_is_told_it_is_big_gin() -> None:
    """RULES.md (spades-double): big gin is declared with eleven cards; the defender never
    scores on it. The slip says big gin, not gin."""
    r = score(SPADES, "KH", "AS 2S 3S 4S 4H 5H 6H 9C 9D 9H 9S", GIN[1])
    assert r.kind == "big-gin"
    text = _said(r, "defender", r.points)
    assert text.key == "scoreguess.slip.wrong-winner-big-gin"
    assert text.render().startswith("This is big gin:")
    gin_deal = score(SPADES, "KH", *GIN)
    assert _said(gin_deal, "defender", gin_deal.points).key == "scoreguess.slip.wrong-winner-gin"


def test_a_score_doubled_under_classic_is_told_nothing_doubles_without_naming_a_spade() -> None:
    """RULES.md: classic never doubles a deal; with a heart up card the slip must not say a
    spade would have doubled it. Under spades-double it names the spade rule."""
    plain = score(CLASSIC, "KH", *KNOCK)
    text = _said(plain, "knocker", plain.points * 2, CLASSIC)
    assert text.key == "scoreguess.slip.nothing-doubles"
    assert "spade" not in text.render()
    under_spades = score(SPADES, "KH", *KNOCK)
    said = _said(under_spades, "knocker", under_spades.points * 2, SPADES)
    assert said.key == "scoreguess.slip.doubled-without-spade"


@pytest.mark.parametrize(
    ("guess", "key"),
    [
        ("sum", "scoreguess.slip.counted-knocker-deadwood-undercut"),
        ("loser", "scoreguess.slip.forgot-to-subtract-undercut"),
    ],
)
def test_an_undercut_formula_on_a_spade_deal_says_the_doubling(guess: str, key: str) -> None:
    """RULES.md (spades-double): a spade up card doubles the whole score, the undercut bonus
    included; the undercut slips' formula says so on such a deal, and only there."""
    for rules, up, doubled in ((SPADES, "KS", True), (SPADES, "KH", False), (CLASSIC, "KS", False)):
        r = score(rules, up, *UNDER)
        assert r.kind == "undercut" and r.multiplier == (2 if doubled else 1)
        k, d, m = r.knocker_deadwood, r.defender_deadwood, r.multiplier
        points = (k + d + r.bonus) * m if guess == "sum" else (k + r.bonus) * m
        text = _said(r, "defender", points, rules)
        assert text.key == key + ("-doubled" if doubled else "")
        assert ("doubled on this spade deal" in text.render()) == doubled


def test_a_defender_with_every_card_melded_is_said_to_keep_no_deadwood() -> None:
    """Issue 40 (no empty value in a sentence): an undercut where the defender melds all
    ten cards; the step before the guess says the defender keeps no deadwood, never
    "keeps  as deadwood", in every language."""
    r = score(CLASSIC, "KH", "AS 2S 3S 4H 5H 6H 9C 9D 9H 5S", "JD QD KD 2C 3C 4C 8S 8H 8C 8D")
    assert r.kind == "undercut" and r.defender_deadwood == 0
    (step,) = [s for s in gin.scoreguess.guess_steps(r) if s.code == "defender"]
    assert step.key == "scoreguess.guess-step-defender-no-deadwood"
    assert step.text.endswith("and keeps no deadwood.")
    for lang in LANGUAGES:
        assert "  " not in step.render(lang)
