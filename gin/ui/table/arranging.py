"""The learner lays out the hand at the table (issue 19): :class:`TableArranging` opens
the rooms of :mod:`gin.ui.arrange` when the display choice "I lay out my cards" is on
(``?arrange=self``).

* As the knocker: the knock (or gin, or big gin) confirmed, the meld builder opens on the
  cards kept; its *Done* is checked by the engine (a layout over the knock limit is
  refused with the reason) and the knock is played with the learner's melds, so the deal
  is scored as laid out.
* As the defender: the layoff chooser replaces the *Lay off* button; its *Done* plays the
  layoffs chosen. After the opponent's gin or big gin the chooser says that nothing may
  be laid off, and the end of the deal waits for its *Done*.
* Both: the end-of-deal playback waits before the score lines (the comparison of the
  deadwood) for the learner's score guess, or a press of *Show the score*.

While a room is open, the action buttons are put away, the keys go to the room, and the
coach keeps to itself what the learner is working out (the best melds, the layoffs).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

import gin
from gin.i18n import M
from gin.ui.arrange import LayoffChooser, MeldBuilder, ScoreGuess
from gin.ui.arrange.layoffs import Layoffs
from gin.ui.parts import insert_child
from gin.ui.seats import LEARNER
from gin.ui.table.base import _guarded
from gin.ui.table.buttons import BUTTONS
from gin.ui.table.turn import TableTurn

HIDDEN_SECTIONS = {"builder": ("turn", "hand"), "chooser": ("layoff", "turn")}
"""The coach's sections kept back while a room is open (they would give the answer)."""


def guess_beat(result: gin.DealResult) -> int:
    """The beat of the end-of-deal playback that waits for the score guess: every step
    before the comparison of the deadwood (the layoffs and both counts are shown)."""
    return next((i for i, s in enumerate(result.steps) if s.code == "compare"), len(result.steps))


