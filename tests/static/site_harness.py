"""Helpers for the static site's tests and benchmark: build it, serve it, open its pages.

The site is built by ``static/build.py`` with the toolchain of ``make static``
(``build/static-venv``), served by ``python -m http.server`` on 127.0.0.1, and opened in
headless Chromium with every request to another host aborted and counted.
"""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from learner_clicks import assert_one_deal_scored, play_deal_by_clicks, walk_stepper_to_score
from voila_harness import (
    _LOOPBACK_URL,
    TABLE_STATE_JS,
    PageLog,
    chromium_browser,
    collect_errors,
    find_chromium,
    free_port,
    run_server,
    wait_until_rendered,
    watch_page,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Route

__all__ = [
    "TABLE_STATE_JS",
    "Blocked",
    "assert_one_deal_scored",
    "build_site",
    "chromium_browser",
    "collect_errors",
    "external_references",
    "find_chromium",
    "kernel_settings",
    "lesson_url",
    "new_site_page",
    "open_site_page",
    "play_deal_by_clicks",
    "serve",
    "walk_stepper_to_score",
]

REPO_ROOT = Path(__file__).resolve().parents[2]
STATIC_VENV_PYTHON = REPO_ROOT / "build" / "static-venv" / "bin" / "python"
BUILD_SCRIPT = REPO_ROOT / "static" / "build.py"
PROBES = Path(__file__).resolve().parent / "notebooks"
LESSONS = sorted(p.stem for p in (REPO_ROOT / "notebooks").glob("*.ipynb"))
LESSON_TIMEOUT_S = 240.0  # Pyodide starts in every page; CI shares 2 cores
NO_TOOLCHAIN = (
    f"{STATIC_VENV_PYTHON} not found: the static site's toolchain is installed by "
    "`make static` or `make test-static`"
)


def build_site(out: Path, *, log_path: Path, contents: Sequence[Path] = ()) -> Path:
    """Build the site into ``out`` (with the notebooks of ``contents`` beside the lessons)."""
    cmd = [str(STATIC_VENV_PYTHON), str(BUILD_SCRIPT), "--out", str(out)]
    for c in contents:
        cmd += ["--contents", str(c)]
    with open(log_path, "wb") as log:
        done = subprocess.run(cmd, cwd=REPO_ROOT, stdout=log, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        tail = "\n".join(log_path.read_text(errors="replace").splitlines()[-40:])
        raise RuntimeError(f"static/build.py failed ({done.returncode}):\n{tail}")
    return out


@contextlib.contextmanager
def serve(folder: Path, log_path: Path) -> Iterator[str]:
    """``python -m http.server`` over ``folder`` on a free loopback port; yields its URL."""
    port = free_port()
    cmd = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"]
    with run_server(
        [*cmd, "--directory", str(folder)], cwd=folder, port=port, log_path=log_path
    ) as server:
        yield server.base_url


@dataclass
class Blocked:
    """Requests to anything but 127.0.0.1 that the browser tried and that were aborted."""

    urls: list[str] = field(default_factory=list)

    def route(self, route: Route) -> None:
        url = route.request.url
        if _LOOPBACK_URL.match(url) or url.startswith(("data:", "blob:", "about:")):
            route.continue_()
        else:
            self.urls.append(url)
            route.abort()


def new_site_page(browser: Browser, blocked: Blocked) -> Page:
    """A page in a fresh context (cold cache) that can reach only loopback addresses."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.route("**/*", blocked.route)
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page


def lesson_url(base_url: str, name: str, query: str = "") -> str:
    """Address of a lesson (or probe) page of the site: ``voici/render/<name>.html``."""
    return f"{base_url}/voici/render/{name}.html" + (f"?{query}" if query else "")


def open_site_page(page: Page, url: str, timeout_s: float = LESSON_TIMEOUT_S) -> PageLog:
    """Open a page of the site and wait until its kernel ran it and every widget shows."""
    log = watch_page(page)
    response = page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
    if response is not None and response.status >= 400:
        raise AssertionError(f"GET {url} -> HTTP {response.status}")
    wait_until_rendered(page, timeout_s)
    page.wait_for_selector(".gin-lesson, [class^=probe-]", timeout=timeout_s * 1000)
    return log


# --------------------------------------------------------------------------- offline check

_TEXT_SUFFIXES = (".html", ".js", ".mjs", ".css", ".json", ".webmanifest")
_URL = re.compile(r"""(?:https?:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}[^\s"'`)<>]*""")
# In HTML and CSS: what the browser fetches by itself.
_HTML_FETCH = re.compile(
    r"""<(?:script|link|img|iframe|source|embed|video|audio)\b[^>]*?\b(?:src|href)\s*=\s*["']?"""
    r"""((?:https?:)?//[^"'\s>]+)""",
    re.I,
)
_CSS_FETCH = re.compile(r"""(?:url\(\s*["']?|@import\s+["'])((?:https?:)?//[^"')\s]+)""", re.I)
# In scripts: URLs handed to something that fetches them at once.
_JS_FETCH = re.compile(
    r"""(?:\bimport\s*\(\s*|\bimportScripts\s*\(\s*|\bfetch\s*\(\s*|\bfrom\s+|"""
    r"""\bsrc\s*=\s*|\bhref\s*=\s*)["'`]((?:https?:)?//[^"'`\s]+)""",
)
_INLINE_SCRIPT = re.compile(r"<script\b[^>]*>(.*?)</script>", re.S | re.I)
_INLINE_STYLE = re.compile(r"<style\b[^>]*>(.*?)</style>", re.S | re.I)
_STYLE_ATTR_URL = re.compile(
    r"""\bstyle\s*=\s*["'][^"']*url\(\s*["']?((?:https?:)?//[^"')\s]+)""", re.I
)
_LINE_COMMENT = re.compile(r"^\s*//.*$", re.M)
# Defaults of the bundles that the site's configuration replaces (checked separately).
_JS_ALLOWED = (
    "https://cdn.jsdelivr.net/pyodide/",  # the kernel's pyodideUrl: jupyter-lite.json sets it
)


def _json_urls(value: Any, where: str) -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _json_urls(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _json_urls(v, f"{where}[{i}]")
    elif isinstance(value, str) and re.match(r"(?:https?:)?//", value):
        yield f"{where}: {value}"


CONFIG_KEYS_WITH_INERT_URLS = ("$schema", "$id", "description", "title", "homepage", "url")
"""JSON keys whose URLs nobody fetches (schemas' ids, package metadata)."""


def external_references(site: Path) -> list[str]:
    """Every place in the site that would make the browser fetch from another host.

    HTML: ``src``/``href`` of scripts, stylesheets, images and frames, and its inline
    scripts and styles as below (links a learner may follow are not fetched).
    CSS: ``url()`` and ``@import``. JavaScript: URLs given to ``import()``,
    ``importScripts``, ``fetch``, ``import ... from`` or assigned to ``src``/``href``.
    JSON (the configuration the pages read): any absolute URL value. Links in comments,
    licences, XML namespaces and error messages are not fetched and not reported.
    """
    found: list[str] = []
    for path in sorted(site.rglob("*")):
        if not path.is_file() or not path.name.endswith(_TEXT_SUFFIXES):
            continue
        rel = path.relative_to(site)
        text = path.read_text(errors="replace")
        if path.suffix == ".html":
            scripts = " ".join(_INLINE_SCRIPT.findall(text))
            styles = " ".join(_INLINE_STYLE.findall(text))
            hits = (
                _HTML_FETCH.findall(text)
                + _CSS_FETCH.findall(styles)
                + _STYLE_ATTR_URL.findall(text)
                + _JS_FETCH.findall(_LINE_COMMENT.sub("", scripts))
            )
        elif path.suffix == ".css":
            hits = _CSS_FETCH.findall(text)
        elif path.suffix in (".js", ".mjs"):
            code = _LINE_COMMENT.sub("", text)
            hits = [u for u in _JS_FETCH.findall(code) if not u.startswith(_JS_ALLOWED)]
        elif path.name.endswith("schema.json"):
            continue  # JSON Schemas: their ids and defaults are not fetched
        else:
            try:
                data = json.loads(text)
            except ValueError:
                continue
            hits = [
                u
                for u in _json_urls(data, "")
                if u.split(":")[0].rsplit(".", 1)[-1].rstrip("]0123456789[")
                not in CONFIG_KEYS_WITH_INERT_URLS
            ]
        found += [f"{rel}: {h}" for h in dict.fromkeys(hits)]
    return found


def kernel_settings(site: Path) -> dict[str, Any]:
    """The Pyodide kernel's settings in the site's ``jupyter-lite.json``."""
    config = json.loads((site / "jupyter-lite.json").read_text())
    plugins = config["jupyter-config-data"]["litePluginSettings"]
    settings: dict[str, Any] = plugins["@jupyterlite/pyodide-kernel-extension:kernel"]
    return settings
