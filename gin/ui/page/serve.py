"""Serve the lessons as a standalone app: Voilà over ``notebooks/``, opening at Start here.

``python -m gin.ui.page.serve notebooks/`` takes Voilà's own options (``make app`` passes the
port and address) and reads ``voila.json`` from the working directory like Voilà does.
What it changes in plain Voilà 0.5.13:

- ``/`` redirects to the Start-here lesson; the list of lessons stays at ``/voila/tree``.
- **A closed page's kernel goes away at once.** A lesson page sends a beacon to
  ``/voila/api/shutdown/<kernel>`` when it is closed or reloaded, with the ``_xsrf``
  cookie's value; Voilà never sets that cookie, so it refused the beacon (403) and the
  kernel lived on until culled. The lesson handler sets the cookie, and the shutdown
  handler only stops kernels this server runs. A tab closed without its beacon (issue 41:
  the browser quit, or the page closed before its widgets came) loses its kernel too, once
  its websocket has been closed for :attr:`TutorApp.reconnect_grace` seconds (2), and a
  page closed while it is sent, at once (:mod:`gin.ui.page.connectwatch`). Culling
  (``voila.json``) is the backstop;
  a pre-heated kernel counts as active from the moment it is handed to a page, so the
  culler never stops it before its page has connected.
- **A cap on kernels** (:attr:`TutorApp.max_kernels`, in ``voila.json``): when that many
  pages are open, a new page gets a short "the tutor is full" page (HTTP 503) instead of
  a new kernel. A page takes its place (:class:`Places`) in the same step as it checks the
  count, before its kernel starts, so pages arriving together cannot all pass the check;
  the place is given back if the start fails, and the "full" page says how many lessons
  are really open.
- **A place only for a page that is really there** (issue 33). A page that has not opened
  its kernel's websocket within :attr:`TutorApp.connect_timeout` seconds (20) of being
  sent loses its kernel, and its place (:mod:`gin.ui.page.connectwatch`): a plain ``GET``
  no longer holds a place until the culler comes. A quota of places per address
  (:attr:`TutorApp.places_per_address`) is off by default, since a class behind one school
  address, or behind JupyterHub's proxy, shares one; when on, the page over it gets the
  "full" page with the quota's sentence.
- **A lost kernel is said** (issue 33): every lesson page runs the app's
  ``kernellost.js`` (:mod:`gin.ui.page.pagescripts`), which shows one sentence and a
  reload button when the page's kernel restarts empty, dies, or is gone.
- **A repeated error logged once, with a count** (:mod:`gin.ui.page.logrepeats`): a
  page gone while its kernel still sends made every message a closed-websocket traceback.
- **A kernel that fails to start** (or dies before it answers, :func:`kernel_answers`) is
  started once more; if that fails too, or the kernel dies later, before its page is
  built, the learner reads one sentence with a reload button (:func:`stream_lesson`)
  instead of a page that loads for ever.
- **An address too long to read** (:data:`MAX_URL_LENGTH`) is answered 414 with a
  sentence, instead of a closed connection.
- **A class arriving together** (:attr:`TutorApp.class_size`, ``make app CLASS_SIZE=25``):
  every lesson that keeps pre-heated kernels in ``voila.json`` keeps at least that many, so
  a class opening the same link each gets a kernel that has already started and imported
  the lesson (:func:`class_pools`).
- **A class the teacher sees** (:attr:`TutorApp.class_data_dir`, or
  :attr:`TutorApp.class_db` for a store on PostgreSQL): the teacher key made at start, the
  store checked (one that can't be used stops the app with one sentence), the
  ``Teacher page: `` line, the ``class/<CODE>`` and ``class/join`` routes
  (:mod:`gin.ui.classroom.server`).
- **Nothing from the internet.** Voilà's page template links Font Awesome from a CDN; the
  lessons use no icon font, so the link is taken out, and every page is sent with a
  Content-Security-Policy (:data:`CONTENT_SECURITY_POLICY`) that lets scripts come only
  from the app's own origin. It is on every response, static files and error pages too
  (:class:`PolicyOnEveryResponse`). No inline script runs but a lesson page's own: each
  carries that page's nonce (:func:`content_security_policy`), not ``'unsafe-inline'``.
- **The front end cached.** Voilà's scripts, styles and the widgets' extensions change only
  when the app's packages are upgraded, so the browser may keep them for an hour
  (:class:`FrontEndCached`): a learner opening the next lesson in a new tab loads its ninety
  scripts from the cache instead of asking the server for each, wave after wave.
  (``voila.json`` also leaves out the one extension no lesson uses, the code-highlighting
  theme ``jupyterlab_pygments``: three scripts fewer on every page.)
"""

