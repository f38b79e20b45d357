"""``tactician``: plays like a careful human, from memory and rules of thumb.

- It remembers every card seen: the discards, and the cards the opponent picked up
  (:mod:`gin.bots.memory`).
- It avoids discards the opponent is likely to use (:func:`~gin.bots.evaluate.feed_risk`).
- It keeps cards that can join several melds: each discard is judged by the deadwood
  expected after the next draw from the live (unseen) cards, so a card with many live
  partners is worth keeping (:func:`~gin.bots.evaluate.draw_outlook`).
- It adapts to the deal: with a low knock limit it plays for gin, and in a doubled deal
  it fears an undercut more.
- Where the undercut bonus is big it plays for gin while the stock is long: it passes
  up a knock with deadwood above :data:`WAIT_DEADWOOD` until the stock is down to
  :data:`WAIT_STOCK` cards, keeping its count low meanwhile, so that an opponent's
  quick knock is often undercut (:func:`waits_to_knock`).
- Late in the deal it knocks only when the estimated chance of an undercut is small, and
  otherwise waits.
- It never takes the top discard (or the up card) to throw the same card back, even
  where the rules allow it: that would skip a draw for nothing.

Its only randomness (the opponent hands sampled to judge a knock) is seeded from the
position (:func:`~gin.bots.seeding.position_seed`): the same view gives the same move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gin import actions as act
from gin.bots.evaluate import (
    POINTS,
    best_discard,
    card_weights,
    draw_outlook,
    estimate_knock,
    feed_risk,
)
from gin.bots.memory import Memory, remember
from gin.bots.seeding import position_rng
from gin.cards import Card
from gin.deal import Phase, PlayerView
from gin.melds import deadwood_of_mask


@dataclass(frozen=True)
class DiscardScore:
    """How ``tactician`` judges one discard (lower ``score`` is better)."""

    card: Card
    deadwood: int
    expected: float
    """Expected deadwood after the next draw."""
    knock_chance: float
    feed_risk: float
    score: float


def gin_weight(limit: int) -> float:
    """How much the chance of reaching the knock limit on the next draw counts: a low
    limit means the deal is won by gin, so reaching it counts more."""
    return 16.0 if limit <= 2 else 10.0 if limit <= 5 else 6.0


def feed_weight(mem: Memory, doubled: bool) -> float:
    """How many points of deadwood a sure feed to the opponent is worth avoiding."""
    w = 2.5 + min(mem.opp_stock_draws, 8) * 0.25
    return w * (1.25 if doubled else 1.0)


def score_discards(view: PlayerView, mem: Memory | None = None) -> list[DiscardScore]:
    """Every legal discard of the view's eleven-card hand, judged and sorted best first."""
    mem = mem if mem is not None else remember(view)
    weights = card_weights(mem)
    limit = view.knock_limit
    gw = gin_weight(limit)
    fw = feed_weight(mem, view.doubled)
    blocked = view.taken_card  # a card just taken is never thrown straight back
    out: list[DiscardScore] = []
    for c in view.hand:
        if c == blocked:
            continue
        kept = mem.hand ^ c.mask
        o = draw_outlook(kept, mem.unseen, limit)
        risk = feed_risk(c.index, mem, weights)
        s = 0.5 * o.deadwood + 0.5 * o.expected - gw * o.knock_chance + fw * risk
        out.append(DiscardScore(c, o.deadwood, o.expected, o.knock_chance, risk, s))
    out.sort(key=lambda d: (d.score, -d.card.points, -d.card.index))
    return out


def undercut_tolerance(view: PlayerView, mem: Memory) -> float:
    """The highest estimated undercut chance ``tactician`` accepts to knock."""
    t = 0.25
    if view.rules.undercut_bonus >= 20:
        t -= 0.06  # a big undercut bonus
    if view.doubled:
        t -= 0.06  # an undercut would cost double
    if mem.stock_count <= 6:
        t += 0.15  # little time is left to improve
    return t


WAIT_STOCK = 6
"""While the stock holds more cards than this, ``tactician`` passes up a knock whose
deadwood is above :data:`WAIT_DEADWOOD` and plays on for a lower count or gin."""

