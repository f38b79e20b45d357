"""The class store on PostgreSQL: the SQLite store's twin for a school's many servers.

Behind JupyterHub each learner's server (and so their kernel) may run on another machine;
they all write into one database. :class:`PostgresClassStore` has the methods of
:class:`gin.ui.classroom.store.ClassStore` over the same tables, and keeps what SQLite's one
writer made true without trying:

- **Events read on by number skip none.** A sequence hands out numbers in the order
  transactions ask, not the order they commit: read on from the last number seen and an
  event that commits after a higher-numbered one is never read. Here every write of a class
  first locks the class's row (``FOR NO KEY UPDATE``) and takes its number under that lock,
  so a class's events are numbered in the order they commit, and
  :meth:`~PostgresClassStore.events` (``id > after``) misses none. Writers of different
  classes never wait for each other. (``ordered=False`` leaves the lock out: the tests show
  that such a store's reader skips events.)
- **Two learners joining as "Ana" at the same instant get "Ana" and "Ana 2"**: the join
  holds the same lock while it picks the name (and ``UNIQUE (code, nickname)`` stays).
- **A second "End class" does nothing**, and a write racing it finds the class gone.
- **A write retried after a lost answer is stored once** (each event has a ``uid``).
- **A lost connection** (the database restarting, a failover) is opened again once, then
  reported as :class:`~gin.ui.classroom.events.StoreUnavailable`, within seconds
  (``connect_timeout``, ``statement_timeout``): nothing waits for ever.

The schema version is a one-row table, ``gin_schema``, checked at every opening: another
version, or a database holding other tables, is refused with one sentence. The first
server to open an empty database makes the tables (under an advisory lock, so two servers
starting together do it once).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import psycopg
from psycopg import errors

from gin.i18n import M
from gin.ui.classroom import rows as shared
from gin.ui.classroom.address import shown_address
from gin.ui.classroom.demo import DemoError, DemoState, check_answer
from gin.ui.classroom.events import ClassStoreError, Event, Learner, StoredEvent, StoreUnavailable

CONNECT_TIMEOUT_S = 5
"""How long opening a connection may take before the store is said unreachable."""

STATEMENT_TIMEOUT_MS = 15_000
"""The longest a statement may run (or wait for a lock) before it is given up."""

SCHEMA_LOCK = 7_219_033
"""The advisory lock under which an empty database gets its tables."""

_TABLES = """
CREATE TABLE gin_schema (version INTEGER NOT NULL);
CREATE TABLE classes (
    code TEXT PRIMARY KEY,
    created DOUBLE PRECISION NOT NULL
);
CREATE TABLE learners (
    token TEXT PRIMARY KEY,
    code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
    nickname TEXT NOT NULL,
    joined DOUBLE PRECISION NOT NULL,
    UNIQUE (code, nickname)
);
CREATE TABLE events (
    id BIGSERIAL PRIMARY KEY,
    uid TEXT UNIQUE,
    code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
    token TEXT NOT NULL REFERENCES learners(token) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('answer', 'hint', 'guided', 'deal')),
    rules TEXT NOT NULL DEFAULT '',
    level TEXT NOT NULL DEFAULT '',
    "right" INTEGER,
    slip TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT '',
    outcome TEXT NOT NULL DEFAULT '',
    points INTEGER NOT NULL DEFAULT 0,
    at DOUBLE PRECISION NOT NULL
);
CREATE INDEX events_by_class ON events (code, id);
CREATE TABLE guesses (
    address TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL
);
CREATE INDEX guesses_by_address ON guesses (address, at);
CREATE TABLE losses (
    code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
    token TEXT NOT NULL,
    count INTEGER NOT NULL,
    at DOUBLE PRECISION NOT NULL
)
"""

_VERSION_3 = """
CREATE TABLE demos (
    code TEXT PRIMARY KEY REFERENCES classes(code) ON DELETE CASCADE,
    version BIGINT NOT NULL,
    state TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL
);
CREATE TABLE demo_answers (
    code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
    question TEXT NOT NULL,
    token TEXT NOT NULL REFERENCES learners(token) ON DELETE CASCADE,
    choice TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (question, token)
);
CREATE INDEX demo_answers_by_class ON demo_answers (code, at);
CREATE TABLE demo_followers (
    code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
    demo TEXT NOT NULL,
    token TEXT NOT NULL REFERENCES learners(token) ON DELETE CASCADE,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (demo, token)
)
"""
"""The classroom demo's tables (schema version 3; a version-2 database gets them)."""