from __future__ import annotations

import asyncio
import contextvars
import re
import sys
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from html import escape
from typing import Any

import tornado.httputil
import tornado.ioloop
import tornado.web
from jupyter_server._tz import utcnow
from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler
from traitlets import Float, Integer, Unicode
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from gin.i18n import M, page_language, text_direction
from gin.ui.classroom import server as classroom
from gin.ui.classroom.events import ClassStoreError
from gin.ui.page import logrepeats
from gin.ui.page.connectwatch import (
    DEFAULT_CONNECT_TIMEOUT_S,
    DEFAULT_RECONNECT_GRACE_S,
    ConnectedWebsocketHandler,
    ConnectWatch,
)
from gin.ui.page.pagescripts import (
    KERNEL_LOST_ROUTE,
    KernelLostScriptHandler,
    add_nonce,
    after_head,
    kernel_lost_tag,
    new_nonce,
    script_source,
)
from gin.ui.page.plainpage import plain_page

START_LESSON = "00_start_here.ipynb"
"""The lesson the app opens at."""


def content_security_policy(nonce: str | None = None) -> str:
    """The app's Content-Security-Policy; with ``nonce``, a lesson page's, whose inline
    scripts carry it (:mod:`gin.ui.page.pagescripts`)."""
    return "; ".join(
        [
            "default-src 'self'",
            script_source(nonce),
            *_POLICY_REST,
        ]
    )


_POLICY_REST = [
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
]

CONTENT_SECURITY_POLICY = content_security_policy()
"""Sent with every response of the app but a lesson's page (which adds its nonce).

Scripts come only from this origin, and anywidget imports each widget's module from a
``blob:`` URL made by the page. No inline script runs but a lesson page's own, each with
that page's nonce (issue 33: ``'unsafe-inline'`` is gone).
"""
# No 'unsafe-eval' (issue 22). Voilà's bundles do hold eval-like code: ajv's schema
# compiler (`new Function` in templates/base/static/1601.voila.js), d3-dsv's row parser
# (9484.voila.js), the gettext plural-form parser (9582.voila.js), and
# `new Function("return this")` fallbacks inside try/catch (voila.js, 7155.voila.js,
# treepage.js). None of it runs on the tutor's pages: in Chromium under this policy every
# lesson, the cheat sheet and the list of lessons loaded with no Content-Security-Policy
# report and no page error (checked for each page when this was decided; the play lesson
# is checked on every run by tests/e2e/test_server_e2e.py,
# test_a_page_loads_nothing_from_elsewhere_under_a_strict_csp). Voilà's own code runs
# without it, so it is not granted.

_EXTERNAL_STYLESHEET = re.compile(r'<link\b[^>]*\bhref="(?:https?:)?//[^"]*"[^>]*>\s*')

FRONT_END_MAX_AGE_S = 3600
"""Seconds a browser may keep Voilà's front-end files without asking again."""

FRONT_END_PATHS = ("voila/static/", "voila/templates/", "voila/labextensions/", "static/")
"""Where the front end's files are served, under the server's base address."""

MAX_URL_LENGTH = 8192
"""The longest address (path and query) the app reads; a longer one is answered 414."""

MAX_HEADER_BYTES = 1024 * 1024
"""What the server reads of a request's head before it gives up and closes the connection
(Tornado's default, 64 KiB, closed it on a 100 KB address without a word): up to this, a
too-long address gets its 414 page."""


def full_page(open_now: int, lang: str) -> str:
    """The "tutor is full" page in ``lang``, saying how many lessons are open now."""
    return plain_page(
        M["lesson.server-full.title"].render(lang=lang),
        M["lesson.server-full.text"].render({"limit": open_now}, lang),
        lang,
    )


def quota_page(quota: int, lang: str) -> str:
    """The "tutor is full" page for an address that holds its ``quota`` of places."""
    return plain_page(
        M["lesson.server-full.title"].render(lang=lang),
        M["page.server.quota"].render({"limit": quota}, lang),
        lang,
    )


def too_long_page(lang: str) -> str:
    """The page for an address too long to read (HTTP 414), in ``lang``."""
    return plain_page(
        M["fairplay.server.too-long.title"].render(lang=lang),
        M["fairplay.server.too-long.text"].render(lang=lang),
        lang,
    )


