"""Lesson 4, play against the computer: the table from :func:`gin.ui.play_table`.

The table has its own controls for the rule set, the opponent, the seed and teacher mode;
this lesson frames it with the lessons' navigation. If the table can't be built, the
lesson says so on the page instead of failing silently.
"""

from __future__ import annotations

from typing import Any

from gin.i18n import M
from gin.ui.lessons.base import Lesson, MessageArea
from gin.ui.lessons.guard import describe_error


class PlayLesson(Lesson):
    """The full table with the coach."""

    notebook = "04_play.ipynb"

    def __init__(
        self,
        rules: str = "classic",
        opponent: str = "eager",
        seed: int | None = None,
        pause: float = 0.6,
        **options: Any,
    ) -> None:
        super().__init__(seed=0)  # the table picks and shows its own seed
        self.message = MessageArea()
        self.table: Any = None
        try:
            from gin.ui import play_table

            self.table = play_table(
                rules=rules, opponent=opponent, seed=seed, pause=pause, **options
            )
        except Exception as exc:
            self.message.show(M["lesson.play.no-table"].render({"reason": describe_error(exc)}))
        parts = [self.message.widget] if self.table is None else [self.table]
        self.assemble(*parts)


def play_lesson(
    rules: str = "classic",
    opponent: str = "eager",
    seed: int | None = None,
    pause: float = 0.6,
    **options: Any,
) -> PlayLesson:
    """The Play lesson: :func:`gin.ui.play_table` with the lessons' frame.

    Arguments are passed to :func:`gin.ui.play_table` (``teacher``, ``four_color``,
    ``large_cards`` ...).
    """
    return PlayLesson(rules, opponent, seed, pause, **options)


__all__ = ["PlayLesson", "play_lesson"]
