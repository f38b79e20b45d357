"""A layout the player makes (issue 19): melds by hand, checked with a reason, compared with
the best; the deal scored as laid out; layoffs chosen one at a time (RULES.md, "Laying
off": a card goes onto a meld as it stands, so runs chain); saves and replays keep it."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest
from conftest import play_moves, stack_order
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_properties import BASE, assert_cards_accounted_for, knock_positions

import gin
from gin.i18n import LANGUAGES
from gin.layout import EndKind
from gin.melds import all_maximal_arrangements

CLASSIC = gin.Rules.preset("classic")
SPADES = gin.Rules.preset("spades-double")
C = gin.Card.parse


def cards(text: str) -> list[gin.Card]:
    return [C(t) for t in text.split()]  # a card twice is kept: the layout refuses it


def melds(*groups: str) -> tuple[tuple[gin.Card, ...], ...]:
    return tuple(tuple(cards(g)) for g in groups)


def refusal_code(group: str) -> str | None:
    text = gin.meld_refusal(cards(group))
    return None if text is None else text.key.removeprefix("error.")


def meld_indexes(start: Sequence[gin.Meld], layoffs: Sequence[gin.Layoff]) -> list[int]:
    """The index of the meld each layoff goes onto, the melds as they stand then."""
    out = []
    melds = list(start)
    for lo in layoffs:
        i = melds.index(lo.onto)
        melds[i] = lo.result
        out.append(i)
    return out


# ---------------------------------------------------------------- one meld


def test_a_meld_is_a_set_sorted_by_suit_or_a_run_sorted_by_rank() -> None:
    assert gin.check_meld(cards("9H 7H 8H")) == gin.Meld("run", tuple(cards("7H 8H 9H")))
    assert gin.check_meld(cards("7C 7S 7H")).kind == "set"
    assert gin.check_meld(cards("AD 2D 3D")).kind == "run"  # the ace is low
    assert gin.meld_refusal(cards("5S 5H 5D 5C")) is None  # a set of four


@pytest.mark.parametrize(
    ("group", "code"),
    [
        ("7S 8S", "meld-too-few"),
        ("7S", "meld-too-few"),
        ("5H 6H 8H", "meld-gap"),
        ("3C 4C 7C 8C", "meld-gap"),
        ("QS KS AS", "meld-ace-high"),
        ("KH AH 2H", "meld-ace-high"),
        ("5H 6S 7H", "meld-mixed-suits"),
        ("7S 7H 7D 8S", "meld-not-set"),
        ("7S 7H 8D", "meld-not-set"),
        ("2C 7H 9D", "meld-mixed"),
        ("7S 7S 7H", "card-used-twice"),
    ],
)
def test_a_group_that_is_no_meld_is_refused_with_its_reason(group: str, code: str) -> None:
    """Each meld reason of the issue: too few cards, a gap, mixed suits, the ace above the
    king, not one rank; the sentence renders in every language."""
    assert refusal_code(group) == code
    with pytest.raises(gin.LayoutError) as err:
        gin.check_meld(cards(group))
    assert err.value.code == code
    assert isinstance(err.value, gin.IllegalActionError)
    for lang in LANGUAGES:
        assert err.value.render(lang)


def test_the_gap_names_the_missing_cards() -> None:
    with pytest.raises(gin.LayoutError) as err:
        gin.check_meld(cards("3C 4C 7C"))
    assert (
        str(err.value)
        == "3♣ 4♣ 7♣ is not a run: the cards are not in a row, 5♣ and 6♣ are missing."
    )


# ---------------------------------------------------------------- a whole layout


HAND = "7S 8S 9S 7H 7D 7C 2C 3C 4C KH"


def test_a_proposed_layout_leaves_the_cards_in_no_meld_as_deadwood() -> None:
    layout = gin.propose_layout(cards(HAND), melds("7S 8S 9S", "7H 7D 7C", "2C 3C 4C"))
    assert layout.deadwood == (C("KH"),) and layout.deadwood_points == 10
    assert [m.kind for m in layout.melds] == ["run", "set", "run"]  # the order given


def test_a_layout_with_a_card_not_held_or_used_twice_is_refused() -> None:
    with pytest.raises(gin.LayoutError) as err:
        gin.propose_layout(cards(HAND), melds("7S 8S 9S", "JC QC KC"))
    assert err.value.code == "card-not-in-hand" and err.value.data == {"card": "JC"}
    with pytest.raises(gin.LayoutError) as err:
        gin.propose_layout(cards(HAND), melds("7S 8S 9S", "7S 7H 7D"))
    assert err.value.code == "card-used-twice"
    with pytest.raises(gin.LayoutError) as err:
        gin.propose_layout(cards(HAND), melds("7S 8S 9S", "7H 7D 2C"))
    assert err.value.code == "meld-not-set"


def test_a_layout_as_good_as_the_best_is_told_so() -> None:
    hand = cards(HAND)
    cmp = gin.compare_layout(
        hand, gin.propose_layout(hand, melds("7H 7D 7C", "7S 8S 9S", "2C 3C 4C"))
    )
    assert cmp.extra == 0 and cmp.as_good and cmp.better_melds == ()
    assert str(cmp.text) == "Your melds leave 10 deadwood: as little as the best layout."
    assert [s.code for s in cmp.steps] == ["proposed", "best", "verdict"]


def test_a_worse_layout_is_compared_with_the_best_in_one_sentence() -> None:
    """The issue's example: the set instead of the run would leave less."""
    hand = cards(HAND)
    mine = gin.propose_layout(hand, melds("7S 7H 7D 7C", "2C 3C 4C"))
    cmp = gin.compare_layout(hand, mine)
    assert (mine.deadwood_points, cmp.best.deadwood_points, cmp.extra) == (27, 10, 17)
    assert [str(m) for m in cmp.better_melds] == ["7♥ 7♦ 7♣", "7♠ 8♠ 9♠"]
    assert str(cmp.text) == (
        "Your melds leave 27 deadwood; these melds instead would leave 10: "
        "set 7♥ 7♦ 7♣; run 7♠ 8♠ 9♠."
    )
    for lang in LANGUAGES:
        assert cmp.text.render(lang) and all(s.render(lang) for s in cmp.steps)