RELOAD_BUTTON = (
    '<p><button type="button" class="gin-reload">{label}</button></p>'
    "<script>document.currentScript.previousElementSibling.firstElementChild"
    '.addEventListener("click", function () {{ window.location.reload(); }});</script>'
)
"""The reload button; its inline script gets the page's nonce as the page is written
(no inline ``onclick``: the policy runs no inline handler)."""


def start_failed_html(lang: str) -> str:
    """What the learner reads when the lesson's kernel could not start: one sentence and a
    reload button (a fragment, also written into a page already begun)."""
    text = escape(M["fairplay.server.start-failed"].render(lang=lang))
    label = escape(M["fairplay.server.reload"].render(lang=lang))
    return (
        f'<div class="gin-start-failed" role="alert" lang="{lang}" dir="{text_direction(lang)}"'
        ' style="font-family: sans-serif; max-width: 40em; margin: 3em auto;">'
        f"<p>{text}</p>{RELOAD_BUTTON.format(label=label)}</div>"
    )


def strip_external_links(html: str) -> str:
    """``html`` without stylesheet links to other hosts (Voilà's Font Awesome CDN)."""
    return _EXTERNAL_STYLESHEET.sub("", html)


def kernels_in_use(kernel_manager: Any) -> int:
    """Kernels serving a page: every kernel running, less those waiting in a pre-heated
    pool. A pool's kernel still starting is not running yet, so it is not taken off."""
    running = set(kernel_manager.list_kernel_ids())
    waiting = 0
    for pool in getattr(kernel_manager, "_pools", {}).values():
        for item in pool:
            if not isinstance(item, asyncio.Future):
                waiting += 1
            elif item.done() and not item.cancelled() and item.exception() is None:
                waiting += _pooled_kernel_id(item.result()) in running
    return max(0, len(running) - waiting)


def _pooled_kernel_id(content: Any) -> str | None:
    """The kernel of a pre-heated pool's finished entry (Voilà's ``{"kernel_id": ...}``)."""
    return content.get("kernel_id") if isinstance(content, dict) else None


class Place:
    """A page's place under the cap, taken before its kernel starts (:meth:`Places.take`).

    It counts as open until the kernel it waits for is counted by the kernel manager
    (:meth:`started`), or until it is given back (:meth:`give_back`, when the start fails
    or the request ends first).
    """

    def __init__(self, places: Places, address: str = "") -> None:
        self._places = places
        self.address = address
        """Where the page's request came from (its remote address)."""
        self.kernel_id: str | None = None
        self.unanswered: str | None = None

    def starting(self, kernel_id: str | None) -> None:
        """The page's kernel is ``kernel_id``, made but not answered yet (``None``: it died,
        and another is to start). Once the kernel manager lists it, the place no longer
        counts (:meth:`Places.open_now`)."""
        self.unanswered = kernel_id

    def started(self, kernel_id: str) -> None:
        """The page's kernel runs and the kernel manager counts it: stop counting the
        place (once)."""
        self.kernel_id = kernel_id
        self._places.owners[kernel_id] = self.address
        self._places.waiting.discard(self)

    def give_back(self) -> None:
        """The page got no kernel (or has it already): the place no longer counts."""
        self._places.waiting.discard(self)


