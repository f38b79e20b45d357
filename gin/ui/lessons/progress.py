"""``Progress``: the learner's record of every level, kept in the browser's localStorage.

A small custom widget (the pattern of :class:`gin.ui.cardarea.CardArea`): when it is shown,
the page sends the records it stored earlier; they are checked here (anything malformed or
inconsistent is dropped, never guessed: a level mastered with no answers is refused) and
merged, and every change is written back to the browser. The records are kept per rule
set, since a level's answers depend on it.

The page may also set ``records`` itself (any synced trait can be); the kernel refuses
anything :func:`clean_records` would change, and :mod:`gin.ui.page.pageerrors` sends the
kernel's value back, so the page stores only what the kernel holds (``progress.js`` also
checks the shape of what it stores). The results CSV is safe to open in a spreadsheet:
no cell starts a formula (:func:`spreadsheet_cell`).

>>> p = Progress()
>>> p.record("classic", "sets", right=True, first_try=True, streak=1)
>>> p.state("classic", "sets"), p.state("spades-double", "sets")
('started', 'new')
"""

from __future__ import annotations

import csv
import io
import logging
import urllib.parse
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from gin.ui.lessons.levels import LEVELS, MASTERY_STREAK

_HERE = Path(__file__).parent
_log = logging.getLogger("gin.ui.lessons")

STATES = ("new", "started", "mastered")
"""A level's states, in order."""

COUNTS = ("answered", "first_right", "streak", "best_streak", "hints")
"""The counts kept per level: answers given (one per question), right at the first try,
right in a row now, the longest run of right answers, worked answers shown."""

LAST = "_last"
"""The key under which the level last opened is kept, per rule set."""


def _clean_level(raw: Any) -> dict[str, Any] | None:
    if not isinstance(raw, Mapping) or raw.get("state") not in STATES:
        return None
    out: dict[str, Any] = {"state": raw["state"]}
    for name in COUNTS:
        v = raw.get(name, 0)
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 10**6:
            return None
        out[name] = v
    return out if consistent(out) else None


def consistent(rec: Mapping[str, Any]) -> bool:
    """Whether a level's record could have been written by :meth:`Progress.record`: a run
    of right answers is made of first tries that were right, which are answers
    (``streak <= best_streak <= first_right <= answered``); a new level has no counts, and
    a level is mastered exactly when its best run reached :data:`MASTERY_STREAK`.

    >>> rec = dict(state="mastered", answered=0, first_right=0, streak=0, best_streak=0, hints=0)
    >>> consistent(rec), consistent({**rec, "answered": 4, "first_right": 3, "best_streak": 3})
    (False, True)
    """
    if not rec["streak"] <= rec["best_streak"] <= rec["first_right"] <= rec["answered"]:
        return False
    if rec["state"] == "new":
        return all(rec[name] == 0 for name in COUNTS)
    return bool((rec["state"] == "mastered") == (rec["best_streak"] >= MASTERY_STREAK))


def clean_records(raw: Any) -> dict[str, dict[str, Any]]:
    """The well-formed part of records read from the browser: known levels with a known
    state and whole counts. Anything else is dropped."""
    keys = {level.key for level in LEVELS}
    out: dict[str, dict[str, Any]] = {}
    if not isinstance(raw, Mapping):
        return out
    for rules, levels in raw.items():
        if not isinstance(rules, str) or not isinstance(levels, Mapping):
            continue
        kept: dict[str, Any] = {}
        for key, rec in levels.items():
            if key == LAST and rec in keys:
                kept[LAST] = rec
            elif key in keys:
                clean = _clean_level(rec)
                if clean is not None:
                    kept[key] = clean
        if kept:
            out[rules] = kept
    return out


def new_record() -> dict[str, Any]:
    """A level's record before any answer: state ``new``, every count 0."""
    return {"state": "new", **dict.fromkeys(COUNTS, 0)}


def answer_recorded(
    rec: Mapping[str, Any], *, right: bool, first_try: bool, streak: int
) -> dict[str, Any]:
    """A level's record after one checked answer (the course's mastery rule, used by the
    learner's :class:`Progress` and by the teacher's table alike): a first try counts as an
    answer, and ``streak`` (the right answers in a row so far,
    :func:`gin.ui.lessons.exercise.streak_after`) reaching :data:`MASTERY_STREAK` masters
    the level.

    >>> rec = new_record()
    >>> for _ in range(3):
    ...     rec = answer_recorded(rec, right=True, first_try=True, streak=rec["streak"] + 1)
    >>> rec["state"], rec["answered"]
    ('mastered', 3)
    """
    out = dict(rec)
    if first_try:
        out["answered"] += 1
        out["first_right"] += int(right)
    out["streak"] = streak
    out["best_streak"] = max(out["best_streak"], streak)
    if out["state"] == "new":
        out["state"] = "started"
    if streak >= MASTERY_STREAK:
        out["state"] = "mastered"
    return out


def hint_recorded(rec: Mapping[str, Any]) -> dict[str, Any]:
    """A level's record after a worked answer was shown (the level is started)."""
    out = dict(rec)
    out["hints"] += 1
    if out["state"] == "new":
        out["state"] = "started"
    return out