def test_a_knock_layout_over_the_limit_is_refused_with_the_reason() -> None:
    hand = cards(HAND)
    ok = gin.propose_layout(hand, melds("7S 8S 9S", "7H 7D 7C", "2C 3C 4C"))
    gin.check_knock_layout(CLASSIC, C("KD"), ok)  # 10 is the limit under a king
    with pytest.raises(gin.LayoutError) as err:
        gin.check_knock_layout(CLASSIC, C("9D"), ok)
    assert err.value.code == "layout-over-limit"
    assert err.value.data == {"points": 10, "limit": 9}
    eleven = gin.propose_layout(cards(HAND + " 5H"), melds("7S 8S 9S", "7H 7D 7C", "2C 3C 4C"))
    with pytest.raises(gin.LayoutError) as err:
        gin.check_knock_layout(SPADES, C("KD"), eleven)
    assert err.value.code == "layout-big-gin-deadwood"


# ------------------------------------------------ the declared end checked on the layout
# RULES.md: a knock's layout must be within the knock limit; gin has no deadwood; big gin
# melds all eleven cards; an ace up card (spades-double) allows only gin. The refusal is a
# KnockRefusedError whose code is the slip the table records, and nothing changes.

GIN_TWO = "7S 8S 9S 7H 7D 7C 2C 3C 4C 2H"  # three melds and 2♥: deadwood 2


@pytest.mark.parametrize(
    ("hand", "groups", "up", "declared", "code", "data"),
    [
        (HAND, ("7S 8S 9S",), "7D", "knock", "layout-over-limit", {"points": 40, "limit": 7}),
        (
            GIN_TWO,
            ("7S 8S 9S", "7H 7D 7C", "2C 3C 4C"),
            "KD",
            "gin",
            "layout-gin-deadwood",
            {"points": 2},
        ),
        (
            GIN_TWO,
            ("7S 8S 9S", "7H 7D 7C"),
            "5D",
            "gin",
            "layout-gin-over-limit",
            {"points": 11, "limit": 5},
        ),
        (
            GIN_TWO + " 5H",
            ("7S 8S 9S", "7H 7D 7C", "2C 3C 4C"),
            "KD",
            "big-gin",
            "layout-big-gin-deadwood",
            {"points": 7},
        ),
        (
            GIN_TWO,
            ("7S 8S 9S", "7H 7D 7C", "2C 3C 4C"),
            "AD",
            "knock",
            "layout-gin-only-big-gin",
            {"points": 2, "up_card": "AD"},
        ),
    ],
)
def test_a_declared_end_the_layout_does_not_make_is_refused_with_its_code(
    hand: str,
    groups: tuple[str, ...],
    up: str,
    declared: EndKind,
    code: str,
    data: dict[str, object],
) -> None:
    """A knock over the limit ("these melds leave 23 deadwood, over the knock limit of 7"),
    a gin with deadwood, a big gin that isn't, a knock under an ace: each refused with its
    own code, the count and the limit, in five languages."""
    with pytest.raises(gin.KnockRefusedError) as err:
        gin.check_declared_layout(SPADES, C(up), cards(hand), melds(*groups), declared)
    assert isinstance(err.value, gin.LayoutError) and isinstance(err.value, ValueError)
    assert err.value.code == code and err.value.data == data
    assert code in gin.KnockRefusedError.slip_codes()
    assert err.value.may_knock == (code == "layout-gin-deadwood")
    for lang in LANGUAGES:
        text = err.value.render(lang)
        assert text and str(data["points"]) in text


