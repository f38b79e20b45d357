"""The teacher's page: the class at a glance, live.

A lesson page of the app (``notebooks/06_class.ipynb``, reached at ``class/<CODE>`` with the
teacher key), with the same language menu and projector-sized text. It reads the class
store only when the page's address holds the app's teacher key
(:func:`gin.ui.classroom.server.key_matches`); otherwise it says how to open it.

Stable CSS classes for browser tests: ``gin-action-new-class`` (button),
``gin-class-code``, ``gin-class-table`` with one ``gin-class-row`` per learner and a cell
per level with ``data-level`` and ``data-state``, ``gin-class-slips``,
``gin-class-csv``, ``gin-action-end-class`` (then ``gin-action-end-class-yes`` /
``gin-action-end-class-no``).
"""

from __future__ import annotations

import asyncio
import html
import random
import urllib.parse
from typing import Any

import ipywidgets as W

from gin.i18n import M, Message
from gin.ui.classroom import record
from gin.ui.classroom.events import ClassStoreError, StoreUnavailable
from gin.ui.classroom.names import make_code, read_code
from gin.ui.classroom.summary import ClassSummary, ClassTally, csv_text
from gin.ui.classroom.teacherkey import key_matches
from gin.ui.lessons.base import Lesson, button, html_widget
from gin.ui.lessons.guard import describe_error, guarded
from gin.ui.lessons.levelmap import STATE_NAMES, level_title
from gin.ui.lessons.levels import LEVELS, level_index
from gin.ui.lessons.progress import csv_data_url
from gin.ui.urlparams import page_query

REFRESH_S = 2.0
"""How often the page reads the store again (the table is never more than this behind)."""

SLIP_NAMES: dict[str, Message] = {
    "face-as-rank": M["classroom.slip.face-as-rank"],
    "ace-high": M["classroom.slip.ace-high"],
    "counted-melds": M["classroom.slip.counted-melds"],
    "worse-arrangement": M["classroom.slip.worse-arrangement"],
    "set-of-four": M["classroom.slip.set-of-four"],
    "pair": M["classroom.slip.pair"],
    "run-not-set": M["classroom.slip.run-not-set"],
    "odd-card": M["classroom.slip.odd-card"],
    "ace-low": M["classroom.slip.ace-low"],
    "round": M["classroom.slip.round"],
    "gap": M["classroom.slip.gap"],
    "suits": M["classroom.slip.suits"],
    "dealer-first": M["classroom.slip.dealer-first"],
    "dealer-next": M["classroom.slip.dealer-next"],
    "dealer-pass": M["classroom.slip.dealer-pass"],
    "ace-limit": M["classroom.slip.ace-limit"],
    "doubling": M["classroom.slip.doubling"],
    "counted-eleven": M["classroom.slip.counted-eleven"],
    "ace-gin-only": M["classroom.slip.ace-gin-only"],
    "over-limit": M["classroom.slip.over-limit"],
    "no-big-gin": M["classroom.slip.no-big-gin"],
    "missed-big-gin": M["classroom.slip.missed-big-gin"],
    "missed-gin": M["classroom.slip.missed-gin"],
    "no-layoff": M["classroom.slip.no-layoff"],
    "chain": M["classroom.slip.chain"],
    "two-cards": M["classroom.slip.two-cards"],
    "too-early": M["classroom.slip.too-early"],
    "void-dealer": M["classroom.slip.void-dealer"],
    "tie": M["classroom.slip.tie"],
    "undercut": M["classroom.slip.undercut"],
    "bonus": M["classroom.slip.bonus"],
    "layoffs": M["classroom.slip.layoffs"],
    "next-dealer": M["classroom.slip.next-dealer"],
    "total": M["classroom.slip.total"],
}
"""The name of each slip a level diagnoses (its code in :class:`gin.ui.lessons.exercise.Verdict`),
as the teacher reads it."""

_MARKS = {"new": "·", "started": "◐", "mastered": "✓"}

CLASS_CSS = """
.gin-class-table { border-collapse: collapse; font-size: 1.05em; margin: 8px 0; }
.gin-class-table caption { text-align: start; font-weight: 600; padding: 4px 0; }
.gin-class-table th, .gin-class-table td { border: 1px solid #8c959f; padding: 4px 8px;
  text-align: center; }
.gin-class-table th[scope=row] { text-align: start; }
.gin-class-table td[data-state=started] { background: #fff3c4; }
.gin-class-table td[data-state=mastered] { background: #cdebd5; font-weight: 700; }
.gin-class-code { font: bold 2.4em/1.2 monospace; letter-spacing: 0.12em; }
.gin-class-sr { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; }
.gin-class-legend span { margin-inline-end: 1.2em; }
"""


