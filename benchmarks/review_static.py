"""The review of a deal (issue 20) on the static site: Pyodide in the browser, the site's
own wheels, no server-side Python. Target: ready within 10 s; the table stays responsive
while it is worked out.

Two measurements, in headless Chromium on a copy of the site built by ``static/build.py``
(with one probe notebook beside the lessons) and served by ``http.server`` on 127.0.0.1
(:func:`benchmarks.static_site.serve_cached`):

- **the play table**: the play lesson (``04_play``, one page per seed) is played by clicks
  to the end of a deal (:func:`learner_clicks.play_deal_by_clicks`: the scripted learner
  throws its highest deadwood card and knocks as soon as it may), then "Review this deal"
  (``button.gin-action-review``) is clicked as soon as it shows. Timed in the page with
  ``performance.now()``: from the deal's end (the turn line says the deal is being scored;
  the review starts working then, while the end is played back) and from the click, to
  the review on the page (``.gin-review`` with its ``.gin-review-move`` elements).
  While the review is worked out, the page clicks the table's "Large cards" box again and
  again and times each click to the table redrawn by the kernel (the class
  ``gin-table-large``); the same clicks before the deal are the baseline.
- **the Pyodide runtime**: a probe notebook, run by the site's kernel, plays the deals of
  :mod:`benchmarks.review` (the same learner, seeds and settings: ``REVIEW_WORLDS`` worlds)
  and reviews each one step by step as the table does
  (:class:`~gin.bots.review.DealReviewer`), timing every deal and every step (one step is
  the longest the table's kernel is busy at once). Each review's fingerprint is compared
  with the kernel's (CPython) review of the same deal: the review is the same everywhere.

Run: ``python -m benchmarks --only review`` (the kernel's figures and these), or
``python -m benchmarks.review_static`` to print these alone.
"""

from __future__ import annotations

import datetime
import hashlib
import inspect
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "static"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from benchmarks import table  # noqa: E402
from gin.bots.review import REVIEW_WORLDS, DealReview  # noqa: E402
from gin.tournament import percentile  # noqa: E402

TARGET_S = 10.0
SEEDS = (11, 12, 13, 14, 15)
"""The play lesson's seeds (``?seed=``): one deal played and reviewed at the table each."""
PROBE_DEALS = 60
"""Deals of :mod:`benchmarks.review` reviewed by the probe in Pyodide (all of them)."""
TYPICAL = range(12, 19)
PROBE_NAME = "review_probe"
LARGE_BOX = ".gin-large-cards input"
"""The "Large cards" box: a click goes to the kernel, which redraws the table."""


def fingerprint(review: DealReview) -> str:
    """A short hash of everything a review says (moves, values, verdicts, losses)."""
    parts = []
    for d in review.decisions:
        values = [(v.action.text, f"{v.mean:.9f}") for v in d.weighing.values]
        parts.append((d.index, d.made.text, d.verdict, f"{d.loss:.9f}", values, d.themes))
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


# --------------------------------------------------------------------------- the probe


def probe_source(n: int) -> str:
    """The probe notebook's code: the deals of :mod:`benchmarks.review`, each reviewed step
    by step and timed, written to the page as JSON (class ``probe-review``)."""
    from benchmarks import review_deals as kernel

    return "\n".join(
        [
            "import hashlib, html, json, random, sys, time",
            "import ipywidgets as W",
            "import gin",
            "from gin.bots import make_bot",
            "from gin.bots.review import REVIEW_WORLDS, DealReview, DealReviewer",
            inspect.getsource(kernel.ErringLearner),
            inspect.getsource(kernel._deals),
            inspect.getsource(fingerprint),
            "out = []",
            f"for deal in _deals({n}):",
            f"    job = DealReviewer(deal, 0, REVIEW_WORLDS, {kernel.TIMED_OPPONENT!r})",
            "    steps = []",
            "    t0 = time.perf_counter()",
            "    while True:",
            "        s0 = time.perf_counter()",
            "        finished = job.step()",
            "        steps.append(time.perf_counter() - s0)",
            "        if finished:",
            "            break",
            "    wall = time.perf_counter() - t0",
            "    out.append({'decisions': job.total, 's': wall, 'steps': steps,",
            "                'fingerprint': fingerprint(job.result)})",
            "data = {'deals': out, 'worlds': REVIEW_WORLDS, 'python': sys.version.split()[0],",
            "        'platform': sys.platform}",
            "W.HTML('<pre class=\"probe-review\">' + html.escape(json.dumps(data)) + '</pre>')",
        ]
    )


