"""A class under load through two app servers on one PostgreSQL class store.

As two JupyterHub user servers (or two ``make app`` servers of one school) share a
database: two tutor servers (``--TutorApp.class_db=postgresql://…``) on one throwaway
cluster (:mod:`benchmarks.pg_cluster`). The class is made in the store; half the learners
come through each server, each as a page does it (:class:`benchmarks.remote_learner.LessonSocket`,
whose browser would draw on its own computer): level 1 (card values) opened in Voilà, the
class joined through the server's ``POST class/join``, the membership handed to the
lesson's kernel, then an answer typed and sent with Enter, Next, a pause, and again. Each
answer is checked in the learner's own kernel, which records it into the one database.
Meanwhile the teacher's table is read from the store every 0.5 s, as the teacher page's
kernel does.

Measured: a learner's answer (from Enter sent to the kernel idle again: checked, the
event committed, every update sent), the teacher's lag (from an event's commit to the
read that first returns it), and events lost: the answers that got a verdict against the
events the store holds.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.harness import voila_harness
from benchmarks.remote_learner import LessonSocket

CODE = "SCHQ22"
LEVEL_PAGE = "00_levels.ipynb?level=card-values&seed={seed}"
PAUSE_S = (1.5, 3.5)
"""A learner's pause after Next (some 20 answers a minute, under the kernel's limit of
``gin.ui.classroom.record.EVENTS_PER_MINUTE``)."""
OPENING_AT_ONCE = 4
"""Lessons asked for at the same moment on each server (each starts its kernel)."""


@dataclass
class SchoolResult:
    """What a run through two servers measured."""

    learners: int
    seconds: float
    servers: int
    answered: int
    """Answers that got a verdict (right or wrong): each is one event to record."""
    stored: int
    answer_ms: list[float] = field(default_factory=list)
    lag_ms: list[float] = field(default_factory=list)
    teacher_ms: list[float] = field(default_factory=list)
    per_server: list[int] = field(default_factory=list)
    """Learners who joined through each server."""


@dataclass
class _Learner:
    lesson: LessonSocket
    answered: int = 0
    answer_ms: list[float] = field(default_factory=list)


async def _arrive(base_url: str, index: int) -> _Learner:
    """A learner opens level 1 on ``base_url``, joins the class, and is a member."""
    lesson = await LessonSocket(base_url, LEVEL_PAGE.format(seed=index + 1)).open(600.0)
    joined = await lesson.post_json(
        "class/join", {"code": CODE, "nickname": f"Learner {index}", "lang": "en"}
    )
    if not joined.get("ok"):
        raise RuntimeError(f"learner {index} could not join: {joined.get('error')}")
    membership = {"code": joined["code"], "token": joined["token"]}
    link = lesson.mirror.find("gin-class-link")
    await lesson.send(link, {"event": "joined", "membership": membership})
    return _Learner(lesson)


async def _answer(learner: _Learner, rng: random.Random, end: float) -> None:
    """Answer, Next and pause until ``end``: each answer a number the learner types."""
    lesson = learner.lesson
    while time.monotonic() < end:
        box = lesson.mirror.find("gin-answer-points")
        t0 = time.perf_counter()
        await lesson.send(box, {"event": "submit", "value": str(rng.randint(0, 60))})
        learner.answer_ms.append((time.perf_counter() - t0) * 1000)
        verdict = lesson.mirror.classes(lesson.mirror.find("gin-feedback"))
        if "gin-feedback-right" in verdict or "gin-feedback-wrong" in verdict:
            learner.answered += 1
        await lesson.send(lesson.mirror.find("gin-next"), {"event": "click"})
        await asyncio.sleep(rng.uniform(*PAUSE_S))


def teacher_look(
    store: Any, code: str, tally: Any, teacher_ms: list[float], lag_ms: list[float]
) -> None:
    """One look of the teacher's page at the class ``code``: the events added since its
    last look (``tally``, a :class:`gin.ui.classroom.summary.ClassTally`) read and the table
    drawn; the look's time goes into ``teacher_ms``, each event's lag (from its commit to
    this read) into ``lag_ms``."""
    from gin.ui.classroom.teacher import table_html

    t0 = time.perf_counter()
    events = store.events(code, after=tally.last_id)
    read_at = time.time()
    tally.add(store.learners(code), events)
    table_html(tally.summary(), code)
    teacher_ms.append((time.perf_counter() - t0) * 1000)
    lag_ms += [(read_at - e.at) * 1000 for e in events]


async def _teacher(store: Any, end: float, result: SchoolResult) -> None:
    """Read the class's new events every 0.5 s, as the teacher's page does."""
    from gin.ui.classroom.summary import ClassTally

    tally = ClassTally()
    while time.monotonic() < end:
        teacher_look(store, CODE, tally, result.teacher_ms, result.lag_ms)
        await asyncio.sleep(0.5)
    result.lag_ms += [(time.time() - e.at) * 1000 for e in store.events(CODE, after=tally.last_id)]


async def _class(bases: list[str], store: Any, learners: int, seconds: float) -> SchoolResult:
    at_once = [asyncio.Semaphore(OPENING_AT_ONCE) for _ in bases]

    async def arrive(index: int) -> _Learner:
        server = index % len(bases)
        async with at_once[server]:
            return await _arrive(bases[server], index)

    crowd = await asyncio.gather(*(arrive(i) for i in range(learners)))
    result = SchoolResult(learners, seconds, len(bases), 0, 0)
    result.per_server = [
        sum(1 for i in range(learners) if i % len(bases) == s) for s in range(len(bases))
    ]
    end = time.monotonic() + seconds
    await asyncio.gather(
        _teacher(store, end + PAUSE_S[1] + 5, result),
        *(_answer(one, random.Random(i), end) for i, one in enumerate(crowd)),
    )
    result.answered = sum(one.answered for one in crowd)
    result.answer_ms = [t for one in crowd for t in one.answer_ms]
    result.stored = store.count_events(CODE)
    for one in crowd:
        await one.lesson.leave()
    return result


@contextlib.contextmanager
def two_servers(database: str, learners: int) -> Iterator[list[str]]:
    """Two tutor servers on ``database``, each with room for its half of ``learners``."""
    room = learners // 2 + 4
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        bases = []
        for name in ("one", "two"):
            here = voila_harness.small_pool_config(Path(tmp) / name, pool=1)
            server = stack.enter_context(
                voila_harness.run_voila(
                    voila_harness.NOTEBOOKS_DIR,
                    cwd=here,
                    log_path=here / "app.log",
                    module=voila_harness.APP_MODULE,
                    extra_args=[
                        f"--TutorApp.class_db={database}",
                        f"--TutorApp.max_kernels={room}",
                    ],
                )
            )
            bases.append(server.base_url)
        yield bases


def run_school(database: str, learners: int = 40, seconds: float = 20.0) -> SchoolResult:
    """``learners`` through two app servers on the PostgreSQL ``database`` for ``seconds``
    of answering (after every learner has arrived)."""
    from gin.ui.classroom.store import open_store

    store = open_store(database)
    store.create_class(CODE)
    with two_servers(database, learners) as bases:
        return asyncio.run(_class(bases, store, learners, seconds))
