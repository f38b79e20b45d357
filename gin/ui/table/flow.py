"""Moving the game on: :class:`TableFlow` plays the learner's actions through the engine,
schedules the opponent's moves one at a time (waiting for the page to show the table
first), plays the end-of-deal reveal beat by beat and steps the opponent in teacher mode.

Not a widget: it changes the model (:class:`~gin.ui.table.controller.TableController`)
and tells the parts to draw (:meth:`~gin.ui.table.state.TableState.changed`).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from typing import Any

import gin
from gin.i18n import M
from gin.narration import event_text
from gin.ui.seats import LEARNER
from gin.ui.table import reveal
from gin.ui.table.controller import TableController
from gin.ui.table.guard import guarded

READY_FALLBACK_S = 4.0
"""Seconds the first opponent move waits for the page before it is played anyway."""

Scheduler = Callable[[float, Callable[[], None]], Any]


class TableFlow:
    """The game moving on: the learner's actions, the opponent's moves, the schedule.

    :attr:`scheduler` runs a callback after a delay (``None``: the running asyncio loop);
    :attr:`token` changes whenever what was scheduled must be dropped; ``on_unseen`` is
    called when the page may have missed changes (the table's state is sent again).
    """

    def __init__(self, model: TableController, on_unseen: Callable[[], Any]) -> None:
        self.model = model
        self.on_unseen = on_unseen
        self.scheduler: Scheduler | None = None
        self.token = 0
        self.busy = False
        self.closed = False
        self.page_ready = False
        self.waiting_for_page = False
        self.played_unseen = False
        """Whether the wait for the page ran out: the opponent moved before the page said
        it shows the table, so the page may have missed those changes."""

    # ------------------------------------------------------------------ the schedule

    def drop_scheduled(self) -> None:
        """Forget the opponent's moves and the reveal beats already scheduled."""
        self.token += 1
        self.busy = False

    def _schedule(self, fn: Callable[[int], Any]) -> None:
        """Call ``fn(token)`` after the pause, on the kernel's running loop if there is one."""
        token = self.token
        pause = self.model.pause
        if pause <= 0:
            fn(token)
            return
        if self.scheduler is not None:
            self.scheduler(pause, functools.partial(self._scheduled, fn, token))
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            fn(token)
            return
        loop.call_later(pause, functools.partial(self._scheduled, fn, token))

    @guarded
    def _scheduled(self, fn: Callable[[int], Any], token: int) -> None:
        if self.closed:  # the table has left the page: play nothing on it
            return
        fn(token)

    def close(self) -> None:
        """Nothing scheduled plays on (the table has left the page)."""
        self.closed = True
        self.drop_scheduled()

    # ------------------------------------------------------------------ the page

    def _must_wait_for_page(self) -> bool:
        """Whether the opponent's first moves should wait until the page shows the table:
        only when they would be played later on the kernel's running loop."""
        if self.page_ready or self.model.pause <= 0 or self.scheduler is not None:
            return False
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        return True

    @guarded
    def on_page_ready(self) -> None:
        """The page shows the table: play the opponent's moves that waited for it. If the
        wait ran out first, the page may have missed them (a page drops the changes sent
        while it is still making the widgets from the state it asked for): the table's
        state is sent to it again, so it shows the table as it is."""
        if self.played_unseen:
            self.played_unseen = False
            self.on_unseen()
        self._go_on_after_page()

    def _go_on_after_page(self) -> None:
        self.page_ready = True
        if self.waiting_for_page:
            self.waiting_for_page = False
            self.advance()

    def _page_timeout(self, _token: int) -> None:
        # Whatever deal is on show now: a table that loads another game while it waits
        # (the guided deal) waits no longer than the first one would have.
        if self.waiting_for_page:
            self.played_unseen = True
            self._go_on_after_page()

    # ------------------------------------------------------------------ moving on

    def moved_on(self) -> None:
        """Draw the table, then move the game on."""
        self.model.changed()
        self.advance()

    def advance(self) -> None:
        """Move the game on after a change: opponent moves, then the end-of-deal reveal."""
        c = self.model
        if c.opponent_to_move():
            if c.teacher:
                self.busy = False
                return
            self.busy = True
            if self._must_wait_for_page():
                if not self.waiting_for_page:
                    self.waiting_for_page = True
                    loop = asyncio.get_running_loop()
                    loop.call_later(
                        READY_FALLBACK_S,
                        functools.partial(self._scheduled, self._page_timeout, self.token),
                    )
                return
            self._schedule(self._auto_opponent_move)
        elif c.deal.is_over and not c.revealed() and not c.reveal_waits():
            self.busy = True
            self._schedule(self.reveal_beat)
        else:
            self.busy = False

    def reveal_beat(self, token: int | None = None) -> None:
        """Show the next beat of the end-of-deal playback (all at once without a pause),
        up to the beat it waits at; ``token`` is the schedule's (an old one plays nothing)."""
        if token is not None and token != self.token:
            return
        c = self.model
        total = c.reveal_total()
        hold = c.reveal_hold
        end = total if hold is None else min(hold, total)
        if c.pause <= 0:
            c.reveal_step = max(c.reveal_step, end)
        else:
            c.reveal_step = min(c.reveal_step + 1, max(end, c.reveal_step))
        if c.revealed():
            c.say(reveal.end_message(c.game))
        self.moved_on()

    def _auto_opponent_move(self, token: int) -> None:
        if token != self.token:
            return
        self.opponent_move()
        self.moved_on()

    def opponent_move(self) -> None:
        """Let the opponent make one move, and tell it."""
        c = self.model
        c.opponent_step()
        view = c.view()
        c.moved = view.events[-1] if view.events else None
        c.say(*[event_text(e, LEARNER) for e in view.events[-1:]])
        if view.phase.is_over:
            last = [e for e in view.events if isinstance(e, gin.Knocked | gin.BigGinDeclared)]
            if last:
                c.say(event_text(last[-1], LEARNER))

    def play(self, action: gin.Action) -> None:
        """Play a learner action through the engine and move the game on."""
        c = self.model
        if self.busy and c.opponent_to_move():
            raise gin.IllegalActionError(M["error.table-not-your-turn"]())
        c.pending = c.question = None
        before = len(c.view().events)
        c.act(action)
        view = c.view()
        c.since = len(view.events)
        c.shown_hint = None
        new = view.events[before:]
        c.say(*[event_text(e, LEARNER) for e in new if not isinstance(e, gin.DealScored)])
        self.moved_on()


__all__ = ["READY_FALLBACK_S", "Scheduler", "TableFlow"]
