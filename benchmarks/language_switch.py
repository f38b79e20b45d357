"""Switching the language of a page (issue 12): target under 300 ms.

Two figures:

- **kernel**: ``Lesson.switch_language`` of every lesson, timed in this process, cycling
  through the five languages (each language's catalog loaded once beforehand, as a page
  that switched to it before would have it);
- **page**: in Chromium, the play lesson served by Voilà, mid-deal: from choosing a language
  in the menu until the lesson root carries it and the table shows the hand again.

Run: ``python -m benchmarks --only language`` (writes its section of ``docs/BENCHMARKS.md``).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks import machine_line, table
from benchmarks.harness import voila_harness
from gin.tournament import percentile

TARGET_MS = 300.0
ROUNDS = 3
LESSONS = (
    "start_lesson",
    "guided_lesson",
    "course_lesson",
    "melds_lesson",
    "upcard_lesson",
    "knocking_lesson",
    "play_lesson",
    "lab_lesson",
)

SWITCH_JS = """async (lang) => {
  const select = document.querySelector('.gin-language-select');
  const root = document.querySelector('.gin-lesson');
  const t0 = performance.now();
  select.value = lang;
  select.dispatchEvent(new Event('change'));
  return await new Promise(resolve => {
    const ok = () => root.classList.contains('gin-lang-' + lang)
      && document.querySelectorAll('.gin-hand .gin-card[data-card]').length >= 10;
    const check = () => { if (ok()) { obs.disconnect(); resolve(performance.now() - t0); } };
    const obs = new MutationObserver(check);
    obs.observe(document.body, {subtree: true, childList: true, attributes: true});
    setTimeout(() => { obs.disconnect(); resolve(-1); }, 10000);
  });
}"""


def kernel_rows() -> list[list[str]]:
    """Median and p95 of ``switch_language`` per lesson, in ms."""
    import gin.ui.lessons as lessons
    from gin.i18n import LANGUAGES, translate

    for lang in LANGUAGES:
        translate("piles.cards", lang)  # each catalog loaded once
    rows = []
    for name in LESSONS:
        kwargs: dict[str, Any] = {"pause": 0} if name in ("play_lesson", "guided_lesson") else {}
        lesson = getattr(lessons, name)(**kwargs)
        times = []
        for _ in range(ROUNDS):
            for lang in (*LANGUAGES[1:], LANGUAGES[0]):
                t0 = time.perf_counter()
                lesson.switch_language(lang)
                times.append((time.perf_counter() - t0) * 1000)
        rows.append([name, f"{statistics.median(times):.0f}", f"{percentile(times, 95):.0f}"])
    return rows


def page_times() -> list[float]:
    """Milliseconds from choosing a language to the redrawn table, mid-deal."""
    chromium = voila_harness.find_chromium()
    if chromium is None:
        return []
    times: list[float] = []
    with (
        tempfile.TemporaryDirectory() as tmp,
        voila_harness.run_voila(
            voila_harness.NOTEBOOKS_DIR, cwd=Path(tmp), log_path=Path(tmp) / "voila.log"
        ) as server,
        voila_harness.chromium_browser(chromium) as browser,
    ):
        page = voila_harness.new_page(browser)
        voila_harness.open_lesson(page, server.base_url, "04_play.ipynb?seed=7")
        page.locator(".gin-hand .gin-card[data-card]").first.wait_for(timeout=60_000)
        for _ in range(ROUNDS):
            for lang in ("he", "et", "lo", "bg", "en"):
                times.append(float(page.evaluate(SWITCH_JS, lang)))
    return times


def run() -> str:
    """The section's Markdown."""
    rows = kernel_rows()
    page = page_times()
    lines = [
        machine_line(),
        "",
        f"Target: under {TARGET_MS:.0f} ms from choosing a language to the redrawn page.",
        "",
        "**Kernel** (`Lesson.switch_language`, every lesson, "
        f"{ROUNDS} rounds through the five languages):",
        "",
        table(["lesson", "median ms", "p95 ms"], rows),
        "",
    ]
    if page:
        ok = [t for t in page if t >= 0]
        lines += [
            "**Page** (Chromium, the play lesson mid-deal, from the menu to the redrawn "
            f"table, {len(page)} switches"
            + (f", {len(page) - len(ok)} timed out" if len(ok) < len(page) else "")
            + "): "
            + (
                f"median {statistics.median(ok):.0f} ms, p95 {percentile(ok, 95):.0f} ms."
                if ok
                else "no switch finished."
            ),
        ]
    else:
        lines.append("**Page**: not measured (no Chromium here).")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(run())
