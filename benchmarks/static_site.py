"""The static site in a browser: every lesson run by Pyodide in the page, no server-side Python.

Figures (targets of issue 14 on a 2-core machine):

- **first lesson, cold cache**: a fresh browser context opens the Start-here lesson; from
  the start of the navigation to the lesson being usable (its widgets rendered, the
  loading spinner gone), timed inside the page with ``performance.now()`` (target 8 s).
- **next lesson through its link, in the same page**: on Start here, from the click on
  the link to Cards and melds to that lesson's first exercise shown; the lesson is built by
  the page's running kernel and swapped in, with no new page (:mod:`gin.ui.page.navigation`)
  (target 3 s).
- **next lesson, warm cache**: the same context then opens Cards and melds, and then the
  play lesson, as pages of their own (target 3 s).
- **click to update**: on the play lesson, from a click on the table to the page showing
  its effect, as in the Voilà benchmark (``benchmarks.app``); p50 and p95 (target 150 ms).

The site is built by ``static/build.py`` (``make static``) into a temporary folder and
served on 127.0.0.1 by Python's ``http.server`` with ``Cache-Control: max-age=600``, as
GitHub Pages serves it; requests to other hosts are aborted and counted (there are none).
Each round uses a new browser context, so its cache starts empty.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from benchmarks import machine_line, table

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "static"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from site_harness import (  # noqa: E402
    STATIC_VENV_PYTHON,
    Blocked,
    build_site,
    find_chromium,
    free_port,
    lesson_url,
    new_site_page,
    wait_until_rendered,
)
from voila_harness import launch_chromium, wait_for_http  # noqa: E402

from benchmarks.app import Learner, percentile  # noqa: E402

ROUNDS = 3
CLICKS = 40
FIRST = "00_start_here"
NEXT = ("01_cards_and_melds", "04_play")
IN_PAGE_LINK = '.gin-map a[data-notebook="01_cards_and_melds.ipynb"]'
IN_PAGE_SHOWN = ".gin-lesson-01_cards_and_melds .gin-exercise-meld-kind"
TARGET_FIRST_S = 8.0
TARGET_NEXT_S = 3.0
TARGET_CLICK_P95_MS = 150.0

USABLE_SCRIPT = """(() => {
  const check = () => {
    if (window.__ginUsable !== undefined) return;
    const cells = document.getElementById('rendered_cells');
    if (document.querySelector('.gin-lesson') && cells && cells.style.display !== 'none'
        && !document.getElementById('loading')) {
      window.__ginUsable = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true,
                                                 attributes: true});
})();"""
"""Stores in ``window.__ginUsable`` the time (ms from the navigation) the lesson is usable."""

SERVER = """
import functools, http.server, sys
class Handler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()
    def log_message(self, *args):
        pass
handler = functools.partial(Handler, directory=sys.argv[2])
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), handler).serve_forever()
"""


@contextlib.contextmanager
def serve_cached(folder: Path) -> Iterator[str]:
    """``http.server`` over ``folder`` with ``Cache-Control: max-age=600``; yields its URL."""
    port = free_port()
    log = folder.parent / "http.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-c", SERVER, str(port), str(folder)], stdout=out, stderr=out
        )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_for_http(url + "/", proc, log, 30)  # type: ignore[arg-type]
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def open_timed(page: Any, url: str) -> float:
    """Open a lesson and return the seconds from the navigation to the lesson being usable."""
    page.goto(url, wait_until="commit", timeout=300_000)
    wait_until_rendered(page, 300)
    page.wait_for_function("() => window.__ginUsable !== undefined", timeout=300_000)
    return float(page.evaluate("() => window.__ginUsable")) / 1000


CLICK_TO_SHOWN_SCRIPT = """([link, shown]) => new Promise((resolve, reject) => {
  const t0 = performance.now();
  const seen = () => {
    const el = document.querySelector(shown);
    return el && el.offsetParent !== null;
  };
  const observer = new MutationObserver(() => {
    if (seen()) { observer.disconnect(); resolve(performance.now() - t0); }
  });
  observer.observe(document, {subtree: true, childList: true, attributes: true});
  setTimeout(() => { observer.disconnect(); reject(new Error('not shown in 120 s')); }, 120000);
  document.querySelector(link).click();
})"""
"""Clicks ``link`` and resolves to the milliseconds until ``shown`` is on the page."""


def next_in_page(page: Any) -> float:
    """On the Start-here page (open and usable): the seconds from a click on its link to
    Cards and melds to that lesson's first exercise shown, in the same page."""
    page.evaluate("() => { window.__ginSamePage = true; }")
    ms = float(page.evaluate(CLICK_TO_SHOWN_SCRIPT, [IN_PAGE_LINK, IN_PAGE_SHOWN]))
    if not page.evaluate("() => window.__ginSamePage === true"):
        raise RuntimeError("the link loaded a new page instead of opening the lesson in it")
    return ms / 1000


