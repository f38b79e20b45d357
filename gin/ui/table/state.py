"""The table session's observable state: :class:`TableState`, the traits every part of
the table draws from, and the one signal that tells them to draw again.

A part reads these traits and sends the learner's intents as commands
(:class:`gin.ui.table.commands.TableCommands`); it never reads another part. Two ways to
follow the state:

* a trait (``help``, ``teacher``, ``four_color``, ``said``, ``error``...) can be observed
  like any traitlets trait, or linked to a widget (the display menu's checkboxes are);
* :meth:`TableState.changed` tells every listener (:meth:`TableState.on_change`), in the
  order they were added, that the table is to be drawn again: ``"table"`` (everything),
  ``"controls"`` (the buttons, the turn line and the focus: a question asked or dropped),
  ``"selection"`` (a card selected: the line above the hand and the buttons) or
  ``"room"`` (the learner changed something in an arrange room); ``"deal"`` comes first
  when a new deal or game is put on show (the rooms close, the menus show the game).

>>> s = TableState()
>>> seen = []
>>> s.on_change(seen.append)
>>> s.changed("controls"); seen
['controls']
>>> s.help
'full'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import traitlets

import gin
from gin.i18n import Text
from gin.ui.table.helplevel import HELP_LEVELS, HelpPolicy, policy

SCOPES = ("deal", "table", "controls", "selection", "room")
"""What a change asks the parts to draw again (see :meth:`TableState.changed`)."""


ROOMS = ("", "builder", "chooser", "guess")
"""The arrange step: no room, the meld builder, the layoff chooser, the score guess."""

Listener = Callable[[str], Any]


class TableState(traitlets.HasTraits):
    """What the table session is showing, apart from the game itself
    (:class:`~gin.ui.table.controller.TableController` adds the game)."""

    help = traitlets.Enum(HELP_LEVELS, default_value="full")
    """How much the table helps: ``"full"``, ``"some"`` or ``"none"`` (the real table).
    Carried and observable; what each level shows is the parts' (issue 29)."""

    teacher = traitlets.Bool(False)
    """Teacher mode: both hands open, the opponent moves on a click."""
    teacher_offered = traitlets.Bool(False)
    """Whether teacher mode may be switched on (a page opened with ``?teacher=1``)."""
    four_color = traitlets.Bool(False)
    large_cards = traitlets.Bool(False)
    pause = traitlets.Float(0.6)
    """Seconds between the opponent's moves (0: at once)."""
    arrange_self = traitlets.Bool(False)
    """The mode "I lay out my cards": the learner lays out, lays off and scores."""

    chosen_rules = traitlets.Unicode("classic")
    """The rule set chosen in the controls for the next game (a preset's name)."""
    chosen_opponent = traitlets.Unicode("eager")
    """The opponent chosen in the controls for the next game."""
    typed_seed = traitlets.Unicode("")
    """What the seed field holds (the seed on show, or one typed in)."""

    pending = traitlets.Any(None)
    """The learner's action waiting for confirmation (a knock, gin or big gin)."""
    question = traitlets.Any(None)
    """The confirmation's question (a :class:`~gin.i18n.Text`), while :attr:`pending`."""
    selected = traitlets.Unicode("")
    """The code of the card selected in the learner's hand (``""``: none)."""
    since = traitlets.Int(0)
    """The first event the coach has not yet told of the opponent's moves."""
    reveal_step = traitlets.Int(0)
    """How many beats of the end-of-deal playback have been shown."""
    reveal_hold = traitlets.Any(None)
    """The beat the playback waits at for the learner (``None``: it plays to the end);
    set by the arrange rooms' host (the score guess, the layoffs after gin)."""
    shown_hint = traitlets.Any(None)
    """The hint on show (:class:`gin.bots.hint.Hint`), until the learner's next move."""
    said = traitlets.Any(())
    """What the coach says about the last moves: a tuple of :class:`~gin.i18n.Text`,
    rendered in the page's language when drawn."""
    error = traitlets.Any(None)
    """The :class:`gin.GinError` the coach shows (``None``: none)."""
    moved = traitlets.Any(None)
    """The opponent's move just made (its card slides in), until the table is drawn."""
    laying_out = traitlets.Any(None)
    """The knock (or big gin) the learner is laying out in the meld builder."""
    room = traitlets.Enum(ROOMS, default_value="")
    """The arrange step the learner is working in (``""``: none): set by the rooms' host."""
    history_shown = traitlets.Bool(False)
    """Whether the whole discard pile is shown."""

    declared = traitlets.Unicode("")
    """The end the learner declared for :attr:`laying_out` where the learner declares it
    (the real table: ``knock``, ``gin`` or ``big-gin``; ``""``: the engine's finding)."""

    hand_order = traitlets.Any(())
    """The learner's own order of their hand (card codes, left to right) where they order
    it (``()``: the engine's arrangement); UI state, never in the engine."""

    hints_asked = traitlets.Int(0)
    """The hints asked in this deal that count as hints (:meth:`note_hint`)."""

    slips = traitlets.Any(())
    """The learner's slips in this deal, in order: ``(code, sentence)`` pairs (a refused
    knock, a layout worse than the best, a missed layoff, a wrong score), at the help
    levels that check them."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._listeners: list[Listener] = []
        self.slip_listeners: list[Callable[[str], Any]] = []
        """Called with each slip's code as it is noted (:meth:`note_slip`)."""
        self.hint_listeners: list[Callable[[], Any]] = []
        """Called at each hint that counts as one (:meth:`note_hint`)."""

    # ------------------------------------------------------------------ the signal

    def on_change(self, listener: Listener) -> None:
        """Call ``listener(scope)`` at every :meth:`changed` (after those added before)."""
        self._listeners.append(listener)

    def changed(self, scope: str = "table") -> None:
        """Tell every listener that the table is to be drawn again (``scope``: one of
        :data:`SCOPES`). After a whole redraw the opponent's last move is no longer new."""
        if scope not in SCOPES:
            raise ValueError(scope)
        for listener in list(self._listeners):
            listener(scope)
        if scope == "table":
            self.moved = None

    # ------------------------------------------------------------------ the coach's words

    def say(self, *texts: Text) -> None:
        """Tell the learner ``texts`` (the coach shows them; an error on show goes)."""
        with self.hold_trait_notifications():
            self.error = None
            self.said = texts

    def show_error(self, error: gin.GinError) -> None:
        """Show ``error`` in the coach (its sentence, in the page's language)."""
        self.error = error

    @property
    def error_code(self) -> str:
        """The code of the error on show (``""`` when none)."""
        return self.error.code if self.error is not None else ""

    def policy(self) -> HelpPolicy:
        """What the table shows and leaves to the learner at its help level (the one
        place the parts read it: :func:`gin.ui.table.helplevel.policy`)."""
        return policy(self.help)

    def arranges(self) -> bool:
        """Whether the learner lays out, lays off and scores: the mode "I lay out my
        cards", or implied by the help level."""
        return self.policy().arranges(arrange_self=self.arrange_self)

    def note_slip(self, code: str, text: Text) -> None:
        """Note one of the learner's slips of this deal, ``code`` said by ``text``, at the
        levels that check them (:attr:`~gin.ui.table.helplevel.HelpPolicy.slips_checked`);
        each of :attr:`slip_listeners` is told the code (a class records it)."""
        if not self.policy().slips_checked:
            return
        self.slips = (*self.slips, (code, text))
        for listener in list(self.slip_listeners):
            listener(code)

    def note_hint(self) -> None:
        """The learner asked for a hint that shows what their level hides (the best
        arrangement, the discards' deadwood): it counts as a hint (a class records it)."""
        if not self.policy().hint_reveals_counts:
            return
        self.hints_asked += 1
        for listener in list(self.hint_listeners):
            listener()

    def hinted(self) -> gin.Action | None:
        """The move of the hint on show, if any."""
        h = self.shown_hint
        return h.action if h is not None else None

    def clear_session(self) -> None:
        """Forget what was on show for the deal (a new deal or game begins)."""
        with self.hold_trait_notifications():
            self.pending = None
            self.question = None
            self.since = 0
            self.reveal_step = 0
            self.shown_hint = None
            self.moved = None
            self.selected = ""
            self.laying_out = None
            self.room = ""
            self.reveal_hold = None
            self.declared = ""
            self.slips = ()
            self.hints_asked = 0


__all__ = ["HELP_LEVELS", "ROOMS", "SCOPES", "Listener", "TableState"]
