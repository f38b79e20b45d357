"""The settings in a lesson's address (issue 9): ``?seed=``, ``?rules=``, ``?opponent=``,
``?teacher=1`` and the reserved ``?lang=``; a bad value is a clear message on the page."""

from __future__ import annotations

import dataclasses

import pytest

import gin
import gin.bots
from gin.ui.page.urlparams import (
    MAX_SEED,
    OPPONENTS,
    PageParamError,
    PageParams,
    page_params,
    page_query,
    parse_page_params,
)


def test_no_address_settings_leave_every_choice_to_the_lesson() -> None:
    assert parse_page_params("") == PageParams()
    assert PageParams() == PageParams(seed=None, rules=None, opponent=None, teacher=False)


def test_every_setting_is_read() -> None:
    p = parse_page_params("?seed=42&rules=spades-double&opponent=expert&teacher=1&lang=et")
    assert p == PageParams(
        seed=42, rules="spades-double", opponent="expert", teacher=True, lang="et"
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.seed = 1  # type: ignore[misc]


def test_the_opponents_are_the_bots() -> None:
    assert OPPONENTS == gin.bots.BOT_NAMES


def test_unknown_settings_are_ignored() -> None:
    assert parse_page_params("voila-template=lab&seed=3") == PageParams(seed=3)


@pytest.mark.parametrize(
    "query",
    [
        "seed=1e12",
        "seed=1.5",
        "seed=-1",
        "seed=",
        "seed=1_0",
        f"seed={MAX_SEED + 1}",
        "seed=" + "9" * 1_000_000,
        "rules=Classic",
        "rules=poker",
        "opponent=grandmaster",
        "teacher=yes",
        "teacher=2",
        "lang=english!",
        "seed=1&seed=2",
    ],
)
def test_a_bad_setting_is_refused_with_a_short_clear_message(query: str) -> None:
    with pytest.raises(PageParamError) as err:
        parse_page_params(query)
    assert err.value.code.startswith("page-")
    assert isinstance(err.value, gin.GinError)
    assert len(err.value.message) < 200
    assert err.value.message.startswith("The page's address")


def test_a_seed_reads_the_same_digits_as_the_seed_box() -> None:
    assert parse_page_params("seed=%D9%A1%D9%A2").seed == 12  # ١٢


def test_page_query_is_the_query_string_voila_hands_the_kernel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    assert page_query() == ""
    monkeypatch.setenv("QUERY_STRING", "seed=9&teacher=1")
    assert page_query() == "seed=9&teacher=1"
    assert page_params() == PageParams(seed=9, teacher=True)


def test_a_pre_heated_kernel_loads_every_language_before_it_waits_for_its_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 9 (ten learners at once): the wait for the page's request comes after the
    warm-up, so the learner's page costs only the lesson's build; the query is read after
    the wait, and the kernel does not wait twice."""
    import gin.ui.page.language as language
    import gin.ui.page.preheat as preheat
    from gin.i18n import current_language
    from gin.i18n import language as in_language

    calls: list[str] = []
    monkeypatch.setattr(language, "warm_up", lambda: calls.append("warm up"))

    def request_arrives() -> None:
        calls.append("wait")
        monkeypatch.setenv("QUERY_STRING", "seed=5&lang=he")

    monkeypatch.setattr(preheat, "wait_for_request", request_arrives)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    assert page_query() == "seed=5&lang=he"
    assert calls == ["warm up", "wait"]
    assert page_query() == "seed=5&lang=he"
    assert calls == ["warm up", "wait"]
    monkeypatch.undo()
    with in_language("bg"):  # the real warm-up leaves the page's language alone
        language.warm_up()
        assert current_language() == "bg"


# ---------------------------------------------------------------------------- lessons


def test_every_lesson_takes_its_seed_from_the_address(monkeypatch: pytest.MonkeyPatch) -> None:
    from gin.ui import lessons

    monkeypatch.setenv("QUERY_STRING", "seed=321")
    for make in (lessons.melds_lesson, lessons.upcard_lesson, lessons.knocking_lesson):
        assert make().seed == 321
    assert lessons.melds_lesson().kind_exercise.seed == 321
    assert lessons.lab_lesson().seed == 321


def test_the_play_lesson_takes_rules_opponent_seed_and_teacher_from_the_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gin.ui.lessons import play_lesson

    monkeypatch.setenv("QUERY_STRING", "seed=77&rules=spades-double&opponent=tactician")
    table = play_lesson(pause=0).table
    assert table.controller.seed == 77 and table.controller.rules.name == "spades-double"
    assert table.controller.opponent_name == "tactician"
    assert table.teacher_toggle not in table.controls.children  # no ?teacher=1
    monkeypatch.setenv("QUERY_STRING", "teacher=1")
    table = play_lesson(pause=0).table
    assert table.teacher_toggle in table.controls.children
    assert "gin-teacher-mode" in table.teacher_toggle._dom_classes
    assert not table.teacher  # the control is there; both hands stay closed until used


@pytest.mark.parametrize("query", ["seed=1e12", "rules=poker", "teacher=yes"])
def test_a_bad_address_shows_one_message_instead_of_the_lesson(
    monkeypatch: pytest.MonkeyPatch, query: str
) -> None:
    from gin.ui.lessons import melds_lesson, play_lesson

    monkeypatch.setenv("QUERY_STRING", query)
    play = play_lesson(pause=0)
    assert play.table is None and "can't open" in play.page_problem
    melds = melds_lesson()
    shown = [c for c in melds.widget.children if "gin-page-problem" in c._dom_classes]
    assert shown and "can&#x27;t open" in shown[0].value
    assert len(melds.widget.children) == 6  # style, menu, navigator, prose, message, links


def test_the_knocking_stepper_takes_its_rules_from_the_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gin.ui.lessons import knocking_lesson

    monkeypatch.setenv("QUERY_STRING", "rules=spades-double&seed=4")
    lesson = knocking_lesson()
    assert lesson.stepper.rules_choice.value == "spades-double"
    assert lesson.stepper.result is not None


# --------------------------------------------------------------------------- issue 22


def test_parameter_names_are_read_in_any_case() -> None:
    """``Seed=5`` deals as ``seed=5``: a class link typed by hand gives the same cards."""
    assert parse_page_params("Seed=5&RULES=spades-double&Teacher=1") == PageParams(
        seed=5, rules="spades-double", teacher=True
    )


@pytest.mark.parametrize(
    "query", ["seed=1&seed=1", "seed=1&Seed=2", "opponent=eager&OPPONENT=expert"]
)
def test_a_repeated_parameter_is_refused_with_a_sentence(query: str) -> None:
    with pytest.raises(PageParamError) as err:
        parse_page_params(query)
    assert err.value.code == "page-param-twice"
    assert "twice" in err.value.message


@pytest.mark.parametrize("hidden", ["\u202e", "\x00", "\u2066", "\u200f", "\n", "\x1b"])
def test_control_and_bidi_characters_are_escaped_in_the_sentence(hidden: str) -> None:
    """A bidi override or a control character in the address is quoted as its escape, so
    it cannot reorder or cut the sentence that quotes it."""
    from urllib.parse import quote

    from gin.i18n import render

    for query in (f"opponent=ab{quote(hidden)}cd", f"seed=1{quote(hidden)}2"):
        with pytest.raises(PageParamError) as err:
            parse_page_params(query)
        for lang in ("en", "he", "et", "lo", "bg"):
            text = err.value.render(lang)
            # the template's own isolates (Hebrew: "⁦seed=…⁩", issue 40) are not the value's
            plain = render(err.value.text.key, {**err.value.data, "value": "x"}, lang)
            assert text.count(hidden) == plain.count(hidden)
            assert hidden.encode("unicode_escape").decode() in text


# --------------------------------------------------------------------------- issue 23


def test_target_sets_a_short_game_at_the_play_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """``?target=50``: the play table's game is won at 50 (the rule set's own otherwise),
    its title says so, and a new game from the table's menu keeps it."""
    from gin.ui.lessons import play_lesson

    assert parse_page_params("target=50").target == 50
    assert parse_page_params("seed=1").target is None
    monkeypatch.setenv("QUERY_STRING", "target=50&rules=spades-double&seed=3")
    table = play_lesson(pause=0).table
    assert table.controller.rules == gin.Rules.preset("spades-double", target=50)
    assert table.rules_choice.value == "spades-double"
    assert "target 50" in table.title.value and "spades-double" in table.title.value
    table.rules_choice.value = "classic"
    table.buttons["new_game"].click()
    assert table.controller.rules == gin.Rules.preset("classic", target=50)


@pytest.mark.parametrize("value", ["9", "10001", "fifty", "-50", "", "5O"])
def test_a_target_out_of_the_rules_range_is_refused_with_a_sentence(value: str) -> None:
    """Rule: a game's target is a whole number from 10 to 10,000 (``gin.rules``)."""
    with pytest.raises(PageParamError) as err:
        parse_page_params(f"target={value}")
    assert err.value.code == "page-bad-target"
    assert "from 10 to 10,000" in err.value.message
