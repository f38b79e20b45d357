"""A lesson's kernel is kept only for a page that is really there (issue 33).

Voilà starts a kernel for every ``GET`` of a lesson and runs the notebook in it while it
sends the page; the page then opens a websocket to that kernel. A plain ``GET`` (a script
looping over the lesson's address) never opens one, and its kernel held a place under the
cap until the culler stopped it, two minutes later: forty such requests every two minutes
kept a class out. :class:`ConnectWatch` gives each page :attr:`ConnectWatch.delay` seconds
after its page was sent to open its websocket (:class:`ConnectedWebsocketHandler` tells
it); a kernel whose page never did is shut down, and its place is free again. A page
that loaded the app's own script (a browser: a plain GET loads none) has three times as
long, as a browser on a busy server may be slow to connect.

A kernel shut down while its page is open (by the shutdown API, say) left the page's
websocket open on nothing; :meth:`ConnectWatch.watch_shutdowns` closes it, so the page's
kernel-lost script (:mod:`gin.ui.page.pagescripts`) can tell the learner.

**A closed page's kernel goes at once** (issue 41). The page's closing beacon is sent
only when the browser runs the page's ``beforeunload`` handlers, and only once Voilà's
widget manager has registered it: a tab closed without them (a browser that quits or
crashes, a phone that drops a tab, a page closed before its widgets came) left its kernel
running until the culler came, two minutes later (six such pages left eight kernels where
the pools hold three). Once the last websocket of a page's kernel closes, the kernel is
shut down unless a websocket opens again within :attr:`ConnectWatch.reconnect_grace`
seconds (a page reconnecting after a network blip: Jupyter's client tries again at once,
then within a second). A page closed while it is still being sent loses its kernel at
once too (:meth:`ConnectWatch.page_gone`), instead of when its connect timeout ends.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from tornado.websocket import WebSocketClosedError
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

KERNEL_GONE_CODE = 4001
"""The websocket close code a page gets when its kernel was shut down."""

DEFAULT_CONNECT_TIMEOUT_S = 20.0
"""Seconds a page has, once it was sent, to open its kernel's websocket."""

DEFAULT_RECONNECT_GRACE_S = 2.0
"""Seconds a kernel whose page's websockets all closed waits for one to open again before
it is shut down (issue 41: a closed page's kernel is gone within 5 s)."""

_log = logging.getLogger("gin.ui.page.connectwatch")