class TableArranging(TableTurn):
    """The table with the rooms where the learner lays out, lays off and scores."""

    arrange_self: bool
    arrange_box: w.VBox
    builder: MeldBuilder | None
    chooser: LayoffChooser | None
    score_guess: ScoreGuess | None
    _laying_out: gin.Knock | gin.BigGin | None

    def _build_rooms(self) -> None:
        """The box the rooms are shown in, on the felt just below the learner's hand."""
        self.builder = self.chooser = self.score_guess = None
        self._laying_out = None
        self.arrange_box = w.VBox()
        self.arrange_box.add_class("gin-arrange-box")
        insert_child(self.felt, self.arrange_box, after=self.hand)
        self.display_menu.arrange_self.observe(self._on_arrange_self, names="value")

    # ------------------------------------------------------------------ state

    def _rooms(self) -> list[Any]:
        return [r for r in (self.builder, self.chooser, self.score_guess) if r is not None]

    def _open_room(self) -> str:
        """The room the learner is working in (``builder``, ``chooser``, ``guess``) or
        ``""``."""
        if self._laying_out is not None and self.builder is not None:
            return "builder"
        if self.chooser is not None and not self.chooser.finished:
            return "chooser"
        if self.score_guess is not None and not self.score_guess.finished:
            return "guess"
        return ""

    def _close_rooms(self) -> None:
        for room in self._rooms():
            room.close()
        self.builder = self.chooser = self.score_guess = None
        self._laying_out = None
        self.arrange_box.children = ()

    def _reveal_hold(self) -> int | None:
        """The playback waits for the chooser after gin (at its start), then for the
        score guess (before the score lines)."""
        if self.chooser is not None and not self.chooser.finished:
            return 0
        result = self.controller.deal.result
        if result is None:
            return None
        if self.score_guess is not None:
            return None if self.score_guess.finished else guess_beat(result)
        return guess_beat(result) if self.arrange_self else None

    # ------------------------------------------------------------------ the knocker

    @_guarded
    def confirm(self) -> None:
        """Play the action waiting for confirmation; in the mode "I lay out my cards", a
        knock, gin or big gin first opens the meld builder."""
        action = self.controller.pending
        if self.arrange_self and isinstance(action, gin.Knock | gin.BigGin):
            self._start_layout(action)
            return
        super().confirm()

    def _start_layout(self, action: gin.Knock | gin.BigGin) -> None:
        view = self.controller.view()
        kept = view.kept_cards(action.card) if isinstance(action, gin.Knock) else view.hand
        self.controller.pending = None
        self._laying_out = action
        if self.builder is not None:
            self.builder.close()
        self.builder = MeldBuilder(
            kept,
            on_done=self._layout_done,
            on_cancel=self._layout_cancelled,
            four_color=self.four_color,
            large=self.large_cards,
        )
        self.builder.on_change = self._room_changed
        self._say(M["arrange.lay-out-now"]())
        self.refresh()

    def _layout_done(self, layout: gin.Arrangement) -> None:
        """The builder's *Done*: the engine checks the layout, then the knock is played
        with it (a refusal reaches the builder, and nothing changes)."""
        action = self._laying_out
        if action is None:
            raise gin.IllegalActionError(M["error.arrange-finished"]())
        view = self.controller.view()
        melds = tuple(m.cards for m in layout.melds)
        played: gin.Action
        if isinstance(action, gin.Knock):
            gin.check_knock_layout(view.rules, view.up_card, layout)
            played = gin.Knock(action.card, melds=melds)
        else:
            played = gin.BigGin(melds=melds)
        self.controller.deal.verify(played, LEARNER)
        self._laying_out = None
        if self.builder is not None:
            self.builder.say(M["arrange.scored-as-laid-out"]())
        self._learner(played)

    def _layout_cancelled(self) -> None:
        self._laying_out = None
        if self.builder is not None:
            self.builder.close()
        self.builder = None
        self._say(M["table.cancelled"]())
        self.refresh()

    def _room_changed(self) -> None:
        """The learner changed something in a room (a meld made or taken apart, a card
        laid off): the table itself stays as it is."""

    # ------------------------------------------------------------------ the defender

    def _layoffs_done(self, layoffs: Layoffs) -> None:
        """The chooser's *Done* after a knock: the layoffs chosen are played."""
        self._learner(gin.LayOff(layoffs=layoffs))

    def _gin_seen(self, layoffs: Layoffs) -> None:
        """The chooser's *Done* after gin or big gin: the end of the deal goes on."""
        self.refresh()
        self._advance()

    @_guarded
    def lay_off(self) -> None:
        """Lay off: in the mode "I lay out my cards" the learner chooses each layoff in
        the chooser; else the engine lays off the best cards."""
        if self.chooser is not None and not self.chooser.finished:
            raise gin.IllegalActionError(M["error.arrange-choose-layoffs"]())
        super().lay_off()

    # ------------------------------------------------------------------ the score guess

    def _guess_done(self) -> None:
        self.refresh()
        self._advance()

    # ------------------------------------------------------------------ drawing

    def _open_rooms(self, view: gin.PlayerView) -> None:
        """Open the room the state asks for (once per deal each)."""
        c = self.controller
        board = None
        if self.arrange_self and self.chooser is None:
            if view.lays_off and view.layoff_board is not None:
                board, on_done = view.layoff_board, self._layoffs_done
            elif view.layoffs_barred and view.knocker_shown is not None and c.reveal_step == 0:
                big = view.result is not None and view.result.kind == "big-gin"
                board = gin.LayoffBoard.start(
                    view.knocker_shown.melds, view.hand, "big-gin" if big else "gin"
                )
                on_done = self._gin_seen
        if board is not None:
            self.chooser = LayoffChooser(
                board, on_done=on_done, four_color=self.four_color, large=self.large_cards
            )
            self.chooser.on_change = self._room_changed
        hold = self._reveal_hold()
        if (
            self.score_guess is None
            and view.result is not None
            and view.knocker is not None
            and hold is not None
            and self._open_room() == ""
            and c.reveal_step >= hold
            and not self._revealed()
        ):
            self.score_guess = ScoreGuess(
                view.result, view.knocker, view.rules, on_done=self._guess_done
            )

    def refresh(self) -> None:
        """Open the room the state asks for, redraw the table, then show the rooms."""
        self._open_rooms(self.controller.view())
        super().refresh()
        rooms = self._rooms()
        for room in rooms:
            if (room.four_color, room.large) != (self.four_color, self.large_cards):
                room.set_display(four_color=self.four_color, large=self.large_cards)
        if tuple(self.arrange_box.children) != tuple(rooms):
            self.arrange_box.children = rooms
        display = "none" if self._open_room() in ("builder", "chooser") else ""
        for part in (self.hand, self.hand_label):
            if part.layout.display != display:
                part.layout.display = display

    def _update_buttons(self, view: gin.PlayerView) -> None:
        super()._update_buttons(view)
        room = self._open_room()
        if room or (self.arrange_self and view.phase is gin.Phase.LAYOFF):
            for key in [k for k, _, _ in BUTTONS]:
                self.buttons[key].disabled = True
                self._display(key, False)
        if room:
            for key in ("hint", "undo"):
                self.buttons[key].disabled = True
            self._display("hint", False)

    def _update_turn(self, view: gin.PlayerView) -> None:
        room = self._open_room()
        if not room:
            super()._update_turn(view)
            return
        key = {
            "builder": "arrange.turn-lay-out",
            "chooser": "arrange.turn-lay-off",
            "guess": "arrange.turn-guess",
        }[room]
        if room == "chooser" and view.layoffs_barred:
            key = "arrange.turn-after-gin"
        self.felt.show_turn(M[key].render(), "")

    def _update_coach(self, view: gin.PlayerView) -> None:
        super()._update_coach(view)
        room = self._open_room()
        hidden = HIDDEN_SECTIONS.get(room, ())
        if hidden:
            self.coach.show(sections=[s for s in self.coach.sections if s.key not in hidden])

    def _focus_next(self, view: gin.PlayerView) -> None:
        room = self._open_room()
        if not room:
            super()._focus_next(view)
            return
        target = {
            "builder": ".gin-meld-builder .gin-action-make-meld",
            "chooser": ".gin-layoff-chooser .gin-arrange-hand [data-index]",
            "guess": ".gin-score-guess-points input",
        }[room]
        if room == "chooser" and view.layoffs_barred:
            target = ".gin-layoff-chooser .gin-action-done-arranging"
        state = (self.controller.deal_number, room, target)
        if state != self._focus_state:
            self._focus_state = state
            self.hand.focus(target)

    # ------------------------------------------------------------------ keys and settings

    @_guarded
    def _on_key(self, key: str) -> None:
        """A key pressed on the page: to the open room, else as at the table."""
        room = self._open_room()
        if room == "builder" and self.builder is not None:
            self.builder.press(key)
        elif room == "chooser" and self.chooser is not None:
            self.chooser.press(key)
        elif room == "guess":
            return
        else:
            super()._on_key(key)

    @_guarded
    def _on_arrange_self(self, change: dict[str, Any]) -> None:
        self.set_arrange_self(bool(change["new"]))

    def set_arrange_self(self, on: bool) -> None:
        """The mode "I lay out my cards" on or off (from the next knock, layoff or end of
        a deal; a room already open stays until it is done)."""
        self.arrange_self = on
        if self.display_menu.arrange_self.value != on:
            self.display_menu.arrange_self.value = on
        self.refresh()
        self._advance()

    def _start_deal_view(self) -> None:
        self._close_rooms()
        super()._start_deal_view()

    def relabel(self) -> None:
        """Draw the table and its rooms again in the current language."""
        for room in self._rooms():
            room.relabel()
        super().relabel()

    def close(self) -> None:
        """Close the table and its rooms."""
        for room in self._rooms():
            room.close()
        super().close()


__all__ = ["TableArranging", "guess_beat"]
