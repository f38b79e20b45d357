""" "Play it again from here" for a layout or layoffs decision (``?arrange=self``):
:class:`ArrangePuzzleBox`.

The learner lays out the same cards again in the table's own meld builder
(:class:`~gin.ui.arrange.MeldBuilder`), or chooses the layoffs again onto the same melds
in the table's layoff chooser (:class:`~gin.ui.arrange.LayoffChooser`); every check is the
engine's. Once done, the new choice is judged exactly by
:func:`gin.bots.review.judge_exact`: the best, or how many points from it (class
``gin-review-answer``, with ``data-verdict`` and ``data-loss``, as the other puzzles). The
room shows the best layout (or what was missed) as pictures. *Play it again* once more
sets up a fresh room.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

import gin
from gin import actions as act
from gin.bots.review import Decision, PuzzleAnswer, judge_exact
from gin.i18n import M
from gin.ui.arrange import LayoffChooser, MeldBuilder
from gin.ui.arrange.room import Room
from gin.ui.parts import classed_html, close_tree
from gin.ui.review.render import VERDICT_NAMES, loss_attr


class ArrangePuzzleBox(w.VBox):  # type: ignore[misc]
    """The puzzle of a ``layout`` or ``layoffs`` decision (class ``gin-review-puzzle``
    and ``gin-review-puzzle-arrange``): a prompt, the room (:attr:`room`) and the answer
    (:attr:`answer`). ``on_answer`` is called after each answer (the panel shows the
    review's own verdict, which names the best layout, again then)."""

    def __init__(
        self,
        decision: Decision,
        show_error: Callable[[str], None],
        on_answer: Callable[[], None] | None = None,
    ) -> None:
        exact = decision.exact
        if exact is None:
            raise gin.IllegalActionError(M["error.review-not-legal"](action=decision.made.text))
        self.decision = decision
        self.show_error = show_error
        self.on_answer = on_answer
        self.prompt = classed_html("gin-review-puzzle-prompt")
        self.answer = classed_html("gin-review-answer")
        self.result: PuzzleAnswer | None = None
        self.room: Room
        if exact.kind == "layout":
            self.room = MeldBuilder(exact.hand, on_done=self._layout_done)
        else:
            board = gin.LayoffBoard.start(exact.melds, exact.hand)
            self.room = LayoffChooser(board, on_done=self._layoffs_done)
        super().__init__([self.prompt, self.room, self.answer])
        self.add_class("gin-review-puzzle")
        self.add_class("gin-review-puzzle-arrange")
        self.relabel()

    @property
    def finished(self) -> bool:
        """Whether the learner has laid out (or laid off) again and been told."""
        return self.result is not None

    def _layout_done(self, layout: gin.Arrangement) -> None:
        made = self.decision.made
        melds = tuple(m.cards for m in layout.melds)
        action: act.Action = (
            act.Knock(made.card, melds) if isinstance(made, act.Knock) else act.BigGin(melds)
        )
        self._judge(action)

    def _layoffs_done(self, layoffs: tuple[tuple[gin.Card, int], ...]) -> None:
        self._judge(act.LayOff(tuple(layoffs)))

    def _judge(self, action: act.Action) -> None:
        """Judge the new choice (a refusal raises: the room shows it, nothing changes)."""
        self.result = judge_exact(self.decision, action)
        self._show_answer()
        if self.on_answer is not None:
            self.on_answer()

    def _show_answer(self) -> None:
        a = self.result
        exact = self.decision.exact
        if a is None or exact is None:
            self.answer.value = ""
            return
        layout = exact.kind == "layout"
        if a.verdict == "best" and a.loss == 0:
            key = "review.puzzle-layout-best" if layout else "review.puzzle-layoffs-best"
            text = M[key].render({"points": _deadwood_now(self.room)})
        else:
            key = "review.puzzle-layout-off" if layout else "review.puzzle-layoffs-off"
            text = M[key].render({"count": int(a.loss), "verdict": VERDICT_NAMES[a.verdict]})
        self.answer.value = (
            f'<p class="gin-review-answer-text" data-verdict="{a.verdict}" '
            f'data-loss="{loss_attr(a.loss)}" role="status">{escape(text)}</p>'
        )

    def relabel(self) -> None:
        """Draw the prompt, the room and the answer again in the current language."""
        exact = self.decision.exact
        key = (
            "review.puzzle-layout-prompt"
            if exact is not None and exact.kind == "layout"
            else "review.puzzle-layoffs-prompt"
        )
        self.prompt.value = f"<p>{escape(M[key].render())}</p>"
        self.room.relabel()
        self._show_answer()

    def close(self) -> None:
        """Close the room and the box."""
        close_tree(self.room)
        super().close()


def _deadwood_now(room: Room) -> int:
    """The deadwood the room's layout (or layoffs) leaves, as the engine counted it."""
    if isinstance(room, MeldBuilder) and room.arrangement is not None:
        return room.arrangement.deadwood_points
    if isinstance(room, LayoffChooser):
        return room.board.deadwood_points
    return 0


__all__ = ["ArrangePuzzleBox"]
