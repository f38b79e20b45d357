"""What a learner's kernel records for their class, straight into the class store.

Under Voilà each learner's page runs in its own kernel on the app's server; the app tells
its kernels where the store is (the ``GIN_CLASS_DB`` environment variable, or
``GIN_CLASS_DATA`` for a SQLite store's directory: :mod:`gin.ui.classroom.address`). When
the page says the learner joined a class (:class:`gin.ui.classroom.link.ClassLink`),
:func:`set_member` names them, and the lessons' hooks call :func:`answered`,
:func:`hint_used`, :func:`deal_over`. Without a class (or
without the app: the static site, a plain notebook) these do nothing: nothing is sent anywhere.

Each event is committed (one transaction) before its hook returns, so before the kernel
answers the learner's action: a kernel that dies after showing a verdict has recorded it
(in WAL mode a commit is a write to the file's log, without waiting for the disk). A store
out of reach (a database restarting, a failover) does not hold the lesson up: the event,
and every one after it until the queue is empty again, goes to one writer thread per
kernel, which tries again with back-off (:class:`gin.ui.classroom.writer.EventWriter`);
:func:`flush` waits for that queue (tests, and the kernel's exit). A store that fails
otherwise is logged on the server and the lesson goes on.

A page's membership comes from the browser a moment after the page is drawn (its
:class:`gin.ui.classroom.link.ClassLink` sends what it stored when it renders). Until the
page has said whether it holds one (:func:`await_membership`), the page's events are held,
at most :data:`HELD_MAX`: an answer checked in that moment is recorded for the learner
once the membership is known, and dropped when the page holds none.

What is recorded is what happened, once:

- a question's answer checked again with the same verdict (Check pressed again) is not
  recorded again, nor a worked answer shown again: neither changes what the teacher sees;
- at most :data:`EVENTS_PER_MINUTE` events of a learner in any minute (:class:`EventLimit`);
  what is refused is not stored (and logged once a minute).
"""

from __future__ import annotations

import atexit
import logging
import queue
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gin.ui.classroom.address import DATA_ENV, DB_ENV, store_address
from gin.ui.classroom.events import (
    ClassStoreError,
    Event,
    Learner,
    StoreUnavailable,
    stored_form,
)

if TYPE_CHECKING:
    from gin.ui.classroom.postgres import PostgresClassStore
    from gin.ui.classroom.store import ClassStore

EVENTS_PER_MINUTE = 40
"""At most this many events of one learner are recorded in any 60 seconds: a learner at
their own pace (an answer every few seconds) never meets it; a script pressing Check and
Next as fast as it can is held to it."""

HELD_MAX = EVENTS_PER_MINUTE
"""At most this many events are held while a page's membership is awaited."""

REMEMBERED = 10_000
"""How many recorded answers a kernel remembers to know a repeated Check."""

FLUSH_TIMEOUT_S = 10.0
"""How long the kernel's exit waits for events still queued."""

_log = logging.getLogger("gin.ui.classroom")
_state: dict[str, Any] = {"store": None, "member": None, "awaiting": False}
_held: list[Event] = []
_queue: queue.Queue[tuple[str, Learner, Event]] = queue.Queue()
_writer: dict[str, Any] = {"thread": None, "writer": None}
_writer_lock = threading.Lock()


