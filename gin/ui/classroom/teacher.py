"""The teacher's page: the class at a glance, live.

A lesson page of the app (``notebooks/06_class.ipynb``, reached at ``class/<CODE>`` with the
teacher key), with the same language menu and projector-sized text. It reads the class
store only when the page's address holds the app's teacher key
(:func:`gin.ui.classroom.server.key_matches`); otherwise it says how to open it.

Once the page is up its :class:`KeyKeeper` takes the key out of the address bar (a
projected page shows no key): the kernel keeps it for the page, the tab's sessionStorage
for a reload. The class on show is the address's ``?class=``, or else the newest; a code
that can't be read, an empty or repeated ``?class=``, or a class this server does not hold
is said in one sentence, and no other class is shown in its place.

Stable CSS classes for browser tests: ``gin-action-new-class`` (button),
``gin-class-code``, ``gin-class-table`` with one ``gin-class-row`` per learner and a cell
per level with ``data-level`` and ``data-state``, ``gin-class-slips``,
``gin-class-csv``, ``gin-action-end-class`` (then ``gin-action-end-class-yes`` /
``gin-action-end-class-no``).
"""

from __future__ import annotations

import asyncio
import html
import logging
import os
import random
import urllib.parse
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as W
import traitlets

from gin.errors import GinError
from gin.i18n import M, Message, source_keys
from gin.ui.classroom import record
from gin.ui.classroom.events import ClassStoreError, StoreUnavailable
from gin.ui.classroom.link import address_class
from gin.ui.classroom.names import make_code
from gin.ui.classroom.summary import (
    TABLE_LEVEL,
    ClassSummary,
    ClassTally,
    LearnerRow,
    csv_text,
)
from gin.ui.classroom.teacherkey import key_matches
from gin.ui.demo.desk import DemoDesk
from gin.ui.lessons.base import Lesson, button, html_widget
from gin.ui.lessons.guard import describe_error, guarded
from gin.ui.lessons.levelmap import STATE_NAMES, level_title
from gin.ui.lessons.levels import LEVELS, MASTERY_STREAK, level_index
from gin.ui.lessons.progress import csv_data_url
from gin.ui.page.urlparams import PageParamError, page_query, read_query

_HERE = Path(__file__).parent
_log = logging.getLogger("gin.ui.classroom")

START_NOTEBOOK = "00_start_here.ipynb"
"""The page where learners join a class."""

KEY_STORAGE = "gin-teacher-key"
"""The browser's sessionStorage key that keeps the teacher key for a reload."""

REFRESH_S = 2.0
"""How often the page reads the store again (the table is never more than this behind)."""

