"""Serve the lessons as a standalone app: Voilà over ``notebooks/``, opening at Start here.

``python -m gin.ui.serve notebooks/`` takes Voilà's own options (``make app`` passes the
port and address) and reads ``voila.json`` from the working directory like Voilà does.
What it changes in plain Voilà 0.5.13:

- ``/`` redirects to the Start-here lesson; the list of lessons stays at ``/voila/tree``.
- **A closed page's kernel goes away at once.** A lesson page sends a beacon to
  ``/voila/api/shutdown/<kernel>`` when it is closed or reloaded, with the ``_xsrf``
  cookie's value; Voilà never sets that cookie, so it refused the beacon (403) and the
  kernel lived on until culled. The lesson handler sets the cookie, and the shutdown
  handler only stops kernels this server runs. Culling (``voila.json``) is the backstop;
  a pre-heated kernel counts as active from the moment it is handed to a page, so the
  culler never stops it before its page has connected.
- **A cap on kernels** (:attr:`TutorApp.max_kernels`, in ``voila.json``): when that many
  pages are open, a new page gets a short "the tutor is full" page (HTTP 503) instead of
  a new kernel.
- **A class arriving together** (:attr:`TutorApp.class_size`, ``make app CLASS_SIZE=25``):
  every lesson that keeps pre-heated kernels in ``voila.json`` keeps at least that many, so
  a class opening the same link each gets a kernel that has already started and imported
  the lesson (:func:`class_pools`).
- **A class the teacher sees** (:attr:`TutorApp.class_data_dir`): the teacher key made at
  start, the ``Teacher page: `` line, the ``class/<CODE>`` and ``class/join`` routes
  (:mod:`gin.ui.classroom.server`).
- **Nothing from the internet.** Voilà's page template links Font Awesome from a CDN; the
  lessons use no icon font, so the link is taken out, and every page is sent with a
  Content-Security-Policy (:data:`CONTENT_SECURITY_POLICY`) that lets scripts come only
  from the app's own origin.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

import tornado.ioloop
import tornado.web
from jupyter_server._tz import utcnow
from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler
from traitlets import Integer, Unicode
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler

from gin.i18n import DEFAULT_LANGUAGE, LANGUAGES, M, text_direction
from gin.ui.classroom import server as classroom

START_LESSON = "00_start_here.ipynb"
"""The lesson the app opens at."""

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        # Voilà's page runs inline scripts (its set-up and heartbeat) and its bundles use
        # eval-like code loading; anywidget imports each widget's module from a blob: URL
        # made by the page. Every script still comes from this origin.
        "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'self'",
    ]
)
"""Sent with every response of the app."""

_EXTERNAL_STYLESHEET = re.compile(r'<link\b[^>]*\bhref="(?:https?:)?//[^"]*"[^>]*>\s*')

FULL_PAGE = """<!DOCTYPE html>
<html lang="{lang}" dir="{dir}"><head><meta charset="utf-8"><title>{title}</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto;">
<h1>{title}</h1>
<p>{text}</p>
</body></html>
"""
"""The page a learner gets when every place is taken (see :func:`full_page`)."""


def full_page(limit: int, lang: str) -> str:
    """The "tutor is full" page in ``lang``, saying how many lessons are open."""
    return FULL_PAGE.format(
        lang=lang,
        dir=text_direction(lang),
        title=escape(M["lesson.server-full.title"].render(lang=lang)),
        text=escape(M["lesson.server-full.text"].render({"limit": limit}, lang)),
    )


def page_language(lang: str | None, accept_language: str | None) -> str:
    """The language of a page the server writes itself: the address's ``?lang=`` when the
    tutor has it, else the first of the browser's languages (``Accept-Language``) that it
    has, else English.

    >>> page_language(None, "bg-BG,bg;q=0.9,en;q=0.8"), page_language("he", "bg")
    ('bg', 'he')
    """
    if lang in LANGUAGES:
        return str(lang)
    for part in (accept_language or "").split(","):
        primary = part.split(";")[0].strip().split("-")[0].lower()
        if primary in LANGUAGES:
            return primary
    return DEFAULT_LANGUAGE


def strip_external_links(html: str) -> str:
    """``html`` without stylesheet links to other hosts (Voilà's Font Awesome CDN)."""
    return _EXTERNAL_STYLESHEET.sub("", html)


def kernels_in_use(kernel_manager: Any) -> int:
    """Kernels serving a page: every kernel, less those waiting in a pre-heated pool."""
    total = len(kernel_manager.list_kernel_ids())
    pools = getattr(kernel_manager, "_pools", {})
    waiting = sum(len(pool) for pool in pools.values())
    return max(0, total - waiting)


class LessonHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voilà's page handler, with the kernel cap, the ``_xsrf`` cookie for the closing
    beacon, and no external links."""

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        limit = int(self.settings.get("gin_max_kernels", 0))
        if limit and kernels_in_use(self.kernel_manager) >= limit:
            self.log.warning("kernel cap reached (%d): refusing a new page", limit)
            self.set_status(503)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Retry-After", "60")
            lang = page_language(
                self.get_query_argument("lang", None), self.request.headers.get("Accept-Language")
            )
            self.finish(full_page(limit, lang))
            return
        self.xsrf_token  # noqa: B018 - sets the _xsrf cookie that the page's beacon sends
        async for html in self.get_generator(path=path):
            self.write(strip_external_links(html))
            self.flush()


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

    def init_settings(self) -> Any:
        """Voilà's settings, after growing the lessons' pools to :attr:`class_size` (and
        making the teacher key, before any kernel starts)."""
        classroom.prepare(self.class_data_dir)
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
        """Voilà's handlers, with the lesson, shutdown and root handlers replaced."""
        handlers: list[Any] = super().init_handlers()
        settings = self.app.settings
        settings.setdefault("headers", {}).setdefault(
            "Content-Security-Policy", CONTENT_SECURITY_POLICY
        )
        settings["gin_max_kernels"] = self.max_kernels
        refresh_handed_out_kernels(self.kernel_manager)
        replaced = []
        for spec in handlers:
            if isinstance(spec, tuple) and len(spec) >= 2:
                if spec[1] is TornadoVoilaHandler:
                    spec = (spec[0], LessonHandler, *spec[2:])
                elif spec[1] is VoilaShutdownKernelHandler:
                    spec = (spec[0], PageClosedHandler, *spec[2:])
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


def main() -> None:
    """Start the app (the command line of ``make app``)."""
    TutorApp.launch_instance()


if __name__ == "__main__":
    main()