class Places:
    """The places under the kernel cap: the kernels serving pages, and the pages whose
    kernel is starting (their :class:`Place`).

    :meth:`take` checks and takes a place in one step with no ``await`` between them, so
    on Tornado's one event loop pages arriving together cannot all pass the check.

    >>> class Manager:
    ...     def list_kernel_ids(self): return ["a"]
    >>> places = Places(2)
    >>> first = places.take(Manager()); second = places.take(Manager())
    >>> second is None, places.open_now(Manager())
    (True, 2)
    >>> first.give_back(); places.open_now(Manager())
    1

    With ``per_address`` (0: no quota), one address holds at most that many places: its
    pages waiting for a kernel and the kernels still running that its pages were given.
    """

    def __init__(self, limit: int, per_address: int = 0) -> None:
        self.limit = limit
        self.per_address = per_address
        self.waiting: set[Place] = set()
        self.owners: dict[str, str] = {}
        """The address each page's kernel was given to (kernel id to address)."""

    def open_now(self, kernel_manager: Any) -> int:
        """The lessons open now: kernels serving pages, and pages whose kernel starts (a
        kernel that runs but has not answered yet is counted once, as a kernel)."""
        running = set(kernel_manager.list_kernel_ids())
        starting = sum(place.unanswered not in running for place in self.waiting)
        return kernels_in_use(kernel_manager) + starting

    def held_by(self, address: str, kernel_manager: Any) -> int:
        """The places ``address`` holds: its pages waiting for a kernel, and the kernels
        its pages were given that still run (the others are forgotten)."""
        running = set(kernel_manager.list_kernel_ids())
        self.owners = {k: a for k, a in self.owners.items() if k in running}
        kernels = sum(owner == address for owner in self.owners.values())
        return kernels + sum(place.address == address for place in self.waiting)

    def over_quota(self, address: str, kernel_manager: Any) -> bool:
        """Whether ``address`` holds :attr:`per_address` places already (never, with no
        quota)."""
        return bool(self.per_address) and (
            self.held_by(address, kernel_manager) >= self.per_address
        )

    def take(self, kernel_manager: Any, address: str = "") -> Place | None:
        """A place for a new page from ``address``, or ``None`` when every place is taken
        (no limit: 0) or the address holds its quota."""
        if self.limit and self.open_now(kernel_manager) >= self.limit:
            return None
        if self.over_quota(address, kernel_manager):
            return None
        place = Place(self, address)
        self.waiting.add(place)
        return place


_PLACE: contextvars.ContextVar[Place | None] = contextvars.ContextVar("gin_place", default=None)
"""The place of the page whose request is being served (each request runs in its own
task, so this is that page's)."""


def count_started_kernels(kernel_manager: Any) -> None:
    """Wrap the kernel manager's two ways of giving a page a kernel (a pre-heated one, or a
    new start) so that the page's :class:`Place` stops counting once the kernel is counted
    by the manager itself (a start that fails is tried once more by :func:`stream_lesson`).
    A new kernel is not restarted automatically until it has answered once."""
    handed_out = getattr(kernel_manager, "get_rendered_notebook", None)
    if handed_out is not None:

        async def get_rendered_notebook(*args: Any, **kwargs: Any) -> Any:
            result = await handed_out(*args, **kwargs)
            place = _PLACE.get()
            if place is not None:
                place.started(result[2])
            return result

        kernel_manager.get_rendered_notebook = get_rendered_notebook

    # Until a new kernel answers, it is not restarted when it dies: the page starts
    # another, and a restart racing the shutdown below left a kernel running that nothing
    # counted (a cap of 40 saw 45 processes).
    make = kernel_manager.kernel_manager_factory
    restarts: weakref.WeakKeyDictionary[Any, bool] = weakref.WeakKeyDictionary()

    def kernel_manager_factory(*args: Any, **kwargs: Any) -> Any:
        kernel = make(*args, **kwargs)
        restarts[kernel] = kernel.autorestart
        kernel.autorestart = False
        return kernel

    kernel_manager.kernel_manager_factory = kernel_manager_factory
    new_id = kernel_manager.new_kernel_id

    def new_kernel_id(**kwargs: Any) -> str:
        # The page's place learns its kernel's id before the manager lists the kernel, so
        # the kernel is never counted twice (once listed, once as the place waiting).
        kernel_id = str(new_id(**kwargs))
        place = _PLACE.get()
        if place is not None and place.unanswered is None:
            place.starting(kernel_id)
        return kernel_id

    kernel_manager.new_kernel_id = new_kernel_id
    start = kernel_manager.start_kernel

    async def start_kernel(*args: Any, **kwargs: Any) -> str:
        kernel_id = str(await start(*args, **kwargs))  # a failure is retried by the page
        kernel = kernel_manager.get_kernel(kernel_id)
        place = _PLACE.get()  # it knows the kernel's id already (new_kernel_id)
        if not await kernel_answers(kernel_manager, kernel_id):  # died at start (a port
            try:  # taken meanwhile): before the page has begun, so it can start again
                await kernel_manager.shutdown_kernel(kernel_id, now=True)
            except Exception:  # already gone
                pass
            if place is not None:
                place.starting(None)
            raise RuntimeError(f"the kernel {kernel_id} died at start")
        kernel.autorestart = restarts.pop(kernel, kernel.autorestart)
        kernel.start_restarter()
        if place is not None:
            place.started(kernel_id)
        return kernel_id

    kernel_manager.start_kernel = start_kernel


