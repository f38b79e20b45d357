"""Moving the game on: :class:`TableFlow` plays the learner's actions through the engine,
schedules the opponent's moves one at a time (waiting for the page to show the table
first), steps the opponent in teacher mode and follows a presentation clicker."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from typing import Any

import gin
from gin.i18n import M
from gin.narration import event_text
from gin.ui.page import pageerrors
from gin.ui.page.unsent import send_tree_again
from gin.ui.parts import close_tree
from gin.ui.seats import LEARNER
from gin.ui.table.base import _guarded
from gin.ui.table.dealend import TableDealEnd

READY_FALLBACK_S = 4.0
"""Seconds the first opponent move waits for the page before it is played anyway."""


class TableFlow(TableDealEnd):
    """The game moving on: the learner's actions, the opponent's moves, the schedule."""

    _played_unseen = False
    """Whether the wait for the page ran out: the opponent moved before the page said it
    shows the table, so the page may have missed those changes."""

    def _schedule(self, fn: Callable[[int], Any]) -> None:
        """Call ``fn(token)`` after the pause, on the kernel's running loop if there is one."""
        token = self._token
        if self.pause <= 0:
            fn(token)
            return
        if self.scheduler is not None:
            self.scheduler(self.pause, functools.partial(self._scheduled, fn, token))
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            fn(token)
            return
        loop.call_later(self.pause, functools.partial(self._scheduled, fn, token))

    @_guarded
    def _scheduled(self, fn: Callable[[int], Any], token: int) -> None:
        if self._closed:  # the table has left the page: play nothing on it
            return
        fn(token)

    def close(self) -> None:
        """Close the table's widgets: the opponent's moves and the reveal still scheduled
        are dropped, and page errors are no longer told in its coach."""
        self._closed = True
        self._token = getattr(self, "_token", 0) + 1
        self._busy = False
        pageerrors.remove_message_area(self._show_error)
        for part in list(self.children):
            close_tree(part)
        super().close()

    def _must_wait_for_page(self) -> bool:
        """Whether the opponent's first moves should wait until the page shows the table:
        only when they would be played later on the kernel's running loop."""
        if self._page_ready or self.pause <= 0 or self.scheduler is not None:
            return False
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        return True

    @_guarded
    def _on_page_ready(self) -> None:
        """The page shows the table: play the opponent's moves that waited for it. If the
        wait ran out first, the page may have missed them (a page drops the changes sent
        while it is still making the widgets from the state it asked for): the table's
        state is sent to it again, so it shows the table as it is."""
        if self._played_unseen:
            self._played_unseen = False
            send_tree_again(self)
        self._go_on_after_page()

    def _go_on_after_page(self) -> None:
        self._page_ready = True
        if self._waiting_for_page:
            self._waiting_for_page = False
            self._advance()

    def _page_timeout(self, _token: int) -> None:
        # Whatever deal is on show now: a table that loads another game while it waits
        # (the guided deal) waits no longer than the first one would have.
        if self._waiting_for_page:
            self._played_unseen = True
            self._go_on_after_page()

    def _advance(self) -> None:
        """Move the game on after a change: opponent moves, then the end-of-deal reveal."""
        c = self.controller
        if c.opponent_to_move():
            if self.teacher:
                self._busy = False
                return
            self._busy = True
            if self._must_wait_for_page():
                if not self._waiting_for_page:
                    self._waiting_for_page = True
                    loop = asyncio.get_running_loop()
                    loop.call_later(
                        READY_FALLBACK_S,
                        functools.partial(self._scheduled, self._page_timeout, self._token),
                    )
                return
            self._schedule(self._auto_opponent_move)
        elif c.deal.is_over and not self._revealed() and not self._reveal_waits():
            self._busy = True
            self._schedule(self._reveal_beat)
        else:
            self._busy = False

    def _auto_opponent_move(self, token: int) -> None:
        if token != self._token:
            return
        self._opponent_move()
        self.refresh()
        self._advance()

    def _opponent_move(self) -> None:
        self.controller.opponent_step()
        view = self.controller.view()
        self._moved = view.events[-1] if view.events else None
        self._say(*[event_text(e, LEARNER) for e in view.events[-1:]])
        if view.phase.is_over:
            last = [e for e in view.events if isinstance(e, gin.Knocked | gin.BigGinDeclared)]
            if last:
                self._say(event_text(last[-1], LEARNER))

    def _learner(self, action: gin.Action) -> None:
        """Play a learner action through the engine and move the game on."""
        if self._busy and self.controller.opponent_to_move():
            raise gin.IllegalActionError(M["error.table-not-your-turn"]())
        c = self.controller
        self.controller.pending = None
        before = len(c.view().events)
        c.act(action)
        view = c.view()
        self.controller.since = len(view.events)
        self.controller.shown_hint = None
        new = view.events[before:]
        self._say(*[event_text(e, LEARNER) for e in new if not isinstance(e, gin.DealScored)])
        self.refresh()
        self._advance()

    @_guarded
    def opponent_step(self) -> None:
        """Teacher mode: let the opponent make its next move."""
        if not self.controller.opponent_to_move():
            raise gin.IllegalActionError(M["error.not-opponent"]())
        self._opponent_move()
        self.refresh()
        self._advance()

    @_guarded
    def clicker_step(self, step: str) -> None:
        """A presentation clicker's key (projector mode): ``forward`` plays the next thing
        the class should see, the first that applies of the opponent's next move (teacher
        mode), confirming the action asked for, and the next deal; ``back`` takes back the
        learner's last move where Undo may."""
        order = ("opponent_step", "confirm", "next_deal") if step == "forward" else ("undo",)
        for key in order:
            b = self.buttons[key]
            if b.layout.display != "none" and not b.disabled:
                b.click()
                return