def test_a_knock_with_deadwood_under_a_limit_of_0_names_big_gin_only_where_the_rules_have_it(
) -> None:
    """Issue 40: with a knock limit of 0 only gin ends the deal, or gin or big gin where the
    rule set has big gin ("spades-double"): each state its own sentence and slip code."""
    hand, groups = cards(GIN_TWO), melds("7S 8S 9S", "7H 7D 7C", "2C 3C 4C")
    no_big = gin.Rules.preset("classic", ace_knock_limit=0)
    said = {}
    for rules in (no_big, SPADES):
        with pytest.raises(gin.KnockRefusedError) as err:
            gin.check_declared_layout(rules, C("AD"), hand, groups, "knock")
        said[rules.big_gin] = err.value
    assert said[False].code == "layout-gin-only" and said[True].code == "layout-gin-only-big-gin"
    assert "only gin ends" in str(said[False]) and "big gin" not in str(said[False])
    assert "only gin or big gin ends" in str(said[True])
    assert {e.code for e in said.values()} <= set(gin.KnockRefusedError.slip_codes())


def test_the_over_limit_sentence_gives_the_count_and_the_limit() -> None:
    with pytest.raises(gin.KnockRefusedError) as err:
        gin.check_declared_layout(
            CLASSIC, C("7D"), cards(HAND), melds("7S 8S 9S", "7H 7D 7C"), "knock"
        )
    assert str(err.value).startswith(
        "These melds leave 19 deadwood, more than the knock limit of 7"
    )


def test_a_declared_end_the_layout_makes_is_taken() -> None:
    hand = cards(GIN_TWO)
    three = melds("7S 8S 9S", "7H 7D 7C", "2C 3C 4C")
    knock = gin.check_declared_layout(CLASSIC, C("KD"), hand, three, "knock")
    assert knock.deadwood_points == 2
    full = gin.check_declared_layout(
        CLASSIC,
        C("KD"),
        cards("7S 8S 9S 7H 7D 7C 2C 3C 4C 5C"),
        melds("7S 8S 9S", "7H 7D 7C", "2C 3C 4C 5C"),
        "gin",
    )
    assert full.deadwood_points == 0
    assert gin.can_declare_layout(CLASSIC, C("KD"), knock, "knock")
    assert not gin.can_declare_layout(CLASSIC, C("KD"), knock, "gin")


def test_a_declared_layout_with_a_bad_meld_is_refused_as_a_layout() -> None:
    with pytest.raises(gin.LayoutError) as err:
        gin.check_declared_layout(CLASSIC, C("KD"), cards(GIN_TWO), melds("7S 8S 2H"), "knock")
    assert not isinstance(err.value, gin.KnockRefusedError)
    with pytest.raises(gin.LayoutError) as err:
        gin.check_declared_layout(CLASSIC, C("KD"), cards(GIN_TWO), melds("5S 6S 7S"), "gin")
    assert err.value.code == "card-not-in-hand"


# ---------------------------------------------------------------- scored as laid out

KNOCKER = "7S 8S 9S 7H 7D 7C 2C 3C 4C AH"  # best: 7S8S9S 7H7D7C 2C3C4C, deadwood 1
DEFENDER = "TS JS QD KD 5H 6H 9C TC 2D 3D"


