"""The rooms where the learner lays out the hand at the table (issue 19): :class:`ArrangeRooms`
opens the rooms of :mod:`gin.ui.arrange` in its box on the felt, just below the learner's
hand, when the mode "I lay out my cards" is on (the model's ``arrange_self``,
``?arrange=self``).

* As the knocker: the knock (or gin, or big gin) confirmed, the meld builder opens on the
  cards kept (the model's ``laying_out``); its *Done* is checked by the engine (a layout
  over the knock limit is refused with the reason) and the knock is played with the
  learner's melds, so the deal is scored as laid out.
* As the defender: the layoff chooser replaces the *Lay off* button; its *Done* plays the
  layoffs chosen. After the opponent's gin or big gin the chooser says that nothing may
  be laid off, and the end of the deal waits for its *Done*.
* Both: the end-of-deal playback waits before the score lines (the comparison of the
  deadwood) for the learner's score guess, or a press of *Show the score*.

The host tells the model which room is open (``room``: the arrange step) and where the
playback waits (``reveal_hold``); the other parts read them (the buttons are put away,
the keys go to the room, the coach keeps back what the learner is working out).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

import gin
from gin.i18n import M
from gin.ui.arrange import LayoffChooser, MeldBuilder, ScoreGuess
from gin.ui.arrange.layoffs import Layoffs
from gin.ui.parts import fixed_layout
from gin.ui.table.commands import TableCommands
from gin.ui.table.controller import TableController


def guess_beat(result: gin.DealResult) -> int:
    """The beat of the end-of-deal playback that waits for the score guess: every step
    before the comparison of the deadwood (the layoffs and both counts are shown)."""
    return next((i for i, s in enumerate(result.steps) if s.code == "compare"), len(result.steps))


class ArrangeRooms:
    """The arrange rooms' host: :attr:`box` (CSS class ``gin-arrange-box``) and the rooms
    open in it, :attr:`builder`, :attr:`chooser` and :attr:`score_guess` (``None`` until
    the deal asks for them). The box is made when a room first opens, or first asked for,
    and handed to :attr:`place` (the table puts it on the felt; issue 41)."""

    def __init__(self, model: TableController, commands: TableCommands) -> None:
        self.model = model
        self.commands = commands
        self.builder: MeldBuilder | None = None
        self.chooser: LayoffChooser | None = None
        self.score_guess: ScoreGuess | None = None
        self._dropped: list[Any] = []  # rooms left (a refused layout): closed with the deal
        self._gin_refused: gin.KnockRefusedError | None = None
        """The gin laid out with deadwood that the builder asks about (lay out again, or
        knock?): the slip, noted only once the learner's answer is known."""
        self._box: w.VBox | None = None
        self.place: Callable[[w.VBox], Any] | None = None
        """Called with :attr:`box` when it has just been made."""

    @property
    def box(self) -> w.VBox:
        """The box the rooms open in (``gin-arrange-box``)."""
        if self._box is None:
            self._box = w.VBox(layout=fixed_layout())
            self._box.add_class("gin-arrange-box")
            if self.place is not None:
                self.place(self._box)
        return self._box

    # ------------------------------------------------------------------ state

    def rooms(self) -> list[Any]:
        """The rooms open (or finished) in this deal."""
        return [r for r in (self.builder, self.chooser, self.score_guess) if r is not None]

    def open_room(self) -> str:
        """The room the learner is working in (``builder``, ``chooser``, ``guess``) or
        ``""``."""
        if self.model.laying_out is not None and self.builder is not None:
            return "builder"
        if self.chooser is not None and not self.chooser.finished:
            return "chooser"
        if self.score_guess is not None and not self.score_guess.finished:
            return "guess"
        return ""

    def close_rooms(self) -> None:
        """Close every room (a new deal begins)."""
        for room in [*self.rooms(), *self._dropped]:
            room.close()
        self._dropped = []
        self._gin_refused = None
        self.builder = self.chooser = self.score_guess = None
        if self._box is not None:
            self._box.children = ()

    def reveal_hold(self) -> int | None:
        """The playback waits for the chooser after gin (at its start), then for the
        score guess (before the score lines)."""
        if self.chooser is not None and not self.chooser.finished:
            return 0
        result = self.model.deal.result
        if result is None:
            return None
        # where slips are checked the guess lists the melds and layoffs itself and the
        # playback holds before any count (the coach shows neither count before it)
        beat = 0 if self.model.policy().slips_checked else guess_beat(result)
        if self.score_guess is not None:
            return None if self.score_guess.finished else beat
        return beat if self.model.arranges() else None

    def _publish(self) -> None:
        """Tell the model the arrange step and where the playback waits."""
        c = self.model
        with c.hold_trait_notifications():
            c.room = self.open_room()
            c.reveal_hold = self.reveal_hold()

    # ------------------------------------------------------------------ the rooms' owners

    def _open_builder(self, action: gin.Knock | gin.BigGin) -> None:
        c = self.model
        view = c.view()
        kept = view.kept_cards(action.card) if isinstance(action, gin.Knock) else view.hand
        if self.builder is not None:
            self.builder.close()
        self._gin_refused = None
        if c.hand_order:  # the learner's own order of the hand, kept in the room
            at = {code: i for i, code in enumerate(c.hand_order)}
            kept = tuple(sorted(kept, key=lambda card: at.get(card.code, len(at))))
        declared: dict[str, Any] = {}
        if c.declared:  # the learner declared the end: the engine checks it at Done
            declared = {
                "declared": c.declared,
                "rules": view.rules,
                "up_card": view.up_card,
                "on_refused": self._layout_refused,
            }
        self.builder = MeldBuilder(
            kept,
            on_done=self._layout_done,
            on_cancel=self._layout_cancelled,
            four_color=c.four_color,
            large=c.large_cards,
            sort=not c.hand_order,
            **declared,
        )
        self.builder.on_change = self._room_changed

    def _layout_done(self, layout: gin.Arrangement) -> None:
        """The builder's *Done*: the engine checks the layout, then the knock is played
        with it (a refusal reaches the builder, and nothing changes). A gin asked about
        and then knocked with deadwood is the slip; laid out again as gin, none."""
        played = self.commands.check_layout(layout)
        refused, self._gin_refused = self._gin_refused, None
        if refused is not None and layout.deadwood_points:
            self.model.note_slip(refused.code, refused.text)
        if self.builder is not None:
            self.builder.say(M["arrange.scored-as-laid-out"]())
            comparison = gin.compare_layout(self.builder.hand, layout)
            if not comparison.as_good:
                self.model.note_slip("worse-arrangement", comparison.text)
        self.commands.play(played)

    def _layout_refused(self, refused: gin.KnockRefusedError) -> None:
        """The engine refused the end declared on the layout. A gin laid out with deadwood
        within the limit is asked about in the room (lay out again, or knock), its slip
        held until the answer is known (:meth:`_layout_done`); any other refusal closes
        the room: the learner is back at the discard, the slip noted."""
        if refused.may_knock:
            self._gin_refused = refused
            return
        self._gin_refused = None  # the refusal closing the room is the slip noted
        if self.builder is not None:
            self._dropped.append(self.builder)
        self.builder = None
        self.commands.refuse_layout(refused)

    def _layout_cancelled(self) -> None:
        if self.builder is not None:
            self.builder.close()
        self.builder = None
        self.commands.stop_laying_out()

    def _room_changed(self) -> None:
        """The learner changed something in a room (a meld made or taken apart, a card
        laid off): the table itself stays as it is (a guide follows, ``room``)."""
        self.model.changed("room")

    def _layoffs_done(self, layoffs: Layoffs) -> None:
        """The chooser's *Done* after a knock: the layoffs chosen are played; any layoff
        missed is a slip (the engine's :func:`gin.missed_layoffs`)."""
        board = self.chooser.board if self.chooser is not None else None
        self.commands.lay_off_chosen(layoffs)
        if board is not None:
            missed = gin.missed_layoffs(board)
            if missed.saved > 0:
                self.model.note_slip("missed-layoff", missed.text)

    def _score_checked(self, verdict: gin.ScoreGuessVerdict, attempt: int) -> None:
        """The score guess checked: a wrong first try is a slip."""
        if attempt == 1 and not verdict.right:
            self.model.note_slip(verdict.slip or "wrong-score", verdict.text)

    def _gin_seen(self, _layoffs: Layoffs) -> None:
        """The chooser's *Done* after gin or big gin: the end of the deal goes on."""
        self.commands.go_on()

    def _guess_done(self) -> None:
        self.commands.go_on()

    # ------------------------------------------------------------------ drawing

    def _open_rooms(self, view: gin.PlayerView) -> None:
        """Open the room the state asks for (once per deal each)."""
        c = self.model
        if c.laying_out is not None and (self.builder is None or self.builder.finished):
            self._open_builder(c.laying_out)
        board = None
        on_done: Any = None
        if c.arranges() and self.chooser is None:
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
                board, on_done=on_done, four_color=c.four_color, large=c.large_cards
            )
            self.chooser.on_change = self._room_changed
        hold = self.reveal_hold()
        if (
            self.score_guess is None
            and view.result is not None
            and view.knocker is not None
            and hold is not None
            and self.open_room() == ""
            and c.reveal_step >= hold
            and not c.revealed()
        ):
            self.score_guess = ScoreGuess(
                view.result,
                view.knocker,
                view.rules,
                on_done=self._guess_done,
                on_checked=self._score_checked,
                show_steps=c.policy().slips_checked,
            )

    def draw(self, scope: str) -> None:
        """Close the rooms when a deal starts (``deal``); at a change of the ``table``,
        open the room the state asks for, tell the model, and show the rooms."""
        if scope == "deal":
            self.close_rooms()
            self._publish()
            return
        if scope != "table":
            return
        c = self.model
        self._open_rooms(c.view())
        self._publish()
        rooms = self.rooms()
        for room in rooms:
            if (room.four_color, room.large) != (c.four_color, c.large_cards):
                room.set_display(four_color=c.four_color, large=c.large_cards)
        if (rooms or self._box is not None) and tuple(self.box.children) != tuple(rooms):
            self.box.children = rooms

    def press(self, key: str) -> None:
        """A key pressed on the page while a room is open: to that room."""
        room = self.open_room()
        if room == "builder" and self.builder is not None:
            self.builder.press(key)
        elif room == "chooser" and self.chooser is not None:
            self.chooser.press(key)

    def relabel(self) -> None:
        """Draw the rooms again in the current language."""
        for room in self.rooms():
            room.relabel()

    def close(self) -> None:
        """Close the rooms."""
        for room in self.rooms():
            room.close()


__all__ = ["ArrangeRooms", "guess_beat"]
