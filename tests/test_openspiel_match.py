"""The OpenSpiel benchmark's mapping (benchmarks/openspiel_match.py).

The card and meld numbering is checked without OpenSpiel; the short match at the end
runs only where the optional ``bench`` extra (open-spiel) is installed.
"""

from __future__ import annotations

import pytest

from benchmarks.openspiel_match import (
    MIRROR_RULES,
    meld_id,
    os_card,
    our_card,
    run_match,
    split_meld,
)
from gin import Card, parse_cards
from gin.cards import DECK
from gin.melds import Meld


def test_cards_map_both_ways_in_openspiels_suit_order() -> None:
    assert sorted(os_card(c) for c in DECK) == list(range(52))
    assert all(our_card(os_card(c)) == c for c in DECK)
    assert os_card(Card.parse("AS")) == 0 and os_card(Card.parse("KH")) == 51
    assert os_card(Card.parse("2C")) == 14


def test_meld_numbers_follow_openspiels_meld_to_int() -> None:
    # rank melds: rank * 5 + the missing suit (s c d h), or + 4 for four of a kind
    assert meld_id(parse_cards("2C 2D 2H")) == 1 * 5 + 0
    assert meld_id(parse_cards("2S 2D 2H")) == 1 * 5 + 1
    assert meld_id(parse_cards("KS KC KD KH")) == 12 * 5 + 4
    # runs: by size, then suit, then lowest rank
    assert meld_id(parse_cards("AS 2S 3S")) == 65
    assert meld_id(parse_cards("JH QH KH")) == 65 + 3 * 11 + 10
    assert meld_id(parse_cards("AC 2C 3C 4C")) == 65 + 44 + 10
    assert meld_id(parse_cards("9D TD JD QD KD")) == 65 + 44 + 40 + 2 * 9 + 8


def test_long_runs_are_laid_as_openspiel_melds_of_three_to_five() -> None:
    run = Meld("run", tuple(parse_cards("2S 3S 4S 5S 6S 7S 8S")))
    pieces = split_meld(run)
    assert [len(p) for p in pieces] == [4, 3]
    assert [c for p in pieces for c in p] == list(run.cards)


def test_the_mirrored_rules_are_openspiels_oklahoma_rules() -> None:
    r = MIRROR_RULES
    assert r.knock_limit(Card.parse("AS")) == 0 and r.knock_limit(Card.parse("KD")) == 10
    assert not r.spade_doubles and not r.big_gin and not r.undercut_on_tie
    assert r.gin_bonus == 25 and r.undercut_bonus == 25 and r.may_discard_taken_card


def test_a_short_duplicate_match_against_simple_gin_rummy_bot() -> None:
    pytest.importorskip("pyspiel", reason="the optional bench extra (open-spiel) is absent")
    res = run_match("eager", 3, seed=7)
    s = res.summary()
    assert s["deals"] == 6 and [p.seat for p in res.plays] == [0, 1] * 3
    assert s["refused_knocks"] >= 0 and s["decisions"] > 0