def test_the_deal_is_scored_as_laid_out_and_says_so() -> None:
    best = gin.score_deal(CLASSIC, C("KH"), cards(KNOCKER), cards(DEFENDER))
    mine = gin.score_deal(
        CLASSIC, C("KH"), cards(KNOCKER), cards(DEFENDER), melds("7S 8S 9S", "7H 7D 7C")
    )
    assert best.knocker_deadwood == 1 and not best.laid_out and best.layout_cost == 0
    assert mine.knocker_deadwood == 10 and mine.laid_out and mine.layout_cost == 9
    assert mine.knocker_arrangement.deadwood == tuple(cards("AH 2C 3C 4C"))
    assert "laid-out" in [s.code for s in mine.steps]
    assert "laid-out" not in [s.code for s in best.steps]
    assert mine.points < best.points


def test_a_gin_hand_laid_out_with_deadwood_is_a_knock() -> None:
    gin_hand = "7S 8S 9S 7H 7D 7C 2C 3C 4C 5C"
    r = gin.score_deal(
        CLASSIC,
        C("KH"),
        cards(gin_hand),
        cards(DEFENDER),
        melds("7S 8S 9S", "7H 7D 7C", "2C 3C 4C"),
    )
    assert (r.kind, r.knocker_deadwood, r.bonus) == ("knock", 5, 0)


def test_a_worse_layout_can_score_more_by_blocking_layoffs() -> None:
    """At a real table the knocker may lay out worse on purpose: leaving 5♥ out of the run
    keeps the defender's 4♥ and 3♥ off it (a property of the rules the tutor shows)."""
    knocker, defender = (
        cards("5H 6H 7H 8H KS KD KC KH AC 2C"),
        cards("3H 4H QS QD JC TC 8S 7D 6C 9S"),
    )
    best = gin.score_deal(CLASSIC, C("TD"), knocker, defender)
    blocked = gin.score_deal(CLASSIC, C("TD"), knocker, defender, melds("6H 7H 8H", "KS KD KC KH"))
    assert [lo.card for lo in best.layoffs] == cards("4H 3H")
    assert blocked.layoffs == ()
    assert (best.points, blocked.points) == (67, 69)


def test_chosen_layoffs_score_the_deal_and_fewer_leave_more_deadwood() -> None:
    r_best = gin.score_deal(CLASSIC, C("KH"), cards(KNOCKER), cards(DEFENDER))
    r_none = gin.score_deal(CLASSIC, C("KH"), cards(KNOCKER), cards(DEFENDER), layoffs=())
    assert r_none.layoffs == () and r_none.layoffs_chosen
    assert r_none.defender_deadwood >= r_best.defender_deadwood
    pairs = tuple(
        zip(
            [lo.card for lo in r_best.layoffs],
            meld_indexes(r_best.knocker_arrangement.melds, r_best.layoffs),
            strict=True,
        )
    )
    r_same = gin.score_deal(CLASSIC, C("KH"), cards(KNOCKER), cards(DEFENDER), layoffs=pairs)
    assert r_same.defender_deadwood == r_best.defender_deadwood and r_same.points == r_best.points


def test_layoffs_after_gin_are_refused() -> None:
    gin_hand = cards("7S 8S 9S 7H 7D 7C 2C 3C 4C 5C")
    with pytest.raises(gin.LayoutError) as err:
        gin.score_deal(CLASSIC, C("KH"), gin_hand, cards("6C TS JS QD KD 5H 6H 9C 2D 3D"),
                       layoffs=((C("6C"), 2),))  # fmt: skip
    assert err.value.code == "layoff-after-gin"


# ---------------------------------------------------------------- layoffs one at a time

RUN = "5S 6S 7S"
SET = "6H 6D 6C"


def board(kind: EndKind = "knock") -> gin.LayoffBoard:
    knocker = [gin.check_meld(cards(RUN)), gin.check_meld(cards(SET))]
    return gin.LayoffBoard.start(knocker, cards("3S 4S 8S 9S KD QD 2C JH TH 4D"), kind)


@pytest.mark.parametrize(
    ("card", "index", "code", "reason"),
    [
        ("KD", 0, "layoff-no-fit", "layout.no-fit.run-suit"),
        ("9S", 0, "layoff-no-fit", "layout.no-fit.run-end"),
        ("3S", 0, "layoff-no-fit", "layout.no-fit.run-end"),
        ("8S", 1, "layoff-no-fit", "layout.no-fit.set-rank"),
        ("7H", 0, "layoff-not-yours", None),
        ("5S", 0, "layoff-not-yours", None),
        ("8S", 2, "layoff-no-meld", None),
        ("8S", -1, "layoff-no-meld", None),
    ],
)
def test_each_layoff_refusal_says_why_and_changes_nothing(
    card: str, index: int, code: str, reason: str | None
) -> None:
    b = board()
    with pytest.raises(gin.LayoutError) as err:
        b.lay_off(C(card), index)
    assert err.value.code == code
    if reason is not None:
        assert err.value.data["reason"] == reason
    for lang in LANGUAGES:
        assert err.value.render(lang)
    assert b == board()


