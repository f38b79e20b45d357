"""The class store: what the learners of a class did, in one SQLite file on the app's server.

Every class, its learners (a nickname and a secret learner token, nothing else) and their
events live in ``class-store.sqlite3`` under the app's data directory
(``--TutorApp.class_data_dir``). The file is opened in WAL mode, so the app's server and
every learner's kernel (each its own process) read and write it at once; every write is one
transaction; ``PRAGMA user_version`` holds the schema version, checked at every opening (an
unknown version is refused, never guessed at).

This module is the only one that speaks SQL: the rest of the tutor asks a
:class:`ClassStore`. A school serving many app servers (JupyterHub) would give this class a
PostgreSQL twin with the same methods (see docs/ARCHITECTURE.md).

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

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from gin.i18n import M
from gin.ui.classroom.events import KINDS, ClassStoreError, Event, Learner, StoredEvent

SCHEMA_VERSION = 1
"""The version of the tables below; a file of another version is refused."""

FILE_NAME = "class-store.sqlite3"
"""The store's file inside the data directory."""

_SCHEMA = """
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

BUSY_TIMEOUT_S = 10.0
"""How long a writer waits for another's transaction before giving up."""


class ClassStore:
    """The classes, learners and events under ``data_dir`` (created if missing).

    Raises :class:`ClassStoreError` when the file holds another schema version.
    """

    def __init__(self, data_dir: Path | str) -> None:
        self.data_dir = Path(data_dir)
        if not self.data_dir.exists():  # nicknames are the class's business: owner only
            self.data_dir.mkdir(parents=True, mode=0o700)
        self.path = self.data_dir / FILE_NAME
        self._db = sqlite3.connect(
            self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False
        )
        self._db.execute("PRAGMA journal_mode=WAL")
        # In WAL mode NORMAL keeps every committed transaction when a process is killed (the
        # app, a kernel); only a power cut may lose the last ones. FULL would sync the disk
        # at every commit, which 40 learners' clicks wait for.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._check_schema()

    def _check_schema(self) -> None:
        with self._transaction() as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if version == 0 and tables == 0:
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            elif version != SCHEMA_VERSION:
                raise ClassStoreError(
                    M["error.class-store-version"](
                        path=str(self.path), version=version, known=SCHEMA_VERSION
                    )
                )

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

    def close(self) -> None:
        """Close the connection (the data stays in the file)."""
        self._db.close()

    # ------------------------------------------------------------------ classes

    def create_class(self, code: str) -> None:
        """Open a class with the code ``code`` (a code in use raises ``sqlite3.IntegrityError``)."""
        with self._transaction() as db:
            db.execute("INSERT INTO classes (code, created) VALUES (?, ?)", (code, time.time()))

    def class_exists(self, code: str) -> bool:
        """Whether a class with this code is open."""
        row = self._db.execute("SELECT 1 FROM classes WHERE code = ?", (code,)).fetchone()
        return row is not None

    def classes(self) -> list[str]:
        """The open classes' codes, newest first."""
        rows = self._db.execute("SELECT code FROM classes ORDER BY created DESC, code").fetchall()
        return [r[0] for r in rows]

    def end_class(self, code: str) -> None:
        """Delete the class ``code`` with its learners and every event of theirs."""
        with self._transaction() as db:
            db.execute("DELETE FROM events WHERE code = ?", (code,))
            db.execute("DELETE FROM learners WHERE code = ?", (code,))
            db.execute("DELETE FROM classes WHERE code = ?", (code,))

    # ------------------------------------------------------------------ learners

    def join(self, code: str, nickname: str, *, token: str) -> Learner:
        """Add a learner called ``nickname`` (already cleaned) to the class ``code``; a
        nickname taken in the class gets a suffix (``Ana 2``). Raises
        :class:`ClassStoreError` when there is no such class."""
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM classes WHERE code = ?", (code,)).fetchone() is None:
                raise ClassStoreError(M["error.class-unknown-code"]())
            taken = {
                r[0]
                for r in db.execute(
                    "SELECT nickname FROM learners WHERE code = ?", (code,)
                ).fetchall()
            }
            name, n = nickname, 1
            while name in taken:
                n += 1
                name = f"{nickname} {n}"
            db.execute(
                "INSERT INTO learners (token, code, nickname, joined) VALUES (?, ?, ?, ?)",
                (token, code, name, time.time()),
            )
        return Learner(token, code, name)

    def learner(self, code: str, token: str) -> Learner | None:
        """The learner of ``code`` whose token is ``token``, if there is one."""
        row = self._db.execute(
            "SELECT nickname FROM learners WHERE code = ? AND token = ?", (code, token)
        ).fetchone()
        return None if row is None else Learner(token, code, row[0])

    def learners(self, code: str) -> list[Learner]:
        """The learners of ``code``, in the order they joined."""
        rows = self._db.execute(
            "SELECT token, nickname FROM learners WHERE code = ? ORDER BY joined, nickname",
            (code,),
        ).fetchall()
        return [Learner(t, code, n) for t, n in rows]

    # ------------------------------------------------------------------ events

    def record(self, code: str, token: str, event: Event) -> None:
        """Record ``event`` of the learner ``token`` of the class ``code`` (one transaction).
        Raises :class:`ClassStoreError` when the learner is not in that class (the class
        was ended) and ``ValueError`` for an unknown kind."""
        if event.kind not in KINDS:
            raise ValueError(f"unknown event kind {event.kind!r}")
        with self._transaction() as db:
            known = db.execute(
                "SELECT 1 FROM learners WHERE code = ? AND token = ?", (code, token)
            ).fetchone()
            if known is None:
                raise ClassStoreError(M["error.class-unknown-code"]())
            db.execute(
                "INSERT INTO events (code, token, kind, rules, level, right, slip, state,"
                " outcome, points, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    code,
                    token,
                    event.kind,
                    event.rules,
                    event.level,
                    None if event.right is None else int(event.right),
                    event.slip,
                    event.state,
                    event.outcome,
                    int(event.points),
                    time.time(),
                ),
            )

    def events(self, code: str, after: int = 0) -> list[StoredEvent]:
        """The events of the class ``code`` recorded after the event numbered ``after``
        (every event: 0), in the order they were recorded."""
        rows = self._db.execute(
            "SELECT id, token, kind, rules, level, right, slip, state, outcome, points"
            " FROM events WHERE code = ? AND id > ? ORDER BY id",
            (code, after),
        ).fetchall()
        return [
            StoredEvent(
                kind=kind,
                rules=rules,
                level=level,
                right=None if right is None else bool(right),
                slip=slip,
                state=state,
                outcome=outcome,
                points=points,
                id=i,
                token=token,
            )
            for i, token, kind, rules, level, right, slip, state, outcome, points in rows
        ]

    def count_events(self, code: str | None = None) -> int:
        """How many events are stored (of one class, or of all)."""
        if code is None:
            return int(self._db.execute("SELECT count(*) FROM events").fetchone()[0])
        return int(
            self._db.execute("SELECT count(*) FROM events WHERE code = ?", (code,)).fetchone()[0]
        )


__all__ = [
    "FILE_NAME",
    "KINDS",
    "SCHEMA_VERSION",
    "ClassStore",
    "ClassStoreError",
    "Event",
    "Learner",
    "StoredEvent",
]
