"""The felt: the green cloth with both hands, the piles and the button rows, drawn from
the learner's view (the opponent's cards only when the view or teacher mode shows them).

From top to bottom: the opponent's hand; whose turn it is (CSS class ``gin-turn``) and
what the opponent just did (``gin-last-move``); the piles and the up card; the learner's
hand, the deal's result (``gin-deal-result``, at the end of a deal) and the actions."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as w

import gin
from gin.i18n import M
from gin.narration import event_text
from gin.ui.cardarea import CardArea
from gin.ui.parts import classed_html, fixed_box, fixed_layout, insert_child
from gin.ui.seats import LEARNER, OPPONENT
from gin.ui.table import hands, reveal
from gin.ui.table.buttons import BUTTONS
from gin.ui.table.dealresult import DealResult, layoff_button_label, nothing_to_lay_off
from gin.ui.table.piles import Piles

MORE_BUTTONS = ("next_deal", "hint", "undo", "history", "opponent_step")
"""The keys of the buttons after the actions, in the same row."""
DRAWN = "gin-anim-drawn"
"""CSS class of the card the opponent just drew (it slides into their hand)."""


def turn_text(
    view: gin.PlayerView,
    *,
    pending: bool,
    teacher: bool,
    game_over: bool,
    revealed: bool,
) -> str:
    """The turn line: whose turn it is and what the learner may do, from the engine's
    view (``pending``: a knock waits for confirmation)."""
    if view.phase.is_over:
        if not revealed:
            return M["turn.scoring"].render()
        return (M["turn.game-over"] if game_over else M["turn.deal-over"]).render()
    if not view.my_turn:
        return (M["turn.teacher"] if teacher else M["turn.thinking"]).render()
    if pending:
        return M["turn.confirm"].render()
    ph = view.phase
    if ph in (gin.Phase.OFFER_NON_DEALER, gin.Phase.OFFER_DEALER):
        return M["turn.take-or-pass"].render({"card": view.up_card.code})
    if ph is gin.Phase.DRAW:
        return (M["turn.draw-stock"] if view.stock_only else M["turn.draw"]).render()
    if ph is gin.Phase.LAYOFF:
        if nothing_to_lay_off(view):  # say so, and name the one button that goes on
            button = layoff_button_label(view).render()
            return M["newcomer.turn.nothing-to-lay-off"].render({"button": button})
        return M["turn.lay-off"].render()
    ends = {c.ends for c in view.discard_choices}
    if view.can_big_gin:
        return M["turn.big-gin"].render()
    if "gin" in ends:
        return M["turn.discard-or-gin"].render()
    if "knock" in ends:
        return M["turn.discard-or-knock"].render()
    return M["turn.discard"].render()


def last_move_text(view: gin.PlayerView) -> str:
    """What the opponent did since the learner's last move: one sentence per event, told
    from the learner's seat (empty when the learner moved last)."""
    told: list[str] = []
    for e in reversed(view.events):
        player = getattr(e, "player", None)
        if player is None:
            continue
        if player == LEARNER:
            break
        told.append(event_text(e, LEARNER).render())
    return " ".join(reversed(told))


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
        self.turn_html = classed_html("gin-turn", fixed=True)
        self.last_move_html = classed_html("gin-last-move", fixed=True)
        self.opponent_label = classed_html("gin-opponent-label", fixed=True)
        self.opponent_area = CardArea(
            mode="none", card_class="gin-opponent-card", overlap=True, layout=fixed_layout()
        )
        self.opponent_area.add_class("gin-opponent-hand")
        self.piles = Piles(on_error)
        self.hand_label = classed_html("gin-deadwood")  # hidden while a room is open
        self.hand = CardArea(mode="single", card_class="gin-card", draggable=True, key_input=True)
        self.hand.add_class("gin-hand")
        for area in (self.hand, self.opponent_area, *self.piles.areas):
            area.large = large
        self.hand.on_error(on_error)
        self.opponent_area.on_error(on_error)

        row = [buttons[k] for k, _, _ in BUTTONS] + [buttons[k] for k in MORE_BUTTONS]
        actions = fixed_box(w.HBox, row, "gin-actions")
        self.confirm_text = classed_html("gin-confirm-text", fixed=True)
        self.confirm_box = w.HBox([self.confirm_text, buttons["confirm"], buttons["cancel"]])
        self.confirm_box.add_class("gin-confirm")
        self.confirm_box.layout.display = "none"
        self.result = DealResult()
        status = fixed_box(w.VBox, [self.turn_html, self.last_move_html], "gin-status")
        self.piles.box.children = (*self.piles.box.children, status)
        super().__init__(
            [
                self.opponent_label,
                self.opponent_area,
                self.piles.box,
                self.hand_label,
                self.hand,
                self.result,
                self.confirm_box,
                actions,
            ],
            layout=fixed_layout(),
        )
        self.add_class("gin-felt")
        self.piles.history_built = self._place_history

    def _place_history(self, area: CardArea) -> None:
        """Put the discard history, just built, under the piles."""
        insert_child(self, area, after=self.piles.box)

    def _show(self, area: CardArea, shown: hands.HandShow, four_color: bool) -> None:
        hands.show_hand(area, shown, four_color=four_color, large=self.large)

    def show_hands(
        self,
        view: gin.PlayerView,
        *,
        beat: int,
        teacher_cards: Sequence[gin.Card] | None,
        four_color: bool,
        moved: gin.Event | None = None,
        hinted: gin.Card | None = None,
    ) -> None:
        """Both hands (and the opponent's label; :meth:`show_hand_label` writes the
        learner's). At the end of the deal both are face up and
        played back (``beat`` result steps shown); during it the learner's is arranged
        (the ``hinted`` card marked), the opponent's face down (the card drawn in the
        opponent's move just made, ``moved``, slides in), open in teacher mode
        (``teacher_cards``), and laid down after their knock."""
        if view.phase.is_over:
            mine, theirs = reveal.end_hands(view, beat)
            self._show(self.hand, mine, four_color)
            self.opponent_area.overlap = False
            self._show(self.opponent_area, theirs, four_color)
            self.opponent_label.value = reveal.end_label(view, OPPONENT, beat)
        else:
            self._show(self.hand, hands.learner_show(view, hinted), four_color)
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
                drew = isinstance(moved, gin.DrewFromStock | gin.DrewFromDiscard | gin.UpCardTaken)
                self.opponent_area.show_backs(
                    view.opponent_card_count, large=self.large, last_class=DRAWN if drew else ""
                )
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

    def show_turn(self, turn: str, last_move: str) -> None:
        """Say whose turn it is and what the opponent just did (already rendered)."""
        self.turn_html.value = (
            f'<span class="gin-turn-text" aria-live="polite">{escape(turn)}</span>'
        )
        self.last_move_html.value = (  # the opponent's move, said by a screen reader too
            f'<span class="gin-last-move-text" aria-live="polite">{escape(last_move)}</span>'
            if last_move
            else ""
        )

    def ask(self, question: str | None) -> None:
        """Show the knock confirmation with ``question``, or hide it (``None``)."""
        if question is not None:
            self.confirm_text.value = f'<span class="gin-confirm-question">{question}</span>'
        elif self.confirm_text.value:
            self.confirm_text.value = ""
        self.confirm_box.layout.display = "flex" if question is not None else "none"


__all__ = ["DRAWN", "MORE_BUTTONS", "Felt", "last_move_text", "turn_text"]