def write_probe(folder: Path, n: int) -> Path:
    """The probe notebook, written into ``folder`` (given to the site's build)."""
    folder.mkdir(parents=True, exist_ok=True)
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "review-probe",
                "metadata": {},
                "outputs": [],
                "source": probe_source(n).splitlines(keepends=True),
            }
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (folder / f"{PROBE_NAME}.ipynb").write_text(json.dumps(nb, indent=1), encoding="utf-8")
    return folder


# --------------------------------------------------------------------------- the table

TIMES_SCRIPT = r"""(over) => {
  const T = window.__ginT = {probes: [], baseline: [], steps: []};
  const mark = k => { if (T[k] === undefined) T[k] = performance.now(); };
  let said = null;
  const check = () => {
    const turn = document.querySelector('.gin-turn-text');
    if (turn && over.includes(turn.textContent.trim())) mark('over');
    if (T.over === undefined) return;
    const progress = document.querySelector('.gin-review-progress-text');
    if (progress && progress.textContent !== said) {
      said = progress.textContent;
      if (T.ready === undefined) T.steps.push(performance.now());
    }
    if (document.querySelector('.gin-scores .gin-score-row')) mark('scored');
    const b = document.querySelector('button.gin-action-review');
    if (b && b.offsetParent !== null) mark('offered');
    if (document.querySelector('.gin-review .gin-review-move')) mark('ready');
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true,
    attributes: true, characterData: true});
}"""
"""Marks in ``window.__ginT`` (ms from the navigation) the deal's end (``over``: the turn
line says the deal is being scored or is over), the score pad's row (``scored``), the
review button shown (``offered``) and the review on the page (``ready``); and in
``steps`` each change of the review's progress line (one per decision weighed but the last:
the line is kept up to date while hidden, so the page sees the review's steps)."""

CLICK_LARGE_SCRIPT = """(box) => new Promise((resolve, reject) => {
  const before = !!document.querySelector('.gin-table-large');
  const t0 = performance.now();
  const observer = new MutationObserver(() => {
    if (!!document.querySelector('.gin-table-large') !== before) {
      observer.disconnect(); resolve(performance.now() - t0);
    }
  });
  observer.observe(document, {subtree: true, attributes: true, childList: true});
  setTimeout(() => { observer.disconnect(); reject(new Error('no redraw in 60 s')); }, 60000);
  document.querySelector(box).click();
})"""
"""Clicks the "Large cards" box and resolves to the ms until the kernel redrew the table."""

PROBE_WHILE_SCRIPT = """([box, click]) => {
  const T = window.__ginT;
  const once = () => new Promise(resolve => {
    const before = !!document.querySelector('.gin-table-large');
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      if (!!document.querySelector('.gin-table-large') !== before) {
        observer.disconnect(); resolve([t0, performance.now() - t0]);
      }
    });
    observer.observe(document, {subtree: true, attributes: true, childList: true});
    document.querySelector(box).click();
  });
  const loop = async () => {
    while (T.over === undefined) await new Promise(r => setTimeout(r, 20));
    // the review works from the deal's end: click while it does, until it is asked for
    while (T.click === undefined) {
      T.probes.push(await once());
      await new Promise(r => setTimeout(r, 150));
    }
  };
  loop();
}"""
"""From the deal's end until the review button is clicked, clicks the "Large cards" box
every 150 ms and stores in ``__ginT.probes`` [start ms, ms to the redraw] per click."""


def _over_sentences() -> list[str]:
    from gin.i18n import M

    return [M[k].render() for k in ("turn.scoring", "turn.deal-over", "turn.game-over")]


def table_deal(page: Any, base_url: str, seed: int) -> dict[str, Any]:
    """Play the seed's deal at the play lesson, open its review; the page's timings."""
    from site_harness import collect_errors, lesson_url, open_site_page, play_deal_by_clicks

    log = open_site_page(page, lesson_url(base_url, "04_play", f"seed={seed}"))
    page.evaluate(TIMES_SCRIPT, _over_sentences())
    page.locator("button.gin-display-opener").click()  # the choices are made when opened
    page.locator(LARGE_BOX).wait_for(state="attached", timeout=60_000)
    baseline = [float(page.evaluate(CLICK_LARGE_SCRIPT, LARGE_BOX)) for _ in range(6)]
    page.evaluate(PROBE_WHILE_SCRIPT, [LARGE_BOX, "click"])
    play_deal_by_clicks(page, 600)
    button = page.locator("button.gin-action-review")
    button.wait_for(state="visible", timeout=120_000)
    page.evaluate(
        "() => { window.__ginT.click = performance.now();"
        " document.querySelector('button.gin-action-review').click(); }"
    )
    page.locator(".gin-review .gin-review-move").first.wait_for(timeout=300_000)
    t: dict[str, Any] = page.evaluate("() => window.__ginT")
    errors = collect_errors(page, log)
    if errors:
        raise RuntimeError(f"errors on the page (seed {seed}): {errors}")
    decisions = page.locator(".gin-review .gin-review-move").count()
    # the clicks made while the review was worked out: before its last step began
    last = max(t["steps"], default=t["over"])
    probes = [ms for start, ms in t["probes"] if start < last]
    return {
        "seed": seed,
        "decisions": decisions,
        "reveal": (t["scored"] - t["over"]) / 1000,
        "over_ready": (t["ready"] - t["over"]) / 1000,
        "click_ready": (t["ready"] - t["click"]) / 1000,
        "worked": (last - t["over"]) / 1000,
        "probes": probes,
        "baseline": baseline,
    }


