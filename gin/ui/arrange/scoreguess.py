"""The score guess: before the scores are shown, the learner may say who scores in the
deal and how many points; the engine checks it (:func:`gin.check_score_guess`) and
diagnoses the slip (issue 19).

The box has the CSS class ``gin-score-guess`` and holds the menu of who scores
(``gin-score-guess-who``), the points typed (an input in ``gin-score-guess-points``), the
buttons ``gin-action-check-score`` and ``gin-action-show-score`` (no guess: show the
score) and the verdict (``gin-score-guess-verdict``).

The learner may try twice (``tries``): the first try is what counts (:attr:`verdict_text`,
told to ``on_checked``); a wrong first try says what slipped (or only that it is not the
score) and leaves the guess open; after the second try, or "Show the score", the worked
answer follows (``gin-score-guess-worked``: the engine's steps from the comparison of the
counts to the total).

Once the score is shown the guess can't change: after a check the menu and the field stay
in view, disabled, holding the guess the engine checked (the points as it read them), and
the two buttons go; after "Show the score" the empty row goes and the verdict's line says
no guess was made.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

import gin
from gin.i18n import M
from gin.scoreguess import (
    ScoreGuessVerdict,
    Winner,
    check_score_guess,
    guess_steps,
    worked_answer,
)
from gin.ui.arrange.room import ErrorSink, Room, room_guarded
from gin.ui.parts import classed_html
from gin.ui.seats import LEARNER

WHO = (
    ("me", "arrange.guess-me"),
    ("opponent", "arrange.guess-opponent"),
    ("nobody", "arrange.guess-nobody"),
)
"""The choices of who scores: (value, label key)."""


class ScoreGuess(Room):
    """The learner's guess of the deal's score, checked by the engine.

    ``result`` is the deal's :class:`gin.DealResult`; ``knocker`` the seat that knocked
    (the learner is seat :data:`~gin.ui.seats.LEARNER`); ``rules`` the deal's rule set (so
    that the engine knows its bonuses). ``on_done()`` is called once the guess is over
    (right, or the last try checked), or when the learner asks for the score without a
    guess. ``tries``: how many checks the learner may make (the first counts);
    ``on_checked(verdict, attempt)`` is told each check (``attempt`` 1 is the one to
    record as a slip). ``show_steps``: the room lists what the learner may see before the
    guess, the melds, the deadwood cards and the layoffs but not the two counts
    (:func:`gin.scoreguess.guess_steps`; CSS class ``gin-score-guess-steps``), for an
    owner whose playback holds before the knocker's count.
    """

    def __init__(
        self,
        result: gin.DealResult,
        knocker: int,
        rules: gin.Rules | None = None,
        *,
        on_done: Callable[[], Any] | None = None,
        on_error: ErrorSink | None = None,
        tries: int = 2,
        on_checked: Callable[[ScoreGuessVerdict, int], Any] | None = None,
        show_steps: bool = False,
    ) -> None:
        super().__init__("gin-score-guess", on_error, title_css="gin-score-guess-title")
        self.result = result
        self.rules = rules
        self.knocker = knocker
        self.on_done = on_done
        self.on_checked = on_checked
        self.tries = max(1, tries)
        self.verdict_text: Any = None
        """The engine's :class:`gin.ScoreGuessVerdict` of the first try, the one that
        counts (``None`` before a check)."""
        self.verdicts: list[ScoreGuessVerdict] = []
        """Every try's verdict, in order."""
        self._finished = False
        self.who = w.Dropdown(
            options=self._who_options(),
            value="me",
            style={"description_width": "initial"},
            layout=w.Layout(width="auto"),
        )
        self.who.add_class("gin-score-guess-who")
        self.points = w.Text(
            value="", style={"description_width": "initial"}, layout=w.Layout(width="14em")
        )
        self.points.add_class("gin-score-guess-points")
        self.check_button = w.Button()
        self.check_button.add_class("gin-button")
        self.check_button.add_class("gin-action-check-score")
        self.check_button.on_click(lambda _b: self.check())
        self.skip_button = w.Button()
        self.skip_button.add_class("gin-button")
        self.skip_button.add_class("gin-action-show-score")
        self.skip_button.on_click(lambda _b: self.skip())
        row = w.HBox([self.who, self.points, self.check_button, self.skip_button])
        row.add_class("gin-score-guess-row")
        self.row = row
        self.verdict = classed_html("gin-score-guess-verdict")
        self.show_steps = show_steps
        self.steps = classed_html("gin-score-guess-steps")
        self.steps.layout.display = "" if show_steps else "none"
        self.children = [self.style, self.title, self.steps, row, self.message, self.verdict]
        self.relabel()

    @property
    def finished(self) -> bool:
        """Whether the guess was checked (or skipped)."""
        return self._finished

    @staticmethod
    def _who_options() -> list[tuple[str, str]]:
        return [(M[key].render(), value) for value, key in WHO]

    def _winner(self) -> Winner | None:
        """The engine's name of the winner the learner chose: ``knocker``, ``defender`` or
        ``None`` for nobody."""
        choice = self.who.value
        if choice == "nobody":
            return None
        me_knocked = self.knocker == LEARNER
        return "knocker" if (choice == "me") == me_knocked else "defender"

    @room_guarded
    def check(self) -> None:
        """Check the guess typed (a bad number is refused with the reason)."""
        self._check_open()
        winner = self._winner()
        typed = self.points.value.strip()
        points = 0 if winner is None and not typed else gin.parse_whole_number(typed)
        verdict = check_score_guess(self.result, winner, points, self.rules)
        self.verdicts.append(verdict)
        if self.verdict_text is None:
            self.verdict_text = verdict  # the first try is what counts
        self.points.value = str(points)  # the guess as the engine read it
        if self.on_checked is not None:
            self.on_checked(verdict, len(self.verdicts))
        if verdict.right or len(self.verdicts) >= self.tries:
            self._finish()
            return
        self.say(None)
        self._draw()

    @room_guarded
    def skip(self) -> None:
        """No guess: show the score."""
        if self.finished:
            return
        self._finish()

    def _finish(self) -> None:
        self._finished = True
        self.say(None)
        self._draw()
        if self.on_done is not None:
            self.on_done()

    def relabel(self) -> None:
        """Draw every label and sentence again in the current language."""
        self.title.value = f"<div>{escape(M['arrange.guess-title'].render())}</div>"
        index = self.who.index
        self.who.options = self._who_options()
        self.who.index = index
        self.who.description = M["arrange.guess-who"].render()
        self.points.description = M["arrange.guess-points"].render()
        self.points.placeholder = M["arrange.guess-points-hint"].render()
        self.skip_button.description = M["arrange.show-score"].render()
        if self.show_steps:
            items = "".join(f"<li>{escape(s.render())}</li>" for s in guess_steps(self.result))
            self.steps.value = f"<ol>{items}</ol>"
        super().relabel()
        self._draw()

    def _draw(self) -> None:
        for part in (self.who, self.points, self.check_button, self.skip_button):
            part.disabled = self.finished
        shown = "none" if self.finished else None
        self.check_button.layout.display = shown
        self.skip_button.layout.display = shown
        again = bool(self.verdicts) and not self.finished
        self.check_button.description = M[
            "arrange.check-score-again" if again else "arrange.check-score"
        ].render()
        v = self.verdicts[-1] if self.verdicts else None
        skipped = self.finished and v is None
        self.row.layout.display = "none" if skipped else None
        if v is None:
            note = M["arrange.guess-skipped"].render() if skipped else ""
            self.verdict.value = (
                f'<p class="gin-guess-skipped" role="status">{escape(note)}</p>' if note else ""
            )
            return
        css = "gin-guess-right" if v.right else "gin-guess-wrong"
        if not self.finished:  # a wrong first try: what slipped, and once more
            said = v.text if v.slip != "wrong-points" else None
            parts = [M["arrange.guess-try-again"]().render()]
            if said is not None:
                parts.insert(0, said.render())
            text = " ".join(parts)
            self.verdict.value = f'<p class="gin-guess-wrong" role="status">{escape(text)}</p>'
            return
        html = f'<p class="{css}" role="status">{escape(v.text.render())}</p>'
        first = self.verdicts[0]
        if len(self.verdicts) > 1 and not first.right:
            html += (
                f'<p class="gin-guess-first">{escape(M["arrange.guess-first-counts"].render())}</p>'
            )
        if not v.right or len(self.verdicts) > 1:
            steps = "".join(
                f"<li>{escape(step.render())}</li>" for step in worked_answer(self.result)
            )
            html += f'<ol class="gin-score-guess-worked">{steps}</ol>'
        self.verdict.value = html


__all__ = ["WHO", "ScoreGuess"]
