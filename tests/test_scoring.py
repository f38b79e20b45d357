"""Scoring a deal (RULES.md, "Knock limit", "Laying off", "Scoring a deal", the rule-set
table and the worked checks), through ``gin.score_deal``."""

from __future__ import annotations

import pytest
from brute import brute_knock_outcome, canonical

import gin

CLASSIC = gin.Rules.preset("classic")
SPADES = gin.Rules.preset("spades-double")


def score(rules: gin.Rules, up: str, knocker: str, defender: str) -> gin.DealResult:
    return gin.score_deal(
        rules, gin.Card.parse(up), gin.parse_cards(knocker), gin.parse_cards(defender)
    )


def codes(cards: object) -> list[str]:
    return [c.code for c in cards]  # type: ignore[attr-defined]


# ---------------------------------------------------------------- the worked checks


def test_worked_check_spades_double_7s_undercut_scores_56() -> None:
    """Up card 7♠, K = 5, D = 2 after layoffs: 2 x ((5 - 2) + 25) = 56."""
    r = score(SPADES, "7S", "2D 3D 4D 9H TH JH KC KD KH 5C", "3S 4S 5S 6S 8C 9C TC QH 2H 5D")
    assert (r.knocker_deadwood, r.defender_deadwood) == (5, 2)
    assert r.defender_deadwood_before_layoffs == 17
    assert sorted(codes(lo.card for lo in r.layoffs)) == ["5D", "QH"]
    assert (r.kind, r.winner) == ("undercut", "defender")
    assert (r.base_points, r.bonus, r.multiplier, r.points) == (3, 25, 2, 56)


def test_worked_check_spades_double_4s_gin_scores_50() -> None:
    """Up card 4♠, gin, D = 0: 2 x (0 + 25) = 50."""
    r = score(SPADES, "4S", "AH 2H 3H 5D 6D 7D 8D JC JD JH", "5S 6S 7S 8S 8C 9C TC KS KH KD")
    assert (r.kind, r.winner, r.points) == ("gin", "knocker", 50)
    assert (r.knocker_deadwood, r.defender_deadwood, r.bonus, r.multiplier) == (0, 0, 25, 2)


def test_worked_check_classic_kh_equal_counts_undercut_scores_10() -> None:
    """Up card K♥, K = 7, D = 7: an undercut, the defender scores 0 + 10 = 10."""
    r = score(CLASSIC, "KH", "AS 2S 3S 4D 5D 6D 9C 9D 9S 7C", "8H 9H TH JS QS KS JD QD KD 7S")
    assert (r.knocker_deadwood, r.defender_deadwood) == (7, 7)
    assert (r.kind, r.winner, r.points) == ("undercut", "defender", 10)
    assert (r.base_points, r.bonus, r.multiplier) == (0, 10, 1)


def test_worked_check_classic_6c_knock_scores_16() -> None:
    """Up card 6♣, K = 3, D = 19: the knocker scores 16."""
    r = score(CLASSIC, "6C", "AS 2S 3S 4D 5D 6D 9C 9D 9S 3C", "8H 9H TH JS QS KS 2D 3H 7C 7S")
    assert (r.knocker_deadwood, r.defender_deadwood) == (3, 19)
    assert (r.kind, r.winner, r.points, r.bonus) == ("knock", "knocker", 16, 0)


# ---------------------------------------------------------------- knock limit


def test_ace_up_card_in_classic_allows_a_knock_with_1() -> None:
    r = score(CLASSIC, "AD", "2S 3S 4S 6H 7H 8H JC JD JH AC", "3D 5D 7D 9D JS QS KS 2C 4C 6C")
    assert (r.knock_limit, r.knocker_deadwood, r.kind) == (1, 1, "knock")


def test_ace_up_card_in_classic_refuses_a_knock_with_2() -> None:
    with pytest.raises(gin.IllegalActionError) as err:
        score(CLASSIC, "AD", "3S 4S 5S 6H 7H 8H JC JD JH 2C", "3D 5D 7D 9D JS QS KS AC 4C 6C")
    assert err.value.code == "over-knock-limit"
    assert "2" in err.value.message and "1" in err.value.message


def test_ace_up_card_in_spades_double_refuses_a_knock_with_1() -> None:
    with pytest.raises(gin.IllegalActionError) as err:
        score(SPADES, "AD", "2S 3S 4S 6H 7H 8H JC JD JH AC", "3D 5D 7D 9D JS QS KS 2C 4C 6C")
    assert err.value.code == "over-knock-limit-gin-only-big-gin"
    assert "only gin or big gin" in err.value.message


