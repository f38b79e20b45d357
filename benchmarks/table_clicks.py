"""Click to update on the card table (issue 10): one learner in Chromium plays against
``eager`` in ``04_play.ipynb`` the way the new table is played, at the lesson's own pace
(the opponent's moves animated).

Every action is timed inside the page, from the click (or key press) to the page showing
its effect, with a ``MutationObserver``:

- **take/pass**: a click on Pass during the up-card offer, until the offer is gone;
- **draw (pile)**: a click on the stock pile itself, until the hand holds 11 cards. The
  click is made as soon as the turn line says "Your turn", i.e. while the opponent's
  discard is still sliding onto the pile: animations must not delay the next click;
- **select** and **discard (card)**: a click on the highest deadwood card, until the
  label under the hand says what discarding it leaves (sent by the kernel), then a
  second click on it, until the hand holds 10 cards;
- **key**: the same draw and discard made with the keys ``S``, a digit and ``X``.

Then the kernel's share of the same clicks, timed in this process on the table's
widgets (no browser, the opponent's replies left out).

Run: ``python -m benchmarks.table_clicks`` (writes its section of
``docs/BENCHMARKS.md``) or, once registered, ``python -m benchmarks --only table``.
Target: p95 under 100 ms.
"""

from __future__ import annotations

import functools
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import gin
from benchmarks import machine_line, replace_section, table
from benchmarks.harness import ROOT, voila_harness
from gin.tournament import percentile

SAMPLES = 120
"""Timed actions to collect."""
SECONDS = 300.0
TARGET_P95_MS = 100.0
PICK = "1234567890-"

# Click ``sel`` (or press ``key`` when ``sel`` is empty) and store in window.__ginMeasure
# the milliseconds until ``cond(arg)`` holds (-1 after 10 s).
MEASURE_JS = """([sel, key, cond, arg]) => {
  const conds = {
    handCount: n => document.querySelectorAll('.gin-hand .gin-card[data-card]').length === n,
    selected: c => !!document.querySelector('.gin-hand .gin-selected[data-card="' + c + '"]'),
    labelHas: t => ((document.querySelector('.gin-deadwood') || {}).innerText || '').includes(t),
    turnNot: t => !((document.querySelector('.gin-turn') || {}).innerText || '').startsWith(t),
  };
  const ok = () => conds[cond](arg);
  window.__ginMeasure = null;
  const el = sel ? document.querySelector(sel) : document;
  if (!el) { window.__ginMeasure = -2; return false; }
  const t0 = performance.now();
  const id = window.__ginMeasureId = (window.__ginMeasureId || 0) + 1;
  let timer = null;
  // only this measurement's own result counts (an older timer must not end a newer one)
  const done = v => {
    if (window.__ginMeasureId === id && window.__ginMeasure === null) window.__ginMeasure = v;
    if (timer !== null) clearTimeout(timer);
  };
  const obs = new MutationObserver(() => {
    if (ok()) { obs.disconnect(); done(performance.now() - t0); }
  });
  obs.observe(document.body, {subtree: true, childList: true, attributes: true,
                              characterData: true});
  if (sel) el.click();
  else document.dispatchEvent(new KeyboardEvent('keydown', {key: key, bubbles: true}));
  timer = setTimeout(() => { obs.disconnect(); done(-1); }, 10000);
  return true;
}"""

TURN_JS = "() => ((document.querySelector('.gin-turn') || {}).innerText || '')"


def measure(page: Any, sel: str, key: str, cond: str, arg: Any) -> float:
    """Milliseconds from the click (or key) to the update (-1: timed out)."""
    if not page.evaluate(MEASURE_JS, [sel, key, cond, arg]):
        return -2.0
    for _ in range(400):
        v = page.evaluate("() => window.__ginMeasure")
        if v is not None:
            return float(v)
        page.wait_for_timeout(25)
    return -1.0


