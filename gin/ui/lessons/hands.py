"""Seeded hands and deals for exercises: dealt by the engine, or built around melds.

Everything here takes a seeded ``random.Random``; the same generator state always gives
the same hand or deal.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from gin import DECK, Card, Deal, DrawDiscard, DrawStock, Phase, Rules, Suit, best_arrangement
from gin.bots import make_bot
from gin.bots.selfplay import play_deal
from gin.cards import cards_mask


def dealt_hand(rng: random.Random, rules: Rules | None = None) -> tuple[Card, ...]:
    """The ten cards of one player in a seeded deal."""
    deal = Deal.new(rules or Rules.preset("classic"), rng=rng)
    return deal.hand(rng.randrange(2))


def dealt_hand_with_melds(
    rng: random.Random, min_melds: int = 1, tries: int = 200
) -> tuple[Card, ...]:
    """A dealt hand whose best arrangement has at least ``min_melds`` melds."""
    hand = dealt_hand(rng)
    for _ in range(tries):
        if len(best_arrangement(hand).melds) >= min_melds:
            return hand
        hand = dealt_hand(rng)
    return hand


def random_meld(rng: random.Random, used: int) -> list[Card] | None:
    """A random set or run avoiding the cards in the mask ``used`` (``None`` if it clashes)."""
    if rng.random() < 0.45:
        rank = rng.randint(1, 13)
        free = [Card(rank, s) for s in Suit if not used & Card(rank, s).mask]
        if len(free) < 3:
            return None
        size = 4 if len(free) == 4 and rng.random() < 0.25 else 3
        return sorted(rng.sample(free, size))
    suit = Suit(rng.randrange(4))
    length = rng.choice((3, 3, 3, 4, 4, 5))
    start = rng.randint(1, 14 - length)
    cards = [Card(r, suit) for r in range(start, start + length)]
    if used & cards_mask(cards):
        return None
    return cards


def built_hand(
    rng: random.Random,
    size: int,
    melds: int,
    filler: Callable[[Card], float] | None = None,
    exclude: int = 0,
) -> list[Card]:
    """``size`` cards holding about ``melds`` random melds; the rest drawn at random.

    ``filler`` weights the random cards (e.g. favour low cards); all equal by default.
    Cards in the mask ``exclude`` are never used.
    """
    used = exclude
    cards: list[Card] = []
    attempts = 0
    while melds and attempts < 50:
        attempts += 1
        m = random_meld(rng, used)
        if m is None or len(cards) + len(m) > size:
            continue
        cards.extend(m)
        used |= cards_mask(m)
        melds -= 1
    return _fill(rng, cards, used, size, filler)


def _fill(
    rng: random.Random,
    cards: list[Card],
    used: int,
    size: int,
    filler: Callable[[Card], float] | None,
) -> list[Card]:
    rest = [c for c in DECK if not used & c.mask]
    while len(cards) < size:
        if filler is None:
            c = rng.choice(rest)
        else:
            c = rng.choices(rest, weights=[filler(x) for x in rest])[0]
        rest.remove(c)
        cards.append(c)
    return sorted(cards)


def gin_hand(rng: random.Random, size: int = 11, exclude: int = 0) -> list[Card]:
    """``size`` cards of which ten form melds: gin after the right discard (for 11)."""
    for _ in range(200):
        used = exclude
        cards: list[Card] = []
        for _ in range(30):
            m = random_meld(rng, used)
            if m is None or len(cards) + len(m) > 10:
                continue
            cards.extend(m)
            used |= cards_mask(m)
            if len(cards) == 10:
                return _fill(rng, cards, used, size, None)
    raise RuntimeError("could not build a gin hand")  # pragma: no cover


def low_card_weight(card: Card) -> float:
    """A filler weight favouring low cards (hands near a knock)."""
    return 11.0 - card.points


def play_out(rules: Rules, seed: int, bots: tuple[str, str] = ("eager", "eager")) -> Deal:
    """A seeded deal played to the end by two computer opponents."""
    deal = Deal.new(rules, dealer=seed % 2, rng=random.Random(seed))
    players = [
        make_bot(bots[0], random.Random(seed * 2 + 1)),
        make_bot(bots[1], random.Random(seed * 2 + 2)),
    ]
    return play_deal(deal, players)


def draws_of(deal: Deal) -> int:
    """How many draws (from the stock or the discard pile) a deal took."""
    return sum(isinstance(a, DrawStock | DrawDiscard) for a in deal.actions)


def find_deal(
    rules: Rules,
    rng: random.Random,
    wanted: Callable[[Deal], bool],
    tries: int = 2000,
) -> Deal:
    """The first seeded play-out (seeds drawn from ``rng``) that ``wanted`` accepts.

    Falls back to the last scored deal if none is found within ``tries``.
    """
    last: Deal | None = None
    for _ in range(tries):
        deal = play_out(rules, rng.randrange(1 << 30))
        if deal.phase is Phase.SCORED:
            last = deal
            if wanted(deal):
                return deal
    if last is None:  # pragma: no cover - every seed voided: practically impossible
        raise RuntimeError("no scored deal found")
    return last


__all__ = [
    "built_hand",
    "dealt_hand",
    "dealt_hand_with_melds",
    "draws_of",
    "find_deal",
    "gin_hand",
    "low_card_weight",
    "play_out",
    "random_meld",
]
