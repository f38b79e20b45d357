"""``sensible``: the policy the expert's imagined deals are played out with.

A cheap cousin of the ``tactician`` (:mod:`gin.bots.tactician`), written on 52-bit masks so
that a playout stays fast (:func:`gin.bots.simulate.sensible_playout`), and stepped on a
:class:`~gin.deal.PlayerView` by :class:`SensibleBot` (the tests check that both play the
same moves). From what its player has seen:

- it takes the up card or the top discard only when the card joins a meld and lowers the
  deadwood (never to throw it straight back);
- it discards the card leaving the least deadwood, counting :data:`FEED_PENALTY` more for
  a card that could meld with cards the opponent is known to collect (taken from the
  discard pile and still held) and live cards; the highest card goes among equals;
- it knocks at the least deadwood as soon as the limit allows, except where the undercut
  bonus is big (:data:`~gin.bots.tactician.BIG_UNDERCUT`): there it waits for gin while the
  stock holds more than :data:`~gin.bots.tactician.WAIT_STOCK` cards, as the tactician does.

>>> from gin.cards import cards_mask, Card
>>> hand = cards_mask([Card.parse(c) for c in "7S 8S KH KD 2C 3C 4C 5D 9H QC".split()])
>>> takes(hand, Card.parse("9S").index)  # it joins 7S 8S: a run
True
>>> takes(hand, Card.parse("AD").index)  # lower, but it melds with nothing
False
"""

from __future__ import annotations

import random

from gin import actions as act
from gin.bots.evaluate import POINTS
from gin.bots.memory import MELD_PARTNERS, NEIGHBOURS
from gin.bots.tactician import BIG_UNDERCUT, WAIT_STOCK
from gin.cards import Card, cards_mask
from gin.deal import Phase, PlayerView
from gin.melds import deadwood_of_mask, discard_deadwoods
from gin.rules import Rules

FEED_PENALTY = 4
"""Points of deadwood a discard that could feed the opponent's known collection counts
extra (the tactician's feed weight, about 2.5 to 4.5)."""


def takes(hand: int, top: int) -> bool:
    """Whether the card ``top`` (an index) is worth taking into the ten-card ``hand``: it
    joins a meld and some other discard then leaves less deadwood than now."""
    return take_options(hand, deadwood_of_mask(hand), top) is not None


def feeds(i: int, known: int, unseen: int) -> bool:
    """Whether the card ``i`` could meld in the opponent's hand with a card it is known to
    hold (``known``) and another known or live (``unseen``) card."""
    possible = known | unseen
    for a, b in MELD_PARTNERS[i]:
        if (a | b) & known and a & possible and b & possible:
            return True
    return False


def waits(rules: Rules, stock: int) -> bool:
    """Whether a knock with deadwood is passed up to play on for gin: where the undercut
    bonus is big, while the stock holds more than :data:`~gin.bots.tactician.WAIT_STOCK`
    cards."""
    return rules.undercut_bonus >= BIG_UNDERCUT and stock > WAIT_STOCK


def discard(
    hand: int, blocked: int, known: int, unseen: int, limit: int = -1, wait: bool = False
) -> tuple[bool, int]:
    """(whether it knocks, card index) of the discard chosen from the eleven-card ``hand``
    (never a card of ``blocked``).

    It knocks with the discard leaving the least deadwood (the highest card among equals)
    when that is within ``limit``: gin always, with deadwood unless ``wait``. Otherwise it
    discards the card leaving the least deadwood, :data:`FEED_PENALTY` more for a card that
    :func:`feeds` the opponent, the highest card among equals."""
    knock, i, _ = choose_discard(hand, blocked, known, unseen, limit, wait)
    return knock, i


def choose_discard(
    hand: int,
    blocked: int,
    known: int,
    unseen: int,
    limit: int = -1,
    wait: bool = False,
    options: list[tuple[int, int]] | None = None,
) -> tuple[bool, int, int]:
    """:func:`discard`, with the deadwood the discard leaves: (whether it knocks, card
    index, deadwood left). ``options`` is :func:`~gin.melds.discard_deadwoods` of ``hand``
    among the cards not ``blocked``, when already worked out."""
    # keys (deadwood, -points, -index) packed in one int: the least wins
    best_key = 1 << 40
    best_i = best_v = -1
    least = 1 << 40
    least_i = least_v = -1
    near = 0
    rest = known
    while rest:
        low = rest & -rest
        rest ^= low
        near |= NEIGHBOURS[low.bit_length() - 1]
    if options is None:
        options = discard_deadwoods(hand, hand & ~blocked)
    for i, v in options:
        tie = (POINTS[i] << 6) + i
        plain = (v << 10) - tie
        if plain < least:
            least, least_i, least_v = plain, i, v
        if near >> i & 1 and feeds(i, known, unseen):
            plain += FEED_PENALTY << 10
        if plain < best_key:
            best_key, best_i, best_v = plain, i, v
    if least_i >= 0 and least_v <= limit and (least_v == 0 or not wait):
        return True, least_i, least_v
    return False, best_i, best_v


def take_options(hand: int, dw: int, top: int) -> list[tuple[int, int]] | None:
    """:func:`takes` for a ten-card ``hand`` of deadwood ``dw``: ``None`` when the card
    ``top`` is not taken, else :func:`~gin.melds.discard_deadwoods` of the hand with it
    (among the hand's own cards: the discards it then chooses from)."""
    with_top = hand | (1 << top)
    if deadwood_of_mask(with_top) >= dw + POINTS[top]:
        return None  # it joins no meld
    options = discard_deadwoods(with_top, hand)
    for _, v in options:
        if v < dw:
            return options
    return None


class SensibleBot:
    """The policy of the module, stepped on a player's view (the imagined deals' player,
    see :func:`gin.bots.simulate.sensible_playout`)."""

    name = "sensible"

    def __init__(self, rng: random.Random | None = None, patient: bool = True) -> None:
        self.rng = rng  # accepted like every opponent's; the policy draws no number
        self.patient = patient
        """Whether it waits for gin where :func:`waits` says so; if not, it knocks as soon
        as the limit allows."""

    def choose(self, view: PlayerView) -> act.Action:
        """The sensible choice for this view."""
        legal = view.legal_actions
        ph = view.phase
        if ph is Phase.LAYOFF:
            return act.LayOff()
        hand = cards_mask(view.hand)
        if ph in (Phase.OFFER_NON_DEALER, Phase.OFFER_DEALER, Phase.DRAW):
            take: act.Action = act.TakeUpCard() if ph is not Phase.DRAW else act.DrawDiscard()
            top = view.top_discard
            if top is not None and take in legal and takes(hand, top.index):
                return take
            return act.Pass() if ph is not Phase.DRAW else act.DrawStock()
        if act.BigGin() in legal:
            return act.BigGin()
        blocked = view.taken_card.mask if view.taken_card is not None else 0
        known = cards_mask(view.opponent_known)
        unseen = ~(hand | cards_mask(view.discard_pile) | known) & ((1 << 52) - 1)
        wait = self.patient and waits(view.rules, view.stock_count)
        knock, i = discard(hand, blocked, known, unseen, view.knock_limit, wait)
        card = Card.from_index(i)
        if knock and act.Knock(card) in legal:
            return act.Knock(card)
        return act.Discard(card)


__all__ = [
    "FEED_PENALTY",
    "SensibleBot",
    "choose_discard",
    "discard",
    "feeds",
    "take_options",
    "takes",
    "waits",
]
