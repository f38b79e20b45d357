"""Issue 31 (every sentence right, second pass): the renderer's noun form of an action and
its echo of what a learner typed, and the newcomer's findings a test can see (level 9's
eleven cards, prediction pictures that gave the answer away, the course page scrolling to
the level clicked, the join box on Start here, the README's level count, lesson 03's
knock-or-wait keeping the lesson's rule set)."""

from __future__ import annotations

import pathlib
import random
import re
from typing import Any

import pytest

import gin
from gin.i18n import LANGUAGES, M, message
from gin.ui.lessons.levels import LEVELS, level_index

ROOT = pathlib.Path(gin.__file__).parent.parent


def _cards_shown(html_text: str) -> set[str]:
    """The cards an HTML picture shows, as printed (7♠)."""
    return set(re.findall(r"(?:10|[2-9AJQK])[♠♥♦♣]", html_text))


# ----------------------------------------------------------------------- the renderer


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_action_has_a_noun_form_in_every_language(lang: str) -> None:
    """An action named as a subject or an object ("drawing from the stock scored ..."):
    ``{action:action_noun}``, not the command form."""
    m = message("doc.action-noun", "{action:action_noun}")
    for action in ("take", "pass", "draw-stock", "draw-discard", "discard 8D", "knock 8D",
                   "big-gin", "lay-off"):  # fmt: skip
        noun = m.render({"action": action}, lang)
        assert noun and noun != M[f"action.{action.split()[0]}"].render({"card": "8D"}, lang)
        if action.endswith("8D"):
            assert "8♦" in noun
    assert m.render({"action": "discard 8D"}, "en") == "the discard of 8♦"
    assert m.render({"action": "draw-stock"}, "en") == "drawing from the stock"


def test_the_hint_names_an_action_as_a_noun_where_it_is_a_subject() -> None:
    text = M["hint.search-value"].render({"action": "draw-stock", "points": 1.5}, "en")
    assert text.startswith("drawing from the stock")


@pytest.mark.parametrize(
    ("key", "data"),
    [
        ("error.not-a-number", {"value": "-5x"}),
        ("error.number-out-of-range", {"least": 0, "most": 10, "value": "-5"}),
        ("error.number-too-small", {"least": 0, "value": "-5"}),
        ("lesson.exercise.not-a-number", {"text": "-5x"}),
    ],
)
def test_a_number_the_learner_typed_keeps_its_sign_in_hebrew(key: str, data: Any) -> None:
    """Issue 31: "-5" echoed in a Hebrew error showed "5-": the typed text is isolated."""
    typed = data.get("value", data.get("text"))
    text = M[key].render(data, "he")
    assert f"\u2068{typed}\u2069" in text
    assert typed in M[key].render(data, "en") and "\u2068" not in M[key].render(data, "en")


def test_every_error_that_echoes_a_typed_number_uses_the_typed_kind() -> None:
    keys = (
        "error.not-a-number",
        "error.number-out-of-range",
        "error.number-too-small",
        "lesson.exercise.not-a-number",
        "error.lesson-seed",
        "error.page-bad-seed",
        "error.page-bad-target",
        "error.page-bad-teacher",
        "error.rule-not-bool",
    )
    for key in keys:
        assert ":typed}" in M[key].template, key


def test_a_rounded_zero_has_no_minus_sign() -> None:
    """The review showed "-0.0 points on average"."""
    m = message("doc.signed-zero", "{a:signed} {b:dec}")
    assert m.render({"a": -0.04, "b": -0.04}, "en") == "0.0 0.0"
    assert m.render({"a": -0.06, "b": 0.2}, "en") == "-0.1 0.2"


@pytest.mark.parametrize("key", ["badge.doubled", "lesson.upcard.doubled-badge", "scores.doubled"])
def test_the_doubling_badge_keeps_its_order_in_hebrew(key: str) -> None:
    """ "×2" showed "2×" in right-to-left text."""
    from gin.i18n import translate

    text = translate(key, "he")
    assert re.search("\u2066[^\u2069]*×", text), text


# ----------------------------------------------------------------------- the course


