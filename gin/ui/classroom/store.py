"""The class store: what the learners of a class did, in one SQLite file or on PostgreSQL.

:func:`open_store` opens a store from its address: a ``postgresql://`` address gives the
PostgreSQL store (:mod:`gin.ui.classroom.postgres`, for a school whose learners' servers
run on many machines behind JupyterHub); a ``sqlite:///`` address or a directory gives
:class:`ClassStore`, the embedded default of ``make app``. Both have the same methods.

The SQLite store keeps every class, its learners (a nickname and a secret learner token,
nothing else) and their events in ``class-store.sqlite3`` under the app's data directory
(``--TutorApp.class_data_dir``), a file only its owner may read. The file is opened in WAL
mode, so the app's server and every learner's kernel (each its own process) read and write
it at once; every write is one transaction (one writer at a time, so the events of a class
are numbered in the order they were committed); ``PRAGMA user_version`` holds the schema
version, checked at every opening (an unknown version is refused, never guessed at), and
:meth:`ClassStore.check` runs ``PRAGMA quick_check`` at the app's start. A damaged file is
refused with one sentence naming it (:class:`ClassStoreError`), never a traceback.

These two modules are the only ones that speak SQL: the rest of the tutor asks a store.

>>> import tempfile, pathlib
>>> store = ClassStore(pathlib.Path(tempfile.mkdtemp()))
>>> store.create_class("K7WQ3M")
>>> learner = store.join("K7WQ3M", "Ana", token="t1")
>>> learner.nickname, store.join("K7WQ3M", "Ana", token="t2").nickname
('Ana', 'Ana 2')
>>> store.record("K7WQ3M", "t1", Event("answer", level="sets", right=False, slip="pair"))
>>> [e.slip for e in store.events("K7WQ3M")]
['pair']
"""

from __future__ import annotations

import functools
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from gin.i18n import M
from gin.ui.classroom.address import SQLITE_SCHEME, is_postgres, shown_address
from gin.ui.classroom.demo import DemoError, DemoState, check_answer
from gin.ui.classroom.events import (
    KINDS,
    ClassStoreError,
    Event,
    Learner,
    StoredEvent,
    StoreUnavailable,
)
from gin.ui.classroom.rows import (
    DELETED_WITH_CLASS,
    EVENT_COLUMNS,
    GUESS_MEMORY_S,
    SCHEMA_VERSION,
    CodeInUse,
    DemoAnswer,
    damaged,
    event_values,
    stored_event,
    suffixed,
)

if TYPE_CHECKING:
    from gin.ui.classroom.postgres import PostgresClassStore

FILE_NAME = "class-store.sqlite3"
"""The store's file inside the data directory."""

_TABLES = """
CREATE TABLE classes (
    code TEXT PRIMARY KEY,
    created REAL NOT NULL
);
CREATE TABLE learners (
    token TEXT PRIMARY KEY,
    code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
    nickname TEXT NOT NULL,
    joined REAL NOT NULL,
    UNIQUE (code, nickname)
);
CREATE TABLE events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
    token TEXT NOT NULL REFERENCES learners(token) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('answer', 'hint', 'guided', 'deal')),
    rules TEXT NOT NULL DEFAULT '',
    level TEXT NOT NULL DEFAULT '',
    right INTEGER,
    slip TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT '',
    outcome TEXT NOT NULL DEFAULT '',
    points INTEGER NOT NULL DEFAULT 0,
    at REAL NOT NULL
);
CREATE INDEX events_by_class ON events (code, id);
"""

_VERSION_2 = """
ALTER TABLE events ADD COLUMN uid TEXT;
CREATE UNIQUE INDEX events_by_uid ON events (uid);
CREATE TABLE guesses (
    address TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX guesses_by_address ON guesses (address, at);
CREATE TABLE losses (
    code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
    token TEXT NOT NULL,
    count INTEGER NOT NULL,
    at REAL NOT NULL
);
"""

_VERSION_3 = """
CREATE TABLE demos (
    code TEXT PRIMARY KEY REFERENCES classes(code) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    state TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE TABLE demo_answers (
    code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
    question TEXT NOT NULL,
    token TEXT NOT NULL REFERENCES learners(token) ON DELETE CASCADE,
    choice TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (question, token)
);
CREATE INDEX demo_answers_by_class ON demo_answers (code, at);
CREATE TABLE demo_followers (
    code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
    demo TEXT NOT NULL,
    token TEXT NOT NULL REFERENCES learners(token) ON DELETE CASCADE,
    at REAL NOT NULL,
    PRIMARY KEY (demo, token)
);
"""

