"""The class at a glance, worked out from the recorded events: each learner's state in
every level, the guided deal, the deals played, and the slips the class makes most.

Pure data in, data out (the teacher page draws it, the CSV writes it). Nothing a learner's
page says about itself is taken on trust: a level's state comes from the answers in the
store, replayed through the course's own rule (:func:`gin.ui.lessons.exercise.streak_after`,
:func:`gin.ui.lessons.progress.answer_recorded`: three right first tries in a row master a
level), never from the ``state`` an event carries; a question counts once (its first
answer is the first try, whatever page or kernel answers it again); a learner's slip counts
once per question; a deal replayed or played with open hands is counted apart.

>>> from gin.ui.classroom.events import Learner, StoredEvent
>>> ana = Learner("t1", "K7WQ3M", "Ana")
>>> events = [StoredEvent("answer", level="sets", right=True, state="mastered", token="t1")]
>>> s = summarize([ana], events)
>>> s.rows[0].states["sets"], s.rows[0].states["runs"]
('started', 'new')
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gin.ui.classroom.events import Learner, StoredEvent, read_form
from gin.ui.lessons.exercise import streak_after
from gin.ui.lessons.levels import LEVELS, level_index
from gin.ui.lessons.progress import answer_recorded, hint_recorded, new_record

TABLE_LEVEL = "table"
"""The level name the play table records its slips under (``record.table_slip``): they
are ranked with the levels' slips, after them on a tie; no level state comes from them."""

STATE_ORDER = {"new": 0, "started": 1, "mastered": 2}
"""A level's states, from least to most done."""

TOP_SLIPS = 3
"""How many of the class's slips the teacher sees."""

NOT_A_SLIP = frozenset({"", "other"})
"""Slip codes that name no diagnosed slip."""

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


@dataclass
class LearnerRow:
    """One learner's line of the teacher's table."""

    nickname: str
    states: dict[str, str] = field(default_factory=dict)
    """Each level's key -> ``new``, ``started`` or ``mastered`` (the furthest reached under
    any rule set, by the answers recorded)."""
    guided: bool = False
    deals: int = 0
    """Deals played through, neither replayed nor with open hands."""
    won: int = 0
    """Of :attr:`deals`, those the learner won."""
    replayed: int = 0
    """Deals played again with "Replay this game" (not in :attr:`deals`)."""
    open_hands: int = 0
    """Deals played while teacher mode showed the opponent's cards (not in :attr:`deals`)."""
    marked: int = 0
    """Deals replayed or with open hands (or both): the deals not counted."""


@dataclass(frozen=True)
class Slip:
    """A slip the class made: the level, the slip's code, how often (each learner's slip
    once per question) and by how many learners."""

    level: str
    slip: str
    count: int
    learners: int = 1


@dataclass
class ClassSummary:
    """The class at a glance."""

    rows: list[LearnerRow]
    slips: list[Slip]


@dataclass
class _LevelTrack:
    """One learner's level under one rule set, as the answers recorded tell it."""

    record: dict[str, Any] = field(default_factory=new_record)
    """The course's record of the level (:func:`gin.ui.lessons.progress.answer_recorded`)."""
    seen: set[str] = field(default_factory=set)
    """The questions answered, or whose worked answer was shown (no first try any more)."""


