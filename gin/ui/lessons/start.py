"""Lesson 0, start here: the two rule sets side by side and a map of the lessons.

The rules table is built from the fields of :class:`gin.Rules` presets, so it always shows
what the engine plays.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable
from typing import Any

from gin import Rules
from gin.ui.lessons.base import Lesson, html_widget, section
from gin.ui.lessons.catalog import LESSONS, PLAY_NOTEBOOK, link
from gin.ui.lessons.pictures import Raw, table_html


def _yes_no(v: Any, _r: Rules) -> str:
    return "yes" if v else "no"


def _ace(v: Any, r: Rules) -> str:
    if v == 0:
        return "0: only gin" + (" or big gin" if r.big_gin else "") + " can end the deal"
    return f"{v}: knock with {v} deadwood or less"


def _points(v: Any, _r: Rules) -> str:
    return f"{v} points"


def _big_gin(v: Any, r: Rules) -> str:
    return f"yes: bonus {r.big_gin_bonus} points" if v else "no"


def _dealer(v: Any, _r: Rules) -> str:
    return "the winner of the deal" if v == "winner" else "the players take turns"


def _optional_points(v: Any, _r: Rules) -> str:
    return f"{v} points" if v else "none"


# field -> (label, formatter); a field missing here is shown with its own name
RULE_ROWS: dict[str, tuple[str, Callable[[Any, Rules], str]]] = {
    "ace_knock_limit": ("Knock limit under an ace up card", _ace),
    "spade_doubles": ("A spade up card doubles the deal", _yes_no),
    "gin_bonus": ("Gin bonus", _points),
    "big_gin": ("Big gin (all eleven cards meld)", _big_gin),
    "undercut_bonus": ("Undercut bonus", _points),
    "undercut_on_tie": ("Equal deadwood is an undercut", _yes_no),
    "may_discard_taken_card": ("May throw back the card just taken from the pile", _yes_no),
    "next_dealer": ("Who deals next", _dealer),
    "target": ("A game is won at", _points),
    "box_bonus": ("Box bonus per deal won", _optional_points),
    "game_bonus": ("Bonus for winning the game", _optional_points),
    "shutout_doubles": ("Shutout doubles the winner's score", _yes_no),
}
_SHOWN_INSIDE = {"big_gin_bonus"}  # shown in the big gin row


def rules_rows(presets: tuple[str, ...] = Rules.PRESETS) -> list[list[str]]:
    """One row per rule field: the label, then the value under each preset."""
    rules = [Rules.preset(p) for p in presets]
    rows = []
    for f in dataclasses.fields(Rules):
        if f.name in _SHOWN_INSIDE:
            continue
        label, fmt = RULE_ROWS.get(f.name, (f.name.replace("_", " "), lambda v, _r: str(v)))
        rows.append([label, *(fmt(getattr(r, f.name), r) for r in rules)])
    return rows


def rules_table_html(presets: tuple[str, ...] = Rules.PRESETS) -> str:
    """The rule sets side by side, differences marked."""
    rows = []
    for row in rules_rows(presets):
        differs = len(set(row[1:])) > 1
        label = f"<b>{html.escape(row[0])}</b>" if differs else html.escape(row[0])
        rows.append([Raw(label), *row[1:]])
    return table_html(["rule", *(f"“{p}”" for p in presets)], rows, css="gin-rules-table")


def lesson_map_html() -> str:
    """Every lesson with a link that opens it (in Voilà when served by Voilà)."""
    items = [f"<li>{link(info.notebook)}: {html.escape(info.summary)}</li>" for info in LESSONS[1:]]
    return f'<ol class="gin-lesson-map">{"".join(items)}</ol>'


class StartLesson(Lesson):
    """Start here: rule sets, lesson map and a play-now link."""

    notebook = "00_start_here.ipynb"

    def __init__(self) -> None:
        super().__init__(seed=0)
        self.rules_table = html_widget(rules_table_html(), "gin-rules")
        self.lesson_map = html_widget(lesson_map_html(), "gin-map")
        self.play_now = html_widget(
            "<p>" + link(PLAY_NOTEBOOK, "▶ Play now", css="gin-playnow") + "</p>"
            '<p class="gin-muted">Already know the game? Go straight to the table.</p>',
            "gin-play-now",
        )
        self.assemble(
            section(
                "The two rule sets",
                "<p>The tutor plays both. Rows in bold are where they differ; every value "
                "comes from the engine's own rule sets.</p>",
                self.rules_table,
            ),
            section("The lessons", "", self.lesson_map, self.play_now),
        )


def start_lesson() -> StartLesson:
    """The Start-here lesson (displays as its widget)."""
    return StartLesson()


__all__ = ["StartLesson", "lesson_map_html", "rules_rows", "rules_table_html", "start_lesson"]