def test_a_full_set_takes_no_fifth_card() -> None:
    b = gin.LayoffBoard.start([gin.check_meld(cards("9H 9D 9C"))], cards("9S 2C 3D"))
    b = b.lay_off(C("9S"), 0)
    assert len(b.melds[0].cards) == 4 and b.hand == tuple(cards("2C 3D"))
    with pytest.raises(gin.LayoutError) as err:
        b.lay_off(C("9S"), 0)
    assert err.value.code == "layoff-not-yours"  # already laid off
    full = gin.LayoffBoard.start([gin.check_meld(cards("9H 9D 9C 9S"))], cards("2C"))
    assert full.fits(C("2C")) == ()


def test_after_gin_or_big_gin_nothing_may_be_laid_off() -> None:
    for kind in ("gin", "big-gin"):
        b = board(kind)  # type: ignore[arg-type]
        assert not b.open and b.fits(C("8S")) == () and b.fitting_cards() == ()
        with pytest.raises(gin.LayoutError) as err:
            b.lay_off(C("8S"), 0)
        assert err.value.code == "layoff-after-gin"
        missed = gin.missed_layoffs(b)
        assert missed.saved == 0 and missed.text.key.startswith("score.no-layoffs")


def test_chained_layoffs_fit_once_the_card_before_is_laid() -> None:
    """9♠ fits 5♠6♠7♠ only after 8♠; 3♠ only after 4♠ (chained runs)."""
    b = board()
    assert b.fits(C("9S")) == () and b.fits(C("8S")) == (0,)
    b = b.lay_off(C("8S"), 0)
    assert b.fits(C("9S")) == (0,)
    b = b.lay_off(C("9S"), 0).lay_off(C("4S"), 0).lay_off(C("3S"), 0)
    assert str(b.melds[0]) == "3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠"
    assert b.laid_cards == tuple(cards("8S 9S 4S 3S"))
    assert [str(lo.onto) for lo in b.laid][:2] == ["5♠ 6♠ 7♠", "5♠ 6♠ 7♠ 8♠"]


def test_chained_layoffs_in_either_order_reach_the_same_melds() -> None:
    up_first = (
        board().lay_off(C("8S"), 0).lay_off(C("9S"), 0).lay_off(C("4S"), 0).lay_off(C("3S"), 0)
    )
    down_first = (
        board().lay_off(C("4S"), 0).lay_off(C("3S"), 0).lay_off(C("8S"), 0).lay_off(C("9S"), 0)
    )
    assert up_first.melds == down_first.melds
    assert set(up_first.hand) == set(down_first.hand)
    assert up_first.deadwood_points == down_first.deadwood_points


def test_missed_layoffs_name_the_cards_and_the_points_saved() -> None:
    b = board().lay_off(C("8S"), 0)
    missed = gin.missed_layoffs(b)
    assert set(missed.cards) == set(cards("9S 4S 3S"))
    assert missed.saved == 16
    assert missed.text.key == "layout.missed" and missed.text.data["count"] == 16
    all_laid = (
        board().lay_off(C("8S"), 0).lay_off(C("9S"), 0).lay_off(C("4S"), 0).lay_off(C("3S"), 0)
    )
    none = gin.missed_layoffs(all_laid)
    assert none.saved == 0 and none.text.key == "layout.missed-none"


def test_laying_off_a_card_better_kept_in_an_own_meld_is_a_miss() -> None:
    knocker = [gin.check_meld(cards("5S 6S 7S"))]
    b = gin.LayoffBoard.start(knocker, cards("8S 8H 8D KC QC JH 2D 3H 4C TD"))
    b = b.lay_off(C("8S"), 0)  # breaks the defender's own set of eights
    missed = gin.missed_layoffs(b)
    assert missed.saved == 16 and missed.text.key == "layout.missed-keep"
    for lang in LANGUAGES:
        assert missed.text.render(lang)


# ---------------------------------------------------------------- the deal and the game


def knock_deal() -> gin.Deal:
    """Player 1 (non-dealer) holds the knocker's hand plus 5D to discard; up card KH."""
    order = stack_order(KNOCKER.replace("AH", "5D"), DEFENDER, "KH", stock="AH")
    deal = gin.Deal.from_order(CLASSIC, order, dealer=0)
    deal.apply(gin.Pass())
    deal.apply(gin.Pass())
    deal.apply(gin.DrawStock())
    return deal


