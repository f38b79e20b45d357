"""A class under load: 40 learners record events into the class store at once, while the
teacher's page reads the table, on SQLite and on PostgreSQL.

Each learner is its own process, as each learner's kernel is under Voilà, writing straight
into the store (the app's path). On SQLite, the store's file on this machine; on PostgreSQL
(a throwaway cluster of Debian's server on this machine, `benchmarks/pg_cluster.py`), one
database, each learner's process with its own connection, as the kernels of several app
servers (or hub users' servers) are; nothing leaves 127.0.0.1. Measured, at p50
and p95:

- a learner's click, i.e. what the class adds to a checked answer: one event committed
  (a transaction), as the kernel's class writer does it;
- a level's Check clicked in a lesson of this process (the answer checked by the engine,
  the event committed to the store, the progress updated);
- a refresh of the teacher's table (the events added since the last look, the summary,
  the table drawn);
- the teacher's lag: from an event's commit to the teacher's read that first returns it
  (reading on from the last number seen, every 0.5 s);

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

from benchmarks.school_load import PAUSE_S, SchoolResult, teacher_look

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
    lag_ms: list[float]
    """From an event's commit to the teacher's read that first returned it."""


def _learner(address: str, token: str, seconds: float, out: mp.Queue) -> None:  # type: ignore[type-arg]
    from gin.ui.classroom.store import Event, open_store
    from gin.ui.lessons.levels import LEVELS

    store = open_store(address)  # its own connection, as each kernel has
    rng = random.Random(token)
    sent, times = 0, []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        level = rng.choice(LEVELS).key
        right = rng.random() < 0.7
        event = Event(
            "answer",
            rules="classic",
            level=level,
            right=right,
            slip="" if right else "pair",
            state="started",
        )
        t0 = time.perf_counter()
        store.record(CODE, token, event)
        times.append((time.perf_counter() - t0) * 1000)
        sent += 1
        time.sleep(rng.uniform(0, 2 * INTERVAL_S))
    out.put((sent, times))


def run_load(address: Path | str, learners: int = LEARNERS, seconds: float = 20.0) -> LoadResult:
    """``learners`` processes send events for ``seconds`` into the store at ``address`` (a
    data directory, or a ``postgresql://`` address), while this process refreshes the
    teacher's table."""
    from gin.ui.classroom.address import DATA_ENV, DB_ENV
    from gin.ui.classroom.store import open_store

    store = open_store(address)
    store.create_class(CODE)
    tokens = [store.join(CODE, f"Learner {i}", token=f"tok-{i}").token for i in range(learners)]
    ctx = mp.get_context("fork")  # a learner starts at once (a kernel is already running)
    out: mp.Queue = ctx.Queue()  # type: ignore[type-arg]
    procs = [ctx.Process(target=_learner, args=(str(address), t, seconds, out)) for t in tokens]
    for p in procs:
        p.start()
    from gin.ui.classroom import record

    before = (
        {name: os.environ.get(name) for name in (DATA_ENV, DB_ENV)},
        dict(record._state),
        record.LIMIT,
    )
    try:
        return _measure(store, str(address), procs, out, learners, seconds)
    finally:  # this process records for no class any more
        for name, value in before[0].items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        record._state.update(before[1])
        record.LIMIT = before[2]


def _measure(
    store: Any, address: str, procs: list[Any], out: Any, learners: int, seconds: float
) -> LoadResult:
    from gin.ui.classroom import record
    from gin.ui.classroom.summary import ClassTally

    panel = _measured_learner(store, address)
    teacher_ms, check_ms, lag_ms = [], [], []
    tally = ClassTally()  # as the teacher's page: only the events added since its last look
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        teacher_look(store, CODE, tally, teacher_ms, lag_ms)
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
    record.flush()
    last = store.events(CODE, after=tally.last_id)  # what the teacher's next look reads
    lag_ms += [(time.time() - e.at) * 1000 for e in last]
    sent = sum(n for n, _ in results) + len(check_ms)
    click_ms = [t for _, ts in results for t in ts]
    stored = store.count_events(CODE)
    return LoadResult(learners, seconds, sent, stored, click_ms, teacher_ms, check_ms, lag_ms)


def _measured_learner(store: Any, address: str) -> Any:
    """A learner of the class in this process, on level 1 of the course."""
    from gin.ui.classroom import record
    from gin.ui.classroom.address import DATA_ENV, DB_ENV
    from gin.ui.lessons.course import CourseLesson

    os.environ.pop(DATA_ENV, None)
    os.environ[DB_ENV] = address
    store.join(CODE, "Measured", token="tok-measured")
    record._state.update(store=None, member=None)
    # a learner's kernel starts with no answer recorded: an earlier run of this process
    # (SQLite before PostgreSQL) answered the same questions as the same learner, which the
    # kernel would rightly not record again
    record._recorded.clear()
    # this learner clicks Check twice a second, faster than the kernel's limit on a
    # learner's events (record.EVENTS_PER_MINUTE): the limit is not what is measured
    record.LIMIT = record.EventLimit(per_minute=10**9)
    record.set_member(CODE, "tok-measured")
    return CourseLesson(seed=5, level="card-values").current


def p95(values: list[float]) -> float:
    """The 95th percentile."""
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def _postgres_run(seconds: float) -> tuple[LoadResult, SchoolResult, float] | str:
    """The load on a throwaway PostgreSQL cluster, straight into the store and then through
    two app servers (with the load average when that run started), or why there is none."""
    from benchmarks.pg_cluster import running_cluster, why_not
    from benchmarks.school_load import run_school

    why = why_not()
    if why:
        return why
    with running_cluster() as cluster:
        direct = run_load(cluster.database(), LEARNERS, seconds)
        load = os.getloadavg()[0]
        return direct, run_school(cluster.database(), LEARNERS, seconds), load


def _school_table(school: SchoolResult, load: float) -> str:
    """The run through two app servers (benchmarks/school_load.py), in Markdown."""
    verdict = "none lost" if school.answered == school.stored else "EVENTS LOST"
    servers = " and ".join(str(n) for n in school.per_server)
    return (
        "### Through two app servers on one PostgreSQL database\n\n"
        f"{school.learners} learners ({servers} through each of two tutor servers, "
        "`--TutorApp.class_db=postgresql://…`, as two hub user servers are) open level 1 in "
        "Voilà as a page does, join the class through their server's `class/join`, and "
        f"answer for {school.seconds:g} s: a number typed and sent, Next, a pause of "
        f"{PAUSE_S[0]:g} to {PAUSE_S[1]:g} s. Each answer is checked and recorded by the "
        "learner's own kernel; the teacher's table is read from the store every 0.5 s "
        "(`benchmarks/school_load.py`). Load average "
        f"{load:.1f} when the learners arrived; the two servers, their "
        f"{school.learners} kernels and the database share the 2 cores.\n\n"
        "| measure, p50 / p95 | PostgreSQL, two app servers |\n| --- | --- |\n"
        f"| events | {school.answered} answers with a verdict, {school.stored} stored "
        f"({verdict}) |\n"
        f"| a learner's answer: Enter to the kernel idle (checked, recorded, drawn) | "
        f"{_cell(school.answer_ms)} |\n"
        f"| a refresh of the teacher's table | {_cell(school.teacher_ms)} |\n"
        f"| the teacher's lag: commit to the read that returns it | {_cell(school.lag_ms)} "
        f"(max {max(school.lag_ms, default=0):.0f}) |\n"
    )


def _cell(values: list[float]) -> str:
    return f"{statistics.median(values):.1f} / {p95(values):.1f} ms"


def run() -> str:
    """The benchmark's section of docs/BENCHMARKS.md (Markdown)."""
    seconds = float(os.environ.get("CLASS_LOAD_SECONDS", "20"))
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        lite = run_load(Path(tmp), LEARNERS, seconds)
    pg_load = os.getloadavg()[0]
    pg_run = _postgres_run(seconds)
    pg = pg_run if isinstance(pg_run, str) else pg_run[0]
    runs = [("SQLite (`make app`)", lite)]
    if isinstance(pg, LoadResult):
        runs.append(("PostgreSQL (one database)", pg))
    header = "| measure, p50 / p95 | " + " | ".join(name for name, _ in runs) + " |\n"
    header += "| --- |" + " --- |" * len(runs) + "\n"

    def row(label: str, pick: Any) -> str:
        return f"| {label} | " + " | ".join(pick(r) for _, r in runs) + " |\n"

    def lost(r: LoadResult) -> str:
        verdict = "none lost" if r.sent == r.stored else "EVENTS LOST"
        return f"{r.sent} sent, {r.stored} stored ({verdict})"

    table = (
        header
        + row("events", lost)
        + row("a learner's click: one event recorded", lambda r: _cell(r.click_ms))
        + row(
            "a level's Check clicked (checked, queued for the store)", lambda r: _cell(r.check_ms)
        )
        + row("a refresh of the teacher's table", lambda r: _cell(r.teacher_ms))
        + row(
            "the teacher's lag: commit to the read that returns it",
            lambda r: _cell(r.lag_ms) + f" (max {max(r.lag_ms, default=0):.0f})",
        )
    )
    no_pg = "" if isinstance(pg, LoadResult) else f"PostgreSQL not measured here: {pg}.\n\n"
    machine = (
        f"On {os.cpu_count()} cores, load average {load:.1f} when the SQLite run started and "
        f"{pg_load:.1f} when the PostgreSQL run did (other work on the machine shows in the "
        "p95 figures). The PostgreSQL server runs on the same two cores as the learners, "
        "with `fsync=off` (a throwaway cluster): a real server syncs each commit to its disk, "
        "which adds that disk's sync time to a click's figure."
    )
    return (
        "## A class under load (the class store)\n\n"
        f"{LEARNERS} learners, each its own process, record answers into the class store "
        f"for {seconds:g} s while, in one more learner's lesson, a level's Check is clicked "
        "and the teacher's table refreshed, each every 0.5 s "
        "(`benchmarks/classroom_load.py`; `make class-load` runs 5 minutes). On SQLite they "
        "write into the store's file; on PostgreSQL into one database of a throwaway cluster "
        "on this machine, each with its own connection, as the kernels of several app servers "
        "do; below, the same class through two real app servers. The "
        "teacher's read takes the events numbered after the last one it saw; a lag counts "
        "the 0.5 s between two reads.\n\n"
        f"{table}\n{no_pg}{machine}\n"
        + ("" if isinstance(pg_run, str) else "\n" + _school_table(*pg_run[1:]))
    )


if __name__ == "__main__":
    print(run())
