"""Melds and deadwood (RULES.md, "Melds"): worked cases the solver must get right."""

from __future__ import annotations

import pytest
from brute import brute_best_discards, brute_best_structures, brute_deadwood, brute_partitions

import gin
from gin.cards import cards_mask
from gin.melds import (
    all_maximal_arrangements,
    best_discard_deadwood_of_mask,
    deadwood_of_mask,
    extend,
)

TRAP = "2C 4C 5C 6C AD 4D 6D 2H 4H 5H 6H"
"""The 11-card hand of issue 2: the best discard breaks a meld of the first grouping."""


def structure(arr: object) -> frozenset[tuple[str, frozenset[gin.Card]]]:
    melds = arr.melds  # type: ignore[attr-defined]
    return frozenset((m.kind, frozenset(m.cards)) for m in melds)


def test_no_cards_have_no_deadwood() -> None:
    assert gin.deadwood([]) == 0
    assert gin.best_arrangements([])[0].melds == ()


def test_deadwood_counts_aces_one_and_faces_ten() -> None:
    assert gin.deadwood(gin.parse_cards("AS KH QD JC TS")) == 41


def test_ace_is_low_so_a_2_3_is_a_run() -> None:
    assert gin.deadwood(gin.parse_cards("AS 2S 3S")) == 0
    assert gin.is_meld(gin.parse_cards("AS 2S 3S")) == "run"


@pytest.mark.parametrize("hand", ["QS KS AS", "KH AH 2H"])
def test_ace_is_never_high_so_q_k_a_and_k_a_2_are_not_runs(hand: str) -> None:
    cards = gin.parse_cards(hand)
    assert gin.deadwood(cards) == sum(c.points for c in cards)
    assert gin.is_meld(cards) is None


def test_a_set_is_three_or_four_of_a_rank() -> None:
    assert gin.deadwood(gin.parse_cards("9S 9H 9D")) == 0
    assert gin.deadwood(gin.parse_cards("9S 9H 9D 9C")) == 0
    assert gin.deadwood(gin.parse_cards("9S 9H")) == 18
    assert gin.is_meld(gin.parse_cards("9S 9H 9D 9C")) == "set"


def test_a_run_is_three_or_more_in_a_row_of_one_suit() -> None:
    assert gin.deadwood(gin.parse_cards("4H 5H 6H 7H 8H")) == 0
    assert gin.deadwood(gin.parse_cards("4H 5H 6D")) == 15
    assert gin.is_meld(gin.parse_cards("4H 5H 6D")) is None
    assert gin.is_meld(gin.parse_cards("4H 6H 5H")) == "run"


def test_a_card_belongs_to_one_meld_only() -> None:
    # 7♠ finishes the run 5♠6♠7♠ or the set of sevens, not both: the set leaves 5♠ 6♠
    assert gin.deadwood(gin.parse_cards("5S 6S 7S 7H 7D")) == 11
    assert [m.kind for m in gin.best_arrangement(gin.parse_cards("5S 6S 7S 7H 7D")).melds] == [
        "set"
    ]
    assert gin.deadwood(gin.parse_cards("5S 6S 7S 7H 7D 7C")) == 0  # set of three + the run


def test_a_run_longer_than_five_cards_is_shown_as_one_meld() -> None:
    arr = gin.best_arrangement(gin.parse_cards("3S 4S 5S 6S 7S 8S 9S"))
    assert [(m.kind, len(m.cards)) for m in arr.melds] == [("run", 7)]
    assert [c.code for c in arr.melds[0].cards] == ["3S", "4S", "5S", "6S", "7S", "8S", "9S"]


def test_two_runs_that_touch_are_shown_as_one_meld() -> None:
    arrs = gin.best_arrangements(gin.parse_cards("2D 3D 4D 5D 6D 7D"))
    assert len(arrs) == 1
    assert [len(m.cards) for m in arrs[0].melds] == [6]