BUSY_TIMEOUT_S = 10.0
"""How long a writer waits for another's transaction before giving up."""



P = ParamSpec("P")
R = TypeVar("R")


def _sqlite_errors(method: Callable[P, R]) -> Callable[P, R]:
    """Turn SQLite's errors into the store's sentences: a damaged file, a file that can't
    be written or stays locked (try again); a constraint (a code in use) is the caller's."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except (sqlite3.IntegrityError, ClassStoreError):
            raise
        except sqlite3.OperationalError as exc:
            store = args[0]
            assert isinstance(store, ClassStore)
            raise StoreUnavailable(
                M["error.class-store-unreachable"](path=str(store.path))
            ) from exc
        except sqlite3.DatabaseError as exc:
            store = args[0]
            assert isinstance(store, ClassStore)
            raise damaged(str(store.path)) from exc

    return wrapper


def _owner_only(path: Path) -> None:
    """Make ``path`` (created if missing) readable and writable by its owner only: SQLite
    gives its WAL and shared-memory files the same permissions."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        if os.fstat(fd).st_mode & 0o077 and os.fstat(fd).st_uid == os.geteuid():
            os.fchmod(fd, 0o600)
    finally:
        os.close(fd)
    for extra in ("-wal", "-shm"):
        side = path.with_name(path.name + extra)
        if side.exists() and side.stat().st_uid == os.geteuid():
            side.chmod(0o600)


