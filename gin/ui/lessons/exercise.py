"""Exercises: a question generated from a seeded generator, answered and checked at once.

A lesson describes a kind of exercise with a function ``make(rng) -> Question``. The
:class:`Exercise` widget shows the question, reads the answer, asks the question's
``check`` (which asks the engine) and shows the verdict with the reason.

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
from gin.numbers import parse_whole_number
from gin.ui.lessons.base import button, html_widget
from gin.ui.lessons.guard import AnswerError, describe_error, guarded


@dataclass(frozen=True)
class Field:
    """One input of a question: choice buttons, or a text box when ``choices`` is empty."""

    name: str
    label: str = ""
    choices: tuple[str, ...] = ()
    placeholder: str = ""


@dataclass(frozen=True)
class Verdict:
    """The result of checking an answer."""

    right: bool
    why: str
    """HTML: the reason, written from the engine's data."""


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


def parse_int(text: str, what: str = "a number") -> int:
    """A whole number typed by the learner (read by :func:`gin.parse_whole_number`, like
    the seed boxes), or an ``AnswerError`` saying what was wrong."""
    t = text.strip()
    if not t:
        raise AnswerError(f"Type {what} first.")
    try:
        return parse_whole_number(t, what=what)
    except NumberError:
        raise AnswerError(f"{echo(t)} is not a whole number: type {what}, like 12.") from None


class Exercise:
    """A sequence of generated questions with Check and Next buttons.

    Question ``n`` comes from ``random.Random(f"{seed}:{n}")``, so a seed and a number
    name a question for the whole class.
    """

    def __init__(
        self,
        *,
        name: str,
        title: str,
        intro: str,
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
        self._counted = False
        self.question: Question | None = None
        self.inputs: dict[str, Any] = {}

        self.header = html_widget("", "gin-exercise-header")
        self._title, self._intro = title, intro
        self.prompt = html_widget("", "gin-prompt")
        self.inputs_box = W.VBox([])
        self.check_button = button("Check", "gin-check", icon="check", style="primary")
        self.next_button = button("Next exercise", "gin-next", icon="forward")
        self.tally = html_widget("", "gin-tally")
        self.feedback = html_widget("", "gin-feedback")
        self.widget = W.VBox(
            [
                self.header,
                self.prompt,
                self.inputs_box,
                W.HBox([self.check_button, self.next_button, self.tally]),
                self.feedback,
            ]
        )
        self.widget.add_class("gin-exercise")
        self.widget.add_class(f"gin-exercise-{name}")
        self.check_button.on_click(guarded(self._show_invalid)(lambda _b: self.check()))
        self.next_button.on_click(guarded(self._show_invalid)(lambda _b: self.next()))
        self.new_question()

    # ------------------------------------------------------------------ questions

    def new_question(self) -> Question:
        """Generate question number :attr:`number` and show it."""
        try:
            q = self.make(random.Random(f"{self.seed}:{self.number}"))
        except Exception as exc:
            self.question = None
            self.prompt.value = ""
            self.inputs_box.children = ()
            self._set_feedback("invalid", describe_error(exc))
            raise
        self.question = q
        self._counted = False
        self.last_verdict = None
        self.header.value = (
            f"<h4>{html.escape(self._title)} "
            f'<span class="gin-muted">· exercise {self.number + 1} · seed {self.seed}</span>'
            f"</h4>{self._intro}"
        )
        self.prompt.value = q.prompt
        self.inputs = {}
        rows = []
        for f in q.fields:
            w: Any
            if f.choices:
                w = W.ToggleButtons(options=list(f.choices), value=None)
                w.style.button_width = "auto"
            else:
                w = W.Text(value="", placeholder=f.placeholder)
                w.layout.width = "14em"
            w.add_class("gin-answer")
            w.add_class(f"gin-answer-{f.name}")
            self.inputs[f.name] = w
            label = html_widget(f"<b>{html.escape(f.label)}</b>" if f.label else "")
            rows.append(W.HBox([label, w]) if f.label else w)
        self.inputs_box.children = tuple(rows)
        self._set_feedback(None, "")
        self._update_tally()
        return q

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
        """Fill in answers, as a learner would."""
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
            raise AnswerError("There is no question: press Next exercise.")
        answers = self.answers()
        for f in q.fields:
            if not answers.get(f.name):
                what = "choose an answer" if f.choices else "type an answer"
                raise AnswerError(f"First {what}" + (f" for “{f.label}”." if f.label else "."))
        verdict = q.check(answers)
        self.last_verdict = verdict
        if not self._counted:
            self._counted = True
            self.answered_count += 1
            self.right_count += verdict.right
        head = "Right." if verdict.right else "Not quite."
        self._set_feedback("right" if verdict.right else "wrong", f"<b>{head}</b> {verdict.why}")
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
            self.tally.value = f"{self.right_count} right out of {self.answered_count}"
        else:
            self.tally.value = ""


__all__ = ["Exercise", "Field", "Question", "Verdict", "parse_int"]