async def kernel_answers(kernel_manager: Any, kernel_id: str, timeout: float = 60) -> bool:
    """Whether the kernel just started answers (``kernel_info``) within ``timeout``
    seconds, as the notebook's own client will ask it to; ``False`` when it died."""
    client = kernel_manager.get_kernel(kernel_id).client()
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=timeout)
        return True
    except (RuntimeError, TimeoutError):
        return False
    finally:
        client.stop_channels()


HEARTBEAT = "voila_heartbeat"
"""What Voilà's page writes while it waits for the notebook (its keep-alive)."""


async def stream_lesson(
    pages: Callable[[], AsyncIterator[str]],
    write: Callable[[str], Awaitable[None]],
    kernel_alive: Callable[[], Awaitable[bool]],
    failed_html: str,
    log: Any,
) -> bool:
    """Write the lesson's page as ``pages()`` makes it, with ``write``.

    A start that fails before anything is written is tried once more (a new ``pages()``);
    if it fails again, or fails after the page has begun, or the kernel is found dead while
    the page waits for it (``kernel_alive``, asked at each keep-alive), ``failed_html`` (one
    sentence and a reload button) is written instead of a page that loads for ever.
    Returns whether the lesson was written whole.
    """
    for attempt in (1, 2):
        written = False
        try:
            async for html in pages():
                if HEARTBEAT in html and not await kernel_alive():
                    log.error("gin tutor: the lesson's kernel died before its page was built")
                    await write(failed_html)
                    return False
                try:
                    await write(html)
                except Exception as exc:  # the page went away: nothing to start again
                    raise _PageGone from exc
                written = True
            return True
        except _PageGone:
            log.info("gin tutor: the page went away while its lesson was sent")
            return False
        except Exception:
            log.exception("gin tutor: the lesson could not start (attempt %d)", attempt)
            if written or attempt == 2:
                await write(failed_html)
                return False
    return False  # pragma: no cover - the loop always returns


class _PageGone(Exception):
    """Writing to the page failed (the learner closed it): the lesson is not retried."""


class LessonHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voilà's page handler, with the kernel cap, the ``_xsrf`` cookie for the closing
    beacon, a page that says so when the kernel cannot start, and no external links."""

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        places: Places = self.settings.setdefault("gin_places", Places(0))
        lang = page_language(
            self.get_query_argument("lang", None), self.request.headers.get("Accept-Language")
        )
        address = str(self.request.remote_ip or "")
        place = places.take(self.kernel_manager, address)  # checked and taken in one step
        if place is None:
            if places.over_quota(address, self.kernel_manager):
                self.log.warning("quota of %d places reached for an address", places.per_address)
                page = quota_page(places.per_address, lang)
            else:
                open_now = places.open_now(self.kernel_manager)
                self.log.warning("kernel cap reached (%d open): refusing a new page", open_now)
                page = full_page(open_now, lang)
            self.set_status(503)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Retry-After", "60")
            self.finish(page)
            return
        _PLACE.set(place)
        self._nonce = new_nonce()
        self.set_header("Content-Security-Policy", content_security_policy(self._nonce))
        script = url_path_join(self.base_url, KERNEL_LOST_ROUTE) + f"?page={self._nonce}"
        self._head_script: str | None = kernel_lost_tag(script, lang)
        self._sent = False
        self._gone = False
        try:
            self.xsrf_token  # noqa: B018 - sets the _xsrf cookie that the page's beacon sends
            await stream_lesson(
                lambda: self.get_generator(path=path),
                self._send,
                lambda: self._kernel_alive(place),
                start_failed_html(lang),
                self.log,
            )
        finally:
            place.give_back()
            watch = self.settings.get("gin_connect_watch")
            if place.kernel_id is not None and isinstance(watch, ConnectWatch):
                if self._gone:  # closed while it was sent: its kernel goes now
                    watch.page_gone(place.kernel_id)
                else:
                    watch.expect(place.kernel_id, self._nonce)  # freed unless it connects

    def on_connection_close(self) -> None:
        """The page went away (its tab closed) while it was being sent."""
        self._gone = True
        super().on_connection_close()

    async def _send(self, html: str) -> None:
        html = strip_external_links(html)
        if not self._sent:  # the page is UTF-8 whatever the browser finds first
            self.set_header("Content-Type", "text/html; charset=utf-8")  # (Voilà: text/html)
            self._sent = True
        if self._head_script is not None:  # the kernel-lost script, first in the head
            headed = after_head(html, self._head_script)
            if headed is not None:
                html, self._head_script = headed, None
        self.write(add_nonce(html, self._nonce))
        await self.flush()

    async def _kernel_alive(self, place: Place) -> bool:
        kernel_id = place.kernel_id
        if kernel_id is None or kernel_id not in self.kernel_manager:
            return kernel_id is None  # not started yet: still starting
        return bool(await ensure_alive(self.kernel_manager.get_kernel(kernel_id)))


async def ensure_alive(kernel: Any) -> bool:
    """Whether ``kernel`` (a jupyter_client kernel manager) still runs."""
    alive = kernel.is_alive()
    return bool(await alive) if asyncio.iscoroutine(alive) else bool(alive)


class LessonListHandler(TornadoVoilaTreeHandler):  # type: ignore[misc]
    """Voilà's list of lessons (``/voila/tree``), with no stylesheet links to other hosts
    (the page loads nothing from outside the app)."""

    def write(self, chunk: Any) -> None:
        """Write ``chunk``, less its links to other hosts when it is the page's text."""
        super().write(strip_external_links(chunk) if isinstance(chunk, str) else chunk)


