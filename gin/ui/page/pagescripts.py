"""The scripts of a lesson's page: a nonce for each inline script, and the app's own
script that tells the learner when the lesson's kernel is lost (issue 33).

**A nonce, not ``'unsafe-inline'``.** Voilà's page runs a few inline scripts (its console
relay, its loading helpers, one ``voila_process(...)`` call per cell, the keep-alive
``voila_heartbeat()`` and ``voila_finish()``); every one of them passes through the app's
lesson handler as the page is streamed. The handler draws a fresh nonce for each page
(:func:`new_nonce`), sends a policy naming it (:func:`lesson_policy`) and writes every
``<script`` tag of the page with it (:func:`add_nonce`). An inline script that did not
come from the page's own template (one slipped into an output, say) has no nonce and does
not run. Every other response keeps the app's policy, which allows no inline script at all.

**A lost kernel is said.** When the kernel of a page dies, Jupyter's restarter starts an
empty one behind the same page; the page's widgets then answer nothing, and the learner
was not told. The script :data:`KERNEL_LOST_FILE` (served at :data:`KERNEL_LOST_ROUTE`,
put at the top of every lesson page by :func:`kernel_lost_tag`) watches the page's kernel
websocket: a ``restarting`` or ``dead`` status from the server, or a websocket closed on
a kernel the server no longer has, shows one sentence (``page.kernel-lost``, in the
lesson's language) and a reload button.
"""

from __future__ import annotations

import json
import re
import secrets
from html import escape
from pathlib import Path

import tornado.web

from gin.i18n import LANGUAGES, M, text_direction

KERNEL_LOST_FILE = Path(__file__).with_name("kernellost.js")
"""The page's script that says when the lesson's kernel is lost."""

KERNEL_LOST_ROUTE = "gin/page/kernellost.js"
"""Where the app serves :data:`KERNEL_LOST_FILE`, under its base address."""

_SCRIPT_TAG = re.compile(r"<script\b(?![^>]*\bnonce=)", re.IGNORECASE)
_HEAD_TAG = re.compile(r"<head\b[^>]*>", re.IGNORECASE)
_CHARSET_TAG = re.compile(r"\s*<meta\s+charset=[^>]*>", re.IGNORECASE)


def new_nonce() -> str:
    """A fresh nonce for one page (128 random bits, base64url).

    >>> len(new_nonce()) >= 22 and new_nonce() != new_nonce()
    True
    """
    return secrets.token_urlsafe(16)


def script_source(nonce: str | None = None) -> str:
    """The policy's ``script-src``: this origin and anywidget's ``blob:`` modules, and
    inline scripts only with ``nonce``.

    >>> script_source("abc")
    "script-src 'self' 'nonce-abc' blob:"
    >>> script_source()
    "script-src 'self' blob:"
    """
    inline = f" 'nonce-{nonce}'" if nonce else ""
    return f"script-src 'self'{inline} blob:"


def add_nonce(html: str, nonce: str) -> str:
    """``html`` with ``nonce`` on every ``<script`` tag that has none.

    >>> add_nonce('<script>go()</script><script nonce="x">', "n1")
    '<script nonce="n1">go()</script><script nonce="x">'
    """
    return _SCRIPT_TAG.sub(f'<script nonce="{nonce}"', html)


def kernel_lost_sentences() -> dict[str, list[str]]:
    """The sentence and the reload button's label, in every language."""
    return {
        lang: [
            M["page.kernel-lost"].render(lang=lang),
            M["fairplay.server.reload"].render(lang=lang),
        ]
        for lang in LANGUAGES
    }


def kernel_lost_tag(src: str, lang: str) -> str:
    """The ``<script>`` tag of the kernel-lost script at ``src``, with its sentences (the
    page's language ``lang`` first, the lesson's own once it is drawn)."""
    data = escape(json.dumps(kernel_lost_sentences(), ensure_ascii=False), quote=True)
    return (
        f'<script src="{escape(src, quote=True)}" data-lang="{escape(lang, quote=True)}" '
        f'data-dir="{text_direction(lang)}" data-sentences="{data}"></script>'
    )


def after_head(html: str, tag: str) -> str | None:
    """``html`` with ``tag`` right after its ``<head>`` tag, or after the ``<meta
    charset>`` that opens the head (the browser looks for it in the page's first 1,024
    bytes, and the tag is longer); ``None`` when it has no head.

    >>> after_head('<html><head><meta charset="utf-8"><title>', '<script></script>')
    '<html><head><meta charset="utf-8"><script></script><title>'
    >>> after_head('<html><head><title>', '<s>')
    '<html><head><s><title>'
    """
    found = _HEAD_TAG.search(html)
    if found is None:
        return None
    charset = _CHARSET_TAG.match(html, found.end())
    if charset is not None:
        found = charset
    return html[: found.end()] + tag + html[found.end() :]


class KernelLostScriptHandler(tornado.web.RequestHandler):
    """Serves :data:`KERNEL_LOST_FILE` (a script of this origin, so the policy lets it
    run); ``headers`` (the app's policy) go with it. A page asks for it with its own
    token (``?page=``), which tells the app's connect watch (the setting
    ``gin_connect_watch``, :mod:`gin.ui.page.connectwatch`) that a browser has the page."""

    def initialize(self, headers: dict[str, str]) -> None:
        for name, value in headers.items():
            self.set_header(name, value)

    def get(self) -> None:
        """The script (and the page's token to the connect watch)."""
        watch = self.settings.get("gin_connect_watch")
        if watch is not None:
            watch.loaded(self.get_query_argument("page", None))
        self.set_header("Content-Type", "text/javascript; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        self.finish(KERNEL_LOST_FILE.read_bytes())
