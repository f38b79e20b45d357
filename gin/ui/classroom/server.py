"""The app's side of a class: the teacher key, the teacher page's address and joining.

:func:`prepare` runs when the app starts (:class:`gin.ui.page.serve.TutorApp`): it makes the
teacher key, a secret like Jupyter's token, and tells the kernels the app starts where the
class store is and what the key is (environment variables, which only this user's
processes can read); it checks the store's schema version when its file exists, so an
unknown version stops the app with a sentence. :func:`announce` prints the teacher page's
address, key included, on one line starting with ``Teacher page: ``.

Routes (:func:`handlers`):

- ``class`` and ``class/<CODE>`` lead to the teacher page (``06_class.ipynb``) when the
  request holds the key (``?key=``); without it, a short page says a key is needed
  (HTTP 403) and no class data is read.
- ``POST class/join`` (from the join box on Start here): a class code and a nickname;
  answers the learner's token, or a sentence. Wrong codes are limited per **address**: the
  address the request comes from (``request.remote_ip``), which is the learner's machine
  on a school network. (A learner's kernel can't know it: every kernel talks to the app
  over 127.0.0.1, which is why joining is a request from the page, not the kernel.) Behind
  a proxy every learner shares the proxy's address unless the app trusts its
  ``X-Forwarded-For`` header (Tornado's ``xheaders``).
"""

from __future__ import annotations

import json
import os
import secrets
import time
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import tornado.web
from jupyter_server.utils import url_path_join

from gin.errors import GinError
from gin.i18n import M, page_language, text_direction
from gin.ui.classroom.names import (
    ClassJoinError,
    GuessLimit,
    clean_nickname,
    read_code,
)
from gin.ui.classroom.record import DATA_ENV
from gin.ui.classroom.store import FILE_NAME, ClassStore
from gin.ui.classroom.teacherkey import KEY_ENV, key_matches, teacher_key

TEACHER_NOTEBOOK = "06_class.ipynb"
"""The teacher page's notebook."""

DEFAULT_DATA_DIR = "class-data"
"""The data directory when none is given: beside the app (git ignores it)."""

ANNOUNCE = "Teacher page: "
"""The start of the line that gives the teacher page's address."""

REFUSED_PAGE = """<!DOCTYPE html>
<html lang="{lang}" dir="{dir}"><head><meta charset="utf-8"><title>{title}</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto;">
<h1>{title}</h1>
<p>{text}</p>
</body></html>
"""


def prepare(data_dir: str) -> Path:
    """Make the teacher key and name the class store for the kernels (the app calls this
    before it starts any). Raises :class:`gin.ui.classroom.store.ClassStoreError` when the
    store's file holds an unknown schema version. Returns the data directory."""
    path = Path(data_dir or DEFAULT_DATA_DIR).resolve()
    if (path / FILE_NAME).exists():
        ClassStore(path).close()  # the schema version is checked at start
    os.environ[DATA_ENV] = str(path)
    os.environ[KEY_ENV] = secrets.token_urlsafe(24)
    return path


def teacher_url(ip: str, port: int, server_url: str) -> str:
    """The teacher page's address, key included.

    >>> os.environ[KEY_ENV] = "k"
    >>> teacher_url("127.0.0.1", 8866, "/")
    'http://127.0.0.1:8866/class?key=k'
    >>> del os.environ[KEY_ENV]
    """
    host = ip if ip and ip not in ("0.0.0.0", "::") else "127.0.0.1"
    path = url_path_join(server_url, "class")
    return f"http://{host}:{port}{path}?{urlencode({'key': teacher_key()})}"


def announce(ip: str, port: int, server_url: str) -> None:
    """Print the teacher page's address on one line starting with ``Teacher page: ``."""
    print(ANNOUNCE + teacher_url(ip, port, server_url), flush=True)


def _lang(handler: tornado.web.RequestHandler, given: object = None) -> str:
    wanted = given if isinstance(given, str) else handler.get_query_argument("lang", None)
    return page_language(wanted, handler.request.headers.get("Accept-Language"))


class TeacherPageHandler(tornado.web.RequestHandler):
    """``class`` and ``class/<CODE>``: to the teacher page with the key, or a refusal."""

    def initialize(self, server_url: str, headers: dict[str, str]) -> None:
        self.server_url = server_url
        for name, value in headers.items():
            self.set_header(name, value)

    def get(self, code: str | None = None) -> None:
        key = self.get_query_argument("key", None)
        if not key_matches(key):
            lang = _lang(self)
            self.set_status(403)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(
                REFUSED_PAGE.format(
                    lang=lang,
                    dir=text_direction(lang),
                    title=escape(M["classroom.refused.title"].render(lang=lang)),
                    text=escape(M["classroom.refused.text"].render(lang=lang)),
                )
            )
            return
        query = [("key", key or "")]
        if code:
            query.append(("class", code.upper()[:16]))
        for name, values in self.request.query_arguments.items():
            if name.strip().lower() == "class":  # the page says what is wrong with them
                query += [("class", v.decode("utf-8", "replace")[:32]) for v in values[:2]]
        wanted = self.get_query_argument("lang", None)
        if wanted:
            query.append(("lang", wanted[:8]))
        target = url_path_join(self.server_url, "voila/render", TEACHER_NOTEBOOK)
        self.redirect(f"{target}?{urlencode(query)}")