def slip_name(code: str) -> str:
    """The slip ``code`` in the current language (the code itself when it has no name)."""
    m = SLIP_NAMES.get(code)
    return code if m is None else m.render()


def table_html(summary: ClassSummary, code: str) -> str:
    """The learners x levels table (accessible: a caption, header cells with scope, each
    state said in words for screen readers)."""
    head = "".join(
        f'<th scope="col" title="{html.escape(level_title(i))}">'
        f'<span aria-hidden="true">{i}</span>'
        f'<span class="gin-class-sr">{html.escape(level_title(i))}</span></th>'
        for i in range(1, len(LEVELS) + 1)
    )
    extra = "".join(
        f'<th scope="col">{html.escape(M[k].render())}</th>'
        for k in ("classroom.guided", "classroom.deals", "classroom.deals-won")
    )
    cell = {  # each state's cell, rendered once per table
        (lv.key, state): (
            f'<td data-level="{lv.key}" data-state="{state}" title="{name}">'
            f'<span aria-hidden="true">{_MARKS[state]}</span>'
            f'<span class="gin-class-sr">{name}</span></td>'
        )
        for state, name in ((s, html.escape(m.render())) for s, m in STATE_NAMES.items())
        for lv in LEVELS
    }
    done = M["classroom.guided.done"].render(), M["classroom.guided.not-yet"].render()
    rows = []
    for row in summary.rows:
        cells = [cell[(lv.key, row.states[lv.key])] for lv in LEVELS]
        guided = done[0] if row.guided else done[1]
        rows.append(
            f'<tr class="gin-class-row"><th scope="row">{html.escape(row.nickname)}</th>'
            + "".join(cells)
            + f'<td class="gin-class-guided" data-done="{int(row.guided)}">'
            f"{html.escape(guided)}</td>"
            f'<td class="gin-class-deals">{row.deals}</td><td class="gin-class-won">{row.won}</td>'
            "</tr>"
        )
    caption = M["classroom.table-caption"].render({"count": len(summary.rows), "code": code})
    legend = " ".join(
        f"<span>{_MARKS[s]} {html.escape(STATE_NAMES[s].render())}</span>" for s in _MARKS
    )
    empty = f"<p>{html.escape(M['classroom.no-learners'].render())}</p>" if not summary.rows else ""
    return (
        f'<table class="gin-class-table"><caption>{html.escape(caption)}</caption>'
        f'<thead><tr><th scope="col">{html.escape(M["classroom.learner"].render())}</th>'
        f"{head}{extra}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        f'<p class="gin-class-legend">{legend}</p>{empty}'
    )


def slips_html(summary: ClassSummary) -> str:
    """The class's most frequent slips, each with its level, in the current language."""
    head = f"<h3>{html.escape(M['classroom.slips.heading'].render())}</h3>"
    if not summary.slips:
        return head + f"<p>{html.escape(M['classroom.slips.none'].render())}</p>"
    items = "".join(
        "<li>"
        + html.escape(
            M["classroom.slips.item"].render(
                {
                    "level": level_title(level_index(s.level) + 1),
                    "slip": slip_name(s.slip),
                    "count": s.count,
                }
            )
        )
        + "</li>"
        for s in summary.slips
    )
    return f'{head}<ol class="gin-class-slips">{items}</ol>'


def class_csv(summary: ClassSummary) -> str:
    """The teacher's table as CSV, in the current language (formula-looking cells
    neutralised)."""
    header = [
        M["classroom.learner"].render(),
        *(level_title(i) for i in range(1, len(LEVELS) + 1)),
        M["classroom.guided"].render(),
        M["classroom.deals"].render(),
        M["classroom.deals-won"].render(),
    ]
    states = {k: m.render() for k, m in STATE_NAMES.items()}
    guided = (M["classroom.guided.done"].render(), M["classroom.guided.not-yet"].render())
    return csv_text(summary, header, states, guided)


