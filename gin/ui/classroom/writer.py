"""A kernel's class writer: each event into the store, through the store's outages.

:mod:`gin.ui.classroom.record` hands every event to one writer thread per kernel, which
calls :meth:`EventWriter.write`. When the store can't be reached (a database restarting, a
failover: :class:`~gin.ui.classroom.events.StoreUnavailable`), the writer waits and tries
again, a little longer each time (:data:`FIRST_WAIT_S` doubled up to :data:`LONGEST_WAIT_S`);
the events behind it wait in the queue, so a restart of a few seconds loses nothing. The
learner's page never waits for this: it runs on the writer's thread.

An outage longer than :data:`OUTAGE_S` is given up on: from then on each event gets one try
when the next wait is over, and is otherwise counted as lost. The first write that
succeeds again notes the count in the store (``note_lost``), and the teacher's page says,
once, in one sentence, how many events could not be recorded. Each event carries a
``uid``, so one retried after a lost answer is stored once.

>>> from gin.i18n import M
>>> class Flaky:
...     def __init__(self): self.fails, self.rows, self.noted = 2, [], []
...     def record(self, code, token, event, *, uid=None):
...         if self.fails:
...             self.fails -= 1
...             raise StoreUnavailable(M["error.class-store-unreachable"](path="db"))
...         self.rows.append(event.kind)
...     def note_lost(self, code, token, count): self.noted.append(count)
...     def close(self): pass
>>> flaky = Flaky()
>>> writer = EventWriter("db", opener=lambda a: flaky, sleep=lambda s: None)
>>> writer.write(Learner("t", "K7WQ3M", "Ana"), Event("hint")); flaky.rows, writer.waits
(['hint'], [0.2, 0.4])
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from gin.ui.classroom.events import Event, Learner, StoreUnavailable

FIRST_WAIT_S = 0.2
"""The wait before the first try again."""

LONGEST_WAIT_S = 10.0
"""The longest wait between two tries."""

OUTAGE_S = 300.0
"""An outage this long is given up on: events are counted as lost until the store answers."""

_log = logging.getLogger("gin.ui.classroom")


class EventWriter:
    """Writes events into the store at ``address`` (opened by ``opener``, by default
    :func:`gin.ui.classroom.store.open_store`), trying again through outages."""

    def __init__(
        self,
        address: str,
        *,
        opener: Callable[[str], Any] | None = None,
        first_wait: float = FIRST_WAIT_S,
        longest_wait: float = LONGEST_WAIT_S,
        outage: float = OUTAGE_S,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.address = address
        self._opener = opener
        self.first_wait, self.longest_wait, self.outage = first_wait, longest_wait, outage
        self._sleep, self._clock = sleep, clock
        self._store: Any = None
        self._down_since: float | None = None
        self._next_try = 0.0
        self._wait = first_wait
        self.waits: list[float] = []
        """The waits of the current outage (for tests and the log)."""
        self.lost: dict[tuple[str, str], int] = {}
        """Events not recorded yet noted, by class code and learner token."""

    def _open(self) -> Any:
        if self._store is None:
            opener = self._opener
            if opener is None:
                from gin.ui.classroom.store import open_store

                opener = open_store
            self._store = opener(self.address)
        return self._store

    def _failed(self, exc: StoreUnavailable) -> None:
        now = self._clock()
        if self._store is not None:
            try:
                self._store.close()
            except Exception:  # a connection already broken
                pass
            self._store = None
        if self._down_since is None:
            self._down_since = now
            self._wait = self.first_wait
            self.waits = []
            _log.warning("the class store is out of reach (%s): trying again", exc)
        else:
            self._wait = min(self._wait * 2, self.longest_wait)
        self._next_try = now + self._wait
        self.waits.append(self._wait)

    def _answered(self, store: Any) -> None:
        if self._down_since is not None:
            took = self._clock() - self._down_since
            _log.warning("the class store answers again after %.1f s", took)
            self._down_since = None
        for (code, token), count in list(self.lost.items()):
            store.note_lost(code, token, count)
            del self.lost[(code, token)]

    def write(self, learner: Learner, event: Event) -> None:
        """Record ``event`` for ``learner``: returns once it is stored, or counted as lost
        after :attr:`outage` seconds of outage. Raises
        :class:`~gin.ui.classroom.events.ClassStoreError` when the class has ended."""
        uid = secrets.token_hex(12)
        while True:
            if self._down_since is not None:
                now = self._clock()
                if now < self._next_try:
                    if now - self._down_since >= self.outage:
                        key = (learner.code, learner.token)
                        self.lost[key] = self.lost.get(key, 0) + 1
                        return
                    self._sleep(self._next_try - now)
            try:
                store = self._open()
                store.record(learner.code, learner.token, event, uid=uid)
                self._answered(store)
                return
            except StoreUnavailable as exc:
                self._failed(exc)

    def close(self) -> None:
        """Close the store's connection."""
        if self._store is not None:
            self._store.close()
            self._store = None


__all__ = ["FIRST_WAIT_S", "LONGEST_WAIT_S", "OUTAGE_S", "EventWriter"]
