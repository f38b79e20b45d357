"""Lesson 0, start here: the rules in brief, the two rule sets side by side and a map of
the lessons.

The rules table is built from the fields of :class:`gin.Rules` presets, so it always shows
what the engine plays; every label and value is a catalog message.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable
from typing import Any

from gin import Rules
from gin.i18n import message
from gin.ui.lessons.base import Lesson, html_widget, paragraph, section
from gin.ui.lessons.catalog import LESSONS, PLAY_NOTEBOOK, link
from gin.ui.lessons.pictures import Raw, table_html

YES = message("lesson.start.table.yes", "yes")
NO = message("lesson.start.table.no", "no")
NONE = message("lesson.start.table.none", "none")
POINTS = message("lesson.start.table.points", "{points} points")
ACE_GIN_ONLY = message("lesson.start.table.ace-gin-only", "0: only gin can end the deal")
ACE_GIN_ONLY_BIG = message(
    "lesson.start.table.ace-gin-only-big-gin", "0: only gin or big gin can end the deal"
)
ACE_LIMIT = message("lesson.start.table.ace-limit", "{limit}: knock with {limit} deadwood or less")
BIG_GIN_YES = message(
    "lesson.start.table.big-gin-yes", "yes: bonus {bonus} points, declared without a discard"
)
DEALER_WINNER = message("lesson.start.table.dealer-winner", "the winner of the deal")
DEALER_ALTERNATE = message("lesson.start.table.dealer-alternate", "the players take turns")
HEADER_RULE = message("lesson.start.table.rule", "rule")
PRESET = message("lesson.start.table.preset", "“{name}”")
RULES_HEADING = message("lesson.start.rules.heading", "The two rule sets")
RULES_INTRO = message(
    "lesson.start.rules.intro",
    "The tutor plays both. Rows in bold are where they differ; every value comes from the "
    "engine's own rule sets.",
)
MAP_HEADING = message("lesson.start.map.heading", "The lessons")
PLAY_NOW = message("lesson.start.play-now", "Play now")
PLAY_NOW_NOTE = message(
    "lesson.start.play-now.note", "Already know the game? Go straight to the table."
)

LABELS = {
    "ace_knock_limit": message(
        "lesson.start.rule.ace_knock_limit", "Knock limit under an ace up card"
    ),
    "spade_doubles": message("lesson.start.rule.spade_doubles", "A spade up card doubles the deal"),
    "gin_bonus": message("lesson.start.rule.gin_bonus", "Gin bonus"),
    "big_gin": message("lesson.start.rule.big_gin", "Big gin (all eleven cards meld)"),
    "undercut_bonus": message("lesson.start.rule.undercut_bonus", "Undercut bonus"),
    "undercut_on_tie": message(
        "lesson.start.rule.undercut_on_tie", "Equal deadwood is an undercut"
    ),
    "may_discard_taken_card": message(
        "lesson.start.rule.may_discard_taken_card",
        "May throw back the card just taken from the pile",
    ),
    "next_dealer": message("lesson.start.rule.next_dealer", "Who deals next"),
    "target": message("lesson.start.rule.target", "A game is won at"),
    "box_bonus": message("lesson.start.rule.box_bonus", "Box bonus per deal won"),
    "game_bonus": message("lesson.start.rule.game_bonus", "Bonus for winning the game"),
    "shutout_doubles": message(
        "lesson.start.rule.shutout_doubles", "Shutout doubles the winner's score"
    ),
}
"""The label of each rule field shown in the table."""


def _yes_no(v: Any, _r: Rules) -> str:
    return (YES if v else NO).render()


def _ace(v: Any, r: Rules) -> str:
    if v == 0:
        return (ACE_GIN_ONLY_BIG if r.big_gin else ACE_GIN_ONLY).render()
    return ACE_LIMIT.render({"limit": v})


def _points(v: Any, _r: Rules) -> str:
    return POINTS.render({"points": v})


def _big_gin(v: Any, r: Rules) -> str:
    return BIG_GIN_YES.render({"bonus": r.big_gin_bonus}) if v else NO.render()


def _dealer(v: Any, _r: Rules) -> str:
    return (DEALER_WINNER if v == "winner" else DEALER_ALTERNATE).render()


def _optional_points(v: Any, _r: Rules) -> str:
    return POINTS.render({"points": v}) if v else NONE.render()


FORMATS: dict[str, Callable[[Any, Rules], str]] = {
    "ace_knock_limit": _ace,
    "spade_doubles": _yes_no,
    "gin_bonus": _points,
    "big_gin": _big_gin,
    "undercut_bonus": _points,
    "undercut_on_tie": _yes_no,
    "may_discard_taken_card": _yes_no,
    "next_dealer": _dealer,
    "target": _points,
    "box_bonus": _optional_points,
    "game_bonus": _optional_points,
    "shutout_doubles": _yes_no,
}
"""How each rule field's value is shown."""

_SHOWN_INSIDE = {"big_gin_bonus"}  # shown in the big gin row


def rules_rows(presets: tuple[str, ...] = Rules.PRESETS) -> list[list[str]]:
    """One row per rule field: the label, then the value under each preset.

    Raises ``KeyError`` for a rule field with no label (a new field must get one).
    """
    rules = [Rules.preset(p) for p in presets]
    rows = []
    for f in dataclasses.fields(Rules):
        if f.name in _SHOWN_INSIDE:
            continue
        label, fmt = LABELS[f.name].render(), FORMATS[f.name]
        rows.append([label, *(fmt(getattr(r, f.name), r) for r in rules)])
    return rows


def rules_table_html(presets: tuple[str, ...] = Rules.PRESETS) -> str:
    """The rule sets side by side, differences marked."""
    rows = []
    for row in rules_rows(presets):
        differs = len(set(row[1:])) > 1
        label = f"<b>{html.escape(row[0])}</b>" if differs else html.escape(row[0])
        rows.append([Raw(label), *row[1:]])
    header = [HEADER_RULE.render(), *(PRESET.render({"name": p}) for p in presets)]
    return table_html(header, rows, css="gin-rules-table")


def lesson_map_html() -> str:
    """Every lesson with a link that opens it (in Voilà when served by Voilà)."""
    items = [f"<li>{link(info.notebook)}: {html.escape(info.summary)}</li>" for info in LESSONS[1:]]
    return f'<ol class="gin-lesson-map">{"".join(items)}</ol>'


class StartLesson(Lesson):
    """Start here: the rules in brief, the rule sets, the lesson map and a play-now link."""

    notebook = "00_start_here.ipynb"

    def __init__(self) -> None:
        super().__init__(seed=0)
        self.rules_table = html_widget(rules_table_html(), "gin-rules")
        self.lesson_map = html_widget(lesson_map_html(), "gin-map")
        self.play_now = html_widget(
            "<p>" + link(PLAY_NOTEBOOK, "▶ " + PLAY_NOW.render(), css="gin-playnow") + "</p>"
            f'<p class="gin-muted">{html.escape(PLAY_NOW_NOTE.render())}</p>',
            "gin-play-now",
        )
        self.assemble(
            section(
                RULES_HEADING.render(),
                paragraph(RULES_INTRO.render()),
                self.rules_table,
            ),
            section(MAP_HEADING.render(), "", self.lesson_map, self.play_now),
        )


def start_lesson() -> StartLesson:
    """The Start-here lesson (displays as its widget)."""
    return StartLesson()


__all__ = ["StartLesson", "lesson_map_html", "rules_rows", "rules_table_html", "start_lesson"]
