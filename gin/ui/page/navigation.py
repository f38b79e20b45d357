"""Lessons that open inside the same page, where a page costs a Python start (issue 14).

On the static site every page starts its own Pyodide, which takes seconds. There a click on
a link to another lesson (``a[data-notebook]``, :func:`gin.ui.lessons.catalog.link`) does
not load a new page: :class:`Navigator`, a small custom widget on every lesson page, sends
the lesson's notebook and the link's query string to the kernel, which builds that lesson
and swaps it into the page (:meth:`gin.ui.lessons.base.Lesson.go_to`); the page pushes the
new address (``history.pushState``), so Back and Forward, reload and a shared address still
work. Under Voilà each page has its own kernel from the server's pool, and pages keep
opening as pages.

:data:`IN_PLACE` is the one switch (a test turns it on). Which function builds each
lesson is the lessons' own registry (:mod:`gin.ui.lessons.registry`); this module knows no
lesson, so the lessons' package and navigation do not import each other.

A "go" from the page is refused wherever in-place navigation is off (:data:`IN_PLACE`
false, as under Voilà), whatever the page's copy of ``enabled`` says: the page can send any
message, so the kernel decides.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from gin.errors import GinError
from gin.i18n import M
from gin.ui.parts import fixed_layout

_HERE = Path(__file__).parent

IN_PLACE = sys.platform == "emscripten"
"""Whether links between lessons open the lesson in the same page: only where a page costs
a Python start (Pyodide, the static site)."""


class NavigationError(GinError):
    """The page asked for a lesson the tutor does not have, or asked for one where lessons
    do not open in the page (code ``page-not-used``)."""


def in_place() -> bool:
    """Whether lessons open in the same page here (:data:`IN_PLACE`)."""
    return IN_PLACE


class Navigator(anywidget.AnyWidget):
    """The page's side of navigation in place: it catches clicks on links to lessons and
    the browser's Back and Forward, and asks the kernel for the lesson.

    Synced traits: ``enabled`` (links open lessons in the page), ``lessons`` (the notebooks
    that are lessons) and ``title`` (the window title the page shows, naming the lesson in
    the page's language; set on every page, also where links open as pages). The page
    sends ``{"type": "go", "notebook": ..., "query": ...}``; :meth:`on_go` callbacks get the
    notebook and the query, and the lesson's answer (:meth:`answer`) tells the page whether
    the address it moved to holds the lesson shown.

    >>> Navigator(enabled=False, lessons=["00_start_here.ipynb"]).lessons
    ['00_start_here.ipynb']
    """

    _esm = _HERE / "navigation.js"

    enabled = traitlets.Bool(False).tag(sync=True)
    lessons: traitlets.List[str] = traitlets.List().tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self, *, enabled: bool | None = None, lessons: Sequence[str] = (), title: str = ""
    ) -> None:
        super().__init__(
            enabled=in_place() if enabled is None else enabled,
            lessons=list(lessons),
            title=title,
            layout=fixed_layout(),
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
        if not in_place():  # Voilà: a page of its own per lesson, whatever the page says
            self.answer(False)  # a page that moved its address puts it back
            raise NavigationError(M["error.page-not-used"]())
        for callback in list(self._on_go):
            callback(content.get("notebook"), content.get("query", ""))


__all__ = ["IN_PLACE", "NavigationError", "Navigator", "in_place"]
