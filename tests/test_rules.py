"""The rule set (RULES.md, "The two rule sets" and "Common options beyond the seeds")."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from gin import Card, Rules, RulesError

# RULES.md, "The two rule sets": (field, classic, spades-double)
RULES_TABLE: list[tuple[str, Any, Any]] = [
    ("ace_knock_limit", 1, 0),
    ("spade_doubles", False, True),
    ("gin_bonus", 25, 25),
    ("big_gin", False, True),
    ("undercut_bonus", 10, 25),
    ("undercut_on_tie", True, True),
    ("may_discard_taken_card", False, False),
    ("next_dealer", "winner", "alternate"),
    ("target", 100, 150),
    ("box_bonus", 0, 0),
    ("game_bonus", 0, 0),
    ("shutout_doubles", False, False),
]


@pytest.mark.parametrize(("field", "classic", "spades"), RULES_TABLE)
def test_the_presets_match_the_rules_table(field: str, classic: Any, spades: Any) -> None:
    for name, expected in (("classic", classic), ("spades-double", spades)):
        value = getattr(Rules.preset(name), field)
        assert value == expected and type(value) is type(expected), (name, field, value)


def test_the_presets_are_named_and_big_gin_scores_31_in_spades_double() -> None:
    assert Rules.preset("classic").name == "classic"
    assert Rules.preset("spades-double").name == "spades-double"
    assert Rules.preset("spades-double").big_gin_bonus == 31


def test_an_unknown_preset_is_refused() -> None:
    with pytest.raises(RulesError) as err:
        Rules.preset("oklahoma")
    assert err.value.code == "unknown-preset"
    assert err.value.data == {"name": "oklahoma"}


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


# (field, bad value, the error code that names what the field must be)
INVALID: list[tuple[str, Any, str]] = [
    ("gin_bonus", -1, "rule-too-small"),
    ("big_gin_bonus", -5, "rule-too-small"),
    ("undercut_bonus", -10, "rule-too-small"),
    ("box_bonus", -20, "rule-too-small"),
    ("game_bonus", -100, "rule-too-small"),
    ("target", 0, "rule-out-of-range"),
    ("target", -150, "rule-out-of-range"),
    ("target", 5, "rule-out-of-range"),
    ("target", 10**30, "rule-out-of-range"),
    ("ace_knock_limit", 11, "rule-out-of-range"),
    ("ace_knock_limit", -1, "rule-out-of-range"),
    ("target", "100", "rule-not-whole-number"),
    ("target", 100.0, "rule-not-whole-number"),
    ("gin_bonus", True, "rule-not-whole-number"),
    ("gin_bonus", None, "rule-not-whole-number"),
    ("ace_knock_limit", 1.5, "rule-not-whole-number"),
    ("spade_doubles", 1, "rule-not-bool"),
    ("big_gin", "yes", "rule-not-bool"),
    ("undercut_on_tie", None, "rule-not-bool"),
    ("may_discard_taken_card", 0, "rule-not-bool"),
    ("shutout_doubles", "false", "rule-not-bool"),
    ("next_dealer", "loser", "bad-next-dealer"),
    ("next_dealer", None, "bad-next-dealer"),
    ("next_dealer", ["winner"], "bad-next-dealer"),
]


@pytest.mark.parametrize(("field", "value", "code"), INVALID)
def test_an_invalid_field_is_refused_never_replaced(field: str, value: Any, code: str) -> None:
    with pytest.raises(RulesError) as err:
        Rules.preset("classic", **{field: value})
    assert err.value.code == code
    assert err.value.data["rule"] == field
    assert isinstance(err.value, ValueError)
    with pytest.raises(RulesError):
        Rules.preset("spades-double").replace(**{field: value})
    with pytest.raises(RulesError):
        Rules(**{field: value})
    data = Rules.preset("classic").to_dict()
    data[field] = value
    with pytest.raises(RulesError):
        Rules.from_dict(data)


def test_a_refused_field_names_its_allowed_range() -> None:
    with pytest.raises(RulesError) as err:
        Rules.preset("classic", target=0)
    assert err.value.data == {"rule": "target", "least": 10, "most": 10000, "value": 0}
    with pytest.raises(RulesError) as err:
        Rules.preset("classic", gin_bonus=-1)
    assert err.value.data == {"rule": "gin_bonus", "least": 0, "value": -1}
    with pytest.raises(RulesError) as err:
        Rules.preset("classic", ace_knock_limit=11)
    assert err.value.data == {"rule": "ace_knock_limit", "least": 0, "most": 10, "value": 11}


def test_an_unknown_field_is_refused() -> None:
    with pytest.raises(RulesError) as err:
        Rules.preset("classic", knock_limit=5)
    assert err.value.code == "unknown-rule"
    assert err.value.data == {"rule": "knock_limit"}
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
    assert err.value.code == "rule-missing"
    assert err.value.data == {"rule": "target"}


def test_from_dict_refuses_an_unknown_field() -> None:
    data = Rules.preset("classic").to_dict()
    data["jokers"] = 2
    with pytest.raises(RulesError) as err:
        Rules.from_dict(data)
    assert err.value.code == "unknown-rule"
    assert err.value.data == {"rule": "jokers"}


@pytest.mark.parametrize("bad", [None, [], "classic", 5])
def test_from_dict_refuses_a_non_mapping(bad: Any) -> None:
    with pytest.raises(RulesError):
        Rules.from_dict(bad)
