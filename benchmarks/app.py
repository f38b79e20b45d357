"""The app in a browser: Voilà serving the lessons, learners simulated by headless Chromium.

Figures (targets of issue 5 on a 2-core machine):

- **table visible**: from the start of the page load of ``04_play.ipynb`` to the first
  card of the learner's hand on the page (target 2.5 s). Timed inside the page
  (``performance.now()`` is counted from the start of the navigation), so waiting on
  several pages at once does not distort it.
- **click to update**: from a click on the table to the page showing its effect (the
  drawn card in the hand, the selected card's deadwood in the label, the discard gone,
  the offer passed), timed inside the page with a ``MutationObserver``; p50 and p95
  (target 100 ms at p95). Every learner plays: pass, draw from the stock, select the
  highest deadwood card, discard it, knock when the table allows, next deal. With
  several learners the clicks are made on all pages at once.
- **kernel memory**: resident (RSS) and unique (USS) memory of each kernel started for
  the play lesson, after loading and after playing (target 120 MB).

One learner with the project's ``voila.json`` (as ``make app``), then a class of ten
with ``make app CLASS_SIZE=10``: three rounds of nine remote learners
(:mod:`benchmarks.remote_learner`, whose browsers would draw on their own computers) and
one Chromium page, then ten Chromium pages on this machine.

Where the time goes, per learner (Navigation Timing in the page): the first byte of the
page (a kernel taken from the pool, or started), the notebook executed (Voilà streams
the page while the cells run: DOMContentLoaded), and the widgets rendered (to the table
visible). And in a kernel of its own (jupyter_client): starting the kernel, importing the
lesson's modules, building the lesson.

The machine is shared with other work: each row gives the load average (1 min) when the
learners arrived.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks import table
from benchmarks.harness import ROOT, browser_head, voila_harness
from benchmarks.remote_learner import RemoteTimes, open_together
from gin.tournament import percentile

PLAY = "04_play.ipynb"

CLICKS_PER_LEARNER = {1: 40, 10: 12}
"""Timed clicks per learner in each scenario."""
SCENARIO_SECONDS = 150.0
"""A scenario stops after this long even if not every learner made its clicks."""
CLASS = 10
"""Learners of the class that arrive together (``make app CLASS_SIZE=10``)."""
CLASS_ROUNDS = 4
QUIET_S = 5.0
"""Seconds of rest after the pools are full, before a class arrives."""
QUIET_BUSY = 0.15
"""The machine is at rest when its cores are busy less than this share over 2 s
(:func:`wait_for_quiet`): the kernels that refilled the pools have settled."""

TARGET_VISIBLE_S = 2.5
TARGET_CLICK_P95_MS = 100.0
TARGET_KERNEL_MB = 120.0

VISIBLE_SCRIPT = """(() => {
  const check = () => {
    if (window.__ginVisible === undefined &&
        document.querySelector('.gin-table .gin-hand .gin-card[data-card]')) {
      window.__ginVisible = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true});
})();"""


# Click ``sel`` and store in window.__ginMeasure the milliseconds until ``cond(arg)`` holds
# (-1 after 15 s). Returns at once: the caller polls, so clicks on many pages overlap.
MEASURE_JS = """([sel, cond, arg]) => {
  const conds = {
    handCount: n => document.querySelectorAll('.gin-hand .gin-card[data-card]').length === n,
    disabled: s => { const b = document.querySelector(s); return !!b && b.disabled; },
    enabled: s => { const b = document.querySelector(s); return !!b && !b.disabled; },
    labelHas: t => ((document.querySelector('.gin-deadwood') || {}).innerText || '').includes(t),
  };
  const ok = () => conds[cond](arg);
  const el = document.querySelector(sel);
  window.__ginMeasure = null;
  if (!el) { window.__ginMeasure = -2; return false; }
  const t0 = performance.now();
  const done = v => { if (window.__ginMeasure === null) window.__ginMeasure = v; };
  const obs = new MutationObserver(() => {
    if (ok()) { obs.disconnect(); done(performance.now() - t0); }
  });
  obs.observe(document.body, {subtree: true, childList: true, attributes: true,
                              characterData: true});
  el.click();
  setTimeout(() => { obs.disconnect(); done(-1); }, 15000);
  return true;
}"""

TIMED = ("pass", "draw", "select", "discard")

STAGES_JS = """() => {
  const n = performance.getEntriesByType('navigation')[0];
  return [n.responseStart, n.domContentLoadedEventEnd, window.__ginVisible];
}"""
"""Milliseconds from the start of the navigation: first byte, notebook executed, table."""


@dataclass
class Learner:
    """One simulated learner: a page playing against ``eager`` with a simple policy."""

    page: Any
    pending: str | None = None
    samples: list[tuple[str, float]] = field(default_factory=list)
    timeouts: int = 0
    timed_out: list[str] = field(default_factory=list)
    clicks: int = 0

    def start(self, kind: str, sel: str, cond: str, arg: Any) -> None:
        if self.page.evaluate(MEASURE_JS, [sel, cond, arg]):
            self.pending = kind
            self.clicks += 1

    def poll(self) -> None:
        """Collect a finished measurement, or make the next click if the table is ready."""
        if self.pending is not None:
            v = self.page.evaluate("() => window.__ginMeasure")
            if v is None:
                return
            if v >= 0:
                if self.pending in TIMED:
                    self.samples.append((self.pending, float(v)))
            else:
                self.timeouts += 1
                self.timed_out.append(self.pending)
            self.pending = None
            return
        s = self.page.evaluate(voila_harness.TABLE_STATE_JS)
        plain = [
            ("next", "button.gin-action-next-deal", "disabled"),
            ("confirm", "button.gin-action-confirm", "disabled"),
        ]
        for key, sel, cond in plain:
            if s[key]:
                self.start(key, sel, cond, sel)
                return
        if s["pass"]:
            self.start("pass", "button.gin-action-pass", "disabled", "button.gin-action-pass")
        elif s["draw"]:
            self.start("draw", "button.gin-action-draw-stock", "handCount", 11)
        elif s["gin"] or s["big_gin"] or s["knock"]:
            key = "gin" if s["gin"] else "big-gin" if s["big_gin"] else "knock"
            self.start(key, f"button.gin-action-{key}", "enabled", "button.gin-action-confirm")
        elif s["lay_off"]:
            sel = "button.gin-action-lay-off"
            self.start("lay-off", sel, "disabled", sel)
        elif len(s["hand"]) == 11:
            import gin

            pool = s["deadwood"] or s["hand"]
            worst = max(pool, key=lambda c: (gin.Card.parse(c).points, gin.Card.parse(c).index))
            if s["selected"] != [worst]:
                card = gin.Card.parse(worst)
                sel = f'.gin-hand .gin-card[data-card="{worst}"]'
                self.start("select", sel, "labelHas", f"discarding {card}")
            elif s["discard"]:
                self.start("discard", "button.gin-action-discard", "handCount", 10)


def kernel_pids(server_pid: int) -> set[int]:
    """The kernel processes started by the server (its ``ipykernel`` children)."""
    import psutil

    out = set()
    for p in psutil.Process(server_pid).children(recursive=True):
        with contextlib.suppress(psutil.Error):
            if "ipykernel" in " ".join(p.cmdline()):
                out.add(p.pid)
    return out


def memory_mb(pids: set[int]) -> list[tuple[float, float]]:
    """(RSS, USS) in MB of each process still alive."""
    import psutil

    out = []
    for pid in sorted(pids):
        with contextlib.suppress(psutil.Error):
            info = psutil.Process(pid).memory_full_info()
            out.append((info.rss / 2**20, info.uss / 2**20))
    return out


def project_pool() -> int:
    """The pool of pre-heated kernels ``voila.json`` keeps for the play lesson."""
    config = json.loads((ROOT / "voila.json").read_text())
    pools = config.get("VoilaKernelManager", {}).get("kernel_pools_config", {})
    return int(pools.get(PLAY, pools.get("default", {})).get("pool_size", 0))


@contextlib.contextmanager
def voila(class_size: int = 0) -> Iterator[Any]:
    """Voilà over notebooks/ as ``make app`` serves it (the project's voila.json), with
    ``--TutorApp.class_size`` (``make app CLASS_SIZE=``) when ``class_size`` > 0."""
    extra = [f"--TutorApp.class_size={class_size}"] if class_size else []
    with tempfile.TemporaryDirectory() as tmp:
        with voila_harness.run_voila(
            voila_harness.NOTEBOOKS_DIR,
            cwd=ROOT,
            log_path=Path(tmp) / "voila.log",
            module=voila_harness.APP_MODULE,
            extra_args=extra,
        ) as server:
            wait_for_pools(server)  # let the pools fill before anyone arrives
            yield server


def wait_for_pools(server: Any, timeout_s: float = 300.0, expect: int = 0) -> None:
    """Wait until every pre-heated kernel is ready (at least ``expect`` of them): it has
    run its notebook up to the point where it waits for its page
    (``gin.ui.page.urlparams.page_query``), holding a connection to the server for the page's
    address."""
    import psutil

    port = int(server.base_url.rsplit(":", 1)[1])

    def waiting(pid: int) -> bool:
        with contextlib.suppress(psutil.Error):
            for c in psutil.Process(pid).net_connections(kind="tcp"):
                if c.raddr and c.raddr.port == port and c.status == psutil.CONN_ESTABLISHED:
                    return True
        return False

    deadline = time.monotonic() + timeout_s
    ready = 0
    while time.monotonic() < deadline:
        pids = kernel_pids(server.proc.pid)
        full = pids and len(pids) >= expect and all(waiting(p) for p in pids)
        ready = ready + 1 if full else 0
        if ready >= 3:
            return
        time.sleep(1.0)


@dataclass
class Scenario:
    learners: int
    pool: int
    load: float
    stages_s: list[tuple[float, float, float]]
    visible_s: list[float]
    clicks_ms: list[float]
    timeouts: int
    timed_out: list[str]
    memory_loaded: list[tuple[float, float]]
    memory_played: list[tuple[float, float]]
    server_mb: float


def run_scenario(browser: Any, server: Any, n: int, pool: int) -> Scenario:
    """``n`` learners open the play lesson at once and play."""
    import psutil

    wait_for_pools(server)
    before = kernel_pids(server.proc.pid)
    load = os.getloadavg()[0]
    pages = []
    for _ in range(n):
        page = voila_harness.new_page(browser)
        page.add_init_script(VISIBLE_SCRIPT)
        page.set_default_timeout(120_000)
        pages.append(page)
    url = f"{server.base_url}/voila/render/{PLAY}"
    for page in pages:
        page.goto(url, wait_until="commit", timeout=120_000)
    visible = []
    stages = []
    for page in pages:
        page.wait_for_function("() => window.__ginVisible !== undefined", timeout=180_000)
        visible.append(page.evaluate("() => window.__ginVisible") / 1000)
        first, executed, shown = page.evaluate(STAGES_JS)
        stages.append((first / 1000, max(0.0, executed - first) / 1000, (shown - executed) / 1000))
    time.sleep(1.0)
    new = kernel_pids(server.proc.pid) - before
    used = set(before) | new  # kernels from the pool, those started, and the refills
    loaded = memory_mb(used)

    learners = [Learner(p) for p in pages]
    want = CLICKS_PER_LEARNER[n]
    end = time.monotonic() + SCENARIO_SECONDS
    while time.monotonic() < end and any(len(lr.samples) < want for lr in learners):
        for lr in learners:
            if len(lr.samples) < want or lr.pending is not None:
                lr.poll()
        time.sleep(0.02)
    played = memory_mb(used)
    server_mb = psutil.Process(server.proc.pid).memory_info().rss / 2**20
    for page in pages:
        page.close(run_before_unload=True)  # the closing beacon shuts the kernel down
    time.sleep(1.5)
    for page in pages:
        page.context.close()
    return Scenario(
        learners=n,
        pool=pool,
        load=load,
        stages_s=stages,
        visible_s=visible,
        clicks_ms=[v for lr in learners for _, v in lr.samples],
        timeouts=sum(lr.timeouts for lr in learners),
        timed_out=[k for lr in learners for k in lr.timed_out],
        memory_loaded=loaded,
        memory_played=played,
        server_mb=server_mb,
    )


def cpu_busy(window_s: float = 2.0) -> float:
    """The share of the machine's CPU time spent busy over the next ``window_s``."""

    def sample() -> tuple[int, int]:
        with open("/proc/stat") as f:
            values = [int(v) for v in f.readline().split()[1:]]
        idle = values[3] + values[4]  # idle and waiting for I/O
        return sum(values), idle

    total0, idle0 = sample()
    time.sleep(window_s)
    total1, idle1 = sample()
    return 1.0 - (idle1 - idle0) / max(1, total1 - total0)


def wait_for_quiet(timeout_s: float = 90.0) -> float:
    """Wait until the machine is at rest (:data:`QUIET_BUSY`); returns the last share."""
    deadline = time.monotonic() + timeout_s
    busy = cpu_busy()
    while busy > QUIET_BUSY and time.monotonic() < deadline:
        busy = cpu_busy()
    return busy


@dataclass
class ClassRound:
    """A class of ten opens the play lesson together: one learner in Chromium, who
    arrives last, and nine remote learners (:mod:`benchmarks.remote_learner`)."""

    busy: float
    load: float
    visible_s: float
    stages_s: tuple[float, float, float]
    remote: list[RemoteTimes]


def run_class_round(browser: Any, server: Any, pooled: int) -> ClassRound:
    """One round of the class: wait for ``pooled`` pre-heated kernels and a quiet moment,
    then nine remote learners and one Chromium page open the play lesson at once."""
    wait_for_pools(server, expect=pooled)
    time.sleep(QUIET_S)
    busy = wait_for_quiet()
    load = os.getloadavg()[0]
    page = voila_harness.new_page(browser)
    page.add_init_script(VISIBLE_SCRIPT)
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        remote = asyncio.run_coroutine_threadsafe(
            open_together(server.base_url, PLAY, CLASS - 1), loop
        )
        page.goto(f"{server.base_url}/voila/render/{PLAY}", wait_until="commit")
        page.wait_for_function("() => window.__ginVisible !== undefined", timeout=120_000)
        first, executed, shown = page.evaluate(STAGES_JS)
        times = remote.result(120)
        for r in times:
            asyncio.run_coroutine_threadsafe(r.leave(), loop).result(30)
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
    page.close(run_before_unload=True)
    time.sleep(1.5)
    page.context.close()
    return ClassRound(
        busy=busy,
        load=load,
        visible_s=shown / 1000,
        stages_s=(first / 1000, max(0.0, executed - first) / 1000, (shown - executed) / 1000),
        remote=times,
    )


def _fmt_s(values: Sequence[float]) -> str:
    if not values:
        return "–"
    return f"{statistics.median(values):.2f} s (max {max(values):.2f})"


def _mem(values: Sequence[tuple[float, float]]) -> str:
    if not values:
        return "–"
    rss = [r for r, _ in values]
    uss = [u for _, u in values]
    return f"{statistics.median(rss):.0f} / {statistics.median(uss):.0f} (max RSS {max(rss):.0f})"


def _mark(ok: bool) -> str:
    return "✅" if ok else "❌"


def report(scenarios: Sequence[Scenario]) -> list[str]:
    rows = []
    stage_rows = []
    for s in scenarios:
        p50 = percentile(s.clicks_ms, 50)
        p95 = percentile(s.clicks_ms, 95)
        vis_ok = bool(s.visible_s) and max(s.visible_s) <= TARGET_VISIBLE_S
        click_ok = p95 <= TARGET_CLICK_P95_MS
        mem = s.memory_played or s.memory_loaded
        mem_ok = bool(mem) and max(r for r, _ in mem) <= TARGET_KERNEL_MB
        pool = f"{s.pool} (`CLASS_SIZE={s.pool}`)" if s.pool else f"{project_pool()} (voila.json)"
        rows.append(
            [
                str(s.learners),
                pool,
                f"{s.load:.1f}",
                f"{_fmt_s(s.visible_s)} {_mark(vis_ok)}",
                f"{p50:.0f} / {p95:.0f} ms {_mark(click_ok)} (n={len(s.clicks_ms)}"
                + (
                    f", {s.timeouts} timed out: {', '.join(sorted(set(s.timed_out)))}"
                    if s.timeouts
                    else ""
                )
                + ")",
                _mem(s.memory_loaded),
                f"{_mem(s.memory_played)} {_mark(mem_ok)}",
                f"{s.server_mb:.0f}",
            ]
        )
        stage_rows.append(
            [str(s.learners), pool] + [_fmt_s([st[i] for st in s.stages_s]) for i in range(3)]
        )
    return [
        table(
            [
                "learners",
                "play-lesson pool",
                "load",
                "table visible: median (max)",
                "click to update p50 / p95",
                "kernel MB loaded: RSS / USS",
                "kernel MB after playing",
                "Voilà server MB",
            ],
            rows,
        ),
        "",
        "Where a learner's wait goes (median, max over the learners of each row):",
        "",
        table(
            [
                "learners",
                "play-lesson pool",
                "first byte (kernel from the pool or started)",
                "notebook executed",
                "widgets rendered",
            ],
            stage_rows,
        ),
    ]


def kernel_stages(repeats: int = 3) -> list[str]:
    """Start a kernel, import the play lesson, build it: seconds for each, in a kernel of
    its own (median of ``repeats``)."""
    from jupyter_client.manager import start_new_kernel

    def timed(kc: Any, code: str) -> float:
        t0 = time.perf_counter()
        reply = kc.execute_interactive(code, timeout=120, output_hook=lambda _m: None)
        assert reply["content"]["status"] == "ok", reply
        return time.perf_counter() - t0

    starts, imports, builds = [], [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        km, kc = start_new_kernel(kernel_name="python3", cwd=str(voila_harness.NOTEBOOKS_DIR))
        starts.append(time.perf_counter() - t0)
        try:
            imports.append(timed(kc, "from gin.ui.lessons import play_lesson"))
            builds.append(timed(kc, "lesson = play_lesson()"))
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=True)
    return [
        table(
            ["kernel start", "imports (gin.ui, ipywidgets, the bots)", "building the lesson"],
            [[f"{statistics.median(v):.2f} s" for v in (starts, imports, builds)]],
        )
    ]


def class_report(rounds: Sequence[ClassRound], solo_drawing_s: float) -> list[str]:
    """The class of ten, round by round, and the verdict against the target."""
    rows = []
    worst = 0.0
    for i, r in enumerate(rounds, 1):
        pages = [t.page for t in r.remote]
        states = [t.states for t in r.remote]
        estimate = max(pages) + solo_drawing_s
        worst = max(worst, r.visible_s, estimate)
        rows.append(
            [
                str(i),
                f"{r.busy:.0%} / {r.load:.1f}",
                f"{r.visible_s:.2f} s {_mark(r.visible_s <= TARGET_VISIBLE_S)}",
                " / ".join(f"{v:.2f}" for v in r.stages_s),
                f"{statistics.median(pages):.2f} s (max {max(pages):.2f})",
                f"{statistics.median(states):.2f} s (max {max(states):.2f})",
                f"{estimate:.2f} s {_mark(estimate <= TARGET_VISIBLE_S)}",
            ]
        )
    widgets = sorted({t.widgets for r in rounds for t in r.remote})
    verdict = "met" if worst <= TARGET_VISIBLE_S else "**not met**"
    return [
        table(
            [
                "round",
                "CPU busy before / load",
                "Chromium learner (arrives last): table visible",
                "its first byte / notebook executed / widgets rendered (s)",
                f"{CLASS - 1} remote learners: page received",
                "every widget's state received",
                "the same: page + drawing on their own computer",
            ],
            rows,
        ),
        "",
        f"The slowest of the ten in any round: {worst:.2f} s against {TARGET_VISIBLE_S:g} s: "
        f"{verdict}. The nine remote learners' last column adds to the moment their page "
        f"arrived the time one learner's Chromium takes to draw the table alone "
        f'({solo_drawing_s:.2f} s, the first table\'s "widgets rendered"); their pages '
        f"hold {', '.join(map(str, widgets))} widgets each.",
    ]


def run() -> str:
    """Measure and return the ``app`` section of ``docs/BENCHMARKS.md``."""
    lines, chromium = browser_head(
        "## The app in the browser (Voilà + Chromium)",
        f"Targets: the table visible within {TARGET_VISIBLE_S:g} s of opening `{PLAY}` for "
        f"every learner, click to update under {TARGET_CLICK_P95_MS:g} ms at p95, under "
        f"{TARGET_KERNEL_MB:g} MB per kernel. Memory: resident (RSS, counts shared libraries "
        "in every process) and unique (USS, what each extra kernel really adds), over the "
        "kernels serving the pages and those waiting in the pools.",
    )
    if chromium is None:
        return "\n".join(lines)
    started = time.perf_counter()
    print("    kernel stages ...", flush=True)
    stages = kernel_stages()
    scenarios: list[Scenario] = []
    rounds: list[ClassRound] = []
    with voila_harness.chromium_browser(chromium) as browser:
        with voila() as server:
            print("    1 learner, pool voila.json ...", flush=True)
            scenarios.append(run_scenario(browser, server, 1, 0))
        with voila(class_size=CLASS) as server:
            pooled = 2 * CLASS  # Start here and the play lesson
            for i in range(CLASS_ROUNDS):
                print(f"    class of {CLASS}, round {i + 1} ...", flush=True)
                rounds.append(run_class_round(browser, server, pooled))
            print(f"    {CLASS} learners in Chromium on this machine ...", flush=True)
            wait_for_pools(server, expect=pooled)
            time.sleep(QUIET_S)
            wait_for_quiet()
            scenarios.append(run_scenario(browser, server, CLASS, CLASS))
    solo_drawing = scenarios[0].stages_s[0][2]
    lines += [
        "### A class of ten arriving together",
        "",
        f"The server runs as `make app CLASS_SIZE={CLASS}` serves it: {CLASS} pre-heated "
        "kernels for Start here and for the play lesson, each started and with the "
        "lesson's modules and every language's catalog loaded "
        "(`gin.ui.page.language.warm_up`), waiting for its page. Ten learners open the play "
        "lesson at the same moment. In a class each learner's browser draws the page on "
        "the learner's own computer and only the server is shared, so nine of the ten are "
        "remote learners (`benchmarks/remote_learner.py`): they ask the server for "
        "everything a page asks for (the page, the kernel's websocket, every widget's "
        "state) without drawing it. The tenth is a real Chromium page on this machine, "
        "sent last, so it waits behind the nine and draws while the server serves them. "
        f"{CLASS_ROUNDS} rounds; before each the pools have refilled and the machine is at "
        f"rest (its cores busy under {QUIET_BUSY:.0%} over 2 s; the load average, a "
        "one-minute mean, still counts the twenty kernels that just started).",
        "",
        *class_report(rounds, solo_drawing),
        "",
        "### Learners in Chromium on this machine",
        "",
        "One learner with the pools of `voila.json`, then ten Chromium pages at once with "
        f"`CLASS_SIZE={CLASS}`. The ten pages draw on the same two cores as the server "
        "and its kernels, which a class never does: the second row measures this "
        "machine's ten browsers more than the server; and ten seconds after they arrive "
        "(`fill_delay` in `voila.json`) the pool starts ten kernels again, on the same "
        "cores. Every learner then plays (clicks made on all pages at once).",
        "",
        *report(scenarios),
        "",
        "In a kernel of its own (no browser, no other learner):",
        "",
        *stages,
        "",
        f"`voila.json` (as `make app` uses it) keeps {project_pool()} pre-heated kernels "
        "ready for the play lesson and one for Start here, which suits one learner or a "
        "few on a small machine; `make app CLASS_SIZE=N` pre-heats N for each for a class. "
        "A learner beyond the pool waits for a kernel to start and run the notebook (the "
        "kernel start and imports above).",
        "",
        f"Whole section measured in {time.perf_counter() - started:.0f} s.",
    ]
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover
    print(run())