class TeacherLesson(Lesson):
    """The teacher's page: create a class, see its code, the live table, the slips, the
    CSV, and end the class."""

    notebook = "06_class.ipynb"

    def __init__(self, *, code: str | None = None, key: str | None = None) -> None:
        super().__init__(seed=0)
        query = dict(urllib.parse.parse_qsl(page_query()))
        self.key = key if key is not None else query.get("key")
        wanted = code if code is not None else query.get("class", "")
        self.allowed = record.enabled() and key_matches(self.key)
        self.code = ""
        self._shown: tuple[Any, ...] = ()
        self._tally, self._tally_of = ClassTally(), ""
        self._lost_said: dict[str, int] = {}
        self._down_said = ""
        self._choosing = False
        self._ticking: object | None = None
        self.message = html_widget("", "gin-message")
        self.code_box = html_widget("", "gin-class-code-box")
        self.table = html_widget("", "gin-class-table-box")
        self.slips = html_widget("", "gin-class-slips-box")
        self.csv = html_widget("", "gin-class-csv-box")
        self.new_button = button(M["classroom.new-class"].render(), "gin-action-new-class")
        self.choice = W.Dropdown(description=M["classroom.choose-class"].render(), options=[])
        self.choice.add_class("gin-class-choice")
        self.end_button = button(M["classroom.end"].render(), "gin-action-end-class")
        self.confirm_text = html_widget("", "gin-class-end-confirm")
        self.yes_button = button(
            M["classroom.end.yes"].render(), "gin-action-end-class-yes", style="danger"
        )
        self.no_button = button(M["classroom.end.cancel"].render(), "gin-action-end-class-no")
        self.confirm = W.VBox([self.confirm_text, W.HBox([self.yes_button, self.no_button])])
        self.confirm.layout.display = "none"
        if not self.allowed:
            key = "classroom.needs-key" if record.enabled() else "classroom.needs-app"
            self.message.value = f'<p role="status">{html.escape(M[key].render())}</p>'
            self.assemble(self.message)
            return
        say = guarded(self._say)
        self.new_button.on_click(say(lambda _b: self.new_class()))
        self.end_button.on_click(say(lambda _b: self.ask_end()))
        self.yes_button.on_click(say(lambda _b: self.end_class()))
        self.no_button.on_click(say(lambda _b: self._hide_confirm()))
        self.choice.observe(lambda c: say(self.show_class)(c["new"] or ""), "value")
        try:
            store = record.store()
            assert store is not None
            classes = store.classes()
        except ClassStoreError as exc:  # a store that fails: its sentence, not a cell error
            self._say(exc.render())
            self.assemble(self.message)
            return
        if wanted:
            try:
                wanted = read_code(wanted)
            except Exception:
                wanted = ""
        self.code = wanted if wanted in classes else (classes[0] if classes else "")
        self._set_choices(classes)
        live = html_widget(f'<p class="gin-muted">{html.escape(M["classroom.live"].render())}</p>')
        self.assemble(
            html_widget(f"<style>{CLASS_CSS}</style>"),
            html_widget(f"<p>{html.escape(M['classroom.intro'].render())}</p>"),
            W.HBox([self.new_button, self.choice]),
            self.code_box,
            self.message,
            live,
            self.table,
            self.slips,
            self.csv,
            self.end_button,
            self.confirm,
        )
        self.widget.add_class("gin-projector")
        self.refresh()
        self._schedule()

    def _say(self, text: str) -> None:
        self.message.value = f'<div role="status">{html.escape(text)}</div>'

    def _set_choices(self, classes: list[str]) -> None:
        self._choosing = True  # the menu follows self.code; no choice is made here
        try:
            if list(self.choice.options) != classes:
                self.choice.options = classes
            if self.code and self.choice.value != self.code:
                self.choice.value = self.code
        finally:
            self._choosing = False

    # ------------------------------------------------------------------ actions

    def new_class(self) -> str:
        """Open a new class with a fresh code, and show it. Returns the code."""
        import sqlite3

        store = record.store()
        assert store is not None
        rng = random.SystemRandom()
        while True:
            code = make_code(rng)
            try:
                store.create_class(code)
                break
            except sqlite3.IntegrityError:  # the code is taken: draw another
                continue
        self.code = code
        self._set_choices(store.classes())
        self.message.value = ""
        self.refresh(force=True)
        return code

    def show_class(self, code: str) -> None:
        """Show the class ``code``."""
        if code and code != self.code and not self._choosing:
            self.code = code
            self._hide_confirm()
            self.refresh(force=True)

    def ask_end(self) -> None:
        """Ask before ending the class on show."""
        if not self.code:
            return
        sentence = M["classroom.end.confirm"].render({"code": self.code})
        self.confirm_text.value = f'<p role="alert">{html.escape(sentence)}</p>'
        self.confirm.layout.display = "flex"

    def _hide_confirm(self) -> None:
        self.confirm.layout.display = "none"

    def end_class(self) -> None:
        """End the class on show: delete its records (after :meth:`ask_end`)."""
        store = record.store()
        assert store is not None
        ended = self.code
        if not ended:
            return
        store.end_class(ended)
        self._hide_confirm()
        classes = store.classes()
        self.code = classes[0] if classes else ""
        self._set_choices(classes)
        self.refresh(force=True)
        self._say(M["classroom.ended"].render({"code": ended}))

    # ------------------------------------------------------------------ drawing

    def refresh(self, *, force: bool = False) -> None:
        """Read the store and redraw what changed."""
        store = record.store()
        if store is None or not self.allowed:
            return
        if not self.code:
            self.code_box.value = f"<p>{html.escape(M['classroom.no-class'].render())}</p>"
            self.table.value = self.slips.value = self.csv.value = ""
            self.end_button.layout.display = "none"
            return
        if force or self._tally_of != self.code:
            self._tally, self._tally_of = ClassTally(), self.code
        # the events first: every learner they name has joined before the learners are read
        events = store.events(self.code, after=self._tally.last_id)
        learners = store.learners(self.code)
        lost = store.lost(self.code)  # events a kernel could not record: said once
        if lost > self._lost_said.get(self.code, 0):
            self._lost_said[self.code] = lost
            self._say(M["classroom.lost"].render({"count": lost}))
        stamp = (self.code, len(learners), events[-1].id if events else self._tally.last_id)
        if stamp == self._shown and not force:
            return
        self._shown = stamp
        self._tally.add(learners, events)
        summary = self._tally.summary()
        self.end_button.layout.display = ""
        link = f"./00_start_here.ipynb?{urllib.parse.urlencode({'class': self.code})}"
        self.code_box.value = (
            f"<p>{html.escape(M['classroom.code-label'].render())}: "
            f'<span class="gin-class-code">{html.escape(self.code)}</span></p>'
            f"<p>{html.escape(M['classroom.join-link'].render())}: "
            f'<a class="gin-class-join-link" href="{html.escape(link)}" target="_blank">'
            f"{html.escape(link[2:])}</a></p>"
        )
        self.table.value = table_html(summary, self.code)
        self.slips.value = slips_html(summary)
        self.csv.value = (
            f'<a class="gin-class-csv" download="class-{html.escape(self.code)}.csv" '
            f'href="{html.escape(csv_data_url(class_csv(summary)))}">'
            f"{html.escape(M['classroom.csv'].render())}</a>"
        )

    def _schedule(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no kernel loop (a test, a script): no live refresh
            return

        token = self._ticking = object()

        def tick() -> None:
            if self._ticking is not token:  # closed, or drawn again in another language
                return
            try:
                self.refresh()
            except StoreUnavailable as exc:  # said until the store answers again
                self._say(exc.render())
                self._down_said = self.message.value
            except Exception as exc:  # said on the page; the refresh goes on
                self._say(describe_error(exc))
            else:
                if self._down_said and self.message.value == self._down_said:
                    self.message.value = ""  # the store answers again
                self._down_said = ""
            loop.call_later(REFRESH_S, tick)

        loop.call_later(REFRESH_S, tick)

    def close(self) -> None:
        """Stop refreshing and close the page's widgets."""
        self._ticking = None
        super().close()

    def rebuilt(self) -> Lesson:
        """The page in the current language, on the same class (its own refresh takes
        over)."""
        self._ticking = None
        return TeacherLesson(code=self.code, key=self.key)


def class_page(*, code: str | None = None, key: str | None = None) -> TeacherLesson:
    """The teacher's page (displays as its widget): ``code`` and ``key`` default to the
    page's address (``?class=``, ``?key=``)."""
    return TeacherLesson(code=code, key=key)


__all__ = ["SLIP_NAMES", "TeacherLesson", "class_csv", "class_page", "slips_html", "table_html"]