def test_a_knock_with_a_layout_over_the_limit_is_refused_and_nothing_changes() -> None:
    deal = knock_deal()
    before = deal.snapshot()
    for bad, code in [
        (melds("7S 7H 7D 7C", "2C 3C 4C"), "layout-over-limit"),
        (melds("7S 8S 9S", "7H 7D 8D"), "card-not-in-hand"),
        (melds("7S 8S 9S", "7H 7D 2C"), "meld-not-set"),
        (melds("7S 8S 9S", "5D 6D 7D"), "card-not-in-hand"),
    ]:
        with pytest.raises(gin.LayoutError) as err:
            deal.apply(gin.Knock(C("5D"), bad))
        assert err.value.code == code
        assert deal.snapshot() == before


def test_a_knock_laid_out_worse_is_scored_as_laid_out() -> None:
    deal = knock_deal()
    layout = melds("7S 8S 9S", "7H 7D 7C")  # 2C 3C 4C left out: 10 deadwood with AH
    events = deal.apply(gin.Knock(C("5D"), layout))
    assert events[0] == gin.Knocked(1, C("5D"), 10, False)
    view = deal.view(0)
    assert view.lays_off and view.layoff_board is not None
    assert [m.cards for m in view.layoff_board.melds] == list(layout)
    assert view.knocker_shown is not None and view.knocker_shown.deadwood_points == 10
    deal.apply(gin.LayOff(()))
    assert deal.result is not None and deal.result.knocker_deadwood == 10
    assert deal.result.laid_out and deal.result.layoffs == ()


def test_a_defender_lays_off_their_own_choice() -> None:
    deal = knock_deal()
    deal.apply(gin.Knock(C("5D")))
    board = deal.view(0).layoff_board
    assert board is not None
    fits = board.fitting_cards()
    assert fits, "the defender has something to lay off"
    with pytest.raises(gin.LayoutError) as err:
        deal.apply(gin.LayOff(((C("KD"), 0),)))
    assert err.value.code in ("layoff-no-fit", "layoff-no-meld")
    card = fits[0]
    deal.apply(gin.LayOff(((card, board.fits(card)[0]),)))
    assert deal.result is not None and deal.result.layoffs_chosen
    assert [lo.card for lo in deal.result.layoffs] == [card]


def test_after_gin_the_view_says_nothing_may_be_laid_off() -> None:
    order = stack_order("7S 8S 9S 7H 7D 7C 2C 3C 4C 5D", DEFENDER, "KH", stock="5C")
    deal = gin.Deal.from_order(CLASSIC, order, dealer=0)
    for a in (gin.Pass(), gin.Pass(), gin.DrawStock()):
        deal.apply(a)
    deal.apply(gin.Knock(C("5D"), melds("7S 8S 9S", "7H 7D 7C", "2C 3C 4C 5C")))
    assert deal.result is not None and deal.result.kind == "gin"
    assert deal.view(0).layoffs_barred and not deal.view(1).layoffs_barred


def test_big_gin_with_a_layout() -> None:
    rules = gin.Rules.preset("classic", big_gin=True)
    order = stack_order("7S 8S 9S 7H 7D 7C 2C 3C 4C 5C", DEFENDER, "KH", stock="6C")
    deal = gin.Deal.from_order(rules, order, dealer=0)
    for a in (gin.Pass(), gin.Pass(), gin.DrawStock()):
        deal.apply(a)
    before = deal.snapshot()
    with pytest.raises(gin.LayoutError) as err:
        deal.apply(gin.BigGin(melds("7S 8S 9S", "7H 7D 7C", "2C 3C 4C")))
    assert err.value.code == "layout-big-gin-deadwood" and deal.snapshot() == before
    deal.apply(gin.BigGin(melds("7S 8S 9S", "7H 7D 7C", "2C 3C 4C 5C 6C")))
    assert deal.result is not None and deal.result.kind == "big-gin" and deal.result.laid_out


@pytest.mark.parametrize(
    "action",
    [
        gin.Knock(C("7S")),
        gin.Knock(C("TS"), melds("2C 3C 4C", "9H 9D 9S")),
        gin.Knock(C("TS"), ()),
        gin.BigGin(),
        gin.BigGin(melds("2C 3C 4C", "9H 9D 9S 9C")),
        gin.LayOff(),
        gin.LayOff(()),
        gin.LayOff(((C("8S"), 0), (C("9S"), 0), (C("TH"), 12))),
    ],
)
def test_an_action_with_a_layout_reads_back_from_its_text(action: gin.Action) -> None:
    assert gin.parse_action(action.text) == action