SLIP_NAMES: dict[str, Message] = {
    key.removeprefix("classroom.slip."): M[key]
    for key in sorted(source_keys())
    if key.startswith("classroom.slip.")
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


def _shown_and_said(shown: object, said: str) -> str:
    """A mark for the eye (hidden from screen readers) and its words (``said``, HTML) for
    screen readers only."""
    return f'<span aria-hidden="true">{shown}</span><span class="gin-class-sr">{said}</span>'


def _marked_cell(row: LearnerRow) -> str:
    """The cell of the deals not counted: how many, and (said in words, and on hover) how
    many were replayed and how many played with open hands."""
    detail = html.escape(
        M["classroom.deals-marked.detail"].render(
            {"replayed": row.replayed, "open": row.open_hands}
        )
    )
    return (
        f'<td class="gin-class-marked" data-replayed="{row.replayed}" '
        f'data-open-hands="{row.open_hands}" title="{detail}">'
        f"{_shown_and_said(row.marked, detail)}</td>"
    )


def table_html(
    summary: ClassSummary, code: str, demo_answers: Mapping[str, int] | None = None
) -> str:
    """The learners x levels table (accessible: a caption, header cells with scope, each
    state said in words for screen readers), then what it counts; with ``demo_answers``
    (by nickname), a column of each learner's answers in the classroom demo."""
    head = "".join(
        f'<th scope="col" title="{html.escape(level_title(i))}">'
        f"{_shown_and_said(i, html.escape(level_title(i)))}</th>"
        for i in range(1, len(LEVELS) + 1)
    )
    extra = "".join(
        f'<th scope="col">{html.escape(M[k].render())}</th>'
        for k in (
            "classroom.guided",
            "classroom.deals",
            "classroom.deals-won",
            "classroom.deals-marked",
            *(() if demo_answers is None else ("classroom.demo-answers",)),
        )
    )
    cell = {  # each state's cell, rendered once per table
        (lv.key, state): (
            f'<td data-level="{lv.key}" data-state="{state}" title="{name}">'
            f"{_shown_and_said(_MARKS[state], name)}</td>"
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
            + _marked_cell(row)
            + (
                ""
                if demo_answers is None
                else f'<td class="gin-class-demo-answers">{demo_answers.get(row.nickname, 0)}</td>'
            )
            + "</tr>"
        )
    caption = M["classroom.table-caption"].render({"count": len(summary.rows), "code": code})
    legend = " ".join(
        f"<span>{_MARKS[s]} {html.escape(STATE_NAMES[s].render())}</span>" for s in _MARKS
    )
    counts = M["classroom.counts"].render({"streak": MASTERY_STREAK})
    empty = f"<p>{html.escape(M['classroom.no-learners'].render())}</p>" if not summary.rows else ""
    return (
        f'<table class="gin-class-table"><caption>{html.escape(caption)}</caption>'
        f'<thead><tr><th scope="col">{html.escape(M["classroom.learner"].render())}</th>'
        f"{head}{extra}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        f'<p class="gin-class-legend">{legend}</p>'
        f'<p class="gin-class-counts gin-muted">{html.escape(counts)}</p>{empty}'
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
                    "level": M["coach.at-table"].render()
                    if s.level == TABLE_LEVEL
                    else level_title(level_index(s.level) + 1),
                    "slip": slip_name(s.slip),
                    "count": s.count,
                }
            )
        )
        + "</li>"
        for s in summary.slips
    )
    return f'{head}<ol class="gin-class-slips">{items}</ol>'


def class_csv(summary: ClassSummary, demo_answers: Mapping[str, int] | None = None) -> str:
    """The teacher's table as CSV, in the current language (formula-looking cells
    neutralised); with ``demo_answers`` (by nickname), a column of the demo's answers."""
    header = [
        M["classroom.learner"].render(),
        *(level_title(i) for i in range(1, len(LEVELS) + 1)),
        M["classroom.guided"].render(),
        M["classroom.deals"].render(),
        M["classroom.deals-won"].render(),
        M["classroom.deals-replayed"].render(),
        M["classroom.deals-open-hands"].render(),
        *([] if demo_answers is None else [M["classroom.demo-answers"].render()]),
    ]
    states = {k: m.render() for k, m in STATE_NAMES.items()}
    guided = (M["classroom.guided.done"].render(), M["classroom.guided.not-yet"].render())
    return csv_text(summary, header, states, guided, demo_answers)


# --------------------------------------------------------------------------- the address


def address_key(query: str) -> str | None:
    """The teacher key in the page's address (``?key=``; ``None`` when missing or given
    twice)."""
    try:
        return read_query(query, ("key",)).get("key")
    except PageParamError:
        return None


def app_base(url: object) -> str:
    """The app's address as the teacher's browser reaches it (``https://school.example/``),
    when ``url`` is one: http or https, a host, a path ending in ``/``, no query; else
    ``""``.

    >>> app_base("http://10.0.0.5:8866/"), app_base("javascript:alert(1)//"), app_base(3)
    ('http://10.0.0.5:8866/', '', '')
    """
    if not isinstance(url, str) or len(url) > 512:
        return ""
    try:
        parts = urllib.parse.urlsplit(url)
    except ValueError:
        return ""
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query:
        return ""
    if parts.fragment or not parts.path.endswith("/") or any(c in url for c in "\"'<> \\"):
        return ""
    return f"{parts.scheme}://{parts.netloc}{parts.path}"


def base_from_request(env: Mapping[str, str] | None = None) -> str:
    """The app's address from the request Voilà handed this kernel (``SERVER_NAME``,
    ``SERVER_PORT``, ``SCRIPT_NAME``), else ``""``: the first guess at the learners' link,
    until the page says how the browser reaches the app.

    >>> base_from_request({"SERVER_NAME": "10.0.0.5", "SERVER_PORT": "8866",
    ...                    "SCRIPT_NAME": "/tutor/voila/render/06_class.ipynb"})
    'http://10.0.0.5:8866/tutor/'
    """
    env = os.environ if env is None else env
    host, port = env.get("SERVER_NAME", ""), env.get("SERVER_PORT", "")
    if not host:
        return ""
    if ":" in host:
        host = f"[{host}]"
    script = env.get("SCRIPT_NAME", "")
    at = script.find("/voila/")
    prefix = script[:at] if at >= 0 else ""
    return app_base(f"http://{host}{':' + port if port else ''}{prefix}/")


