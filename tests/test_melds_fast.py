"""The meld solver's fast paths (issue 30: the review's speed) give the least deadwood of
RULES.md, "Melds", exactly: a rank no run could use is always a set, the discards of a
hand are weighed one table look-up each, and a card no meld can use means deadwood."""

from __future__ import annotations

import random

from brute import brute_deadwood
from hypothesis import given, settings
from hypothesis import strategies as st

from gin.cards import Card, cards_mask, mask_cards
from gin.melds import deadwood_of_mask, discard_deadwoods, has_loose_card


def _clustered(seed: int, size: int) -> int:
    """A hand drawn from a few ranks and neighbouring cards, so that sets and runs
    compete for the same cards (the cases the fast paths must not get wrong)."""
    rng = random.Random(seed)
    ranks = rng.sample(range(13), rng.randint(3, 5))
    cards: set[int] = set()
    while len(cards) < size:
        r = rng.choice(ranks) + rng.choice((0, 0, 1, -1))
        if 0 <= r < 13:
            cards.add(rng.randrange(4) * 13 + r)
    return sum(1 << c for c in cards)


hands = st.one_of(
    st.builds(_clustered, st.integers(0, 10**9), st.integers(3, 11)),
    st.lists(st.integers(0, 51), min_size=3, max_size=11, unique=True).map(
        lambda cs: sum(1 << c for c in cs)
    ),
)


@settings(max_examples=300, deadline=None)
@given(hands)
def test_deadwood_of_a_mask_matches_the_brute_force(mask: int) -> None:
    """Rule: deadwood is the least count of unmelded cards over every choice of melds,
    also where a set and a run compete for a card."""
    assert deadwood_of_mask(mask) == brute_deadwood(mask_cards(mask))


@settings(max_examples=300, deadline=None)
@given(hands, st.integers(0, (1 << 52) - 1))
def test_each_discard_leaves_the_deadwood_of_the_hand_without_it(mask: int, among: int) -> None:
    """Rule: the deadwood after a discard is the least deadwood of the cards kept."""
    got = discard_deadwoods(mask, mask & among)
    want = [(i, deadwood_of_mask(mask ^ (1 << i))) for i in range(52) if (mask & among) >> i & 1]
    assert got == want


@settings(max_examples=300, deadline=None)
@given(hands)
def test_a_loose_card_means_deadwood(mask: int) -> None:
    """Rule: a card in no set of its rank and no run of its suit is deadwood, so such a
    hand is never gin."""
    if has_loose_card(mask):
        assert deadwood_of_mask(mask) > 0


def test_a_set_no_run_can_use_is_melded_and_a_contested_one_is_weighed() -> None:
    """Rule: a card belongs to one meld only. In 7C 7D 7H 8H 9H the 7H goes to the run
    7H 8H 9H (7C 7D left: 14) rather than the set (8H 9H left: 17); in KC KD KH 8H 9H no
    run can use a king, so the kings meld (8H 9H left: 17)."""
    contested = cards_mask([Card.parse(c) for c in "7C 7D 7H 8H 9H".split()])
    assert deadwood_of_mask(contested) == 14
    kings = cards_mask([Card.parse(c) for c in "KC KD KH 8H 9H".split()])
    assert deadwood_of_mask(kings) == 17
