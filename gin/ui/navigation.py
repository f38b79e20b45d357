"""Lessons that open inside the same page, where a page costs a Python start (issue 14).

On the static site every page starts its own Pyodide, which takes seconds. There a click on
a link to another lesson (``a[data-notebook]``, :func:`gin.ui.lessons.catalog.link`) does
not load a new page: :class:`Navigator`, a small custom widget on every lesson page, sends
the lesson's notebook and the link's query string to the kernel, which builds that lesson
and swaps it into the page (:meth:`gin.ui.lessons.base.Lesson.go_to`); the page pushes the
new address (``history.pushState``), so Back and Forward, reload and a shared address still
work. Under Voilà each page has its own kernel from the server's pool, and pages keep
opening as pages.

:data:`IN_PLACE` is the one switch (a test turns it on); :data:`LESSON_FACTORIES` says
which function of :mod:`gin.ui.lessons` builds each lesson (imported only when used).

>>> sorted(LESSON_FACTORIES) == sorted(info.notebook for info in LESSONS)
True
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from gin.errors import GinError
from gin.i18n import M
from gin.ui.lessons.catalog import LESSONS

_HERE = Path(__file__).parent

IN_PLACE = sys.platform == "emscripten"
"""Whether links between lessons open the lesson in the same page: only where a page costs
a Python start (Pyodide, the static site)."""

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


class NavigationError(GinError):
    """The page asked for a lesson the tutor does not have (code ``page-not-used``)."""


def in_place() -> bool:
    """Whether lessons open in the same page here (:data:`IN_PLACE`)."""
    return IN_PLACE


def lesson_factory(notebook: object) -> Callable[[], Any]:
    """The function that builds the lesson of ``notebook`` (as its notebook does).

    Raises :class:`NavigationError` for anything that is not a lesson's notebook (the cheat
    sheet is a page of its own).
    """
    name = LESSON_FACTORIES.get(notebook) if isinstance(notebook, str) else None
    if name is None:
        raise NavigationError(M["error.page-not-used"]())
    factory: Callable[[], Any] = getattr(importlib.import_module("gin.ui.lessons"), name)
    return factory


class Navigator(anywidget.AnyWidget):
    """The page's side of navigation in place: it catches clicks on links to lessons and
    the browser's Back and Forward, and asks the kernel for the lesson.

    Synced traits: ``enabled`` (links open lessons in the page), ``lessons`` (the notebooks
    that are lessons) and ``title`` (the window title the page shows, naming the lesson in
    the page's language; set on every page, also where links open as pages). The page
    sends ``{"type": "go", "notebook": ..., "query": ...}``; :meth:`on_go` callbacks get the
    notebook and the query, and the lesson's answer (:meth:`answer`) tells the page whether
    the address it moved to holds the lesson shown.

    >>> Navigator(enabled=False).lessons[0]
    '00_start_here.ipynb'
    """

    _esm = _HERE / "navigation.js"

    enabled = traitlets.Bool(False).tag(sync=True)
    lessons: traitlets.List[str] = traitlets.List().tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)

    def __init__(self, *, enabled: bool | None = None, title: str = "") -> None:
        super().__init__(
            enabled=in_place() if enabled is None else enabled,
            lessons=[info.notebook for info in LESSONS if info.notebook in LESSON_FACTORIES],
            title=title,
        )
        self.add_class("gin-navigator")
        self._on_go: list[Callable[[Any, Any], Any]] = []
        self.on_msg(self._received)

    def on_go(self, callback: Callable[[Any, Any], Any], *, replace: bool = False) -> None:
        """Call ``callback(notebook, query)`` when the page asks for a lesson (in place of
        the callbacks before when ``replace``)."""
        if replace:
            self._on_go.clear()
        self._on_go.append(callback)

    def answer(self, shown: bool) -> None:
        """Tell the page whether the lesson it asked for is shown; when it is not, the page
        puts back the address of the lesson still on the screen."""
        self.send({"type": "answer", "shown": shown})

    def go(self, notebook: Any, query: Any = "") -> None:
        """Do what the page does on a click on a link to ``notebook`` (tests call this)."""
        self._received(self, {"type": "go", "notebook": notebook, "query": query}, [])

    def _received(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("type") != "go":
            raise NavigationError(M["error.page-not-used"]())
        for callback in list(self._on_go):
            callback(content.get("notebook"), content.get("query", ""))


__all__ = [
    "IN_PLACE",
    "LESSON_FACTORIES",
    "NavigationError",
    "Navigator",
    "in_place",
    "lesson_factory",
]