def test_ace_up_card_in_spades_double_allows_gin_and_big_gin() -> None:
    defender = "3D 5D 7D 9D JS QS KS 2C 4C 6C"
    gin = score(SPADES, "AD", "2S 3S 4S 6H 7H 8H 9H JC JD JH", defender)
    assert (gin.knock_limit, gin.kind) == (0, "gin")
    big = score(SPADES, "AD", "2S 3S 4S 5H 6H 7H 8H 9H JC JD JH", defender)
    assert big.kind == "big-gin"


def test_a_spade_up_card_doubles_in_spades_double_only() -> None:
    k, d = "AH 2H 3H 5D 6D 7D JC JD JH 4C", "5S 6S 9C TC KS KH KD 2C 3D QH"
    sd = gin.score_deal(SPADES, gin.Card.parse("7S"), gin.parse_cards(k), gin.parse_cards(d))
    plain = gin.score_deal(SPADES, gin.Card.parse("7H"), gin.parse_cards(k), gin.parse_cards(d))
    cl = gin.score_deal(CLASSIC, gin.Card.parse("7S"), gin.parse_cards(k), gin.parse_cards(d))
    assert sd.multiplier == 2 and sd.doubled
    assert plain.multiplier == 1 and cl.multiplier == 1 and not cl.doubled
    assert sd.points == 2 * plain.points
    assert cl.points == plain.points
    assert any(s.code == "double" for s in sd.steps)
    assert not any(s.code == "double" for s in cl.steps)


def test_a_doubled_undercut_doubles_the_bonus_too() -> None:
    r = score(SPADES, "9S", "AH 2H 3H 5D 6D 7D JC JD JH 9C", "5S 6S 7S KS KH KD 2C 3C 4C 8H")
    assert (r.kind, r.knocker_deadwood, r.defender_deadwood) == ("undercut", 9, 8)
    assert r.points == 2 * ((9 - 8) + 25)


# ---------------------------------------------------------------- layoffs


def test_chained_layoff_9s_then_10s_onto_6s_7s_8s() -> None:
    r = score(CLASSIC, "KH", "6S 7S 8S 2H 3H 4H JC JD JH 4C", "9S TS 2C 3D 6H 7D 8C KS QH 6C")
    assert [(lo.card.code, codes(lo.onto.cards), codes(lo.result.cards)) for lo in r.layoffs] == [
        ("9S", ["6S", "7S", "8S"], ["6S", "7S", "8S", "9S"]),
        ("TS", ["6S", "7S", "8S", "9S"], ["6S", "7S", "8S", "9S", "TS"]),
    ]
    assert r.defender_deadwood == r.defender_deadwood_before_layoffs - 19
    run = next(m for m in r.knocker_melds_after_layoffs if m.cards[0].code == "6S")
    assert codes(run.cards) == ["6S", "7S", "8S", "9S", "TS"]
    assert [s.code for s in r.steps].count("layoff") == 2


def test_a_fourth_card_is_laid_off_onto_a_set_of_three() -> None:
    r = score(CLASSIC, "KH", "6S 7S 8S 2H 3H 4H JC JD JH 4C", "JS 2C 3D 6H 7D 8C KS QH 6C 9D")
    assert [lo.card.code for lo in r.layoffs] == ["JS"]
    assert r.layoffs[0].onto.kind == "set" and len(r.layoffs[0].result.cards) == 4


def test_defender_lays_off_cards_rather_than_keep_them_in_an_own_meld() -> None:
    """Own melds alone: run 5♠6♠7♠ leaves 5♥ 5♦ (10), better than the set of fives (13).
    With the knocker's 8♠9♠10♠ on the table, laying off 7♠ then 6♠ frees 5♠ for the set
    5♠5♥5♦, and those five cards leave no deadwood at all."""
    defender = "5S 6S 7S 5H 5D KD QC 9C 2C 3D"
    own = gin.best_arrangement(gin.parse_cards(defender))
    assert [(m.kind, codes(m.cards)) for m in own.melds] == [("run", ["5S", "6S", "7S"])]
    r = score(CLASSIC, "KH", "8S 9S TS 2H 3H 4H JC JD JH 4C", defender)
    assert [lo.card.code for lo in r.layoffs] == ["7S", "6S"]
    assert r.defender_deadwood_before_layoffs == 44
    assert r.defender_deadwood == 34
    after = r.defender_arrangement.melds
    assert [(m.kind, codes(m.cards)) for m in after] == [("set", ["5S", "5H", "5D"])]
    assert (
        brute_knock_outcome(
            gin.parse_cards("8S 9S TS 2H 3H 4H JC JD JH 4C"),
            gin.parse_cards("5S 6S 7S 5H 5D KD QC 9C 2C 3D"),
        )[1]
        == 34
    )