def join_link(code: str, base: str) -> str:
    """Start here's address with the class filled in: whole when the app's ``base``
    address is known, else relative to the teacher page.

    >>> join_link("K7WQ3M", "http://10.0.0.5:8866/")
    'http://10.0.0.5:8866/voila/render/00_start_here.ipynb?class=K7WQ3M'
    """
    query = urllib.parse.urlencode({"class": code})
    if not base:
        return f"./{START_NOTEBOOK}?{query}"
    return f"{base}voila/render/{START_NOTEBOOK}?{query}"


class KeyKeeper(anywidget.AnyWidget):
    """The teacher page's keeper (hidden): the page takes the key out of its address and
    keeps it in sessionStorage; after a reload it sends it (``{"event": "key", "key"}``).
    It also sends the app's address as the browser reaches it (``{"event": "base",
    "url"}``), for the learners' link."""

    _esm = _HERE / "teacher.js"

    storage_key = traitlets.Unicode(KEY_STORAGE).tag(sync=True)

    def __init__(
        self, on_key: Callable[[str], Any], on_base: Callable[[str], Any], **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.layout.display = "none"
        self._on_key, self._on_base = on_key, on_base
        self.on_msg(self._handle_page_message)

    def _handle_page_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            if not isinstance(content, Mapping):
                return
            if content.get("event") == "key" and isinstance(content.get("key"), str):
                self._on_key(content["key"][:256])
            elif content.get("event") == "base":
                base = app_base(content.get("url"))
                if base:
                    self._on_base(base)
        except Exception:  # said on the server; the page goes on as it was
            _log.exception("the teacher page's message could not be used")

    def send_from_page(self, content: dict[str, Any]) -> None:
        """Handle ``content`` as if the page had sent it (for tests)."""
        self._handle_page_message(self, content, [])


class TeacherLesson(Lesson):
    """The teacher's page: create a class, see its code, the live table, the slips, the
    CSV, and end the class."""

    notebook = "06_class.ipynb"

    def __init__(
        self,
        *,
        code: str | None = None,
        key: str | None = None,
        base: str = "",
        desk: DemoDesk | None = None,
    ) -> None:
        super().__init__(seed=0)
        self._kept_desk = desk
        query = page_query()
        self.key = key if key is not None else address_key(query)
        self.wanted: str | None = None
        self.address_problem: GinError | None = None
        if code is not None:  # given by the caller (a test, the page drawn again)
            self.wanted, self.address_problem = (
                address_class(urllib.parse.urlencode({"class": code})) if code else (None, None)
            )
        else:
            self.wanted, self.address_problem = address_class(query)
        self.base = base or base_from_request()
        self.allowed = False
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
        self.keeper = KeyKeeper(on_key=self._key_from_page, on_base=self._base_from_page)
        self.desk: DemoDesk | None = None
        """The classroom demo (built once the key matched)."""
        self.body = W.VBox([])
        self.assemble(self.keeper, self.body)
        if record.enabled() and key_matches(self.key):
            self._open()
        else:
            key = "classroom.needs-key" if record.enabled() else "classroom.needs-app"
            self.message.value = f'<p role="status">{html.escape(M[key].render())}</p>'
            self.body.children = (self.message,)

    def _key_from_page(self, key: str) -> None:
        """The key the page kept for this tab (a reload): the class data, if it matches."""
        if not self.allowed and record.enabled() and key_matches(key):
            self.key = key
            self._open()

    def _base_from_page(self, base: str) -> None:
        if base != self.base:
            self.base = base
            if self.allowed:
                self.refresh(force=True)

    def _open(self) -> None:
        """Show the class data (the key matched)."""
        self.allowed = True
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
            self.body.children = (self.message,)
            return
        problem = self.address_problem
        if problem is None and self.wanted is not None and self.wanted not in classes:
            problem = GinError(M["error.page-unknown-class"](code=self.wanted))
        if problem is not None:  # said, and no other class shown in its place
            self.code = ""
            self.message.value = f'<p role="alert">{html.escape(problem.render())}</p>'
        else:
            self.message.value = ""  # no "needs the key" left from before the key came
            self.code = self.wanted or (classes[0] if classes else "")
        self._set_choices(classes)
        if self._kept_desk is not None:  # the page drawn again: the demo goes on
            self.desk, self._kept_desk = self._kept_desk, None
            self.desk.code_of, self.desk.say = (lambda: self.code), self._say
            if self.desk.table is not None:
                self.desk.table.relabel()
        else:
            self.desk = DemoDesk(code=lambda: self.code, say=self._say)
        live = html_widget(f'<p class="gin-muted">{html.escape(M["classroom.live"].render())}</p>')
        self.body.children = (
            html_widget(f"<style>{CLASS_CSS}</style>"),
            html_widget(f"<p>{html.escape(M['classroom.intro'].render())}</p>"),
            W.HBox([self.new_button, self.choice]),
            self.code_box,
            self.message,
            self.desk.widget,
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
            elif not self.code:
                self.choice.index = None  # no class on show: none chosen in the menu
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
            self.message.value = ""
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
        if self.desk is not None and self.desk.code == ended:
            self.desk.reset()  # the class's demo ended with it, on every page
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
            none = "" if store.classes() else M["classroom.no-class"].render()
            self.code_box.value = f"<p>{html.escape(none)}</p>" if none else ""
            self.table.value = self.slips.value = self.csv.value = ""
            self.end_button.layout.display = "none"
            return
        if force or self._tally_of != self.code:
            self._tally, self._tally_of = ClassTally(), self.code
        # the events first: every learner they name has joined before the learners are read
        events = store.events(self.code, after=self._tally.last_id)
        learners = store.learners(self.code)
        answers = store.demo_answers(self.code)
        lost = store.lost(self.code)  # events a kernel could not record: said once
        if lost > self._lost_said.get(self.code, 0):
            self._lost_said[self.code] = lost
            self._say(M["classroom.lost"].render({"count": lost}))
        stamp = (
            self.code,
            len(learners),
            events[-1].id if events else self._tally.last_id,
            len(answers),
        )
        if stamp == self._shown and not force:
            return
        self._shown = stamp
        self._tally.add(learners, events)
        summary = self._tally.summary()
        self.end_button.layout.display = ""
        link = join_link(self.code, self.base)
        self.code_box.value = (
            f"<p>{html.escape(M['classroom.code-label'].render())}: "
            f'<span class="gin-class-code">{html.escape(self.code)}</span></p>'
            f"<p>{html.escape(M['classroom.join-link'].render())}: "
            f'<a class="gin-class-join-link" href="{html.escape(link)}" target="_blank">'
            f"{html.escape(link.removeprefix('./'))}</a></p>"
        )
        names = {lr.token: lr.nickname for lr in learners}
        demo = Counter(names[a.token] for a in answers if a.token in names) if answers else None
        self.table.value = table_html(summary, self.code, demo)
        self.slips.value = slips_html(summary)
        self.csv.value = (
            f'<a class="gin-class-csv" download="class-{html.escape(self.code)}.csv" '
            f'href="{html.escape(csv_data_url(class_csv(summary, demo)))}">'
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
        """Stop refreshing and close the page's widgets (a running demo goes on: the
        teacher may reload the page; "End the demo" ends it)."""
        self._ticking = None
        if self.desk is not None:
            self.desk.answers_ticker.stop()
        super().close()

    def rebuilt(self) -> Lesson:
        """The page in the current language, on the same class (its own refresh takes
        over); with no class on show, the address is read again (a class it could not name
        is said again, and stays unnamed)."""
        self._ticking = None
        return TeacherLesson(code=self.code or None, key=self.key, base=self.base, desk=self.desk)


def class_page(*, code: str | None = None, key: str | None = None) -> TeacherLesson:
    """The teacher's page (displays as its widget): ``code`` and ``key`` default to the
    page's address (``?class=``, ``?key=``)."""
    return TeacherLesson(code=code, key=key)


__all__ = [
    "SLIP_NAMES",
    "KeyKeeper",
    "TeacherLesson",
    "address_key",
    "app_base",
    "base_from_request",
    "class_csv",
    "class_page",
    "join_link",
    "slips_html",
    "table_html",
]
