"""Lesson 0, start here: the rules in brief, the two rule sets side by side and a map of
the lessons.

The rules table is built from the fields of :class:`gin.Rules` presets, so it always shows
what the engine plays; every label and value is a catalog message.
"""

from __future__ import annotations

import dataclasses
import html
import urllib.parse
from collections.abc import Callable
from typing import Any

from gin import Rules
from gin.errors import echo
from gin.i18n import M
from gin.ui.choices import rules_name
from gin.ui.classroom.link import class_parts
from gin.ui.demo.follow import follow_banner
from gin.ui.lessons.base import (
    Lesson,
    html_widget,
    rules_toggle,
    section,
    titled_section,
)
from gin.ui.lessons.catalog import (
    CHEAT_SHEET,
    GUIDED_NOTEBOOK,
    LESSONS,
    PLAY_NOTEBOOK,
    language_query,
    link,
)
from gin.ui.lessons.guard import AnswerError
from gin.ui.lessons.levelmap import (
    level_href,
    level_map_html,
    level_title,
    results_link_html,
    table_suggestion_html,
)
from gin.ui.lessons.levels import level_index
from gin.ui.lessons.pictures import Raw, table_html
from gin.ui.lessons.progress import Progress
from gin.ui.table.helplevel import HELP_LEVELS, policy

LABELS = {
    "ace_knock_limit": M["lesson.start.rule.ace_knock_limit"],
    "spade_doubles": M["lesson.start.rule.spade_doubles"],
    "gin_bonus": M["lesson.start.rule.gin_bonus"],
    "big_gin": M["lesson.start.rule.big_gin"],
    "undercut_bonus": M["lesson.start.rule.undercut_bonus"],
    "undercut_on_tie": M["lesson.start.rule.undercut_on_tie"],
    "may_discard_taken_card": M["lesson.start.rule.may_discard_taken_card"],
    "next_dealer": M["lesson.start.rule.next_dealer"],
    "target": M["lesson.start.rule.target"],
    "box_bonus": M["lesson.start.rule.box_bonus"],
    "game_bonus": M["lesson.start.rule.game_bonus"],
    "shutout_doubles": M["lesson.start.rule.shutout_doubles"],
}
"""The label of each rule field shown in the table."""


def _yes_no(v: Any, _r: Rules) -> str:
    return (M["lesson.start.table.yes"] if v else M["lesson.start.table.no"]).render()


def _ace(v: Any, r: Rules) -> str:
    if v == 0:
        return (
            M["lesson.start.table.ace-gin-only-big-gin"]
            if r.big_gin
            else M["lesson.start.table.ace-gin-only"]
        ).render()
    return M["lesson.start.table.ace-limit"].render({"limit": v})


def _points(v: Any, _r: Rules) -> str:
    return M["lesson.start.table.points"].render({"points": v})


def _big_gin(v: Any, r: Rules) -> str:
    return (
        M["lesson.start.table.big-gin-yes"].render({"bonus": r.big_gin_bonus})
        if v
        else M["lesson.start.table.no"].render()
    )


def _dealer(v: Any, _r: Rules) -> str:
    return (
        M["lesson.start.table.dealer-winner"]
        if v == "winner"
        else M["lesson.start.table.dealer-alternate"]
    ).render()


def _optional_points(v: Any, _r: Rules) -> str:
    return (
        M["lesson.start.table.points"].render({"points": v})
        if v
        else M["lesson.start.table.none"].render()
    )


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
    header = [
        M["lesson.start.table.rule"].render(),
        *(M["lesson.start.table.preset"].render({"name": rules_name(p)}) for p in presets),
    ]
    return table_html(header, rows, css="gin-rules-table")


def lesson_map_html() -> str:
    """Every lesson with a link that opens it (in Voilà when served by Voilà)."""
    items = [
        f"<li>{link(info.notebook, css='gin-lesson-link gin-card-title')}"
        f'<span class="gin-lesson-summary">{html.escape(info.summary)}</span></li>'
        for info in LESSONS[1:]
    ]
    return f'<ol class="gin-lesson-map">{"".join(items)}</ol>'


class StartLesson(Lesson):
    """Start here: the map of the course's levels with the learner's progress (kept in the
    browser), the guided first deal, the cheat sheet, the rules in brief, the rule sets,
    the lesson map and a play-now link."""

    notebook = "00_start_here.ipynb"

    def __init__(self, *, rules: str = "classic") -> None:
        super().__init__(seed=0)
        if rules not in Rules.PRESETS:
            raise AnswerError(M["lesson.course.unknown-rules"](name=echo(rules, 40)))
        self.progress = Progress()
        self.map_rules = rules_toggle(rules, "gin-map-rules")
        self.level_map = html_widget("", "gin-level-map-box")
        self.results = html_widget("", "gin-results")
        self.first_steps = html_widget(first_steps_html(), "gin-first-steps")
        self.values_picture = html_widget(values_picture_html(), "gin-start-values")
        self.progress.on_change(self._draw_map)
        self.map_rules.observe(lambda _c: self._draw_map(), "value")
        self._draw_map()
        self.rules_table = html_widget(rules_table_html(), "gin-rules")
        self.lesson_map = html_widget(lesson_map_html(), "gin-map")
        self.play_now = html_widget(
            "<p>"
            + link(PLAY_NOTEBOOK, "▶ " + M["lesson.start.play-now"].render(), css="gin-playnow")
            + "</p>"
            f'<p class="gin-muted">{html.escape(M["lesson.start.play-now.note"].render())}</p>',
            "gin-play-now",
        )
        self.play_help = html_widget(play_help_html(), "gin-play-help")
        self.rules_prose = html_widget("", "gin-start-prose")
        self.demo_banner = follow_banner()
        """The "Follow the demo" banner of a learner of a class (``None`` without a store)."""
        self.assemble(
            self.progress,
            *class_parts(form=True),  # the join box right under the first step, not below
            *([self.demo_banner.widget] if self.demo_banner else []),
            self.rules_prose,  # all the rules' prose (a newcomer with a code looked for it)
            titled_section(
                M["lesson.start.levels.heading"],
                M["lesson.start.levels.intro"],
                self.values_picture,
                self.first_steps,
                self.map_rules,
                self.level_map,
                self.results,
                css="gin-course-map",
            ),
            titled_section(
                M["lesson.start.rules.heading"],
                M["lesson.start.rules.intro"],
                self.rules_table,
            ),
            section(
                M["lesson.start.map.heading"].render(),
                "",
                self.lesson_map,
                self.play_now,
                self.play_help,
            ),
        )
        self._title_html = f'<h2 class="gin-lesson-title">{html.escape(self.title)}</h2>'
        self.rules_prose.value = self.intro.value.removeprefix(self._title_html)
        self._draw_map()

    def _draw_map(self) -> None:
        rules = self.map_rules.value
        if self.intro is not None:  # the first screen leads with the main button
            self.intro.value = (
                self._title_html
                + f'<div class="gin-first-step">{first_step_html(self.progress, rules)}</div>'
            )
        self.level_map.value = level_map_html(self.progress, rules)
        self.results.value = results_link_html(self.progress, rules)