def probe(page: Any, base_url: str) -> dict[str, Any]:
    """Open the probe notebook and read its figures."""
    from site_harness import lesson_url, watch_page

    watch_page(page)
    page.goto(lesson_url(base_url, PROBE_NAME), wait_until="commit", timeout=300_000)
    pre = page.locator("pre.probe-review")
    pre.wait_for(timeout=1_800_000)
    data: dict[str, Any] = json.loads(pre.inner_text())
    return data


# --------------------------------------------------------------------------- report


def kernel_fingerprints(n: int) -> list[str]:
    """The kernel's (CPython's) reviews of the same deals, fingerprinted."""
    from benchmarks import review_deals as kernel
    from gin.bots.review import review_deal

    return [
        fingerprint(review_deal(d, 0, REVIEW_WORLDS, opponent=kernel.TIMED_OPPONENT))
        for d in kernel._deals(n)
    ]


def _stats(xs: list[float], fmt: str = "{:.1f}") -> list[str]:
    if not xs:
        return ["–"] * 3
    return [fmt.format(statistics.median(xs)), fmt.format(percentile(xs, 95)), fmt.format(max(xs))]


def report(
    deals: list[dict[str, Any]],
    pyodide: dict[str, Any],
    kernel: list[str] | None,
    loads: list[float],
    build_s: float,
    took: float,
) -> str:
    """The Markdown of the static site's figures (part of the review's section)."""
    date = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    over = [d["over_ready"] for d in deals]
    mark = "✅" if max(over) <= TARGET_S else "❌"
    rows = [
        ["deal's end to the review on the page", str(len(over)), *_stats(over)],
        [
            "deal's end to the review's last step begun (worked out in the background)",
            str(len(deals)),
            *_stats([d["worked"] for d in deals]),
        ],
        [
            "deal's end to the end played back (the score pad's row)",
            str(len(deals)),
            *_stats([d["reveal"] for d in deals]),
        ],
        [
            "click on Review this deal to the review on the page",
            str(len(deals)),
            *_stats([d["click_ready"] for d in deals], "{:.2f}"),
        ],
    ]
    probes = [ms for d in deals for ms in d["probes"]]
    baseline = [ms for d in deals for ms in d["baseline"]]
    click_rows = [
        ["before the deal (no review working)", str(len(baseline)), *_stats(baseline, "{:.0f}")],
        ["while the review is worked out", str(len(probes)), *_stats(probes, "{:.0f}")],
    ]
    pdeals = pyodide["deals"]
    typical = [d["s"] for d in pdeals if d["decisions"] in TYPICAL]
    every = [d["s"] for d in pdeals]
    steps_ms = [s * 1000 for d in pdeals for s in d["steps"]]
    p95 = percentile(typical, 95) if typical else float("nan")
    pmark = "✅" if p95 <= TARGET_S else "❌"
    prow = [
        ["typical deal (12–18 decisions)", str(len(typical)), *_stats(typical, "{:.2f}")],
        ["every deal", str(len(every)), *_stats(every, "{:.2f}")],
    ]
    if kernel is None:
        same = "not compared"
    else:
        mine = [d["fingerprint"] for d in pdeals]
        equal = sum(a == b for a, b in zip(mine, kernel, strict=False))
        same = (
            f"the same as the kernel's (CPython) for all {equal} deals"
            if equal == len(kernel) == len(mine)
            else f"**different** from the kernel's: {len(mine) - equal} of {len(mine)} deals"
        )
    lines = [
        f"**The static site (Pyodide in the browser)**, measured {date} in {took:.0f} s. "
        f"Load average (1 min) at the start of each deal at the table and of the Pyodide "
        f"run: {', '.join(f'{x:.1f}' for x in loads)}. The site built by `static/build.py` "
        f"in {build_s:.0f} s, with a probe notebook beside the lessons; headless Chromium, "
        "served by `http.server` on 127.0.0.1; one page per deal (warm cache).",
        "",
        f"**At the play table** ({len(deals)} deals of the play lesson, `?seed=` "
        f"{', '.join(str(d['seed']) for d in deals)}, played by clicks by the scripted "
        "learner of the browser tests, who knocks as soon as it may; decisions reviewed: "
        f"{', '.join(str(d['decisions']) for d in deals)}). The review starts working at "
        "the deal's end, while the end is played back; the button is clicked as soon as it "
        f"shows. Target: ready within {TARGET_S:.0f} s of the deal's end: worst "
        f"**{max(over):.1f} s** {mark}.",
        "",
        table(["seconds", "deals", "median", "p95", "max"], rows),
        "",
        "The table while the review is worked out: from the deal's end, the page clicks the "
        'table\'s "Large cards" box every 150 ms and times each click to the table '
        "redrawn by the kernel; the clicks made before the review's last step began are "
        "counted (the review's steps are seen in the page through its progress line, kept "
        "up to date while hidden). The same clicks before the deal are the baseline:",
        "",
        table(["ms per click", "clicks", "median", "p95", "max"], click_rows),
        "",
        f"**In the site's Pyodide** (Python {pyodide['python']}, {pyodide['platform']}): "
        f"the {len(pdeals)} deals of the kernel's figures above, reviewed by the site's own "
        f"gin wheel in a probe page, one decision per step as the table does "
        f"({pyodide['worlds']} worlds per decision at first, more where a verdict is "
        "uncertain, as in the kernel). Target: a typical deal within "
        f"{TARGET_S:.0f} s at p95: **{p95:.2f} s** {pmark}. Every review is {same}.",
        "",
        table(["seconds", "deals", "median", "p95", "max"], prow),
        "",
        "One step (one decision weighed; Pyodide has no threads, so the kernel answers a "
        "click made during a step when the step ends, and the table is redrawn after it): "
        f"median {statistics.median(steps_ms):.0f} ms, p95 {percentile(steps_ms, 95):.0f} "
        f"ms, max {max(steps_ms):.0f} ms over {len(steps_ms)} steps. Between two steps the "
        "kernel answers every click waiting (each step is a task of its own on the "
        "browser's event loop, `gin.ui.review.launcher`). The page itself never freezes: "
        "Pyodide runs in a Web Worker, so scrolling, focus and the buttons' own feedback "
        "go on during a step; only the kernel's answer waits.",
    ]
    return "\n".join(lines)


