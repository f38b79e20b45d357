"""Which function of :mod:`gin.ui.lessons` builds each lesson's notebook (for lessons that
open in the same page, :mod:`gin.ui.page.navigation`).

It lives with the lessons, not with navigation, so that the navigation widget knows no
lesson and the lessons' package and navigation do not import each other.

>>> from gin.ui.lessons.catalog import LESSONS
>>> sorted(LESSON_FACTORIES) == sorted(info.notebook for info in LESSONS)
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from gin.i18n import M
from gin.ui.lessons.catalog import LESSONS
from gin.ui.page.navigation import NavigationError

LESSON_FACTORIES = {
    "00_start_here.ipynb": "start_lesson",
    "00_first_deal.ipynb": "guided_lesson",
    "00_levels.ipynb": "course_lesson",
    "01_cards_and_melds.ipynb": "melds_lesson",
    "02_the_up_card.ipynb": "upcard_lesson",
    "03_knocking_layoffs_undercuts.ipynb": "knocking_lesson",
    "04_play.ipynb": "play_lesson",
    "05_strategy_lab.ipynb": "lab_lesson",
}
"""Each lesson's notebook, and the function of :mod:`gin.ui.lessons` its notebook calls."""

IN_PLACE_LESSONS = tuple(info.notebook for info in LESSONS if info.notebook in LESSON_FACTORIES)
"""The notebooks a page may open in place, in the course's order (the cheat sheet is a
page of its own)."""


def lesson_factory(notebook: object) -> Callable[[], Any]:
    """The function that builds the lesson of ``notebook`` (as its notebook does).

    Raises :class:`gin.ui.page.navigation.NavigationError` for anything that is not a lesson's
    notebook (the cheat sheet is a page of its own).
    """
    name = LESSON_FACTORIES.get(notebook) if isinstance(notebook, str) else None
    if name is None:
        raise NavigationError(M["error.page-not-used"]())
    factory: Callable[[], Any] = getattr(importlib.import_module("gin.ui.lessons"), name)
    return factory


__all__ = ["IN_PLACE_LESSONS", "LESSON_FACTORIES", "lesson_factory"]
