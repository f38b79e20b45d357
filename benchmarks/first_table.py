"""The play table's first appearance, as a newcomer opens it (issue 23).

Figure: from the start of the page load of ``04_play.ipynb`` in a new tab to the first
card of the learner's hand on the page (``benchmarks.app.VISIBLE_SCRIPT``, timed inside
the page), one learner at a time, :data:`SAMPLES` times each way:

- **from the pool**: the project's ``voila.json`` (as ``make app``), a pre-heated kernel
  waiting for the page (15 s for the pool to refill, and the machine at rest, before each
  opening);
  target :data:`TARGET_POOL_S` at p95;
- **kernel started for the page**: every pool cut to 0 (the path Binder takes with plain
  Voilà); target :data:`TARGET_COLD_S` at p95.

The load average when each series starts is given: the machine may be shared.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks import machine_line, table
from benchmarks.app import PLAY, VISIBLE_SCRIPT, wait_for_pools, wait_for_quiet
from benchmarks.harness import voila_harness
from gin.tournament import percentile

SAMPLES = 5
TARGET_POOL_S = 1.5
TARGET_COLD_S = 3.0
REFILL_S = 15.0
"""Seconds between two openings from the pool: the pool refills (a page's kernel is taken)."""


def _open_once(browser: Any, server: Any) -> float:
    """Open the play lesson in a new page; seconds to the table visible."""
    page = voila_harness.new_page(browser)
    page.add_init_script(VISIBLE_SCRIPT)
    try:
        page.goto(f"{server.base_url}/voila/render/{PLAY}", wait_until="commit", timeout=180_000)
        page.wait_for_function("() => window.__ginVisible !== undefined", timeout=180_000)
        return float(page.evaluate("() => window.__ginVisible")) / 1000
    finally:
        page.close(run_before_unload=True)  # the closing beacon shuts the kernel down
        page.context.close()


def series(browser: Any, *, pool: int) -> tuple[list[float], float]:
    """:data:`SAMPLES` openings with every pool cut to ``pool`` kernels at most (the
    project's pools when ``pool`` is -1); the times and the load average at the start."""
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
            times = []
            for _ in range(SAMPLES):
                if pooled:  # the pool refills (voila.json's fill_delay is 10 s)
                    time.sleep(REFILL_S)
                wait_for_quiet(10.0)
                times.append(_open_once(browser, server))
            return times, load


def _row(name: str, times: list[float], load: float, target: float) -> list[str]:
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
    ]


def run() -> str:
    """Measure and return the ``first-table`` section of ``docs/BENCHMARKS.md``."""
    lines = [
        "## The play table's first appearance (a newcomer opens it)",
        "",
        machine_line(),
        "",
        f"From the start of the page load of `{PLAY}` in a new tab to the learner's first "
        "card on the page, one learner at a time. Targets at p95: "
        f"{TARGET_POOL_S:g} s from the pre-heated pool, {TARGET_COLD_S:g} s on a kernel "
        "started for the page (every pool cut to 0: plain Voilà, as on Binder).",
        "",
    ]
    chromium = voila_harness.find_chromium()
    if chromium is None:
        return "\n".join([*lines, "Chromium was not found: nothing measured."])
    from playwright.sync_api import sync_playwright

    started = time.perf_counter()
    with sync_playwright() as pw:
        browser = voila_harness.launch_chromium(pw, chromium)
        try:
            print("    from the pool ...", flush=True)
            pooled, pooled_load = series(browser, pool=-1)
            print("    a kernel started for the page ...", flush=True)
            cold, cold_load = series(browser, pool=0)
        finally:
            browser.close()
    header = ["opened", "samples", "p50", "p95", "slowest", "target (p95)", "", "load (1 min)"]
    rows = [
        _row("from the pool (`voila.json`)", pooled, pooled_load, TARGET_POOL_S),
        _row("kernel started for the page", cold, cold_load, TARGET_COLD_S),
    ]
    lines += [table(header, rows), "", f"Measured in {time.perf_counter() - started:.0f} s."]
    return "\n".join(lines)


__all__ = ["SAMPLES", "TARGET_COLD_S", "TARGET_POOL_S", "run", "series"]