class ConnectWatch:
    """The kernels whose page opened their websocket, and a timer for each page sent.

    ``kernel_manager`` is the app's (Jupyter's ``MappingKernelManager``: ``in``,
    ``shutdown_kernel``). ``delay`` 0 (or less) watches nothing. ``reconnect_grace``: the
    seconds a kernel whose page's websockets all closed waits for one to open again before
    it is shut down (less than 0: it is never shut down for that). ``log`` is where a
    kernel shut down is told (the app's log).
    """

    def __init__(
        self,
        kernel_manager: Any,
        delay: float = DEFAULT_CONNECT_TIMEOUT_S,
        log: logging.Logger | None = None,
        reconnect_grace: float = DEFAULT_RECONNECT_GRACE_S,
    ) -> None:
        self.kernel_manager = kernel_manager
        self.delay = delay
        self.reconnect_grace = reconnect_grace
        self.log = log or _log
        self.connected: set[str] = set()
        self.freed: list[str] = []
        """The kernels shut down because their page never connected (oldest first)."""
        self.left: list[str] = []
        """The kernels shut down because their page's websockets closed (oldest first)."""
        self._pending: set[asyncio.Task[bool]] = set()
        self._websockets: dict[str, set[Any]] = {}
        self._loaded: dict[str, None] = {}

    def opened(self, kernel_id: str, websocket: Any = None) -> None:
        """A page opened the websocket of ``kernel_id`` (``websocket``, its handler): its
        kernel stays."""
        self.connected.add(kernel_id)
        if websocket is not None:
            self._websockets.setdefault(kernel_id, set()).add(websocket)

    def closed(self, kernel_id: str, websocket: Any = None) -> None:
        """The websocket ``websocket`` of ``kernel_id``'s page closed: when no other is
        open :attr:`reconnect_grace` seconds later, the page has gone and its kernel is
        shut down (:meth:`check_left`). Call on the server's event loop."""
        if websocket is not None:
            open_now = self._websockets.get(kernel_id, set())
            open_now.discard(websocket)
            if not open_now:
                self._websockets.pop(kernel_id, None)
        if self.reconnect_grace < 0 or self._open_websockets(kernel_id):
            return
        loop = asyncio.get_running_loop()
        loop.call_later(self.reconnect_grace, self._start, self.check_left(kernel_id))

    def _open_websockets(self, kernel_id: str) -> int:
        return len(self._websockets.get(kernel_id, ()))

    def _start(self, check: Any) -> None:
        task = asyncio.ensure_future(check)
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def check_left(self, kernel_id: str) -> bool:
        """Shut ``kernel_id`` down (as the closing beacon does: the kernel ends itself, so
        what it still has to write is written) unless a websocket of its page is open
        again; whether it was."""
        if self._open_websockets(kernel_id) or kernel_id not in self.kernel_manager:
            return False
        self.log.info(
            "gin tutor: the page of kernel %s closed (no websocket for %g s): shutting it down",
            kernel_id,
            self.reconnect_grace,
        )
        try:
            await self.kernel_manager.shutdown_kernel(kernel_id)
        except Exception:  # gone meanwhile (the page's beacon, the culler)
            self.log.info("gin tutor: kernel %s was gone already", kernel_id)
            return False
        self.left.append(kernel_id)
        del self.left[:-100]
        return True

    def page_gone(self, kernel_id: str) -> None:
        """The page of ``kernel_id`` went away while it was being sent: shut its kernel down
        now unless a websocket of it has opened (:meth:`check`). Call on the server's event
        loop."""
        if self.delay > 0:
            self._start(self.check(kernel_id, 0))

    def close_pages(self, kernel_id: str) -> int:
        """Close the websockets of the pages of ``kernel_id`` (it was shut down): each
        page's kernel-lost script then finds the kernel gone and says so. Returns how many
        were closed."""
        closed = 0
        for websocket in list(self._websockets.pop(kernel_id, ())):
            try:
                websocket.close(KERNEL_GONE_CODE, "the kernel was shut down")
                closed += 1
            except Exception:  # closed already
                continue
        return closed

    def watch_shutdowns(self) -> None:
        """Close a kernel's pages' websockets whenever the kernel manager shuts it down
        (a page's websocket otherwise stayed open on nothing, and the page said nothing)."""
        shutdown = self.kernel_manager.shutdown_kernel

        async def shutdown_kernel(kernel_id: str, *args: Any, **kwargs: Any) -> Any:
            try:
                return await shutdown(kernel_id, *args, **kwargs)
            finally:
                self.close_pages(kernel_id)

        self.kernel_manager.shutdown_kernel = shutdown_kernel

    def loaded(self, page: str | None) -> None:
        """The page ``page`` (its token, :meth:`expect`) loaded the app's script: a
        browser, perhaps slow to connect, so its kernel waits :attr:`LOADED_GRACE` times
        longer."""
        if page:
            self._loaded[page] = None
            while len(self._loaded) > 10_000:  # the oldest go first
                del self._loaded[next(iter(self._loaded))]

    LOADED_GRACE = 3
    """How many times :attr:`delay` a page that loaded the app's script has to connect (a
    browser on a busy machine may take longer than 20 s to open its websocket once the
    page is sent; a plain GET loads no script)."""

    def expect(self, kernel_id: str, page: str | None = None) -> None:
        """The page of ``kernel_id`` (``page``: its token) was sent, or went away: unless
        it opens the kernel's websocket within :attr:`delay` seconds (or, once it has
        loaded the app's script, :attr:`LOADED_GRACE` times that), shut the kernel down.
        Call on the server's event loop."""
        if self.delay <= 0:
            return
        loop = asyncio.get_running_loop()
        loop.call_later(self.delay, self._check_later, kernel_id, page, self.delay)

    def _check_later(self, kernel_id: str, page: str | None, waited: float) -> None:
        if page is not None and page in self._loaded and waited < self.delay * self.LOADED_GRACE:
            rest = self.delay * self.LOADED_GRACE - waited  # a browser: it has longer
            asyncio.get_running_loop().call_later(
                rest, self._check_later, kernel_id, page, waited + rest
            )
            return
        self._start(self.check(kernel_id, waited))

    async def check(self, kernel_id: str, waited: float | None = None) -> bool:
        """Shut ``kernel_id`` down unless its page has connected (``waited`` seconds after
        it was sent); whether it was."""
        self._forget_gone()
        if kernel_id in self.connected or kernel_id not in self.kernel_manager:
            return False
        if waited == 0:
            self.log.info("gin tutor: the page of kernel %s went away: shutting it down", kernel_id)
        else:
            self.log.warning(
                "gin tutor: the page of kernel %s did not connect within %g s: shutting it down",
                kernel_id,
                self.delay if waited is None else waited,
            )
        try:
            await self.kernel_manager.shutdown_kernel(kernel_id, now=True)
        except Exception:  # gone meanwhile (the page's beacon, the culler)
            self.log.info("gin tutor: kernel %s was gone already", kernel_id)
            return False
        self.freed.append(kernel_id)
        del self.freed[:-100]
        return True

    def _forget_gone(self) -> None:
        """Forget the connections of kernels that no longer run."""
        self.connected = {k for k in self.connected if k in self.kernel_manager}
        for kernel_id in [k for k in self._websockets if k not in self.kernel_manager]:
            del self._websockets[kernel_id]