class EventLimit:
    """At most ``per_minute`` events of one learner in any 60 seconds (``clock`` gives the
    time in seconds; the kernel's is :func:`time.monotonic`).

    >>> now = [0.0]
    >>> limit = EventLimit(per_minute=2, clock=lambda: now[0])
    >>> limit.allow("t1"), limit.allow("t1"), limit.allow("t1"), limit.allow("t2")
    (True, True, False, True)
    >>> now[0] = 60.5
    >>> limit.allow("t1"), limit.refused
    (True, 1)
    """

    WINDOW_S = 60.0

    def __init__(
        self, per_minute: int = EVENTS_PER_MINUTE, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self.refused = 0
        """How many events were refused (never stored)."""
        self._times: dict[str, deque[float]] = {}
        self._said_at: float | None = None

    def allow(self, token: str) -> bool:
        """Whether the learner ``token`` may record one more event now (counted if so)."""
        now = self.clock()
        times = self._times.setdefault(token, deque())
        while times and times[0] <= now - self.WINDOW_S:
            times.popleft()
        if len(times) < self.per_minute:
            times.append(now)
            return True
        self.refused += 1
        if self._said_at is None or now - self._said_at >= self.WINDOW_S:
            self._said_at = now
            _log.warning("class events refused: more than %d a minute", self.per_minute)
        return False


LIMIT = EventLimit()
"""This kernel's limit on its learners' events."""

_recorded: OrderedDict[tuple[Any, ...], None] = OrderedDict()


def enabled() -> bool:
    """Whether this kernel was started by the app with a class store (else classes are
    not offered: the static site, a plain notebook)."""
    return store_address() is not None


def store() -> ClassStore | PostgresClassStore | None:
    """The class store of this app (opened once per process), or ``None`` without one."""
    address = store_address()
    if address is None:
        return None
    if _state["store"] is None:
        from gin.ui.classroom.store import open_store  # a driver only where there is a store

        _state["store"] = open_store(address)
    opened: ClassStore | PostgresClassStore = _state["store"]
    return opened


def member() -> Learner | None:
    """The learner this page records for, if they joined a class."""
    learner: Learner | None = _state["member"]
    return learner


def set_member(code: str, token: str) -> Learner | None:
    """Record from now on for the learner ``token`` of the class ``code``, when the store
    knows them; returns them, or ``None`` (no store, or the class has ended). A store out
    of reach can't say: the membership is kept (without its nickname), and the writer
    learns from the store whether it holds."""
    try:
        s = store()
        learner = None if s is None else s.learner(code, token)
    except StoreUnavailable:
        _state["store"] = None
        learner = Learner(token, code, "")
    _state["member"] = learner
    _release_held(record=learner is not None)
    return learner


def forget_member() -> None:
    """Stop recording (the learner left the class)."""
    _state["member"] = None
    _release_held(record=False)


def await_membership() -> None:
    """The page's class membership is on its way (a
    :class:`gin.ui.classroom.link.ClassLink` is drawn): hold the page's events until
    :func:`set_member` (they are recorded for that learner) or :func:`no_membership` (they
    are dropped)."""
    _state["awaiting"] = True
    _held.clear()


def no_membership() -> None:
    """The page holds no class membership: the events held for it are dropped."""
    _release_held(record=False)


def held() -> int:
    """How many events are held while the page's membership is awaited."""
    return len(_held)


def _release_held(*, record: bool) -> None:
    """End the wait for the page's membership: record the held events (in their order) for
    the member now known, or drop them."""
    _state["awaiting"] = False
    events = list(_held)
    _held.clear()
    if record:
        for event in events:
            _record(event)


def _repeat_key(learner: Learner, event: Event) -> tuple[Any, ...] | None:
    """What makes ``event`` the same as one recorded before: a question's answer with the
    same verdict (a wrong answer after a wrong answer, or a right one after a right one,
    changes neither the run of right answers nor the slips), a worked answer shown."""
    if event.kind == "answer" and event.question:
        return (learner, "answer", event.rules, event.level, event.question, event.right,
                event.slip)  # fmt: skip
    if event.kind == "hint" and event.question:
        return (learner, "hint", event.rules, event.level, event.question)
    return None


def _write_forever() -> None:
    """The writer thread: commit each queued event (its own connection to the store)."""
    from gin.ui.classroom.writer import EventWriter

    while True:
        address, learner, event = _queue.get()
        try:
            if _writer["writer"] is None or _writer["writer"].address != address:
                if _writer["writer"] is not None:
                    _writer["writer"].close()
                _writer["writer"] = EventWriter(address)
            _writer["writer"].write(learner, event)
        except ClassStoreError:  # the class has ended: record nothing more
            if _state["member"] == learner:
                _state["member"] = None
        except Exception:
            _log.exception("a class event could not be recorded")
        finally:
            _queue.task_done()


def _queue_event(address: str, learner: Learner, event: Event) -> None:
    """Hand ``event`` to the kernel's writer thread (started on first use)."""
    with _writer_lock:
        if _writer["thread"] is None:
            thread = threading.Thread(target=_write_forever, name="gin-class-writer", daemon=True)
            thread.start()
            _writer["thread"] = thread
            atexit.register(flush, FLUSH_TIMEOUT_S)
    _queue.put((address, learner, event))


def _record(event: Event) -> bool:
    """Record ``event`` for the learner of this page; returns whether it was taken (stored,
    or queued through an outage of the store)."""
    learner = member()
    address = store_address()
    if address is not None and learner is None and _state["awaiting"]:
        if len(_held) < HELD_MAX:
            _held.append(event)  # recorded once the page's membership is known
        return False
    if learner is None or address is None:
        return False
    key = _repeat_key(learner, event)
    if key is not None and key in _recorded:
        return False
    if not LIMIT.allow(learner.token):
        return False
    packed = stored_form(event)
    if not _queue.unfinished_tasks:  # nothing waiting before it: commit it now
        try:
            s = store()
            assert s is not None
            s.record(learner.code, learner.token, packed)
        except StoreUnavailable:
            _state["store"] = None
            _queue_event(address, learner, packed)  # through the outage, in order
        except ClassStoreError:  # the class has ended: record nothing more
            if _state["member"] == learner:
                _state["member"] = None
            return False
        except Exception:
            _log.exception("a class event could not be recorded")
            return False
    else:
        _queue_event(address, learner, packed)  # behind the events still waiting
    if key is not None:
        _recorded[key] = None
        if len(_recorded) > REMEMBERED:
            _recorded.popitem(last=False)
    return True


def flush(timeout: float | None = None) -> bool:
    """Wait until every queued event is written (at most ``timeout`` seconds); returns
    whether the queue is empty."""
    if timeout is None:
        _queue.join()
        return True
    done = threading.Event()

    def wait() -> None:
        _queue.join()
        done.set()

    threading.Thread(target=wait, daemon=True).start()
    return done.wait(timeout)


def answered(
    rules: str,
    level: str,
    *,
    right: bool,
    slip: str,
    question: str = "",
    first_try: bool = True,
    state: str = "",
) -> bool:
    """A checked answer in ``level``: right or wrong, the slip diagnosed (``""`` when
    none), the ``question`` it answered (:attr:`gin.ui.lessons.exercise.Exercise.question_key`),
    whether it was the ``first_try`` without the worked answer, and the level's ``state``
    in this kernel (kept, never read for the teacher's table). Returns whether it was
    recorded."""
    return _record(
        Event(
            "answer",
            rules=rules,
            level=level,
            right=right,
            slip=slip,
            state=state,
            question=question,
            first_try=first_try,
        )
    )


def hint_used(rules: str, level: str, *, question: str = "", state: str = "") -> bool:
    """The worked answer of ``question`` was shown in ``level``. Returns whether it was
    recorded."""
    return _record(Event("hint", rules=rules, level=level, state=state, question=question))


def deal_over(
    deal: Any,
    *,
    learner_seat: int,
    guided: bool,
    rules: str,
    replayed: bool = False,
    open_hands: bool = False,
) -> bool:
    """A deal at the table ended (``deal.outcome()``): the guided deal finished, or a deal
    played, with its outcome for the learner and the points; ``replayed`` (the deal was
    played again with "Replay this game") and ``open_hands`` (teacher mode showed the
    opponent's cards during it) mark a deal the teacher's table counts apart. Returns
    whether it was recorded."""
    replayed, open_hands = bool(replayed), bool(open_hands)
    if guided:
        return _record(Event("guided", rules=rules, replayed=replayed, open_hands=open_hands))
    winner, points, kind = deal.outcome()
    if kind == "void":
        outcome = "void"
    elif winner is None:
        outcome = "tie"
    else:
        outcome = "won" if winner == learner_seat else "lost"
    return _record(
        Event(
            "deal",
            rules=rules,
            outcome=outcome,
            points=points,
            replayed=replayed,
            open_hands=open_hands,
        )
    )


def watch_deals(controller: Any, *, guided: bool) -> None:
    """Record each deal that ends at ``controller``'s table (once, however often a lesson
    is built around the same table), marked as the controller says: ``replayed`` and
    ``open_hands`` (:class:`gin.ui.table.controller.TableController`)."""
    if getattr(controller, "_class_watched", False):
        return
    controller._class_watched = True

    def ended(deal: Any) -> None:
        deal_over(
            deal,
            learner_seat=0,
            guided=guided,
            rules=controller.rules.name,
            replayed=bool(getattr(controller, "replayed", False)),
            open_hands=bool(getattr(controller, "open_hands", False)),
        )

    controller.deal_listeners.append(ended)
    slip_listeners = getattr(controller, "slip_listeners", None)
    if slip_listeners is not None:
        slip_listeners.append(
            lambda code: table_slip(
                controller.rules.name, code, question=f"deal-{controller.deal_number}"
            )
        )
    hint_listeners = getattr(controller, "hint_listeners", None)
    if hint_listeners is not None:
        hint_listeners.append(
            lambda: hint_used(
                controller.rules.name, "table", question=f"deal-{controller.deal_number}"
            )
        )


TABLE_SLIPS = (
    "layout-over-limit",
    "layout-gin-only",
    "layout-gin-only-big-gin",
    "layout-gin-deadwood",
    "layout-gin-over-limit",
    "layout-big-gin-deadwood",
    "worse-arrangement",
    "missed-layoff",
    "wrong-score",
)
"""The slip codes the play table records of its own (a refused knock:
:meth:`gin.KnockRefusedError.slip_codes`; a layout worse than the best; a missed layoff; a
score guessed wrong with no slip diagnosed); a wrong score's diagnosed slip is one of
:data:`gin.scoreguess.SLIPS`."""


def table_slip(rules: str, code: str, *, question: str = "") -> bool:
    """A slip the learner made at the play table (issue 29, the help levels that check
    them): one of :data:`TABLE_SLIPS` or of :data:`gin.scoreguess.SLIPS`, recorded as a
    wrong answer of the level ``table``. Returns whether it was recorded."""
    return answered(rules, "table", right=False, slip=code, question=question)


__all__ = [
    "DATA_ENV",
    "DB_ENV",
    "EVENTS_PER_MINUTE",
    "HELD_MAX",
    "LIMIT",
    "TABLE_SLIPS",
    "EventLimit",
    "answered",
    "await_membership",
    "deal_over",
    "enabled",
    "flush",
    "forget_member",
    "held",
    "hint_used",
    "member",
    "no_membership",
    "set_member",
    "store",
    "table_slip",
    "watch_deals",
]
