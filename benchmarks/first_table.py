"""The play table's first appearance, as a newcomer opens it (issue 23).

Figure: from the start of the page load of ``04_play.ipynb`` in a new tab to the first
card of the learner's hand on the page (``benchmarks.app.VISIBLE_SCRIPT``, timed inside
the page), one learner at a time, :data:`SAMPLES` times each way:

- **from the pool**: the project's ``voila.json`` (as ``make app``), a pre-heated kernel
  waiting for the page (15 s for the pool to refill, and the machine at rest, before each
  opening);
  target :data:`TARGET_POOL_S` at p95;
- **from the pool, in a new tab after Start here**: the same, in a browser that has just
  opened Start here (its cache holds the front end, which the server lets it keep:
  :class:`gin.ui.page.serve.FrontEndCached`), as a learner goes on from Start here;
  target :data:`TARGET_POOL_S` at p95;
- **kernel started for the page**: every pool cut to 0 (the path Binder takes with plain
  Voilà); target :data:`TARGET_COLD_S` at p95.

The load average when each series starts is given: the machine may be shared. So is what
does not depend on it: the widget models the page receives and the bytes of their state
(the reply to the page's request for every widget's state), and where the time went
(median of the first byte, the notebook executed, the widgets rendered: as in
:mod:`benchmarks.app`).
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks import table
from benchmarks.app import PLAY, STAGES_JS, VISIBLE_SCRIPT, wait_for_pools, wait_for_quiet
from benchmarks.harness import browser_head, voila_harness
from gin.tournament import percentile

SAMPLES = 5
TARGET_POOL_S = 1.5
TARGET_COLD_S = 3.0
REFILL_S = 15.0
"""Seconds between two openings from the pool: the pool refills (a page's kernel is taken)."""


_STATES = b'{"data": {"method": "update_states"'


def widget_states(frame: bytes | str) -> tuple[int, int] | None:
    """The number of widget models and the bytes of their state in a websocket frame that
    answers the page's request for every widget's state (``None`` for another frame).

    >>> widget_states(b'..{"data": {"method": "update_states", "states": {"a": {}}}}')
    (1, 9)
    """
    raw = frame if isinstance(frame, bytes) else frame.encode()
    at = raw.find(_STATES)
    if at < 0:
        return None
    content, _ = json.JSONDecoder().raw_decode(raw[at:].decode("utf-8", "replace"))
    states = content["data"]["states"]
    return len(states), len(json.dumps(states))


@dataclass
class Opening:
    """One opening of the play lesson: seconds to the table visible, where they went
    (first byte, notebook executed, widgets rendered) and the widget state received."""

    visible_s: float
    stages_s: tuple[float, float, float]
    models: int
    state_bytes: int


START = "00_start_here.ipynb"
"""The lesson a newcomer opens first (its page warms the browser's cache)."""


NOWHERE_PROXY = {"server": "http://127.0.0.1:9", "bypass": "127.0.0.1,localhost,[::1]"}
"""Every address but the machine's own goes through a proxy that is not there: the page
can reach only the app. (The browser tests' pages route every request through Playwright
instead, which turns the browser's cache off and makes each request wait for this Python
process: a new tab after Start here then took the ninety scripts from the server again.)"""


def new_page(browser: Any) -> Any:
    """A page in a fresh browser context that keeps its HTTP cache and can reach only the
    app (:data:`NOWHERE_PROXY`)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, proxy=NOWHERE_PROXY)
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page


def _open_once(browser: Any, server: Any, *, after_start: bool = False) -> Opening:
    """Open the play lesson in a new page and time it; with ``after_start``, in a new tab of
    a browser that has just shown Start here (kept open, as a learner's first tab)."""
    first = new_page(browser)
    if after_start:
        first.goto(f"{server.base_url}/voila/render/{START}", wait_until="commit", timeout=180_000)
        first.locator(".gin-primary-action").wait_for(timeout=180_000)
        wait_for_quiet(10.0)
        page = first.context.new_page()
        page.set_default_timeout(30_000)
    else:
        page = first
    page.add_init_script(VISIBLE_SCRIPT)
    received: list[tuple[int, int]] = []

    def on_frame(payload: bytes | str) -> None:
        found = widget_states(payload)
        if found is not None:
            received.append(found)

    page.on("websocket", lambda ws: ws.on("framereceived", on_frame))
    try:
        page.goto(f"{server.base_url}/voila/render/{PLAY}", wait_until="commit", timeout=180_000)
        page.wait_for_function("() => window.__ginVisible !== undefined", timeout=180_000)
        first, executed, shown = page.evaluate(STAGES_JS)
        models, size = received[0] if received else (0, 0)
        stages = (first / 1000, max(0.0, executed - first) / 1000, (shown - executed) / 1000)
        return Opening(float(shown) / 1000, stages, models, size)
    finally:
        for opened in page.context.pages:  # the closing beacon shuts the kernel down
            opened.close(run_before_unload=True)
        page.context.close()


def series(browser: Any, *, pool: int, after_start: bool = False) -> tuple[list[Opening], float]:
    """:data:`SAMPLES` openings with every pool cut to ``pool`` kernels at most (the
    project's pools when ``pool`` is -1), each in a new tab after Start here with
    ``after_start``; the times and the load average at the start."""
    with tempfile.TemporaryDirectory() as tmp:
        cwd = Path(tmp)
        if pool >= 0:
            voila_harness.small_pool_config(cwd, pool)
        else:
            (cwd / "voila.json").write_text(
                (voila_harness.REPO_ROOT / "voila.json").read_text(), encoding="utf-8"
            )
        with voila_harness.run_voila(
            voila_harness.NOTEBOOKS_DIR,
            cwd=cwd,
            log_path=cwd / "voila.log",
            module=voila_harness.APP_MODULE,
        ) as server:
            pooled = pool != 0
            if pooled:
                wait_for_pools(server)
            load = os.getloadavg()[0]
            times: list[Opening] = []
            for _ in range(SAMPLES):
                if pooled:  # the pool refills (voila.json's fill_delay is 10 s)
                    time.sleep(REFILL_S)
                wait_for_quiet(10.0)
                times.append(_open_once(browser, server, after_start=after_start))
            return times, load


def _row(name: str, openings: list[Opening], load: float, target: float) -> list[str]:
    times = [o.visible_s for o in openings]
    p95 = percentile(times, 95)
    return [
        name,
        str(len(times)),
        f"{percentile(times, 50):.2f} s",
        f"{p95:.2f} s",
        f"{max(times):.2f} s",
        f"{target:g} s",
        "met" if p95 <= target else "**not met**",
        f"{load:.1f}",
        " / ".join(f"{statistics.median(o.stages_s[i] for o in openings):.2f}" for i in range(3)),
        f"{openings[0].models} / {openings[0].state_bytes / 1024:.0f} KB",
    ]


def run() -> str:
    """Measure and return the ``first-table`` section of ``docs/BENCHMARKS.md``."""
    lines, chromium = browser_head(
        "## The play table's first appearance (a newcomer opens it)",
        f"From the start of the page load of `{PLAY}` in a new tab to the learner's first "
        "card on the page, one learner at a time. Targets at p95: "
        f"{TARGET_POOL_S:g} s from the pre-heated pool, {TARGET_COLD_S:g} s on a kernel "
        "started for the page (every pool cut to 0: plain Voilà, as on Binder). "
        "A browser's first page has an empty cache; a new tab after Start here takes "
        "Voilà's front end (some ninety scripts) from the browser's cache, which the "
        "server lets it keep for an hour (`gin.ui.page.serve.FrontEndCached`).",
    )
    if chromium is None:
        return "\n".join(lines)
    started = time.perf_counter()
    with voila_harness.chromium_browser(chromium) as browser:
        print("    from the pool ...", flush=True)
        pooled, pooled_load = series(browser, pool=-1)
        print("    from the pool, in a new tab after Start here ...", flush=True)
        tabbed, tabbed_load = series(browser, pool=-1, after_start=True)
        print("    a kernel started for the page ...", flush=True)
        cold, cold_load = series(browser, pool=0)
    header = [
        "opened",
        "samples",
        "p50",
        "p95",
        "slowest",
        "target (p95)",
        "",
        "load (1 min)",
        "first byte / notebook executed / widgets rendered (s, median)",
        "widget models / state",
    ]
    rows = [
        _row(
            "from the pool (`voila.json`), a browser's first page",
            pooled,
            pooled_load,
            TARGET_POOL_S,
        ),
        _row("from the pool, in a new tab after Start here", tabbed, tabbed_load, TARGET_POOL_S),
        _row("kernel started for the page", cold, cold_load, TARGET_COLD_S),
    ]
    lines += [table(header, rows), "", f"Measured in {time.perf_counter() - started:.0f} s."]
    return "\n".join(lines)


__all__ = [
    "NOWHERE_PROXY",
    "SAMPLES",
    "TARGET_COLD_S",
    "TARGET_POOL_S",
    "Opening",
    "new_page",
    "run",
    "series",
    "widget_states",
]
