"""Explanations as data: why the engine melds a hand the way it does, what the up card
does to the knock limit, and what each discard or draw would leave.

Every function returns numbered :class:`~gin.steps.Step` records; their sentences are in
the message catalog (:mod:`gin.i18n`), defined once here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gin.cards import Card, cards_mask
from gin.i18n import M
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
        m = M["limit.ace-gin-only-big-gin"] if rules.big_gin else M["limit.ace-gin-only"]
        out.append(("limit", m(up_card=up_card.code)))
    elif up_card.rank == 1:
        out.append(("limit", M["limit.ace"](up_card=up_card.code, limit=limit)))
    elif up_card.rank >= 10:
        out.append(("limit", M["limit.ten"](up_card=up_card.code)))
    else:
        out.append(("limit", M["limit.pips"](up_card=up_card.code, limit=limit)))
    if rules.is_doubled(up_card):
        out.append(("doubled", M["limit.doubled"]()))
    elif rules.spade_doubles:
        out.append(("not-doubled", M["limit.not-doubled"]()))
    return number_steps(out)


# ------------------------------------------------------------------ melds


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
                M["melds.best"](
                    melds=_melds(best.melds),
                    deadwood=_codes(best.deadwood),
                    points=best.deadwood_points,
                ),
            )
        )
    else:
        out.append(("best", M["melds.best-no-deadwood"](melds=_melds(best.melds))))
    if len(bests) > 1:
        out.append(("equal", M["melds.equal"](count=len(bests) - 1, points=best.deadwood_points)))
    for alt in others:
        diff = alt.deadwood_points - best.deadwood_points
        common = {"melds": _melds(alt.melds), "deadwood": _codes(alt.deadwood), "difference": diff}
        contested = _contested(best, alt)
        if contested is None:
            out.append(("alternative", M["melds.alternative"](**common)))
            continue
        card, here, there = contested
        if here is None:
            out.append(
                (
                    "alternative",
                    M["melds.alternative-loose"](
                        **common, card=card.code, there=_codes(there.cards)
                    ),
                )
            )
        else:
            out.append(
                (
                    "alternative",
                    M["melds.alternative-swap"](
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
        out.append(("taken-card", M["discard.taken-card"](card=keep.code)))
    big = rules is not None and rules.big_gin and deadwood_of_mask(cards_mask(hand)) == 0
    if big:
        assert rules is not None
        doubled = up_card is not None and rules.is_doubled(up_card)
        m = M["discard.can-big-gin-doubled"] if doubled else M["discard.can-big-gin"]
        out.append(("big-gin", m(bonus=rules.big_gin_bonus)))
    lowest = [o for o in opts if o.deadwood_points == best]
    out.append(
        ("best-discards", M["discard.best"](cards=_codes(o.discard for o in lowest), deadwood=best))
    )
    for o in opts[len(lowest) : len(lowest) + top]:
        out.append(
            ("other-discard", M["discard.other"](card=o.discard.code, deadwood=o.deadwood_points))
        )
    if best == 0:
        out.append(("can-knock", M["discard.can-gin"](card=lowest[0].discard.code)))
    elif best <= limit:
        out.append(("can-knock", M["discard.can-knock"](deadwood=best, limit=limit)))
    elif limit == 0:
        m = (
            M["discard.gin-only-big-gin"]
            if rules is not None and rules.big_gin
            else M["discard.gin-only"]
        )
        out.append(("cannot-knock", m(deadwood=best)))
    else:
        out.append(("cannot-knock", M["discard.cannot-knock"](deadwood=best, limit=limit)))
    return number_steps(out)


# ------------------------------------------------------------------ draws


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
        (
            "now",
            M["draw.now"](deadwood=now, limit=limit)
            if limit
            else M["draw.now-gin-only"](deadwood=now),
        )
    ]
    if top is not None:
        taken = m | top.mask
        choices = cards if keep_taken else [*cards, top]
        options = [(deadwood_of_mask(taken ^ c.mask), c) for c in choices]
        after, drop = min(options, key=lambda o: (o[0], -o[1].points, o[1].index))
        data = {"card": top.code, "discard": drop.code, "after": after}
        if after == 0:
            out.append(("take", M["draw.take-gin"](card=top.code, discard=drop.code)))
        elif after < now:
            m_ = M["draw.take-knock"] if after <= limit else M["draw.take-lowers"]
            out.append(("take", m_(**data, now=now)))
        else:
            out.append(("take", M["draw.take-no-help"](**data)))
    if offer:
        out.append(
            ("pass", M["draw.offer-pass-dealer"]() if dealer else M["draw.offer-pass-non-dealer"]())
        )
    else:
        out.append(("stock", M["draw.stock"]()))
    return number_steps(out)


__all__ = [
    "MeldExplanation",
    "discard_steps",
    "draw_steps",
    "explain_melds",
    "knock_limit_steps",
]