class ConnectedWebsocketHandler(VoilaKernelWebsocketHandler):  # type: ignore[misc]
    """Voilà's kernel websocket, telling the app's :class:`ConnectWatch` (the setting
    ``gin_connect_watch``) that the page of this kernel is there.

    A message for a page that has gone is dropped with a warning (collapsed with its
    repeats, :mod:`gin.ui.page.logrepeats`): jupyter_server's connection writes each of the
    kernel's messages to the websocket without asking whether it is still open (the
    binary protocol's branch of ``_on_zmq_reply``, the restarter's status message), and
    each ``WebSocketClosedError`` was logged with its traceback, twice."""

    def write_message(self, message: Any, binary: bool = False) -> Any:
        """Send ``message`` to the page, or drop it when the page's websocket is closed."""
        try:
            return super().write_message(message, binary)
        except WebSocketClosedError:
            self.log.warning(
                "gin tutor: a message of kernel %s was dropped: its page's websocket is closed",
                getattr(self, "kernel_id", "?"),
            )
            return None

    async def open(self, kernel_id: str) -> None:
        """Open the websocket of ``kernel_id`` (and tell the watch first)."""
        watch = self.settings.get("gin_connect_watch")
        if isinstance(watch, ConnectWatch):
            watch.opened(kernel_id, self)
        self._gin_kernel_id = kernel_id
        await super().open(kernel_id)

    def on_close(self) -> None:
        """The page's websocket closed: the watch shuts the kernel down unless the page
        opens another soon (:meth:`ConnectWatch.closed`)."""
        try:
            super().on_close()
        finally:
            watch = self.settings.get("gin_connect_watch")
            kernel_id = getattr(self, "_gin_kernel_id", None)
            if isinstance(watch, ConnectWatch) and kernel_id is not None:
                watch.closed(kernel_id, self)