def play(page: Any, deadline: float) -> tuple[dict[str, list[float]], list[str]]:
    """Play until enough samples; returns the samples by action and the actions that
    timed out."""
    samples: dict[str, list[float]] = {}
    timeouts: list[str] = []
    by_key = False
    while sum(len(v) for v in samples.values()) < SAMPLES and time.monotonic() < deadline:
        s = page.evaluate(voila_harness.TABLE_STATE_JS)
        turn = str(page.evaluate(TURN_JS))
        kind, args = "", None
        if s["next"]:
            page.click("button.gin-action-next-deal")
            page.wait_for_timeout(300)
            continue
        if s["confirm"] or s["lay_off"]:
            page.click("button.gin-action-" + ("confirm" if s["confirm"] else "lay-off"))
            page.wait_for_timeout(300)
            continue
        if not turn.startswith("Your turn"):
            page.wait_for_timeout(20)
            continue
        if s["pass"]:
            kind, args = "take/pass", ("button.gin-action-pass", "", "turnNot", "Your turn: take")
        elif s["draw"]:
            if by_key:
                kind, args = "key: draw (S)", ("", "s", "handCount", 11)
            else:
                kind, args = "draw (pile)", (".gin-stock [data-index]", "", "handCount", 11)
        elif s["knock"] or s["gin"]:
            page.keyboard.press("g" if s["gin"] else "k")
            page.wait_for_timeout(300)
            continue
        elif len(s["hand"]) == 11:
            pool = s["deadwood"] or s["hand"]
            worst = max(pool, key=lambda c: (gin.Card.parse(c).points, gin.Card.parse(c).index))
            card = f'.gin-hand .gin-card[data-card="{worst}"]'
            if s["selected"] != [worst]:
                if by_key:
                    pick = PICK[s["hand"].index(worst)]
                    kind, args = "key: select (digit)", ("", pick, "selected", worst)
                else:
                    label = f"discarding {gin.Card.parse(worst)}"
                    kind, args = "select", (card, "", "labelHas", label)
            elif by_key:
                kind, args = "key: discard (X)", ("", "x", "handCount", 10)
            else:
                kind, args = "discard (card)", (card, "", "handCount", 10)
        if args is None:
            page.wait_for_timeout(20)
            continue
        v = measure(page, *args)
        if v >= 0:
            samples.setdefault(kind, []).append(v)
        else:
            why = page.evaluate(
                "() => ((document.querySelector('.gin-coach-error') || {}).innerText || '')"
            )
            timeouts.append(f"{kind} ({why or v})")
            page.wait_for_timeout(2000)  # let a late update land before looking again
        if kind.endswith("(X)") or kind == "discard (card)":
            by_key = not by_key  # alternate turns: mouse, then keyboard
    return samples, timeouts


def kernel_times(deals: int = 30) -> dict[str, list[float]]:
    """Milliseconds the kernel spends on each click of the learner (the engine, the hint
    of nothing, the redraw of every widget), the opponent's replies left out: measured
    in this process on the table itself, the same policy as in the browser."""
    from gin.ui import play_table

    t = play_table(seed=2026, pause=0.6)
    queue: list[Any] = []
    t.scheduler = lambda _delay, fn: queue.append(fn)
    t.load_game(t.controller.game)
    c = t.controller
    out: dict[str, list[float]] = {}

    def timed(kind: str, fn: Any) -> None:
        start = time.perf_counter()
        fn()
        out.setdefault(kind, []).append((time.perf_counter() - start) * 1000)

    played = 0
    for _ in range(20_000):
        while queue:
            queue.pop(0)()
        if c.game.is_over:
            t.new_game()
            continue
        if c.deal.is_over:
            played += 1
            if played >= deals:
                break
            t.next_deal()
            continue
        v = c.view()
        if gin.Pass() in v.legal_actions:
            timed("take/pass", t.buttons["pass"].click)
        elif gin.DrawStock() in v.legal_actions:
            timed("draw (pile)", functools.partial(t.stock_area.click, 0))
        elif gin.LayOff() in v.legal_actions:
            t.lay_off()
        elif v.phase is gin.Phase.DISCARD and v.my_turn:
            worst = max((x.card for x in v.discard_choices), key=lambda x: (x.points, x.index))
            timed("select", functools.partial(t.hand.click, worst.code))
            timed("discard (card)", functools.partial(t.hand.click, worst.code))
    return out


