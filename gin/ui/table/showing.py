"""The table drawing its state: :class:`TableShowing` redraws every part from the
learner's view (hands, piles, buttons, whose turn, the coach, the score pad), sends the
keyboard focus on, and draws the labels again in another language."""

from __future__ import annotations

import gin
from gin.i18n import M
from gin.ui.parts import set_display
from gin.ui.seats import LEARNER, OPPONENT
from gin.ui.table.base import TableBase
from gin.ui.table.buttons import BUTTONS, CONTROL_BUTTONS, enabled_actions, shown_actions
from gin.ui.table.coaching import coach_sections
from gin.ui.table.controls import title_html
from gin.ui.table.dealresult import layoff_button_label
from gin.ui.table.felt import last_move_text, turn_text


class TableShowing(TableBase):
    """Drawing the table from the learner's view."""

    def _label_buttons(self) -> None:
        for key, label, _css in BUTTONS + CONTROL_BUTTONS:
            self.buttons[key].description = self.buttons[key].tooltip = label.render()
        self.buttons["knock"].tooltip = M["table.knock-tip"].render()
        self.buttons["gin"].tooltip = M["table.gin-tip"].render()
        self.buttons["replay"].tooltip = M["button.replay-tip"].render()

    def refresh(self) -> None:
        """Redraw every part of the table from the learner's view."""
        c = self.controller
        view = c.view()
        moved, self._moved = self._moved, None
        hinted = self._hinted()
        self.title.value = title_html(
            view, c.opponent_name, c.deal_number, c.seed_to_show(self.teacher), self.teacher
        )
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
        self.review.update(view.phase.is_over and self._revealed())
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
        set_display(self.buttons[key], "" if on else "none")  # a shared layout each way

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
        lay_off = layoff_button_label(view).render()  # "Go on" when nothing fits
        if self.buttons["lay_off"].description != lay_off:
            self.buttons["lay_off"].description = self.buttons["lay_off"].tooltip = lay_off
        self.buttons["confirm"].disabled = not pending
        self.buttons["cancel"].disabled = not pending
        if not pending:
            self.felt.ask(None)
        can_next = c.game.can_start_next_deal() and self._revealed()
        self.buttons["next_deal"].disabled = not can_next
        self._display("next_deal", can_next)
        self.buttons["undo"].disabled = not c.can_undo()
        self._update_replay()
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

    def _update_replay(self, _change: object = None) -> None:
        """"Replay this deal" is offered once the deal is over, in teacher mode, or for
        another seed typed in (:meth:`TableController.can_replay`)."""
        typed = self.seed_field.value.strip() or None
        self.buttons["replay"].disabled = not self.controller.can_replay(self.teacher, typed)

    def _update_scores(self) -> None:
        g = self.controller.game
        records = g.score_sheet
        if g.deal.is_over and not self._revealed():
            records = records[:-1]
        final = g.final_score() if g.is_over and (self._revealed() or not g.deal.is_over) else None
        c = self.controller
        self.scores.show(
            records, g.rules.target, final, open_deals=c.open_deals, replayed=c.replayed
        )
        over = g.deal.is_over and self._revealed()
        self.felt.result.show(records, g.rules.target, final, over=over)

    def _refresh_controls(self) -> None:
        """Buttons, the turn line and the keyboard focus follow the current view."""
        view = self.controller.view()
        self._update_buttons(view)
        self._update_turn(view)
        self._focus_next(view)

    def relabel(self) -> None:
        """Draw the whole table again in the current language, in place: the labels, the
        names in the menus and everything the coach and the score pad say. The game and
        the session go on as they were (the language menu switched)."""
        self._label_buttons()
        self.controls.relabel()
        self.display_menu.relabel()
        self.piles.relabel()
        self.keys_help.value = M["keys.help"].render()
        self.review.relabel()
        self._say(*self.controller.said)
        self.refresh()


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