def play_help_href(level: str) -> str:
    """The address of the play table at help level ``level`` (``?help=``), in the page's
    language.

    >>> play_help_href("none")
    './04_play.ipynb?help=none'
    """
    return f"./{PLAY_NOTEBOOK}?" + urllib.parse.urlencode({"help": level}) + language_query("&")


def play_help_html() -> str:
    """Beside "Play now": the play table at each help level (full, some, real table), one
    link each (class ``gin-play-help-link``, ``data-help`` the level), its note as the
    link's title. The table keeps the level chosen for the next page."""
    links = [
        f'<a class="gin-play-help-link gin-card-link" data-help="{level}" '
        f'data-notebook="{PLAY_NOTEBOOK}" href="{html.escape(play_help_href(level))}" '
        f'title="{html.escape(policy(level).note().render())}">'
        f"{html.escape(policy(level).name().render())}</a>"
        for level in HELP_LEVELS
    ]
    head = html.escape(M["lesson.start.play-help"].render())
    return f"<p>{head} {' '.join(links)}</p>"


def values_picture_html() -> str:
    """Card values in pictures (the first level's picture): what every card counts."""
    from gin.ui.lessons.levels import LEVELS

    head = html.escape(M["lesson.start.values"].render())
    return f"<p><b>{head}</b></p>" + LEVELS[0].picture(Rules.preset("classic"))


def first_step_html(progress: Progress, rules: str) -> str:
    """The first screen's main button (class ``gin-primary-action``): the guided first deal
    for a learner with no progress, "continue where you left off" for one coming back (the
    guided deal then a plain link beside it), and once the lay-out and layoff levels are
    mastered the play table at some help, then at the real table
    (:func:`~gin.ui.lessons.levelmap.table_suggestion_html`)."""
    guided_label = "▶ " + M["lesson.start.guided"].render()
    if not progress.returning():
        main = link(GUIDED_NOTEBOOK, guided_label, css="gin-primary-action gin-guided-start")
        note = M["newcomer.start.new-note"].render()
        return f'<p>{main}</p><p class="gin-muted">{html.escape(note)}</p>'
    key = progress.continue_level(rules)
    cont = M["lesson.course.continue"].render({"title": level_title(level_index(key) + 1)})
    main = (
        f'<a class="gin-primary-action gin-continue-start" data-level="{key}" '
        f'href="{html.escape(level_href(key, rules))}">▶ {html.escape(cont)}</a>'
    )
    table = table_suggestion_html(progress, rules)  # the table at less help, once ready
    return f"<p>{main} {link(GUIDED_NOTEBOOK, guided_label, css='gin-card-link')}</p>{table}"


PRINTER_ICON = (
    '<svg class="gin-icon" aria-hidden="true" focusable="false" width="18" height="18" '
    'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" '
    'stroke-linejoin="round"><path d="M6 9V3h12v6"/><rect x="2" y="9" width="20" height="8" '
    'rx="2"/><path d="M6 14h12v7H6z"/></svg>'
)
"""A printer drawn inline (no emoji font needed), beside the cheat sheet's link."""


def first_steps_html() -> str:
    """Links to the guided first deal and the printable cheat sheet."""
    guided = link(
        GUIDED_NOTEBOOK,
        "▶ " + M["lesson.start.guided"].render(),
        css="gin-guided-link gin-card-link",
    )
    sheet = M["lesson.start.cheat-sheet"].render()
    new_tab = M["newcomer.new-tab"].render()
    return (
        f"<p>{guided} "
        f'<a class="gin-cheat-sheet-link gin-card-link" href="./{CHEAT_SHEET}" target="_blank">'
        f"{PRINTER_ICON} {html.escape(sheet)} "
        f'<span class="gin-new-tab">({html.escape(new_tab)})</span></a></p>'
    )


def start_lesson(*, rules: str = "classic") -> StartLesson:
    """The Start-here lesson (displays as its widget); ``rules`` is the rule set whose
    progress the level map shows first."""
    return StartLesson(rules=rules)


__all__ = [
    "StartLesson",
    "lesson_map_html",
    "play_help_href",
    "play_help_html",
    "rules_rows",
    "rules_table_html",
    "start_lesson",
]
