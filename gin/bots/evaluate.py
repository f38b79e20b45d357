"""Hand evaluation shared by the opponents and the hints, on 52-bit masks.

- :func:`draw_outlook`: what one more draw from the unseen cards is expected to do for a
  ten-card hand (the expected deadwood, and the chance of being able to knock).
- :func:`card_weights` and :func:`feed_risk`: how likely the opponent holds each unseen
  card, and how likely a discard is to be useful to the opponent.
- :func:`sample_opponent_hand`: one guess at the opponent's hidden cards that agrees with
  everything seen (determinization).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

from gin.bots.memory import MELD_PARTNERS, NEIGHBOURS, Memory
from gin.bots.outcome import score
from gin.cards import DECK, Card
from gin.melds import best_discard_deadwood_of_mask, deadwood_of_mask, discard_deadwoods
from gin.rules import Rules

POINTS: tuple[int, ...] = tuple(c.points for c in DECK)
"""Points of each card, by card index."""


PICK_WEIGHT = 2.0
"""How much likelier an unseen card is in the opponent's hand when it could meld with a
card the opponent picked up from the discard pile."""


def bits(mask: int) -> list[int]:
    """The card indexes of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def best_discard(mask: int, blocked: int = 0) -> tuple[int, int]:
    """(least deadwood, card index) after discarding one card of ``mask`` other than the
    cards in ``blocked``; among equal deadwood the highest card goes (then the higher
    index), as the ``eager`` opponent does."""
    best = 1 << 30
    best_i = -1
    for i, v in discard_deadwoods(mask, mask & ~blocked):
        if v < best or (v == best and (POINTS[i], i) > (POINTS[best_i], best_i)):
            best = v
            best_i = i
    return best, best_i


@dataclass(frozen=True)
class Outlook:
    """What the next draw is expected to do for a ten-card hand."""

    deadwood: int
    """Deadwood now."""
    expected: float
    """Expected deadwood after one more draw from the unseen cards (and a discard)."""
    knock_chance: float
    """Chance that this draw lets the hand knock (deadwood at most the limit)."""
    gin_chance: float
    """Chance that this draw gives gin."""
    outs: int
    """How many unseen cards would lower the deadwood."""


def draw_outlook(hand: int, unseen: int, limit: int) -> Outlook:
    """The :class:`Outlook` of a ten-card hand, drawing uniformly from ``unseen``."""
    dw = deadwood_of_mask(hand)
    total = 0
    n = 0
    knock = 0
    gin = 0
    outs = 0
    for i in bits(unseen):
        n += 1
        m = hand | (1 << i)
        # discarding the drawn card keeps dw; only look for better
        best = best_discard_deadwood_of_mask(m, among=hand, ceiling=dw)
        total += best
        if best < dw:
            outs += 1
        if best <= limit:
            knock += 1
            if best == 0:
                gin += 1
    if n == 0:
        return Outlook(dw, float(dw), float(dw <= limit), float(dw == 0), 0)
    return Outlook(dw, total / n, knock / n, gin / n, outs)


def card_weights(mem: Memory) -> dict[int, float]:
    """For each unseen card (by index), the chance that the opponent holds it.

    The opponent's hidden cards are spread over the unseen cards, less often near the
    cards the opponent threw away or left on the discard pile (a player keeps the
    cards that fit together), more often near the cards it picked up from the discard
    pile (a player picks up a card that fits its hand: :data:`PICK_WEIGHT`).
    """
    return dict(_card_weights(mem))


