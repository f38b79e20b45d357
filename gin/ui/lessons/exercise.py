"""Exercises: a question generated from a seeded generator, answered and checked at once.

A lesson describes a kind of exercise with a function ``make(rng) -> Question``. The
:class:`Exercise` widget shows the question, reads the answer, asks the question's
``check`` (which asks the engine) and shows the verdict with the reason.

Every sentence here is a catalog message (:mod:`gin.i18n`), rendered in the current
language when the question is shown.

Stable CSS classes for browser tests: ``gin-exercise`` (the frame), ``gin-prompt``,
``gin-answer`` (every input; choice buttons are inside it), ``gin-check``, ``gin-next``,
``gin-feedback`` with ``gin-feedback-right``, ``gin-feedback-wrong`` or
``gin-feedback-invalid`` (an answer that could not be read).
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as W

from gin.errors import NumberError, echo
from gin.i18n import M, Message
from gin.numbers import parse_whole_number
from gin.ui.lessons.answer_box import AnswerBox
from gin.ui.lessons.base import button, html_widget, section, titled_section
from gin.ui.lessons.guard import AnswerError, describe_error, guarded
from gin.ui.parts import close_tree


@dataclass(frozen=True)
class Choice:
    """One answer button: the value a check reads, and the label a learner sees."""

    value: str
    label: Message


def choices(*keys: str) -> tuple[Choice, ...]:
    """Answer buttons labelled by catalog messages, each choice's value the last part of
    its key.

    >>> [c.value for c in choices("lesson.level.choice.yes", "lesson.level.choice.no")]
    ['yes', 'no']
    """
    return tuple(Choice(key.rsplit(".", 1)[1], M[key]) for key in keys)


AnswerWidget = Callable[[Callable[[], Any]], Any]
"""Makes a question's own answer widget (such as the meld builder), given the function
that checks the answer (its *Done*); the widget's ``value`` is the answer as text."""


@dataclass(frozen=True)
class Field:
    """One input of a question: choice buttons, a text box when ``choices`` is empty, or
    a widget of its own (``widget``, which then checks the answer itself: no Check
    button)."""

    name: str
    label: Message | None = None
    choices: tuple[Choice, ...] = ()
    placeholder: Message | None = None
    widget: AnswerWidget | None = field(default=None, compare=False)

    @property
    def values(self) -> tuple[str, ...]:
        """The values of the choices."""
        return tuple(c.value for c in self.choices)

    def label_of(self, value: str) -> str:
        """The rendered label of the choice ``value``."""
        for c in self.choices:
            if c.value == value:
                return c.label.render()
        raise KeyError(value)

    def choice(self, answer: str) -> str:
        """``answer`` when it is one of the choices; otherwise an :class:`AnswerError`."""
        if answer not in self.values:
            raise AnswerError(M["lesson.exercise.unknown-choice"]())
        return answer


@dataclass(frozen=True)
class Verdict:
    """The result of checking an answer."""

    right: bool
    why: str
    """HTML: the reason, rendered from the engine's data."""
    slip: str = ""
    """The typical slip diagnosed in a wrong answer (a short code, for tests), or ``""``."""


@dataclass(frozen=True)
class Question:
    """One generated question."""

    prompt: str
    """HTML."""
    fields: tuple[Field, ...]
    check: Callable[[Mapping[str, str]], Verdict]
    """Answers by field name -> verdict. Raises ``AnswerError`` for an unreadable answer."""
    data: Mapping[str, Any] = field(default_factory=dict)
    """The facts behind the question (cards, the engine's answer), for tests."""
    nudge: str = ""
    """HTML: the first hint, a nudge towards the answer (no hint button when empty)."""
    worked: str = ""
    """HTML: the second hint, the worked answer from the engine."""


def parse_int(text: str) -> int:
    """A whole number typed by the learner (read by :func:`gin.parse_whole_number`, like
    the seed boxes), or an ``AnswerError`` saying what was wrong."""
    t = text.strip()
    if not t:
        raise AnswerError(M["lesson.exercise.no-number"]())
    try:
        return parse_whole_number(t)
    except NumberError:
        raise AnswerError(M["lesson.exercise.not-a-number"](text=echo(t))) from None


