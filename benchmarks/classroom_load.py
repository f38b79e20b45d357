"""A class under load: 40 learners record events into the class store at once, while the
teacher's page reads the table.

Each learner is its own process, as each learner's kernel is under Voilà, writing straight
into the store's file on this machine (the app's path: kernels and server share the file;
nothing leaves 127.0.0.1). Measured: a learner's click, i.e. what the class adds to a
checked answer (recording one event, a transaction), and a refresh of the teacher's table
(reading the store, working out the summary, drawing the table), at p50 and p95; and that no
committed event is lost.

    python -m benchmarks --only classroom              # 20 s (CLASS_LOAD_SECONDS)
    make class-load                                    # the full 5 minutes
"""

from __future__ import annotations

import multiprocessing as mp
import os
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

LEARNERS = 40
CODE = "LOADQ2"
INTERVAL_S = 0.1
"""A learner's pause between events (40 learners: about 400 events a second)."""


@dataclass
class LoadResult:
    """What a run measured."""

    learners: int
    seconds: float
    sent: int
    stored: int
    click_ms: list[float]
    teacher_ms: list[float]


def _learner(data_dir: str, token: str, seconds: float, out: mp.Queue) -> None:  # type: ignore[type-arg]
    from gin.ui.classroom.store import ClassStore, Event
    from gin.ui.lessons.levels import LEVELS

    store = ClassStore(data_dir)  # its own connection, as each kernel has
    rng = random.Random(token)
    sent, times = 0, []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        level = rng.choice(LEVELS).key
        right = rng.random() < 0.7
        event = Event("answer", rules="classic", level=level, right=right,
                      slip="" if right else "pair", state="started")  # fmt: skip
        t0 = time.perf_counter()
        store.record(CODE, token, event)
        times.append((time.perf_counter() - t0) * 1000)
        sent += 1
        time.sleep(rng.uniform(0, 2 * INTERVAL_S))
    out.put((sent, times))


def run_load(data_dir: Path, learners: int = LEARNERS, seconds: float = 20.0) -> LoadResult:
    """``learners`` processes send events for ``seconds`` into a store under ``data_dir``,
    while this process refreshes the teacher's table."""
    from gin.ui.classroom.store import ClassStore
    from gin.ui.classroom.summary import summarize
    from gin.ui.classroom.teacher import table_html

    store = ClassStore(data_dir)
    store.create_class(CODE)
    tokens = [store.join(CODE, f"Learner {i}", token=f"tok-{i}").token for i in range(learners)]
    ctx = mp.get_context("fork")  # a learner starts at once (a kernel is already running)
    out: mp.Queue = ctx.Queue()  # type: ignore[type-arg]
    procs = [
        ctx.Process(target=_learner, args=(str(data_dir), t, seconds, out)) for t in tokens
    ]
    for p in procs:
        p.start()
    teacher_ms = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        t0 = time.perf_counter()
        table_html(summarize(store.learners(CODE), store.events(CODE)), CODE)
        teacher_ms.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.5)
    results = [out.get(timeout=seconds + 120) for _ in procs]
    for p in procs:
        p.join(timeout=60)
    sent = sum(n for n, _ in results)
    click_ms = [t for _, ts in results for t in ts]
    return LoadResult(learners, seconds, sent, store.count_events(CODE), click_ms, teacher_ms)


def p95(values: list[float]) -> float:
    """The 95th percentile."""
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def run() -> str:
    """The benchmark's section of docs/BENCHMARKS.md (Markdown)."""
    seconds = float(os.environ.get("CLASS_LOAD_SECONDS", "20"))
    with tempfile.TemporaryDirectory() as tmp:
        r = run_load(Path(tmp), LEARNERS, seconds)
    return (
        "## A class under load (the class store)\n\n"
        f"{r.learners} learners, each its own process, record answers into the class store "
        f"for {r.seconds:g} s while the teacher's table is refreshed every 0.5 s "
        f"(`benchmarks/classroom_load.py`; `make class-load` runs 5 minutes). "
        f"Events sent {r.sent}, stored {r.stored}"
        f" ({'none lost' if r.sent == r.stored else 'EVENTS LOST'}).\n\n"
        "| measure | p50 | p95 |\n| --- | --- | --- |\n"
        f"| a learner's click: one event recorded | {statistics.median(r.click_ms):.1f} ms "
        f"| {p95(r.click_ms):.1f} ms |\n"
        f"| a refresh of the teacher's table | {statistics.median(r.teacher_ms):.1f} ms "
        f"| {p95(r.teacher_ms):.1f} ms |\n"
    )


if __name__ == "__main__":
    print(run())
