"""The teacher's demo desk: start a demo, play it on the board, ask the class, reveal.

A part of the teacher's page (:class:`gin.ui.classroom.teacher.TeacherLesson`). "Start a
demo" opens a demo table: the play table itself (:func:`gin.ui.play_table`), with the rule
set, opponent and seed chosen here, and the opponent's hand open when "Show both hands"
is ticked (the table's teacher mode, which the teacher can also switch while playing).
After each of its changes the desk publishes what the class may see
(:func:`gin.ui.classroom.demo.frame_of`, the teacher's seat's view) into the class store;
the followers' kernels read it from there (:mod:`gin.ui.demo.follow`).

"Ask the class" puts the current decision to the class (every move of the teacher's
seat: :func:`gin.ui.classroom.demo.ask`; once the teacher knocked with "I lay out my cards"
and the meld builder is open, the layouts of the knock: :func:`~gin.ui.classroom.demo.ask_layout`,
judged exactly at the reveal); the answers come in live as a bar chart with a
table beside it, and the followers who have not answered are named. "Reveal" weighs each
choice the class made with the review's own search (:func:`gin.bots.review.decide`, one
choice per step of the kernel's loop, with a progress line) and shows the review's verdict
of each, which the followers then see for their own choice. A move at the table closes the
question. "End the demo" ends it on every follower's page.

Stable CSS classes: ``gin-demo-desk``, ``gin-action-demo-start``, ``gin-action-demo-ask``,
``gin-action-demo-reveal``, ``gin-action-demo-end``, ``gin-demo-status``,
``gin-demo-answers`` (the chart ``gin-demo-chart`` and ``gin-demo-table``),
``gin-demo-waiting``.
"""

from __future__ import annotations

import asyncio
import html
import random
import secrets
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import ipywidgets as W

from gin import actions as act
from gin.bots.review import decide, weigh
from gin.deal import PlayerView
from gin.i18n import M, Text
from gin.ui.choices import opponent_options, rules_options
from gin.ui.classroom import record
from gin.ui.classroom.demo import (
    DemoError,
    DemoState,
    Frame,
    Question,
    Reveal,
    ask,
    ask_layout,
    frame_of,
    layout_text,
    with_open_hand,
)
from gin.ui.demo.chart import answers_table, bars_svg
from gin.ui.demo.options import option_text
from gin.ui.demo.ticker import Ticker
from gin.ui.lessons.base import button, html_widget, read_seed
from gin.ui.lessons.guard import guarded

ANSWERS_POLL_S = 0.5
"""How often the desk reads the answers while a question is open."""

DEMO_CSS = """
.gin-demo-desk { border: 2px solid #1f5fa8; border-radius: 8px; padding: 8px 12px;
  margin: 12px 0; }
.gin-demo-answers { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
.gin-demo-table { border-collapse: collapse; }
.gin-demo-table th, .gin-demo-table td { border: 1px solid #8c959f; padding: 3px 8px; }
.gin-demo-table caption { text-align: start; font-weight: 600; }
"""


def _option_of(action: act.Action, layout: bool = False) -> str:
    """The question's option for ``action`` (a knock is asked as its discard; in a layout
    question, as its layout)."""
    if layout and isinstance(action, act.Knock | act.BigGin):
        return layout_text(action)
    if isinstance(action, act.Knock):
        return f"knock {action.card.code}"
    if isinstance(action, act.LayOff):
        return "lay-off"
    return action.text


def _store() -> Any:
    """The app's class store (the desk exists only on a teacher page that has one)."""
    store = record.store()
    assert store is not None
    return store


