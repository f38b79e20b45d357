"""The play table's first card against a one-button Voilà page, side by side (issue 41).

Figure: on one app server (the project's ``voila.json``, as ``make app``) in one run, the
seconds from the start of the page load to

- **the play table's first card**: the first card of the learner's hand on the page
  (``benchmarks.app.VISIBLE_SCRIPT``), ``04_play.ipynb`` from its pre-heated pool;
- **a one-button page**: a notebook whose one cell displays one ``ipywidgets.Button``
  (:data:`ONE_BUTTON`), its button on the page. No pool holds a kernel for it (the
  project's default pool is 0), so its kernel starts for the page, as every lesson's
  does beyond the pools;

each timed inside the page, one page at a time, the two taken in turn (the first of each
pair alternates), :data:`SAMPLES` pairs each way: in a new tab of a browser that has just
shown Start here (its cache holds Voilà's front end) and in a browser's first page (an
empty cache). The ratio is the table's median over the one-button page's median; the
target (issue 41) is at most :data:`TARGET_RATIO`: the table's first card within half the
time of the simplest page the same server can send.

The notebooks are served from a copy of ``notebooks/`` with the one-button notebook added,
so the project's folder is left as it is.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks import table
from benchmarks.app import PLAY, STAGES_JS, VISIBLE_SCRIPT, wait_for_pools, wait_for_quiet
from benchmarks.first_table import REFILL_S, START, new_page
from benchmarks.harness import browser_head, voila_harness

SAMPLES = 4
TARGET_RATIO = 0.5
ONE_BUTTON = "zz_one_button.ipynb"
"""The one-button notebook's name in the served copy (last in the lesson list)."""
BUTTON_SCRIPT = """(() => {
  const check = () => {
    if (window.__ginVisible === undefined &&
        document.querySelector('.gin-one-button')) {
      window.__ginVisible = performance.now();
    }
  };
  new MutationObserver(check).observe(
    document, {subtree: true, childList: true, attributes: true, attributeFilter: ["class"]});
})();"""
"""Sets ``window.__ginVisible`` when the one button is on the page (its class is added
after the button, so the class's arrival is watched too)."""


def one_button_notebook() -> dict[str, Any]:
    """The one-button notebook: one cell, one ``ipywidgets.Button``, nothing of the tutor."""
    source = (
        'import ipywidgets as w\nb = w.Button(description="Go")\nb.add_class("gin-one-button")\nb'
    )
    return {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "one-button",
                "metadata": {},
                "outputs": [],
                "source": source,
            }
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


@dataclass
class Pair:
    """One opening of each page: seconds to the table's first card and to the button."""

    table_s: float
    button_s: float


def _open(browser: Any, server: Any, notebook: str, script: str, *, after_start: bool) -> float:
    """Open ``notebook`` (in a new tab after Start here with ``after_start``) and return the
    seconds from the start of its load to what ``script`` waits for."""
    first = new_page(browser)
    if after_start:
        first.goto(f"{server.base_url}/voila/render/{START}", wait_until="commit", timeout=180_000)
        first.locator(".gin-primary-action").wait_for(timeout=180_000)
        wait_for_quiet(10.0)
        page = first.context.new_page()
        page.set_default_timeout(30_000)
    else:
        page = first
    page.add_init_script(script)
    try:
        page.goto(
            f"{server.base_url}/voila/render/{notebook}", wait_until="commit", timeout=180_000
        )
        page.wait_for_function("() => window.__ginVisible !== undefined", timeout=180_000)
        _first, _executed, shown = page.evaluate(STAGES_JS)
        return float(shown) / 1000
    finally:
        for opened in page.context.pages:  # the closing beacon shuts the kernel down
            opened.close(run_before_unload=True)
        page.context.close()


