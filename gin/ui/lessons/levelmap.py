"""The map of the course's levels with the learner's progress, and the results as CSV.

Each level is an element of class ``gin-level`` with ``data-level`` (its key) and
``data-state`` (``new``, ``started`` or ``mastered``), linking to the level in the course
notebook.
"""

from __future__ import annotations

import html
import urllib.parse

from gin.i18n import M, Message
from gin.ui.choices import rules_name
from gin.ui.lessons.catalog import PLAY_NOTEBOOK, language_query
from gin.ui.lessons.levels import LEVELS, MASTERY_STREAK, level_index
from gin.ui.lessons.progress import Progress, csv_data_url

COURSE_NOTEBOOK = "00_levels.ipynb"

STATE_NAMES: dict[str, Message] = {
    "new": M["lesson.course.state.new"],
    "started": M["lesson.course.state.started"],
    "mastered": M["lesson.course.state.mastered"],
}


def level_title(number: int) -> str:
    """ "Level n: title" for the level at position ``number - 1``."""
    return M["lesson.course.level-title"].render(
        {"number": number, "title": LEVELS[number - 1].title.render()}
    )


def level_href(key: str, rules: str) -> str:
    """The address of a level in the course notebook (relative, as Voilà serves it)."""
    query = urllib.parse.urlencode({"level": key, "rules": rules}) + language_query("&")
    return f"./{COURSE_NOTEBOOK}?{query}"


TABLE_READY = ("lay-out", "layoffs")
"""The levels whose mastery sends the learner on to the table with less help: they lay out
their melds and choose their layoffs themselves."""


def play_href(rules: str, help_level: str) -> str:
    """The play table's address at a help level (``?help=some`` or ``?help=none``, read by
    the page's address settings), under ``rules``."""
    query = urllib.parse.urlencode({"rules": rules, "help": help_level}) + language_query("&")
    return f"./{PLAY_NOTEBOOK}?{query}"


def table_suggestion_html(progress: Progress, rules: str) -> str:
    """Once the lay-out and layoff levels are mastered under ``rules``: the play table at
    some help, then at the real table (class ``gin-table-suggestion``; links
    ``gin-play-some-help`` and ``gin-play-real-table`` with ``data-help``); ``""`` before."""
    if not all(progress.state(rules, key) == "mastered" for key in TABLE_READY):
        return ""
    note = M["lesson.course.table-next"].render()
    links = [
        ("some", "gin-play-some-help", M["lesson.course.play-some-help"]),
        ("none", "gin-play-real-table", M["lesson.course.play-real-table"]),
    ]
    parts = " → ".join(
        f'<a class="{css} gin-playnow" data-help="{value}" data-notebook="{PLAY_NOTEBOOK}" '
        f'href="{html.escape(play_href(rules, value))}">▶ {html.escape(label.render())}</a>'
        for value, css, label in links
    )
    return f'<div class="gin-table-suggestion"><p>{html.escape(note)}</p><p>{parts}</p></div>'


def level_map_html(progress: Progress, rules: str) -> str:
    """Every level with its state under ``rules``, and "continue where you left off"."""
    items = []
    for i, level in enumerate(LEVELS, 1):
        rec = progress.level_record(rules, level.key)
        state = rec["state"]
        tally = M["lesson.course.map-tally"].render(
            {"right": rec["first_right"], "count": rec["answered"], "best": rec["best_streak"]}
        )
        items.append(
            f'<li class="gin-level gin-level-{state}" data-level="{level.key}" '
            f'data-state="{state}"><a href="{html.escape(level_href(level.key, rules))}">'
            f"{html.escape(level_title(i))}</a> "
            f'<span class="gin-level-state">{html.escape(STATE_NAMES[state].render())}</span>'
            + (f' <span class="gin-muted">{html.escape(tally)}</span>' if rec["answered"] else "")
            + "</li>"
        )
    key = progress.continue_level(rules)
    title = level_title(level_index(key) + 1)
    begun = progress.returning()
    cont = (M["lesson.course.continue"] if begun else M["newcomer.level-map.begin"]).render(
        {"title": title}
    )
    mastered = sum(progress.state(rules, lv.key) == "mastered" for lv in LEVELS)
    summary = M["lesson.course.map-summary"].render(
        {
            "mastered": mastered,
            "count": len(LEVELS),
            "streak": MASTERY_STREAK,
            "rules": rules_name(rules),
        }
    )
    return (
        f'<p class="gin-muted">{html.escape(summary)}</p>'
        f'<p><a class="gin-continue gin-playnow" data-level="{key}" '
        f'href="{html.escape(level_href(key, rules))}">▶ {html.escape(cont)}</a></p>'
        f'<ol class="gin-level-map">{"".join(items)}</ol>'
    )


def results_csv(progress: Progress, rules: str) -> str:
    """The learner's results per level under ``rules``, as CSV text."""
    header = [
        M[key].render()
        for key in (
            "lesson.course.csv.number",
            "lesson.course.csv.level",
            "lesson.course.csv.rules",
            "lesson.course.csv.state",
            "lesson.course.csv.answered",
            "lesson.course.csv.first-right",
            "lesson.course.csv.best-streak",
            "lesson.course.csv.worked",
        )
    ]
    titles = [lv.title.render() for lv in LEVELS]
    states = {k: m.render() for k, m in STATE_NAMES.items()}
    return progress.csv_text(rules, header, titles, states, rules_name(rules))


def results_link_html(progress: Progress, rules: str) -> str:
    """A link that downloads the results as a CSV file (a ``data:`` URL: works offline)."""
    url = csv_data_url(results_csv(progress, rules))
    label = M["lesson.course.csv.download"].render()
    return (
        f'<a class="gin-results-csv" download="gin-results-{html.escape(rules)}.csv" '
        f'href="{html.escape(url)}">⤓ {html.escape(label)}</a>'
    )


__all__ = [
    "COURSE_NOTEBOOK",
    "STATE_NAMES",
    "TABLE_READY",
    "level_href",
    "level_map_html",
    "level_title",
    "play_href",
    "results_csv",
    "results_link_html",
    "table_suggestion_html",
]