def test_every_equal_arrangement_is_listed() -> None:
    # set 8♠8♥8♦ leaves 7♠ 9♠ (16); run 7♠8♠9♠ leaves 8♥ 8♦ (16)
    arrs = gin.best_arrangements(gin.parse_cards("7S 8S 9S 8H 8D"))
    assert {a.deadwood_points for a in arrs} == {16}
    assert {tuple(m.kind for m in a.melds) for a in arrs} == {("set",), ("run",)}
    assert gin.best_arrangements(gin.parse_cards("9S 8D 8H 7S 8S")) == arrs  # the order is fixed


def test_best_arrangements_match_the_brute_force_on_a_contested_hand() -> None:
    hand = gin.parse_cards("5S 6S 7S 7H 7D 7C 8C 9C 8S")
    expected = brute_best_structures(hand)
    assert {structure(a) for a in gin.best_arrangements(hand)} == expected
    assert all(a.deadwood_points == brute_deadwood(hand) for a in gin.best_arrangements(hand))


def test_an_arrangement_accounts_for_every_card() -> None:
    hand = gin.parse_cards("AS 2S 3S 5H 5D 5C 9D TD JD 2C KH")
    for arr in gin.best_arrangements(hand):
        assert sorted(arr.cards) == sorted(hand)
        assert arr.deadwood_points == sum(c.points for c in arr.deadwood)
        for m in arr.melds:
            assert gin.is_meld(m.cards) == m.kind
            assert arr.meld_of(m.cards[0]) == m
        assert all(arr.meld_of(c) is None for c in arr.deadwood)
    assert gin.best_arrangement(hand).describe().endswith("= 12")


def test_best_discard_of_the_trap_hand_is_9_and_breaks_the_first_grouping() -> None:
    hand = gin.parse_cards(TRAP)
    options = gin.best_discards(hand)
    assert {o.deadwood_points for o in options} == {9}
    best, discards = brute_best_discards(hand)
    assert best == 9
    assert {o.discard for o in options} == discards
    for o in options:
        kept = [c for c in hand if c is not o.discard]
        assert sorted(o.arrangement.cards) == sorted(kept)
        assert o.arrangement.deadwood_points == 9


def test_a_naive_first_grouping_gets_the_trap_hand_wrong() -> None:
    """Arranging the eleven cards first and then dropping the highest deadwood card can
    give 10 for the trap hand: its best eleven-card grouping with sets leaves 15 with a
    5 as the highest deadwood card, while the exact answer is 9."""
    hand = gin.parse_cards(TRAP)
    least = brute_deadwood(hand)
    naive_results = set()
    for melds, dw in brute_partitions(hand):
        if dw == least:
            used = set().union(*melds)
            dead = [c for c in hand if c not in used]
            naive_results.add(dw - max(c.points for c in dead))
    assert 10 in naive_results
    assert best_discard_deadwood_of_mask(cards_mask(hand)) == 9


def test_best_discards_needs_eleven_cards() -> None:
    with pytest.raises(gin.CardParseError) as err:
        gin.best_discards(gin.parse_cards("AS 2S 3S"))
    assert err.value.code == "wrong-count"


def test_discard_options_cover_every_card_sorted_by_deadwood() -> None:
    hand = gin.parse_cards(TRAP)
    opts = gin.discard_options(hand)
    assert sorted(o.discard for o in opts) == sorted(hand)
    assert [o.deadwood_points for o in opts] == sorted(o.deadwood_points for o in opts)
    for o in opts:
        assert o.deadwood_points == brute_deadwood([c for c in hand if c is not o.discard])