class DemoDesk:
    """The teacher's demo (see the module's text); ``code`` gives the class on show, and
    ``say`` shows a sentence on the teacher's page."""

    def __init__(self, code: Callable[[], str], say: Callable[[str], None]) -> None:
        self.code_of = code
        self.say = say
        self.code = ""
        """The class the running demo is shown to (``""``: none runs)."""
        self.demo = ""
        """The running demo's name (a new one at each start)."""
        self.table: Any = None
        self.question: Question | None = None
        self.asked_view: PlayerView | None = None
        self.frame: Frame | None = None
        self.published: DemoState | None = None
        self.verdicts: dict[str, tuple[str, float]] = {}
        self.reasons: dict[str, tuple[Text, ...]] = {}
        """The review's reasons for each costly choice revealed (shown on the desk)."""
        self._number = 0
        self._weighing: list[str] = []
        self._best: act.Action | None = None
        self.answers_ticker = Ticker(ANSWERS_POLL_S, guarded(self.say)(self.refresh))
        self.rules = W.Dropdown(options=rules_options(), description=M["demo.rules"].render())
        self.opponent = W.Dropdown(
            options=opponent_options(), description=M["demo.opponent"].render()
        )
        self.seed = W.Text(description=M["demo.seed"].render(), placeholder="1234")
        self.seed.add_class("gin-demo-seed")
        self.open_hands = W.Checkbox(description=M["demo.open-hands"].render(), indent=False)
        self.open_hands.add_class("gin-demo-open-hands")
        self.start_button = button(M["demo.start"].render(), "gin-action-demo-start")
        self.ask_button = button(M["demo.ask"].render(), "gin-action-demo-ask", style="info")
        self.reveal_button = button(M["demo.reveal"].render(), "gin-action-demo-reveal")
        self.end_button = button(M["demo.end"].render(), "gin-action-demo-end", style="danger")
        self.status = html_widget("", "gin-demo-status")
        self.answers = html_widget("", "gin-demo-answers")
        self.waiting = html_widget("", "gin-demo-waiting")
        self.form = W.VBox(
            [W.HBox([self.rules, self.opponent, self.seed]), self.open_hands, self.start_button]
        )
        self.controls = W.HBox([self.ask_button, self.reveal_button, self.end_button])
        self.table_box = W.VBox([])
        self.widget = W.VBox(
            [
                html_widget(f"<style>{DEMO_CSS}</style>"),
                html_widget(f"<h3>{html.escape(M['demo.heading'].render())}</h3>"),
                html_widget(f"<p>{html.escape(M['demo.intro'].render())}</p>"),
                self.form,
                self.status,
                self.table_box,
                self.controls,
                self.answers,
                self.waiting,
            ]
        )
        self.widget.add_class("gin-demo-desk")
        act_guarded = guarded(self._error)
        self.start_button.on_click(act_guarded(lambda _b: self.start()))
        self.ask_button.on_click(act_guarded(lambda _b: self.ask()))
        self.reveal_button.on_click(act_guarded(lambda _b: self.reveal()))
        self.end_button.on_click(act_guarded(lambda _b: self.end()))
        self._draw_controls()

    # ------------------------------------------------------------------ drawing

    def _error(self, text: str) -> None:
        self.status.value = f'<p role="alert">{html.escape(text)}</p>'

    def _status(self, text: str) -> None:
        self.status.value = f'<p role="status">{html.escape(text)}</p>' if text else ""

    def _draw_controls(self) -> None:
        running = bool(self.demo)
        self.form.layout.display = "none" if running else ""
        self.controls.layout.display = "" if running else "none"
        q = self.question
        self.ask_button.disabled = not running
        self.reveal_button.disabled = q is None or q.revealed is not None

    @property
    def running(self) -> bool:
        """Whether a demo is running."""
        return bool(self.demo)

    # ------------------------------------------------------------------ actions

    def start(self) -> None:
        """Start a demo for the class on show (none: :class:`DemoError`
        ``demo-no-class``), from the form's rule set, opponent, seed (a new one, shown,
        when the box is empty) and open hands."""
        code = self.code_of()
        if not code:
            raise DemoError(M["error.demo-no-class"]())
        typed = self.seed.value.strip()
        seed = read_seed(typed) if typed else random.SystemRandom().randrange(1, 1_000_000)
        from gin.ui import play_table

        table = play_table(
            rules=self.rules.value,
            opponent=self.opponent.value,
            seed=seed,
            pause=0.6,
            teacher=bool(self.open_hands.value),
            teacher_controls=True,
        )
        self.seed.value = str(seed)
        self.code, self.demo, self.table = code, secrets.token_hex(4), table
        self.question, self.asked_view, self.frame, self.published = None, None, None, None
        self._number = 0
        self.table_box.children = (table,)
        table.controller.on_change(lambda _scope: guarded(self._error)(self.publish)())
        self.publish()
        self._status("")
        self.answers.value = self.waiting.value = ""
        self._draw_controls()

    def publish(self) -> None:
        """Publish what the class may see now, when it changed (a move at the table closes
        an open question)."""
        if not self.running or self.table is None:
            return
        ctl = self.table.controller
        view = ctl.view()
        frame = frame_of(view, open_hands=ctl.teacher, deal_number=ctl.deal_number)
        if ctl.teacher and frame.opponent is None:  # the hands the table shows, opened
            frame = with_open_hand(frame, tuple(ctl.deal.hands[1]))
        moved = self.frame is not None and replace(frame, opponent=None) != replace(
            self.frame, opponent=None
        )
        if moved and self.question is not None:
            self._close_question()
        self.frame = frame
        state = DemoState(self.demo, frame, self.question, bool(ctl.teacher), at=time.time())
        if state != self.published:
            _store().publish_demo(self.code, state)
            self.published = state

    def _close_question(self) -> None:
        self.question, self.asked_view = None, None
        self._weighing = []
        self.answers_ticker.stop()
        self._draw_controls()

    def ask(self) -> None:
        """Ask the class for the teacher's seat's move at the table now (not the teacher's
        move: :class:`DemoError` ``demo-not-your-move``)."""
        if not self.running:
            raise DemoError(M["error.demo-none"]())
        ctl = self.table.controller
        view = ctl.view()
        if view.phase.is_over or not view.my_turn or not view.legal_actions:
            raise DemoError(M["error.demo-not-your-move"]())
        self._number += 1
        declared = ctl.laying_out
        if isinstance(declared, act.Knock | act.BigGin):  # the meld builder is open
            question = ask_layout(view, declared, self._number)
        else:
            question = ask(view, self._number)
        self.question, self.asked_view = question, view
        self.verdicts = {}
        self.publish()
        self._status(M["demo.asked"].render({"number": self._number}))
        self._draw_controls()
        self.refresh()
        self.answers_ticker.start()

    def reveal(self) -> None:
        """Weigh each move the class chose with the review's search and show the verdicts
        (one move per step of the kernel's loop, with a progress line; at once without a
        running loop)."""
        q, view = self.question, self.asked_view
        if q is None or view is None or q.revealed is not None:
            return
        store = _store()
        counts = Counter(a.choice for a in store.demo_answers(self.code, q.id_in(self.demo)))
        self._weighing = [o for o, _n in counts.most_common()] or [""]
        self._total = len(self._weighing)
        self.verdicts, self.reasons, self._best = {}, {}, None
        self.reveal_button.disabled = True
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            while self._weighing:
                self._weigh_next()
            return
        guarded_step = guarded(self._error)(self._weigh_step)
        self._step_loop = loop, guarded_step
        loop.call_soon(guarded_step)

    def _weigh_step(self) -> None:
        if not self._weighing:
            return
        self._weigh_next()
        if self._weighing:
            loop, step = self._step_loop
            loop.call_soon(step)

    def _weigh_next(self) -> None:
        q, view = self.question, self.asked_view
        if q is None or view is None:  # the question was closed meanwhile
            self._weighing = []
            return
        option = self._weighing.pop(0)
        done = self._total - len(self._weighing)
        self._status(M["demo.weighing"].render({"done": done, "total": self._total}))
        if option:
            faced = self.table.controller.opponent_name or None  # the review imagines it
            d = decide(0, view, act.parse_action(option), opponent=faced)
            self.verdicts[option] = (d.verdict, d.loss)
            self.reasons[option] = d.reasons
            if self._best is None:
                self._best = d.best
        else:
            self._best = weigh(view, opponent=self.table.controller.opponent_name or None).best
        if not self._weighing:
            self._finish_reveal()

    def _finish_reveal(self) -> None:
        q = self.question
        assert q is not None and self._best is not None
        best = _option_of(self._best, q.layout)
        self.verdicts.setdefault(best, ("best", 0.0))
        revealed = tuple(Reveal(o, v, round(loss, 2)) for o, (v, loss) in self.verdicts.items())
        self.question = replace(q, revealed=revealed, best=best)
        self.answers_ticker.stop()
        self.publish()
        assert self.frame is not None
        self._status(M["demo.best"].render({"option": option_text(best, q, self.frame)}))
        self.refresh()
        self._draw_controls()

    def end(self) -> None:
        """End the demo on every follower's page (its answers stay in the class store)."""
        if self.running:
            _store().end_demo(self.code)
        self.reset()
        self._status(M["demo.ended"].render())

    def reset(self) -> None:
        """Forget the demo (ended here, or with its class) and close its table."""
        self.answers_ticker.stop()
        if self.table is not None:
            self.table.close()
        self.table = None
        self.code = self.demo = ""
        self.question, self.asked_view, self.frame, self.published = None, None, None, None
        self._weighing = []
        self.table_box.children = ()
        self.answers.value = self.waiting.value = ""
        self._draw_controls()

    # ------------------------------------------------------------------ the answers

    def counts(self) -> list[tuple[str, int]]:
        """The open (or last revealed) question's options that were chosen, and by how
        many, most chosen first (the best move, once revealed, among them)."""
        q = self.question
        if q is None:
            return []
        store = _store()
        answers = store.demo_answers(self.code, q.id_in(self.demo))
        counts = Counter(a.choice for a in answers)
        if q.revealed is not None:
            for r in q.revealed:
                counts.setdefault(r.option, 0)
        return sorted(counts.items(), key=lambda oc: (-oc[1], q.options.index(oc[0])))

    def refresh(self) -> None:
        """Draw the answers as they are in the store: the chart, its table, who has not
        answered."""
        q, frame = self.question, self.frame
        if q is None or frame is None or not self.running:
            return
        store = _store()
        qid = q.id_in(self.demo)
        answers = store.demo_answers(self.code, qid)
        rows = [(option_text(o, q, frame), n) for o, n in self.counts()]
        best = option_text(q.best, q, frame) if q.best else ""
        title = M["demo.chart.title"].render({"number": q.number})
        verdicts = None
        if q.revealed is not None:
            verdicts = {
                option_text(r.option, q, frame): (
                    M[f"review.verdict.{r.verdict}"].render(),
                    r.loss,
                )
                for r in q.revealed
            }
        why = "".join(
            f"<li>{html.escape(option_text(o, q, frame))}: "
            + " ".join(html.escape(t.render()) for t in texts)
            + "</li>"
            for o, texts in self.reasons.items()
            if texts
        )
        self.answers.value = (
            bars_svg(title, rows, best)
            + answers_table(title, rows, verdicts)
            + (f'<ul class="gin-demo-reasons">{why}</ul>' if why else "")
        )
        followers = store.demo_followers(self.code, self.demo)
        names = {lr.token: lr.nickname for lr in store.learners(self.code)}
        answered = {a.token for a in answers}
        missing = [names[t] for t in followers if t not in answered and t in names]
        head = M["demo.followers"].render({"count": len(followers)})
        rest = (
            M["demo.waiting"].render({"names": ", ".join(missing)})
            if missing
            else M["demo.all-answered"].render()
        )
        self.waiting.value = f"<p>{html.escape(head)} {html.escape(rest)}</p>"


__all__ = ["ANSWERS_POLL_S", "DemoDesk"]
