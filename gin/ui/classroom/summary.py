"""The class at a glance, worked out from the recorded events: each learner's state in
every level, the guided deal, the deals played, and the slips the class makes most.

Pure data in, data out (the teacher page draws it, the CSV writes it).

>>> from gin.ui.classroom.events import Learner, StoredEvent
>>> ana = Learner("t1", "K7WQ3M", "Ana")
>>> events = [StoredEvent("answer", level="sets", right=True, state="started", token="t1")]
>>> s = summarize([ana], events)
>>> s.rows[0].states["sets"], s.rows[0].states["runs"]
('started', 'new')
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from gin.ui.classroom.events import Learner, StoredEvent
from gin.ui.lessons.levels import LEVELS, level_index

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
    any rule set)."""
    guided: bool = False
    deals: int = 0
    won: int = 0


@dataclass(frozen=True)
class Slip:
    """A slip the class made: the level, the slip's code and how often."""

    level: str
    slip: str
    count: int


@dataclass
class ClassSummary:
    """The class at a glance."""

    rows: list[LearnerRow]
    slips: list[Slip]


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
        self.last_id = 0
        """The number of the last event counted."""

    def add(self, learners: Sequence[Learner], events: Iterable[StoredEvent]) -> None:
        """Count the learners not yet seen (in the order they joined), then ``events``."""
        for lr in learners:
            if lr.token not in self.rows:
                self.rows[lr.token] = LearnerRow(lr.nickname, {lv.key: "new" for lv in LEVELS})
        for e in events:
            self.last_id = max(self.last_id, e.id)
            row = self.rows.get(e.token)
            if row is None:
                continue
            if e.kind in ("answer", "hint") and e.level in row.states and e.state in STATE_ORDER:
                if STATE_ORDER[e.state] > STATE_ORDER[row.states[e.level]]:
                    row.states[e.level] = e.state
            if e.kind == "answer" and e.right is False and e.slip not in NOT_A_SLIP:
                self.slips[(e.level, e.slip)] += 1
            elif e.kind == "guided":
                row.guided = True
            elif e.kind == "deal":
                row.deals += 1
                row.won += e.outcome == "won"

    def summary(self) -> ClassSummary:
        """Each learner's row (in the order they joined) and the class's most frequent
        slips (most first; a tie goes to the earlier level, then the slip's code)."""

        def order(item: tuple[tuple[str, str], int]) -> tuple[int, int, str]:
            (level, slip), count = item
            try:
                at = level_index(level)
            except KeyError:
                at = len(LEVELS)
            return (-count, at, slip)

        top = sorted(self.slips.items(), key=order)[:TOP_SLIPS]
        return ClassSummary(list(self.rows.values()), [Slip(lv, sl, n) for (lv, sl), n in top])


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
) -> str:
    """The teacher's table as CSV: ``header`` names the columns (learner, each level, the
    guided deal, deals played, deals won; rendered), ``state_names`` each state's rendered
    name, ``guided_names`` (finished, not yet). Every cell is :func:`safe_cell`."""
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
            ]
        )
    return out.getvalue()


__all__ = [
    "STATE_ORDER",
    "TOP_SLIPS",
    "ClassSummary",
    "ClassTally",
    "LearnerRow",
    "Slip",
    "csv_text",
    "safe_cell",
    "summarize",
]