class ClassStore:
    """The classes, learners and events under ``data_dir`` (created if missing).

    Raises :class:`ClassStoreError` when the file holds another schema version, is not a
    class store, or is damaged.
    """

    def __init__(self, data_dir: Path | str, file_name: str = FILE_NAME) -> None:
        self.data_dir = Path(data_dir)
        if not self.data_dir.exists():  # nicknames are the class's business: owner only
            self.data_dir.mkdir(parents=True, mode=0o700)
        self.path = self.data_dir / file_name
        self.address = str(self.path)
        try:
            _owner_only(self.path)  # whoever made the folder, the files are the owner's
            self._db = sqlite3.connect(
                self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False
            )
            self._db.execute("PRAGMA journal_mode=WAL")
            # In WAL mode NORMAL keeps every committed transaction when a process is killed
            # (the app, a kernel); only a power cut may lose the last ones. FULL would sync
            # the disk at every commit, which 40 learners' clicks wait for.
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
        except sqlite3.OperationalError as exc:
            raise StoreUnavailable(M["error.class-store-unreachable"](path=self.address)) from exc
        except OSError as exc:  # a folder or file this user may not write
            raise StoreUnavailable(M["error.class-store-unreachable"](path=self.address)) from exc
        except sqlite3.DatabaseError as exc:
            raise damaged(self.address) from exc
        self._check_schema()

    @_sqlite_errors
    def _check_schema(self) -> None:
        with self._transaction() as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if version == 0 and tables == 0:
                self._script(db, _TABLES + _VERSION_2 + _VERSION_3)
            elif version == 0:
                raise ClassStoreError(M["error.class-store-foreign"](path=self.address))
            elif version == 1:
                self._script(db, _VERSION_2 + _VERSION_3)
            elif version == 2:
                self._script(db, _VERSION_3)
            elif version != SCHEMA_VERSION:
                raise ClassStoreError(
                    M["error.class-store-version"](
                        path=self.address, version=version, known=SCHEMA_VERSION
                    )
                )
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @staticmethod
    def _script(db: sqlite3.Connection, script: str) -> None:
        for statement in script.split(";"):
            if statement.strip():
                db.execute(statement)

    @_sqlite_errors
    def check(self) -> None:
        """Check the whole file (``PRAGMA quick_check``, at the app's start): raises
        :class:`ClassStoreError` naming the file when a page of it is damaged."""
        rows = self._db.execute("PRAGMA quick_check").fetchall()
        if [r[0] for r in rows] != ["ok"]:
            raise damaged(self.address)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction: committed when the block ends, rolled back if it raises."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    @staticmethod
    def _check_learner(db: sqlite3.Connection, code: str, token: str) -> None:
        """Refuse (:class:`ClassStoreError`) a learner ``token`` who is not of ``code``."""
        known = db.execute(
            "SELECT 1 FROM learners WHERE code = ? AND token = ?", (code, token)
        ).fetchone()
        if known is None:
            raise ClassStoreError(M["error.class-unknown-code"]())

    def _before_commit(self) -> None:
        """Called inside a write's transaction, just before it commits (tests pause here)."""

    def close(self) -> None:
        """Close the connection (the data stays in the file)."""
        self._db.close()

    # ------------------------------------------------------------------ classes

    @_sqlite_errors
    def create_class(self, code: str) -> None:
        """Open a class with the code ``code`` (a code in use raises :class:`CodeInUse`, a
        ``sqlite3.IntegrityError``)."""
        try:
            with self._transaction() as db:
                db.execute(
                    "INSERT INTO classes (code, created) VALUES (?, ?)", (code, time.time())
                )
        except sqlite3.IntegrityError as exc:
            raise CodeInUse(str(exc)) from exc

    @_sqlite_errors
    def class_exists(self, code: str) -> bool:
        """Whether a class with this code is open."""
        row = self._db.execute("SELECT 1 FROM classes WHERE code = ?", (code,)).fetchone()
        return row is not None

    @_sqlite_errors
    def classes(self) -> list[str]:
        """The open classes' codes, newest first."""
        rows = self._db.execute("SELECT code FROM classes ORDER BY created DESC, code").fetchall()
        return [r[0] for r in rows]

    @_sqlite_errors
    def end_class(self, code: str) -> None:
        """Delete the class ``code`` with its learners and every event of theirs (a class
        already ended: nothing happens)."""
        with self._transaction() as db:
            for table in DELETED_WITH_CLASS:
                db.execute(f"DELETE FROM {table} WHERE code = ?", (code,))

    # ------------------------------------------------------------------ learners

    @_sqlite_errors
    def join(self, code: str, nickname: str, *, token: str) -> Learner:
        """Add a learner called ``nickname`` (already cleaned) to the class ``code``; a
        nickname taken in the class gets a suffix (``Ana 2``). Raises
        :class:`ClassStoreError` when there is no such class."""
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM classes WHERE code = ?", (code,)).fetchone() is None:
                raise ClassStoreError(M["error.class-unknown-code"]())
            rows = db.execute("SELECT nickname FROM learners WHERE code = ?", (code,))
            name = suffixed(nickname, {r[0] for r in rows.fetchall()})
            self._before_commit()
            db.execute(
                "INSERT INTO learners (token, code, nickname, joined) VALUES (?, ?, ?, ?)",
                (token, code, name, time.time()),
            )
        return Learner(token, code, name)

    @_sqlite_errors
    def learner(self, code: str, token: str) -> Learner | None:
        """The learner of ``code`` whose token is ``token``, if there is one."""
        row = self._db.execute(
            "SELECT nickname FROM learners WHERE code = ? AND token = ?", (code, token)
        ).fetchone()
        return None if row is None else Learner(token, code, row[0])

    @_sqlite_errors
    def learners(self, code: str) -> list[Learner]:
        """The learners of ``code``, in the order they joined."""
        rows = self._db.execute(
            "SELECT token, nickname FROM learners WHERE code = ? ORDER BY joined, nickname",
            (code,),
        ).fetchall()
        return [Learner(t, code, n) for t, n in rows]

    # ------------------------------------------------------------------ events

    @_sqlite_errors
    def record(self, code: str, token: str, event: Event, *, uid: str | None = None) -> None:
        """Record ``event`` of the learner ``token`` of the class ``code`` (one transaction).
        ``uid``, when given, names the event: recorded again (a write retried after a lost
        answer), it is stored once. Raises :class:`ClassStoreError` when the learner is not
        in that class (the class was ended) and ``ValueError`` for an unknown kind."""
        values = event_values(code, token, event)
        with self._transaction() as db:
            self._check_learner(db, code, token)
            db.execute(
                'INSERT OR IGNORE INTO events (uid, code, token, kind, rules, level, "right",'
                " slip, state, outcome, points, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (uid, *values),
            )
            self._before_commit()

    @_sqlite_errors
    def events(self, code: str, after: int = 0) -> list[StoredEvent]:
        """The events of the class ``code`` recorded after the event numbered ``after``
        (every event: 0), in the order they were recorded. One writer at a time numbers
        them in commit order, so reading on from the last number seen skips none."""
        rows = self._db.execute(
            f"SELECT {EVENT_COLUMNS} FROM events WHERE code = ? AND id > ? ORDER BY id",
            (code, after),
        ).fetchall()
        return [stored_event(r) for r in rows]

    @_sqlite_errors
    def count_events(self, code: str | None = None) -> int:
        """How many events are stored (of one class, or of all)."""
        if code is None:
            return int(self._db.execute("SELECT count(*) FROM events").fetchone()[0])
        return int(
            self._db.execute("SELECT count(*) FROM events WHERE code = ?", (code,)).fetchone()[0]
        )

    # ------------------------------------------------------------------ the demo

    @_sqlite_errors
    def publish_demo(self, code: str, state: DemoState) -> int:
        """Show ``state`` as the class's demo (a new demo, or its next position); returns
        its number, one more than the last (followers poll :meth:`demo_version`). Raises
        :class:`ClassStoreError` when the class has ended."""
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM classes WHERE code = ?", (code,)).fetchone() is None:
                raise ClassStoreError(M["error.class-unknown-code"]())
            row = db.execute("SELECT version FROM demos WHERE code = ?", (code,)).fetchone()
            version = 1 if row is None else int(row[0]) + 1
            db.execute(
                "INSERT OR REPLACE INTO demos (code, version, state, at) VALUES (?, ?, ?, ?)",
                (code, version, state.to_json(), time.time()),
            )
            self._before_commit()
        return version

    @_sqlite_errors
    def demo_version(self, code: str) -> int:
        """The number of the class's demo state on show (0: no demo runs)."""
        row = self._db.execute("SELECT version FROM demos WHERE code = ?", (code,)).fetchone()
        return 0 if row is None else int(row[0])

    @_sqlite_errors
    def demo(self, code: str) -> tuple[int, DemoState] | None:
        """The class's demo: its number and state (``None``: no demo runs)."""
        row = self._db.execute(
            "SELECT version, state FROM demos WHERE code = ?", (code,)
        ).fetchone()
        return None if row is None else (int(row[0]), DemoState.from_json(row[1]))

    @_sqlite_errors
    def end_demo(self, code: str) -> None:
        """End the class's demo (its answers stay for the teacher's table and CSV)."""
        with self._transaction() as db:
            db.execute("DELETE FROM demos WHERE code = ?", (code,))

    @_sqlite_errors
    def answer_demo(self, code: str, token: str, question: str, choice: str) -> None:
        """Record the learner ``token``'s ``choice`` for the demo's open ``question``, in
        one transaction with the checks: the learner is of the class
        (:class:`ClassStoreError`), the question is open and the choice one of its options
        (:func:`gin.ui.classroom.demo.check_answer`), and no answer of theirs to it is
        stored yet (:class:`DemoError` ``demo-answered``: the first answer counts)."""
        with self._transaction() as db:
            self._check_learner(db, code, token)
            row = db.execute("SELECT state FROM demos WHERE code = ?", (code,)).fetchone()
            check_answer(None if row is None else DemoState.from_json(row[0]), question, choice)
            done = db.execute(
                "SELECT 1 FROM demo_answers WHERE question = ? AND token = ?", (question, token)
            ).fetchone()
            if done is not None:
                raise DemoError(M["error.demo-answered"]())
            db.execute(
                "INSERT INTO demo_answers (code, question, token, choice, at)"
                " VALUES (?, ?, ?, ?, ?)",
                (code, question, token, choice, time.time()),
            )
            self._before_commit()

    @_sqlite_errors
    def demo_answers(self, code: str, question: str | None = None) -> list[DemoAnswer]:
        """The class's demo answers (of one ``question``, or all), in the order given."""
        sql = "SELECT question, token, choice, at FROM demo_answers WHERE code = ?"
        args: tuple[str, ...] = (code,)
        if question is not None:
            sql, args = sql + " AND question = ?", (code, question)
        rows = self._db.execute(sql + " ORDER BY at, token", args).fetchall()
        return [DemoAnswer(q, t, c, at) for q, t, c, at in rows]

    @_sqlite_errors
    def follow_demo(self, code: str, token: str, demo: str, following: bool = True) -> None:
        """Note that the learner ``token`` follows the demo ``demo`` (or, with
        ``following=False``, no longer does): a reload rejoins it, and the teacher sees who
        has not answered. A learner not of the class is refused (:class:`ClassStoreError`)."""
        with self._transaction() as db:
            self._check_learner(db, code, token)
            if following:
                db.execute(
                    "INSERT OR IGNORE INTO demo_followers (code, demo, token, at)"
                    " VALUES (?, ?, ?, ?)",
                    (code, demo, token, time.time()),
                )
            else:
                db.execute(
                    "DELETE FROM demo_followers WHERE demo = ? AND token = ?", (demo, token)
                )

    @_sqlite_errors
    def demo_followers(self, code: str, demo: str) -> list[str]:
        """The tokens of the learners following the demo ``demo``, in the order they
        began."""
        rows = self._db.execute(
            "SELECT token FROM demo_followers WHERE code = ? AND demo = ? ORDER BY at, token",
            (code, demo),
        ).fetchall()
        return [r[0] for r in rows]

    # ------------------------------------------------------------------ what was lost

    @_sqlite_errors
    def note_lost(self, code: str, token: str, count: int) -> None:
        """Note that ``count`` events of a learner of ``code`` could not be recorded (their
        kernel could not reach the store); a class already ended: nothing is noted."""
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM classes WHERE code = ?", (code,)).fetchone():
                db.execute(
                    "INSERT INTO losses (code, token, count, at) VALUES (?, ?, ?, ?)",
                    (code, token, int(count), time.time()),
                )

    @_sqlite_errors
    def lost(self, code: str) -> int:
        """How many events of the class ``code`` could not be recorded (see
        :meth:`note_lost`)."""
        row = self._db.execute("SELECT sum(count) FROM losses WHERE code = ?", (code,)).fetchone()
        return int(row[0] or 0)

    # ------------------------------------------------------------------ the guess limit

    @_sqlite_errors
    def wrong_guess(self, address: str, at: float) -> None:
        """Count a wrong class code sent from ``address`` at ``at`` (seconds since the
        epoch), for every server of this store (:class:`gin.ui.classroom.names.GuessLimit`)."""
        with self._transaction() as db:
            db.execute("DELETE FROM guesses WHERE at < ?", (at - GUESS_MEMORY_S,))
            db.execute("INSERT INTO guesses (address, at) VALUES (?, ?)", (address, at))

    @_sqlite_errors
    def wrong_guesses(self, address: str, since: float) -> int:
        """How many wrong codes ``address`` sent since ``since``."""
        row = self._db.execute(
            "SELECT count(*) FROM guesses WHERE address = ? AND at > ?", (address, since)
        ).fetchone()
        return int(row[0])


