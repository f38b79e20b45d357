"""The felt: the green cloth with both hands, the piles and the button rows, drawn from
the learner's view (the opponent's cards only when the view or teacher mode shows them).

From top to bottom: the opponent's hand; whose turn it is (CSS class ``gin-turn``) and
what the opponent just did (``gin-last-move``); the piles and the up card; the learner's
hand, the deal's result (``gin-deal-result``, at the end of a deal) and the actions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

import gin
from gin.i18n import M
from gin.narration import event_text
from gin.ui.cardarea import CardArea
from gin.ui.parts import classed_html, fixed_box, fixed_layout, insert_child, set_display
from gin.ui.seats import LEARNER, OPPONENT
from gin.ui.table import hands, reveal
from gin.ui.table.controller import TableController
from gin.ui.table.dealresult import DealResult, layoff_button_label, nothing_to_lay_off
from gin.ui.table.scorepad import shown_scores

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


TURN_KEYS = {
    "builder": "arrange.turn-lay-out",
    "chooser": "arrange.turn-lay-off",
    "guess": "arrange.turn-guess",
}
"""The turn line while an arrange room is open."""


class Felt(w.VBox):  # type: ignore[misc]
    """The table's cloth (CSS class ``gin-felt``), drawn from the model: the opponent's
    hand (:attr:`opponent_area`, :attr:`opponent_label`), whose turn it is
    (:attr:`turn_html`, :attr:`last_move_html`), the knock confirmation
    (:attr:`confirm_box`, :attr:`confirm_text`, made when first asked for: issue 41) and
    the deal's result (:attr:`result`).

    The other parts' widgets are laid on it where they belong: ``piles`` (the piles' row;
    the table puts :attr:`status`, the turn line, beside it, and hands the discard history
    to :meth:`place_history`, which lays it under the row), the learner's ``hand``
    and the line above it, the arrange rooms' ``rooms`` box (``None``: the table lays it
    out when it is made), the ``confirm`` and ``cancel`` buttons (``confirm`` gives them,
    asked for with the confirmation) and the ``actions`` row.
    """

    def __init__(
        self,
        model: TableController,
        *,
        piles: w.Widget,
        hand: Sequence[w.Widget],
        rooms: w.Widget | None,
        confirm: Sequence[w.Button] | Callable[[], Sequence[w.Button]],
        actions: w.Widget,
    ) -> None:
        self.model = model
        self.turn_html = classed_html("gin-turn", fixed=True)
        self.last_move_html = classed_html("gin-last-move", fixed=True)
        self.opponent_label = classed_html("gin-opponent-label", fixed=True)
        self.opponent_area = CardArea(
            mode="none", card_class="gin-opponent-card", overlap=True, layout=fixed_layout()
        )
        self.opponent_area.add_class("gin-opponent-hand")
        self.opponent_area.large = model.large_cards
        self.opponent_area.on_error(model.show_error)
        self._confirm_buttons = confirm
        self._confirm: tuple[w.HBox, w.HTML] | None = None
        self._actions = actions
        self.result = DealResult()
        self.status = fixed_box(w.VBox, [self.turn_html, self.last_move_html], "gin-status")
        """The turn line and the last move, for the table to put beside the piles."""
        self._piles_box = piles
        super().__init__(
            [
                self.opponent_label,
                self.opponent_area,
                piles,
                *hand,
                *([rooms] if rooms is not None else []),
                self.result,
                actions,
            ],
            layout=fixed_layout(),
        )
        self.add_class("gin-felt")
        model.observe(self._on_large, names="large_cards")

    def _confirm_parts(self) -> tuple[w.HBox, w.HTML]:
        """The confirmation's box and question, made when first needed and put just
        above the actions (hidden)."""
        if self._confirm is None:
            made = self._confirm_buttons
            buttons = made() if callable(made) else made
        if self._confirm is None:  # (making the buttons may have made it)
            text = classed_html("gin-confirm-text", fixed=True)
            box = w.HBox([text, *buttons], layout=fixed_layout(display="none"))
            box.add_class("gin-confirm")
            self._confirm = box, text
            insert_child(self, box, before=self._actions)
        return self._confirm

    @property
    def confirm_box(self) -> w.HBox:
        """The knock confirmation (CSS class ``gin-confirm``), hidden but while it asks."""
        return self._confirm_parts()[0]

    @property
    def confirm_text(self) -> w.HTML:
        """The confirmation's question (``gin-confirm-text``)."""
        return self._confirm_parts()[1]

    def place_history(self, area: CardArea) -> None:
        """Put the discard history, just built, under the piles."""
        insert_child(self, area, after=self._piles_box)

    def _on_large(self, change: dict[str, Any]) -> None:
        self.opponent_area.large = bool(change["new"])

    def draw(self, scope: str) -> None:
        """Draw the opponent's hand and the result (``table``), the turn line and the
        confirmation (``table``, ``controls``)."""
        if scope not in ("table", "controls"):
            return
        c = self.model
        view = c.view()
        if scope == "table":
            teacher_cards = c.deal.hand(OPPONENT) if c.teacher else None
            self.show_opponent(view, c.reveal_step, teacher_cards, c.moved)
            records, final = shown_scores(c)
            over = c.deal.is_over and c.revealed()
            self.result.show(records, c.rules.target, final, over=over)
        self.show_turn(*self._turn(view))
        question = c.question if c.pending is not None else None
        self.ask(question.render() if question is not None else None)

    def _turn(self, view: gin.PlayerView) -> tuple[str, str]:
        c = self.model
        if c.room:
            key = TURN_KEYS[c.room]
            if c.room == "chooser" and view.layoffs_barred:
                key = "arrange.turn-after-gin"
            return M[key].render(), ""
        turn = turn_text(
            view,
            pending=c.pending is not None,
            teacher=c.teacher,
            game_over=c.game.is_over,
            revealed=c.revealed(),
        )
        return turn, last_move_text(view)

    def show_opponent(
        self,
        view: gin.PlayerView,
        beat: int,
        teacher_cards: Sequence[gin.Card] | None,
        moved: gin.Event | None = None,
    ) -> None:
        """The opponent's hand and the line above it. At the end of the deal it is face
        up and played back (``beat`` result steps shown); during it face down (the card
        drawn in the opponent's move just made, ``moved``, slides in), open in teacher
        mode (``teacher_cards``), and laid down after their knock."""
        c = self.model
        four_color, large = c.four_color, c.large_cards
        area = self.opponent_area
        if view.phase.is_over:
            # the score guessed where the counting is the learner's: no count until done
            guess = c.room == "guess" and not c.policy().deadwood_figures
            _mine, theirs = reveal.end_hands(view, beat)
            area.overlap = False
            hands.show_hand(area, theirs, four_color=four_color, large=large, counts=not guess)
            self.opponent_label.value = (
                f"<b>{escape(M['hand.opponent'].render())}</b>"
                if guess
                else reveal.end_label(view, OPPONENT, beat)
            )
            return
        counts = c.policy().deadwood_figures
        laid = hands.knocker_show(view)
        if laid is not None:
            area.overlap = False
            hands.show_hand(area, laid, four_color=four_color, large=large, counts=counts)
        elif teacher_cards is not None:
            area.overlap = False
            arr = gin.best_arrangement(teacher_cards)
            hands.show_hand(area, hands.HandShow(arr), four_color=four_color, large=large)
        else:
            area.overlap = True
            drew = isinstance(moved, gin.DrewFromStock | gin.DrewFromDiscard | gin.UpCardTaken)
            area.show_backs(
                view.opponent_card_count, large=large, last_class=DRAWN if drew else ""
            )
        self.opponent_label.value = hands.opponent_label_html(
            view, tuple(teacher_cards) if teacher_cards is not None else None, counts=counts
        )

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
        if question is None and self._confirm is None:
            return  # never asked: nothing to hide
        if question is not None:
            self.confirm_text.value = f'<span class="gin-confirm-question">{question}</span>'
        elif self.confirm_text.value:
            self.confirm_text.value = ""
        set_display(self.confirm_box, "flex" if question is not None else "none")


__all__ = ["DRAWN", "TURN_KEYS", "Felt", "last_move_text", "turn_text"]
