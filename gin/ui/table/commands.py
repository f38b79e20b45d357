"""The learner's intents as commands: :class:`TableCommands`.

Every part of the table sends what the learner asks for here (take, pass, draw, discard,
knock with its confirmation, lay off, hint, undo, a new deal or game, the teacher's
switch, a layout laid out in the meld builder...). A command checks it with the engine,
changes the model (:class:`~gin.ui.table.controller.TableController`) and moves the game on
(:class:`~gin.ui.table.flow.TableFlow`); the parts then draw what changed. A command
raises :class:`gin.GinError` on an illegal intent, and the state stays as it was (the
part that sent it shows the error, see :func:`gin.ui.table.guard.guarded`).
"""

from __future__ import annotations

from collections.abc import Callable

import gin
from gin.i18n import M, Text
from gin.narration import event_text
from gin.ui.arrange.layoffs import Layoffs
from gin.ui.seats import LEARNER
from gin.ui.table import knocking
from gin.ui.table.coaching import hint_summary
from gin.ui.table.controller import TableController
from gin.ui.table.flow import TableFlow


def _plays(action: gin.Action, doc: str) -> Callable[[TableCommands], None]:
    """A command by which the learner plays ``action``."""

    def command(self: TableCommands) -> None:
        self.flow.play(action)

    command.__doc__ = doc
    return command