class Progress(anywidget.AnyWidget):
    """The learner's records, per rule set and level, kept in the browser.

    Synced traits: ``storage_key`` (the localStorage key), ``records``
    (``{rules: {level: {"state", "answered", "first_right", "streak", "best_streak",
    "hints"}, "_last": level}}``) and ``loaded`` (the page's stored records were read).
    """

    _esm = _HERE / "progress.js"

    storage_key = traitlets.Unicode("gin-tutor-progress").tag(sync=True)
    records = traitlets.Dict().tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)

    @traitlets.validate("records")
    def _only_clean_records(self, proposal: Any) -> Any:
        """Refuse records that :func:`clean_records` would change (set by the page)."""
        value = proposal["value"]
        if clean_records(value) != value:
            raise traitlets.TraitError("progress records refused: malformed or inconsistent")
        return value

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_change: list[Callable[[], Any]] = []
        self.on_msg(self._handle_page_message)
        self.layout.display = "none"

    def on_change(self, callback: Callable[[], Any]) -> None:
        """Call ``callback()`` whenever the records change (from the page or a lesson)."""
        self._on_change.append(callback)

    def _changed(self) -> None:
        for cb in self._on_change:
            try:
                cb()
            except Exception:  # a view failed to redraw: log, never raise into the page
                _log.exception("progress view failed")

    def _handle_page_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, Mapping) or content.get("event") != "stored":
            return
        stored = clean_records(content.get("records"))
        merged = {r: dict(levels) for r, levels in stored.items()}
        for rules, levels in self.records.items():  # answers given before the page answered
            kept = merged.setdefault(rules, {})
            last = kept.get(LAST)
            kept.update(levels)
            if last is not None:  # where the learner left off, not the page's first level
                kept[LAST] = last
        self.records = merged
        self.loaded = True
        self._changed()

    def scroll_to(self, selector: str) -> None:
        """Ask the page to scroll the element ``selector`` (a CSS selector) into view."""
        self.send({"event": "scroll-to", "selector": selector})

    def send_from_page(self, content: dict[str, Any]) -> None:
        """Handle ``content`` as if the page had sent it (for tests and demos)."""
        self._handle_page_message(self, content, [])

    # ------------------------------------------------------------------ reading

    def level_record(self, rules: str, key: str) -> dict[str, Any]:
        """The record of one level (all counts 0 and state ``new`` when none)."""
        rec = self.records.get(rules, {}).get(key)
        return new_record() if rec is None else dict(rec)

    def state(self, rules: str, key: str) -> str:
        """``new``, ``started`` or ``mastered``."""
        return str(self.level_record(rules, key)["state"])

    def returning(self) -> bool:
        """Whether the learner has any progress kept (under any rule set): a newcomer has
        none."""
        return any(self.records.values())

    def last(self, rules: str) -> str | None:
        """The level last opened under ``rules``, if any."""
        last = self.records.get(rules, {}).get(LAST)
        return last if isinstance(last, str) else None

    def continue_level(self, rules: str) -> str:
        """Where to continue: the level last opened, or else the first level not mastered."""
        last = self.last(rules)
        if last is not None:
            return last
        for level in LEVELS:
            if self.state(rules, level.key) != "mastered":
                return level.key
        return LEVELS[-1].key

    # ------------------------------------------------------------------ writing

    def _put(self, rules: str, key: str, value: Any) -> None:
        records = {r: dict(levels) for r, levels in self.records.items()}
        records.setdefault(rules, {})[key] = value
        self.records = records
        self._changed()

    def opened(self, rules: str, key: str) -> None:
        """Remember that the level ``key`` was opened last."""
        if self.last(rules) != key:
            self._put(rules, LAST, key)

    def record(self, rules: str, key: str, *, right: bool, first_try: bool, streak: int) -> None:
        """Record one checked answer; ``streak`` is the right answers in a row so far."""
        rec = answer_recorded(
            self.level_record(rules, key), right=right, first_try=first_try, streak=streak
        )
        self._put(rules, key, rec)

    def hint_used(self, rules: str, key: str) -> None:
        """Record that a worked answer was shown."""
        self._put(rules, key, hint_recorded(self.level_record(rules, key)))

    # ------------------------------------------------------------------ export

    def csv_text(
        self,
        rules: str,
        header: list[str],
        titles: list[str],
        states: dict[str, str],
        rules_label: str | None = None,
    ) -> str:
        """The results per level as CSV: ``header`` names the columns (rendered), ``titles``
        the levels in order, ``states`` the rendered name of each state, ``rules_label``
        the rule set's rendered name (its code if not given). No cell starts a formula
        (:func:`spreadsheet_cell`)."""
        out = io.StringIO()
        w = csv.writer(out)
        w.writerow([spreadsheet_cell(cell) for cell in header])
        for i, (level, title) in enumerate(zip(LEVELS, titles, strict=True), 1):
            rec = self.level_record(rules, level.key)
            row = [
                i,
                title,
                rules if rules_label is None else rules_label,
                states[rec["state"]],
                rec["answered"],
                rec["first_right"],
                rec["best_streak"],
                rec["hints"],
            ]
            w.writerow([spreadsheet_cell(cell) for cell in row])
        return out.getvalue()


_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet may read as the start of a formula (OWASP's list)."""


def spreadsheet_cell(value: Any) -> Any:
    """``value`` as a CSV cell a spreadsheet will not run: text that starts like a formula
    (``= + - @``, a tab or a carriage return) gets a leading ``'``, as spreadsheets advise;
    numbers stay numbers.

    >>> spreadsheet_cell("=HYPERLINK(1)"), spreadsheet_cell("-2"), spreadsheet_cell(-2)
    ("'=HYPERLINK(1)", "'-2", -2)
    """
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


def csv_data_url(text: str) -> str:
    """A ``data:`` URL holding CSV text (a link to it downloads the file, offline)."""
    return "data:text/csv;charset=utf-8," + urllib.parse.quote(text)


__all__ = [
    "COUNTS",
    "LAST",
    "STATES",
    "Progress",
    "answer_recorded",
    "clean_records",
    "consistent",
    "csv_data_url",
    "hint_recorded",
    "new_record",
    "spreadsheet_cell",
]
