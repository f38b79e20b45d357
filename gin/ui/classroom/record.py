"""What a learner's kernel records for their class, straight into the class store.

Under Voilà each learner's page runs in its own kernel on the app's server; the app tells
its kernels where the store is (the ``GIN_CLASS_DB`` environment variable, or
``GIN_CLASS_DATA`` for a SQLite store's directory: :mod:`gin.ui.classroom.address`). When
the page says the learner joined a class (:class:`gin.ui.classroom.link.ClassLink`),
:func:`set_member` names them, and the lessons' hooks call :func:`answered`,
:func:`hint_used`, :func:`deal_over`. Without a class (or
without the app: the static site, a notebook) these do nothing: nothing is sent anywhere.

Recording never holds up a lesson: the hooks put the event in a queue and return, and one
writer thread per kernel commits each event in its own transaction (so a learner's click
never waits for the database, however busy the class). A store out of reach is tried again
with back-off (:class:`gin.ui.classroom.writer.EventWriter`); one that fails otherwise is
logged on the server; the lesson goes on. :func:`flush` waits for the queue to be written
(tests, and the kernel's exit).
"""

from __future__ import annotations

import atexit
import logging
import queue
import threading
from typing import TYPE_CHECKING, Any

from gin.ui.classroom.address import DATA_ENV, DB_ENV, store_address
from gin.ui.classroom.events import ClassStoreError, Event, Learner, StoreUnavailable

if TYPE_CHECKING:
    from gin.ui.classroom.postgres import PostgresClassStore
    from gin.ui.classroom.store import ClassStore

_log = logging.getLogger("gin.ui.classroom")
_state: dict[str, Any] = {"store": None, "member": None}
_queue: queue.Queue[tuple[str, Learner, Event]] = queue.Queue()
_writer: dict[str, Any] = {"thread": None, "writer": None}
_writer_lock = threading.Lock()

FLUSH_TIMEOUT_S = 10.0
"""How long the kernel's exit waits for events still queued."""


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
    return learner


def forget_member() -> None:
    """Stop recording (the learner left the class)."""
    _state["member"] = None


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


def _record(event: Event) -> None:
    learner = member()
    address = store_address()
    if learner is None or address is None:
        return
    with _writer_lock:
        if _writer["thread"] is None:
            thread = threading.Thread(target=_write_forever, name="gin-class-writer", daemon=True)
            thread.start()
            _writer["thread"] = thread
            atexit.register(flush, FLUSH_TIMEOUT_S)
    _queue.put((address, learner, event))


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


def answered(rules: str, level: str, *, right: bool, slip: str, state: str) -> None:
    """A checked answer in ``level``: right or wrong, the slip diagnosed (``""`` when none)
    and the level's state after it."""
    _record(Event("answer", rules=rules, level=level, right=right, slip=slip, state=state))


def hint_used(rules: str, level: str, *, state: str) -> None:
    """A worked answer was shown in ``level``."""
    _record(Event("hint", rules=rules, level=level, state=state))


def deal_over(deal: Any, *, learner_seat: int, guided: bool, rules: str) -> None:
    """A deal at the table ended (``deal.outcome()``): the guided deal finished, or a deal
    played, with its outcome for the learner and the points."""
    if guided:
        _record(Event("guided", rules=rules))
        return
    winner, points, kind = deal.outcome()
    if kind == "void":
        outcome = "void"
    elif winner is None:
        outcome = "tie"
    else:
        outcome = "won" if winner == learner_seat else "lost"
    _record(Event("deal", rules=rules, outcome=outcome, points=points))


def watch_deals(controller: Any, *, guided: bool) -> None:
    """Record each deal that ends at ``controller``'s table (once, however often a lesson
    is built around the same table)."""
    if getattr(controller, "_class_watched", False):
        return
    controller._class_watched = True

    def ended(deal: Any) -> None:
        deal_over(deal, learner_seat=0, guided=guided, rules=controller.rules.name)

    controller.deal_listeners.append(ended)


__all__ = [
    "DATA_ENV",
    "DB_ENV",
    "answered",
    "deal_over",
    "enabled",
    "flush",
    "forget_member",
    "hint_used",
    "member",
    "set_member",
    "store",
    "watch_deals",
]