@pytest.mark.parametrize(
    "text",
    ["knock 7S with 2C-3C-XX", "knock 7S as 2C-3C-4C", "lay-off with 8S", "lay-off with 8S@x",
     "lay-off with 8S@-1", "lay-off with 8S@1000", "big-gin 2C-3C-4C", "lay-off 8S@0"],
)  # fmt: skip
def test_a_damaged_layout_text_is_not_an_action(text: str) -> None:
    with pytest.raises(gin.IllegalActionError) as err:
        gin.parse_action(text)
    assert err.value.code == "bad-action"


def test_a_game_with_layouts_saves_loads_and_refuses_undo_past_the_knock() -> None:
    order = stack_order(KNOCKER.replace("AH", "5D"), DEFENDER, "KH", stock="AH")
    game = gin.Game(CLASSIC, seed=1, first_dealer=0, orders=[order])
    for a in (gin.Pass(), gin.Pass(), gin.DrawStock()):
        game.apply(a)
    game.apply(gin.Knock(C("5D"), melds("7S 8S 9S", "7H 7D 7C")))
    assert game.log[-1] == "knock 5D with 7S-8S-9S 7H-7D-7C"
    with pytest.raises(gin.UndoRefusedError):
        game.undo()
    board = game.deal.view(0).layoff_board
    assert board is not None
    card = board.fitting_cards()[0]
    game.apply(gin.LayOff(((card, board.fits(card)[0]),)))
    restored = gin.Game.from_json(game.to_json())
    assert restored == game and game.replay() == game
    assert restored.deal.result == game.deal.result


def test_old_saves_without_layouts_still_load() -> None:
    game = gin.Game(CLASSIC, seed=5)
    rng = random.Random(5)
    while not game.deal.is_over:
        legal = game.deal.legal_actions()
        knocks = [a for a in legal if isinstance(a, gin.Knock)]
        game.apply(knocks[0] if knocks else rng.choice(legal))
    assert all(" with" not in entry for entry in game.log)
    assert gin.Game.from_json(game.to_json()) == game


# ---------------------------------------------------------------- properties


def net(r: gin.DealResult) -> int:
    """The knocker's score of the deal: the points won, or lost to an undercut."""
    return 0 if r.winner is None else r.points if r.winner == "knocker" else -r.points


RULES10 = gin.Rules.preset("classic", ace_knock_limit=10)


