"""What a class records, as plain data: an event of a learner, a learner, an event read back.

No storage here (so the lessons can name events where there is no database, as on the
static site): :mod:`gin.ui.classroom.store` keeps them.

The store has a column for each of the first fields of :class:`Event`. The fields that came
later (:data:`DATA_FIELDS`: which question an answer answered, whether it was a first try,
whether a deal was replayed or played with open hands) are the event's *data*: they travel
as a small JSON object in the column that the event's kind leaves empty
(:data:`DATA_COLUMN`), so the store's schema and methods stay as they are.
:func:`stored_form` puts them there, :func:`read_form` takes them out again.

>>> e = Event("deal", outcome="won", points=25, replayed=True)
>>> stored_form(e).slip
'{"replayed": true}'
>>> back = read_form(StoredEvent(**{**stored_form(e).__dict__, "id": 1}))
>>> back.replayed, back.open_hands, back.slip, back.outcome
(True, False, '', 'won')
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any, TypeVar

from gin.errors import GinError


class ClassStoreError(GinError):
    """The class store can't be used: a file of an unknown schema version, or a class or
    learner that does not exist (codes ``class-...``)."""


class StoreUnavailable(ClassStoreError):
    """The class store can't be reached just now (a database restarting, a failover): the
    caller may try again later (code ``class-store-unreachable``)."""


KINDS = ("answer", "hint", "guided", "deal")
"""What is recorded: an answer checked in a level (right or wrong, the slip diagnosed, the
question it answered), a worked answer shown, the guided deal finished, a deal played at
the table (its outcome, and whether it was replayed or played with open hands)."""


@dataclass(frozen=True)
class Event:
    """One recorded event of a learner (see :data:`KINDS`)."""

    kind: str
    rules: str = ""
    level: str = ""
    right: bool | None = None
    slip: str = ""
    state: str = ""
    """The level's state in the learner's kernel after an answer or hint (``new``,
    ``started`` or ``mastered``; empty when not given). The teacher's table never reads it:
    it works each state out from the answers (:mod:`gin.ui.classroom.summary`)."""
    outcome: str = ""
    """A deal's outcome for the learner: ``won``, ``lost``, ``tie`` or ``void``."""
    points: int = 0
    question: str = ""
    """The question an answer (or a worked answer) belongs to within its rule set and level:
    ``"<seed>:<number>"``, which names one generated question for the whole class
    (:class:`gin.ui.lessons.exercise.Exercise`)."""
    first_try: bool = True
    """An answer given at the first try, without the worked answer (the course's rule)."""
    replayed: bool = False
    """A deal played again with "Replay this game"."""
    open_hands: bool = False
    """A deal during which teacher mode showed the opponent's cards."""


DATA_FIELDS = ("question", "first_try", "replayed", "open_hands")
"""The fields of :class:`Event` without a column of their own in the store."""

DATA_COLUMN = {"answer": "outcome", "hint": "outcome", "guided": "slip", "deal": "slip"}
"""For each kind, the column its data travels in (one the kind has no other use for)."""

_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Event) if f.name in DATA_FIELDS}


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


E = TypeVar("E", bound=Event)


def stored_form(event: E) -> E:
    """``event`` as the store's columns hold it: its data (the :data:`DATA_FIELDS` that
    differ from their defaults) as JSON in its kind's :data:`DATA_COLUMN`."""
    column = DATA_COLUMN.get(event.kind)
    data = {n: getattr(event, n) for n in DATA_FIELDS if getattr(event, n) != _DEFAULTS[n]}
    if column is None or not data:
        return event
    packed: dict[str, Any] = {column: json.dumps(data, sort_keys=True), **_DEFAULTS}
    return dataclasses.replace(event, **packed)


def read_form(event: E) -> E:
    """The event read back from the store's columns (the inverse of :func:`stored_form`);
    data of an unknown shape is left out, never guessed at."""
    column = DATA_COLUMN.get(event.kind)
    text = getattr(event, column) if column else ""
    if not text.startswith("{"):
        return event
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    kept: dict[str, Any] = {column: ""} if column else {}
    if isinstance(data, dict):
        for name, value in data.items():
            if name in _DEFAULTS and type(value) is type(_DEFAULTS[name]):
                kept[name] = value
    return dataclasses.replace(event, **kept)


__all__ = [
    "DATA_COLUMN",
    "DATA_FIELDS",
    "KINDS",
    "ClassStoreError",
    "Event",
    "Learner",
    "StoreUnavailable",
    "StoredEvent",
    "read_form",
    "stored_form",
]
