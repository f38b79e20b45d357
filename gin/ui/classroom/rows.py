"""What both class stores write and read the same way (the SQLite store,
:mod:`gin.ui.classroom.store`, and the PostgreSQL one, :mod:`gin.ui.classroom.postgres`):
the schema's version, an event's row, a nickname's suffix, the sentence for a damaged
store. Kept apart so that neither store imports the other."""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from typing import Any

from gin.i18n import M
from gin.ui.classroom.events import KINDS, ClassStoreError, Event, StoredEvent

SCHEMA_VERSION = 3
"""The version of the tables below; a store of another version is refused (version 1, the
same tables without the shared guess limit and the lost-event notes, and version 2, without
the classroom demo's tables, are brought up to 3)."""

GUESS_MEMORY_S = 3600.0
"""Wrong codes older than this are forgotten (the limit looks back one minute)."""

DELETED_WITH_CLASS = (
    "events",
    "losses",
    "demo_answers",
    "demo_followers",
    "demos",
    "learners",
    "classes",
)
"""The tables "End class" deletes the class's rows from, in this order."""

EVENT_COLUMNS = 'id, token, kind, rules, level, "right", slip, state, outcome, points, at'
"""The columns an event is read back from, in :func:`stored_event`'s order."""


class CodeInUse(sqlite3.IntegrityError):
    """:meth:`ClassStore.create_class` with a code already in use (either store): draw
    another."""


def stored_event(row: tuple[Any, ...]) -> StoredEvent:
    """An event read back from a row of :data:`EVENT_COLUMNS`."""
    i, token, kind, rules, level, right, slip, state, outcome, points, at = row
    return StoredEvent(
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
        at=at,
    )


def event_values(code: str, token: str, event: Event) -> tuple[Any, ...]:
    """The values of an event's row, after its ``uid`` (both stores insert these)."""
    if event.kind not in KINDS:
        raise ValueError(f"unknown event kind {event.kind!r}")
    return (
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
    )


@dataclass(frozen=True)
class DemoAnswer:
    """A follower's answer to a demo's question (the first one counts)."""

    question: str
    token: str
    choice: str
    at: float


def suffixed(nickname: str, taken: set[str]) -> str:
    """``nickname``, or with the first free suffix (``Ana 2``) when it is taken.

    >>> suffixed("Ana", {"Ana", "Ana 2"})
    'Ana 3'
    """
    name, n = nickname, 1
    while name in taken:
        n += 1
        name = f"{nickname} {n}"
    return name


def damaged(path: str) -> ClassStoreError:
    """The sentence for a damaged store at ``path``."""
    return ClassStoreError(M["error.class-store-damaged"](path=path))


__all__ = [
    "DELETED_WITH_CLASS",
    "EVENT_COLUMNS",
    "GUESS_MEMORY_S",
    "SCHEMA_VERSION",
    "CodeInUse",
    "DemoAnswer",
    "damaged",
    "event_values",
    "stored_event",
    "suffixed",
]
