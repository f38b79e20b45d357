"""The playable table: :class:`GinTable` and :func:`play_table`.

The learner is player 0 and plays against a bot from :mod:`gin.bots`. Everything the page
receives is built from the learner's :class:`gin.PlayerView` (``deal.view(0)``): the
opponent's cards and the stock stay in the kernel until the deal is over, except in
teacher mode, which shows the opponent's hand.

The opponent's moves are shown one at a time: with ``pause=0`` they are played at once
(tests); otherwise each move is scheduled with ``loop.call_later`` on the kernel's
running asyncio loop, which returns control to the kernel between moves, so the page
(Jupyter or Voilà) receives each update as it happens. Without a running loop (a plain
Python script) the moves are played at once.
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
import gin.bots
from gin.ui import advice
from gin.ui.advice import LEARNER, NAMES, OPPONENT
from gin.ui.buttons import (
    BUTTONS,
    CONTROL_BUTTONS,
    enabled_actions,
    knock_actions,
    limit_badge_text,
)
from gin.ui.cardarea import CardArea
from gin.ui.coach import Coach, CoachSection
from gin.ui.controller import TableController
from gin.ui.scorepad import ScorePad
from gin.ui.svg import arrangement_svg, card_svg

_CSS = (Path(__file__).parent / "table.css").read_text(encoding="utf-8")

F = TypeVar("F", bound=Callable[..., Any])


def _count(n: int, noun: str) -> str:
    return f'<span class="gin-count">{n}</span> {noun}{"" if n == 1 else "s"}'


def _guarded(method: F) -> F:
    """Run a callback so that any error reaches the coach as a message, never silence."""

    @functools.wraps(method)
    def wrapper(self: GinTable, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except gin.GinError as e:
            self._show_error(e.message)
        except Exception as e:  # shown to the learner, logged for the teacher
            traceback.print_exc(file=sys.stderr)
            self._show_error(f"Something went wrong: {type(e).__name__}: {e}")
        return None

    return wrapper  # type: ignore[return-value]


class GinTable(w.VBox):  # type: ignore[misc]
    """A card table where the learner plays Oklahoma Gin against a bot, with a coach.

    Parts tests and lessons may use: :attr:`controller`, :attr:`hand` (the learner's
    :class:`CardArea`), :attr:`opponent_area`, :attr:`stock_area`, :attr:`discard_area`,
    :attr:`history_area`, :attr:`buttons` (by key, see :data:`BUTTONS` and
    :data:`CONTROL_BUTTONS`), :attr:`coach`, :attr:`scores`, :attr:`limit_badge`,
    :attr:`rules_choice`, :attr:`opponent_choice`, :attr:`seed_field`.
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
    ) -> None:
        self.controller = TableController(rules, opponent, seed)
        self.pause = max(float(pause), 0.0)
        self.teacher = bool(teacher)
        self.four_color = bool(four_color)
        self.large_cards = bool(large_cards)
        self.scheduler: Callable[[float, Callable[[], None]], Any] | None = None
        """Runs a callback after a delay; ``None`` uses the running asyncio loop."""
        self._token = 0
        self._pending: gin.Action | None = None
        self._since = 0
        self._reveal = 0
        self._busy = False
        self._hint: advice.Hint | None = None
        self._message = ""
        self._build()
        super().__init__(children=self._children)
        self.add_class("gin-table")
        if self.large_cards:
            self.add_class("gin-table-large")
        self._start_deal_view()

    # ------------------------------------------------------------------ building

    def _button(self, key: str, label: str, css: str, handler: Callable[[], Any]) -> w.Button:
        b = w.Button(description=label, tooltip=label)
        b.add_class("gin-button")
        b.add_class(css)
        b.on_click(lambda _b: handler())
        self.buttons[key] = b
        return b

    def _build(self) -> None:
        c = self.controller
        self.style_html = w.HTML(f"<style>{_CSS}</style>")
        self.style_html.add_class("gin-style")
        self.title = w.HTML()
        self.title.add_class("gin-title")
        self.rules_choice = w.Dropdown(
            options=list(gin.Rules.PRESETS),
            value=c.rules.name if c.rules.name in gin.Rules.PRESETS else gin.Rules.PRESETS[0],
            description="Rules",
            style={"description_width": "initial"},
        )
        self.rules_choice.add_class("gin-rules-choice")
        self.opponent_choice = w.Dropdown(
            options=list(gin.bots.BOT_NAMES),
            value=c.opponent_name,
            description="Opponent",
            style={"description_width": "initial"},
        )
        self.opponent_choice.add_class("gin-opponent-choice")
        self.seed_field = w.Text(
            value=str(c.seed),
            description="Seed",
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.seed_field.add_class("gin-seed")
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
            "hint": self.hint,
            "undo": self.undo,
            "opponent_step": self.opponent_step,
            "history": self.toggle_history,
        }
        for key, label, css in BUTTONS + CONTROL_BUTTONS:
            self._button(key, label, css, handlers[key])
        self.teacher_toggle = w.Checkbox(
            value=self.teacher,
            description="Teacher mode (both hands open)",
            indent=False,
        )
        self.teacher_toggle.add_class("gin-teacher-toggle")
        self.teacher_toggle.observe(self._on_teacher_toggle, names="value")
        controls = w.HBox(
            [
                self.rules_choice,
                self.opponent_choice,
                self.seed_field,
                self.buttons["new_game"],
                self.teacher_toggle,
            ]
        )
        controls.add_class("gin-controls")

        self.opponent_label = w.HTML()
        self.opponent_label.add_class("gin-opponent-label")
        self.opponent_area = CardArea(mode="none", card_class="gin-opponent-card", overlap=True)
        self.opponent_area.add_class("gin-opponent-hand")

        self.stock_area = CardArea(mode="none", clickable=True, card_class="gin-pile-card")
        self.stock_area.add_class("gin-stock")
        self.stock_label = w.HTML()
        self.stock_label.add_class("gin-stock-count")
        self.discard_area = CardArea(mode="none", clickable=True, card_class="gin-pile-card")
        self.discard_area.add_class("gin-discard")
        self.discard_label = w.HTML()
        self.discard_label.add_class("gin-discard-count")
        self.up_card_html = w.HTML()
        self.up_card_html.add_class("gin-up-card")
        self.limit_badge = w.HTML()
        self.limit_badge.add_class("gin-knock-limit")
        self.history_area = CardArea(
            mode="none", card_class="gin-pile-card", overlap=True, empty_text="No discards yet."
        )
        self.history_area.add_class("gin-discard-history")
        self.history_area.layout.display = "none"

        stock_box = w.VBox([w.HTML("<b>Stock</b>"), self.stock_area, self.stock_label])
        discard_box = w.VBox(
            [
                w.HTML("<b>Discard pile</b>"),
                self.discard_area,
                self.discard_label,
                self.buttons["history"],
            ]
        )
        up_box = w.VBox([w.HTML("<b>Up card</b>"), self.up_card_html, self.limit_badge])
        for box, cls in (
            (stock_box, "gin-stock-box"),
            (discard_box, "gin-discard-box"),
            (up_box, "gin-up-box"),
        ):
            box.add_class(cls)
        middle = w.HBox([stock_box, discard_box, up_box])
        middle.add_class("gin-middle")

        self.hand_label = w.HTML()
        self.hand_label.add_class("gin-deadwood")
        self.hand = CardArea(mode="single", card_class="gin-card", draggable=True)
        self.hand.add_class("gin-hand")
        for area in (
            self.hand,
            self.opponent_area,
            self.stock_area,
            self.discard_area,
            self.history_area,
        ):
            area.large = self.large_cards
            area.on_error(self._show_error)
        self.hand.on_select(self._on_select)
        self.hand.on_activate(self._on_activate)
        self.stock_area.on_click(self._on_stock_click)
        self.discard_area.on_click(self._on_discard_click)

        actions = w.HBox([self.buttons[k] for k, _, _ in BUTTONS])
        actions.add_class("gin-actions")
        self.confirm_text = w.HTML()
        self.confirm_text.add_class("gin-confirm-text")
        self.confirm_box = w.HBox(
            [self.confirm_text, self.buttons["confirm"], self.buttons["cancel"]]
        )
        self.confirm_box.add_class("gin-confirm")
        self.confirm_box.layout.display = "none"
        more = w.HBox(
            [
                self.buttons["hint"],
                self.buttons["undo"],
                self.buttons["opponent_step"],
                self.buttons["next_deal"],
            ]
        )
        more.add_class("gin-more")
        self.buttons["opponent_step"].layout.display = "flex" if self.teacher else "none"

        felt = w.VBox(
            [
                self.opponent_label,
                self.opponent_area,
                middle,
                self.history_area,
                self.hand_label,
                self.hand,
                actions,
                self.confirm_box,
                more,
            ]
        )
        felt.add_class("gin-felt")
        self.coach = Coach()
        self.scores = ScorePad()
        side = w.VBox([self.coach, self.scores])
        side.add_class("gin-side")
        body = w.HBox([felt, side])
        body.add_class("gin-body")
        self._children = [self.style_html, self.title, controls, body]

    # ------------------------------------------------------------------ showing the state

    def _show_error(self, message: str) -> None:
        self.coach.show(error=message)

    def _say(self, message: str) -> None:
        self._message = message
        self.coach.show(message=message, error="")

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
        r = self.controller.deal.result
        return (len(r.steps) if r is not None else 0) + 1

    def _revealed(self) -> bool:
        d = self.controller.deal
        return d.is_over and self._reveal >= self._reveal_total()

    def refresh(self) -> None:
        """Redraw every part of the table from the learner's view."""
        c = self.controller
        view = c.view()
        over = view.phase.is_over
        rules = view.rules
        dealer = "you" if view.dealer == LEARNER else "your opponent"
        self.title.value = (
            f'<div class="gin-title-inner"><span class="gin-rules-name">Rules: '
            f"{rules.name}</span> · <span>target {rules.target}</span> · "
            f"<span>opponent: {c.opponent_name}</span> · <span>deal {c.deal_number}</span> · "
            f"<span>dealer: {dealer}</span> · <span>seed {c.seed}</span>"
            + (" · <b>teacher mode</b>" if self.teacher else "")
            + "</div>"
        )
        # the opponent
        if over or self.teacher:
            shown = view.opponent_hand if view.opponent_hand is not None else c.deal.hand(OPPONENT)
            if over:
                self._show_end_hands(view)
            else:
                arr = gin.best_arrangement(shown)
                self._show_arranged(self.opponent_area, arr, list(shown))
            dw = gin.deadwood(shown)
            self.opponent_label.value = f"<b>Opponent</b> · {len(shown)} cards · deadwood {dw}" + (
                " (teacher view)" if self.teacher and not over else ""
            )
        else:
            self.opponent_area.show_backs(view.opponent_card_count, large=self.large_cards)
            self.opponent_label.value = (
                f"<b>Opponent</b> · {view.opponent_card_count} cards, face down"
            )
        # stock, discard pile, up card
        self.stock_area.show_backs(1 if view.stock_count else 0, large=self.large_cards)
        self.stock_label.value = _count(view.stock_count, "card")
        top = view.top_discard
        if top is not None:
            self.discard_area.show([top], four_color=self.four_color, large=self.large_cards)
        else:
            self.discard_area.show([], large=self.large_cards)
            self.discard_area.empty_text = "empty"
        self.discard_label.value = _count(len(view.discard_pile), "card")
        self.history_area.show(
            list(view.discard_pile), four_color=self.four_color, large=self.large_cards
        )
        taken = "" if top is view.up_card else " (taken)"
        self.up_card_html.value = (
            '<div class="gin-up-card-pic">'
            + card_svg(view.up_card, four_color=self.four_color)
            + f"</div><div>{view.up_card}{taken}</div>"
        )
        self.limit_badge.value = f'<span class="gin-badge">{limit_badge_text(view)}</span>'
        # the learner's hand
        if not over:
            arr = gin.best_arrangement(view.hand)
            new = self._new_card(view)
            self._show_arranged(self.hand, arr, list(view.hand), highlight=new)
        self.hand.mode = "none" if over else "single"
        self._show_hand_label(view)
        self._update_buttons(view)
        self._update_coach(view)
        self._update_scores()

    def _new_card(self, view: gin.PlayerView) -> tuple[gin.Card, ...]:
        if view.phase is not gin.Phase.DISCARD or not view.my_turn or not view.events:
            return ()
        e = view.events[-1]
        if isinstance(e, gin.DrewFromStock | gin.DrewFromDiscard | gin.UpCardTaken) and (
            e.player == LEARNER and e.card is not None
        ):
            return (e.card,)
        return ()

    def _show_arranged(
        self,
        area: CardArea,
        arr: gin.Arrangement,
        cards: list[gin.Card],
        highlight: tuple[gin.Card, ...] = (),
        extra: tuple[tuple[str, str, tuple[gin.Card, ...]], ...] = (),
    ) -> None:
        """Show an arrangement: each meld, then the deadwood marked, then ``extra``
        groups of (label, kind, cards)."""
        ordered: list[gin.Card] = []
        groups: list[list[int]] = []
        labels: list[tuple[str, str]] = []
        for m in arr.melds:
            groups.append(list(range(len(ordered), len(ordered) + len(m.cards))))
            ordered.extend(m.cards)
            labels.append((m.kind, "meld"))
        if arr.deadwood:
            groups.append(list(range(len(ordered), len(ordered) + len(arr.deadwood))))
            ordered.extend(arr.deadwood)
            labels.append((f"deadwood {arr.deadwood_points}", "deadwood"))
        for label, kind, cs in extra:
            if cs:
                groups.append(list(range(len(ordered), len(ordered) + len(cs))))
                ordered.extend(cs)
                labels.append((label, kind))
        area.show(
            ordered,
            groups=groups,
            group_labels=labels,
            marked=arr.deadwood,
            four_color=self.four_color,
            large=self.large_cards,
            highlight=highlight,
        )

    def _show_end_hands(self, view: gin.PlayerView) -> None:
        """Both hands face up and arranged; the layoffs appear one beat at a time."""
        r = view.result
        opp = view.opponent_hand or ()
        if r is None or view.knocker is None:  # a void deal
            self._show_arranged(self.hand, gin.best_arrangement(view.hand), list(view.hand))
            self._show_arranged(self.opponent_area, gin.best_arrangement(opp), list(opp))
            return
        shown_steps = r.steps[: self._reveal]
        n = sum(1 for s in shown_steps if s.code == "layoff")
        melds = list(r.knocker_arrangement.melds)
        laid: list[gin.Card] = []
        for lo in r.layoffs[:n]:
            melds = [lo.result if m == lo.onto else m for m in melds]
            laid.append(lo.card)
        knocker_arr = gin.Arrangement(tuple(melds), r.knocker_arrangement.deadwood)
        waiting = tuple(lo.card for lo in r.layoffs[n:])
        knocker_area, defender_area = (
            (self.hand, self.opponent_area)
            if view.knocker == LEARNER
            else (self.opponent_area, self.hand)
        )
        knocker_cards = list(knocker_arr.cards)
        self._show_arranged(knocker_area, knocker_arr, knocker_cards, highlight=tuple(laid))
        self._show_arranged(
            defender_area,
            r.defender_arrangement,
            list(r.defender_arrangement.cards) + list(waiting),
            extra=(("to lay off", "laid-off", waiting),),
        )

    def _show_hand_label(self, view: gin.PlayerView) -> None:
        now, best = advice.live_deadwood(view)
        parts = [f'Deadwood <span class="gin-count gin-deadwood-count">{now}</span>']
        if best is not None:
            parts[0] += " with 11 cards"
            parts.append(f"best discard leaves <b>{best}</b>")
        sel = self._selected_card()
        if sel is not None and len(view.hand) == 11:
            left = gin.deadwood([c for c in view.hand if c is not sel])
            parts.append(f"discarding {sel} leaves <b>{left}</b>")
        parts.append(f'knock limit <span class="gin-count">{view.knock_limit}</span>')
        self.hand_label.value = "<b>Your hand</b> · " + " · ".join(parts)

    def _update_buttons(self, view: gin.PlayerView) -> None:
        c = self.controller
        enabled = enabled_actions(view, self._selected_card())
        for key, on in enabled.items():
            self.buttons[key].disabled = not on or self._pending is not None
        self.buttons["confirm"].disabled = self._pending is None
        self.buttons["cancel"].disabled = self._pending is None
        if self._pending is None and self.confirm_text.value:
            self.confirm_text.value = ""
        self.confirm_box.layout.display = "flex" if self._pending is not None else "none"
        self.buttons["next_deal"].disabled = not (c.game.can_start_next_deal() and self._revealed())
        self.buttons["undo"].disabled = not c.can_undo()
        self.buttons["hint"].disabled = not view.my_turn
        self.buttons["opponent_step"].disabled = not (self.teacher and c.opponent_to_move())
        for key in ("knock", "gin"):
            self.buttons[key].tooltip = {
                "knock": "Discard the selected card (or the best one) and knock",
                "gin": "Discard the selected card (or the best one) and go gin",
            }[key]

    def _update_coach(self, view: gin.PlayerView) -> None:
        sections: list[CoachSection] = []
        if view.phase.is_over:
            r = view.result
            if r is not None:
                sections.append(CoachSection("result", "End of the deal", r.steps[: self._reveal]))
            else:
                void = gin.describe_event(gin.DealVoided(), NAMES)
                sections.append(
                    CoachSection("result", "End of the deal", (gin.Step(1, "void", void),))
                )
        else:
            sections.append(CoachSection("turn", "Your options", advice.turn_steps(view)))
        if self._hint is not None:
            sections.append(CoachSection("hint", "Hint", self._hint.steps))
        opp = advice.opponent_steps(view, self._since)
        sections.append(CoachSection("opponent", "Your opponent", opp))
        sections.append(
            CoachSection(
                "limit", "The knock limit", gin.knock_limit_steps(view.rules, view.up_card)
            )
        )
        if not view.phase.is_over:
            ex = advice.meld_steps(view.hand)
            if ex is not None:
                pics: list[tuple[str, str]] = []
                choice = advice.set_versus_run(ex)
                if choice is not None:
                    card, alt = choice
                    pics.append(
                        (
                            f"Best: {ex.best.describe()}",
                            arrangement_svg(ex.best, four_color=self.four_color),
                        )
                    )
                    pics.append(
                        (
                            f"With {card} used the other way: {alt.describe()}",
                            arrangement_svg(alt, four_color=self.four_color),
                        )
                    )
                sections.append(CoachSection("hand", "Your melds", ex.steps, tuple(pics)))
        self.coach.show(sections=sections)

    def _update_scores(self) -> None:
        g = self.controller.game
        records = g.score_sheet
        if g.deal.is_over and not self._revealed():
            records = records[:-1]
        final = g.final_score() if g.is_over and (self._revealed() or not g.deal.is_over) else None
        self.scores.show(records, g.rules.target, final)

    # ------------------------------------------------------------------ flow

    def _start_deal_view(self) -> None:
        self._token += 1
        self._pending = None
        self._since = 0
        self._reveal = 0
        self._hint = None
        self._busy = False
        self.hand.selected = ""
        c = self.controller
        if c.rules.name in gin.Rules.PRESETS:
            self.rules_choice.value = c.rules.name
        self.opponent_choice.value = c.opponent_name
        self.seed_field.value = str(c.seed)
        view = c.view()
        who = "You deal" if view.dealer == LEARNER else "Your opponent deals"
        self._say(f"Deal {self.controller.deal_number}: {who}. The up card is {view.up_card}.")
        self.refresh()
        self._advance()

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
        fn(token)

    def _advance(self) -> None:
        """Move the game on after a change: opponent moves, then the end-of-deal reveal."""
        c = self.controller
        if c.opponent_to_move():
            if self.teacher:
                self._busy = False
                return
            self._busy = True
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
        self._say(gin.describe_event(view.events[-1], NAMES) if view.events else "")
        if view.phase.is_over:
            last = [e for e in view.events if isinstance(e, gin.Knocked | gin.BigGinDeclared)]
            if last:
                self._say(gin.describe_event(last[-1], NAMES))

    def _reveal_beat(self, token: int) -> None:
        if token != self._token:
            return
        if self.pause <= 0:
            self._reveal = self._reveal_total()
        else:
            self._reveal += 1
        if self._revealed():
            g = self.controller.game
            if g.is_over:
                fs = g.final_score()
                self._say(
                    f"{'You win' if fs.winner == LEARNER else 'Your opponent wins'} "
                    f"the game, {fs.scores[0]} to {fs.scores[1]}. Press New game to "
                    "play again."
                )
            elif self.controller.deal.phase is gin.Phase.VOID:
                self._say(gin.describe_event(gin.DealVoided(), NAMES) + " Press Next deal.")
            else:
                self._say("The deal is scored. Press Next deal to go on.")
        self.refresh()
        self._advance()

    def _learner(self, action: gin.Action) -> None:
        """Play a learner action through the engine and move the game on."""
        if self._busy and self.controller.opponent_to_move():
            raise gin.IllegalActionError(
                "not-your-turn", "it's not your turn: wait for your opponent to play"
            )
        c = self.controller
        self._pending = None
        before = len(c.view().events)
        c.act(action)
        view = c.view()
        self._since = len(view.events)
        self._hint = None
        new = view.events[before:]
        said = [gin.describe_event(e, NAMES) for e in new if not isinstance(e, gin.DealScored)]
        self._say(" ".join(said))
        self.refresh()
        self._advance()

    # ------------------------------------------------------------------ callbacks

    @_guarded
    def _on_select(self, code: str) -> None:
        view = self.controller.view()
        self._show_hand_label(view)
        self._update_buttons(view)

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

    @_guarded
    def take(self) -> None:
        """Take the up card."""
        self._learner(gin.TakeUpCard())

    @_guarded
    def pass_(self) -> None:
        """Pass on the up card."""
        self._learner(gin.Pass())

    @_guarded
    def draw_stock(self) -> None:
        """Draw from the stock."""
        self._learner(gin.DrawStock())

    @_guarded
    def draw_discard(self) -> None:
        """Take the top discard."""
        self._learner(gin.DrawDiscard())

    @_guarded
    def discard(self) -> None:
        """Discard the selected card."""
        card = self._selected_card()
        if card is None:
            view = self.controller.view()
            if view.my_turn and view.phase is gin.Phase.DISCARD:
                raise gin.IllegalActionError(
                    "no-card", "select the card to discard first: click it in your hand"
                )
            self.controller.deal.verify(gin.Discard(view.hand[0]), LEARNER)
            return
        self._learner(gin.Discard(card))

    def _knock_card(self, want_gin: bool) -> gin.Knock:
        """The knock to confirm: the selected card's, or the best one when none is
        selected. Raises the engine's error when it is illegal."""
        view = self.controller.view()
        if not (view.my_turn and view.phase is gin.Phase.DISCARD):
            self.controller.deal.verify(gin.Knock(view.hand[0]), LEARNER)
        sel = self._selected_card()
        if sel is None:
            knocks, gins = knock_actions(view)
            pool = gins if want_gin else knocks
            if not pool:
                if knocks or gins:
                    raise gin.IllegalActionError(
                        "not-gin" if want_gin else "is-gin",
                        "no discard leaves you without deadwood: press Knock instead"
                        if want_gin
                        else "every knock you can make here is gin: press Gin! instead",
                    )
                _, best = advice.live_deadwood(view)
                raise gin.IllegalActionError(
                    "over-knock-limit",
                    f"you can't knock yet: your best discard leaves {best} deadwood and the "
                    f"knock limit is {view.knock_limit}",
                )
            return min(
                pool,
                key=lambda a: (
                    gin.deadwood([c for c in view.hand if c is not a.card]),
                    -a.card.points,
                ),
            )
        action = gin.Knock(sel)
        self.controller.deal.verify(action, LEARNER)
        left = gin.deadwood([c for c in view.hand if c is not sel])
        if want_gin and left:
            raise gin.IllegalActionError(
                "not-gin", f"discarding {sel} leaves {left} deadwood: that is a knock, not gin"
            )
        if not want_gin and not left:
            raise gin.IllegalActionError(
                "is-gin", f"discarding {sel} leaves no deadwood: press Gin! instead"
            )
        return action

    def _ask(self, action: gin.Action, text: str) -> None:
        self._pending = action
        self.confirm_text.value = f'<span class="gin-confirm-question">{text}</span>'
        self.coach.show(error="")
        self._update_buttons(self.controller.view())

    @_guarded
    def knock(self) -> None:
        """Ask to confirm a knock with the selected (or best) discard."""
        a = self._knock_card(False)
        view = self.controller.view()
        left = gin.deadwood([c for c in view.hand if c is not a.card])
        self._ask(
            a,
            f"Knock, discarding {a.card}? You keep {left} deadwood (the limit is "
            f"{view.knock_limit}). If your opponent ends with {left} or less after "
            f"laying off, you are undercut.",
        )

    @_guarded
    def go_gin(self) -> None:
        """Ask to confirm gin with the selected (or the gin) discard."""
        a = self._knock_card(True)
        r = self.controller.view().rules
        self._ask(
            a,
            f"Go gin, discarding {a.card}? All ten cards you keep meld: you score "
            f"your opponent's deadwood plus the gin bonus of {r.gin_bonus}.",
        )

    @_guarded
    def big_gin(self) -> None:
        """Ask to confirm big gin."""
        view = self.controller.view()
        self.controller.deal.verify(gin.BigGin(), LEARNER)
        self._ask(
            gin.BigGin(),
            "Declare big gin? All eleven cards meld: you score your "
            f"opponent's deadwood plus the big gin bonus of {view.rules.big_gin_bonus}.",
        )

    @_guarded
    def confirm(self) -> None:
        """Play the action waiting for confirmation."""
        action = self._pending
        if action is None:
            raise gin.IllegalActionError("nothing-to-confirm", "there is nothing to confirm")
        self._learner(action)

    @_guarded
    def cancel(self) -> None:
        """Drop the action waiting for confirmation."""
        self._pending = None
        self._say("Cancelled: nothing was played.")
        self._update_buttons(self.controller.view())

    @_guarded
    def lay_off(self) -> None:
        """Lay off (the engine lays off the best cards) and show the hand."""
        self._learner(gin.LayOff())

    @_guarded
    def opponent_step(self) -> None:
        """Teacher mode: let the opponent make its next move."""
        if not self.controller.opponent_to_move():
            raise gin.IllegalActionError("not-opponent", "it is not your opponent's turn")
        self._opponent_move()
        self.refresh()
        self._advance()

    @_guarded
    def next_deal(self) -> None:
        """Start the next deal."""
        if self.controller.deal.is_over and not self._revealed():
            raise gin.IllegalActionError("revealing", "wait: the deal is still being scored")
        self.controller.next_deal()
        self._start_deal_view()

    @_guarded
    def new_game(self) -> None:
        """Start a new game with the chosen rules, opponent and seed (empty: a new seed)."""
        seed: str | None = self.seed_field.value.strip() or None
        self.controller.new_game(self.rules_choice.value, self.opponent_choice.value, seed)
        self.seed_field.value = str(self.controller.seed)
        self._start_deal_view()

    @_guarded
    def undo(self) -> None:
        """Take back the learner's last move (and the opponent's moves after it)."""
        undone = self.controller.undo()
        self._token += 1
        self._pending = None
        self._busy = False
        self._hint = None
        self._since = len(self.controller.view().events)
        self._say(f"Taken back: {', '.join(reversed(undone))}.")
        self.refresh()
        self._advance()

    @_guarded
    def hint(self) -> None:
        """Show a suggested move and its reasons."""
        h = self.controller.hint()
        self._hint = h
        if h.action is not None:
            self._say(f"Hint: {h.action.describe()}.")
        self.refresh()

    @_guarded
    def _on_teacher_toggle(self, change: dict[str, Any]) -> None:
        self.set_teacher(bool(change["new"]))

    def set_teacher(self, on: bool) -> None:
        """Turn teacher mode on (both hands open, the opponent moves on a click) or off."""
        if on == self.teacher:
            return
        self.teacher = on
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
        hidden = self.history_area.layout.display == "none"
        self.history_area.layout.display = "flex" if hidden else "none"
        self.buttons["history"].description = "Hide discard pile" if hidden else "Show discard pile"


def play_table(
    rules: str = "classic",
    opponent: str = "eager",
    seed: int | str | None = None,
    pause: float = 0.6,
    teacher: bool = False,
    four_color: bool = False,
    large_cards: bool = False,
) -> GinTable:
    """A table to play Oklahoma Gin against a computer opponent, with the coach.

    ``rules`` is ``"classic"`` or ``"spades-double"``; ``opponent`` one of
    :data:`gin.bots.BOT_NAMES`; ``seed`` makes the deals repeatable (a new one is picked
    and shown when ``None``); ``pause`` is the seconds between the opponent's moves (0:
    at once); ``teacher`` shows both hands and steps the opponent one click at a time.
    """
    return GinTable(
        rules=rules,
        opponent=opponent,
        seed=seed,
        pause=pause,
        teacher=teacher,
        four_color=four_color,
        large_cards=large_cards,
    )


__all__ = [
    "BUTTONS",
    "CONTROL_BUTTONS",
    "GinTable",
    "enabled_actions",
    "knock_actions",
    "limit_badge_text",
    "play_table",
]
