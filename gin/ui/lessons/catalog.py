"""The lessons in order: notebook names (Voilà URLs depend on them), titles and summaries.

Titles and summaries are messages of the catalog (:mod:`gin.i18n`), rendered in the
current language when read.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from gin.i18n import DEFAULT_LANGUAGE, M, Message, current_language


@dataclass(frozen=True)
class LessonInfo:
    """One lesson of the tutor."""

    notebook: str
    """File name in ``notebooks/``; links between lessons are relative to it."""
    title_message: Message
    summary_message: Message

    @property
    def title(self) -> str:
        """The lesson's title in the current language."""
        return self.title_message.render()

    @property
    def summary(self) -> str:
        """The lesson's one-line summary in the current language."""
        return self.summary_message.render()


LESSONS: tuple[LessonInfo, ...] = (
    LessonInfo(
        "00_start_here.ipynb",
        M["lesson.start.title"],
        M["lesson.start.summary"],
    ),
    LessonInfo(
        "00_first_deal.ipynb",
        M["lesson.guided.title"],
        M["lesson.guided.summary"],
    ),
    LessonInfo(
        "00_levels.ipynb",
        M["lesson.levels.title"],
        M["lesson.levels.summary"],
    ),
    LessonInfo(
        "01_cards_and_melds.ipynb",
        M["lesson.melds.title"],
        M["lesson.melds.summary"],
    ),
    LessonInfo(
        "02_the_up_card.ipynb",
        M["lesson.upcard.title"],
        M["lesson.upcard.summary"],
    ),
    LessonInfo(
        "03_knocking_layoffs_undercuts.ipynb",
        M["lesson.knocking.title"],
        M["lesson.knocking.summary"],
    ),
    LessonInfo(
        "04_play.ipynb",
        M["lesson.play.title"],
        M["lesson.play.summary"],
    ),
    LessonInfo(
        "05_strategy_lab.ipynb",
        M["lesson.lab.title"],
        M["lesson.lab.summary"],
    ),
)
"""Every lesson, in the order a learner takes them."""

PLAY_NOTEBOOK = "04_play.ipynb"
GUIDED_NOTEBOOK = "00_first_deal.ipynb"
"""The guided first deal."""
CHEAT_SHEET = "00_cheat_sheet.ipynb"
"""The printable cheat sheet (a page of its own, not a lesson)."""


TEACHER_PAGE = LessonInfo("06_class.ipynb", M["classroom.title"], M["classroom.summary"])
"""The teacher's page of a class (:mod:`gin.ui.classroom.teacher`): a page of the app, not
a lesson of the course, so not in :data:`LESSONS`."""


def lesson_info(notebook: str) -> LessonInfo:
    """The lesson stored in ``notebook``."""
    for info in (*LESSONS, TEACHER_PAGE):
        if info.notebook == notebook:
            return info
    raise KeyError(notebook)


def language_query(sep: str = "?") -> str:
    """``?lang=he`` when the page is not in English (so a link opens the next lesson in the
    learner's language), else ``""``."""
    lang = current_language()
    return "" if lang == DEFAULT_LANGUAGE else f"{sep}lang={lang}"


def link(notebook: str, text: str | None = None, css: str = "gin-lesson-link") -> str:
    """A relative link to a lesson; it opens in Voilà when the page is served by Voilà.

    ``text`` is the link's (already rendered) text; the lesson's title by default.
    """
    label = text if text is not None else lesson_info(notebook).title
    return (
        f'<a class="{css}" href="./{html.escape(notebook + language_query())}" '
        f'data-notebook="{html.escape(notebook)}">{html.escape(label)}</a>'
    )


def nav_html(notebook: str) -> str:
    """A footer with links to the previous lesson, the lesson map and the next lesson."""
    names = [info.notebook for info in LESSONS]
    if notebook not in names:  # a page beside the course (the teacher's): home only
        home = link(names[0], M["lesson.nav.all"].render(), css="gin-nav-home")
        return f'<nav class="gin-lesson-nav">{home}</nav>'
    i = names.index(notebook)
    parts = []
    if i > 0:
        parts.append("← " + link(names[i - 1], css="gin-nav-prev"))
    if i != 0:
        parts.append(link(names[0], M["lesson.nav.all"].render(), css="gin-nav-home"))
    if i + 1 < len(names):
        parts.append(link(names[i + 1], css="gin-nav-next") + " →")
    return '<nav class="gin-lesson-nav">' + " · ".join(parts) + "</nav>"


__all__ = [
    "CHEAT_SHEET",
    "GUIDED_NOTEBOOK",
    "LESSONS",
    "PLAY_NOTEBOOK",
    "TEACHER_PAGE",
    "LessonInfo",
    "language_query",
    "lesson_info",
    "link",
    "nav_html",
]