class QueryTooLongHandler(tornado.web.RequestHandler):
    """Any request whose address is longer than :data:`MAX_URL_LENGTH`: 414 and a
    sentence."""

    def prepare(self) -> None:
        lang = page_language(None, self.request.headers.get("Accept-Language"))
        self.set_status(414)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(too_long_page(lang))


class HeadersTransform(tornado.web.OutputTransform):
    """An output transform that only sets headers of a response (on its first chunk,
    before they are sent), by :meth:`set_headers`; the body goes out as it is."""

    def transform_first_chunk(
        self,
        status_code: int,
        headers: tornado.httputil.HTTPHeaders,
        chunk: bytes,
        finishing: bool,
    ) -> tuple[int, tornado.httputil.HTTPHeaders, bytes]:
        self.set_headers(status_code, headers)
        return status_code, headers, chunk

    def set_headers(self, status_code: int, headers: tornado.httputil.HTTPHeaders) -> None:
        """Change ``headers`` of a response of ``status_code`` in place."""
        raise NotImplementedError


class PolicyOnEveryResponse(HeadersTransform):
    """Puts :data:`CONTENT_SECURITY_POLICY` on every response that has none of its own:
    static files, Tornado's plain error pages (404, 403), redirects."""

    def set_headers(self, status_code: int, headers: tornado.httputil.HTTPHeaders) -> None:
        if "Content-Security-Policy" not in headers:
            headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY


class FrontEndCached(HeadersTransform):
    """Lets the browser keep the front end's files (:data:`FRONT_END_PATHS`) for
    :data:`FRONT_END_MAX_AGE_S` seconds: a successful ``GET`` that sets no
    ``Cache-Control`` of its own, or only ``no-cache``, gets ``Cache-Control: public,
    max-age=...``. The widgets' extensions are sent with ``no-cache`` by Jupyter's file
    handler: the browser then asked the server again for each of their fifteen scripts,
    in three waves, before a lesson's widgets could be drawn, even in a new tab.

    Set on the app by :meth:`TutorApp.init_handlers`.
    """

    prefixes: tuple[str, ...] = FRONT_END_PATHS
    """:data:`FRONT_END_PATHS` under the server's base address (set once by
    :meth:`TutorApp.init_handlers`)."""

    def __init__(self, request: tornado.httputil.HTTPServerRequest) -> None:
        super().__init__(request)
        path = request.path or ""
        self._cache = request.method == "GET" and path.startswith(self.prefixes)

    def set_headers(self, status_code: int, headers: tornado.httputil.HTTPHeaders) -> None:
        replaceable = headers.get("Cache-Control") in (None, "no-cache")
        if self._cache and status_code in (200, 304) and replaceable:
            headers["Cache-Control"] = f"public, max-age={FRONT_END_MAX_AGE_S}"


def refuse_long_addresses(app: tornado.web.Application) -> None:
    """Answer a request whose address is longer than :data:`MAX_URL_LENGTH` with
    :class:`QueryTooLongHandler`, whatever its path."""
    find = app.find_handler

    def find_handler(request: tornado.httputil.HTTPServerRequest, **kwargs: Any) -> Any:
        if len(request.uri or "") > MAX_URL_LENGTH:
            return app.get_handler_delegate(request, QueryTooLongHandler)
        return find(request, **kwargs)

    app.find_handler = find_handler  # type: ignore[method-assign]