def knock_positions_and_randoms(test: Callable[..., None]) -> Callable[..., None]:
    """Run ``test(position, rng)`` over knock positions (:func:`knock_positions`) and
    seeded generators, with the examples these layout searches can afford."""
    return settings(
        max_examples=max(10, BASE // 6),
        suppress_health_check=[HealthCheck.large_base_example, HealthCheck.filter_too_much],
    )(given(knock_positions(), st.randoms(use_true_random=False))(test))


@knock_positions_and_randoms
def test_the_best_layout_never_scores_worse_than_a_proposed_one(
    position: tuple[list[gin.Card], list[gin.Card]], rng: random.Random
) -> None:
    """Over every maximal layout and layouts with melds dropped, within the limit: the best
    leaves the least deadwood; with the same layoffs (none) it never scores worse for the
    knocker; among layouts of least deadwood the engine's choice (the knocker's tie-break)
    scores at least as much with the defender's best layoffs."""
    knocker, defender = position
    aces = [c for c in gin.DECK if c.rank == 1 and c not in knocker and c not in defender]
    assume(aces)
    up = aces[0]
    best = gin.score_deal(RULES10, up, knocker, defender)
    best_bare = gin.score_deal(RULES10, up, knocker, defender, layoffs=())
    candidates = all_maximal_arrangements(knocker)[:12]
    for arr in list(candidates):
        if len(arr.melds) > 1:
            drop = rng.randrange(len(arr.melds))
            candidates.append(gin.Arrangement(arr.melds[:drop] + arr.melds[drop + 1 :], ()))
    for arr in candidates:
        layout = tuple(m.cards for m in arr.melds)
        proposed = gin.propose_layout(knocker, layout)
        cmp = gin.compare_layout(knocker, proposed)
        assert cmp.extra == proposed.deadwood_points - best.knocker_best_deadwood >= 0
        assert cmp.as_good == (cmp.extra == 0)
        if proposed.deadwood_points > 10:
            with pytest.raises(gin.LayoutError):
                gin.score_deal(RULES10, up, knocker, defender, layout)
            continue
        bare = gin.score_deal(RULES10, up, knocker, defender, layout, layoffs=())
        assert net(best_bare) >= net(bare)
        if cmp.as_good:
            assert net(best) >= net(gin.score_deal(RULES10, up, knocker, defender, layout))


@knock_positions_and_randoms
def test_any_chosen_layoffs_leave_at_least_the_best_layoffs_deadwood(
    position: tuple[list[gin.Card], list[gin.Card]], rng: random.Random
) -> None:
    """Layoffs chosen at random, one at a time, never beat the engine's best; the best
    replayed on the board misses nothing; the deal scored with the chosen layoffs agrees."""
    knocker, defender = position
    arrangement = gin.best_arrangement(knocker)
    b = gin.LayoffBoard.start(arrangement.melds, defender)
    while b.fitting_cards() and rng.random() < 0.8:
        card = rng.choice(b.fitting_cards())
        b = b.lay_off(card, rng.choice(b.fits(card)))
    missed = gin.missed_layoffs(b)
    assert missed.saved >= 0 and missed.best_deadwood <= b.deadwood_points
    replay = gin.LayoffBoard.start(arrangement.melds, defender)
    for lo in missed.best:
        replay = replay.lay_off(lo.card, replay.melds.index(lo.onto))
    assert gin.missed_layoffs(replay).saved == 0
    layout = tuple(m.cards for m in arrangement.melds)
    pairs = tuple((lo.card, i) for lo, i in zip(b.laid, _indexes(b), strict=True))
    if arrangement.deadwood_points:
        r = gin.score_deal(RULES10, C("AS") if C("AS") not in knocker + defender else C("AH"),
                           knocker, defender, layout, pairs)  # fmt: skip
        assert r.defender_deadwood == b.deadwood_points


def _indexes(b: gin.LayoffBoard) -> list[int]:
    """The meld index of each layoff on a board, replayed from its start."""
    return meld_indexes(b.start_melds, b.laid)


def play_laying_out(game: gin.Game, rng: random.Random, entries: int) -> None:
    """Play at random; every knock and big gin lays out a layout of its own (a maximal
    one within the limit, not always the best) and every defender chooses layoffs."""
    play_moves(game, entries, lambda g: _lay_out_move(g, rng))


def _lay_out_move(game: gin.Game, rng: random.Random) -> None:
    """One move of :func:`play_laying_out`."""
    deal = game.deal
    view = deal.view(deal.to_move)  # type: ignore[arg-type]
    legal = list(view.legal_actions)
    if view.lays_off and view.layoff_board is not None:
        b = view.layoff_board
        while b.fitting_cards() and rng.random() < 0.7:
            card = rng.choice(b.fitting_cards())
            b = b.lay_off(card, rng.choice(b.fits(card)))
        game.apply(gin.LayOff(tuple(zip(b.laid_cards, _indexes(b), strict=True))))
        return
    knocks = [a for a in legal if isinstance(a, gin.Knock | gin.BigGin)]
    if knocks and rng.random() < 0.5:
        a = rng.choice(knocks)
        kept = view.kept_cards(a.card) if isinstance(a, gin.Knock) else view.hand
        fitting = [
            arr for arr in all_maximal_arrangements(kept)[:8]
            if arr.deadwood_points <= (0 if isinstance(a, gin.BigGin) else view.knock_limit)
        ]  # fmt: skip
        layout = tuple(m.cards for m in rng.choice(fitting).melds)
        game.apply(gin.Knock(a.card, layout) if isinstance(a, gin.Knock) else gin.BigGin(layout))
        return
    game.apply(rng.choice(legal))


@settings(max_examples=max(10, BASE // 10))
@given(st.integers(0, 2**32), st.sampled_from([CLASSIC, SPADES]))
def test_a_game_laid_out_by_hand_replays_and_saves_to_the_same_state(
    seed: int, rules: gin.Rules
) -> None:
    rng = random.Random(seed)
    game = gin.Game(rules.replace(target=60), rng=random.Random(seed))
    play_laying_out(game, rng, 250)
    for deal in game.deals:
        assert_cards_accounted_for(deal)
    restored = gin.Game.from_json(game.to_json())
    assert restored == game and game.replay() == game