def test_laid_off_cards_and_own_melds_account_for_the_defender_hand() -> None:
    d = gin.parse_cards("5S 6S 7S 5H 5D KD QC 9C 2C 3D")
    r = gin.score_deal(
        CLASSIC, gin.Card.parse("KH"), gin.parse_cards("8S 9S TS 2H 3H 4H JC JD JH 4C"), d
    )
    laid = [lo.card for lo in r.layoffs]
    assert sorted(laid + list(r.defender_arrangement.cards)) == sorted(d)
    assert r.defender_arrangement.deadwood_points == r.defender_deadwood
    for lo in r.layoffs:
        assert gin.can_extend(lo.onto, lo.card)


def test_knocker_tie_break_picks_the_melds_that_leave_the_defender_most_deadwood() -> None:
    """A♠2♠3♠ 2♥2♦ can be the run A♠2♠3♠ (deadwood 2♥ 2♦ = 4) or the set 2♠2♥2♦
    (deadwood A♠ 3♠ = 4). Shown as the run, the defender would lay off 4♠ and 5♠ (59 left);
    shown as the set, only 2♣ (66 left). The knocker's melds are the set."""
    knocker = gin.parse_cards("AS 2S 3S 2H 2D 6C 7C 8C 9C TC")
    defender = gin.parse_cards("4S 5S 2C KH QH JD 8D 6H 9H 4D")
    r = gin.score_deal(CLASSIC, gin.Card.parse("5H"), knocker, defender)
    kdw, ddw, per = brute_knock_outcome(knocker, defender)
    assert [v for _, v in per] == [59, 66]  # two arrangements, and they differ
    assert (r.knocker_deadwood, r.defender_deadwood) == (kdw, ddw) == (4, 66)
    assert canonical([m.cards for m in r.knocker_arrangement.melds]) == per[-1][0]
    assert [m.kind for m in r.knocker_arrangement.melds] == ["set", "run"]
    assert [lo.card.code for lo in r.layoffs] == ["2C"]
    assert (r.winner, r.points) == ("knocker", 62)
    assert any(s.code == "tie-break" for s in r.steps)


def test_gin_allows_no_layoffs() -> None:
    # 4♥ would fit A♥2♥3♥ and 9♦ would fit 5♦-8♦, but after gin nothing is laid off
    r = score(SPADES, "KH", "AH 2H 3H 5D 6D 7D 8D JC JD JH", "4H 9D 2C 3C 5C KS QS 7S 8S 9S")
    assert r.kind == "gin"
    assert r.layoffs == ()
    assert r.defender_deadwood == r.defender_deadwood_before_layoffs == 4 + 9 + 2 + 3 + 5 + 20
    assert r.points == r.defender_deadwood + 25
    assert any(s.code == "no-layoffs" for s in r.steps)


def test_the_defender_never_scores_on_a_gin_even_with_no_deadwood() -> None:
    r = score(CLASSIC, "KH", "AH 2H 3H 5D 6D 7D 8D JC JD JH", "5S 6S 7S 8S 8C 9C TC KS KC KD")
    assert r.defender_deadwood == 0
    assert (r.kind, r.winner, r.points) == ("gin", "knocker", 25)


# ---------------------------------------------------------------- big gin


BIG = "AH 2H 3H 5D 6D 7D 8D 9D JC JD JH"


def test_big_gin_scores_the_defender_deadwood_plus_31() -> None:
    r = score(SPADES, "KH", BIG, "4H TD 2C 3C 5C KS QS 7S 8S 9S")
    assert (r.kind, r.winner, r.layoffs) == ("big-gin", "knocker", ())
    assert (r.bonus, r.multiplier) == (31, 1)
    assert r.points == r.defender_deadwood + 31 == 4 + 10 + 2 + 3 + 5 + 20 + 31


def test_big_gin_is_doubled_on_a_spade_up_card() -> None:
    r = score(SPADES, "KS", BIG, "4H TD 2C 3C 5C QS 7S 8S 9S 4S")
    assert r.kind == "big-gin"
    assert r.points == 2 * (r.defender_deadwood + 31)


def test_big_gin_is_refused_where_the_rules_have_none() -> None:
    with pytest.raises(gin.IllegalActionError) as err:
        score(CLASSIC, "KH", BIG, "4H TD 2C 3C 5C KS QS 7S 8S 9S")
    assert err.value.code == "no-big-gin"


def test_eleven_cards_that_do_not_all_meld_are_not_big_gin() -> None:
    with pytest.raises(gin.IllegalActionError) as err:
        score(SPADES, "KH", "AH 2H 3H 5D 6D 7D 8D 9D JC JD KC", "4H TD 2C 3C 5C KS QS 7S 8S 9S")
    assert err.value.code == "not-big-gin"
    assert "30 points" in err.value.message  # J♣ J♦ K♣


# ---------------------------------------------------------------- undercut


