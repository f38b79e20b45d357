"""The table's base layer: :class:`TableBase`, the parts every layer of
:class:`~gin.ui.table.GinTable` shares (the widgets it holds, telling the learner, the
selected card, whether the end of the deal is revealed) and :func:`_guarded`, which runs
every callback so that an error reaches the coach.

The table is built in layers, each a module of :mod:`gin.ui.table`: this base;
:mod:`~gin.ui.table.showing` (drawing the state); :mod:`~gin.ui.table.settings` (the display
settings); :mod:`~gin.ui.table.dealend` (the end of the deal and new deals);
:mod:`~gin.ui.table.flow` (moving the game on: the opponent's moves and the learner's
actions through the engine); :mod:`~gin.ui.table.turn` (the learner's turn: keys, clicks,
buttons) and :mod:`~gin.ui.table.gintable` (building the parts: :class:`GinTable`).
"""

from __future__ import annotations

import functools
import sys
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as w

import gin
from gin.i18n import M, Text
from gin.ui.cardarea import CardArea
from gin.ui.keys import StepKeys
from gin.ui.review import ReviewLauncher
from gin.ui.seats import LEARNER
from gin.ui.table import reveal
from gin.ui.table.coach import Coach
from gin.ui.table.controller import TableController
from gin.ui.table.controls import ControlsBar, DisplayMenu
from gin.ui.table.felt import Felt
from gin.ui.table.piles import Piles
from gin.ui.table.scorepad import ScorePad

F = TypeVar("F", bound=Callable[..., Any])


def _guarded(method: F) -> F:
    """Run a callback so that any error reaches the coach as a message, never silence."""

    @functools.wraps(method)
    def wrapper(self: TableBase, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except gin.GinError as e:
            self._show_error(e)
        except Exception:  # logged for the teacher, one sentence for the learner
            traceback.print_exc(file=sys.stderr)
            self._show_error(gin.GinError(M["error.something-wrong"]()))
        return None

    return wrapper  # type: ignore[return-value]


class TableBase(w.VBox):  # type: ignore[misc]
    """What every layer of the table shares: the widgets and settings it holds (made by
    :class:`~gin.ui.table.GinTable`) and the small facts read from the controller."""

    controller: TableController
    pause: float
    teacher: bool
    teacher_controls: bool
    four_color: bool
    projector: bool
    large_cards: bool
    scheduler: Callable[[float, Callable[[], None]], Any] | None
    error_code: str
    buttons: dict[str, w.Button]
    title: w.HTML
    style_html: w.HTML
    controls: ControlsBar
    rules_choice: w.Dropdown
    opponent_choice: w.Dropdown
    seed_field: w.Text
    teacher_toggle: w.Checkbox | None
    felt: Felt
    piles: Piles
    hand: CardArea
    opponent_area: CardArea
    stock_area: CardArea
    discard_area: CardArea
    display_menu: DisplayMenu
    keys_help: w.HTML
    coach: Coach
    scores: ScorePad
    review: ReviewLauncher
    clicker: StepKeys
    _page_ready: bool
    _waiting_for_page: bool
    _moved: gin.Event | None
    _focus_state: tuple[Any, ...]
    _token: int
    _closed: bool
    _busy: bool
    _pace_class: str

    @property
    def history_area(self) -> CardArea:
        """The discard history (:attr:`gin.ui.table.piles.Piles.history_area`), built when first
        asked for."""
        return self.piles.history_area

    def _show_error(self, error: gin.GinError) -> None:
        self.error_code = error.code
        self.coach.show(error=error.render())

    def _say(self, *texts: Text) -> None:
        """Tell the learner ``texts`` in the coach (kept by the controller, so that the
        table drawn again in another language says them again)."""
        self.controller.said = texts
        self.error_code = ""
        self.coach.show(message=" ".join(t.render() for t in texts), error="")

    def _selected_card(self) -> gin.Card | None:
        code = self.hand.selected
        if not code:
            return None
        try:
            card = gin.Card.parse(code)
        except gin.CardParseError:
            return None
        return card if card in self.controller.view().hand else None

    def _reveal_total(self) -> int:
        """Beats of the end-of-deal reveal: one per result step, then the score pad."""
        return reveal.reveal_total(self.controller.deal.result)

    def _revealed(self) -> bool:
        d = self.controller.deal
        return d.is_over and self.controller.reveal_step >= self._reveal_total()

    def _hinted(self) -> gin.Action | None:
        h = self.controller.shown_hint
        return h.action if h is not None else None

    def _verify(self, action: gin.Action) -> None:
        self.controller.deal.verify(action, LEARNER)

    def refresh(self) -> None:
        """Redraw every part of the table (:mod:`gin.ui.table.showing`)."""
        raise NotImplementedError

    def _advance(self) -> None:
        """Move the game on after a change (:mod:`gin.ui.table.flow`)."""
        raise NotImplementedError
