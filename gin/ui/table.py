"""The playable table: :class:`GinTable` and :func:`play_table`.

The learner is player 0 and plays against a bot from :mod:`gin.bots`. Everything the page
receives is built from the learner's :class:`gin.PlayerView` (``deal.view(0)``): the
opponent's cards and the stock stay in the kernel until the deal is over, except in
teacher mode, which shows the opponent's hand, and after the opponent's knock, when
their melds and deadwood are laid face up (``view.knocker_shown``).

The opponent's moves are shown one at a time: with ``pause=0`` they are played at once
(tests); otherwise each move is scheduled with ``loop.call_later`` on the kernel's
running asyncio loop, which returns control to the kernel between moves, so the page
(Jupyter or Voilà) receives each update as it happens. Without a running loop (a plain
Python script) the moves are played at once. On the running loop the first moves wait
until the page shows the table (the hand says so when it is drawn, or after
:data:`READY_FALLBACK_S`), so that the learner sees every opponent move.

Only the actions the engine calls legal are on show (the others are hidden and
disabled). Every action has a key (see :data:`KEY_ACTIONS`), and after each move the
keyboard focus goes to the next sensible control.

The parts live in their own modules: :mod:`gin.ui.controls` (the controls bar),
:mod:`gin.ui.felt` (the cloth with the hands, piles and buttons), :mod:`gin.ui.piles`
(stock, discard pile, up card), :mod:`gin.ui.hands` (the hands during the deal),
:mod:`gin.ui.reveal` (the end-of-deal playback), :mod:`gin.ui.coaching` (the coach's
sections) and :mod:`gin.ui.knocking` (knock confirmation).
"""

from __future__ import annotations

import asyncio
import functools
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import ipywidgets as w

import gin
from gin.i18n import M, Message, Text
from gin.narration import event_text
from gin.ui import knocking, pageerrors, reveal
from gin.ui.buttons import (
    BUTTONS,
    CONTROL_BUTTONS,
    enabled_actions,
    limit_badge_text,
    shown_actions,
)
from gin.ui.coach import Coach
from gin.ui.coaching import coach_sections, hint_summary
from gin.ui.controller import TableController
from gin.ui.controls import ControlsBar, DisplayMenu, pace_class, title_html
from gin.ui.felt import Felt, last_move_text, turn_text
from gin.ui.keys import StepKeys
from gin.ui.parts import classed_html, close_tree
from gin.ui.scorepad import ScorePad
from gin.ui.seats import LEARNER, OPPONENT

_CSS = (Path(__file__).parent / "table.css").read_text(encoding="utf-8")

F = TypeVar("F", bound=Callable[..., Any])

READY_FALLBACK_S = 4.0
"""Seconds the first opponent move waits for the page before it is played anyway."""

KEY_ACTIONS = {
    "t": "take",
    "p": "pass_",
    "s": "draw_stock",
    "d": "draw_discard",
    "x": "discard",
    "k": "knock",
    "g": "go_gin",
    "b": "big_gin",
    "l": "lay_off",
    "n": "next_deal",
    "h": "hint",
    "u": "undo",
    "c": "confirm",
    "escape": "cancel",
}
"""The key for each action (method names of :class:`GinTable`); Enter discards the
selected card (or confirms a knock), the digits 1-9, 0 and ``-`` pick the 1st to 11th
card, the arrow keys the card before or after."""
PICK_KEYS = "1234567890-"


