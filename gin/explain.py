"""Explanations as data: why the engine melds a hand the way it does, what the up card
does to the knock limit, and what each discard or draw would leave.

Every function returns numbered :class:`~gin.steps.Step` records; their sentences are in
the message catalog (:mod:`gin.i18n`), defined once here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gin.cards import Card, cards_mask
from gin.i18n import message, plural_message
from gin.melds import (
    Arrangement,
    Meld,
    all_maximal_arrangements,
    best_arrangements,
    deadwood_of_mask,
    discard_options,
)
from gin.rules import Rules
from gin.steps import Draft, Step, number_steps

# ------------------------------------------------------------------ the knock limit

LIMIT_ACE_GIN_ONLY = message(
    "limit.ace-gin-only",
    "The up card is {up_card:card}. In these rules an ace up card means that only gin can "
    "end this deal: nobody may knock with any deadwood.",
)
LIMIT_ACE_GIN_ONLY_BIG = message(
    "limit.ace-gin-only-big-gin",
    "The up card is {up_card:card}. In these rules an ace up card means that only gin or big "
    "gin can end this deal: nobody may knock with any deadwood.",
)
LIMIT_ACE = message(
    "limit.ace",
    "The up card is {up_card:card}. An ace counts 1 point, so the knock limit is {limit}: "
    "you may knock once your deadwood is {limit} or less.",
)
LIMIT_TEN = message(
    "limit.ten",
    "The up card is {up_card:card}, worth 10, so the knock limit is 10: the most any up card "
    "allows.",
)
LIMIT_PIPS = message(
    "limit.pips",
    "The up card is {up_card:card}, so the knock limit is {limit}: you may knock once your "
    "deadwood is {limit} or less.",
)
DOUBLED = message(
    "limit.doubled",
    "The up card is a spade, so every point of this deal counts double, bonuses included.",
)
NOT_DOUBLED = message(
    "limit.not-doubled", "The up card is not a spade, so this deal scores normally."
)


def knock_limit_steps(rules: Rules, up_card: Card) -> tuple[Step, ...]:
    """Why the knock limit is what it is, and whether the deal is doubled.

    >>> from gin.cards import Card
    >>> steps = knock_limit_steps(Rules.preset("spades-double"), Card.parse("AS"))
    >>> [(s.number, s.code, s.key) for s in steps]
    [(1, 'limit', 'limit.ace-gin-only-big-gin'), (2, 'doubled', 'limit.doubled')]
    """
    limit = rules.knock_limit(up_card)
    out: list[Draft] = []
    if up_card.rank == 1 and limit == 0:
        m = LIMIT_ACE_GIN_ONLY_BIG if rules.big_gin else LIMIT_ACE_GIN_ONLY
        out.append(("limit", m(up_card=up_card.code)))
    elif up_card.rank == 1:
        out.append(("limit", LIMIT_ACE(up_card=up_card.code, limit=limit)))
    elif up_card.rank >= 10:
        out.append(("limit", LIMIT_TEN(up_card=up_card.code)))
    else:
        out.append(("limit", LIMIT_PIPS(up_card=up_card.code, limit=limit)))
    if rules.is_doubled(up_card):
        out.append(("doubled", DOUBLED()))
    elif rules.spade_doubles:
        out.append(("not-doubled", NOT_DOUBLED()))
    return number_steps(out)


# ------------------------------------------------------------------ melds

BEST = message(
    "melds.best", "Best arrangement: {melds:melds}. Deadwood: {deadwood:cards} = {points}."
)
BEST_NO_DEADWOOD = message(
    "melds.best-no-deadwood", "Best arrangement: {melds:melds}. No deadwood: every card melds."
)
EQUAL = plural_message(
    "melds.equal",
    "{count} other arrangement leaves the same {points}.",
    "{count} other arrangements leave the same {points}.",
)
ALTERNATIVE = message(
    "melds.alternative",
    "Instead: {melds:melds}, with {deadwood:cards} as deadwood. That leaves {difference} more.",
)
ALTERNATIVE_SWAP = message(
    "melds.alternative-swap",
    "Instead: {melds:melds}, with {deadwood:cards} as deadwood. That leaves {difference} more: "
    "it puts {card:card} in the {there:meld} instead of the {here:meld}.",
)
ALTERNATIVE_LOOSE = message(
    "melds.alternative-loose",
    "Instead: {melds:melds}, with {deadwood:cards} as deadwood. That leaves {difference} more: "
    "it puts {card:card} in the {there:meld} instead of leaving it as deadwood.",
)


@dataclass(frozen=True)
class MeldExplanation:
    """Why the engine arranges a hand the way it does."""

    best: Arrangement
    equal: tuple[Arrangement, ...]
    """Other arrangements with the same least deadwood."""
    alternatives: tuple[Arrangement, ...]
    """The next-best arrangements that leave more deadwood, best first."""
    steps: tuple[Step, ...]

    @property
    def set_versus_run(self) -> tuple[Card, Arrangement] | None:
        """A card the best arrangement melds one way (set or run) and the best alternative
        melds the other way: (the card, that alternative), or ``None``."""
        for alt in self.alternatives:
            found = _contested(self.best, alt)
            if found is not None and found[1] is not None:
                return found[0], alt
        return None


def _codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def _melds(melds: Iterable[Meld]) -> list[list[str]]:
    return [_codes(m.cards) for m in melds]


def explain_melds(cards: Iterable[Card], alternatives: int = 3) -> MeldExplanation:
    """Explain the best arrangement of a hand and compare it with the alternatives.

    >>> from gin.cards import parse_cards
    >>> ex = explain_melds(parse_cards("5S 6S 7S 7H 7D 8S 9S"))
    >>> print(ex.steps[0])
    1. Best arrangement: run 5♠ 6♠ 7♠ 8♠ 9♠. Deadwood: 7♥ 7♦ = 14.
    """
    hand = list(cards)
    bests = best_arrangements(hand)
    best = bests[0]
    others = [
        a for a in all_maximal_arrangements(hand) if a.deadwood_points > best.deadwood_points
    ][:alternatives]
    out: list[Draft] = []
    if best.deadwood:
        out.append(
            (
                "best",
                BEST(
                    melds=_melds(best.melds),
                    deadwood=_codes(best.deadwood),
                    points=best.deadwood_points,
                ),
            )
        )
    else:
        out.append(("best", BEST_NO_DEADWOOD(melds=_melds(best.melds))))
    if len(bests) > 1:
        out.append(("equal", EQUAL(count=len(bests) - 1, points=best.deadwood_points)))
    for alt in others:
        diff = alt.deadwood_points - best.deadwood_points
        common = {"melds": _melds(alt.melds), "deadwood": _codes(alt.deadwood), "difference": diff}
        contested = _contested(best, alt)
        if contested is None:
            out.append(("alternative", ALTERNATIVE(**common)))
            continue
        card, here, there = contested
        if here is None:
            out.append(
                (
                    "alternative",
                    ALTERNATIVE_LOOSE(**common, card=card.code, there=_codes(there.cards)),
                )
            )
        else:
            out.append(
                (
                    "alternative",
                    ALTERNATIVE_SWAP(
                        **common,
                        card=card.code,
                        there=_codes(there.cards),
                        here=_codes(here.cards),
                    ),
                )
            )
    return MeldExplanation(best, tuple(bests[1:]), tuple(others), number_steps(out))


def _contested(best: Arrangement, alt: Arrangement) -> tuple[Card, Meld | None, Meld] | None:
    """A card melded differently in the two arrangements (set versus run, usually)."""
    for m in alt.melds:
        for c in m.cards:
            here = best.meld_of(c)
            if here is not None and here.kind != m.kind:
                return (c, here, m)
    for m in alt.melds:
        for c in m.cards:
            if best.meld_of(c) is None:
                return (c, None, m)
    return None


# ------------------------------------------------------------------ discards

BEST_DISCARDS = message(
    "discard.best", "Discarding {cards:or_cards} leaves the least deadwood: {deadwood}."
)
OTHER_DISCARD = message("discard.other", "Discarding {card:card} would leave {deadwood}.")
CAN_GIN = message(
    "discard.can-gin",
    "Discard {card:card} and all ten cards you keep meld: you may go gin.",
)
CAN_KNOCK = message(
    "discard.can-knock",
    "With {deadwood} deadwood against a knock limit of {limit}, you may knock.",
)
CANNOT_KNOCK = message(
    "discard.cannot-knock",
    "To knock you need your deadwood down to {limit} or less; your best discard leaves {deadwood}.",
)
GIN_ONLY = message(
    "discard.gin-only",
    "Nobody may knock in this deal: only gin ends it, and your best discard still leaves "
    "{deadwood} deadwood.",
)
GIN_ONLY_BIG = message(
    "discard.gin-only-big-gin",
    "Nobody may knock in this deal: only gin or big gin ends it, and your best discard still "
    "leaves {deadwood} deadwood.",
)
CAN_BIG_GIN = message(
    "discard.can-big-gin",
    "All eleven of your cards meld: you may declare big gin. It needs no discard and scores "
    "the big-gin bonus of {bonus} plus your opponent's deadwood.",
)
CAN_BIG_GIN_DOUBLED = message(
    "discard.can-big-gin-doubled",
    "All eleven of your cards meld: you may declare big gin. It needs no discard and scores "
    "the big-gin bonus of {bonus} plus your opponent's deadwood, all doubled on this spade "
    "deal.",
)
TAKEN_CARD = message(
    "discard.taken-card",
    "You just took {card:card} from the discard pile, so you may not discard it this turn.",
)


def discard_steps(
    cards11: Iterable[Card],
    limit: int,
    top: int = 3,
    keep: Card | None = None,
    rules: Rules | None = None,
    up_card: Card | None = None,
) -> tuple[Step, ...]:
    """The best discards of an eleven-card hand and whether any allows a knock or gin.

    ``keep`` is a card that may not be discarded (just taken from the discard pile).
    With ``rules`` and ``up_card`` the steps also tell big gin (where the rules have it)
    and an ace deal in which only gin may end the deal.

    >>> from gin.cards import parse_cards
    >>> print(discard_steps(parse_cards("AS 2S 3S 5H 5D 5C 9D TD JD 2C KH"), 6)[0])
    1. Discarding K♥ leaves the least deadwood: 2.
    """
    hand = list(cards11)
    opts = [o for o in discard_options(hand) if o.discard != keep]
    best = opts[0].deadwood_points
    out: list[Draft] = []
    if keep is not None:
        out.append(("taken-card", TAKEN_CARD(card=keep.code)))
    big = rules is not None and rules.big_gin and deadwood_of_mask(cards_mask(hand)) == 0
    if big:
        assert rules is not None
        doubled = up_card is not None and rules.is_doubled(up_card)
        m = CAN_BIG_GIN_DOUBLED if doubled else CAN_BIG_GIN
        out.append(("big-gin", m(bonus=rules.big_gin_bonus)))
    lowest = [o for o in opts if o.deadwood_points == best]
    out.append(
        ("best-discards", BEST_DISCARDS(cards=_codes(o.discard for o in lowest), deadwood=best))
    )
    for o in opts[len(lowest) : len(lowest) + top]:
        out.append(
            ("other-discard", OTHER_DISCARD(card=o.discard.code, deadwood=o.deadwood_points))
        )
    if best == 0:
        out.append(("can-knock", CAN_GIN(card=lowest[0].discard.code)))
    elif best <= limit:
        out.append(("can-knock", CAN_KNOCK(deadwood=best, limit=limit)))
    elif limit == 0:
        m = GIN_ONLY_BIG if rules is not None and rules.big_gin else GIN_ONLY
        out.append(("cannot-knock", m(deadwood=best)))
    else:
        out.append(("cannot-knock", CANNOT_KNOCK(deadwood=best, limit=limit)))
    return number_steps(out)


# ------------------------------------------------------------------ draws

NOW = message("draw.now", "Your deadwood is {deadwood} now; the knock limit is {limit}.")
NOW_GIN_ONLY = message(
    "draw.now-gin-only", "Your deadwood is {deadwood} now; only gin may end this deal."
)
TAKE_LOWERS = message(
    "draw.take-lowers",
    "Taking {card:card} and discarding {discard:card} would bring your deadwood down from "
    "{now} to {after}.",
)
TAKE_KNOCK = message(
    "draw.take-knock",
    "Taking {card:card} and discarding {discard:card} would bring your deadwood down from "
    "{now} to {after}: low enough to knock.",
)
TAKE_GIN = message(
    "draw.take-gin",
    "Taking {card:card} and discarding {discard:card} would leave no deadwood at all: gin!",
)
TAKE_NO_HELP = message(
    "draw.take-no-help",
    "Taking {card:card} would not lower your deadwood (the best you could keep is {after}, "
    "discarding {discard:card}), and it would show your opponent what you collect.",
)
OFFER_PASS_NON_DEALER = message(
    "draw.offer-pass-non-dealer",
    "If you pass, the dealer may take the up card; if the dealer passes too, you draw the "
    "first card from the stock.",
)
OFFER_PASS_DEALER = message(
    "draw.offer-pass-dealer",
    "If you pass, the offer ends: your opponent draws the first card from the stock and "
    "nobody may take the up card any more.",
)
STOCK = message("draw.stock", "The stock is a blind draw: it keeps your plans hidden.")
STOCK_ONLY = message(
    "draw.stock-only", "Both players passed the up card: draw the first card from the stock."
)


def draw_steps(
    hand: Iterable[Card],
    top: Card | None,
    limit: int,
    offer: bool = False,
    dealer: bool = False,
    keep_taken: bool = True,
) -> tuple[Step, ...]:
    """What taking ``top`` (the up card or the top discard) would do to a ten-card hand.

    ``offer`` marks the up-card offer, and ``dealer`` the dealer's part of it (after the
    non-dealer passed). With ``keep_taken`` (the usual rule) the card taken may not be
    thrown straight back.

    >>> from gin.cards import parse_cards, Card
    >>> steps = draw_steps(parse_cards("AS 2S 5H 5D 9D TD JD 2C KH QC"), Card.parse("3S"), 6)
    >>> [s.data.get("after") for s in steps if s.code == "take"]
    [22]
    """
    cards = list(hand)
    m = cards_mask(cards)
    now = deadwood_of_mask(m)
    out: list[Draft] = [
        ("now", NOW(deadwood=now, limit=limit) if limit else NOW_GIN_ONLY(deadwood=now))
    ]
    if top is not None:
        taken = m | top.mask
        choices = cards if keep_taken else [*cards, top]
        options = [(deadwood_of_mask(taken ^ c.mask), c) for c in choices]
        after, drop = min(options, key=lambda o: (o[0], -o[1].points, o[1].index))
        data = {"card": top.code, "discard": drop.code, "after": after}
        if after == 0:
            out.append(("take", TAKE_GIN(card=top.code, discard=drop.code)))
        elif after < now:
            m_ = TAKE_KNOCK if after <= limit else TAKE_LOWERS
            out.append(("take", m_(**data, now=now)))
        else:
            out.append(("take", TAKE_NO_HELP(**data)))
    if offer:
        out.append(("pass", OFFER_PASS_DEALER() if dealer else OFFER_PASS_NON_DEALER()))
    else:
        out.append(("stock", STOCK()))
    return number_steps(out)


__all__ = [
    "MeldExplanation",
    "discard_steps",
    "draw_steps",
    "explain_melds",
    "knock_limit_steps",
]
