"""The class store on both back ends: SQLite (the embedded default) and PostgreSQL (a school).

Every test of the ``address`` (or ``store``) fixture (tests/conftest.py) runs on both; the
PostgreSQL ones on the session's throwaway cluster (tests/pgcluster.py), skipped with a loud
message where PostgreSQL can't be had.

Rules checked: ``open_store`` picks the back end from the address and refuses anything else
in one sentence; both stores keep the same records through the same methods; the schema
version is checked at every opening (another version, or foreign data, refused in one
sentence); under concurrency (several processes, as learners' kernels on many machines):
no event is lost, the teacher's incremental read (``events(after=last)``) skips none even
when an event numbered lower commits later (and a store without the class lock does skip
it: the check bites), simultaneous joins with one nickname get distinct names, a second
"End class" is harmless, a writer killed mid-transaction leaves the store whole and
unlocked; the guess limit lives in the store, shared by every server, and is sized for a
school behind one address.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import run_sql, set_schema_version
from pgcluster import Cluster, free_port

from gin.ui.classroom.names import GUESSES_PER_MINUTE, GuessLimit
from gin.ui.classroom.store import (
    SCHEMA_VERSION,
    ClassStore,
    ClassStoreError,
    CodeInUse,
    Event,
    open_store,
)

ROOT = Path(__file__).resolve().parent.parent
WORKERS = Path(__file__).with_name("store_workers.py")
CODE = "ABCDEF"


def worker(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, str(WORKERS), *args], stdout=subprocess.PIPE, text=True, env=env
    )


def answer(i: int = 0) -> Event:
    return Event("answer", level="sets", right=i % 2 == 0, state="started")


# --------------------------------------------------------------------------- the address


def test_open_store_picks_the_back_end_from_the_address(tmp_path: Path, pg_url: str) -> None:
    from gin.ui.classroom.postgres import PostgresClassStore

    assert isinstance(open_store(tmp_path / "a"), ClassStore)
    assert isinstance(open_store(f"sqlite:///{tmp_path}/b"), ClassStore)
    by_file = open_store(f"sqlite:///{tmp_path}/c/school.sqlite3")
    assert isinstance(by_file, ClassStore) and by_file.path == tmp_path / "c" / "school.sqlite3"
    assert isinstance(open_store(pg_url), PostgresClassStore)
    for bad in ("mysql://db/x", "http://example.org/", ""):
        with pytest.raises(ClassStoreError) as caught:
            open_store(bad)
        assert caught.value.code == "class-store-address"


def test_postgresql_without_psycopg_is_refused_in_one_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)
    monkeypatch.delitem(sys.modules, "gin.ui.classroom.postgres", raising=False)
    with pytest.raises(ClassStoreError) as caught:
        open_store("postgresql://tutor:secret@db/gin")
    assert caught.value.code == "class-store-driver" and "oklahoma-gin[school]" in str(caught.value)


def test_an_unreachable_database_is_said_without_its_password(pg_cluster: Cluster) -> None:
    from gin.ui.classroom.events import StoreUnavailable

    url = f"postgresql://tutor:s3cret@127.0.0.1:{free_port()}/gin"
    with pytest.raises(StoreUnavailable) as caught:
        open_store(url)
    assert "s3cret" not in str(caught.value) and "tutor@127.0.0.1" in str(caught.value)


# --------------------------------------------------------------------------- same methods


def test_both_stores_keep_the_same_records_through_the_same_methods(store: Any) -> None:
    store.create_class(CODE)
    time.sleep(0.01)
    store.create_class("GHJKMN")
    assert store.classes() == ["GHJKMN", CODE]  # newest first
    assert store.class_exists(CODE) and not store.class_exists("ZZZZZZ")
    with pytest.raises(CodeInUse):
        store.create_class(CODE)
    with pytest.raises(sqlite3.IntegrityError):  # the contract the teacher's page catches
        store.create_class(CODE)
    assert store.join(CODE, "Ana", token="t1").nickname == "Ana"
    assert store.join(CODE, "Ana", token="t2").nickname == "Ana 2"
    with pytest.raises(ClassStoreError):
        store.join("ZZZZZZ", "Bo", token="t3")
    assert store.learner(CODE, "t2").nickname == "Ana 2"
    assert store.learner("GHJKMN", "t2") is None
    assert [lr.nickname for lr in store.learners(CODE)] == ["Ana", "Ana 2"]
    for i in range(4):
        store.record(CODE, "t1", answer(i))
    store.record(CODE, "t2", Event("deal", rules="classic", outcome="won", points=25))
    events = store.events(CODE)
    assert [e.kind for e in events] == ["answer"] * 4 + ["deal"]
    assert [e.right for e in events[:4]] == [True, False, True, False]
    assert events[4].outcome == "won" and events[4].points == 25 and events[4].token == "t2"
    assert [e.id for e in store.events(CODE, after=events[1].id)] == [e.id for e in events[2:]]
    assert store.count_events() == 5 and store.count_events(CODE) == 5
    with pytest.raises(ClassStoreError):  # a learner of another class
        store.record("GHJKMN", "t1", answer())
    with pytest.raises(ValueError):
        store.record(CODE, "t1", Event("keystroke"))
    store.record(CODE, "t1", answer(), uid="once")
    store.record(CODE, "t1", answer(), uid="once")  # retried after a lost answer: stored once
    assert store.count_events(CODE) == 6
    store.note_lost(CODE, "t1", 3)
    store.note_lost(CODE, "t2", 2)
    assert store.lost(CODE) == 5 and store.lost("GHJKMN") == 0
    store.end_class(CODE)
    store.end_class(CODE)  # a second End class does nothing
    assert store.classes() == ["GHJKMN"] and store.count_events() == 0
    assert store.learners(CODE) == [] and store.lost(CODE) == 0
    store.note_lost(CODE, "t1", 1)  # a class ended: nothing is noted
    assert store.lost(CODE) == 0


def test_everything_survives_reopening(address: str) -> None:
    store = open_store(address)
    store.create_class(CODE)
    store.join(CODE, "Ana", token="t1")
    store.record(CODE, "t1", answer())
    store.close()
    again = open_store(address)
    assert again.classes() == [CODE] and again.count_events(CODE) == 1
    again.check()


# --------------------------------------------------------------------------- schema version


def test_another_schema_version_is_refused_in_one_sentence(address: str, pg_url: str) -> None:
    open_store(address).close()
    set_schema_version(address, 9)
    with pytest.raises(ClassStoreError) as caught:
        open_store(address)
    assert caught.value.code == "class-store-version"
    assert "9" in str(caught.value) and str(SCHEMA_VERSION) in str(caught.value)


def test_foreign_data_is_refused_in_one_sentence(tmp_path: Path, pg_url: str) -> None:
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE invoices (n INTEGER)")
    run_sql(tmp_path / "class-store.sqlite3", "CREATE TABLE invoices (n INTEGER)")
    for where in (pg_url, str(tmp_path)):
        with pytest.raises(ClassStoreError) as caught:
            open_store(where)
        assert caught.value.code == "class-store-foreign"


def test_a_version_1_sqlite_store_is_brought_up_to_date(tmp_path: Path) -> None:
    """SQLite only: version 1 was SQLite's alone (the PostgreSQL store began at today's)."""
    from gin.ui.classroom import store as store_module

    run_sql(
        tmp_path / "class-store.sqlite3",
        store_module._TABLES,
        "INSERT INTO classes VALUES ('ABCDEF', 0)",
        "PRAGMA user_version = 1",
    )
    store = ClassStore(tmp_path)
    assert store.classes() == [CODE]
    store.join(CODE, "Ana", token="t")
    store.record(CODE, "t", answer(), uid="u")
    store.wrong_guess("10.0.0.1", time.time())
    assert store.count_events() == 1 and store.wrong_guesses("10.0.0.1", 0) == 1


def test_two_servers_opening_an_empty_database_at_once_make_the_tables_once(pg_url: str) -> None:
    errors: list[BaseException] = []

    def open_it() -> None:
        try:
            open_store(pg_url).close()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=open_it) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


# --------------------------------------------------------------------------- concurrency


def test_concurrent_writers_lose_nothing_and_the_incremental_reader_skips_nothing(
    address: str,
) -> None:
    """Six processes record at once while the teacher's page reads on from the highest
    number it has seen, as the table does (summary.ClassTally.last_id)."""
    store = open_store(address)
    store.create_class(CODE)
    writers, each = 6, 120
    for i in range(writers):
        store.join(CODE, f"L{i}", token=f"t{i}")
    procs = [worker("write", address, CODE, f"t{i}", str(each)) for i in range(writers)]
    seen: list[int] = []
    last = 0

    def read_on() -> None:
        nonlocal last
        for e in store.events(CODE, after=last):
            seen.append(e.id)
            last = max(last, e.id)

    while any(p.poll() is None for p in procs):
        read_on()
    read_on()
    assert all(p.wait(timeout=60) == 0 for p in procs)
    stored = [e.id for e in store.events(CODE)]
    assert len(stored) == writers * each
    assert seen == stored  # every event read once, none skipped, in order
    for i in range(writers):  # each learner's events kept their order
        mine = [e.right for e in store.events(CODE) if e.token == f"t{i}"]
        assert mine == [j % 2 == 0 for j in range(each)]


def read_around_a_late_commit(first: Any, second: Any, reader: Any) -> tuple[list[int], list[int]]:
    """``first`` records an event and stops just before committing it; ``second`` records
    one meanwhile; the reader reads, then ``first`` commits, then the reader reads on from
    the highest number it saw. Returns the numbers read and the numbers stored."""
    holding, release, second_done = threading.Event(), threading.Event(), threading.Event()

    def hold() -> None:
        holding.set()
        release.wait(30)

    first._before_commit = hold
    a = threading.Thread(target=lambda: first.record(CODE, "t1", answer(1)))
    b = threading.Thread(target=lambda: (second.record(CODE, "t2", answer(2)), second_done.set()))
    a.start()
    assert holding.wait(30)
    b.start()
    second_done.wait(1.0)  # done at once without the class lock; waits for `first` with it
    seen = [e.id for e in reader.events(CODE)]
    last = max(seen, default=0)
    release.set()
    a.join(30)
    b.join(30)
    seen += [e.id for e in reader.events(CODE, after=last)]
    return seen, [e.id for e in reader.events(CODE)]


def _three(make: Callable[[], Any]) -> tuple[Any, Any, Any]:
    first, second, reader = make(), make(), make()
    reader.create_class(CODE)
    reader.join(CODE, "Ana", token="t1")
    reader.join(CODE, "Bo", token="t2")
    return first, second, reader


def test_an_event_that_commits_after_a_higher_numbered_one_is_still_read(address: str) -> None:
    seen, stored = read_around_a_late_commit(*_three(lambda: open_store(address)))
    assert len(stored) == 2 and sorted(seen) == stored


def test_a_store_reading_by_number_alone_would_skip_it(pg_url: str) -> None:
    """The same race on a PostgreSQL store without the class lock (``ordered=False``), whose
    read is ``id > last`` alone: the event committed late is never read. This is what the
    test above would catch."""
    from gin.ui.classroom.postgres import PostgresClassStore

    seen, stored = read_around_a_late_commit(
        *_three(lambda: PostgresClassStore(pg_url, ordered=False))
    )
    assert len(stored) == 2 and sorted(seen) != stored
    assert min(stored) not in seen  # the lower number, committed last, was skipped


def test_learners_joining_with_one_nickname_at_the_same_instant_get_distinct_names(
    address: str,
) -> None:
    store = open_store(address)
    store.create_class(CODE)
    at = time.time() + 3.0  # the processes start, then all join at this instant
    procs = [worker("join", address, CODE, "Ana", str(at)) for _ in range(8)]
    names = [p.communicate(timeout=60)[0].strip() for p in procs]
    assert all(p.returncode == 0 for p in procs)
    assert sorted(names) == sorted(["Ana", *(f"Ana {i}" for i in range(2, 9))])


def test_a_join_racing_another_waits_for_its_name(address: str) -> None:
    """The same race made certain: one join stops after choosing "Ana", just before it
    commits, while another joins as "Ana"."""
    first, second = open_store(address), open_store(address)
    first.create_class(CODE)
    holding, release = threading.Event(), threading.Event()
    first._before_commit = lambda: (holding.set(), release.wait(30))
    names: list[str] = []
    a = threading.Thread(target=lambda: names.append(first.join(CODE, "Ana", token="a").nickname))
    b = threading.Thread(target=lambda: names.append(second.join(CODE, "Ana", token="b").nickname))
    a.start()
    assert holding.wait(30)
    first._before_commit = lambda: None
    b.start()
    time.sleep(0.5)
    release.set()
    a.join(30)
    b.join(30)
    assert sorted(names) == ["Ana", "Ana 2"]


def test_a_second_end_class_is_harmless_even_at_once(address: str) -> None:
    store = open_store(address)
    store.create_class(CODE)
    store.join(CODE, "Ana", token="t1")
    for i in range(20):
        store.record(CODE, "t1", answer(i))
    errors: list[BaseException] = []

    def end() -> None:
        try:
            open_store(address).end_class(CODE)
        except BaseException as exc:
            errors.append(exc)

    def write() -> None:
        try:
            open_store(address).record(CODE, "t1", answer())
        except ClassStoreError:
            pass  # the class ended first: refused, as it should be
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=f) for f in (end, write, end, write, end)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    assert store.classes() == [] and store.count_events() == 0 and store.learners(CODE) == []
    store.end_class(CODE)


def test_a_writer_killed_mid_transaction_leaves_the_store_whole_and_unlocked(
    address: str,
) -> None:
    store = open_store(address)
    store.create_class(CODE)
    store.join(CODE, "Ana", token="t1")
    proc = worker("hold", address, CODE, "t1", "50")
    assert proc.stdout is not None
    committed, line = 0, ""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline().strip()
        if line != "holding" and line:
            committed = int(line)
            continue
        break
    assert line == "holding" and committed == 50
    os.kill(proc.pid, signal.SIGKILL)  # inside its transaction: no rollback sent
    proc.wait(timeout=30)
    again = open_store(address)
    assert again.count_events(CODE) == 50  # the one not committed is not there
    again.record(CODE, "t1", answer())  # and nothing is left locked
    again.end_class(CODE)
    assert again.classes() == []
    again.check()


# --------------------------------------------------------------------------- the guess limit


def test_the_guess_limit_is_shared_by_every_server_of_one_store(address: str) -> None:
    one, two = open_store(address), open_store(address)  # two servers' connections
    at_one, at_two = GuessLimit(per_minute=3, store=one), GuessLimit(per_minute=3, store=two)
    now = time.time()
    for i in range(3):
        (at_one if i % 2 else at_two).wrong("10.0.0.1", now + i)
    assert not at_one.allowed("10.0.0.1", now + 5) and not at_two.allowed("10.0.0.1", now + 5)
    assert at_two.allowed("10.0.0.2", now + 5)  # another address is not slowed
    assert at_one.allowed("10.0.0.1", now + 61)  # a minute after the first wrong code


def test_the_guess_limit_never_stops_a_school_behind_one_address(address: str) -> None:
    """A school of a thousand learners behind one address joins in the same minute, one in
    ten mistyping the code once: every right code still gets in."""
    limit = GuessLimit(store=open_store(address))
    now = time.time()
    refused = 0
    for learner in range(1000):
        at = now + learner * 0.06
        if learner % 10 == 3:
            if limit.allowed("school", at):
                limit.wrong("school", at)
        if not limit.allowed("school", at):
            refused += 1
    assert refused == 0 and GUESSES_PER_MINUTE >= 100
