"""``eager``: the opponent the rules' source describes. It knocks at the first chance."""

from __future__ import annotations

import random

from gin import actions as act
from gin.cards import Card, cards_mask
from gin.deal import Phase, PlayerView
from gin.melds import deadwood_of_mask


def _best_after_taking(hand_mask: int, card: Card, hand: tuple[Card, ...]) -> int:
    """Least deadwood after taking ``card`` and discarding another card."""
    m = hand_mask | card.mask
    best = 1 << 30
    for c in hand:
        v = deadwood_of_mask(m ^ c.mask)
        if v < best:
            best = v
    return best


def _discard_key(mask: int, card: Card) -> tuple[int, int, int]:
    return (deadwood_of_mask(mask ^ card.mask), -card.points, -card.index)


class EagerBot:
    """Knocks as soon as the limit allows (gin when it can); takes the up card or the
    top discard only when it lowers its deadwood; otherwise draws from the stock;
    discards the card leaving the least deadwood, the highest among equals."""

    name = "eager"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> act.Action:
        """The eager choice for this view."""
        legal = view.legal_actions
        ph = view.phase
        if ph is Phase.LAYOFF:
            return act.LayOff()
        if ph in (Phase.OFFER_NON_DEALER, Phase.OFFER_DEALER, Phase.DRAW):
            top = view.top_discard
            take: act.Action = act.TakeUpCard() if ph is not Phase.DRAW else act.DrawDiscard()
            if top is not None and take in legal:
                m = cards_mask(view.hand)
                if _best_after_taking(m, top, view.hand) < deadwood_of_mask(m):
                    return take
            return act.Pass() if ph is not Phase.DRAW else act.DrawStock()
        # discard phase
        if act.BigGin() in legal:
            return act.BigGin()
        m = cards_mask(view.hand)
        knocks = [a for a in legal if isinstance(a, act.Knock)]
        if knocks:
            return min(knocks, key=lambda a: _discard_key(m, a.card))
        discards = [a for a in legal if isinstance(a, act.Discard)]
        return min(discards, key=lambda a: _discard_key(m, a.card))