WAIT_DEADWOOD = 0
"""The highest deadwood ``tactician`` knocks with while the stock is long."""


BIG_UNDERCUT = 20
"""The undercut bonus from which ``tactician`` plays for gin while the stock is long."""


def waits_to_knock(view: PlayerView, mem: Memory, deadwood: int) -> bool:
    """Whether ``tactician`` passes up a legal knock with ``deadwood`` to play on for gin.

    Only where the undercut bonus is big (at least :data:`BIG_UNDERCUT`): there a knock
    with a count gains few points, while a hand kept low and played on for gin wins the
    gin bonus or undercuts an opponent's quick knock for the big bonus. With a small
    undercut bonus (``classic``) waiting pays less, and the tactician knocks as before
    when an undercut is unlikely.
    """
    return (
        view.rules.undercut_bonus >= BIG_UNDERCUT
        and mem.stock_count > WAIT_STOCK
        and deadwood > WAIT_DEADWOOD
    )


class TacticianBot:
    """Remembers the cards, avoids feeding the opponent, keeps flexible cards, plays for
    gin while the stock is long (and whenever the knock limit is low), and knocks only
    when an undercut is unlikely."""

    name = "tactician"

    def __init__(self, rng: random.Random | None = None, samples: int = 16) -> None:
        self.rng = rng  # accepted like every opponent's; the choice is seeded by the view
        self.samples = samples

    def choose(self, view: PlayerView) -> act.Action:
        """The tactician's choice for this view."""
        ph = view.phase
        legal = view.legal_actions
        if ph is Phase.LAYOFF:
            return act.LayOff()
        mem = remember(view)
        if ph in (Phase.OFFER_NON_DEALER, Phase.OFFER_DEALER, Phase.DRAW):
            take: act.Action = act.DrawDiscard() if ph is Phase.DRAW else act.TakeUpCard()
            skip: act.Action = act.DrawStock() if ph is Phase.DRAW else act.Pass()
            top = view.top_discard
            if top is not None and take in legal and worth_taking(view, mem, top):
                return take
            return skip
        if act.BigGin() in legal:
            return act.BigGin()
        ranked = score_discards(view, mem)
        knocks = {a.card for a in legal if isinstance(a, act.Knock) and a.card != view.taken_card}
        if knocks:
            kc = min(knocks, key=lambda c: (deadwood_of_mask(mem.hand ^ c.mask), -c.points))
            kept = mem.hand ^ kc.mask
            if deadwood_of_mask(kept) == 0:
                return act.Knock(kc)
            if waits_to_knock(view, mem, deadwood_of_mask(kept)):
                return act.Discard(ranked[0].card)
            rng = position_rng(view, "tactician")
            est = estimate_knock(mem, kept, view.rules, view.up_card, rng, self.samples)
            if est.undercut_chance <= undercut_tolerance(view, mem) and est.expected_points > 0:
                return act.Knock(kc)
        return act.Discard(ranked[0].card)


def worth_taking(view: PlayerView, mem: Memory, top: Card) -> bool:
    """Whether ``tactician`` takes ``top`` from the discard pile: when it joins a meld and
    lowers the deadwood, or when it lowers the deadwood more than a stock draw is
    expected to."""
    hand = mem.hand
    dw = deadwood_of_mask(hand)
    with_top = hand | top.mask
    after, _ = best_discard(with_top, top.mask)  # never thrown straight back
    if after >= dw:
        return False
    if deadwood_of_mask(with_top) < dw + POINTS[top.index]:
        return True  # it melds
    stock = draw_outlook(hand, mem.unseen, view.knock_limit)
    return after <= stock.expected - 1.0


__all__ = [
    "BIG_UNDERCUT",
    "WAIT_DEADWOOD",
    "WAIT_STOCK",
    "DiscardScore",
    "TacticianBot",
    "feed_weight",
    "gin_weight",
    "score_discards",
    "undercut_tolerance",
    "waits_to_knock",
    "worth_taking",
]