R = TypeVar("R")
Conn = psycopg.Connection[tuple[Any, ...]]


class PostgresClassStore:
    """The classes, learners and events in the PostgreSQL database at ``url``.

    Raises :class:`ClassStoreError` when the database holds another schema version or
    other tables, and :class:`StoreUnavailable` when it can't be reached.
    """

    def __init__(self, url: str, *, ordered: bool = True) -> None:
        self.url = url
        self.address = shown_address(url)
        self.ordered = ordered
        """Whether a class's writes take its row lock (numbering events in commit order)."""
        self._conn: Conn | None = None
        self._lock = threading.Lock()
        self._run(self._check_schema)

    # ------------------------------------------------------------------ connection

    def _connection(self) -> Conn:
        if self._conn is None or self._conn.closed:
            self._conn = psycopg.connect(
                self.url,
                autocommit=True,
                connect_timeout=CONNECT_TIMEOUT_S,
                options=f"-c statement_timeout={STATEMENT_TIMEOUT_MS}"
                f" -c lock_timeout={STATEMENT_TIMEOUT_MS}",
                application_name="oklahoma-gin",
            )
        return self._conn

    def _drop(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except psycopg.Error:
                pass
        self._conn = None

    def _run(self, work: Callable[[Conn], R]) -> R:
        """Do ``work`` on the connection; a connection lost is opened again and the work
        done once more (every write here may be done twice), then said unreachable."""
        with self._lock:
            for attempt in (1, 2):
                try:
                    return work(self._connection())
                except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
                    self._drop()
                    if attempt == 2:
                        raise StoreUnavailable(
                            M["error.class-store-unreachable"](path=self.address)
                        ) from exc
                except (errors.DataCorrupted, errors.IndexCorrupted) as exc:
                    raise shared.damaged(self.address) from exc
        raise AssertionError("unreachable")  # pragma: no cover

    @staticmethod
    @contextmanager
    def _transaction(conn: Conn) -> Iterator[psycopg.Cursor[tuple[Any, ...]]]:
        with conn.transaction(), conn.cursor() as cur:
            yield cur

    def _check_schema(self, conn: Conn) -> None:
        with self._transaction(conn) as cur:
            cur.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            cur.execute("SELECT to_regclass('gin_schema') IS NOT NULL")
            if not _one(cur):
                cur.execute(
                    "SELECT count(*) FROM information_schema.tables"
                    " WHERE table_schema = current_schema()"
                )
                if _one(cur):
                    raise ClassStoreError(M["error.class-store-foreign"](path=self.address))
                for statement in (_TABLES + ";" + _VERSION_3).split(";"):
                    if statement.strip():
                        cur.execute(statement)
                cur.execute(
                    "INSERT INTO gin_schema (version) VALUES (%s)", (shared.SCHEMA_VERSION,)
                )
                return
            cur.execute("SELECT max(version) FROM gin_schema")
            version = int(_one(cur) or 0)
            if version == 2:  # brought up to 3: the demo's tables
                for statement in _VERSION_3.split(";"):
                    if statement.strip():
                        cur.execute(statement)
                cur.execute("UPDATE gin_schema SET version = %s", (shared.SCHEMA_VERSION,))
                version = shared.SCHEMA_VERSION
        if version != shared.SCHEMA_VERSION:
            raise ClassStoreError(
                M["error.class-store-version"](
                    path=self.address, version=version, known=shared.SCHEMA_VERSION
                )
            )

    def check(self) -> None:
        """Check the store at the app's start: the schema version (checked again)."""
        self._run(self._check_schema)

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._drop()

    def _lock_class(self, cur: psycopg.Cursor[tuple[Any, ...]], code: str) -> None:
        """Lock the class's row until the transaction ends (a class gone: refused)."""
        cur.execute("SELECT 1 FROM classes WHERE code = %s FOR NO KEY UPDATE", (code,))
        if cur.fetchone() is None:
            raise ClassStoreError(M["error.class-unknown-code"]())

    @staticmethod
    def _check_learner(cur: psycopg.Cursor[tuple[Any, ...]], code: str, token: str) -> None:
        """Refuse (:class:`ClassStoreError`) a learner ``token`` who is not of ``code``."""
        cur.execute("SELECT 1 FROM learners WHERE code = %s AND token = %s", (code, token))
        if cur.fetchone() is None:
            raise ClassStoreError(M["error.class-unknown-code"]())

    def _before_commit(self) -> None:
        """Called inside a write's transaction, just before it commits (tests pause here)."""

    # ------------------------------------------------------------------ classes

    def create_class(self, code: str) -> None:
        """Open a class with the code ``code`` (a code in use raises :class:`CodeInUse`)."""

        def work(conn: Conn) -> None:
            with self._transaction(conn) as cur:
                cur.execute(
                    "INSERT INTO classes (code, created) VALUES (%s, %s)", (code, time.time())
                )

        try:
            self._run(work)
        except errors.UniqueViolation as exc:
            raise shared.CodeInUse(str(exc)) from exc

    def class_exists(self, code: str) -> bool:
        """Whether a class with this code is open."""
        found = self._run(
            lambda c: _one(c.execute("SELECT 1 FROM classes WHERE code = %s", (code,)))
        )
        return found is not None

    def classes(self) -> list[str]:
        """The open classes' codes, newest first."""
        rows = self._run(
            lambda c: c.execute("SELECT code FROM classes ORDER BY created DESC, code").fetchall()
        )
        return [r[0] for r in rows]

    def end_class(self, code: str) -> None:
        """Delete the class ``code`` with its learners and every event of theirs (a class
        already ended: nothing happens)."""

        def work(conn: Conn) -> None:
            with self._transaction(conn) as cur:
                cur.execute("SELECT 1 FROM classes WHERE code = %s FOR UPDATE", (code,))
                if cur.fetchone() is None:
                    return
                for table in shared.DELETED_WITH_CLASS:
                    cur.execute(f"DELETE FROM {table} WHERE code = %s", (code,))
                self._before_commit()

        self._run(work)

    # ------------------------------------------------------------------ learners

    def join(self, code: str, nickname: str, *, token: str) -> Learner:
        """Add a learner called ``nickname`` to the class ``code``; a nickname taken in
        the class gets a suffix (``Ana 2``), however many join at once. Raises
        :class:`ClassStoreError` when there is no such class."""

        def work(conn: Conn) -> str:
            with self._transaction(conn) as cur:
                self._lock_class(cur, code)
                cur.execute("SELECT nickname FROM learners WHERE code = %s", (code,))
                name = shared.suffixed(nickname, {r[0] for r in cur.fetchall()})
                self._before_commit()
                cur.execute(
                    "INSERT INTO learners (token, code, nickname, joined)"
                    " VALUES (%s, %s, %s, %s) ON CONFLICT (token) DO NOTHING",
                    (token, code, name, time.time()),
                )
                cur.execute("SELECT nickname FROM learners WHERE token = %s", (token,))
                return str(_one(cur))

        return Learner(token, code, self._run(work))

    def learner(self, code: str, token: str) -> Learner | None:
        """The learner of ``code`` whose token is ``token``, if there is one."""
        row = self._run(
            lambda c: c.execute(
                "SELECT nickname FROM learners WHERE code = %s AND token = %s", (code, token)
            ).fetchone()
        )
        return None if row is None else Learner(token, code, row[0])

    def learners(self, code: str) -> list[Learner]:
        """The learners of ``code``, in the order they joined."""
        rows = self._run(
            lambda c: c.execute(
                "SELECT token, nickname FROM learners WHERE code = %s ORDER BY joined, nickname",
                (code,),
            ).fetchall()
        )
        return [Learner(t, code, n) for t, n in rows]

    # ------------------------------------------------------------------ events

    def record(self, code: str, token: str, event: Event, *, uid: str | None = None) -> None:
        """Record ``event`` of the learner ``token`` of the class ``code`` (one
        transaction; ``uid`` as in :meth:`ClassStore.record`). Raises
        :class:`ClassStoreError` when the learner is not in that class."""
        _code, _token, *fields = shared.event_values(code, token, event)
        lock = "FOR NO KEY UPDATE" if self.ordered else ""
        # One statement: the class's row locked, the learner checked, the event numbered
        # and inserted; the lock is held until the commit, one round trip later.
        insert = (
            f"WITH locked AS (SELECT code FROM classes WHERE code = %s {lock})"
            ' INSERT INTO events (uid, code, token, kind, rules, level, "right", slip, state,'
            " outcome, points, at)"
            " SELECT %s, l.code, l.token, %s, %s, %s, %s, %s, %s, %s, %s, %s"
            " FROM locked JOIN learners l ON l.code = locked.code AND l.token = %s"
            " ON CONFLICT (uid) DO NOTHING RETURNING id"
        )

        def work(conn: Conn) -> bool:
            with self._transaction(conn) as cur:
                cur.execute(insert, (code, uid, *fields, token))
                stored = cur.fetchone() is not None
                if not stored and uid is not None:  # stored before (a retry)?
                    cur.execute("SELECT 1 FROM events WHERE uid = %s", (uid,))
                    stored = cur.fetchone() is not None
                self._before_commit()
                return stored

        try:
            stored = self._run(work)
        except errors.ForeignKeyViolation as exc:  # the class ended meanwhile
            raise ClassStoreError(M["error.class-unknown-code"]()) from exc
        if not stored:  # no such learner in that class (or the class has ended)
            raise ClassStoreError(M["error.class-unknown-code"]())

    def events(self, code: str, after: int = 0) -> list[StoredEvent]:
        """The events of the class ``code`` numbered after ``after`` (every event: 0), in
        the order they were committed."""
        rows = self._run(
            lambda c: c.execute(
                f"SELECT {shared.EVENT_COLUMNS} FROM events"
                " WHERE code = %s AND id > %s ORDER BY id",
                (code, after),
            ).fetchall()
        )
        return [shared.stored_event(r) for r in rows]

    def count_events(self, code: str | None = None) -> int:
        """How many events are stored (of one class, or of all)."""
        if code is None:
            return int(self._run(lambda c: _one(c.execute("SELECT count(*) FROM events"))))
        return int(
            self._run(
                lambda c: _one(c.execute("SELECT count(*) FROM events WHERE code = %s", (code,)))
            )
        )

    # ------------------------------------------------------------------ the demo

    def publish_demo(self, code: str, state: DemoState) -> int:
        """As :meth:`ClassStore.publish_demo` (under the class's row lock)."""

        def work(conn: Conn) -> int:
            with self._transaction(conn) as cur:
                self._lock_class(cur, code)
                cur.execute(
                    "INSERT INTO demos (code, version, state, at) VALUES (%s, 1, %s, %s)"
                    " ON CONFLICT (code) DO UPDATE SET version = demos.version + 1,"
                    " state = EXCLUDED.state, at = EXCLUDED.at RETURNING version",
                    (code, state.to_json(), time.time()),
                )
                version = int(_one(cur))
                self._before_commit()
                return version

        return self._run(work)

    def demo_version(self, code: str) -> int:
        """As :meth:`ClassStore.demo_version`."""
        found = self._run(
            lambda c: _one(c.execute("SELECT version FROM demos WHERE code = %s", (code,)))
        )
        return 0 if found is None else int(found)

    def demo(self, code: str) -> tuple[int, DemoState] | None:
        """As :meth:`ClassStore.demo`."""
        row = self._run(
            lambda c: c.execute(
                "SELECT version, state FROM demos WHERE code = %s", (code,)
            ).fetchone()
        )
        return None if row is None else (int(row[0]), DemoState.from_json(row[1]))

    def end_demo(self, code: str) -> None:
        """As :meth:`ClassStore.end_demo`."""

        def work(conn: Conn) -> None:
            with self._transaction(conn) as cur:
                cur.execute("DELETE FROM demos WHERE code = %s", (code,))

        self._run(work)

    def answer_demo(self, code: str, token: str, question: str, choice: str) -> None:
        """As :meth:`ClassStore.answer_demo`: the checks and the answer under the class's
        row lock, so two answers of one learner sent at once store the first only."""

        def work(conn: Conn) -> None:
            with self._transaction(conn) as cur:
                self._lock_class(cur, code)
                self._check_learner(cur, code, token)
                cur.execute("SELECT state FROM demos WHERE code = %s", (code,))
                row = cur.fetchone()
                check_answer(
                    None if row is None else DemoState.from_json(row[0]), question, choice
                )
                cur.execute(
                    "INSERT INTO demo_answers (code, question, token, choice, at)"
                    " VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING RETURNING 1",
                    (code, question, token, choice, time.time()),
                )
                if cur.fetchone() is None:
                    raise DemoError(M["error.demo-answered"]())
                self._before_commit()

        self._run(work)

    def demo_answers(self, code: str, question: str | None = None) -> list[shared.DemoAnswer]:
        """As :meth:`ClassStore.demo_answers`."""
        sql = "SELECT question, token, choice, at FROM demo_answers WHERE code = %s"
        args: tuple[str, ...] = (code,)
        if question is not None:
            sql, args = sql + " AND question = %s", (code, question)
        rows = self._run(lambda c: c.execute(sql + " ORDER BY at, token", args).fetchall())
        return [shared.DemoAnswer(q, t, ch, at) for q, t, ch, at in rows]

    def follow_demo(self, code: str, token: str, demo: str, following: bool = True) -> None:
        """As :meth:`ClassStore.follow_demo`."""

        def work(conn: Conn) -> None:
            with self._transaction(conn) as cur:
                self._check_learner(cur, code, token)
                if following:
                    cur.execute(
                        "INSERT INTO demo_followers (code, demo, token, at)"
                        " VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING",
                        (code, demo, token, time.time()),
                    )
                else:
                    cur.execute(
                        "DELETE FROM demo_followers WHERE demo = %s AND token = %s",
                        (demo, token),
                    )

        self._run(work)

    def demo_followers(self, code: str, demo: str) -> list[str]:
        """As :meth:`ClassStore.demo_followers`."""
        rows = self._run(
            lambda c: c.execute(
                "SELECT token FROM demo_followers WHERE code = %s AND demo = %s"
                " ORDER BY at, token",
                (code, demo),
            ).fetchall()
        )
        return [r[0] for r in rows]

    # ------------------------------------------------------------------ what was lost

    def note_lost(self, code: str, token: str, count: int) -> None:
        """As :meth:`ClassStore.note_lost`."""

        def work(conn: Conn) -> None:
            with self._transaction(conn) as cur:
                cur.execute(
                    "INSERT INTO losses (code, token, count, at)"
                    " SELECT %s, %s, %s, %s WHERE EXISTS (SELECT 1 FROM classes WHERE code = %s)",
                    (code, token, int(count), time.time(), code),
                )

        try:
            self._run(work)
        except errors.ForeignKeyViolation:  # the class ended meanwhile: nothing to say
            pass

    def lost(self, code: str) -> int:
        """As :meth:`ClassStore.lost`."""
        return int(
            self._run(
                lambda c: _one(c.execute("SELECT sum(count) FROM losses WHERE code = %s", (code,)))
            )
            or 0
        )

    # ------------------------------------------------------------------ the guess limit

    def wrong_guess(self, address: str, at: float) -> None:
        """As :meth:`ClassStore.wrong_guess` (shared by every server of the database)."""

        def work(conn: Conn) -> None:
            with self._transaction(conn) as cur:
                cur.execute("DELETE FROM guesses WHERE at < %s", (at - shared.GUESS_MEMORY_S,))
                cur.execute("INSERT INTO guesses (address, at) VALUES (%s, %s)", (address, at))

        self._run(work)

    def wrong_guesses(self, address: str, since: float) -> int:
        """As :meth:`ClassStore.wrong_guesses`."""
        return int(
            self._run(
                lambda c: _one(
                    c.execute(
                        "SELECT count(*) FROM guesses WHERE address = %s AND at > %s",
                        (address, since),
                    )
                )
            )
        )


def _one(cur: psycopg.Cursor[tuple[Any, ...]]) -> Any:
    """The first column of the next row, or ``None``."""
    row = cur.fetchone()
    return None if row is None else row[0]


__all__ = ["PostgresClassStore"]
