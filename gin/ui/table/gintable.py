"""The playable table's class, :class:`GinTable`: it builds the parts (buttons, the
controls bar, the felt, the coach, the score pad, the display menu) on the layers that
draw and play it (:mod:`gin.ui.table.turn` and below)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w

import gin
from gin.i18n import M, Message
from gin.ui.keys import StepKeys
from gin.ui.page import pageerrors
from gin.ui.parts import (
    classed_html,
    fixed_box,
    fixed_html,
    fixed_layout,
    set_display,
    shared_style,
)
from gin.ui.review import ReviewLauncher
from gin.ui.table.arranging import TableArranging
from gin.ui.table.buttons import BUTTONS, CONTROL_BUTTONS
from gin.ui.table.coach import Coach
from gin.ui.table.controller import TableController
from gin.ui.table.controls import ControlsBar, DisplayMenu, pace_class
from gin.ui.table.felt import Felt
from gin.ui.table.scorepad import ScorePad

_CSS = (Path(__file__).parent / "table.css").read_text(encoding="utf-8")


class GinTable(TableArranging):
    """A card table where the learner plays Oklahoma Gin against a bot, with a coach.

    Parts tests and lessons may use: :attr:`controller`, :attr:`hand` (the learner's
    :class:`CardArea`), :attr:`opponent_area`, :attr:`stock_area`, :attr:`discard_area`,
    :attr:`history_area`, :attr:`buttons` (by key, see :data:`BUTTONS` and
    :data:`CONTROL_BUTTONS`), :attr:`coach`, :attr:`scores`, :attr:`limit_badge`,
    :attr:`rules_choice`, :attr:`opponent_choice`, :attr:`seed_field`,
    :attr:`turn_html` (whose turn it is, CSS class ``gin-turn``), :attr:`last_move_html`
    (what the opponent just did), :attr:`display_menu`
    (:class:`~gin.ui.table.controls.DisplayMenu`); and the parts that hold them:
    :attr:`controls` (:class:`~gin.ui.table.controls.ControlsBar`), :attr:`felt`
    (:class:`~gin.ui.table.felt.Felt`) and :attr:`piles` (:class:`~gin.ui.table.piles.Piles`).
    """

    def __init__(
        self,
        rules: str | gin.Rules = "classic",
        opponent: str = "eager",
        seed: int | str | None = None,
        pause: float = 0.6,
        teacher: bool = False,
        four_color: bool = False,
        large_cards: bool = False,
        teacher_controls: bool = False,
        projector: bool = False,
        arrange_self: bool = False,
        target: int | None = None,
    ) -> None:
        """``rules`` is ``"classic"`` or ``"spades-double"``; ``opponent`` one of
        :data:`gin.bots.BOT_NAMES`; ``seed`` makes the deals repeatable (a new one is picked
        and shown when ``None``; the page's ``?seed=`` passes it here); ``pause`` is the
        seconds between the opponent's moves (0: at once); ``teacher`` shows both hands and
        steps the opponent one click at a time; ``teacher_controls`` shows the teacher-mode
        switch (always shown with ``teacher``); ``four_color`` and ``large_cards`` start the
        display menu's choices. ``projector`` (a page opened with ``?projector=1``) draws large
        cards and lets a presentation clicker step the deal (:meth:`clicker_step`).
        ``arrange_self`` (a page opened with ``?arrange=self``) starts the display menu's
        choice "I lay out my cards" (:mod:`gin.ui.table.arranging`). ``target`` (a page
        opened with ``?target=50``) replaces the rule set's game target, in every game.
        """
        self.controller = TableController(rules, opponent, seed, target)
        self.pause = max(float(pause), 0.0)
        self._page_ready = False
        self._waiting_for_page = False
        self._moved: gin.Event | None = None
        self._focus_state: tuple[Any, ...] = ()
        self.teacher = bool(teacher)
        self.teacher_controls = bool(teacher_controls) or self.teacher
        """Whether the teacher-mode switch is shown (a page opened with ``?teacher=1``)."""
        """The deals of this game played (even partly) with both hands open."""
        self.four_color = bool(four_color)
        self.projector = bool(projector)
        self.arrange_self = bool(arrange_self)
        """Whether the learner lays out their melds, chooses layoffs and guesses the score."""
        self.large_cards = bool(large_cards) or self.projector
        self.scheduler: Callable[[float, Callable[[], None]], Any] | None = None
        """Runs a callback after a delay; ``None`` uses the running asyncio loop."""
        self._token = 0
        self._closed = False
        self._busy = False
        self.error_code = ""
        """The code of the error shown in the coach (``""`` when none)."""
        pageerrors.install()  # before any widget is made: they bind its message handler
        self._build()
        pageerrors.add_message_area(self._show_error)
        super().__init__(children=self._children)
        self.add_class("gin-table")
        if self.projector:
            self.add_class("gin-projector")
        if self.large_cards:
            self.add_class("gin-table-large")
        self._pace_class = pace_class(self.pause)
        self.add_class(self._pace_class)
        self._start_deal_view()

    def _button(self, key: str, label: Message, css: str, handler: Callable[[], Any]) -> w.Button:
        b = w.Button(style=shared_style("button"), layout=fixed_layout(display=""))
        b.add_class("gin-button")
        b.add_class(css)
        b.on_click(lambda _b: handler())
        self.buttons[key] = b
        return b

    def _build_buttons(self) -> None:
        self.buttons: dict[str, w.Button] = {}
        handlers: dict[str, Callable[[], Any]] = {
            "take": self.take,
            "pass": self.pass_,
            "draw_stock": self.draw_stock,
            "draw_discard": self.draw_discard,
            "discard": self.discard,
            "knock": self.knock,
            "gin": self.go_gin,
            "big_gin": self.big_gin,
            "lay_off": self.lay_off,
            "confirm": self.confirm,
            "cancel": self.cancel,
            "next_deal": self.next_deal,
            "new_game": self.new_game,
            "replay": self.replay,
            "hint": self.hint,
            "undo": self.undo,
            "opponent_step": self.opponent_step,
            "history": self.toggle_history,
        }
        for key, label, css in BUTTONS + CONTROL_BUTTONS:
            self._button(key, label, css, handlers[key])
        self._label_buttons()

    def _build(self) -> None:
        c = self.controller
        self._build_buttons()
        self.style_html = fixed_html(f"<style>{_CSS}</style>", "gin-style")
        self.title = classed_html("gin-title", fixed=True)
        self.controls = ControlsBar(
            c.rules,
            c.opponent_name,
            c.seed_to_show(self.teacher),
            self.teacher,
            self.buttons["new_game"],
            replay=self.buttons["replay"],
            teacher_controls=self.teacher_controls,
        )
        self.rules_choice = self.controls.rules_choice
        self.opponent_choice = self.controls.opponent_choice
        self.seed_field = self.controls.seed_field
        self.seed_field.observe(self._update_replay, "value")
        self.teacher_toggle = self.controls.teacher_toggle  # made only where it is offered
        if self.teacher_toggle is not None:
            self.teacher_toggle.observe(self._on_teacher_toggle, names="value")

        self.felt = Felt(self.buttons, large=self.large_cards, on_error=self._show_error)
        set_display(self.buttons["opponent_step"], "flex" if self.teacher else "none")
        self.opponent_label = self.felt.opponent_label
        self.opponent_area = self.felt.opponent_area
        self.piles = self.felt.piles
        self.stock_area = self.piles.stock_area
        self.stock_label = self.piles.stock_label
        self.discard_area = self.piles.discard_area
        self.discard_label = self.piles.discard_label
        self.up_card_html = self.piles.up_card_html
        self.limit_badge = self.piles.limit_badge
        self.hand_label = self.felt.hand_label
        self.hand = self.felt.hand
        self.confirm_text = self.felt.confirm_text
        self.confirm_box = self.felt.confirm_box
        self.turn_html = self.felt.turn_html
        self.last_move_html = self.felt.last_move_html
        self.hand.on_select(self._on_select)
        self.hand.on_activate(self._on_activate)
        self.hand.on_key(self._on_key)
        self.hand.on_ready(self._on_page_ready)
        self.stock_area.on_click(self._on_stock_click)
        self.discard_area.on_click(self._on_discard_click)

        self.display_menu = DisplayMenu(
            self.four_color, self.large_cards, self.pause, arrange_self=self.arrange_self
        )
        self.display_menu.four_color.observe(self._on_four_color, names="value")
        self.display_menu.large_cards.observe(self._on_large_cards, names="value")
        self.display_menu.pace.observe(self._on_pace, names="value")
        self.keys_help = fixed_html(M["keys.help"].render(), "gin-keys-help")
        fixed = {"layout": fixed_layout(), "style": shared_style("html")}  # never hidden
        self.coach = Coach(**fixed)
        self.scores = ScorePad(**fixed)
        self.review = ReviewLauncher(lambda: self.controller.game, teacher=lambda: self.teacher)
        parts = [self.controls, self.coach, self.scores, self.review, self.display_menu]
        side = fixed_box(w.VBox, [*parts, self.keys_help], "gin-side")
        body = fixed_box(w.HBox, [self.felt, side], "gin-body")
        self.clicker = StepKeys(self.clicker_step, active=self.projector, pages_only=True)
        self._children = [self.style_html, self.title, body, self.clicker]
        self._build_rooms()


play_table = GinTable
"""A table to play Oklahoma Gin against a computer opponent, with the coach (the
parameters are :class:`GinTable`'s)."""