@lru_cache(maxsize=256)
def _card_weights(mem: Memory) -> dict[int, float]:
    """:func:`card_weights`, worked out once per memory (every world of a search samples
    from the same weights; callers must not change the dict)."""
    unseen = bits(mem.unseen)
    if not unseen:
        return {}
    avoid = mem.opp_discarded | mem.opp_declined
    picked = mem.opp_known
    raw: dict[int, float] = {}
    for i in unseen:
        w = 1.0
        near = NEIGHBOURS[i] & avoid
        if near:
            w = 0.6 if near.bit_count() == 1 else 0.4
        if NEIGHBOURS[i] & picked:
            w *= PICK_WEIGHT
        raw[i] = w
    total = math.fsum(raw.values())  # exactly rounded: the same on every Python version
    scale = mem.opp_hidden / total if total else 0.0
    return {i: min(1.0, w * scale) for i, w in raw.items()}


def feed_risk(card_index: int, mem: Memory, weights: dict[int, float]) -> float:
    """The chance that the opponent can meld this card if it is discarded.

    Known opponent cards count for certain; unseen cards count with their weight; cards
    in this player's hand or the discard pile can't help the opponent.
    """

    def p(m: int) -> float:
        if m & mem.opp_known:
            return 1.0
        if m & mem.unseen:
            return weights.get(m.bit_length() - 1, 0.0)
        return 0.0

    miss = 1.0
    for a, b in MELD_PARTNERS[card_index]:
        q = p(a) * p(b)
        if q:
            miss *= 1.0 - q
    # extending a meld the opponent already holds: three cards known in a row or a set
    return 1.0 - miss


