"""Bad input from a learner (issue 9): a huge input is never repeated in full, and one
parser reads every whole number (answers, seed boxes, the page's ``?seed=``)."""

from __future__ import annotations

import pytest

import gin
from gin.errors import ECHO_LIMIT, echo
from gin.numbers import MAX_DIGITS, parse_whole_number
from gin.ui.lessons import knocking_lesson, melds_lesson

HUGE = "x" * 1_000_000


def test_echo_quotes_only_a_short_prefix() -> None:
    assert echo("7X") == "7X"
    quoted = echo(HUGE)
    assert len(quoted) == ECHO_LIMIT + 1 and quoted.endswith("…")


@pytest.mark.parametrize("text", [HUGE, "7S " + HUGE, "7S 8S " * 200_000 + HUGE])
def test_a_card_error_quotes_at_most_a_short_prefix(text: str) -> None:
    with pytest.raises(gin.CardParseError) as err:
        gin.parse_cards(text)
    assert len(err.value.message) < 200


def test_the_meld_explorer_refuses_a_huge_input_in_one_short_sentence() -> None:
    lesson = melds_lesson(seed=1)
    lesson.explorer.text.value = HUGE
    lesson.explorer.show_button.click()
    assert 0 < len(lesson.explorer.message.text) < 120


def test_a_huge_answer_is_refused_in_one_short_sentence() -> None:
    ex = melds_lesson(seed=1).deadwood_exercise
    ex.submit(deadwood=HUGE)
    assert ex.feedback_state == "invalid" and len(ex.feedback.value) < 200


# ---------------------------------------------------------------------------- numbers


@pytest.mark.parametrize(("text", "n"), [("12", 12), (" 7 ", 7), ("١٢", 12), ("໔໒", 42), (0, 0)])
def test_whole_numbers_in_any_script_of_decimal_digits_are_read(text: str, n: int) -> None:
    assert parse_whole_number(text) == n


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "1_0",
        "1e12",
        "1.5",
        "-3",
        "+3",
        "0x10",
        "²",
        "1 2",
        "9" * (MAX_DIGITS + 1),
        True,
        1.0,
    ],
)
def test_anything_else_is_refused_with_a_number_error(text: object) -> None:
    with pytest.raises(gin.NumberError) as err:
        parse_whole_number(text)
    assert err.value.code in {"not-a-number", "no-number", "number-too-long"}


def test_a_range_is_enforced() -> None:
    assert parse_whole_number("10", minimum=10, maximum=10) == 10
    with pytest.raises(gin.NumberError, match="from 0 to 9"):
        parse_whole_number("10", maximum=9)


@pytest.mark.parametrize("make", [melds_lesson, knocking_lesson])
@pytest.mark.parametrize("shown", ["1e12", "1.5", "1_0", "abc"])
def test_a_seed_box_with_a_bad_seed_says_why_and_deals_nothing(make: object, shown: str) -> None:
    lesson = make(seed=5)  # type: ignore[operator]
    part = lesson.explorer if hasattr(lesson, "explorer") else lesson.stepper
    before = part.seed_box.value
    part.seed_box.value = shown
    button = part.deal_button
    button.click()
    assert "whole number" in part.message.text
    assert part.seed_box.value == shown and before != shown  # nothing dealt, nothing moved


def test_a_seed_box_reads_the_same_digits_as_an_answer() -> None:
    lesson = melds_lesson(seed=5)
    lesson.explorer.seed_box.value = "١٢"
    lesson.explorer.deal_button.click()
    again = melds_lesson(seed=5)
    again.explorer.seed_box.value = "12"
    again.explorer.deal_button.click()
    assert lesson.explorer.cards == again.explorer.cards
    assert lesson.explorer.seed_box.value == "13"
