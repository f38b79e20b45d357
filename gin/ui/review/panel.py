"""The review of one deal on the page: :class:`ReviewPanel` (class ``gin-review``) lists
every decision (``gin-review-move`` with ``data-verdict`` and ``data-loss``), shows the
costly ones with their position and reasons and a "Play it again from here" button
(``gin-action-play-again``) that opens a :class:`PuzzleBox` (for a layout or layoffs the
learner made with ``?arrange=self``: an :class:`ArrangePuzzleBox`, the table's own meld
builder or layoff chooser), the legend and the game summary."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as w

from gin import actions as act
from gin.bots.review import DealReview, Decision, GameSummary, Puzzle, puzzle
from gin.i18n import M, Text
from gin.ui.lessons.guard import guarded
from gin.ui.parts import classed_html, close_tree
from gin.ui.review.arrangepuzzle import ArrangePuzzleBox
from gin.ui.review.render import (
    VERDICT_NAMES,
    costly_html,
    legend_html,
    moves_html,
    position_html,
    summary_html,
)

TrueCards = Callable[[Decision], tuple[Sequence[str], Sequence[str]]]
"""Teacher mode: the true hidden cards at a decision (opponent's hand, next stock cards)."""


class PuzzleBox(w.VBox):  # type: ignore[misc]
    """ "Play it again from here": the position the learner saw (class
    ``gin-review-puzzle-position``: the hand, the top discard, the opponent's cards seen),
    then the question and one button per legal move (class ``gin-review-choice``), and,
    only once a move is chosen, the answer (class ``gin-review-answer``, with
    ``data-verdict`` and ``data-loss``). ``on_answer`` is called after each answer (the
    panel shows the review's own verdict again then)."""

    def __init__(
        self,
        decision: Decision,
        show_error: Callable[[str], None],
        on_answer: Callable[[], None] | None = None,
    ) -> None:
        self.puzzle: Puzzle = puzzle(decision)
        self.decision = decision
        self.on_answer = on_answer
        self.position = classed_html("gin-review-puzzle-position")
        self.prompt = classed_html("gin-review-puzzle-prompt")
        self.answer = classed_html("gin-review-answer")
        self.choices: list[w.Button] = []
        for a in self.puzzle.deal.view(decision.view.player).legal_actions:
            b = w.Button()
            b.add_class("gin-button")
            b.add_class("gin-review-choice")
            b.on_click(guarded(show_error)(lambda _b, a=a: self.choose(a)))
            self.choices.append(b)
        self._actions = [a for a in self.puzzle.deal.view(decision.view.player).legal_actions]
        row = w.HBox(self.choices)
        row.add_class("gin-review-choices")
        super().__init__([self.position, self.prompt, row, self.answer])
        self.add_class("gin-review-puzzle")
        self.chosen: act.Action | None = None
        self.relabel()

    def choose(self, action: act.Action) -> None:
        """Judge the learner's new choice and say how good it is."""
        self.chosen = action
        self._show_answer()
        if self.on_answer is not None:
            self.on_answer()

    def _show_answer(self) -> None:
        if self.chosen is None:
            self.answer.value = ""
            return
        a = self.puzzle.judge(self.chosen)
        data = {
            "action": a.action.text,
            "loss": a.loss,
            "best": a.best.text,
            "verdict": VERDICT_NAMES[a.verdict],
        }
        if a.verdict == "best":
            text = M["review.puzzle-best"].render(data)
        elif a.verdict == "close":
            text = M["review.puzzle-close"].render(data)
        else:
            text = M["review.puzzle-off"].render(data)
        self.answer.value = (
            f'<p class="gin-review-answer-text" data-verdict="{a.verdict}" '
            f'data-loss="{a.loss:.1f}" role="status">{escape(text)}</p>'
        )

    def relabel(self) -> None:
        """Draw the labels again in the current language."""
        self.position.value = position_html(self.decision)
        self.prompt.value = f"<p>{escape(M['review.puzzle-prompt'].render())}</p>"
        for b, a in zip(self.choices, self._actions, strict=True):
            b.description = b.tooltip = M["review.choice"].render({"action": a.text})
        self._show_answer()


class ReviewPanel(w.VBox):  # type: ignore[misc]
    """The review of deal ``number`` (see the module); ``true_cards`` is given in teacher
    mode only."""

    def __init__(
        self,
        review: DealReview,
        number: int,
        summary: GameSummary,
        rules: str,
        on_close: Callable[[], None],
        true_cards: TrueCards | None = None,
        table_slips: Sequence[tuple[int, Sequence[Text]]] = (),
    ) -> None:
        self.review = review
        self.number = number
        self.summary = summary
        self.rules = rules
        self.true_cards = true_cards
        self.error = classed_html("gin-review-error")
        self.table_slips = table_slips
        """The slips the table noted by deal (what each said), named in the summary."""
        self.head = classed_html("gin-review-head")
        self.moves = classed_html("gin-review-list")
        self.costly_title = classed_html("gin-review-costly-title")
        self.summary_html = classed_html("gin-review-game")
        self.close_button = w.Button()
        self.close_button.add_class("gin-button")
        self.close_button.add_class("gin-action-review-close")
        self.close_button.on_click(guarded(self.show_error)(lambda _b: on_close()))
        self.costly: list[tuple[Decision, w.HTML, w.Button, w.Box]] = []
        boxes = []
        for d in review.costly:
            text = classed_html("gin-review-costly-text")
            again = w.Button()
            again.add_class("gin-button")
            again.add_class("gin-action-play-again")
            holder = w.VBox([])
            holder.add_class("gin-review-puzzle-holder")
            again.on_click(
                guarded(self.show_error)(lambda _b, d=d, h=holder: self.play_again(d, h))
            )
            box = w.VBox([text, again, holder])
            box.add_class("gin-review-costly")
            box.add_class(f"gin-review-costly-{d.kind}")
            boxes.append(box)
            self.costly.append((d, text, again, holder))
        super().__init__(
            [
                self.head,
                self.moves,
                self.costly_title,
                *boxes,
                self.summary_html,
                self.error,
                self.close_button,
            ]
        )
        self.add_class("gin-review")
        self.relabel()

    def show_error(self, sentence: str) -> None:
        """Show an error sentence in the panel."""
        self.error.value = f'<div class="gin-coach-error" role="alert">{escape(sentence)}</div>'

    def play_again(self, decision: Decision, holder: w.Box) -> None:
        """Open the puzzle of ``decision`` (once; a second click keeps it). A layout or
        layoffs decision opens the table's own room (:class:`ArrangePuzzleBox`); once it
        is answered, a second click sets up a fresh one. While a puzzle waits for its
        answer, the decision's text (which names the best move) is hidden: the puzzle
        shows the position and asks; the answer and the text come after the choice."""
        text = next(t for d, t, _a, _h in self.costly if d is decision)

        def answered() -> None:
            text.layout.display = None

        if decision.exact is not None:
            old = holder.children
            if old and not old[0].finished:
                return
            text.layout.display = "none"  # it names the best layout: shown after the answer
            holder.children = (ArrangePuzzleBox(decision, self.show_error, answered),)
            for box in old:
                close_tree(box)
            return
        if not holder.children:
            text.layout.display = "none"  # it names the best move: shown after the answer
            holder.children = (PuzzleBox(decision, self.show_error, answered),)

    def relabel(self) -> None:
        """Draw the whole review again in the current language."""
        title = escape(M["review.title"].render({"number": self.number}))
        intro = f"<p>{escape(M['review.intro'].render())}</p>"
        if any(d.exact is not None for d in self.review.decisions):
            intro += f'<p class="gin-review-exact">{escape(M["review.intro-exact"].render())}</p>'
        if self.review.opponent_hasty:
            hasty = escape(M["review.intro-hasty"].render())
            intro += f'<p class="gin-review-hasty">{hasty}</p>'
        self.head.value = f"<h3>{title}</h3>{intro}{legend_html()}"
        self.moves.value = moves_html(self.review)
        key = "review.costly-title" if self.costly else "review.costly-none"
        self.costly_title.value = f"<h4>{escape(M[key].render())}</h4>"
        # a knock laid out by the learner is two decisions at one index: number by place
        number = {id(d): n for n, d in enumerate(self.review.decisions, 1)}
        for d, text, again, holder in self.costly:
            exact = d.exact is not None  # the cards were face up: nothing hidden to show
            cards = self.true_cards(d) if self.true_cards is not None and not exact else None
            text.value = costly_html(number[id(d)], d, cards)
            again.description = again.tooltip = M["review.play-again"].render()
            for p in holder.children:
                p.relabel()
        self.summary_html.value = summary_html(self.summary, self.rules, self.table_slips)
        self.close_button.description = M["review.close"].render()


__all__ = ["PuzzleBox", "ReviewPanel", "TrueCards"]
