"""A class under load: 40 learners record events into the class store at once, while the
teacher's page reads the table.

Each learner is its own process, as each learner's kernel is under Voilà, writing straight
into the store's file on this machine (the app's path: kernels and server share the file;
nothing leaves 127.0.0.1). Measured, at p50 and p95:

- a learner's click, i.e. what the class adds to a checked answer: one event committed
  (a transaction), as the kernel's class writer does it;
- a level's Check clicked in a lesson of this process (the answer checked by the engine,
  the event committed to the store, the progress updated);
- a refresh of the teacher's table (the events added since the last look, the summary,
  the table drawn);

and that no event is lost.

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
from typing import Any

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
    check_ms: list[float]
    """A level's Check clicked in a lesson of this process (the answer checked, the progress
    and the class's record updated), as a learner's kernel does it."""


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

    store = ClassStore(data_dir)
    store.create_class(CODE)
    tokens = [store.join(CODE, f"Learner {i}", token=f"tok-{i}").token for i in range(learners)]
    ctx = mp.get_context("fork")  # a learner starts at once (a kernel is already running)
    out: mp.Queue = ctx.Queue()  # type: ignore[type-arg]
    procs = [ctx.Process(target=_learner, args=(str(data_dir), t, seconds, out)) for t in tokens]
    for p in procs:
        p.start()
    from gin.ui.classroom import record

    before = os.environ.get(record.DATA_ENV), dict(record._state), record.LIMIT
    try:
        return _measure(store, data_dir, procs, out, learners, seconds)
    finally:  # this process records for no class any more
        if before[0] is None:
            os.environ.pop(record.DATA_ENV, None)
        else:
            os.environ[record.DATA_ENV] = before[0]
        record._state.update(before[1])
        record.LIMIT = before[2]


def _measure(
    store: Any, data_dir: Path, procs: list[Any], out: Any, learners: int, seconds: float
) -> LoadResult:
    from gin.ui.classroom.summary import ClassTally
    from gin.ui.classroom.teacher import table_html

    panel = _measured_learner(store, data_dir)
    teacher_ms, check_ms = [], []
    tally = ClassTally()  # as the teacher's page: only the events added since its last look
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        t0 = time.perf_counter()
        events = store.events(CODE, after=tally.last_id)
        tally.add(store.learners(CODE), events)
        table_html(tally.summary(), CODE)
        teacher_ms.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.25)
        question = panel.exercise.question
        t0 = time.perf_counter()
        panel.exercise.submit(points=question.data["answer"])
        check_ms.append((time.perf_counter() - t0) * 1000)
        panel.exercise.next()
        time.sleep(0.25)
    results = [out.get(timeout=seconds + 120) for _ in procs]
    for p in procs:
        p.join(timeout=60)
    sent = sum(n for n, _ in results) + len(check_ms)
    click_ms = [t for _, ts in results for t in ts]
    stored = store.count_events(CODE)
    return LoadResult(learners, seconds, sent, stored, click_ms, teacher_ms, check_ms)


def _measured_learner(store: Any, data_dir: Path) -> Any:
    """A learner of the class in this process, on level 1 of the course."""
    from gin.ui.classroom import record
    from gin.ui.lessons.course import CourseLesson

    os.environ[record.DATA_ENV] = str(data_dir)
    store.join(CODE, "Measured", token="tok-measured")
    record._state.update(store=None, member=None)
    # this learner clicks Check twice a second, faster than the kernel's limit on a
    # learner's events (record.EVENTS_PER_MINUTE): the limit is not what is measured
    record.LIMIT = record.EventLimit(per_minute=10**9)
    record.set_member(CODE, "tok-measured")
    return CourseLesson(seed=5, level="card-values").current


def p95(values: list[float]) -> float:
    """The 95th percentile."""
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def run() -> str:
    """The benchmark's section of docs/BENCHMARKS.md (Markdown)."""
    seconds = float(os.environ.get("CLASS_LOAD_SECONDS", "20"))
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        r = run_load(Path(tmp), LEARNERS, seconds)
    machine = (
        f"On {os.cpu_count()} cores, load average {load:.1f} when it started "
        "(other work on the machine shows in the p95 column)."
    )
    return (
        "## A class under load (the class store)\n\n"
        f"{r.learners} learners, each its own process, record answers into the class store "
        f"for {r.seconds:g} s while, in one more learner's lesson, a level's Check is clicked "
        "and the teacher's table refreshed, each every 0.5 s "
        f"(`benchmarks/classroom_load.py`; `make class-load` runs 5 minutes). "
        f"Events sent {r.sent}, stored {r.stored}"
        f" ({'none lost' if r.sent == r.stored else 'EVENTS LOST'}).\n\n"
        "| measure | p50 | p95 |\n| --- | --- | --- |\n"
        f"| a learner's click: one event recorded | {statistics.median(r.click_ms):.1f} ms "
        f"| {p95(r.click_ms):.1f} ms |\n"
        "| a level's Check clicked (checked, written to the store) "
        f"| {statistics.median(r.check_ms):.1f} ms "
        f"| {p95(r.check_ms):.1f} ms |\n"
        f"| a refresh of the teacher's table | {statistics.median(r.teacher_ms):.1f} ms "
        f"| {p95(r.teacher_ms):.1f} ms |\n\n{machine}\n"
    )


if __name__ == "__main__":
    print(run())
