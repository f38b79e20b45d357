"""The lessons in order: notebook names (Voilà URLs depend on them), titles and summaries.

Titles and summaries are messages of the catalog (:mod:`gin.i18n`), rendered in the
current language when read.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from gin.i18n import Message, message


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
        message("lesson.start.title", "Start here"),
        message(
            "lesson.start.summary",
            "What Oklahoma Gin is, the whole of its rules, the two rule sets, and where to go "
            "next.",
        ),
    ),
    LessonInfo(
        "01_cards_and_melds.ipynb",
        message("lesson.melds.title", "Cards and melds"),
        message(
            "lesson.melds.summary",
            "Sets, runs and deadwood. Try any hand in the meld explorer, then practise.",
        ),
    ),
    LessonInfo(
        "02_the_up_card.ipynb",
        message("lesson.upcard.title", "The up card"),
        message(
            "lesson.upcard.summary",
            "How the card turned up at the start sets the knock limit, and when it doubles the "
            "deal.",
        ),
    ),
    LessonInfo(
        "03_knocking_layoffs_undercuts.ipynb",
        message("lesson.knocking.title", "Knocking, layoffs and undercuts"),
        message(
            "lesson.knocking.summary",
            "Watch a knock play out step by step, score deals yourself, and decide when to knock.",
        ),
    ),
    LessonInfo(
        "04_play.ipynb",
        message("lesson.play.title", "Play against the computer"),
        message("lesson.play.summary", "The full table with a coach beside it."),
    ),
    LessonInfo(
        "05_strategy_lab.ipynb",
        message("lesson.lab.title", "Strategy lab"),
        message("lesson.lab.summary", "Simulate thousands of deals and see what the numbers say."),
    ),
)
"""Every lesson, in the order a learner takes them."""

PLAY_NOTEBOOK = "04_play.ipynb"

ALL_LESSONS = message("lesson.nav.all", "All lessons")


def lesson_info(notebook: str) -> LessonInfo:
    """The lesson stored in ``notebook``."""
    for info in LESSONS:
        if info.notebook == notebook:
            return info
    raise KeyError(notebook)


def link(notebook: str, text: str | None = None, css: str = "gin-lesson-link") -> str:
    """A relative link to a lesson; it opens in Voilà when the page is served by Voilà.

    ``text`` is the link's (already rendered) text; the lesson's title by default.
    """
    label = text if text is not None else lesson_info(notebook).title
    return (
        f'<a class="{css}" href="./{html.escape(notebook)}" '
        f'data-notebook="{html.escape(notebook)}">{html.escape(label)}</a>'
    )


def nav_html(notebook: str) -> str:
    """A footer with links to the previous lesson, the lesson map and the next lesson."""
    names = [info.notebook for info in LESSONS]
    i = names.index(notebook)
    parts = []
    if i > 0:
        parts.append("← " + link(names[i - 1], css="gin-nav-prev"))
    if i != 0:
        parts.append(link(names[0], ALL_LESSONS.render(), css="gin-nav-home"))
    if i + 1 < len(names):
        parts.append(link(names[i + 1], css="gin-nav-next") + " →")
    return '<nav class="gin-lesson-nav">' + " · ".join(parts) + "</nav>"


__all__ = ["LESSONS", "PLAY_NOTEBOOK", "LessonInfo", "lesson_info", "link", "nav_html"]
