"""What one player may see of a deal: :class:`PlayerView`, and the deal's :class:`Phase`."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal

from gin.actions import Action, Event
from gin.cards import DECK, Card, cards_mask
from gin.melds import Arrangement
from gin.rules import Rules
from gin.scoring import DealResult, LayoffPlan


class Phase(enum.Enum):
    """The phases of a deal."""

    OFFER_NON_DEALER = "offer-non-dealer"
    OFFER_DEALER = "offer-dealer"
    DRAW = "draw"
    DISCARD = "discard"
    LAYOFF = "layoff"
    SCORED = "scored"
    VOID = "void"

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self in (Phase.SCORED, Phase.VOID)


DiscardEnd = Literal["discard", "knock", "gin"]


@dataclass(frozen=True)
class DiscardChoice:
    """One legal discard: the card, the deadwood of the ten cards kept, and whether the
    discard can end the deal (``knock`` or ``gin``) or is a plain ``discard``."""

    card: Card
    deadwood: int
    ends: DiscardEnd


UpCardPlace = Literal["top", "buried", "hand", "opponent"]
"""Where the up card is (see :attr:`PlayerView.up_card_place`)."""


@dataclass(frozen=True)
class PlayerView:
    """What one player may see of a deal. Hidden cards are never in it.

    The opponent's hand and the order of the stock appear only once the deal is over
    (``opponent_hand``); the opponent's draws from the stock appear with ``card=None``.
    """

    player: int
    rules: Rules
    dealer: int
    phase: Phase
    to_move: int | None
    hand: tuple[Card, ...]
    opponent_card_count: int
    stock_count: int
    discard_pile: tuple[Card, ...]
    up_card: Card
    knock_limit: int
    doubled: bool
    taken_card: Card | None
    """The card this player just took from the discard pile, if any."""
    both_passed: bool
    opponent_known: tuple[Card, ...]
    """Cards the opponent took from the discard pile and still holds."""
    events: tuple[Event, ...]
    legal_actions: tuple[Action, ...]
    knocker: int | None
    result: DealResult | None
    opponent_hand: tuple[Card, ...] | None
    knocker_shown: Arrangement | None = None
    """After a knock, the knocker's melds and deadwood laid face up (the arrangement the
    engine chose, with the knocker's tie-break); ``None`` before any knock."""
    stock_only: bool = False
    """Whether only the stock may be drawn now (both players passed the up card)."""
    discard_choices: tuple[DiscardChoice, ...] = ()
    """On this player's discard, every legal discard with the deadwood it leaves and what
    it ends, best first (least deadwood, then highest card): the one best-discard order."""
    can_big_gin: bool = False
    """Whether this player may declare big gin now."""
    layoff_plan: LayoffPlan | None = None
    """After the opponent knocked (not gin), what this player can lay off onto the melds
    laid face up, chained layoffs included (from :func:`gin.scoring.plan_layoffs`)."""

    @property
    def best_discard(self) -> DiscardChoice | None:
        """The discard leaving the least deadwood (``None`` outside the discard)."""
        return self.discard_choices[0] if self.discard_choices else None

    @property
    def my_turn(self) -> bool:
        """Whether this player is to move."""
        return self.to_move == self.player

    @property
    def top_discard(self) -> Card | None:
        """The top card of the discard pile."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def up_card_place(self) -> UpCardPlace:
        """Where the up card is now, as this player knows it: ``top`` (on top of the
        discard pile), ``buried`` (in the discard pile under later discards: nobody took
        it, or it was thrown back), ``hand`` (in this player's hand) or ``opponent``
        (taken by the opponent, who still holds it)."""
        up = self.up_card
        if self.top_discard == up:
            return "top"
        if up in self.discard_pile:
            return "buried"
        if up in self.hand:
            return "hand"
        return "opponent"

    @property
    def opponent(self) -> int:
        """The other player's number."""
        return 1 - self.player

    def unseen(self) -> tuple[Card, ...]:
        """Cards this player has not seen: in the stock or the opponent's hand."""
        seen = cards_mask(self.hand) | cards_mask(self.discard_pile)
        seen |= cards_mask(self.opponent_known)
        return tuple(c for c in DECK if not seen & c.mask)


__all__ = ["DiscardChoice", "DiscardEnd", "Phase", "PlayerView", "UpCardPlace"]
