"""What a class records, as plain data: an event of a learner, a learner, an event read back.

No storage here (so the lessons can name events where there is no database, as on the
static site): :mod:`gin.ui.classroom.store` keeps them.
"""

from __future__ import annotations

from dataclasses import dataclass

from gin.errors import GinError


class ClassStoreError(GinError):
    """The class store can't be used: a file of an unknown schema version, or a class or
    learner that does not exist (codes ``class-...``)."""


class StoreUnavailable(ClassStoreError):
    """The class store can't be reached just now (a database restarting, a failover): the
    caller may try again later (code ``class-store-unreachable``)."""


KINDS = ("answer", "hint", "guided", "deal")
"""What is recorded: an answer checked in a level (right or wrong, the slip diagnosed, the
level's state after it), a worked answer shown, the guided deal finished, a deal played at
the table (its outcome)."""


@dataclass(frozen=True)
class Event:
    """One recorded event of a learner (see :data:`KINDS`)."""

    kind: str
    rules: str = ""
    level: str = ""
    right: bool | None = None
    slip: str = ""
    state: str = ""
    """The level's state after an answer or hint: ``new``, ``started`` or ``mastered``."""
    outcome: str = ""
    """A deal's outcome for the learner: ``won``, ``lost``, ``tie`` or ``void``."""
    points: int = 0


@dataclass(frozen=True)
class Learner:
    """A learner of a class: the secret token their browser keeps, and their nickname."""

    token: str
    code: str
    nickname: str


@dataclass(frozen=True)
class StoredEvent(Event):
    """An event as read back: with its learner's token and its number in the store."""

    id: int = 0
    token: str = ""
    at: float = 0.0
    """When it was recorded (seconds since the epoch)."""


__all__ = ["KINDS", "ClassStoreError", "Event", "Learner", "StoreUnavailable", "StoredEvent"]