def clicks(page: Any, n: int) -> list[float]:
    """Click through deals on the play lesson; the milliseconds of ``n`` timed clicks."""
    learner = Learner(page)
    end = time.monotonic() + 240
    while len(learner.samples) < n and time.monotonic() < end:
        learner.poll()
        page.wait_for_timeout(20)
    return [ms for _kind, ms in learner.samples]


def loaded_mb(site: Path, base_url: str, urls: list[str]) -> float:
    """Megabytes of the site's files behind the requested ``urls`` (each counted once)."""
    files = {site / u.removeprefix(base_url + "/").split("?")[0] for u in urls}
    return sum(f.stat().st_size for f in files if f.is_file()) / 1e6


def run_rounds(browser: Any, base_url: str, site: Path) -> dict[str, Any]:
    out: dict[str, Any] = {
        "first": [],
        "in_page": [],
        "next": {n: [] for n in NEXT},
        "clicks": [],
        "bad": [],
        "load": [],
    }
    for r in range(ROUNDS):
        out["load"].append(os.getloadavg()[0])
        blocked = Blocked()
        page = new_site_page(browser, blocked)
        page.add_init_script(USABLE_SCRIPT)
        urls: list[str] = []
        page.context.on("request", lambda req, urls=urls: urls.append(req.url))
        try:
            out["first"].append(open_timed(page, lesson_url(base_url, FIRST)))
            out["first_mb"] = loaded_mb(site, base_url, urls)
            out["in_page"].append(next_in_page(page))
            for name in NEXT:
                out["next"][name].append(open_timed(page, lesson_url(base_url, name)))
            if r == 0:
                out["clicks"] = clicks(page, CLICKS)
            out["bad"] += blocked.urls
        finally:
            page.context.close()
        print(
            f"round {r + 1}: first {out['first'][-1]:.1f} s, "
            f"in the same page {out['in_page'][-1]:.1f} s, next "
            + ", ".join(f"{n} {out['next'][n][-1]:.1f} s" for n in NEXT),
            file=sys.stderr,
        )
    return out


def site_size(site: Path) -> tuple[float, float]:
    """Megabytes of the whole site, and of what a first lesson loads at most (Pyodide and
    its wheels, the pages' bundles)."""
    total = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    pyodide = sum(p.stat().st_size for p in (site / "static" / "pyodide").iterdir())
    return total / 1e6, pyodide / 1e6


def _s(values: list[float]) -> str:
    return f"{statistics.median(values):.1f} s (best {min(values):.1f}, worst {max(values):.1f})"


