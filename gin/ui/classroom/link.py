"""``ClassLink``: the learner's class membership, kept in the browser, and the join box.

A small custom widget (the pattern of :class:`gin.ui.lessons.progress.Progress`). When it
is shown, the page sends the membership it stored (class code, nickname and the secret
learner token the server gave), or that it holds none; the kernel checks it with the class
store and records for that learner from then on (:mod:`gin.ui.classroom.record`), the
page's events of the moment before included.

On Start here it also draws the join box (``form=True``): a class code and a nickname,
inside ``.gin-class-join``, and ``button.gin-action-join-class``. Joining is a request from
the page to the app's server (``POST class/join``, see :mod:`gin.ui.classroom.server`),
which sees the learner's address and so can slow down code guessing; the answer (the
learner's token, or a sentence saying what was wrong) comes back to the page.

It exists only where the app serves the lessons with a class store
(:func:`gin.ui.classroom.record.enabled`): on the static site there is no join box.
"""

from __future__ import annotations

import html
import logging
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from gin.errors import GinError, echo
from gin.i18n import M, current_language
from gin.ui.classroom import record
from gin.ui.classroom.names import CODE_LENGTH, ClassJoinError, read_code
from gin.ui.page.urlparams import PageParamError, read_query

_HERE = Path(__file__).parent
_log = logging.getLogger("gin.ui.classroom")

STORAGE_KEY = "gin-tutor-class"
"""The browser's localStorage key of the membership."""


def _text(key: str) -> str:
    return M[key].render()


class ClassLink(anywidget.AnyWidget):
    """The learner's class membership (and, with ``form``, the join box).

    Synced traits: ``form`` (draw the join box), ``code`` (the code put in the box, from
    ``?class=``), ``labels`` (the rendered words of the box), ``lang``, ``status`` (HTML:
    what the box says) and ``storage_key``.
    """

    _esm = _HERE / "link.js"

    storage_key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)
    form = traitlets.Bool(False).tag(sync=True)
    code = traitlets.Unicode("").tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)

    def __init__(self, *, form: bool = False, code: str = "", **kwargs: Any) -> None:
        super().__init__(form=form, code=code[:32], **kwargs)
        self.lang = current_language()
        self.labels = {
            "heading": _text("classroom.join.heading"),
            "intro": _text("classroom.join.intro"),
            "code": _text("classroom.join.code"),
            "nickname": _text("classroom.join.nickname"),
            "join": _text("classroom.join.button"),
            "no_server": _text("error.class-no-server"),
        }
        self.add_class("gin-class-link")
        record.await_membership()  # the page's events wait for what the browser holds
        if not form:
            self.layout.display = "none"
        self.on_msg(self._handle_page_message)

    def _handle_page_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self._take(content)
        except Exception:  # a store that fails: the lesson goes on without the class
            _log.exception("class membership could not be read")

    def _take(self, content: Any) -> None:
        if not isinstance(content, Mapping) or content.get("event") not in ("stored", "joined"):
            return
        held = content.get("membership")
        code = token = None
        if isinstance(held, Mapping):
            code, token = held.get("code"), held.get("token")
        if not isinstance(code, str) or not isinstance(token, str) or len(token) > 64:
            if content.get("event") == "stored":  # the page holds none (or none readable)
                record.no_membership()
            return
        learner = record.set_member(code[:16], token)
        if learner is None:
            self.send({"event": "forget"})
            self._say("classroom.join.ended", code=code[:16])
            return
        self._say("classroom.join.joined", code=learner.code, nickname=learner.nickname)

    def _say(self, key: str, **data: Any) -> None:
        self.status = f'<span class="gin-class-status">{html.escape(M[key].render(data))}</span>'

    def send_from_page(self, content: dict[str, Any]) -> None:
        """Handle ``content`` as if the page had sent it (for tests)."""
        self._handle_page_message(self, content, [])


def address_class(query: str) -> tuple[str | None, GinError | None]:
    """The class the page's address asks for: ``(code, None)``; ``(None, None)`` when it
    names none; ``(None, error)`` when ``?class=`` is empty, is not six letters and digits,
    or is given twice (the sentence to show; no class is chosen in its place). Six letters
    and digits that no code can be (``NOPE22``: codes have no O) are returned as they are,
    so the page says there is no such class.

    >>> address_class("class=k7w-q3m&key=x"), address_class("lang=et")
    (('K7WQ3M', None), (None, None))
    >>> address_class("class=nope22")
    ('NOPE22', None)
    >>> bad = ("class=", "class=NOPE", "class=A&Class=B")
    >>> [e.code for _c, e in (address_class(q) for q in bad)]
    ['page-no-class', 'page-bad-class', 'page-param-twice']
    """
    try:
        value = read_query(query, ("class",)).get("class")
    except PageParamError as exc:
        return None, exc
    if value is None:
        return None, None
    if not value:
        return None, PageParamError(M["error.page-no-class"]())
    try:
        return read_code(value), None
    except ClassJoinError:
        typed = re.sub(r"[\s\-]", "", value).upper()
        if len(typed) == CODE_LENGTH and typed.isascii() and typed.isalnum():
            return typed, None
        return None, PageParamError(M["error.page-bad-class"](value=echo(value, 40)))


def page_class_code() -> str:
    """The class code in the page's address (``?class=CODE``), else ``""`` (also when it
    can't be read: :func:`address_class` says why)."""
    from gin.ui.page.urlparams import page_query

    return address_class(page_query())[0] or ""


def class_parts(*, form: bool = False, code: str | None = None) -> list[Any]:
    """The lesson parts for a class: a :class:`ClassLink` where the app has a class store,
    else nothing. ``form`` draws the join box (Start here), filled with ``code`` (else the
    page's ``?class=``; one that can't be read is said in the box, which stays empty)."""
    if not record.enabled():
        return []
    problem: GinError | None = None
    if code is None and form:
        from gin.ui.page.urlparams import page_query

        code, problem = address_class(page_query())
    link = ClassLink(form=form, code=code or "")
    if problem is not None:
        sentence = html.escape(problem.render())
        link.status = f'<span class="gin-class-status gin-class-problem">{sentence}</span>'
    return [link]


__all__ = ["STORAGE_KEY", "ClassLink", "address_class", "class_parts", "page_class_code"]
