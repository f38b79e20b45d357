"""The felt: the green cloth with both hands, the piles and the button rows, drawn from
the learner's view (the opponent's cards only when the view or teacher mode shows them)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w

import gin
from gin.ui import hands, reveal
from gin.ui.buttons import BUTTONS
from gin.ui.cardarea import CardArea
from gin.ui.piles import Piles
from gin.ui.seats import LEARNER, OPPONENT

MORE_BUTTONS = ("hint", "undo", "history", "opponent_step", "next_deal")
"""The keys of the buttons in the row under the actions."""


class Felt(w.VBox):  # type: ignore[misc]
    """The table's cloth (CSS class ``gin-felt``): the opponent's hand, the piles, the
    learner's hand, the action buttons, the knock confirmation and the other buttons."""

    def __init__(
        self,
        buttons: Mapping[str, w.Button],
        *,
        large: bool,
        on_error: Callable[[gin.GinError], Any],
    ) -> None:
        self.large = large
        self.opponent_label = w.HTML()
        self.opponent_label.add_class("gin-opponent-label")
        self.opponent_area = CardArea(mode="none", card_class="gin-opponent-card", overlap=True)
        self.opponent_area.add_class("gin-opponent-hand")
        self.piles = Piles(on_error)
        self.hand_label = w.HTML()
        self.hand_label.add_class("gin-deadwood")
        self.hand = CardArea(mode="single", card_class="gin-card", draggable=True)
        self.hand.add_class("gin-hand")
        for area in (self.hand, self.opponent_area, *self.piles.areas):
            area.large = large
        self.hand.on_error(on_error)
        self.opponent_area.on_error(on_error)

        actions = w.HBox([buttons[k] for k, _, _ in BUTTONS])
        actions.add_class("gin-actions")
        self.confirm_text = w.HTML()
        self.confirm_text.add_class("gin-confirm-text")
        self.confirm_box = w.HBox([self.confirm_text, buttons["confirm"], buttons["cancel"]])
        self.confirm_box.add_class("gin-confirm")
        self.confirm_box.layout.display = "none"
        more = w.HBox([buttons[k] for k in MORE_BUTTONS])
        more.add_class("gin-more")
        super().__init__(
            [
                self.opponent_label,
                self.opponent_area,
                self.piles.box,
                self.piles.history_area,
                self.hand_label,
                self.hand,
                actions,
                self.confirm_box,
                more,
            ]
        )
        self.add_class("gin-felt")

    def _show(self, area: CardArea, shown: hands.HandShow, four_color: bool) -> None:
        hands.show_hand(area, shown, four_color=four_color, large=self.large)

    def show_hands(
        self,
        view: gin.PlayerView,
        *,
        beat: int,
        teacher_cards: Sequence[gin.Card] | None,
        four_color: bool,
    ) -> None:
        """Both hands (and the opponent's label; :meth:`show_hand_label` writes the
        learner's). At the end of the deal both are face up and
        played back (``beat`` result steps shown); during it the learner's is arranged,
        the opponent's face down, open in teacher mode (``teacher_cards``), and laid
        down after their knock."""
        if view.phase.is_over:
            mine, theirs = reveal.end_hands(view, beat)
            self._show(self.hand, mine, four_color)
            self.opponent_area.overlap = False
            self._show(self.opponent_area, theirs, four_color)
            self.opponent_label.value = reveal.end_label(view, OPPONENT, beat)
        else:
            self._show(self.hand, hands.learner_show(view), four_color)
            laid = hands.knocker_show(view)
            if laid is not None:
                self.opponent_area.overlap = False
                self._show(self.opponent_area, laid, four_color)
            elif teacher_cards is not None:
                self.opponent_area.overlap = False
                arr = gin.best_arrangement(teacher_cards)
                self._show(self.opponent_area, hands.HandShow(arr), four_color)
            else:
                self.opponent_area.overlap = True
                self.opponent_area.show_backs(view.opponent_card_count, large=self.large)
            self.opponent_label.value = hands.opponent_label_html(
                view, tuple(teacher_cards) if teacher_cards is not None else None
            )
        self.hand.mode = "none" if view.phase.is_over else "single"

    def show_hand_label(self, view: gin.PlayerView, beat: int, selected: gin.Card | None) -> None:
        """The line above the learner's hand."""
        if view.phase.is_over:
            self.hand_label.value = reveal.end_label(view, LEARNER, beat)
        else:
            self.hand_label.value = hands.hand_label_html(view, selected)

    def ask(self, question: str | None) -> None:
        """Show the knock confirmation with ``question``, or hide it (``None``)."""
        if question is not None:
            self.confirm_text.value = f'<span class="gin-confirm-question">{question}</span>'
        elif self.confirm_text.value:
            self.confirm_text.value = ""
        self.confirm_box.layout.display = "flex" if question is not None else "none"


__all__ = ["MORE_BUTTONS", "Felt"]