def streak_after(streak: int, *, right: bool, first_try: bool) -> int:
    """The right answers in a row after one more checked answer (the course's rule, used by
    :class:`Exercise` and by the teacher's table alike): a right first try adds one, a wrong
    answer (at any try) starts again from 0, a right answer after a wrong try or the worked
    answer leaves the run as it was.

    >>> streak_after(2, right=True, first_try=True), streak_after(2, right=True, first_try=False)
    (3, 2)
    >>> streak_after(2, right=False, first_try=False)
    0
    """
    if not right:
        return 0
    return streak + 1 if first_try else streak


class Exercise:
    """A sequence of generated questions with Check and Next buttons.

    Question ``n`` comes from ``random.Random(f"{seed}:{n}")``, so a seed and a number
    name a question for the whole class. ``title`` and ``intro`` are messages, rendered
    with each question.
    """

    def __init__(
        self,
        *,
        name: str,
        title: Message,
        intro: Message | None,
        make: Callable[[random.Random], Question],
        seed: int,
    ) -> None:
        self.name = name
        self.make = make
        self.seed = seed
        self.number = 0
        self.right_count = 0
        self.answered_count = 0
        self.last_verdict: Verdict | None = None
        self.streak = 0
        """Right answers in a row (first tries without the worked answer)."""
        self.hints_shown = 0
        self._counted = False
        self._on_result: list[Callable[[Verdict, bool], Any]] = []
        self.question: Question | None = None
        self.inputs: dict[str, Any] = {}
        self._text_rows: dict[str, tuple[Any, AnswerBox]] = {}

        self.header = html_widget("", "gin-exercise-header")
        self._title, self._intro = title, intro
        self.prompt = html_widget("", "gin-prompt")
        self.inputs_box = W.VBox([])
        self.check_button = button(
            M["lesson.exercise.check"].render(), "gin-check", icon="check", style="primary"
        )
        self.next_button = button(M["lesson.exercise.next"].render(), "gin-next", icon="forward")
        self.hint_button = button(M["lesson.exercise.hint"].render(), "gin-hint-button")
        self.tally = html_widget("", "gin-tally")
        self.hint = html_widget("", "gin-hint")
        self.feedback = html_widget("", "gin-feedback")
        self.widget = W.VBox(
            [
                self.header,
                self.prompt,
                self.inputs_box,
                W.HBox([self.check_button, self.hint_button, self.next_button, self.tally]),
                self.hint,
                self.feedback,
            ]
        )
        self.widget.add_class("gin-exercise")
        self.widget.add_class(f"gin-exercise-{name}")
        self.check_button.on_click(guarded(self._show_invalid)(lambda _b: self.check()))
        self.next_button.on_click(guarded(self._show_invalid)(lambda _b: self.next()))
        self.hint_button.on_click(guarded(self._show_invalid)(lambda _b: self.show_hint()))
        self.new_question()

    def on_result(self, callback: Callable[[Verdict, bool], Any]) -> None:
        """Call ``callback(verdict, first_try)`` after every checked answer (``first_try``
        is false for a second try, or after the worked answer was shown)."""
        self._on_result.append(callback)

    @property
    def question_key(self) -> str:
        """The question on show, named for the whole class: ``"<seed>:<number>"`` (within
        the exercise's kind, such as a level under a rule set)."""
        return f"{self.seed}:{self.number}"

    # ------------------------------------------------------------------ questions

    def new_question(self) -> Question:
        """Generate question number :attr:`number` and show it."""
        try:
            q = self.make(random.Random(f"{self.seed}:{self.number}"))
        except Exception as exc:
            self.question = None
            self.prompt.value = ""
            self.inputs_box.children = ()
            self._set_feedback("invalid", html.escape(describe_error(exc)))
            raise
        self.question = q
        # The last question's verdict goes before the new one shows (a page waiting for the
        # prompt or the number to change never reads the old verdict as the new one's).
        self._set_feedback(None, "")
        self._counted = False
        self.last_verdict = None
        self.hints_shown = 0
        self.hint.value = ""
        self.hint_button.layout.display = "" if q.nudge else "none"
        self.hint_button.description = M["lesson.exercise.hint"].render()
        number = M["lesson.exercise.number"].render(
            {"number": self.number + 1, "seed": str(self.seed)}
        )
        intro = f"<p>{html.escape(self._intro.render())}</p>" if self._intro else ""
        self.header.value = (
            f"<h4>{html.escape(self._title.render())} "
            f'<span class="gin-muted">· {html.escape(number)}</span></h4>{intro}'
        )
        old, self.inputs = list(self.inputs_box.children), {}
        old_text_rows, self._text_rows = self._text_rows, {}
        rows = []
        own = any(f.widget is not None for f in q.fields)
        self.check_button.layout.display = "none" if own else ""
        for f in q.fields:
            w: Any
            if f.widget is None and not f.choices:
                row, w = self._text_row(f, old_text_rows.get(f.name))
                self._text_rows[f.name] = (row, w)
                self.inputs[f.name] = w
                rows.append(row)
                continue
            if f.widget is not None:
                w = f.widget(lambda: guarded(self._show_invalid)(self.check)())
            else:
                w = W.ToggleButtons(
                    options=[(c.label.render(), c.value) for c in f.choices], value=None
                )
                w.style.button_width = "auto"
            w.add_class("gin-answer")
            w.add_class(f"gin-answer-{f.name}")
            self.inputs[f.name] = w
            label = html_widget(f"<b>{html.escape(f.label.render())}</b>" if f.label else "")
            rows.append(W.HBox([label, w]) if f.label else w)
        self.prompt.value = q.prompt
        self.inputs_box.children = tuple(rows)
        for part in old:  # a builder of the last question stops listening to the keys
            if not any(part is row for row in rows):
                close_tree(part)
        self._update_tally()
        return q

    def _text_row(self, f: Field, kept: tuple[Any, AnswerBox] | None) -> tuple[Any, AnswerBox]:
        """The row of the text field ``f``: the last question's row for a field of the same
        name, emptied and relabelled, else a new one; returns (row, box).

        The box on the page stays the same from one question to the next: a new prompt shows
        a moment before a new box would be drawn, and an answer typed as soon as the prompt
        changed went into the last question's box, closed a moment later, while the Enter
        after it reached the new, empty box ("First type an answer.")."""
        placeholder = f.placeholder.render() if f.placeholder else ""
        label = f.label.render() if f.label else ""
        if kept is not None:
            row, box = kept
            if (row is box) == (f.label is None):
                box.clear()
                box.placeholder, box.label = placeholder, label
                if row is not box:
                    row.children[0].value = f"<b>{html.escape(label)}</b>"
                return row, box
        box = AnswerBox(placeholder=placeholder, label=label, width="14em")
        box.on_submit(guarded(self._show_invalid)(self.check))  # Enter checks it
        box.add_class("gin-answer")
        box.add_class(f"gin-answer-{f.name}")
        heading = html_widget(f"<b>{html.escape(label)}</b>") if f.label else None
        return (W.HBox([heading, box]) if heading is not None else box), box

    def show_hint(self) -> str:
        """Show the next hint: first the nudge, then the worked answer. Returns the hint's
        HTML (empty when the question has none)."""
        q = self.question
        if q is None or not q.nudge:
            return ""
        self.hints_shown = min(self.hints_shown + 1, 2)
        if self.hints_shown == 1:
            body = M["lesson.exercise.hint-nudge"].render()
            self.hint_button.description = M["lesson.exercise.hint-worked"].render()
            html_body = f"<b>{html.escape(body)}</b> {q.nudge}"
        else:
            body = M["lesson.exercise.hint-answer"].render()
            self.hint_button.layout.display = "none"
            html_body = f"<b>{html.escape(body)}</b> {q.worked or q.nudge}"
        self.hint.value = f'<div class="gin-hint-step-{self.hints_shown}">{html_body}</div>'
        return html_body

    def next(self) -> Question:
        """Move on to a new question."""
        self.number += 1
        return self.new_question()

    # ------------------------------------------------------------------ answers

    def answers(self) -> dict[str, str]:
        """The current answers by field name (empty string when none)."""
        out = {}
        for name, w in self.inputs.items():
            v = w.value
            out[name] = "" if v is None else str(v).strip()
        return out

    def set_answers(self, **answers: str | int) -> None:
        """Fill in answers, as a learner would (a choice by its value)."""
        for name, value in answers.items():
            if name not in self.inputs:
                raise KeyError(f"this question has no field {name!r}")
            self.inputs[name].value = str(value)

    def submit(self, **answers: str | int) -> Verdict | None:
        """Fill in answers and press Check (for tests and demos)."""
        self.set_answers(**answers)
        self.check_button.click()
        return self.last_verdict

    def check(self) -> Verdict | None:
        """Check the current answers and show the verdict."""
        q = self.question
        if q is None:
            raise AnswerError(M["lesson.exercise.no-question"]())
        answers = self.answers()
        for f in q.fields:
            if not answers.get(f.name):
                if f.label is not None:
                    m = (
                        M["lesson.exercise.choose-first-for"]
                        if f.choices
                        else M["lesson.exercise.type-first-for"]
                    )
                    raise AnswerError(m(label=f.label.render()))
                raise AnswerError(
                    (
                        M["lesson.exercise.choose-first"]
                        if f.choices
                        else M["lesson.exercise.type-first"]
                    )()
                )
            if f.choices:
                f.choice(answers[f.name])
        verdict = q.check(answers)
        self.last_verdict = verdict
        first_try = not self._counted and self.hints_shown < 2
        if not self._counted:
            self._counted = True
            self.answered_count += 1
            self.right_count += verdict.right and self.hints_shown < 2
        self.streak = streak_after(self.streak, right=verdict.right, first_try=first_try)
        for cb in self._on_result:
            cb(verdict, first_try)
        head = (
            M["lesson.exercise.right"] if verdict.right else M["lesson.exercise.not-quite"]
        ).render()
        self._set_feedback(
            "right" if verdict.right else "wrong", f"<b>{html.escape(head)}</b> {verdict.why}"
        )
        self._update_tally()
        return verdict

    # ------------------------------------------------------------------ display

    @property
    def feedback_state(self) -> str | None:
        """``right``, ``wrong``, ``invalid`` or ``None`` (no feedback shown)."""
        for state in ("right", "wrong", "invalid"):
            if f"gin-feedback-{state}" in self.feedback._dom_classes:
                return state
        return None

    def _show_invalid(self, text: str) -> None:
        self._set_feedback("invalid", html.escape(text))

    def _set_feedback(self, state: str | None, body_html: str) -> None:
        for s in ("right", "wrong", "invalid"):
            if s != state:
                self.feedback.remove_class(f"gin-feedback-{s}")
        if state is not None:
            self.feedback.add_class(f"gin-feedback-{state}")
        self.feedback.value = f'<div role="status">{body_html}</div>' if body_html else ""

    def _update_tally(self) -> None:
        if self.answered_count:
            self.tally.value = html.escape(
                M["lesson.exercise.tally"].render(
                    {"right": self.right_count, "count": self.answered_count, "streak": self.streak}
                )
            )
        else:
            self.tally.value = ""


class Practice:
    """A lesson's practice: exercises made on the lesson's seed, shown together in its
    "Practice" section: ``practice = Practice(lesson.seed)``, then
    ``practice.add(name, title, intro, make)`` for each exercise, and
    ``practice.section()`` among the lesson's parts.
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.exercises: list[Exercise] = []

    def add(
        self,
        name: str,
        title: Message,
        intro: Message | None,
        make: Callable[[random.Random], Question],
    ) -> Exercise:
        """A new :class:`Exercise` named ``name`` on this practice's seed, shown in its
        section."""
        exercise = Exercise(name=name, title=title, intro=intro, make=make, seed=self.seed)
        self.exercises.append(exercise)
        return exercise

    def section(self, intro: Message | None = None) -> Any:
        """The "Practice" section with the exercises, and ``intro`` under its heading."""
        widgets = [e.widget for e in self.exercises]
        heading = M["lesson.practice.heading"]
        if intro is None:
            return section(heading.render(), "", *widgets)
        return titled_section(heading, intro, *widgets)


__all__ = [
    "AnswerWidget",
    "Choice",
    "Exercise",
    "Field",
    "Practice",
    "Question",
    "Verdict",
    "choices",
    "parse_int",
    "streak_after",
]
