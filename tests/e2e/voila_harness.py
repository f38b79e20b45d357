"""Helpers for end-to-end browser tests: Voilà / Jupyter server processes and headless Chromium.

Plain functions (no pytest fixtures) so that both ``tests/e2e/conftest.py`` and
``tests/test_binder.py`` can use them.

Nothing here talks to anything but 127.0.0.1: every request the browser makes to
another host (Voilà's lab template links Font Awesome from a CDN) is aborted.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Playwright, Route, WebSocket

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS_DIR = REPO_ROOT / "notebooks"

CHROMIUM_DEFAULT = "/usr/bin/chromium"
CHROMIUM_SKIP_REASON = (
    "Chromium not found at /usr/bin/chromium: install it with "
    "`apt-get install -y chromium` (make test does this as root)"
)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-dev-shm-usage",
]

APP_MODULE = "gin.ui.page.serve"
"""The app's own server (Voilà with the tutor's handlers), as ``make app`` runs it."""

SERVER_START_TIMEOUT_S = 60.0
LESSON_TIMEOUT_S = 180.0  # generous: CI shares 2 cores with whatever else runs

_LOOPBACK_URL = re.compile(r"^(?:https?|wss?)://(?:127\.\d+\.\d+\.\d+|localhost|\[::1\])(?::\d+)?/")
_ERROR_TEXT = re.compile(
    r"Traceback \(most recent call last\)"
    r"|There was an error when executing cell"
    r"|Cell execution timed out"
    r"|^\s*\w*(?:Error|Exception)\b",
    re.MULTILINE,
)
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


# --------------------------------------------------------------------------- chromium


def find_chromium() -> str | None:
    """Path to a Chromium binary, or None. ``$CHROMIUM_PATH`` overrides the search."""
    override = os.environ.get("CHROMIUM_PATH")
    if override is not None:
        return override if os.access(override, os.X_OK) else None
    if os.access(CHROMIUM_DEFAULT, os.X_OK):
        return CHROMIUM_DEFAULT
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def launch_chromium(playwright: Playwright, executable_path: str) -> Browser:
    return playwright.chromium.launch(
        executable_path=executable_path, headless=True, args=CHROMIUM_ARGS
    )


@contextlib.contextmanager
def chromium_browser(executable_path: str) -> Iterator[Browser]:
    """Headless Chromium driven by Playwright's sync API, stopped on exit.

    Keep it no longer than a test module: while Playwright's sync API runs, the main
    thread has a running asyncio loop, so ``asyncio.run`` in other tests would fail,
    and a second instance cannot start.
    """
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = launch_chromium(pw, executable_path)
        try:
            yield browser
        finally:
            with contextlib.suppress(Exception):
                browser.close()


def _local_only(route: Route) -> None:
    if _LOOPBACK_URL.match(route.request.url) or route.request.url.startswith(
        ("data:", "blob:", "about:")
    ):
        route.continue_()
    else:
        route.abort()


def new_page(browser: Browser, width: int = 1280, height: int = 900) -> Page:
    """A page of this size in a fresh context that can reach only loopback addresses."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.route("**/*", _local_only)
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page


@contextlib.contextmanager
def fresh_page(browser: Browser, width: int = 1280, height: int = 900) -> Iterator[Page]:
    """A :func:`new_page`, its context closed on exit (a test's page fixture)."""
    page = new_page(browser, width, height)
    try:
        yield page
    finally:
        page.context.close()


# --------------------------------------------------------------------------- page log


@dataclass
class PageLog:
    """What a page reported while a lesson was open.

    ``kernel_errors`` are ``error`` messages the kernel sent over the widget websocket,
    i.e. exceptions raised by widget callbacks after the page loaded. Voilà shows
    these nowhere on the page, so this is the only way a test sees them.
    """

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    kernel_errors: list[str] = field(default_factory=list)
    kernel_stderr: list[str] = field(default_factory=list)

    def errors(self) -> list[str]:
        return (
            [f"console: {m}" for m in self.console_errors]
            + [f"page error: {m}" for m in self.page_errors]
            + [f"kernel: {m}" for m in self.kernel_errors]
        )


def _split_ws_frame(payload: bytes | str) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """(channel, header, content) of a Jupyter kernel websocket frame (v1 binary or JSON)."""
    if isinstance(payload, str):
        msg = json.loads(payload)
        return str(msg.get("channel", "")), msg.get("header", {}), msg.get("content", {})
    n = int.from_bytes(payload[:8], "little")
    offsets = [int.from_bytes(payload[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(n)]
    parts = [payload[offsets[i] : offsets[i + 1]] for i in range(len(offsets) - 1)]
    channel = parts[0].decode()
    header = json.loads(parts[1])
    content = json.loads(parts[4]) if len(parts) > 4 else {}
    return channel, header, content


def watch_page(page: Page) -> PageLog:
    """Start recording console errors, uncaught page errors and kernel errors."""
    log = PageLog()

    def on_console(msg: Any) -> None:
        if msg.type != "error":
            return
        url = (msg.location or {}).get("url", "")
        # Resources we deliberately block (CDN fonts) fail with ERR_FAILED: not a bug.
        if msg.text.startswith("Failed to load resource") and not _LOOPBACK_URL.match(url):
            return
        log.console_errors.append(f"{msg.text} ({url})" if url else msg.text)

    def on_frame(payload: bytes | str) -> None:
        try:
            channel, header, content = _split_ws_frame(payload)
        except Exception:
            return
        if channel != "iopub":
            return
        if header.get("msg_type") == "error":
            tb = _ANSI.sub("", "\n".join(content.get("traceback", [])))
            log.kernel_errors.append(
                f"{content.get('ename')}: {content.get('evalue')}\n{tb}".rstrip()
            )
        elif header.get("msg_type") == "stream" and content.get("name") == "stderr":
            text = str(content.get("text", ""))
            if not text.startswith("No such comm"):  # widget-manager start-up chatter
                log.kernel_stderr.append(text)

    def on_websocket(ws: WebSocket) -> None:
        ws.on("framereceived", on_frame)

    page.on("console", on_console)
    page.on("pageerror", lambda exc: log.page_errors.append(str(exc)))
    page.on("websocket", on_websocket)
    return log


# --------------------------------------------------------------------------- lessons


_DONE_JS = """() => {
    if (document.readyState !== 'complete') return false;
    if (document.getElementById('loading')) return false;
    const cells = document.getElementById('rendered_cells');
    if (!cells || cells.style.display === 'none') return false;
    // Widget outputs arrive as <script type="application/vnd.voila.cell-output+json">
    // and are replaced by the rendered output once the widget manager has run.
    return !document.querySelector('script[type="application/vnd.voila.cell-output+json"]');
}"""


TABLE_STATE_JS = """() => {
  const on = c => { const b = document.querySelector('button.' + c); return !!b && !b.disabled; };
  const codes = s => Array.from(document.querySelectorAll(s)).map(e => e.dataset.card);
  return {
    pass: on('gin-action-pass'), draw: on('gin-action-draw-stock'),
    discard: on('gin-action-discard'), knock: on('gin-action-knock'),
    gin: on('gin-action-gin'), big_gin: on('gin-action-big-gin'),
    lay_off: on('gin-action-lay-off'), confirm: on('gin-action-confirm'),
    next: on('gin-action-next-deal'),
    hand: codes('.gin-hand .gin-card[data-card]'),
    deadwood: codes('.gin-hand .gin-group-deadwood .gin-card[data-card]'),
    selected: codes('.gin-hand .gin-card.gin-selected'),
    rows: document.querySelectorAll('.gin-scores .gin-score-row').length,
  };
}"""
"""JavaScript for ``page.evaluate``: which table buttons are enabled, the learner's cards
(all, deadwood, selected) and the number of score-pad rows."""


def wait_until_rendered(page: Page, timeout_s: float = LESSON_TIMEOUT_S) -> None:
    """Wait until Voilà finished executing and the widget manager rendered every output."""
    page.wait_for_function(_DONE_JS, timeout=timeout_s * 1000, polling=100)
    with contextlib.suppress(Exception):
        page.wait_for_load_state("networkidle", timeout=10_000)


def open_lesson(
    page: Page,
    base_url: str,
    name: str,
    *,
    prefix: str = "voila/render",
    timeout_s: float = LESSON_TIMEOUT_S,
) -> PageLog:
    """Open ``<base_url>/<prefix>/<name>`` and wait until it is fully rendered.

    Returns the live ``PageLog`` of the page (it keeps recording afterwards, so check
    it again after clicking around).
    """
    log = watch_page(page)
    url = f"{base_url.rstrip('/')}/{prefix.strip('/')}/{name}"
    # Voilà streams the page while the notebook executes: DOMContentLoaded only
    # fires once every cell has run.
    response = page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
    if response is not None and response.status >= 400:
        raise AssertionError(f"GET {url} -> HTTP {response.status}")
    wait_until_rendered(page, timeout_s)
    return log


def error_outputs(page: Page, *, include_stderr: bool = False) -> list[str]:
    """Texts of error outputs on the page.

    Cell errors render as ``application/vnd.jupyter.stderr`` outputs, as do stderr
    streams (warnings) when tracebacks are shown. Only outputs that look like an
    error (a traceback, or Voilà's "There was an error when executing cell") are
    returned unless ``include_stderr``.
    """
    texts: list[str] = page.eval_on_selector_all(
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], '
        ".jp-RenderedText.jp-mod-error, .jp-OutputArea-error",
        "els => els.map(e => e.innerText)",
    )
    if include_stderr:
        return texts
    return [t for t in texts if _ERROR_TEXT.search(t)]


def collect_errors(
    page: Page, log: PageLog | None = None, *, include_stderr: bool = False
) -> list[str]:
    """Error outputs on the page plus, if given, the page log's errors."""
    found = [f"output: {t.strip()}" for t in error_outputs(page, include_stderr=include_stderr)]
    if log is not None:
        found += log.errors()
        if include_stderr:
            found += [f"kernel stderr: {t}" for t in log.kernel_stderr]
    return found


# --------------------------------------------------------------------------- servers


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_env(**overrides: str) -> dict[str, str]:
    """Environment for a server process: inherited, minus noise, plus ``overrides``."""
    env = dict(os.environ)
    env.setdefault("JUPYTER_PLATFORM_DIRS", "1")
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    env["PYTHONUNBUFFERED"] = "1"
    env.update(overrides)
    return env


def _tail(path: Path, lines: int = 60) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "<no log>"


def wait_for_http(
    url: str, proc: subprocess.Popen[bytes], log_path: Path, timeout_s: float
) -> None:
    deadline = time.monotonic() + timeout_s
    last: object = None
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(
                f"server exited with code {proc.returncode} before answering {url}:\n"
                + _tail(log_path)
            )
        try:
            with urllib.request.urlopen(url, timeout=5) as resp:
                if resp.status < 500:
                    return
        except urllib.error.HTTPError as exc:
            if exc.code < 500:
                return
            last = exc
        except (OSError, urllib.error.URLError) as exc:
            last = exc
        time.sleep(0.25)
    raise TimeoutError(
        f"server did not answer {url} within {timeout_s:.0f} s ({last}):\n" + _tail(log_path)
    )


def stop_process(proc: subprocess.Popen[bytes], timeout_s: float = 15.0) -> None:
    """Stop a server started by ``run_server`` and the kernels in its process group."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=timeout_s)
    # Kernels run in the server's process group (start_new_session below).
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)


@dataclass
class Server:
    base_url: str
    proc: subprocess.Popen[bytes]
    log_path: Path

    def log_tail(self, lines: int = 60) -> str:
        return _tail(self.log_path, lines)


@contextlib.contextmanager
def run_server(
    cmd: Sequence[str],
    *,
    cwd: Path,
    port: int,
    log_path: Path,
    env: dict[str, str] | None = None,
    ready_path: str = "/",
    timeout_s: float = SERVER_START_TIMEOUT_S,
) -> Iterator[Server]:
    base_url = f"http://127.0.0.1:{port}"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "wb") as log_file:
        proc = subprocess.Popen(
            list(cmd),
            cwd=cwd,
            env=env if env is not None else server_env(),
            stdin=subprocess.DEVNULL,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_for_http(base_url + ready_path, proc, log_path, timeout_s)
        yield Server(base_url=base_url, proc=proc, log_path=log_path)
    finally:
        stop_process(proc)


def kernel_spec(share: Path, name: str, display_name: str, argv: Sequence[str]) -> None:
    """Write the kernel spec ``name`` under ``share`` (a folder to put on ``JUPYTER_PATH``),
    started by ``argv`` (which names ``{connection_file}``)."""
    spec = share / "kernels" / name
    spec.mkdir(parents=True)
    spec.joinpath("kernel.json").write_text(
        json.dumps({"argv": list(argv), "display_name": display_name, "language": "python"})
    )


def one_cell_notebook(path: Path, source: str, kernel: str, display_name: str) -> None:
    """Write a notebook of one code cell, ``source``, run by the kernel ``kernel``."""
    cell = {"cell_type": "code", "metadata": {}, "source": source, "outputs": [],
            "execution_count": None}  # fmt: skip
    spec = {"name": kernel, "display_name": display_name, "language": "python"}
    notebook = {"cells": [cell], "metadata": {"kernelspec": spec}, "nbformat": 4,
                "nbformat_minor": 5}  # fmt: skip
    path.write_text(json.dumps(notebook))


def small_pool_config(directory: Path, pool: int = 2) -> Path:
    """Write the project's ``voila.json`` into ``directory`` with every pre-heated pool cut
    to at most ``pool`` kernels (a test server then starts quickly); returns
    ``directory``, to run the server in."""
    config = json.loads((REPO_ROOT / "voila.json").read_text())
    pools = config.get("VoilaKernelManager", {}).get("kernel_pools_config", {})
    for settings in pools.values():
        settings["pool_size"] = min(int(settings.get("pool_size", 0)), pool)
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "voila.json").write_text(json.dumps(config, indent=2))
    return directory


@contextlib.contextmanager
def run_voila(
    root: Path,
    *,
    log_path: Path,
    cwd: Path | None = None,
    extra_args: Sequence[str] = (),
    python: str = sys.executable,
    module: str = "voila",
) -> Iterator[Server]:
    """Standalone Voilà serving the directory ``root`` on a free loopback port.

    ``module`` is what ``python -m`` runs: ``voila``, or ``gin.ui.page.serve`` for the app as
    ``make app`` serves it (:data:`APP_MODULE`).

    ``cwd`` decides which ``voila.json`` is picked up (Voilà reads the one in its
    working directory): the repository root gives the project's own settings.
    """
    port = free_port()
    cmd = [
        python,
        "-m",
        module,
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        *extra_args,
        str(root),
    ]
    # Not "/": the app redirects it to a lesson, which would start a kernel.
    with run_server(
        cmd, cwd=cwd or root, port=port, log_path=log_path, ready_path="/voila/tree"
    ) as server:
        yield server