class TableCommands:
    """What the learner may ask of the table, on the model ``model`` moved on by ``flow``."""

    def __init__(self, model: TableController, flow: TableFlow) -> None:
        self.model = model
        self.flow = flow

    # ------------------------------------------------------------------ the turn

    take = _plays(gin.TakeUpCard(), "Take the up card.")
    pass_ = _plays(gin.Pass(), "Pass on the up card.")
    draw_stock = _plays(gin.DrawStock(), "Draw from the stock.")
    draw_discard = _plays(gin.DrawDiscard(), "Take the top discard.")

    def play(self, action: gin.Action) -> None:
        """Play ``action`` for the learner."""
        self.flow.play(action)

    def take_or_draw_discard(self) -> None:
        """A click on the discard pile: take the up card while it is offered, else the top
        discard."""
        view = self.model.view()
        if view.phase in (gin.Phase.OFFER_NON_DEALER, gin.Phase.OFFER_DEALER):
            self.take()
        else:
            self.draw_discard()

    def discard(self) -> None:
        """Discard the selected card."""
        card = self.model.selected_card()
        if card is None:
            view = self.model.view()
            if view.my_turn and view.phase is gin.Phase.DISCARD:
                raise gin.IllegalActionError(M["error.no-card"]())
            self.model.verify(gin.Discard(view.hand[0]))
            return
        self.flow.play(gin.Discard(card))

    def _ask(self, action: gin.Action, text: Text) -> None:
        c = self.model
        with c.hold_trait_notifications():
            c.pending = action
            c.question = text
            c.error = None
        c.changed("controls")

    def _declare(self, declared: str) -> bool:
        """Where the learner declares the end (the real table): open the meld builder on
        the declaration, ``knock``, ``gin`` (with the selected card) or ``big-gin``,
        unchecked until the layout is done (the engine checks it there, and the knock is
        played only once the layout is accepted). Returns whether it did."""
        c = self.model
        if not c.policy().learner_declares_gin:
            return False
        view = c.view()
        discarding = view.my_turn and view.phase is gin.Phase.DISCARD
        if not discarding:  # the engine says why not now
            c.verify(gin.Discard(view.hand[0]) if view.hand else gin.DrawStock())
        action: gin.Knock | gin.BigGin
        if declared == "big-gin":
            if not view.rules.big_gin:
                c.verify(gin.BigGin())  # the rule set has none: the engine's sentence
            action = gin.BigGin()
        else:
            card = c.selected_card()
            if card is None:
                raise gin.IllegalActionError(M["error.no-card"]())
            c.verify(gin.Discard(card))  # a card that may not go (the one just taken)
            action = gin.Knock(card)
        with c.hold_trait_notifications():
            c.pending = c.question = None
            c.error = None
            c.declared = declared
            c.laying_out = action
        c.say(M["arrange.lay-out-now"]())
        c.changed()
        return True

    def knock(self) -> None:
        """Ask to confirm a knock with the selected (or best) discard; at the real table,
        lay out for a knock with the selected card (checked at *Done*)."""
        if self._declare("knock"):
            return
        c = self.model
        view = c.view()
        a = knocking.choose_knock(view, c.selected_card(), False, c.verify)
        if c.policy().deadwood_figures:
            self._ask(a, knocking.knock_question(view, a))
        else:  # the count is the learner's: the question does not give it
            self._ask(a, M["table.knock-question-plain"](card=a.card.code, limit=view.knock_limit))

    def go_gin(self) -> None:
        """Ask to confirm gin with the selected (or the gin) discard; at the real table,
        lay out for gin with the selected card (checked at *Done*)."""
        if self._declare("gin"):
            return
        c = self.model
        view = c.view()
        a = knocking.choose_knock(view, c.selected_card(), True, c.verify)
        self._ask(a, knocking.gin_question(view, a))

    def big_gin(self) -> None:
        """Ask to confirm big gin; at the real table, lay out for big gin (checked at
        *Done*)."""
        if self._declare("big-gin"):
            return
        self.model.verify(gin.BigGin())
        self._ask(gin.BigGin(), knocking.big_gin_question(self.model.view()))

    def confirm(self) -> None:
        """Play the action waiting for confirmation; in the mode "I lay out my cards", a
        knock, gin or big gin first opens the meld builder (:attr:`laying_out`)."""
        c = self.model
        action = c.pending
        if action is None:
            raise gin.IllegalActionError(M["error.nothing-to-confirm"]())
        if c.arranges() and isinstance(action, gin.Knock | gin.BigGin):
            with c.hold_trait_notifications():
                c.pending = c.question = None
                c.laying_out = action
            c.say(M["arrange.lay-out-now"]())
            c.changed()
            return
        self.flow.play(action)

    def cancel(self) -> None:
        """Drop the action waiting for confirmation."""
        c = self.model
        c.pending = c.question = None
        c.say(M["table.cancelled"]())
        c.changed("controls")

    def lay_off(self) -> None:
        """Lay off (the engine lays off the best cards). In the mode "I lay out my cards"
        the learner chooses each layoff in the layoff chooser instead."""
        if self.model.room == "chooser":
            raise gin.IllegalActionError(M["error.arrange-choose-layoffs"]())
        self.flow.play(gin.LayOff())

    def undo(self) -> None:
        """Take back the learner's last move (and the opponent's moves after it)."""
        c = self.model
        before = c.view().events
        c.undo()
        self.flow.drop_scheduled()
        c.pending = c.question = None
        c.shown_hint = None
        after = c.view().events
        c.since = len(after)
        told = [event_text(e, LEARNER) for e in before[len(after) :]]
        c.say(M["table.undone"](count=len(told)), *told)
        self.flow.moved_on()

    def find_hint(self) -> None:
        """Work out the suggested move and tell it (drawn at the next change)."""
        c = self.model
        if not c.policy().hint_offered:
            raise gin.IllegalActionError(M["error.hint-not-offered"]())
        h = c.hint()
        c.note_hint()
        c.shown_hint = h
        c.say(hint_summary(h, c.view()))

    def hint(self) -> None:
        """Show a suggested move and its reasons."""
        self.find_hint()
        self.model.changed()

    def opponent_step(self) -> None:
        """Teacher mode: let the opponent make its next move."""
        if not self.model.opponent_to_move():
            raise gin.IllegalActionError(M["error.not-opponent"]())
        self.flow.opponent_move()
        self.flow.moved_on()

    # ------------------------------------------------------------------ the rooms

    def check_layout(self, layout: gin.Arrangement) -> gin.Action:
        """The meld builder's *Done*: the engine checks the layout (a refusal changes
        nothing); returns the knock (or big gin) with these melds, to :meth:`play`, so the
        deal is scored as laid out."""
        c = self.model
        action = c.laying_out
        if action is None:
            raise gin.IllegalActionError(M["error.arrange-finished"]())
        view = c.view()
        melds = tuple(m.cards for m in layout.melds)
        played: gin.Action
        if isinstance(action, gin.Knock):
            gin.check_knock_layout(view.rules, view.up_card, layout)
            played = gin.Knock(action.card, melds=melds)
        else:
            played = gin.BigGin(melds=melds)
        c.verify(played)
        c.laying_out = None
        c.declared = ""
        return played

    def refuse_layout(self, refused: gin.GinError) -> None:
        """The engine refused the end declared on the layout (a knock over the limit, a
        gin that is not gin): the slip is noted, the room closes and the learner is back
        at the discard with eleven cards (nothing was played), told the count and the
        limit."""
        c = self.model
        c.note_slip(refused.code, refused.text)
        with c.hold_trait_notifications():
            c.laying_out = None
            c.declared = ""
        c.changed()
        c.show_error(refused)

    def stop_laying_out(self) -> None:
        """The meld builder's *Cancel*: back to the discard."""
        self.model.declared = ""
        self.model.laying_out = None
        self.model.say(M["table.cancelled"]())
        self.model.changed()

    def lay_off_chosen(self, layoffs: Layoffs) -> None:
        """The layoff chooser's *Done* after a knock: the layoffs chosen are played."""
        self.flow.play(gin.LayOff(layoffs=layoffs))

    def go_on(self) -> None:
        """A room is done with (the chooser after gin, the score guess): draw, move on."""
        self.flow.moved_on()

    # ------------------------------------------------------------------ deals and games

    def start_deal(self) -> None:
        """Put the deal on show at its start (a new deal, game, replay or loaded game)."""
        c = self.model
        self.flow.drop_scheduled()
        c.reset_session()
        if c.teacher:
            c.note_open_hands()
        c.changed("deal")
        view = c.view()
        m = M["table.deal-you"] if view.dealer == LEARNER else M["table.deal-they"]
        c.say(m(deal=c.deal_number, up_card=view.up_card.code))
        self.flow.moved_on()

    def next_deal(self) -> None:
        """Start the next deal (once the end of this one is shown)."""
        if self.model.deal.is_over and not self.model.revealed():
            raise gin.IllegalActionError(M["error.revealing"]())
        self.model.next_deal()
        self.start_deal()

    def new_game(self) -> None:
        """Start a new game with the rules and opponent chosen in the controls
        (:attr:`chosen_rules`, :attr:`chosen_opponent`), shuffled with a new seed."""
        c = self.model
        c.new_game(c.chosen_rules, c.chosen_opponent, None)
        self.start_deal()

    def replay(self) -> None:
        """Start again with the seed in the seed field (:attr:`typed_seed`: the seed of the
        game on show, or one typed in: a whole class can play the same cards); with the
        field empty (a game whose seed is not shown), the game on show from its first
        deal."""
        c = self.model
        seed = c.typed_seed.strip() or None
        c.replay(c.chosen_rules, c.chosen_opponent, seed, teacher=c.teacher)
        self.start_deal()

    def load_game(self, game: gin.Game, opponent: str | None = None) -> None:
        """Play on from ``game`` (a game with stacked deck orders, say)."""
        self.model.load(game, opponent)
        self.start_deal()

    # ------------------------------------------------------------------ settings

    def set_teacher(self, on: bool) -> None:
        """Turn teacher mode on (both hands open, the opponent moves on a click) or off.

        Only where teacher mode is offered (:attr:`teacher_offered`, a page opened with
        ``?teacher=1``): elsewhere a change is refused with :class:`gin.GinError` (code
        ``teacher-not-offered``), whatever the page sends.
        """
        c = self.model
        if on == c.teacher:
            return
        if not c.teacher_offered:
            raise gin.GinError(M["error.teacher-not-offered"]())
        if on:
            c.note_open_hands()
        c.teacher = on
        self.flow.drop_scheduled()  # drop any scheduled opponent move
        self.flow.moved_on()

    def set_arrange_self(self, on: bool) -> None:
        """The mode "I lay out my cards" on or off (from the next knock, layoff or end of
        a deal; a room already open stays until it is done)."""
        self.model.arrange_self = on
        self.flow.moved_on()

    def toggle_history(self) -> None:
        """Show or hide the whole discard pile."""
        self.model.history_shown = not self.model.history_shown


__all__ = ["TableCommands"]