def test_more_than_eleven_cards_is_refused() -> None:
    with pytest.raises(gin.CardParseError) as err:
        gin.best_arrangements(gin.parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"))
    assert err.value.code == "too-many-cards"


def test_a_card_twice_in_a_hand_is_refused() -> None:
    seven = gin.Card.parse("7S")
    with pytest.raises(gin.CardParseError) as err:
        gin.deadwood([seven, gin.Card.parse("8S"), seven])
    assert err.value.code == "duplicate-card"
    with pytest.raises(gin.CardParseError):
        gin.best_arrangements([seven, seven])


def test_a_card_twice_in_a_hand_is_refused_from_an_iterator() -> None:
    seven = gin.Card.parse("7S")
    with pytest.raises(gin.CardParseError):
        gin.deadwood(iter([seven, seven, gin.Card.parse("KH")]))
    assert gin.deadwood(c for c in [seven, gin.Card.parse("KH")]) == 17


def test_mask_functions_agree_with_the_card_functions() -> None:
    hand = gin.parse_cards(TRAP)
    m = cards_mask(hand)
    assert deadwood_of_mask(m) == gin.deadwood(hand)
    assert best_discard_deadwood_of_mask(m) == gin.best_discards(hand)[0].deadwood_points


def test_can_extend_a_set_of_three_with_the_fourth_card() -> None:
    s = gin.Meld("set", tuple(gin.parse_cards("9S 9H 9D")))
    assert gin.can_extend(s, gin.Card.parse("9C"))
    assert not gin.can_extend(s, gin.Card.parse("9S"))
    assert not gin.can_extend(s, gin.Card.parse("8C"))
    four = extend(s, gin.Card.parse("9C"))
    assert len(four.cards) == 4 and not gin.can_extend(four, gin.Card.parse("9C"))


def test_can_extend_a_run_at_either_end_only() -> None:
    run = gin.Meld("run", tuple(gin.parse_cards("6S 7S 8S")))
    assert gin.can_extend(run, gin.Card.parse("5S")) and gin.can_extend(run, gin.Card.parse("9S"))
    assert not gin.can_extend(run, gin.Card.parse("TS"))
    assert not gin.can_extend(run, gin.Card.parse("9H"))
    longer = extend(run, gin.Card.parse("9S"))
    assert [c.code for c in longer.cards] == ["6S", "7S", "8S", "9S"]
    assert gin.can_extend(longer, gin.Card.parse("TS"))
    with pytest.raises(gin.CardParseError):
        extend(run, gin.Card.parse("JS"))
    low = gin.Meld("run", tuple(gin.parse_cards("AS 2S 3S")))
    assert not gin.can_extend(low, gin.Card.parse("KS"))


def test_maximal_arrangements_include_the_best_and_worse_ones() -> None:
    hand = gin.parse_cards("5S 6S 7S 7H 7D 8S 9S")
    every = all_maximal_arrangements(hand)
    best = gin.deadwood(hand)
    assert every[0].deadwood_points == best
    assert {structure(a) for a in every if a.deadwood_points == best} == {
        structure(a) for a in gin.best_arrangements(hand)
    }
    assert any(a.deadwood_points > best for a in every)


def test_explain_melds_names_why_the_alternatives_are_worse() -> None:
    ex = gin.explain_melds(gin.parse_cards("5S 6S 7S 7H 7D 8S 9S"))
    assert ex.best == gin.best_arrangement(gin.parse_cards("5S 6S 7S 7H 7D 8S 9S"))
    assert ex.best.deadwood_points == 14
    assert ex.alternatives and all(a.deadwood_points > 14 for a in ex.alternatives)
    assert [s.number for s in ex.steps] == list(range(1, len(ex.steps) + 1))
    assert any(s.code == "alternative" for s in ex.steps)


def test_every_single_suit_hand_matches_the_brute_force() -> None:
    """All 8,178 one-suit hands of 0 to 11 cards: the run table and the run covers are
    exact (deadwood and every best arrangement)."""
    for row in range(1 << 13):
        hand = [gin.Card(r + 1, 0) for r in range(13) if row >> r & 1]
        if len(hand) > 11:
            continue
        assert gin.deadwood(hand) == brute_deadwood(hand), hand
        assert {structure(a) for a in gin.best_arrangements(hand)} == brute_best_structures(hand)
