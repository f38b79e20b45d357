"""The score guess: before the scores are shown, the learner may say who scores in the
deal and how many points; the engine checks it (:func:`gin.check_score_guess`) and
diagnoses the slip (issue 19).

The box has the CSS class ``gin-score-guess`` and holds the menu of who scores
(``gin-score-guess-who``), the points typed (an input in ``gin-score-guess-points``), the
buttons ``gin-action-check-score`` and ``gin-action-show-score`` (no guess: show the
score) and the verdict (``gin-score-guess-verdict``).

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
from gin.scoreguess import Winner, check_score_guess
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
    that the engine knows its bonuses). ``on_done()`` is called once the
    guess is checked, or when the learner asks for the score without a guess.
    """

    def __init__(
        self,
        result: gin.DealResult,
        knocker: int,
        rules: gin.Rules | None = None,
        *,
        on_done: Callable[[], Any] | None = None,
        on_error: ErrorSink | None = None,
    ) -> None:
        super().__init__("gin-score-guess", on_error)
        self.result = result
        self.rules = rules
        self.knocker = knocker
        self.on_done = on_done
        self.verdict_text: Any = None
        """The engine's :class:`gin.ScoreGuessVerdict` once checked (``None`` before)."""
        self._finished = False
        self.title = classed_html("gin-score-guess-title")
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
        self.children = [self.style, self.title, row, self.message, self.verdict]
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
        self.verdict_text = check_score_guess(self.result, winner, points, self.rules)
        self.points.value = str(points)  # the guess as the engine read it
        self._finish()

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
        self.check_button.description = M["arrange.check-score"].render()
        self.skip_button.description = M["arrange.show-score"].render()
        super().relabel()
        self._draw()

    def _draw(self) -> None:
        for part in (self.who, self.points, self.check_button, self.skip_button):
            part.disabled = self.finished
        shown = "none" if self.finished else None
        self.check_button.layout.display = shown
        self.skip_button.layout.display = shown
        v = self.verdict_text
        skipped = self.finished and v is None
        self.row.layout.display = "none" if skipped else None
        if v is None:
            note = M["arrange.guess-skipped"].render() if skipped else ""
            self.verdict.value = (
                f'<p class="gin-guess-skipped" role="status">{escape(note)}</p>' if note else ""
            )
            return
        css = "gin-guess-right" if v.right else "gin-guess-wrong"
        self.verdict.value = f'<p class="{css}" role="status">{escape(v.text.render())}</p>'


__all__ = ["WHO", "ScoreGuess"]
