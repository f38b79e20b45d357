"""The tutor's lessons: each lesson notebook calls one function here to build its widget.

>>> from gin.ui.lessons import melds_lesson
>>> lesson = melds_lesson(seed=1)   # displays as the lesson's widget in a notebook
>>> lesson.kind_exercise.question.data["answer"] in ("set", "run", "no meld")
True

Each lesson lives in its own module, imported only when its function is first used, so a
page loads only what its lesson needs (the play lesson does not load the strategy lab). The
package itself imports no lesson, not even for type checking: the table and its rooms may
use the lessons' small parts (``guard``, ``pictures``) without an import circle.
In a Voilà kernel the page's first build sends no widget messages (:mod:`gin.ui.page.unsent`).
"""

from __future__ import annotations

import importlib
from typing import Any

from gin.ui.lessons.catalog import LESSONS, LessonInfo
from gin.ui.page.unsent import first_build_unsent

_MODULES = {
    "CourseLesson": "course",
    "course_lesson": "course",
    "GuidedLesson": "guided",
    "guided_lesson": "guided",
    "cheat_sheet_page": "cheatsheet",
    "StartLesson": "start",
    "start_lesson": "start",
    "MeldsLesson": "melds",
    "melds_lesson": "melds",
    "UpCardLesson": "upcard",
    "upcard_lesson": "upcard",
    "KnockingLesson": "knocking",
    "knocking_lesson": "knocking",
    "PlayLesson": "play",
    "play_lesson": "play",
    "LabLesson": "lab",
    "lab_lesson": "lab",
}


_PAGES = frozenset(n for n in _MODULES if n.endswith("_lesson") or n.endswith("_page"))
"""The functions a notebook calls to build its page."""


def __getattr__(name: str) -> Any:
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module 'gin.ui.lessons' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"gin.ui.lessons.{module}"), name)
    if name in _PAGES:  # a Voilà page's first build sends nothing (gin.ui.page.unsent)
        value = first_build_unsent(value)
    return value


__all__ = [
    "LESSONS",
    "CourseLesson",
    "GuidedLesson",
    "KnockingLesson",
    "LabLesson",
    "LessonInfo",
    "MeldsLesson",
    "PlayLesson",
    "StartLesson",
    "UpCardLesson",
    "cheat_sheet_page",
    "course_lesson",
    "guided_lesson",
    "knocking_lesson",
    "lab_lesson",
    "melds_lesson",
    "play_lesson",
    "start_lesson",
    "upcard_lesson",
]