MAX_JOIN_BYTES = 2048
"""The largest body ``POST class/join`` reads: a code and a nickname need far less."""


@tornado.web.stream_request_body
class JoinHandler(tornado.web.RequestHandler):
    """``POST class/join``: ``{"code", "nickname", "lang"}`` -> ``{"ok", "code",
    "nickname", "token"}`` or ``{"ok": false, "error": sentence}``.

    Only JSON (``Content-Type: application/json``, else 415), at most
    :data:`MAX_JOIN_BYTES` (else 413; no more than that is ever kept in memory), with the
    page's XSRF token (the ``_xsrf`` cookie sent back in the ``X-XSRFToken`` header, as
    Jupyter's own handlers ask; else 403), an object whose code and nickname are text
    (else 400). Each refusal is one sentence in the page's language.
    """

    def initialize(self, state: dict[str, Any], headers: dict[str, str]) -> None:
        self.state = state
        for name, value in headers.items():
            self.set_header(name, value)

    def _store(self) -> ClassStore:
        if self.state.get("store") is None:
            self.state["store"] = ClassStore(os.environ[DATA_ENV])
        store: ClassStore = self.state["store"]
        return store

    def _refuse(self, status: int, error: GinError, lang: str) -> None:
        self.set_status(status)
        self.finish({"ok": False, "code": "", "error": error.render(lang)})

    def prepare(self) -> None:
        self._body = bytearray()
        self._too_large = False

    def data_received(self, chunk: bytes) -> None:
        if self._too_large or len(self._body) + len(chunk) > MAX_JOIN_BYTES:
            self._too_large = True  # read to the end (so the page gets the answer), not kept
            return
        self._body.extend(chunk)

    def _read_body(self) -> dict[str, Any] | tuple[int, GinError]:
        """The request's JSON object, or the status and the sentence that refuse it."""
        if self._too_large:
            return 413, ClassJoinError(M["error.class-too-large"]())
        media = self.request.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if media != "application/json":
            return 415, ClassJoinError(M["error.class-bad-request"]())
        try:
            self.check_xsrf_cookie()
        except tornado.web.HTTPError:
            return 403, ClassJoinError(M["error.class-not-from-page"]())
        try:
            body = json.loads(bytes(self._body).decode("utf-8"))
        except ValueError:  # not UTF-8, not JSON
            body = None
        if not isinstance(body, dict) or not isinstance(body.get("code", ""), str):
            return 400, ClassJoinError(M["error.class-bad-request"]())
        if not isinstance(body.get("nickname", ""), str):
            return 400, ClassJoinError(M["error.class-bad-nickname"]())
        return body

    def post(self) -> None:
        body = self._read_body()
        if isinstance(body, tuple):
            self._refuse(*body, _lang(self))
            return
        lang = _lang(self, body.get("lang"))
        limit: GuessLimit = self.state["limit"]
        address = self.request.remote_ip or "?"
        now = time.monotonic()
        if not limit.allowed(address, now):
            self.set_header("Retry-After", "60")
            self._refuse(429, ClassJoinError(M["error.class-too-many-tries"]()), lang)
            return
        try:
            code = read_code(body.get("code", "")[:64])
            if not self._store().class_exists(code):
                raise ClassJoinError(M["error.class-unknown-code"]())
        except ClassJoinError as exc:
            if exc.code != "class-no-code":
                limit.wrong(address, now)
            self._refuse(400, exc, lang)
            return
        try:
            nickname = clean_nickname(body.get("nickname", "")[:256])
            learner = self._store().join(code, nickname, token=secrets.token_urlsafe(16))
        except GinError as exc:
            self._refuse(400, exc, lang)
            return
        self.finish(
            {"ok": True, "code": code, "nickname": learner.nickname, "token": learner.token}
        )


def handlers(server_url: str, headers: dict[str, str]) -> list[Any]:
    """The class routes, under ``server_url``; ``headers`` go with every answer (the app's
    Content-Security-Policy)."""
    state: dict[str, Any] = {"store": None, "limit": GuessLimit()}
    page = {"server_url": server_url, "headers": headers}
    return [
        (
            url_path_join(server_url, r"class/join"),
            JoinHandler,
            {"state": state, "headers": headers},
        ),
        (url_path_join(server_url, r"class/?"), TeacherPageHandler, page),
        (url_path_join(server_url, r"class/([A-Za-z0-9]{1,16})/?"), TeacherPageHandler, page),
    ]


__all__ = [
    "ANNOUNCE",
    "DEFAULT_DATA_DIR",
    "KEY_ENV",
    "MAX_JOIN_BYTES",
    "TEACHER_NOTEBOOK",
    "JoinHandler",
    "TeacherPageHandler",
    "announce",
    "handlers",
    "key_matches",
    "prepare",
    "teacher_url",
]
