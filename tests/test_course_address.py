"""Issue 33: the course's ``?level=`` (and ``?rules=``) refuses a bad value with one
sentence, and no default level is shown under it (it showed the sentence *and* the first
level, as if the address had asked for it)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from gin.ui.lessons.course import course_lesson


def widgets(root: Any) -> Iterator[Any]:
    """Every widget under ``root`` (``root`` too)."""
    yield root
    for child in getattr(root, "children", ()):
        yield from widgets(child)


def shown_classes(lesson: Any) -> set[str]:
    return {c for w in widgets(lesson.widget) for c in getattr(w, "_dom_classes", ())}


@pytest.mark.parametrize(
    ("query", "sentence"),
    [
        ("level=bogus", "There is no level called “bogus”"),
        ("level=sets&Level=runs", "twice"),
        ("rules=poker&level=sets", "rules=poker"),
        ("level=", "There is no level called"),
    ],
)
def test_a_bad_level_in_the_address_shows_its_sentence_and_no_level(
    monkeypatch: pytest.MonkeyPatch, query: str, sentence: str
) -> None:
    monkeypatch.setenv("QUERY_STRING", query)
    lesson = course_lesson(3)
    assert lesson.problem is not None and sentence in lesson.problem.text
    assert lesson.page_problem and sentence in lesson.page_problem
    classes = shown_classes(lesson)
    assert "gin-page-problem" in classes
    assert "gin-level-panel" not in classes  # no default level under the sentence
    assert "gin-level-buttons" not in classes
    assert all(not c.startswith("gin-level-panel-") for c in classes)


def test_the_sentence_and_no_level_stay_when_stored_progress_arrives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("QUERY_STRING", "level=nowhere")
    lesson = course_lesson(3)
    lesson.progress.send_from_page({"event": "stored", "records": {"classic": {"_last": "runs"}}})
    assert lesson.problem is not None and "“nowhere”" in lesson.problem.text
    assert "gin-level-panel" not in shown_classes(lesson)


def test_a_good_level_in_the_address_is_shown_and_says_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("QUERY_STRING", "level=runs&rules=spades-double")
    lesson = course_lesson(3)
    assert not lesson.page_problem
    assert "gin-level-panel-runs" in shown_classes(lesson)
    assert lesson.rules.name == "spades-double"


def test_the_refusal_is_said_again_in_the_language_chosen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gin.i18n import M

    monkeypatch.setenv("QUERY_STRING", "level=bogus")
    lesson = course_lesson(3)
    lesson.switch_language("et")
    assert lesson.problem is not None
    assert M["lesson.course.unknown-level"].render({"name": "bogus"}, "et") in (lesson.problem.text)
    assert "gin-level-panel" not in shown_classes(lesson)
