"""The end of the deal and the start of the next: :class:`TableDealEnd` plays the
end-of-deal reveal beat by beat, then starts the next deal, a new game, a replay of a seed
or a loaded game."""

from __future__ import annotations

import gin
from gin.i18n import M
from gin.ui import reveal
from gin.ui.seats import LEARNER
from gin.ui.table.base import _guarded
from gin.ui.table.settings import TableSettings


class TableDealEnd(TableSettings):
    """The end of the deal, and new deals and games."""

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

    def load_game(self, game: gin.Game, opponent: str | None = None) -> None:
        """Play on from ``game`` (a game with stacked deck orders, say), learner as player 0."""
        self.controller.load(game, opponent)
        self._start_deal_view()
