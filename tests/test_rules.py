"""The rule set (RULES.md, "The two rule sets" and "Common options beyond the seeds")."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from gin import Card, Rules, RulesError


def test_classic_preset_matches_the_rules_table() -> None:
    r = Rules.preset("classic")
    assert r.name == "classic"
    assert r.ace_knock_limit == 1
    assert r.spade_doubles is False
    assert r.gin_bonus == 25
    assert r.big_gin is False
    assert r.undercut_bonus == 10
    assert r.undercut_on_tie is True
    assert r.may_discard_taken_card is False
    assert r.next_dealer == "winner"
    assert r.target == 100
    assert (r.box_bonus, r.game_bonus, r.shutout_doubles) == (0, 0, False)


def test_spades_double_preset_matches_the_rules_table() -> None:
    r = Rules.preset("spades-double")
    assert r.name == "spades-double"
    assert r.ace_knock_limit == 0
    assert r.spade_doubles is True
    assert r.gin_bonus == 25
    assert r.big_gin is True
    assert r.big_gin_bonus == 31
    assert r.undercut_bonus == 25
    assert r.undercut_on_tie is True
    assert r.may_discard_taken_card is False
    assert r.next_dealer == "alternate"
    assert r.target == 150
    assert (r.box_bonus, r.game_bonus, r.shutout_doubles) == (0, 0, False)


def test_an_unknown_preset_is_refused() -> None:
    with pytest.raises(RulesError) as err:
        Rules.preset("oklahoma")
    assert err.value.code == "unknown-preset"
    assert "'oklahoma'" in err.value.message


def test_a_preset_with_changes_is_a_custom_rule_set() -> None:
    r = Rules.preset("classic", gin_bonus=20, undercut_on_tie=False)
    assert (r.gin_bonus, r.undercut_on_tie, r.name) == (20, False, "custom")
    assert r.replace(gin_bonus=25, undercut_on_tie=True).name == "classic"


def test_rules_are_frozen() -> None:
    r = Rules.preset("classic")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.target = 5  # type: ignore[misc]
    assert hash(r) == hash(Rules.preset("classic"))


@pytest.mark.parametrize(
    ("rank", "classic", "spades"),
    [(1, 1, 0), (2, 2, 2), (6, 6, 6), (9, 9, 9), (10, 10, 10), (11, 10, 10), (12, 10, 10),
     (13, 10, 10)],
)  # fmt: skip
def test_the_up_card_sets_the_knock_limit(rank: int, classic: int, spades: int) -> None:
    up = Card(rank, 1)
    assert Rules.preset("classic").knock_limit(up) == classic
    assert Rules.preset("spades-double").knock_limit(up) == spades


def test_only_spade_doubles_doubles_a_spade_up_card() -> None:
    sd, cl = Rules.preset("spades-double"), Rules.preset("classic")
    for up, doubled in [("7S", True), ("AS", True), ("7H", False), ("KD", False)]:
        c = Card.parse(up)
        assert sd.is_doubled(c) is doubled
        assert sd.multiplier(c) == (2 if doubled else 1)
        assert cl.is_doubled(c) is False
        assert cl.multiplier(c) == 1


def test_an_ace_knock_limit_may_be_set_from_0_to_10() -> None:
    for limit in range(11):
        assert Rules.preset("classic", ace_knock_limit=limit).knock_limit(Card.parse("AH")) == limit


INVALID: list[tuple[str, Any, str]] = [
    ("gin_bonus", -1, "negative"),
    ("big_gin_bonus", -5, "negative"),
    ("undercut_bonus", -10, "negative"),
    ("box_bonus", -20, "negative"),
    ("game_bonus", -100, "negative"),
    ("target", 0, "from 10 to 10000"),
    ("target", -150, "from 10 to 10000"),
    ("target", 5, "from 10 to 10000"),
    ("target", 10**30, "from 10 to 10000"),
    ("ace_knock_limit", 11, "0 to 10"),
    ("ace_knock_limit", -1, "0 to 10"),
    ("target", "100", "whole number"),
    ("target", 100.0, "whole number"),
    ("gin_bonus", True, "whole number"),
    ("gin_bonus", None, "whole number"),
    ("ace_knock_limit", 1.5, "whole number"),
    ("spade_doubles", 1, "true or false"),
    ("big_gin", "yes", "true or false"),
    ("undercut_on_tie", None, "true or false"),
    ("may_discard_taken_card", 0, "true or false"),
    ("shutout_doubles", "false", "true or false"),
    ("next_dealer", "loser", "next_dealer"),
    ("next_dealer", None, "next_dealer"),
    ("next_dealer", ["winner"], "next_dealer"),
]


@pytest.mark.parametrize(("field", "value", "words"), INVALID)
def test_an_invalid_field_is_refused_never_replaced(field: str, value: Any, words: str) -> None:
    with pytest.raises(RulesError) as err:
        Rules.preset("classic", **{field: value})
    assert err.value.code == "bad-rules"
    assert words in err.value.message
    assert isinstance(err.value, ValueError)
    with pytest.raises(RulesError):
        Rules.preset("spades-double").replace(**{field: value})
    with pytest.raises(RulesError):
        Rules(**{field: value})
    data = Rules.preset("classic").to_dict()
    data[field] = value
    with pytest.raises(RulesError):
        Rules.from_dict(data)


def test_an_unknown_field_is_refused() -> None:
    with pytest.raises(RulesError) as err:
        Rules.preset("classic", knock_limit=5)
    assert "'knock_limit'" in err.value.message
    with pytest.raises(RulesError):
        Rules.preset("classic").replace(colour="red")


def test_rules_round_trip_through_a_dict() -> None:
    for r in (Rules.preset("classic"), Rules.preset("spades-double", box_bonus=20)):
        assert Rules.from_dict(r.to_dict()) == r


def test_from_dict_refuses_a_missing_field() -> None:
    data = Rules.preset("classic").to_dict()
    del data["target"]
    with pytest.raises(RulesError) as err:
        Rules.from_dict(data)
    assert "'target'" in err.value.message and "missing" in err.value.message


def test_from_dict_refuses_an_unknown_field() -> None:
    data = Rules.preset("classic").to_dict()
    data["jokers"] = 2
    with pytest.raises(RulesError) as err:
        Rules.from_dict(data)
    assert "'jokers'" in err.value.message


@pytest.mark.parametrize("bad", [None, [], "classic", 5])
def test_from_dict_refuses_a_non_mapping(bad: Any) -> None:
    with pytest.raises(RulesError):
        Rules.from_dict(bad)