def test_level_9_shows_the_up_card_apart_from_the_eleven_cards_in_its_exercises() -> None:
    """A newcomer read "these eleven cards" above twelve (the up card unlabelled)."""
    knock = LEVELS[level_index("knocking")]
    gin_level = LEVELS[level_index("gin-and-big-gin")]
    for level in (knock, gin_level):
        for seed in range(4):
            q = level.make(gin.Rules.preset("classic"), random.Random(seed))
            assert "your eleven cards after drawing" in q.prompt and "the up card" in q.prompt
            pictures = q.prompt.split('<div class="gin-caption">your eleven cards', 1)[1]
            eleven, up = pictures.split('<div class="gin-caption">the up card', 1)
            assert len(_cards_shown(eleven)) == 11 and len(_cards_shown(up)) == 1


@pytest.mark.parametrize("rules", ["classic", "spades-double"])
@pytest.mark.parametrize("key", ["lay-out", "layoffs"])
def test_a_levels_picture_does_not_show_its_predictions_answer(key: str, rules: str) -> None:
    """The pictures of levels 10 and 12 showed the answer above the question: the best
    layout of the very hand asked about, and the very cards laid off."""
    level = LEVELS[level_index(key)]
    r = gin.Rules.preset(rules)
    asked = {gin.i18n.card_label(c.code) for c in level.predict.cards(r)}
    assert asked and not _cards_shown(level.picture(r)) & asked


def test_the_lay_out_prediction_is_a_legal_knock() -> None:
    """WRONG in the reading: "You knock with the ten cards below" with 17 deadwood."""
    level = LEVELS[level_index("lay-out")]
    hand = level.predict.cards(gin.Rules.preset("classic"))
    assert gin.best_arrangement(list(hand)).deadwood_points <= 10
    answer, why = level.predict.answer(gin.Rules.preset("classic"))
    assert answer == "run" and "3♠ 4♠ 5♠" in why.render("en")
    assert "three of spades" in M["lesson.level.lay-out.predict"].template


def test_clicking_a_level_scrolls_the_page_to_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The course page did not scroll to the level clicked (it opens below the map)."""
    from gin.ui.lessons.course import course_lesson

    lesson = course_lesson(1, rules="classic", level="sets")
    sent: list[Any] = []
    monkeypatch.setattr(lesson.progress, "send", lambda content, *a, **k: sent.append(content))
    lesson.buttons["undercuts"].click()
    assert lesson.current is not None and lesson.current.level.key == "undercuts"
    assert sent == [{"event": "scroll-to", "selector": ".gin-level-panel-undercuts"}]
    assert "gin-level-panel-undercuts" in lesson.current.widget._dom_classes
    assert "scroll-to" in (ROOT / "gin/ui/lessons/progress.js").read_text(encoding="utf-8")


def test_start_here_puts_the_join_box_above_the_rules_prose() -> None:
    """The "Join a class" box sat below the whole rules text."""
    from gin.ui.lessons import start_lesson

    lesson = start_lesson()
    kids = list(lesson.widget.children)
    prose = lesson.rules_prose
    assert prose in kids and kids.index(lesson.intro) < kids.index(prose)
    assert lesson.progress in kids and kids.index(lesson.progress) < kids.index(prose)
    assert prose.value and prose.value not in lesson.intro.value
    from gin.ui.lessons.style import LESSON_CSS

    assert ".gin-class-join-row" in LESSON_CSS and "gap" in LESSON_CSS


def test_the_readme_counts_the_levels_there_are() -> None:
    """The README said the teacher sees 14 levels, where there are 16."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    counts = {int(n) for n in re.findall(r"\b(\d+) levels\b", readme)}
    assert counts == {len(LEVELS)}


def test_knock_or_wait_keeps_the_lessons_rule_set() -> None:
    """Lesson 03's knock-or-wait exercise switched to "spades-double" unasked."""
    from gin.ui.lessons import knocking

    for name in ("classic", "spades-double"):
        make = knocking.make_wait_question(8, name)
        for seed in range(3):
            q = make(random.Random(seed))
            assert q.data["view"].rules.name == name
    choice = ["classic"]
    make = knocking.make_wait_question(8, lambda: choice[0])
    assert make(random.Random(1)).data["view"].rules.name == "classic"
    choice[0] = "spades-double"
    assert make(random.Random(1)).data["view"].rules.name == "spades-double"
