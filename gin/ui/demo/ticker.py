"""A callback run again and again on the kernel's event loop, until stopped.

Without a running loop (a test, a script) it never runs by itself: the caller calls the
work directly. Each run is guarded by the caller's own error handling.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable


class Ticker:
    """Run ``work`` every ``interval`` seconds on the running loop, from :meth:`start` to
    :meth:`stop` (a second :meth:`start` changes nothing but the interval)."""

    def __init__(self, interval: float, work: Callable[[], object]) -> None:
        self.interval = interval
        self.work = work
        self._token: object | None = None

    @property
    def running(self) -> bool:
        """Whether it is scheduled."""
        return self._token is not None

    def start(self, interval: float | None = None) -> None:
        """Start ticking (every ``interval`` seconds from now on, when given)."""
        if interval is not None:
            self.interval = interval
        if self._token is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        token = self._token = object()

        def tick() -> None:
            if self._token is not token:
                return
            try:
                self.work()
            finally:
                if self._token is token:
                    loop.call_later(self.interval, tick)

        loop.call_later(self.interval, tick)

    def stop(self) -> None:
        """Stop ticking."""
        self._token = None


__all__ = ["Ticker"]
