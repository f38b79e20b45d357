"""The table's help level (issue 29): how much the table thinks for the learner.

One source of truth: every part of the table asks :func:`policy` what the learner sees and
does at the level chosen, never the level's name. Imports no widget library.

=========== ============================================================================
level       what the learner sees and does
=========== ============================================================================
``full``    the table as it always was: the hand sorted and grouped into melds and
            deadwood with their labels and counts, the coach's best arrangement and what
            each discard leaves, Knock, Gin and Big gin offered when the engine finds them
``some``    the hand in the learner's own order (sorted by suit once when dealt), no
            groups, labels or counts anywhere; the coach gives the turn's instruction and
            what the opponent's visible moves suggest; the Hint gives the best
            arrangement and the discards' deadwood on request, and counts as a hint
``none``    the real table: the hand in the order dealt, ordered by the learner (drag,
            keys, sort by suit or by rank); no deadwood figure, meld label or best
            arrangement during play, no hint; the learner lays out, lays off and counts
            the score (the arrange mode is implied); Knock is offered on every discard
            and checked on the layout at Done; gin and big gin are declared by the
            learner and checked the same way
=========== ============================================================================

At ``some`` and ``none`` what the learner now does alone is checked: a refused knock, a
layout worse than the best, a missed layoff and a wrong score are slips, and the deal's
end says them (``slips_checked``).

>>> policy("none").knock_on_every_discard, policy("full").knock_on_every_discard
(True, False)
>>> [p.level for p in POLICIES.values()]
['full', 'some', 'none']
>>> policy("some").arranges(arrange_self=False), policy("none").arranges(arrange_self=False)
(False, True)
>>> try:
...     policy("lots")
... except HelpLevelError as e:
...     print(e.code)
help-unknown
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gin.errors import GinError, echo
from gin.i18n import M, Text

HELP_LEVELS = ("full", "some", "none")
"""The help levels, from the most help to none (the order of the table's control)."""

DEFAULT_HELP = "full"
"""The level a table opens at when neither the address nor the learner chose one."""

HandStart = Literal["arranged", "suit", "dealt"]
"""How the hand is ordered when a deal starts: ``arranged`` (the engine's best arrangement,
drawn again after every move), ``suit`` (sorted by suit once, then the learner's order)
or ``dealt`` (the order dealt, then the learner's order)."""


class HelpLevelError(GinError):
    """A help level the table does not have (code ``help-unknown``)."""


@dataclass(frozen=True)
class HelpPolicy:
    """What the table shows and leaves to the learner at one help level.

    Every field is a plain fact the table's parts read; none is worked out again from the
    level's name.
    """

    level: str
    """The level's name, one of :data:`HELP_LEVELS`."""
    hand_start: HandStart
    """How the hand is ordered when a deal starts (:data:`HandStart`)."""
    hand_grouped: bool
    """The hand is drawn sorted and grouped into melds and deadwood (the engine's best
    arrangement), drawn again after every move."""
    group_labels: bool
    """The groups carry their labels ("run", "set", "deadwood 41") and the deadwood is
    marked on the cards."""
    learner_orders_hand: bool
    """The hand is kept in the learner's own order (:class:`gin.ui.table.handorder.HandOrder`):
    a new card goes to the right, nothing is re-sorted behind their back, and they may
    move cards (drag or keys: :attr:`gin.ui.cardarea.CardArea.reorderable`) and press
    "sort by suit" or "sort by rank"."""
    deadwood_figures: bool
    """Deadwood counts are shown during play: on the felt, above the hand and in the
    coach ("Deadwood 15 with 11 cards · best discard leaves 7")."""
    coach_best_arrangement: bool
    """The coach lists the best arrangement of the hand."""
    coach_discard_deadwood: bool
    """The coach lists the deadwood each discard would leave."""
    coach_turn_instruction: bool
    """The coach says what the turn asks for (draw, then discard; the rules' options)."""
    coach_opponent_reading: bool
    """The coach says what the opponent's visible moves suggest."""
    hint_offered: bool
    """The Hint button (and the key H) is offered."""
    hint_reveals_counts: bool
    """Asked for, the hint also shows what this level hides (the best arrangement and
    each discard's deadwood); asking counts as a hint (recorded as one)."""
    arrange_implied: bool
    """The learner lays out their melds, lays off and counts the score themself, whatever
    the page's ``?arrange=`` or the display setting say."""
    knock_on_every_discard: bool
    """Knock is offered on every discard turn, legal or not; the layout the learner makes
    is checked at Done and a knock over the limit is refused (the learner is back at the
    discard with eleven cards, and the slip is noted)."""
    learner_declares_gin: bool
    """Gin and big gin are not offered by the engine's finding: the learner declares them
    and the layout is checked."""
    slips_checked: bool
    """What the learner does alone is checked as slips (a refused knock, a layout worse
    than the best, a missed layoff, a wrong score), and the deal's end says them."""

    def arranges(self, *, arrange_self: bool) -> bool:
        """Whether the learner lays out the cards at this level, given the page's or the
        display's choice ``arrange_self`` (``?arrange=self``)."""
        return self.arrange_implied or arrange_self

    def name(self) -> Text:
        """The level's name in the table's control ("Full help", "Real table")."""
        return Text(_NAME_KEYS[self.level], {})

    def note(self) -> Text:
        """One sentence saying what the learner sees at this level."""
        return Text(_NOTE_KEYS[self.level], {})


_NAME_KEYS = {"full": "help.level.full", "some": "help.level.some", "none": "help.level.none"}
_NOTE_KEYS = {"full": "help.note.full", "some": "help.note.some", "none": "help.note.none"}

def _policy(
    level: str, hand_start: HandStart, *, figures: bool, hint: bool, real_table: bool
) -> HelpPolicy:
    """The policy of one help level: with ``figures`` (full help) the hand is grouped and
    counted and the coach lists the best arrangement; with ``hint`` the opponent is read
    and the hint offered (revealing the hidden counts where ``figures`` is off); at the
    ``real_table`` the learner lays out, knocks and declares gin alone. Slips are checked
    wherever the figures are hidden."""
    return HelpPolicy(
        level=level,
        hand_start=hand_start,
        hand_grouped=figures,
        group_labels=figures,
        learner_orders_hand=not figures,
        deadwood_figures=figures,
        coach_best_arrangement=figures,
        coach_discard_deadwood=figures,
        coach_turn_instruction=True,
        coach_opponent_reading=hint,
        hint_offered=hint,
        hint_reveals_counts=hint and not figures,
        arrange_implied=real_table,
        knock_on_every_discard=real_table,
        learner_declares_gin=real_table,
        slips_checked=not figures,
    )


POLICIES: dict[str, HelpPolicy] = {
    "full": _policy("full", "arranged", figures=True, hint=True, real_table=False),
    "some": _policy("some", "suit", figures=False, hint=True, real_table=False),
    "none": _policy("none", "dealt", figures=False, hint=False, real_table=True),
}
"""The policy of each help level, in the order of :data:`HELP_LEVELS`."""


def check_help_level(value: object) -> str:
    """``value`` if it is one of :data:`HELP_LEVELS`; raises :class:`HelpLevelError`
    (quoting it, escaped) otherwise.

    >>> check_help_level("some")
    'some'
    """
    if not isinstance(value, str) or value not in POLICIES:
        raise HelpLevelError(M["error.help-unknown"](value=echo(value)))
    return value


def policy(level: str) -> HelpPolicy:
    """The :class:`HelpPolicy` of ``level``; raises :class:`HelpLevelError` for a level
    the table does not have.

    >>> p = policy("some")
    >>> p.hand_grouped, p.deadwood_figures, p.hint_reveals_counts, p.hand_start
    (False, False, True, 'suit')
    """
    return POLICIES[check_help_level(level)]


__all__ = [
    "DEFAULT_HELP",
    "HELP_LEVELS",
    "POLICIES",
    "HandStart",
    "HelpLevelError",
    "HelpPolicy",
    "check_help_level",
    "policy",
]