class ClassTally:
    """The class at a glance, kept up to date event by event (the teacher's page reads only
    the events added since its last look, so a refresh costs what is new, not the whole
    class's history).

    >>> from gin.ui.classroom.events import Learner, StoredEvent
    >>> tally = ClassTally()
    >>> tally.add([Learner("t1", "C", "Ana")], [StoredEvent("guided", id=1, token="t1")])
    >>> tally.last_id, tally.summary().rows[0].guided
    (1, True)
    """

    def __init__(self) -> None:
        self.rows: dict[str, LearnerRow] = {}
        self.slips: Counter[tuple[str, str]] = Counter()
        self.slip_learners: dict[tuple[str, str], set[str]] = {}
        self.last_id = 0
        """The number of the last event counted."""
        self._levels: dict[tuple[str, str, str], _LevelTrack] = {}
        self._slipped: set[tuple[str, str, str, str, str]] = set()

    def add(self, learners: Sequence[Learner], events: Iterable[StoredEvent]) -> None:
        """Count the learners not yet seen (in the order they joined), then ``events`` (as
        the store gives them: their data is read here,
        :func:`~gin.ui.classroom.events.read_form`)."""
        for lr in learners:
            if lr.token not in self.rows:
                self.rows[lr.token] = LearnerRow(lr.nickname, {lv.key: "new" for lv in LEVELS})
        for stored in events:
            self.last_id = max(self.last_id, stored.id)
            row = self.rows.get(stored.token)
            if row is None:
                continue
            e = read_form(stored)
            if e.kind in ("answer", "hint") and e.level in row.states:
                self._level_event(row, e)
            elif e.kind == "answer" and e.level == TABLE_LEVEL:
                self._slipped_at(e, e.question or f"#{e.id}")
            elif e.kind == "guided":
                row.guided = True
            elif e.kind == "deal":
                self._deal(row, e)

    def _level_event(self, row: LearnerRow, e: StoredEvent) -> None:
        track = self._levels.setdefault((e.token, e.rules, e.level), _LevelTrack())
        question = e.question or f"#{e.id}"  # an answer naming no question: its own
        if e.kind == "hint":
            track.record = hint_recorded(track.record)
            track.seen.add(question)
        else:
            right = e.right is True
            first_try = e.first_try and question not in track.seen
            track.seen.add(question)
            streak = streak_after(track.record["streak"], right=right, first_try=first_try)
            track.record = answer_recorded(
                track.record, right=right, first_try=first_try, streak=streak
            )
            if not right:
                self._slipped_at(e, question)
        state = track.record["state"]
        if STATE_ORDER[state] > STATE_ORDER[row.states[e.level]]:
            row.states[e.level] = state

    def _slipped_at(self, e: StoredEvent, question: str) -> None:
        """Count ``e``'s slip: each learner's once per question."""
        slipped = (e.token, e.rules, e.level, question, e.slip)
        if e.slip not in NOT_A_SLIP and slipped not in self._slipped:
            self._slipped.add(slipped)
            self.slips[(e.level, e.slip)] += 1
            self.slip_learners.setdefault((e.level, e.slip), set()).add(e.token)

    @staticmethod
    def _deal(row: LearnerRow, e: StoredEvent) -> None:
        if e.replayed or e.open_hands:
            row.marked += 1
            row.replayed += e.replayed
            row.open_hands += e.open_hands
            return
        row.deals += 1
        row.won += e.outcome == "won"

    def summary(self) -> ClassSummary:
        """Each learner's row (in the order they joined) and the class's most frequent
        slips: made by the most learners first, then the most often (so no one learner
        sets the list), a tie to the earlier level, then the slip's code."""

        def order(item: tuple[tuple[str, str], int]) -> tuple[int, int, int, str]:
            (level, slip), count = item
            try:
                at = level_index(level)
            except KeyError:
                at = len(LEVELS)
            return (-len(self.slip_learners[(level, slip)]), -count, at, slip)

        top = sorted(self.slips.items(), key=order)[:TOP_SLIPS]
        return ClassSummary(
            list(self.rows.values()),
            [Slip(lv, sl, n, len(self.slip_learners[(lv, sl)])) for (lv, sl), n in top],
        )


def summarize(learners: Sequence[Learner], events: Iterable[StoredEvent]) -> ClassSummary:
    """The class at a glance from all its learners and events (see :class:`ClassTally`)."""
    tally = ClassTally()
    tally.add(learners, events)
    return tally.summary()


def safe_cell(value: object) -> str:
    """A CSV cell a spreadsheet will not run as a formula: text starting with ``=``, ``+``,
    ``-``, ``@`` (or a tab or carriage return) gets a leading apostrophe.

    >>> safe_cell("=HYPERLINK(1)"), safe_cell("Ana"), safe_cell(3)
    ("'=HYPERLINK(1)", 'Ana', '3')
    """
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def csv_text(
    summary: ClassSummary,
    header: Sequence[str],
    state_names: dict[str, str],
    guided_names: tuple[str, str],
    demo_answers: Mapping[str, int] | None = None,
) -> str:
    """The teacher's table as CSV: ``header`` names the columns (learner, each level, the
    guided deal, deals played, deals won, deals replayed, deals with open hands; rendered;
    then, with ``demo_answers``, the classroom demo's answers of each nickname),
    ``state_names`` each state's rendered name, ``guided_names`` (finished, not yet). Every
    cell is :func:`safe_cell`."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow([safe_cell(h) for h in header])
    for row in summary.rows:
        w.writerow(
            [
                safe_cell(row.nickname),
                *(safe_cell(state_names[row.states[lv.key]]) for lv in LEVELS),
                safe_cell(guided_names[0] if row.guided else guided_names[1]),
                row.deals,
                row.won,
                row.replayed,
                row.open_hands,
                *([] if demo_answers is None else [demo_answers.get(row.nickname, 0)]),
            ]
        )
    return out.getvalue()


__all__ = [
    "STATE_ORDER",
    "TABLE_LEVEL",
    "TOP_SLIPS",
    "ClassSummary",
    "ClassTally",
    "LearnerRow",
    "Slip",
    "csv_text",
    "safe_cell",
    "summarize",
]