def report(res: dict[str, Any], sizes: tuple[float, float], build_s: float) -> str:
    first = statistics.median(res["first"])
    nxt = max(statistics.median(v) for v in res["next"].values())
    ms = res["clicks"]
    p50, p95 = percentile(ms, 50), percentile(ms, 95)
    rows = [
        [
            "first lesson (Start here), cold cache",
            _s(res["first"]),
            f"{TARGET_FIRST_S:g} s",
            "met" if first <= TARGET_FIRST_S else "**missed**",
        ]
    ]
    rows.append(
        [
            "next lesson through its link, in the same page (Start here → 01_cards_and_melds)",
            _s(res["in_page"]),
            f"{TARGET_NEXT_S:g} s",
            "met" if statistics.median(res["in_page"]) <= TARGET_NEXT_S else "**missed**",
        ]
    )
    for name, values in res["next"].items():
        rows.append(
            [
                f"next lesson ({name}) as a new page, warm cache",
                _s(values),
                f"{TARGET_NEXT_S:g} s",
                "met" if statistics.median(values) <= TARGET_NEXT_S else "**missed**",
            ]
        )
    rows.append(
        [
            f"click to update on the play lesson ({len(ms)} clicks)",
            f"p50 {p50:.0f} ms, p95 {p95:.0f} ms",
            f"{TARGET_CLICK_P95_MS:g} ms at p95",
            "met" if p95 <= TARGET_CLICK_P95_MS else "**missed**",
        ]
    )
    lines = [
        "## Static site (Voici + Pyodide in the browser)",
        "",
        machine_line(),
        "",
        f"Built by `static/build.py` in {build_s:.0f} s (downloads cached); "
        f"{sizes[0]:.0f} MB in all, of which {sizes[1]:.0f} MB Pyodide and its wheels; the "
        f"first lesson loads {res['first_mb']:.0f} MB of it. "
        f"Served by `http.server` with `Cache-Control: max-age=600`; {ROUNDS} rounds, each "
        "in a new browser context (empty cache); the medians are compared with the targets. "
        f"Requests to other hosts: {len(res['bad'])}. Load average at the start of each "
        f"round: {', '.join(f'{x:.1f}' for x in res['load'])}.",
        "",
        table(["figure", "measured", "target", ""], rows),
        "",
        f"Worst of the next lessons: {nxt:.1f} s; first lesson: {first:.1f} s. "
        "A link between lessons opens the lesson in the same page: the page's kernel builds "
        "it and swaps it in, so only the lesson is built; the pages below open as new pages "
        "(a reload, a shared address). "
        "Every page starts its own Pyodide in a Web Worker: after the first page the "
        "runtime, the standard library and the wheels come from the browser's cache, but "
        "Python starts again and IPython (the kernel), ipywidgets and the lesson are "
        "imported again in each page, so the times are CPU-bound: on a machine shared with "
        "other jobs they follow the load average above more than the network.",
        "",
        "What the build does for speed: bytecode for every wheel and for the standard "
        "library, compiled by Pyodide itself (without it each page compiles IPython from "
        "source); one parallel fetch of every wheel when Pyodide starts "
        "(`loadPyodideOptions.packages`), begun by the page while Voici's scripts start; "
        "stubs instead of jedi and sqlite3; Babel's CLDR data for the tutor's languages "
        "only; no source maps and no unused shared JupyterLab packages; no matplotlib.",
    ]
    return "\n".join(lines) + "\n"


def run() -> str:
    """Build the site, measure it, and return the Markdown section."""
    chromium = find_chromium()
    if chromium is None or not STATIC_VENV_PYTHON.exists():
        raise SystemExit("needs /usr/bin/chromium and build/static-venv (make static)")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="gin-static-bench-") as tmp:
        t0 = time.monotonic()
        site = build_site(Path(tmp) / "site", log_path=Path(tmp) / "build.log")
        build_s = time.monotonic() - t0
        with serve_cached(site) as url, sync_playwright() as pw:
            browser = launch_chromium(pw, chromium)
            try:
                res = run_rounds(browser, url, site)
            finally:
                browser.close()
        return report(res, site_size(site), build_s)


if __name__ == "__main__":
    print(run())
