"""A repeated error is logged once, with a count (issue 33).

When a page goes away while its kernel still sends (a widget redrawn, a burst of output),
every message the kernel sends is written to the closed websocket: jupyter_server's
kernel connection (``_on_zmq_reply``, the binary ``v1`` protocol the page speaks) calls
Tornado's ``write_message``, which raises ``WebSocketClosedError``; pyzmq logs it with its
traceback ("Uncaught exception in ZMQStream callback", logger ``tornado.general``) and
raises it again, so asyncio logs it once more ("Exception in callback ...", logger
``asyncio``). A probe's session grew the server's log to 3.5 MB of these.

:class:`RepeatsCollapsed` lets the first of a kind through and holds back the same record
(same logger, level, first line and, for an exception, its type and where it was raised)
for :attr:`RepeatsCollapsed.window` seconds; then one line says how many were held back.
:func:`install` puts it on the loggers those records come from. (The app's websocket
handler now drops such a message with a warning instead, :mod:`gin.ui.page.connectwatch`;
the filter also collapses that warning, and any other record repeated in a flood.)
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

NOISY_LOGGERS = ("tornado.general", "tornado.application", "asyncio")
"""Where the websocket's repeated tracebacks are logged (besides the app's own log, where
the kernel restarter's failed callbacks go)."""

WINDOW_S = 60.0
"""How long the same record is held back after it was logged."""

_NUMBERS = re.compile(r"0x[0-9a-fA-F]+|\d+")

Key = tuple[str, int, str, str]


@dataclass
class _Seen:
    since: float
    held: int = 0
    text: str = ""
    flush_scheduled: bool = False


def record_key(record: logging.LogRecord) -> Key:
    """What makes two records "the same": the logger, the level, the first line of the
    message with its numbers left out (file descriptors, addresses, ports), and for an
    exception its type and the place it was raised (then the message's template counts,
    not its arguments).

    >>> a = logging.LogRecord("x", 40, "f.py", 1, "Exception in callback fd(30)", None, None)
    >>> b = logging.LogRecord("x", 40, "f.py", 9, "Exception in callback fd(31)", None, None)
    >>> record_key(a) == record_key(b)
    True
    """
    where = ""
    first = (str(record.msg) if record.exc_info else record.getMessage()).split("\n", 1)[0]
    if record.exc_info and record.exc_info[1] is not None:
        exc = record.exc_info[1]
        tb = exc.__traceback__
        while tb is not None and tb.tb_next is not None:
            tb = tb.tb_next
        place = f"{tb.tb_frame.f_code.co_filename}:{tb.tb_lineno}" if tb is not None else ""
        where = f"{type(exc).__module__}.{type(exc).__qualname__}@{place}"
    return (record.name, record.levelno, _NUMBERS.sub("#", first), where)


class RepeatsCollapsed(logging.Filter):
    """A log filter: the first record of a kind passes, the same ones for :attr:`window`
    seconds are counted instead, and one line then says how many there were
    (:meth:`flush`, scheduled on the running event loop; also done by the next record of
    that kind after the window). Only warnings and errors are collapsed (:attr:`level`)."""

    def __init__(
        self,
        window: float = WINDOW_S,
        clock: Callable[[], float] = time.monotonic,
        level: int = logging.WARNING,
    ) -> None:
        super().__init__()
        self.window = window
        self.clock = clock
        self.level = level
        """Records below this level always pass (a kernel started is news each time)."""
        self._seen: dict[Key, _Seen] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether ``record`` is logged (it is not when the same one was, just now)."""
        if record.levelno < self.level or getattr(record, "gin_repeats", False):
            return True
        now = self.clock()
        key = record_key(record)
        seen = self._seen.get(key)
        if seen is None or now - seen.since >= self.window:
            if seen is not None and seen.held:
                self._say(key, seen, now)
            self._seen[key] = _Seen(since=now, text=key[2][:200])
            self._forget_old(now)
            return True
        seen.held += 1
        if not seen.flush_scheduled:
            seen.flush_scheduled = self._schedule(seen.since + self.window - now)
        return False

    def flush(self) -> int:
        """Say how many records were held back, for every kind whose window is over;
        returns how many lines were logged."""
        now = self.clock()
        said = 0
        for key, seen in list(self._seen.items()):
            if seen.held and now - seen.since >= self.window:
                self._say(key, seen, now)
                said += 1
        return said

    def _say(self, key: Key, seen: _Seen, now: float) -> None:
        held, seconds = seen.held, now - seen.since
        seen.held, seen.flush_scheduled = 0, False
        logging.getLogger(key[0]).log(
            key[1],
            "gin tutor: the same record came %d more times in %.0f s (not shown): %s",
            held,
            seconds,
            seen.text,
            extra={"gin_repeats": True},
        )

    def _schedule(self, delay: float) -> bool:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop here: the next record of this kind says the count
            return False
        loop.call_later(max(0.0, delay), self.flush)
        return True

    def _forget_old(self, now: float) -> None:
        if len(self._seen) > 1000:
            self._seen = {
                k: s for k, s in self._seen.items() if s.held or now - s.since < self.window
            }


def install(
    app_log: logging.Logger | None = None,
    loggers: Iterable[str] = NOISY_LOGGERS,
    window: float = WINDOW_S,
) -> RepeatsCollapsed:
    """Put one :class:`RepeatsCollapsed` on ``loggers`` and on ``app_log``; returns it.
    A logger that has one already keeps it."""
    collapse = RepeatsCollapsed(window)
    targets = [logging.getLogger(name) for name in loggers]
    if app_log is not None:
        targets.append(app_log)
    for logger in targets:
        if not any(isinstance(f, RepeatsCollapsed) for f in logger.filters):
            logger.addFilter(collapse)
    return collapse