def open_store(address: str | Path) -> ClassStore | PostgresClassStore:
    """The class store at ``address``: a ``postgresql://`` address (PostgreSQL, psycopg 3:
    the ``school`` extra), a ``sqlite:///`` address (``sqlite:///relative/file`` or
    ``sqlite:////absolute/file``; a directory there holds ``class-store.sqlite3``), or a
    directory. Raises :class:`ClassStoreError` with a sentence for anything else, a store
    of another version, a damaged one, or PostgreSQL without psycopg."""
    text = str(address)
    if is_postgres(text):
        try:
            from gin.ui.classroom.postgres import PostgresClassStore
        except ImportError as exc:
            raise ClassStoreError(M["error.class-store-driver"]()) from exc
        return PostgresClassStore(text)
    if text.startswith(SQLITE_SCHEME):
        path = Path(text[len(SQLITE_SCHEME) :])
        if path.suffix and not path.is_dir():
            return ClassStore(path.parent, path.name)
        return ClassStore(path)
    if "://" in text or not text.strip():
        raise ClassStoreError(M["error.class-store-address"](address=shown_address(text)))
    return ClassStore(text)


def sqlite_address(data_dir: Path | str) -> str:
    """The ``sqlite:///`` address of the store in ``data_dir``.

    >>> sqlite_address("/srv/class-data")
    'sqlite:////srv/class-data/class-store.sqlite3'
    """
    return SQLITE_SCHEME + str(Path(data_dir) / FILE_NAME)


__all__ = [
    "FILE_NAME",
    "KINDS",
    "SCHEMA_VERSION",
    "ClassStore",
    "ClassStoreError",
    "CodeInUse",
    "Event",
    "Learner",
    "StoreUnavailable",
    "StoredEvent",
    "damaged",
    "open_store",
    "sqlite_address",
    "suffixed",
]
