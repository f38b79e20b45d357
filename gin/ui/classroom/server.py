"""The app's side of a class: the teacher key, the teacher page's address and joining.

:func:`prepare` runs when the app starts (:class:`gin.ui.page.serve.TutorApp`): it makes the
teacher key, a secret like Jupyter's token, and tells the kernels the app starts where the
class store is and what the key is (environment variables, which only this user's
processes can read); it opens and checks the store (the schema version, and SQLite's
``PRAGMA quick_check``), so a damaged, foreign or unknown store stops the app with one
sentence. The store is a data directory (SQLite, the default) or ``--TutorApp.class_db``,
a ``postgresql://`` address. :func:`announce` prints the teacher page's
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
  ``X-Forwarded-For`` header (Tornado's ``xheaders``). The counts are kept in the store,
  so that every server of one store shares them.

A store that fails after the start (a damaged page, a database out of reach) is said in
its sentence: the join route answers it (HTTP 503, JSON), the teacher page's route shows it
on a short page.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import tornado.web
from jupyter_server.utils import url_path_join

from gin.errors import GinError
from gin.i18n import M, page_language
from gin.ui.classroom.address import DATA_ENV, DB_ENV, store_address
from gin.ui.classroom.events import ClassStoreError, StoreUnavailable
from gin.ui.classroom.names import (
    ClassJoinError,
    GuessLimit,
    clean_nickname,
    read_code,
)
from gin.ui.classroom.teacherkey import KEY_ENV, key_matches, teacher_key
from gin.ui.page.plainpage import plain_page

TEACHER_NOTEBOOK = "06_class.ipynb"
"""The teacher page's notebook."""

DEFAULT_DATA_DIR = "class-data"
"""The data directory when none is given: beside the app (git ignores it)."""

ANNOUNCE = "Teacher page: "
"""The start of the line that gives the teacher page's address."""


def prepare(data_dir: str, class_db: str = "") -> str:
    """Make the teacher key and name the class store for the kernels (the app calls this
    before it starts any): ``class_db`` when given (a ``postgresql://`` or ``sqlite:///``
    address), else the SQLite store in ``data_dir``. Opens and checks the store: raises
    :class:`gin.ui.classroom.events.ClassStoreError` with its sentence when it is damaged,
    foreign, of an unknown version or out of reach. Returns the store's address."""
    from gin.ui.classroom.store import open_store, sqlite_address

    if class_db:
        address = class_db
    else:
        path = Path(data_dir or DEFAULT_DATA_DIR).resolve()
        address = sqlite_address(path)
    store = open_store(address)
    try:
        store.check()
    finally:
        store.close()
    os.environ.pop(DATA_ENV, None)
    if not class_db:
        os.environ[DATA_ENV] = str(path)
    os.environ[DB_ENV] = address
    os.environ[KEY_ENV] = secrets.token_urlsafe(24)
    return address


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

    def initialize(
        self, server_url: str, headers: dict[str, str], state: dict[str, Any], notebooks: str
    ) -> None:
        self.server_url = server_url
        self.state = state
        self.notebooks = notebooks
        for name, value in headers.items():
            self.set_header(name, value)

    def _page(self, status: int, title: str, text: str) -> None:
        lang = _lang(self)
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(plain_page(M[title].render(lang=lang), text, lang))

    def get(self, code: str | None = None) -> None:
        key = self.get_query_argument("key", None)
        if not key_matches(key):
            text = M["classroom.refused.text"].render(lang=_lang(self))
            self._page(403, "classroom.refused.title", text)
            return
        try:
            shared_store(self.state).classes()  # a store that fails is said here, not in a cell
        except ClassStoreError as exc:
            self._page(503, "classroom.title", exc.render(_lang(self)))
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
        target = url_path_join(self.server_url, "voila/render", self.notebooks, TEACHER_NOTEBOOK)
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

    def _store(self) -> Any:
        return shared_store(self.state)

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
        try:
            self._join(body, lang)
        except ClassStoreError as exc:  # the store is damaged or out of reach: its sentence
            self._refuse(503, exc, lang)

    def _join(self, body: dict[str, Any], lang: str) -> None:
        store = self._store()
        limit: GuessLimit = self.state["limit"]
        if limit.store is None:
            limit.store = store  # the counts live in the store: every server shares them
        address = self.request.remote_ip or "?"
        now = time.time()
        if not limit.allowed(address, now):
            self.set_header("Retry-After", "60")
            self._refuse(429, ClassJoinError(M["error.class-too-many-tries"]()), lang)
            return
        try:
            code = read_code(str(body.get("code", ""))[:64])
            if not store.class_exists(code):
                raise ClassJoinError(M["error.class-unknown-code"]())
        except ClassJoinError as exc:
            if exc.code != "class-no-code":
                limit.wrong(address, now)
            self._refuse(400, exc, lang)
            return
        try:
            nickname = clean_nickname(str(body.get("nickname", ""))[:256])
            learner = store.join(code, nickname, token=secrets.token_urlsafe(16))
        except ClassStoreError as exc:
            if isinstance(exc, StoreUnavailable) or exc.code.startswith("class-store"):
                raise
            self._refuse(400, exc, lang)
            return
        except GinError as exc:
            self._refuse(400, exc, lang)
            return
        self.finish(
            {"ok": True, "code": code, "nickname": learner.nickname, "token": learner.token}
        )


def shared_store(state: dict[str, Any]) -> Any:
    """The app's own connection to the class store (opened at first use; one that failed
    is opened again next time)."""
    if state.get("store") is None:
        from gin.ui.classroom.store import open_store

        address = store_address()
        if address is None:
            raise KeyError(DB_ENV)
        state["store"] = open_store(address)
    return state["store"]


def handlers(server_url: str, headers: dict[str, str], *, notebooks: str = "") -> list[Any]:
    """The class routes, under ``server_url``; ``headers`` go with every answer (the app's
    Content-Security-Policy); ``notebooks``: the lessons' folder under the server's root
    (``make app`` serves them at the root; a hub user's server from the repository's)."""
    state: dict[str, Any] = {"store": None, "limit": GuessLimit()}
    page = {"server_url": server_url, "headers": headers, "state": state, "notebooks": notebooks}
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