def measure(n: int = PROBE_DEALS, seeds: tuple[int, ...] = SEEDS) -> dict[str, Any]:
    """Build the site with the probe, run both measurements; the raw figures."""
    from playwright.sync_api import sync_playwright
    from site_harness import Blocked, build_site, new_site_page
    from voila_harness import launch_chromium

    from benchmarks.static_site import serve_cached

    with tempfile.TemporaryDirectory(prefix="gin-review-static-") as tmp:
        probe_dir = write_probe(Path(tmp) / "probe", n)
        t0 = time.monotonic()
        site = build_site(
            Path(tmp) / "site", log_path=Path(tmp) / "build.log", contents=[probe_dir]
        )
        build_s = time.monotonic() - t0
        loads: list[float] = []
        deals: list[dict[str, Any]] = []
        with serve_cached(site) as url, sync_playwright() as pw:
            browser = launch_chromium(pw, "/usr/bin/chromium")
            blocked = Blocked()
            try:
                page = new_site_page(browser, blocked)
                for seed in seeds:
                    loads.append(os.getloadavg()[0])
                    deals.append(table_deal(page, url, seed))
                    print(f"seed {seed}: {deals[-1]}", file=sys.stderr)
                loads.append(os.getloadavg()[0])
                pyodide = probe(page, url)
                page.context.close()
            finally:
                browser.close()
        if blocked.urls:
            raise RuntimeError(f"requests to other hosts: {blocked.urls}")
    return {"deals": deals, "pyodide": pyodide, "loads": loads, "build_s": build_s}


def section(n: int = PROBE_DEALS) -> str:
    """The static site's figures, or why they were not measured."""
    from site_harness import STATIC_VENV_PYTHON, find_chromium

    if find_chromium() is None or not STATIC_VENV_PYTHON.exists():
        return (
            "The static site was not measured here: it needs /usr/bin/chromium and the "
            "site's toolchain in build/static-venv (`make static`)."
        )
    start = time.monotonic()
    raw = measure(n)
    kernel = kernel_fingerprints(n)
    took = time.monotonic() - start
    return report(raw["deals"], raw["pyodide"], kernel, raw["loads"], raw["build_s"], took)


if __name__ == "__main__":
    print(section(int(sys.argv[1]) if len(sys.argv) > 1 else PROBE_DEALS))