def _guarded(method: F) -> F:
    """Run a callback so that any error reaches the coach as a message, never silence."""

    @functools.wraps(method)
    def wrapper(self: GinTable, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except gin.GinError as e:
            self._show_error(e)
        except Exception:  # logged for the teacher, one sentence for the learner
            traceback.print_exc(file=sys.stderr)
            self._show_error(gin.GinError(M["error.something-wrong"]()))
        return None

    return wrapper  # type: ignore[return-value]


def _plays(action: gin.Action, doc: str) -> Callable[[GinTable], None]:
    """A table method (guarded like every callback) by which the learner plays ``action``."""

    def method(self: GinTable) -> None:
        self._learner(action)

    method.__doc__ = doc
    return _guarded(method)


class GinTable(w.VBox):  # type: ignore[misc]
    """A card table where the learner plays Oklahoma Gin against a bot, with a coach.

    Parts tests and lessons may use: :attr:`controller`, :attr:`hand` (the learner's
    :class:`CardArea`), :attr:`opponent_area`, :attr:`stock_area`, :attr:`discard_area`,
    :attr:`history_area`, :attr:`buttons` (by key, see :data:`BUTTONS` and
    :data:`CONTROL_BUTTONS`), :attr:`coach`, :attr:`scores`, :attr:`limit_badge`,
    :attr:`rules_choice`, :attr:`opponent_choice`, :attr:`seed_field`,
    :attr:`turn_html` (whose turn it is, CSS class ``gin-turn``), :attr:`last_move_html`
    (what the opponent just did), :attr:`display_menu`
    (:class:`~gin.ui.controls.DisplayMenu`); and the parts that hold them:
    :attr:`controls` (:class:`~gin.ui.controls.ControlsBar`), :attr:`felt`
    (:class:`~gin.ui.felt.Felt`) and :attr:`piles` (:class:`~gin.ui.piles.Piles`).
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
    ) -> None:
        """``rules`` is ``"classic"`` or ``"spades-double"``; ``opponent`` one of
        :data:`gin.bots.BOT_NAMES`; ``seed`` makes the deals repeatable (a new one is picked
        and shown when ``None``; the page's ``?seed=`` passes it here); ``pause`` is the
        seconds between the opponent's moves (0: at once); ``teacher`` shows both hands and
        steps the opponent one click at a time; ``teacher_controls`` shows the teacher-mode
        switch (always shown with ``teacher``); ``four_color`` and ``large_cards`` start the
        display menu's choices. ``projector`` (a page opened with ``?projector=1``) draws large
        cards and lets a presentation clicker step the deal (:meth:`clicker_step`).
        """
        self.controller = TableController(rules, opponent, seed)
        self.pause = max(float(pause), 0.0)
        self._page_ready = False
        self._waiting_for_page = False
        self._moved: gin.Event | None = None
        self._focus_state: tuple[Any, ...] = ()
        self.teacher = bool(teacher)
        self.teacher_controls = bool(teacher_controls) or self.teacher
        """Whether the teacher-mode switch is shown (a page opened with ``?teacher=1``)."""
        self.open_deals: set[int] = set()
        """The deals of this game played (even partly) with both hands open."""
        self.four_color = bool(four_color)
        self.projector = bool(projector)
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

    # ------------------------------------------------------------------ building

    def _button(self, key: str, label: Message, css: str, handler: Callable[[], Any]) -> w.Button:
        b = w.Button()
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

    def _label_buttons(self) -> None:
        for key, label, _css in BUTTONS + CONTROL_BUTTONS:
            self.buttons[key].description = self.buttons[key].tooltip = label.render()
        self.buttons["knock"].tooltip = M["table.knock-tip"].render()
        self.buttons["gin"].tooltip = M["table.gin-tip"].render()
        self.buttons["replay"].tooltip = M["button.replay-tip"].render()

    def _build(self) -> None:
        c = self.controller
        self._build_buttons()
        self.style_html = w.HTML(f"<style>{_CSS}</style>")
        self.style_html.add_class("gin-style")
        self.title = classed_html("gin-title")
        self.controls = ControlsBar(
            c.rules,
            c.opponent_name,
            c.seed,
            self.teacher,
            self.buttons["new_game"],
            replay=self.buttons["replay"],
            teacher_controls=self.teacher_controls,
        )
        self.rules_choice = self.controls.rules_choice
        self.opponent_choice = self.controls.opponent_choice
        self.seed_field = self.controls.seed_field
        self.teacher_toggle = self.controls.teacher_toggle
        self.teacher_toggle.observe(self._on_teacher_toggle, names="value")

        self.felt = Felt(self.buttons, large=self.large_cards, on_error=self._show_error)
        self.buttons["opponent_step"].layout.display = "flex" if self.teacher else "none"
        self.opponent_label = self.felt.opponent_label
        self.opponent_area = self.felt.opponent_area
        self.piles = self.felt.piles
        self.stock_area = self.piles.stock_area
        self.stock_label = self.piles.stock_label
        self.discard_area = self.piles.discard_area
        self.discard_label = self.piles.discard_label
        self.up_card_html = self.piles.up_card_html
        self.limit_badge = self.piles.limit_badge
        self.history_area = self.piles.history_area
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

        self.display_menu = DisplayMenu(self.four_color, self.large_cards, self.pause)
        self.display_menu.four_color.observe(self._on_four_color, names="value")
        self.display_menu.large_cards.observe(self._on_large_cards, names="value")
        self.display_menu.pace.observe(self._on_pace, names="value")
        self.keys_help = w.HTML(M["keys.help"].render())
        self.keys_help.add_class("gin-keys-help")
        self.coach = Coach()
        self.scores = ScorePad()
        side = w.VBox([self.controls, self.coach, self.scores, self.display_menu, self.keys_help])
        side.add_class("gin-side")
        body = w.HBox([self.felt, side])
        body.add_class("gin-body")
        self.clicker = StepKeys(self.clicker_step, active=self.projector, pages_only=True)
        self._children = [self.style_html, self.title, body, self.clicker]

    # ------------------------------------------------------------------ showing the state

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

    def refresh(self) -> None:
        """Redraw every part of the table from the learner's view."""
        c = self.controller
        view = c.view()
        moved, self._moved = self._moved, None
        hinted = self._hinted()
        self.title.value = title_html(view, c.opponent_name, c.deal_number, c.seed, self.teacher)
        teacher_cards = c.deal.hand(OPPONENT) if self.teacher else None
        self.felt.show_hands(
            view,
            beat=self.controller.reveal_step,
            teacher_cards=teacher_cards,
            four_color=self.four_color,
            moved=moved,
            hinted=hinted.card if isinstance(hinted, gin.Discard | gin.Knock) else None,
        )
        self.piles.show(
            view, four_color=self.four_color, large=self.large_cards, moved=moved, hinted=hinted
        )
        self._show_hand_label(view)
        self._update_buttons(view)
        self._update_turn(view)
        self._update_coach(view)
        self._update_scores()
        self._focus_next(view)

    def _update_turn(self, view: gin.PlayerView) -> None:
        c = self.controller
        turn = turn_text(
            view,
            pending=c.pending is not None,
            teacher=self.teacher,
            game_over=c.game.is_over,
            revealed=self._revealed(),
        )
        self.felt.show_turn(turn, last_move_text(view))

    def _focus_next(self, view: gin.PlayerView) -> None:
        """Send the keyboard focus to the control the learner needs next (once per change
        of the table's state, so that it never jumps while the learner looks around)."""
        c = self.controller
        target = ""
        if c.pending is not None:
            target = ".gin-action-confirm"
        elif view.phase.is_over:
            if self._revealed():
                target = ".gin-action-new-game" if c.game.is_over else ".gin-action-next-deal"
        elif view.my_turn:
            ph = view.phase
            if ph in (gin.Phase.OFFER_NON_DEALER, gin.Phase.OFFER_DEALER):
                target = ".gin-action-take"
            elif ph is gin.Phase.DRAW:
                target = ".gin-stock [data-index]"
            elif ph is gin.Phase.LAYOFF:
                target = ".gin-action-lay-off"
            else:
                new = [e for e in view.events[-1:] if getattr(e, "player", None) == LEARNER]
                card = getattr(new[0], "card", None) if new else None
                target = f"card:{card.code}" if isinstance(card, gin.Card) else "hand"
        state = (c.deal_number, len(view.events), view.phase, c.pending is not None, target)
        if target and state != self._focus_state:
            self._focus_state = state
            self.hand.focus(target)

    def _show_hand_label(self, view: gin.PlayerView) -> None:
        self.felt.show_hand_label(view, self.controller.reveal_step, self._selected_card())

    def _display(self, key: str, on: bool) -> None:
        value = "" if on else "none"
        if self.buttons[key].layout.display != value:
            self.buttons[key].layout.display = value

    def _update_buttons(self, view: gin.PlayerView) -> None:
        """Only the legal actions are on show (hidden and disabled otherwise); a knock
        waiting for confirmation hides them behind its question."""
        c = self.controller
        pending = c.pending is not None
        enabled = enabled_actions(view, self._selected_card())
        shown = shown_actions(view)
        for key, on in enabled.items():
            self.buttons[key].disabled = not on or pending
            self._display(key, shown[key] and not pending)
        self.buttons["confirm"].disabled = not pending
        self.buttons["cancel"].disabled = not pending
        if not pending:
            self.felt.ask(None)
        can_next = c.game.can_start_next_deal() and self._revealed()
        self.buttons["next_deal"].disabled = not can_next
        self._display("next_deal", can_next)
        self.buttons["undo"].disabled = not c.can_undo()
        self.buttons["hint"].disabled = not view.my_turn
        self._display("hint", view.my_turn and not pending)
        self.buttons["opponent_step"].disabled = not (self.teacher and c.opponent_to_move())
        hinted = self._hinted()
        for key, _, _ in BUTTONS:
            b = self.buttons[key]
            want = hinted is not None and _button_for(hinted, view) == key
            if want and "gin-hinted" not in b._dom_classes:
                b.add_class("gin-hinted")
            elif not want and "gin-hinted" in b._dom_classes:
                b.remove_class("gin-hinted")

    def _update_coach(self, view: gin.PlayerView) -> None:
        self.coach.show(
            sections=coach_sections(
                view,
                beat=self.controller.reveal_step,
                hint=self.controller.shown_hint,
                since=self.controller.since,
                four_color=self.four_color,
            )
        )

    def _update_scores(self) -> None:
        g = self.controller.game
        records = g.score_sheet
        if g.deal.is_over and not self._revealed():
            records = records[:-1]
        final = g.final_score() if g.is_over and (self._revealed() or not g.deal.is_over) else None
        self.scores.show(records, g.rules.target, final, open_deals=self.open_deals)

    # ------------------------------------------------------------------ flow

    def _start_deal_view(self) -> None:
        self._token += 1
        self.controller.reset_session()
        self._busy = False
        self._moved = None
        self.hand.selected = ""
        c = self.controller
        if c.deal_number == 1:
            self.open_deals = set()  # a new game
        if self.teacher:
            self.open_deals.add(c.deal_number)
        self.controls.show_game(c.rules, c.opponent_name, c.seed)
        view = c.view()
        m = M["table.deal-you"] if view.dealer == LEARNER else M["table.deal-they"]
        self._say(m(deal=c.deal_number, up_card=view.up_card.code))
        self.refresh()
        self._advance()

    def relabel(self) -> None:
        """Draw the whole table again in the current language, in place: the labels, the
        names in the menus and everything the coach and the score pad say. The game and
        the session go on as they were (the language menu switched)."""
        self._label_buttons()
        self.controls.relabel()
        self.display_menu.relabel()
        self.piles.relabel()
        self.keys_help.value = M["keys.help"].render()
        self._say(*self.controller.said)
        self.refresh()

    def _schedule(self, fn: Callable[[int], Any]) -> None:
        """Call ``fn(token)`` after the pause, on the kernel's running loop if there is one."""
        token = self._token
        if self.pause <= 0:
            fn(token)
            return
        if self.scheduler is not None:
            self.scheduler(self.pause, functools.partial(self._scheduled, fn, token))
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            fn(token)
            return
        loop.call_later(self.pause, functools.partial(self._scheduled, fn, token))

    @_guarded
    def _scheduled(self, fn: Callable[[int], Any], token: int) -> None:
        if self._closed:  # the table has left the page: play nothing on it
            return
        fn(token)

    def close(self) -> None:
        """Close the table's widgets: the opponent's moves and the reveal still scheduled
        are dropped, and page errors are no longer told in its coach."""
        self._closed = True
        self._token = getattr(self, "_token", 0) + 1
        self._busy = False
        pageerrors.remove_message_area(self._show_error)
        for part in list(self.children):
            close_tree(part)
        super().close()

    def _must_wait_for_page(self) -> bool:
        """Whether the opponent's first moves should wait until the page shows the table:
        only when they would be played later on the kernel's running loop."""
        if self._page_ready or self.pause <= 0 or self.scheduler is not None:
            return False
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        return True

    @_guarded
    def _on_page_ready(self) -> None:
        """The page shows the table: play the opponent's moves that waited for it."""
        self._page_ready = True
        if self._waiting_for_page:
            self._waiting_for_page = False
            self._advance()

    def _page_timeout(self, token: int) -> None:
        if token == self._token and self._waiting_for_page:
            self._on_page_ready()

    def _advance(self) -> None:
        """Move the game on after a change: opponent moves, then the end-of-deal reveal."""
        c = self.controller
        if c.opponent_to_move():
            if self.teacher:
                self._busy = False
                return
            self._busy = True
            if self._must_wait_for_page():
                if not self._waiting_for_page:
                    self._waiting_for_page = True
                    loop = asyncio.get_running_loop()
                    loop.call_later(
                        READY_FALLBACK_S,
                        functools.partial(self._scheduled, self._page_timeout, self._token),
                    )
                return
            self._schedule(self._auto_opponent_move)
        elif c.deal.is_over and not self._revealed():
            self._busy = True
            self._schedule(self._reveal_beat)
        else:
            self._busy = False

    def _auto_opponent_move(self, token: int) -> None:
        if token != self._token:
            return
        self._opponent_move()
        self.refresh()
        self._advance()

    def _opponent_move(self) -> None:
        self.controller.opponent_step()
        view = self.controller.view()
        self._moved = view.events[-1] if view.events else None
        self._say(*[event_text(e, LEARNER) for e in view.events[-1:]])
        if view.phase.is_over:
            last = [e for e in view.events if isinstance(e, gin.Knocked | gin.BigGinDeclared)]
            if last:
                self._say(event_text(last[-1], LEARNER))

    def _reveal_beat(self, token: int) -> None:
        if token != self._token:
            return
        if self.pause <= 0:
            self.controller.reveal_step = self._reveal_total()
        else:
            self.controller.reveal_step += 1
        if self._revealed():
            self._say(reveal.end_message(self.controller.game))
        self.refresh()
        self._advance()

    def _learner(self, action: gin.Action) -> None:
        """Play a learner action through the engine and move the game on."""
        if self._busy and self.controller.opponent_to_move():
            raise gin.IllegalActionError(M["error.table-not-your-turn"]())
        c = self.controller
        self.controller.pending = None
        before = len(c.view().events)
        c.act(action)
        view = c.view()
        self.controller.since = len(view.events)
        self.controller.shown_hint = None
        new = view.events[before:]
        self._say(*[event_text(e, LEARNER) for e in new if not isinstance(e, gin.DealScored)])
        self.refresh()
        self._advance()

    # ------------------------------------------------------------------ callbacks

    @_guarded
    def _on_select(self, code: str) -> None:
        view = self.controller.view()
        self._show_hand_label(view)
        self._update_buttons(view)

    @_guarded
    def _on_key(self, key: str) -> None:
        """A key pressed on the page: one key per action, one per card."""
        if key in KEY_ACTIONS:
            getattr(self, KEY_ACTIONS[key])()
        elif key == "enter":
            if self.controller.pending is not None:
                self.confirm()
            else:
                self.discard()
        elif key in PICK_KEYS or key in ("arrowleft", "arrowright"):
            self._pick(key)

    def _pick(self, key: str) -> None:
        codes = self.hand.codes
        if not codes or self.hand.mode != "single":
            return
        if key in PICK_KEYS:
            i = PICK_KEYS.index(key)
            if i >= len(codes):
                return
        else:
            at = codes.index(self.hand.selected) if self.hand.selected in codes else -1
            step = 1 if key == "arrowright" else -1
            i = (at + step) % len(codes) if at >= 0 else (0 if step > 0 else len(codes) - 1)
        self.hand.selected = codes[i]
        self.hand.focus(f"card:{codes[i]}")

    @_guarded
    def _on_activate(self, code: str) -> None:
        self._learner(gin.Discard(gin.Card.parse(code)))

    @_guarded
    def _on_stock_click(self, index: int, code: str) -> None:
        self._learner(gin.DrawStock())

    @_guarded
    def _on_discard_click(self, index: int, code: str) -> None:
        view = self.controller.view()
        if view.phase in (gin.Phase.OFFER_NON_DEALER, gin.Phase.OFFER_DEALER):
            self._learner(gin.TakeUpCard())
        else:
            self._learner(gin.DrawDiscard())

    take = _plays(gin.TakeUpCard(), "Take the up card.")
    pass_ = _plays(gin.Pass(), "Pass on the up card.")
    draw_stock = _plays(gin.DrawStock(), "Draw from the stock.")
    draw_discard = _plays(gin.DrawDiscard(), "Take the top discard.")

    @_guarded
    def discard(self) -> None:
        """Discard the selected card."""
        card = self._selected_card()
        if card is None:
            view = self.controller.view()
            if view.my_turn and view.phase is gin.Phase.DISCARD:
                raise gin.IllegalActionError(M["error.no-card"]())
            self.controller.deal.verify(gin.Discard(view.hand[0]), LEARNER)
            return
        self._learner(gin.Discard(card))

    def _verify(self, action: gin.Action) -> None:
        self.controller.deal.verify(action, LEARNER)

    def _refresh_controls(self) -> None:
        """Buttons, the turn line and the keyboard focus follow the current view."""
        view = self.controller.view()
        self._update_buttons(view)
        self._update_turn(view)
        self._focus_next(view)

    def _ask(self, action: gin.Action, text: Text) -> None:
        self.controller.pending = action
        self.felt.ask(text.render())
        self.coach.show(error="")
        self._refresh_controls()

    @_guarded
    def knock(self) -> None:
        """Ask to confirm a knock with the selected (or best) discard."""
        view = self.controller.view()
        a = knocking.choose_knock(view, self._selected_card(), False, self._verify)
        self._ask(a, knocking.knock_question(view, a))

    @_guarded
    def go_gin(self) -> None:
        """Ask to confirm gin with the selected (or the gin) discard."""
        view = self.controller.view()
        a = knocking.choose_knock(view, self._selected_card(), True, self._verify)
        self._ask(a, knocking.gin_question(view, a))

    @_guarded
    def big_gin(self) -> None:
        """Ask to confirm big gin."""
        self._verify(gin.BigGin())
        self._ask(gin.BigGin(), knocking.big_gin_question(self.controller.view()))

    @_guarded
    def confirm(self) -> None:
        """Play the action waiting for confirmation."""
        action = self.controller.pending
        if action is None:
            raise gin.IllegalActionError(M["error.nothing-to-confirm"]())
        self._learner(action)

    @_guarded
    def cancel(self) -> None:
        """Drop the action waiting for confirmation."""
        self.controller.pending = None
        self._say(M["table.cancelled"]())
        self._refresh_controls()

    @_guarded
    def lay_off(self) -> None:
        """Lay off (the engine lays off the best cards) and show the hand."""
        self._learner(gin.LayOff())

    @_guarded
    def opponent_step(self) -> None:
        """Teacher mode: let the opponent make its next move."""
        if not self.controller.opponent_to_move():
            raise gin.IllegalActionError(M["error.not-opponent"]())
        self._opponent_move()
        self.refresh()
        self._advance()

    @_guarded
    def clicker_step(self, step: str) -> None:
        """A presentation clicker's key (projector mode): ``forward`` plays the next thing
        the class should see, the first that applies of the opponent's next move (teacher
        mode), confirming the action asked for, and the next deal; ``back`` takes back the
        learner's last move where Undo may."""
        order = ("opponent_step", "confirm", "next_deal") if step == "forward" else ("undo",)
        for key in order:
            b = self.buttons[key]
            if b.layout.display != "none" and not b.disabled:
                b.click()
                return

    @_guarded
    def next_deal(self) -> None:
        """Start the next deal."""
        if self.controller.deal.is_over and not self._revealed():
            raise gin.IllegalActionError(M["error.revealing"]())
        self.controller.next_deal()
        self._start_deal_view()

    @_guarded
    def new_game(self) -> None:
        """Start a new game with the chosen rules and opponent, shuffled with a new seed."""
        self.controller.new_game(self.rules_choice.value, self.opponent_choice.value, None)
        self.seed_field.value = str(self.controller.seed)
        self._start_deal_view()

    @_guarded
    def replay(self) -> None:
        """Start again with the seed in the seed field (the seed of the game on show, or one
        typed in: a whole class can play the same cards)."""
        seed: str | None = self.seed_field.value.strip() or None
        self.controller.new_game(self.rules_choice.value, self.opponent_choice.value, seed)
        self.seed_field.value = str(self.controller.seed)
        self._start_deal_view()

    @_guarded
    def undo(self) -> None:
        """Take back the learner's last move (and the opponent's moves after it)."""
        before = self.controller.view().events
        self.controller.undo()
        self._token += 1
        self.controller.pending = None
        self._busy = False
        self.controller.shown_hint = None
        after = self.controller.view().events
        self.controller.since = len(after)
        told = [event_text(e, LEARNER) for e in before[len(after) :]]
        self._say(M["table.undone"](count=len(told)), *told)
        self.refresh()
        self._advance()

    @_guarded
    def hint(self) -> None:
        """Show a suggested move and its reasons ("Thinking…" shows while it works)."""
        button = self.buttons["hint"]
        label = button.description
        button.description, button.disabled = M["table.thinking"].render(), True
        try:
            h = self.controller.hint()
        finally:
            button.description, button.disabled = label, False
        self.controller.shown_hint = h
        self._say(hint_summary(h, self.controller.view()))
        self.refresh()

    @_guarded
    def _on_four_color(self, change: dict[str, Any]) -> None:
        self.four_color = bool(change["new"])
        self.refresh()

    @_guarded
    def _on_large_cards(self, change: dict[str, Any]) -> None:
        self.set_large_cards(bool(change["new"]))

    def set_large_cards(self, on: bool) -> None:
        """Draw every card large (for a projector), or at the normal size."""
        self.large_cards = on
        self.felt.large = on
        for area in (self.hand, self.opponent_area, *self.piles.areas):
            area.large = on
        if on:
            self.add_class("gin-table-large")
        else:
            self.remove_class("gin-table-large")
        self.refresh()

    @_guarded
    def _on_pace(self, change: dict[str, Any]) -> None:
        self.set_pace(float(change["new"]))

    def set_pace(self, pause: float) -> None:
        """Seconds between the opponent's moves (0: at once, without animation)."""
        self.pause = max(float(pause), 0.0)
        self.remove_class(self._pace_class)
        self._pace_class = pace_class(self.pause)
        self.add_class(self._pace_class)

    @_guarded
    def _on_teacher_toggle(self, change: dict[str, Any]) -> None:
        self.set_teacher(bool(change["new"]))

    def set_teacher(self, on: bool) -> None:
        """Turn teacher mode on (both hands open, the opponent moves on a click) or off."""
        if on == self.teacher:
            return
        self.teacher = on
        if on:
            self.open_deals.add(self.controller.deal_number)
        self.teacher_toggle.value = on
        self._token += 1  # drop any scheduled opponent move
        self.buttons["opponent_step"].layout.display = "flex" if on else "none"
        self.refresh()
        self._advance()

    def load_game(self, game: gin.Game, opponent: str | None = None) -> None:
        """Play on from ``game`` (a game with stacked deck orders, say), learner as player 0."""
        self.controller.load(game, opponent)
        self._start_deal_view()

    @_guarded
    def toggle_history(self) -> None:
        """Show or hide the whole discard pile."""
        shown = self.piles.toggle_history()
        label = M["button.hide-pile"] if shown else CONTROL_BUTTONS[-1][1]
        self.buttons["history"].description = label.render()


def _button_for(action: gin.Action, view: gin.PlayerView) -> str:
    """The key of the action button that plays ``action`` (a knock to gin: ``gin``)."""
    if isinstance(action, gin.Knock):
        ends = next((c.ends for c in view.discard_choices if c.card == action.card), "knock")
        return "gin" if ends == "gin" else "knock"
    return {
        gin.TakeUpCard: "take",
        gin.Pass: "pass",
        gin.DrawStock: "draw_stock",
        gin.DrawDiscard: "draw_discard",
        gin.Discard: "discard",
        gin.Knock: "knock",
        gin.BigGin: "big_gin",
        gin.LayOff: "lay_off",
    }.get(type(action), "")


play_table = GinTable
"""A table to play Oklahoma Gin against a computer opponent, with the coach (the
parameters are :class:`GinTable`'s)."""


__all__ = [
    "BUTTONS",
    "CONTROL_BUTTONS",
    "KEY_ACTIONS",
    "READY_FALLBACK_S",
    "GinTable",
    "enabled_actions",
    "limit_badge_text",
    "play_table",
]
