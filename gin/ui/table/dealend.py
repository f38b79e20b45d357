"""The end of the deal and the start of the next: :class:`TableDealEnd` plays the
end-of-deal reveal beat by beat, then starts the next deal, a new game, a replay of a seed
or a loaded game."""

from __future__ import annotations

import gin
from gin.i18n import M
from gin.ui.seats import LEARNER
from gin.ui.table import reveal
from gin.ui.table.base import _guarded
from gin.ui.table.settings import TableSettings


class TableDealEnd(TableSettings):
    """The end of the deal, and new deals and games."""

    def _reveal_hold(self) -> int | None:
        """The beat the end-of-deal playback waits at (``None``: it plays to the end);
        the learner's score guess holds it (:mod:`gin.ui.table.arranging`)."""
        return None

    def _reveal_waits(self) -> bool:
        """Whether the playback waits at its hold for the learner."""
        hold = self._reveal_hold()
        return hold is not None and self.controller.reveal_step >= hold

    def _reveal_beat(self, token: int) -> None:
        if token != self._token:
            return
        total = self._reveal_total()
        hold = self._reveal_hold()
        end = total if hold is None else min(hold, total)
        c = self.controller
        if self.pause <= 0:
            c.reveal_step = max(c.reveal_step, end)
        else:
            c.reveal_step = min(c.reveal_step + 1, max(end, c.reveal_step))
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
        if self.teacher:
            c.note_open_hands()
        self.controls.show_game(c.rules, c.opponent_name, c.seed_to_show(self.teacher))
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
        self._start_deal_view()

    @_guarded
    def replay(self) -> None:
        """Start again with the seed in the seed field (the seed of the game on show, or one
        typed in: a whole class can play the same cards); with the field empty (a game
        whose seed is not shown), the game on show from its first deal."""
        seed: str | None = self.seed_field.value.strip() or None
        self.controller.replay(
            self.rules_choice.value, self.opponent_choice.value, seed, teacher=self.teacher
        )
        self._start_deal_view()

    def load_game(self, game: gin.Game, opponent: str | None = None) -> None:
        """Play on from ``game`` (a game with stacked deck orders, say), learner as player 0."""
        self.controller.load(game, opponent)
        self._start_deal_view()
