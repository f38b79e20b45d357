"""Explanations as data: numbered :class:`Step` records the user interface renders.

The engine writes every sentence itself and keeps the numbers in ``data`` so a view can
lay them out its own way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gin.cards import Card, cards_mask, format_cards
from gin.melds import (
    Arrangement,
    all_maximal_arrangements,
    best_arrangements,
    deadwood_of_mask,
    discard_options,
)
from gin.rules import Rules

if TYPE_CHECKING:
    from gin.deal import PlayerView


@dataclass(frozen=True)
class Step:
    """One numbered step of an explanation.

    ``code`` says what kind of step it is (``limit``, ``layoff``, ``compare`` ...),
    ``text`` is the sentence shown to the learner, and ``data`` holds its numbers.
    """

    number: int
    code: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"{self.number}. {self.text}"


def number_steps(steps: Iterable[tuple[str, str, Mapping[str, Any]]]) -> tuple[Step, ...]:
    """Number (code, text, data) triples from 1."""
    return tuple(Step(i, code, text, data) for i, (code, text, data) in enumerate(steps, 1))


def knock_limit_steps(rules: Rules, up_card: Card) -> tuple[Step, ...]:
    """Why the knock limit is what it is, and whether the deal is doubled.

    >>> from gin.cards import Card
    >>> steps = knock_limit_steps(Rules.preset("spades-double"), Card.parse("AS"))
    >>> [(s.number, s.code, s.data) for s in steps]
    [(1, 'limit', {'up_card': 'AS', 'limit': 0}), (2, 'doubled', {'multiplier': 2})]
    """
    limit = rules.knock_limit(up_card)
    out: list[tuple[str, str, Mapping[str, Any]]] = []
    data = {"up_card": up_card.code, "limit": limit}
    if up_card.rank == 1:
        if limit == 0:
            text = (
                f"The up card is {up_card}. An ace up card means only gin "
                f"{'(or big gin) ' if rules.big_gin else ''}can end this deal: "
                "the knock limit is 0."
            )
        else:
            text = (
                f"The up card is {up_card}. An ace counts {limit} here, so you may knock only "
                f"with {limit} deadwood or less."
            )
    elif up_card.rank >= 10:
        text = (
            f"The up card is {up_card}, worth 10, so the knock limit is 10: the most "
            "any up card allows."
        )
    else:
        text = (
            f"The up card is {up_card}, so the knock limit is {limit}: you may knock once "
            f"your deadwood is {limit} or less."
        )
    out.append(("limit", text, data))
    if rules.is_doubled(up_card):
        out.append(
            (
                "doubled",
                "The up card is a spade, so every point of this deal counts double, "
                "bonuses included.",
                {"multiplier": 2},
            )
        )
    elif rules.spade_doubles:
        out.append(
            (
                "not-doubled",
                "The up card is not a spade, so this deal scores normally.",
                {"multiplier": 1},
            )
        )
    return number_steps(out)


@dataclass(frozen=True)
class MeldExplanation:
    """Why the engine arranges a hand the way it does."""

    best: Arrangement
    equal: tuple[Arrangement, ...]
    """Other arrangements with the same least deadwood."""
    alternatives: tuple[Arrangement, ...]
    """The next-best arrangements that leave more deadwood, best first."""
    steps: tuple[Step, ...]


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
    out: list[tuple[str, str, Mapping[str, Any]]] = []
    melds = "; ".join(m.describe() for m in best.melds) or "no melds"
    dw = f"{format_cards(best.deadwood)} = {best.deadwood_points}" if best.deadwood else "none = 0"
    out.append(
        (
            "best",
            f"Best arrangement: {melds}. Deadwood: {dw}.",
            {"deadwood": best.deadwood_points, "melds": [m.describe() for m in best.melds]},
        )
    )
    if len(bests) > 1:
        out.append(
            (
                "equal",
                f"{len(bests) - 1} other arrangement{'s' if len(bests) > 2 else ''} "
                f"leave{'' if len(bests) > 2 else 's'} the same {best.deadwood_points}: "
                + " | ".join(a.describe() for a in bests[1:]),
                {"count": len(bests)},
            )
        )
    for alt in others:
        diff = alt.deadwood_points - best.deadwood_points
        contested = _contested(best, alt)
        why = ""
        if contested is not None:
            card, here, there = contested
            why = (
                f" It uses {card} in the {there.kind} {there} instead of "
                + (f"the {here.kind} {here}" if here is not None else "leaving it as deadwood")
                + "."
            )
        out.append(
            (
                "alternative",
                f"Instead: {alt.describe()}. That leaves {diff} more deadwood.{why}",
                {"deadwood": alt.deadwood_points, "difference": diff},
            )
        )
    return MeldExplanation(best, tuple(bests[1:]), tuple(others), number_steps(out))


def _contested(best: Arrangement, alt: Arrangement) -> tuple[Card, Any, Any] | None:
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


def _or_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def discard_steps(
    cards11: Iterable[Card], limit: int, top: int = 3, keep: Card | None = None
) -> tuple[Step, ...]:
    """The best discards of an eleven-card hand and whether any allows a knock.

    ``keep`` is a card that may not be discarded (just taken from the discard pile).

    >>> from gin.cards import parse_cards
    >>> print(discard_steps(parse_cards("AS 2S 3S 5H 5D 5C 9D TD JD 2C KH"), 6)[0])
    1. Discarding K♥ leaves the least deadwood: 2.
    """
    opts = [o for o in discard_options(cards11) if o.discard != keep]
    best = opts[0].deadwood_points
    out: list[tuple[str, str, Mapping[str, Any]]] = []
    lowest = [o for o in opts if o.deadwood_points == best]
    out.append(
        (
            "best-discards",
            f"Discarding {_or_list([str(o.discard) for o in lowest])} leaves the least "
            f"deadwood: {best}.",
            {"deadwood": best, "discards": [o.discard.code for o in lowest]},
        )
    )
    for o in opts[len(lowest) : len(lowest) + top]:
        out.append(
            (
                "other-discard",
                f"Discarding {o.discard} would leave {o.deadwood_points}.",
                {"card": o.discard.code, "deadwood": o.deadwood_points},
            )
        )
    if best <= limit:
        kind = "go gin" if best == 0 else "knock"
        out.append(
            (
                "can-knock",
                f"With {best} deadwood against a limit of {limit}, you may {kind}.",
                {"deadwood": best, "limit": limit},
            )
        )
    else:
        out.append(
            (
                "cannot-knock",
                f"You need {best - limit} fewer points of deadwood to knock (limit {limit}).",
                {"deadwood": best, "limit": limit},
            )
        )
    return number_steps(out)


def draw_steps(
    hand: Iterable[Card], top: Card | None, limit: int, offer: bool = False
) -> tuple[Step, ...]:
    """What taking ``top`` (the up card or the top discard) would do to a ten-card hand.

    >>> from gin.cards import parse_cards, Card
    >>> steps = draw_steps(parse_cards("AS 2S 5H 5D 9D TD JD 2C KH QC"), Card.parse("3S"), 6)
    >>> [s.data.get("after") for s in steps if s.code == "take"]
    [22]
    """
    cards = list(hand)
    m = cards_mask(cards)
    now = deadwood_of_mask(m)
    out: list[tuple[str, str, Mapping[str, Any]]] = [
        ("now", f"Your deadwood is {now} now; the knock limit is {limit}.", {"deadwood": now})
    ]
    name = "the up card" if offer else "the top discard"
    if top is not None:
        taken = m | top.mask
        options = [(deadwood_of_mask(taken ^ c.mask), c) for c in cards]
        after, drop = min(options, key=lambda o: (o[0], -o[1].points, o[1].index))
        if after < now:
            text = (
                f"Taking {name} {top} and discarding {drop} would bring your deadwood down "
                f"from {now} to {after}."
            )
            if after <= limit:
                text += " That would be low enough to knock." if after else " That would be gin!"
        else:
            text = (
                f"Taking {name} {top} would not lower your deadwood (best: {after} after "
                f"discarding {drop}), and it shows your opponent what you collect."
            )
        out.append(("take", text, {"card": top.code, "after": after, "discard": drop.code}))
    if offer:
        out.append(
            (
                "pass",
                "If you pass, the other player may take it; if both pass, the non-dealer "
                "draws from the stock.",
                {},
            )
        )
    else:
        out.append(
            (
                "stock",
                "The stock is a blind draw: it keeps your plans hidden.",
                {},
            )
        )
    return number_steps(out)


def turn_steps(view: PlayerView) -> tuple[Step, ...]:
    """The options of the player to move, from that player's view, as numbered steps."""
    from gin.deal import Phase  # local import: gin.deal imports this module

    ph = view.phase
    if ph.is_over:
        if view.result is not None:
            return view.result.steps
        return number_steps(
            [("void", "The deal is void: only two cards were left in the stock.", {})]
        )
    if not view.my_turn:
        return number_steps([("wait", "Your opponent is playing.", {})])
    if ph in (Phase.OFFER_NON_DEALER, Phase.OFFER_DEALER):
        return draw_steps(view.hand, view.top_discard, view.knock_limit, offer=True)
    if ph is Phase.DRAW:
        if view.both_passed and view.stock_count == 31:
            return number_steps(
                [("stock-only", "Both players passed the up card: draw from the stock.", {})]
            )
        return draw_steps(view.hand, view.top_discard, view.knock_limit)
    if ph is Phase.DISCARD:
        keep = None if view.rules.may_discard_taken_card else view.taken_card
        return discard_steps(view.hand, view.knock_limit, keep=keep)
    return number_steps(
        [
            (
                "layoff",
                "Your opponent knocked. Your cards will be laid off onto their melds "
                "wherever that lowers your deadwood.",
                {},
            )
        ]
    )


__all__ = [
    "MeldExplanation",
    "Step",
    "discard_steps",
    "draw_steps",
    "explain_melds",
    "knock_limit_steps",
    "number_steps",
    "turn_steps",
]