class PageClosedHandler(VoilaShutdownKernelHandler):  # type: ignore[misc]
    """The closing page's beacon: shut down that page's kernel (and no other)."""

    @tornado.web.authenticated
    async def post(self, kernel_id: str) -> None:
        if kernel_id not in self.kernel_manager:
            raise tornado.web.HTTPError(404, "no such kernel")
        await super().post(kernel_id)


class StartRedirect(RedirectHandler):
    """``/`` to the Start-here lesson, with the app's Content-Security-Policy."""

    def set_default_headers(self) -> None:
        """Every response of the app carries :data:`CONTENT_SECURITY_POLICY`."""
        self.set_header("Content-Security-Policy", CONTENT_SECURITY_POLICY)


def class_pools(pools: dict[str, Any], class_size: int) -> dict[str, Any]:
    """Voilà's ``kernel_pools_config`` with every lesson's pool at least ``class_size``.

    Only the lessons that keep a pool (``pool_size`` above 0) grow, and the ``default``
    entry is left alone, so a class of 25 pre-heats 25 kernels for Start here and for the
    play lesson, not for every page. Raises ``ValueError`` for a negative size.

    >>> class_pools({"default": {"pool_size": 0}, "04_play.ipynb": {"pool_size": 2}}, 10)
    {'default': {'pool_size': 0}, '04_play.ipynb': {'pool_size': 10}}
    """
    if class_size < 0:
        raise ValueError(f"class_size must be 0 or more, not {class_size}")
    grown: dict[str, Any] = {}
    for notebook, settings in pools.items():
        settings = dict(settings)
        size = int(settings.get("pool_size", 0))
        if notebook != "default" and size > 0:
            settings["pool_size"] = max(size, class_size)
        grown[notebook] = settings
    return grown


def refresh_handed_out_kernels(kernel_manager: Any) -> None:
    """Count a pre-heated kernel as active from the moment it is handed to a page.

    A kernel waiting in the pool may have been idle for longer than the culling timeout;
    without this, the culler could stop it between its hand-out and its page connecting
    (a page is slow to connect when many learners arrive together).
    """
    original = getattr(kernel_manager, "get_rendered_notebook", None)
    if original is None:  # no pre-heating: nothing to do
        return

    async def get_rendered_notebook(*args: Any, **kwargs: Any) -> Any:
        result = await original(*args, **kwargs)
        kernel_id = result[2]
        if kernel_id in kernel_manager:
            kernel_manager.get_kernel(kernel_id).last_activity = utcnow()
        return result

    kernel_manager.get_rendered_notebook = get_rendered_notebook