def series(browser: Any, server: Any, *, after_start: bool) -> tuple[list[Pair], float]:
    """:data:`SAMPLES` pairs of openings; the load average at the start."""
    load = os.getloadavg()[0]
    pairs = []
    for i in range(SAMPLES):
        time.sleep(REFILL_S)  # the play lesson's pool refills (fill_delay 10 s)
        times = {}
        order = ("table", "button") if i % 2 == 0 else ("button", "table")
        for kind in order:
            wait_for_quiet(10.0)
            if kind == "table":
                times[kind] = _open(browser, server, PLAY, VISIBLE_SCRIPT, after_start=after_start)
            else:
                times[kind] = _open(
                    browser, server, ONE_BUTTON, BUTTON_SCRIPT, after_start=after_start
                )
        pairs.append(Pair(times["table"], times["button"]))
    return pairs, load


def ratio(pairs: list[Pair]) -> float:
    """The table's median time over the one-button page's.

    >>> ratio([Pair(1.0, 2.0), Pair(1.2, 2.0), Pair(3.0, 2.2)])
    0.6
    """
    return statistics.median(p.table_s for p in pairs) / statistics.median(
        p.button_s for p in pairs
    )


def _row(name: str, pairs: list[Pair], load: float) -> list[str]:
    r = ratio(pairs)
    return [
        name,
        str(len(pairs)),
        f"{statistics.median(p.table_s for p in pairs):.2f} s "
        f"({min(p.table_s for p in pairs):.2f}–{max(p.table_s for p in pairs):.2f})",
        f"{statistics.median(p.button_s for p in pairs):.2f} s "
        f"({min(p.button_s for p in pairs):.2f}–{max(p.button_s for p in pairs):.2f})",
        f"**{r:.2f}**",
        f"≤ {TARGET_RATIO:g}",
        "met" if r <= TARGET_RATIO else "**not met**",
        f"{load:.1f}",
    ]


def run() -> str:
    """Measure and return the ``first-card-ratio`` section of ``docs/BENCHMARKS.md``."""
    lines, chromium = browser_head(
        "## The play table's first card against a one-button page (side by side)",
        "On one app server (`voila.json`, as `make app`) in one run: the seconds from the "
        f"start of the page load of `{PLAY}` (from its pre-heated pool) to the learner's "
        "first card, and of a notebook whose one cell shows one `ipywidgets.Button` (no "
        "pool holds its kernel: started for the page) to that button, taken in turn, one "
        f"page at a time. Target (issue 41): the table's median at most {TARGET_RATIO:g} "
        "times the one-button page's.",
    )
    if chromium is None:
        return "\n".join(lines)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        served = Path(tmp) / "notebooks"
        shutil.copytree(voila_harness.NOTEBOOKS_DIR, served)
        (served / ONE_BUTTON).write_text(json.dumps(one_button_notebook()), encoding="utf-8")
        cwd = Path(tmp) / "run"
        cwd.mkdir()
        (cwd / "voila.json").write_text(
            (voila_harness.REPO_ROOT / "voila.json").read_text(), encoding="utf-8"
        )
        with voila_harness.chromium_browser(chromium) as browser:
            with voila_harness.run_voila(
                served, cwd=cwd, log_path=cwd / "voila.log", module=voila_harness.APP_MODULE
            ) as server:
                wait_for_pools(server)
                print("    in a new tab after Start here ...", flush=True)
                tabbed, tabbed_load = series(browser, server, after_start=True)
                print("    a browser's first page ...", flush=True)
                fresh, fresh_load = series(browser, server, after_start=False)
    header = [
        "opened",
        "pairs",
        "table's first card: median (range)",
        "one-button page: median (range)",
        "ratio",
        "target",
        "",
        "load (1 min)",
    ]
    rows = [
        _row("in a new tab after Start here (cached front end)", tabbed, tabbed_load),
        _row("a browser's first page (empty cache)", fresh, fresh_load),
    ]
    lines += [table(header, rows), "", f"Measured in {time.perf_counter() - started:.0f} s."]
    return "\n".join(lines)


__all__ = ["ONE_BUTTON", "SAMPLES", "TARGET_RATIO", "Pair", "one_button_notebook", "ratio", "run"]
