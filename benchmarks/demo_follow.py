"""A classroom demo followed by 40 learners (issue 42): the teacher's move to each follower.

The teacher's side (this process) opens a class of :data:`FOLLOWERS` learners in the class
store, plays a deal at the demo's pace (a move every :data:`MOVE_S` seconds, both seats
played by the tactician) and publishes each position as the demo desk does
(:func:`gin.ui.classroom.demo.frame_of`, :meth:`publish_demo`); every :data:`ASK_EVERY`-th
move of the teacher's seat it asks the class, and reveals :data:`ANSWER_S` seconds later.
Each follower is its own process, as each learner's kernel is: it polls the store as the
follower view does (:data:`gin.ui.demo.follow.FOLLOW_POLL_S`), reads each new state and
draws the position's HTML (:func:`gin.ui.demo.follow.position_html`), and answers each
question once, after a human pause. Measured: from the teacher's publish to the position
drawn in each follower's kernel (the browser's own paint is not in it: the browser test
``tests/e2e/test_demo_e2e.py`` checks three real pages), and whether every answer was
recorded. Run on SQLite (``make app``) and on a throwaway PostgreSQL cluster (the school's
set-up: every server's kernels reach one database).

    python -m benchmarks --only demo
    python -m benchmarks.demo_follow --follower ADDRESS CODE TOKEN   # one follower
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

FOLLOWERS = int(os.environ.get("DEMO_FOLLOWERS", "40"))
MOVE_S = 1.0
"""Seconds between the teacher's moves."""
ASK_EVERY = 3
"""The teacher asks the class at every third decision of the teacher's seat."""
ANSWER_S = 4.0
"""How long a question stays open before the reveal."""
MOVES = int(os.environ.get("DEMO_MOVES", "30"))
"""Moves played (a deal ends sooner: the next one is dealt)."""
ROOT = Path(__file__).resolve().parent.parent


@dataclass
class DemoRun:
    """What one run measured."""

    followers: int
    publishes: int
    lag_ms: list[float]
    """Publish to the position drawn, one figure per follower per state seen."""
    missed: int
    """States a follower never saw (a newer one came first: it drew that one)."""
    questions: int
    answered: int
    stored: int


def follower(address: str, code: str, token: str) -> None:
    """One follower's kernel: poll, draw, answer; print what it saw as JSON at the end."""
    from gin.ui.classroom.store import open_store
    from gin.ui.demo.follow import FOLLOW_POLL_S, position_html

    store = open_store(address)
    rng = random.Random(token)
    import gin

    warm = gin.Deal.new(gin.Rules.preset("classic"), dealer=0, rng=random.Random(0))
    from gin.ui.classroom.demo import frame_of

    position_html(frame_of(warm.view(0), open_hands=False))  # as a page drawn once before
    store.follow_demo(code, token, "bench")  # ready: "Follow the demo" pressed
    seen_version, lags, answered, started = 0, [], 0, False
    reads: list[float] = []
    pending: tuple[float, str, str] | None = None
    done_questions: set[str] = set()
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        version = store.demo_version(code)
        if version == 0 and started:
            break
        if version and version != seen_version:
            found = store.demo(code)
            if found is not None:
                seen_version, state = found
                read = time.time()
                position_html(state.frame)
                lags.append((time.time() - state.at) * 1000)
                reads.append((read - state.at) * 1000)
                started = True
                qid = state.question_id
                if qid and qid not in done_questions and state.question.revealed is None:
                    done_questions.add(qid)
                    delay = rng.uniform(0.3, 2.5)
                    pending = (time.monotonic() + delay, qid, rng.choice(state.question.options))
        if pending is not None and time.monotonic() >= pending[0]:
            _at, qid, choice = pending
            pending = None
            try:
                store.answer_demo(code, token, qid, choice)
                answered += 1
            except Exception as exc:  # a question closed before the answer: said, counted
                print(json.dumps({"refused": str(exc)}), file=sys.stderr)
        time.sleep(FOLLOW_POLL_S)
    store.close()
    print(json.dumps({"lags": lags, "reads": reads, "answered": answered, "seen": len(lags)}))