class TutorApp(Voila):  # type: ignore[misc]
    """Voilà serving a folder of lessons, with ``/`` redirected to the first lesson."""

    max_kernels = Integer(
        40,
        config=True,
        help="The most lesson pages (kernels) served at once; 0 for no limit.",
    )

    places_per_address = Integer(
        0,
        config=True,
        help=(
            "The most lesson pages one address may hold at once; 0 (the default) for no "
            "quota. Leave it off for a class behind one school address, or behind "
            "JupyterHub's proxy, where every learner shares one address."
        ),
    )

    connect_timeout = Float(
        DEFAULT_CONNECT_TIMEOUT_S,
        config=True,
        help=(
            "Seconds a lesson's page has, once it was sent, to open its kernel's websocket; "
            "a kernel whose page did not is shut down and its place freed (0: never)."
        ),
    )

    reconnect_grace = Float(
        DEFAULT_RECONNECT_GRACE_S,
        config=True,
        help=(
            "Seconds a kernel whose page's websockets all closed (its tab closed, with or "
            "without the closing beacon) waits for its page to connect again before it is "
            "shut down; less than 0: only the beacon and the culler shut it down."
        ),
    )

    class_size = Integer(
        0,
        config=True,
        help=(
            "Learners who may open one lesson at the same moment (a class following one "
            "link): every lesson with a pool in voila.json pre-heats at least this many "
            "kernels. 0 keeps voila.json's pools."
        ),
    )

    class_data_dir = Unicode(
        classroom.DEFAULT_DATA_DIR,
        config=True,
        help="The directory of the class store (the teacher's view of a class).",
    )

    class_db = Unicode(
        "",
        config=True,
        help=(
            "The class store's address, for a school whose servers share one: "
            "postgresql://user:password@host/db (needs the school extra), or sqlite:///FILE. "
            "Empty: the SQLite store in class_data_dir."
        ),
    )

    def init_settings(self) -> Any:
        """Voilà's settings, after growing the lessons' pools to :attr:`class_size` (and
        making the teacher key, before any kernel starts). A class store that can't be used
        stops the app with its sentence (no traceback)."""
        try:
            classroom.prepare(self.class_data_dir, self.class_db)
        except ClassStoreError as exc:
            print(f"Oklahoma Gin Tutor: {exc.render()}", file=sys.stderr, flush=True)
            raise SystemExit(2) from None
        self.pools_for_class()
        return super().init_settings()

    def pools_for_class(self) -> dict[str, Any]:
        """Grow the pools of ``voila.json`` to :attr:`class_size` in this app's settings
        (before Voilà makes its kernel manager from them); returns the pools."""
        manager = self.config.VoilaKernelManager
        pools = dict(manager.get("kernel_pools_config", {}))
        if self.class_size:
            pools = class_pools(pools, self.class_size)
            manager.kernel_pools_config = pools
            self.log.info("pools for a class of %d: %s", self.class_size, pools)
        return pools

    def init_handlers(self) -> list[Any]:
        """Voilà's handlers, with the lesson, lesson list, shutdown and root handlers
        replaced."""
        handlers: list[Any] = super().init_handlers()
        settings = self.app.settings
        settings.setdefault("headers", {}).setdefault(
            "Content-Security-Policy", CONTENT_SECURITY_POLICY
        )
        settings["gin_places"] = Places(self.max_kernels, self.places_per_address)
        watch = ConnectWatch(
            self.kernel_manager, self.connect_timeout, self.log, self.reconnect_grace
        )
        watch.watch_shutdowns()  # a page whose kernel was shut down is told
        settings["gin_connect_watch"] = watch
        logrepeats.install(self.log)  # a repeated websocket traceback: once, with a count
        script = url_path_join(self.server_url, KERNEL_LOST_ROUTE)  # the kernel-lost script
        self.app.add_handlers(
            ".*$", [(script, KernelLostScriptHandler, {"headers": settings["headers"]})]
        )
        refresh_handed_out_kernels(self.kernel_manager)
        count_started_kernels(self.kernel_manager)
        self.app.add_transform(PolicyOnEveryResponse)
        FrontEndCached.prefixes = tuple(url_path_join(self.server_url, p) for p in FRONT_END_PATHS)
        self.app.add_transform(FrontEndCached)
        refuse_long_addresses(self.app)
        listen = self.app.listen
        self.app.listen = lambda *a, **k: listen(*a, max_header_size=MAX_HEADER_BYTES, **k)
        replaced = []
        for spec in handlers:
            if isinstance(spec, tuple) and len(spec) >= 2:
                if spec[1] is TornadoVoilaHandler:
                    spec = (spec[0], LessonHandler, *spec[2:])
                elif spec[1] is TornadoVoilaTreeHandler:
                    spec = (spec[0], LessonListHandler, *spec[2:])
                elif spec[1] is VoilaShutdownKernelHandler:
                    spec = (spec[0], PageClosedHandler, *spec[2:])
                elif spec[1] is VoilaKernelWebsocketHandler:
                    spec = (spec[0], ConnectedWebsocketHandler, *spec[2:])
            replaced.append(spec)
        replaced = classroom.handlers(self.server_url, settings["headers"]) + replaced
        if self.notebook_path:  # one notebook is served at the root already
            return replaced
        target = url_path_join(self.server_url, "voila/render", START_LESSON)
        return [(self.server_url, StartRedirect, {"url": target}), *replaced]

    def listen(self) -> None:
        """Listen and serve; once serving, print the teacher page's address
        (``Teacher page: ...``)."""
        tornado.ioloop.IOLoop.current().add_callback(
            lambda: classroom.announce(self.ip, self.port, self.server_url)
        )
        super().listen()


def compile_tutor() -> bool:
    """Write the bytecode of the tutor's modules (``gin/``) where it is missing or stale.

    Every kernel imports the lesson's modules; one started with ``PYTHONDONTWRITEBYTECODE``
    (as on some hosts) would compile each of them from source every time, about a quarter
    of a second of a kernel started for a page (issue 23). Python still reads bytecode
    written here. Returns whether every module compiled (a folder the app may not write
    to is left as it is)."""
    import compileall
    from pathlib import Path

    package = Path(__file__).resolve().parent.parent.parent
    return bool(compileall.compile_dir(package, quiet=2))


def main() -> None:
    """Start the app (the command line of ``make app``), its modules compiled first."""
    compile_tutor()
    TutorApp.launch_instance()


if __name__ == "__main__":
    main()
