"""A deadwood count worked out by a person from a hand held as dealt (issue 29, the level
"Count your hand"), checked by the engine with its slip named. RULES.md: J, Q and K count
10 and an ace 1; a card belongs to one meld at most; the deadwood count is the least over
every arrangement."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gin
from gin.counting import COUNT_SLIPS, check_deadwood_count, double_counts, layout_counts
from gin.i18n import LANGUAGES

HAND = gin.parse_cards("7S KD 8S 7H 9S 7D 2C AC QH 4C")  # best: run 7-9♠, deadwood 41


@pytest.mark.parametrize(
    ("given_count", "slip", "data"),
    [
        (27, "card-counted-twice", {"card": "7S"}),  # 7♠ in the run and the set of sevens
        (44, "face-as-rank", {"card": "KD", "value": 13}),
        (43, "face-as-rank", {"card": "QH", "value": 12}),
        (51, "ace-high", {"card": "AC"}),
        (65, "counted-melds", {"total": 65}),
        (50, "other", {"points": 41}),
    ],
)
def test_a_wrong_count_names_its_slip(given_count: int, slip: str, data: dict[str, object]) -> None:
    v = check_deadwood_count(HAND, given_count)
    assert not v.right and v.slip == slip and v.slip in COUNT_SLIPS
    assert v.answer == 41 == gin.deadwood(HAND)
    assert all(v.text.data[k] == x for k, x in data.items())
    for lang in LANGUAGES:
        assert v.text.render(lang)


def test_the_right_count_is_right_in_any_order() -> None:
    for seed in range(5):
        hand = list(HAND)
        random.Random(seed).shuffle(hand)
        v = check_deadwood_count(hand, 41)
        assert v.right and v.slip is None and str(v.text) == "Right: this hand keeps 41 deadwood."


def test_another_layouts_count_is_a_worse_arrangement() -> None:
    hand = gin.parse_cards("7S 8S 9S 7H 7D 2C 3C 4C 5H 6D")  # run 7-9♠ or set of sevens
    assert {gin.deadwood(hand), 28} <= layout_counts(hand)
    v = check_deadwood_count(hand, 28)
    assert v.slip == "worse-arrangement" and v.text.data == {"given": 28, "answer": 25}


def test_a_card_counted_twice_names_the_two_melds() -> None:
    twice = double_counts(HAND)
    assert [(d.card.code, d.deadwood) for d in twice] == [("7S", 27)]
    assert [m.kind for m in twice[0].melds] == ["set", "run"]


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_engines_count_is_always_right_and_every_slip_is_a_wrong_count(
    rng: random.Random,
) -> None:
    hand = rng.sample(gin.DECK, 10)
    answer = gin.deadwood(hand)
    assert check_deadwood_count(hand, answer).right
    assert min(layout_counts(hand)) == answer
    for wrong in (answer + 1, answer + 3, sum(c.points for c in hand) + 1):
        v = check_deadwood_count(hand, wrong)
        assert not v.right and v.slip in COUNT_SLIPS and v.answer == answer