def run() -> str:
    """Measure and return the Markdown section."""
    chromium = voila_harness.find_chromium()
    if chromium is None:
        return "## The card table: click to update\n\nChromium not found: not measured.\n"
    started = time.perf_counter()
    header = machine_line()
    with (
        tempfile.TemporaryDirectory() as tmp,
        voila_harness.run_voila(
            voila_harness.NOTEBOOKS_DIR, cwd=ROOT, log_path=Path(tmp) / "voila.log"
        ) as server,
        voila_harness.chromium_browser(chromium) as browser,
    ):
        page = voila_harness.new_page(browser)
        page.set_viewport_size({"width": 1366, "height": 768})
        voila_harness.open_lesson(page, server.base_url, "04_play.ipynb")
        samples, timeouts = play(page, time.monotonic() + SECONDS)
    rows = []
    every: list[float] = []
    for kind in sorted(samples):
        v = samples[kind]
        every += v
        rows.append(
            [kind, str(len(v)), f"{statistics.median(v):.0f}", f"{percentile(v, 95):.0f}",
             f"{max(v):.0f}"]
        )  # fmt: skip
    p95 = percentile(every, 95)
    mark = "✅" if p95 < TARGET_P95_MS else "❌"
    rows.append(
        ["**all**", str(len(every)), f"{statistics.median(every):.0f}" if every else "-",
         f"**{p95:.0f}** {mark}", f"{max(every):.0f}" if every else "-"]
    )  # fmt: skip
    kernel = kernel_times()
    krows = [
        [kind, str(len(v)), f"{statistics.median(v):.1f}", f"{percentile(v, 95):.1f}"]
        for kind, v in sorted(kernel.items())
    ]
    body = [
        "## The card table: click to update",
        "",
        header,
        "",
        "One learner at 1366×768 plays `04_play.ipynb` against `eager` at the lesson's pace "
        "(0.6 s between the opponent's moves, animated), alternating turns with the mouse "
        "(the stock pile clicked, the card clicked twice) and with the keys (S, a digit, X). "
        "Each action is timed inside the page from the click or key to the page showing "
        'its effect. The draws are made as soon as the turn line says "Your turn", while '
        "the opponent's discard is still sliding onto the pile. Target: p95 under "
        f"{TARGET_P95_MS:.0f} ms. Run `python -m benchmarks.table_clicks`.",
        "",
        table(["action", "n", "p50 ms", "p95 ms", "max ms"], rows),
        "",
        f"Timeouts (no update within 10 s): {', '.join(timeouts) or 'none'}.",
        "",
        "The kernel's share of each click (the same policy over 30 deals, timed in one "
        "process on the table's widgets, without the browser and the opponent's replies):",
        "",
        table(["action", "n", "p50 ms", "p95 ms"], krows),
        "",
        "On this shared 2-core machine the browser figures follow the load of the other "
        "jobs (see the load average above); the kernel's share stays a few milliseconds.",
        "",
        f"Measured in {time.perf_counter() - started:.0f} s.",
    ]
    return "\n".join(body) + "\n"


def main() -> None:
    """Measure and write the section ``table`` of ``docs/BENCHMARKS.md``."""
    out = ROOT / "docs" / "BENCHMARKS.md"
    text = run()
    print(text)
    out.write_text(replace_section(out.read_text(encoding="utf-8"), "table", text), "utf-8")


if __name__ == "__main__":
    main()