def run_demo(address: str, followers: int = FOLLOWERS, moves: int = MOVES) -> DemoRun:
    """The teacher's side of one run on the store at ``address``."""
    import gin
    from gin.bots import make_bot
    from gin.ui.classroom.demo import DemoState, Reveal, ask, frame_of
    from gin.ui.classroom.store import open_store

    store = open_store(address)
    code = "DEMO42"
    store.create_class(code)
    tokens = [f"follower-{i}" for i in range(followers)]
    for i, t in enumerate(tokens):
        store.join(code, f"Learner {i}", token=t)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "benchmarks.demo_follow", "--follower", address, code, t],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
            cwd=ROOT,
        )
        for t in tokens
    ]
    rng = random.Random(42)
    rules = gin.Rules.preset("classic")
    deal = gin.Deal.new(rules, dealer=1, rng=rng)
    bots = [make_bot("tactician", random.Random(1)), make_bot("tactician", random.Random(2))]
    demo, number, publishes, decisions, questions = "bench", 0, 0, 0, 0

    def publish(state: DemoState) -> None:
        nonlocal publishes
        store.publish_demo(code, state)
        publishes += 1

    ready_by = time.monotonic() + 180  # the followers' kernels start (imports) first
    while len(store.demo_followers(code, demo)) < followers and time.monotonic() < ready_by:
        time.sleep(0.5)
    publish(DemoState(demo, frame_of(deal.view(0), open_hands=False), at=time.time()))
    for _move in range(moves):
        time.sleep(MOVE_S)
        if deal.is_over:
            deal = gin.Deal.new(rules, dealer=rng.randrange(2), rng=rng)
        view = deal.view(0)
        if view.my_turn and view.legal_actions:
            decisions += 1
            if decisions % ASK_EVERY == 0:
                number += 1
                questions += 1
                q = ask(view, number)
                frame = frame_of(view, open_hands=False)
                publish(DemoState(demo, frame, q, at=time.time()))
                time.sleep(ANSWER_S)
                shown = Reveal(q.options[0], "best", 0.0)
                publish(
                    DemoState(demo, frame, replace(q, revealed=(shown,), best=q.options[0]),
                              at=time.time())
                )  # fmt: skip
                time.sleep(MOVE_S)
        mover = deal.to_move
        assert mover is not None
        deal.apply(bots[mover].choose(deal.view(mover)), mover)
        publish(DemoState(demo, frame_of(deal.view(0), open_hands=False), at=time.time()))
    time.sleep(2.0)
    store.end_demo(code)
    lags: list[float] = []
    answered = seen = 0
    for p in procs:
        out, _err = p.communicate(timeout=120)
        data = json.loads(out.strip().splitlines()[-1])
        lags += data["lags"]
        answered += data["answered"]
        seen += data["seen"]
    stored = len(store.demo_answers(code))
    store.close()
    return DemoRun(
        followers,
        publishes,
        lags,
        publishes * followers - seen,
        questions,
        answered,
        stored,
    )


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def _row(name: str, r: DemoRun) -> str:
    verdict = "every answer recorded" if r.answered == r.stored else "ANSWERS LOST"
    return (
        f"| {name} | {r.followers} | {r.publishes} | "
        f"{statistics.median(r.lag_ms):.0f} / {_p95(r.lag_ms):.0f} / {max(r.lag_ms):.0f} ms | "
        f"{r.missed} | {r.questions} questions, {r.answered} answers sent, {r.stored} stored "
        f"({verdict}) |\n"
    )


def run() -> str:
    """The benchmark's section of docs/BENCHMARKS.md (Markdown)."""
    from benchmarks.pg_cluster import running_cluster, why_not

    load = os.getloadavg()[0]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        rows.append(_row("SQLite (`make app`)", run_demo(tmp)))
    why = why_not()
    if why:
        rows.append(f"| PostgreSQL | not run: {why} | | | | |\n")
    else:
        with running_cluster() as cluster:
            rows.append(_row("PostgreSQL (a school)", run_demo(cluster.database())))
    return (
        f"{FOLLOWERS} learners follow a classroom demo, each in its own process as each "
        "learner's kernel is (`benchmarks/demo_follow.py`): the teacher publishes a move "
        f"every {MOVE_S:g} s and asks the class at every {ASK_EVERY}rd decision of the "
        f"teacher's seat (revealed {ANSWER_S:g} s later); each follower polls the class "
        "store every 0.25 s, reads each new state, draws the position's HTML and answers "
        "each question once after a pause of 0.3 to 2.5 s. Lag: from the teacher's publish "
        "to the position drawn in the follower's kernel (the page's paint after it is "
        "checked by the browser test with three followers, not timed here). Load average "
        f"{load:.1f} at the start; the teacher, {FOLLOWERS} followers and the database share "
        "the 2 cores.\n\n"
        "| store | followers | states published | lag p50 / p95 / max | states skipped "
        "(a newer one drawn instead) | answers |\n| --- | --- | --- | --- | --- | --- |\n"
        + "".join(rows)
    )


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--follower":
        follower(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        print(run())