def test_undercut_on_equal_counts_scores_bonus_to_defender() -> None:
    r = score(CLASSIC, "KH", "AS 2S 3S 4D 5D 6D 9C 9D 9S 7C", "8H 9H TH JS QS KS JD QD KD 7S")
    assert (r.kind, r.winner, r.points) == ("undercut", "defender", 10)


def test_undercut_on_tie_off_makes_equal_counts_score_nothing() -> None:
    rules = CLASSIC.replace(undercut_on_tie=False)
    r = score(rules, "KH", "AS 2S 3S 4D 5D 6D 9C 9D 9S 7C", "8H 9H TH JS QS KS JD QD KD 7S")
    assert (r.kind, r.winner, r.points, r.bonus) == ("tie", None, 0, 0)


def test_undercut_on_tie_off_still_undercuts_a_lower_count() -> None:
    rules = CLASSIC.replace(undercut_on_tie=False)
    r = score(rules, "KH", "AS 2S 3S 4D 5D 6D 9C 9D 9S 7C", "8H 9H TH JS QS KS JD QD KD 4H")
    assert (r.kind, r.winner, r.points) == ("undercut", "defender", (7 - 4) + 10)


def test_knock_with_less_deadwood_scores_the_difference() -> None:
    r = score(CLASSIC, "KH", "AS 2S 3S 4D 5D 6D 9C 9D 9S 7C", "8H 9H TH JS QS KS JD QD 2C 3C")
    assert (r.kind, r.winner, r.points) == ("knock", "knocker", (10 + 10 + 2 + 3) - 7)


# ---------------------------------------------------------------- explanation steps


def test_steps_are_numbered_and_explain_limit_layoffs_comparison_bonus_and_doubling() -> None:
    r = score(SPADES, "7S", "2D 3D 4D 9H TH JH KC KD KH 5C", "3S 4S 5S 6S 8C 9C TC QH 2H 5D")
    assert [s.number for s in r.steps] == list(range(1, len(r.steps) + 1))
    kinds = [s.code for s in r.steps]
    assert kinds == [
        "limit", "doubled", "knocker", "layoff", "layoff", "defender", "compare", "bonus",
        "double", "total",
    ]  # fmt: skip
    limit = r.steps[0]
    assert limit.data["limit"] == 7 and "7♠" in limit.text
    assert r.steps[-1].key == "score.total-defender" and r.steps[-1].data == {"points": 56}
    assert "56" in r.steps[-2].text


# ---------------------------------------------------------------- bad input


def test_score_deal_refuses_wrong_card_counts() -> None:
    with pytest.raises(gin.IllegalActionError) as err:
        score(CLASSIC, "KH", "AS 2S 3S", "8H 9H TH JS QS KS JD QD KD 7S")
    assert err.value.code == "knocker-count"
    with pytest.raises(gin.IllegalActionError) as err:
        score(CLASSIC, "KH", "AS 2S 3S 4D 5D 6D 9C 9D 9S 7C", "8H 9H TH")
    assert err.value.code == "defender-count"


def test_score_deal_refuses_a_card_in_both_hands() -> None:
    with pytest.raises(gin.CardParseError):
        score(CLASSIC, "KH", "AS 2S 3S 4D 5D 6D 9C 9D 9S 7C", "8H 9H TH JS QS KS JD QD KD 7C")


def test_the_defenders_own_layoffs_are_described_as_chosen() -> None:
    """Issue 29: once the defender chose the layoffs (a learner at the table), the score
    says which were chosen; it never says the melds and layoffs were "chosen together for
    the least deadwood", nor that nothing could be laid off when a card fitted."""
    rules = gin.Rules.preset("classic")
    knocker = gin.parse_cards("4S 5S 6S 9C 9D 9H JH QH KH 5C")
    defender = gin.parse_cards("7S 2D 3D QC QS 8H 8C TD 4H 2C")
    best = gin.score_deal(rules, gin.Card.parse("KH"), knocker, defender)
    assert any("chosen together" in s.text for s in best.steps)
    own = gin.score_deal(
        rules, gin.Card.parse("KH"), knocker, defender, layoffs=[(gin.Card.parse("7S"), 0)]
    )
    none = gin.score_deal(rules, gin.Card.parse("KH"), knocker, defender, layoffs=[])
    for r in (own, none):
        assert not any("chosen together" in s.text for s in r.steps)
        for s in r.steps:
            for lang in ("he", "et", "lo", "bg"):
                assert s.render(lang)
    assert [s.key for s in own.steps if s.code == "defender"] == ["score.defender-chosen"]
    # this defender holds no meld: the line says so (issue 40), not "the melds are no melds"
    assert [s.key for s in none.steps if s.code == "defender"] == ["score.defender-kept-no-melds"]
    assert [s.key for s in none.steps if s.code == "no-layoffs"] == ["score.no-layoffs-chosen"]
    assert none.defender_deadwood > own.defender_deadwood
