"""Lesson 4, play against the computer: the table from :func:`gin.ui.play_table`.

The table has its own controls for the rule set, the opponent and the seed; this lesson
frames it with the lessons' navigation. The page's address may choose them
(``?seed=7&rules=spades-double&opponent=expert``, ``?target=50`` for a short game, see
:mod:`gin.ui.page.urlparams`), and only ``?teacher=1`` shows the teacher-mode control. If the
table can't be built, the lesson says so on the page instead of failing silently.

The help level (``?help=full|some|none``, :mod:`gin.ui.table.helplevel`) is read here and
kept as :attr:`PlayLesson.help`; it is handed to the table as ``help=`` once the table takes
it (:func:`table_takes`). :attr:`PlayLesson.help_from_address` says whether the address chose
it (handed on as ``help_from_address=`` where the table takes it), so that the table's help
control (:class:`gin.ui.table.helpchoice.HelpChoice`) lets it win over the level the
learner chose before.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any

import gin.ui.table.gintable  # noqa: F401 - loaded with the lesson, so a pre-heated kernel has it
from gin.i18n import M
from gin.ui.classroom.link import class_parts
from gin.ui.classroom.record import watch_deals
from gin.ui.demo.follow import follow_banner
from gin.ui.lessons.base import Lesson, MessageArea
from gin.ui.lessons.guard import describe_error
from gin.ui.table.helplevel import DEFAULT_HELP, check_help_level


@functools.cache
def table_takes(keyword: str) -> bool:
    """Whether the table (:class:`gin.ui.table.gintable.GinTable`) takes ``keyword``: the
    play lesson hands it ``help`` (the level) and ``help_from_address`` (whether
    ``?help=`` chose it) only then."""
    from gin.ui.table.gintable import GinTable

    return keyword in inspect.signature(GinTable).parameters


def table_takes_help() -> bool:
    """Whether the table takes the help level (``help=``)."""
    return table_takes("help")


class PlayLesson(Lesson):
    """The full table with the coach."""

    notebook = "04_play.ipynb"

    def __init__(
        self,
        rules: str | None = None,
        opponent: str | None = None,
        seed: int | None = None,
        pause: float = 0.6,
        help: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__(seed=0)  # the table picks and shows its own seed
        self._message: MessageArea | None = None
        self.table: Any = None
        page = self.page
        self.help_from_address = help is None and page.help is not None
        """Whether the page's address chose the help level (``?help=``): it then wins over
        the level the learner chose before, kept in the browser."""
        self.help = check_help_level(help or page.help or DEFAULT_HELP)
        """The table's help level at the start (:data:`gin.ui.table.helplevel.HELP_LEVELS`)."""
        if table_takes("help"):
            options.setdefault("help", self.help)
        if table_takes("help_from_address"):
            options.setdefault("help_from_address", self.help_from_address)
        rules = rules or page.rules or "classic"
        opponent = opponent or page.opponent or "eager"
        seed = seed if seed is not None else page.seed
        options.setdefault("teacher_controls", page.teacher)
        options.setdefault("projector", page.projector)
        options.setdefault("arrange_self", page.arrange_self)
        options.setdefault("target", page.target)
        table = options.pop("table", None)
        try:
            from gin.ui import play_table

            if table is not None:  # the lesson drawn again around its game
                self.table = table
            elif not self.page_problem:  # else assemble() shows only the problem
                self.table = play_table(
                    rules=rules, opponent=opponent, seed=seed, pause=pause, **options
                )
        except Exception as exc:
            self.message.show(M["lesson.play.no-table"].render({"reason": describe_error(exc)}))
        parts = [self.message.widget] if self.table is None else [self.table]
        self.demo_banner = None
        """The "Follow the demo" banner of a learner of a class (``None`` without a store)."""
        if self.table is not None:
            watch_deals(self.table.controller, guided=False)
            self.demo_banner = follow_banner()
            if self.demo_banner is not None:
                parts.insert(0, self.demo_banner.widget)  # above the table: a demo is now
            parts += class_parts()
        self.assemble(*parts)

    @property
    def message(self) -> MessageArea:
        """Where the lesson says why it has no table (made only then: issue 41)."""
        if self._message is None:
            self._message = MessageArea()
        return self._message

    def close(self) -> None:
        """Close the lesson and its table (nothing the table scheduled plays on)."""
        if self.table is not None:
            self.table.close()
        if self.demo_banner is not None:
            self.demo_banner.close()
        super().close()

    def rebuilt(self) -> Lesson:
        """This lesson in the current language, with the same game in progress: the
        lesson's frame is built again around the same table, drawn again in place
        (:meth:`gin.ui.table.GinTable.relabel`)."""
        if self.table is None:
            return super().rebuilt()
        self.table.relabel()
        return PlayLesson(table=self.table, help=getattr(self.table, "help", self.help))


def play_lesson(
    rules: str | None = None,
    opponent: str | None = None,
    seed: int | None = None,
    pause: float = 0.6,
    help: str | None = None,
    **options: Any,
) -> PlayLesson:
    """The Play lesson: :func:`gin.ui.play_table` with the lessons' frame.

    Arguments are passed to :func:`gin.ui.play_table` (``teacher``, ``four_color``,
    ``large_cards`` ...); ``None`` takes the page's address (``?rules=``, ``?opponent=``,
    ``?seed=``, ``?help=``), then the defaults ``classic``, ``eager`` and ``full``.
    """
    return PlayLesson(rules, opponent, seed, pause, help=help, **options)


__all__ = ["PlayLesson", "play_lesson", "table_takes", "table_takes_help"]