def improvement(draws: int) -> int:
    """How many extra cards :func:`sample_opponent_hand` draws and drops after the
    opponent's ``draws`` stock draws (checked against real deals: a long deal means the
    opponent's draws helped less than they might have)."""
    return min(draws, 2 + draws // 3, 5)


def sample_opponent_hand(
    mem: Memory,
    rng: random.Random,
    improve: int | None = None,
    limit: int = -1,
    hasty: bool | None = None,
) -> int:
    """A guess at the opponent's whole hand as a mask, agreeing with everything seen.

    The opponent's known cards are always in it; the hidden cards are drawn from the
    unseen cards, favouring the cards the opponent did not throw away. Because a player
    improves the hand with every draw, ``improve`` extra cards are drawn and the worst
    ones for the opponent are dropped again (by default :func:`improvement`).

    What the opponent did not do tells as much as what it did, and ``hasty`` says how to
    read it (see :func:`misfit`):

    - ``None`` (no model of the opponent): once the opponent has discarded, a hand that
      could have knocked (deadwood at most ``limit``) is unlikely, since most players
      knock when they can: such a guess is drawn again (up to three times; a gin hand
      always);
    - ``True`` (an opponent that knocks as soon as it can, as ``eager`` does): it would
      have knocked, and it threw away the card leaving the least deadwood, so a guess
      that could have knocked or would have kept its last discard is drawn again, up to
      :data:`READ_TRIES` times, keeping the guess that fits best;
    - ``False`` (an opponent that passes up a knock to wait for gin): only a gin hand is
      impossible.
    """
    hidden = mem.opp_hidden
    if hidden <= 0:
        return mem.opp_known
    weights = _card_weights(mem)
    pool = list(weights)
    if improve is None:
        improve = improvement(mem.opp_stock_draws)
    played = mem.opp_discarded != 0
    hand = 0
    if hasty is None:
        for attempt in range(6):
            hand = _guess(mem, rng, pool, weights, hidden, improve)
            if not played:
                break
            dw = deadwood_of_mask(hand)
            if dw > limit or (dw > 0 and attempt >= 2):
                break
        return hand
    best = -1
    best_bad = 1 << 30
    for _ in range(READ_TRIES):
        hand = _guess(mem, rng, pool, weights, hidden, improve)
        if not played:
            return hand
        bad = misfit(hand, limit, hasty, mem.opp_last_discard, mem.opp_last_blocked)
        if bad == 0:
            return hand
        if bad < best_bad:
            best, best_bad = hand, bad
    return best


READ_TRIES = 8
"""Guesses :func:`sample_opponent_hand` draws at most to find one that fits how the
opponent plays (the best fitting is kept)."""


def misfit(hand: int, limit: int, hasty: bool, last_discard: int = -1, blocked: int = 0) -> int:
    """How badly the ten-card ``hand`` fits an opponent who just discarded ``last_discard``
    (a card index, or -1; never a card of the mask ``blocked``) and did not knock: 0 when
    it fits.

    A gin hand never fits (every player knocks with gin). An opponent that knocks as soon
    as it can (``hasty``) would have knocked with deadwood at most ``limit``, and it throws
    away the card leaving the least deadwood, so a hand in which another discard would
    have left less deadwood fits by that much less.

    >>> from gin.cards import cards_mask, parse_cards
    >>> hand = cards_mask(parse_cards("2C 3C 4C 5D 5H 5S 9D 9H KS QS"))
    >>> misfit(hand, 10, hasty=True, last_discard=parse_cards("AD")[0].index)
    9
    >>> misfit(hand, 10, hasty=False)
    0
    """
    dw = deadwood_of_mask(hand)
    if dw == 0:
        return 1000
    if not hasty:
        return 0
    bad = 100 if dw <= limit else 0
    if last_discard >= 0:
        v, _ = best_discard(hand | (1 << last_discard), blocked)
        bad += dw - v
    return bad


def _guess(
    mem: Memory,
    rng: random.Random,
    pool: list[int],
    weights: dict[int, float],
    hidden: int,
    improve: int,
) -> int:
    take = min(len(pool), hidden + improve)
    chosen = _weighted_sample(pool, weights, take, rng)
    hand = mem.opp_known
    for i in chosen:
        hand |= 1 << i
    extra = take - hidden
    droppable = hand & ~mem.opp_known
    for _ in range(extra):
        _, i = best_discard(hand, ~droppable)
        hand ^= 1 << i
        droppable ^= 1 << i
    return hand


def _weighted_sample(
    pool: list[int], weights: dict[int, float], k: int, rng: random.Random
) -> list[int]:
    """``k`` distinct items of ``pool`` drawn with probability proportional to weight."""
    if k >= len(pool):
        return list(pool)
    # Efraimidis-Spirakis keys: u ** (1 / w), largest k win
    keyed = []
    for i in pool:
        w = weights[i]
        u = rng.random()
        keyed.append((u ** (1.0 / w) if w > 0 else 0.0, i))
    keyed.sort(reverse=True)
    return [i for _, i in keyed[:k]]


@dataclass(frozen=True)
class KnockEstimate:
    """What knocking with a ten-card hand is expected to bring, over sampled opponent
    hands."""

    deadwood: int
    undercut_chance: float
    expected_points: float
    """Expected points for the knocker (negative: the defender is expected to score)."""
    samples: int


def estimate_knock(
    mem: Memory,
    kept: int,
    rules: Rules,
    up_card: Card,
    rng: random.Random,
    samples: int = 16,
) -> KnockEstimate:
    """Score a knock keeping ``kept`` against ``samples`` guesses of the opponent's hand."""
    dw = deadwood_of_mask(kept)
    under = 0
    total = 0
    me = mem.player
    for _ in range(samples):
        opp = sample_opponent_hand(mem, rng, limit=rules.knock_limit(up_card))
        o = score(rules, up_card, me, kept, opp)
        total += o.value(me)
        if o.kind == "undercut":
            under += 1
    return KnockEstimate(dw, under / samples, total / samples, samples)


def eager_takes(hand: int, dw: int, top: int) -> bool:
    """Whether ``eager`` takes the card ``top``: only if keeping it lowers its deadwood."""
    return any(v < dw for _, v in discard_deadwoods(hand | (1 << top), hand))


__all__ = [
    "PICK_WEIGHT",
    "POINTS",
    "READ_TRIES",
    "KnockEstimate",
    "Outlook",
    "best_discard",
    "bits",
    "card_weights",
    "draw_outlook",
    "eager_takes",
    "estimate_knock",
    "feed_risk",
    "improvement",
    "misfit",
    "sample_opponent_hand",
]
