"""Hints: the move the ``expert`` would make, with its reasons as data.

:func:`hint` works at every decision of the player's turn: the up-card offer, the draw,
the discard (or knock) and the layoff. The :class:`Hint` holds the move, numbered
:class:`~gin.explain.Step` sentences, and the numbers behind them: the deadwood after
each discard, the live and dead cards, the risk of feeding the opponent, knock-or-wait
with the estimated undercut chance, and whether the top discard is worth taking.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gin.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    Knocked,
    Pass,
    TakeUpCard,
)
from gin.bots.evaluate import (
    POINTS,
    best_discard,
    card_weights,
    draw_outlook,
    estimate_knock,
    feed_risk,
)
from gin.bots.expert import (
    DEFAULT_BUDGET_MS,
    DEFAULT_PLAYOUTS,
    Analysis,
    CandidateValue,
    ExpertBot,
)
from gin.bots.memory import MELD_PARTNERS, Memory, remember
from gin.bots.seeding import position_rng
from gin.cards import DECK, Card, format_cards, mask_cards
from gin.deal import Phase, PlayerView
from gin.errors import GinError
from gin.explain import Step, number_steps
from gin.melds import best_arrangements, deadwood_of_mask


@dataclass(frozen=True)
class DiscardAdvice:
    """One possible discard from an eleven-card hand."""

    card: Card
    deadwood: int
    """Deadwood of the ten cards kept."""
    expected_deadwood: float
    """Deadwood expected after the next draw."""
    feed_risk: float
    """Estimated chance that the opponent can meld this card."""
    can_knock: bool
    value: float | None
    """Expected points from the expert's simulations, when this discard was searched."""


@dataclass(frozen=True)
class CardOuts:
    """A deadwood card and the cards that would put it into a meld."""

    card: Card
    live: tuple[Card, ...]
    """Cards still unseen (in the stock or the opponent's hidden hand)."""
    dead: tuple[Card, ...]
    """Cards out of reach: in the discard pile or known to be in the opponent's hand."""


@dataclass(frozen=True)
class KnockAdvice:
    """Knock now, or wait."""

    card: Card
    """The discard that knocks with the least deadwood."""
    deadwood: int
    gin: bool
    undercut_chance: float
    knock_points: float
    """Expected points of knocking now."""
    wait_points: float | None
    """Expected points of the best move that does not knock (``None`` if not searched)."""
    knock: bool
    """The advice: knock now."""


@dataclass(frozen=True)
class DrawAdvice:
    """Whether the top discard (or the up card) is worth taking."""

    card: Card
    take: bool
    deadwood_now: int
    deadwood_if_taken: int
    """Least deadwood after taking it and discarding another card."""
    discard_if_taken: Card | None
    melds: bool
    """Whether the card would join a meld."""
    expected_from_stock: float
    """Deadwood expected after a draw from the stock instead."""
    take_points: float | None
    stock_points: float | None
    """Expected points of each choice, from the expert's simulations when searched."""
    stock_only: bool
    """Both players passed the up card: the first draw must come from the stock."""


@dataclass(frozen=True)
class Hint:
    """The expert's move for a view, and why.

    ``steps`` are the numbered sentences (the same tuple as :attr:`reasons`); the other
    fields hold the numbers behind them, whichever apply to the decision.
    """

    action: Action
    phase: Phase
    steps: tuple[Step, ...]
    deadwood: int
    """The deadwood of the hand now (of the best ten cards when holding eleven)."""
    discards: tuple[DiscardAdvice, ...]
    """Every legal discard, best first (discard decisions only)."""
    outs: tuple[CardOuts, ...]
    """Live and dead cards for each deadwood card of the hand."""
    knock: KnockAdvice | None
    draw: DrawAdvice | None
    searched: tuple[CandidateValue, ...]
    """The moves the expert simulated, best first."""
    worlds: int
    """How many sampled deals each searched move was played in."""
    decided_by: str = "search"
    """How the move was found: ``forced`` (the only move), ``gin``, ``big-gin``,
    ``no-use`` (the top discard can't help), ``search`` (the best simulated move) or
    ``judgement`` (the careful move, which the simulations could not clearly beat)."""

    @property
    def reasons(self) -> tuple[Step, ...]:
        """The numbered reasons (same as :attr:`steps`)."""
        return self.steps

    @property
    def live_cards(self) -> tuple[Card, ...]:
        """Every live card that would meld a deadwood card."""
        return tuple(sorted({c for o in self.outs for c in o.live}))

    @property
    def dead_cards(self) -> tuple[Card, ...]:
        """Every card that would meld a deadwood card but is out of reach."""
        return tuple(sorted({c for o in self.outs for c in o.dead}))


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def _pts(x: float) -> str:
    return f"{x:+.1f}"


def card_outs(hand: int, mem: Memory) -> tuple[CardOuts, ...]:
    """For each deadwood card of a ten-card hand, the live and dead cards that would
    meld it with a card already held."""
    arr = best_arrangements(mask_cards(hand))[0]
    out = []
    for c in arr.deadwood:
        live = 0
        dead = 0
        for a, b in MELD_PARTNERS[c.index]:
            for have, need in ((a, b), (b, a)):
                if hand & have and not hand & need:
                    if need & mem.unseen:
                        live |= need
                    else:
                        dead |= need
        out.append(CardOuts(c, tuple(mask_cards(live)), tuple(mask_cards(dead & ~live))))
    return tuple(out)


def hint(
    view: PlayerView,
    rng: random.Random | None = None,
    budget_ms: float = DEFAULT_BUDGET_MS,
    playouts: int = DEFAULT_PLAYOUTS,
) -> Hint:
    """The move the expert would make for ``view``, with its reasons.

    Raises :class:`~gin.errors.GinError` with code ``not-your-turn`` when the view's
    player is not to move (or the deal is over).
    """
    if not view.my_turn or not view.legal_actions:
        raise GinError(
            "not-your-turn", "a hint is for your own turn: wait for your opponent to play"
        )
    rng = rng if rng is not None else position_rng(view, "hint")
    bot = ExpertBot(playouts=playouts, budget_ms=budget_ms)
    mem = remember(view)
    analysis = bot.analyse(view)
    steps: list[tuple[str, str, Mapping[str, Any]]] = []
    ph = view.phase
    discards: tuple[DiscardAdvice, ...] = ()
    knock: KnockAdvice | None = None
    draw: DrawAdvice | None = None
    if ph is Phase.LAYOFF:
        dw = deadwood_of_mask(mem.hand)
        kept = mem.hand
        _layoff_steps(view, dw, steps)
    elif ph is Phase.DISCARD:
        dw, _ = best_discard(mem.hand)
        discards, knock = _discard_advice(view, mem, analysis, rng, steps)
        act = analysis.action
        kept = mem.hand ^ act.card.mask if isinstance(act, Discard | Knock) else mem.hand
    else:
        dw = deadwood_of_mask(mem.hand)
        kept = mem.hand
        draw = _draw_advice(view, mem, analysis, steps)
    outs = card_outs(kept, mem) if kept.bit_count() == 10 else ()
    _outs_steps(outs, steps)
    if analysis.values:
        steps.append(
            (
                "search",
                f"The expert played each choice to the end in {analysis.worlds} imagined "
                "deals (guessing your opponent's hidden cards from everything seen so far): "
                + "; ".join(f"{v.action.describe()} {_pts(v.mean)}" for v in analysis.values)
                + " points on average.",
                {
                    "worlds": analysis.worlds,
                    "values": [(v.action.text, v.mean) for v in analysis.values],
                },
            )
        )
    if analysis.reason == "judgement" and analysis.baseline is not None:
        steps.append(
            (
                "judgement",
                "The simulations did not show a clear gain over the careful move "
                f"({analysis.baseline.describe()}), so the expert keeps it: a few dozen "
                "imagined deals are too few to overrule it.",
                {"baseline": analysis.baseline.text},
            )
        )
    steps.append(
        (
            "advice",
            f"Advice: {analysis.action.describe()}.",
            {"action": analysis.action.text},
        )
    )
    return Hint(
        action=analysis.action,
        phase=ph,
        steps=number_steps(steps),
        deadwood=dw,
        discards=discards,
        outs=outs,
        knock=knock,
        draw=draw,
        searched=analysis.values,
        worlds=analysis.worlds,
        decided_by=analysis.reason,
    )


def _layoff_steps(
    view: PlayerView, dw: int, steps: list[tuple[str, str, Mapping[str, Any]]]
) -> None:
    knocked = next((e for e in reversed(view.events) if isinstance(e, Knocked)), None)
    kdw = knocked.deadwood if knocked is not None else None
    steps.append(
        (
            "layoff",
            "Your opponent knocked"
            + (f" with {kdw} deadwood" if kdw is not None else "")
            + f". You hold {dw} deadwood before laying off. Lay off now: the engine lays off "
            "every card that fits the knocker's melds and lowers your count.",
            {"deadwood": dw, "knocker_deadwood": kdw},
        )
    )
    if kdw is not None:
        if dw <= kdw:
            text = (
                f"Even without layoffs your {dw} is not more than the knocker's {kdw}: "
                "this is an undercut in your favour."
            )
        else:
            text = f"To undercut you need your deadwood down to {kdw} or less after laying off."
        steps.append(("undercut-check", text, {"deadwood": dw, "knocker_deadwood": kdw}))


def _discard_advice(
    view: PlayerView,
    mem: Memory,
    analysis: Analysis,
    rng: random.Random,
    steps: list[tuple[str, str, Mapping[str, Any]]],
) -> tuple[tuple[DiscardAdvice, ...], KnockAdvice | None]:
    weights = card_weights(mem)
    limit = view.knock_limit
    blocked = None if view.rules.may_discard_taken_card else view.taken_card
    knockable = {a.card for a in view.legal_actions if isinstance(a, Knock)}
    advice = []
    for c in view.hand:
        if c is blocked:
            continue
        kept = mem.hand ^ c.mask
        o = draw_outlook(kept, mem.unseen, limit)
        v = analysis.value_of(Knock(c)) if c in knockable else None
        dv = analysis.value_of(Discard(c))
        best_v = max((x.mean for x in (v, dv) if x is not None), default=None)
        advice.append(
            DiscardAdvice(
                c,
                o.deadwood,
                o.expected,
                feed_risk(c.index, mem, weights),
                c in knockable,
                best_v,
            )
        )
    chosen = getattr(analysis.action, "card", None)
    advice.sort(
        key=lambda d: (
            d.card is not chosen,
            -(d.value if d.value is not None else -1e9),
            d.deadwood,
            -d.card.points,
        )
    )
    least = min(d.deadwood for d in advice)
    lows = [d for d in advice if d.deadwood == least]
    others = sorted(advice, key=lambda d: (d.deadwood, -d.card.points))[len(lows) : len(lows) + 3]
    text = (
        f"Discarding {' or '.join(str(d.card) for d in lows)} leaves the least deadwood: {least}."
    )
    if others:
        text += " Next: " + "; ".join(f"{d.card} leaves {d.deadwood}" for d in others) + "."
    steps.append(("deadwood", text, {"deadwood": {d.card.code: d.deadwood for d in advice}}))
    if blocked is not None:
        steps.append(
            (
                "taken-card",
                f"You may not discard the {blocked}: you just took it from the discard pile.",
                {"card": blocked.code},
            )
        )
    risky = sorted((d for d in advice if d.feed_risk >= 0.2), key=lambda d: -d.feed_risk)[:3]
    if risky:
        parts = []
        for d in risky:
            known = [
                DECK[i] for i in range(52) if mem.opp_known >> i & 1 and _related(d.card, DECK[i])
            ]
            why = f" (your opponent holds {format_cards(known)})" if known else ""
            parts.append(f"{d.card} about {_pct(d.feed_risk)}{why}")
        steps.append(
            (
                "feed-risk",
                "Discards your opponent could use: " + "; ".join(parts) + ".",
                {"risk": {d.card.code: d.feed_risk for d in advice}},
            )
        )
    else:
        steps.append(
            (
                "feed-risk",
                "None of your discards is likely to help your opponent.",
                {"risk": {d.card.code: d.feed_risk for d in advice}},
            )
        )
    knock: KnockAdvice | None = None
    if knockable:
        kc = min(
            knockable, key=lambda c: (deadwood_of_mask(mem.hand ^ c.mask), -c.points, -c.index)
        )
        kdw = deadwood_of_mask(mem.hand ^ kc.mask)
        kv = analysis.value_of(Knock(kc))
        waits = [v for v in analysis.values if not isinstance(v.action, Knock)]
        wait_points = waits[0].mean if waits else None
        if kv is not None:
            under = kv.share("undercut")
            kp = kv.mean
        else:
            est = estimate_knock(mem, mem.hand ^ kc.mask, view.rules, view.up_card, rng, 24)
            under = est.undercut_chance
            kp = est.expected_points
        does = isinstance(analysis.action, Knock)
        knock = KnockAdvice(kc, kdw, kdw == 0, under, kp, wait_points, does)
        if kdw == 0:
            text = (
                f"Discard {kc} and you have gin: no layoffs, no undercut, and the gin bonus "
                f"(about {_pts(kp)} points)."
            )
        else:
            text = (
                f"You can knock with {kdw} deadwood by discarding {kc} (limit {limit}). "
                f"Estimated chance of being undercut: {_pct(under)}. Knocking now is worth "
                f"{_pts(kp)} points on average"
                + (f"; waiting is worth {_pts(wait_points)}" if wait_points is not None else "")
                + (". Knock now." if does else ". Better to wait.")
            )
        steps.append(
            (
                "knock",
                text,
                {
                    "card": kc.code,
                    "deadwood": kdw,
                    "undercut_chance": under,
                    "knock_points": kp,
                    "wait_points": wait_points,
                    "knock": does,
                },
            )
        )
    else:
        steps.append(
            (
                "no-knock",
                f"You can't knock yet: your best discard leaves {least} and the limit is {limit}.",
                {"deadwood": least, "limit": limit},
            )
        )
    return tuple(advice), knock


def _related(a: Card, b: Card) -> bool:
    return a.rank == b.rank or (a.suit == b.suit and abs(a.rank - b.rank) <= 2)


def _draw_advice(
    view: PlayerView,
    mem: Memory,
    analysis: Analysis,
    steps: list[tuple[str, str, Mapping[str, Any]]],
) -> DrawAdvice | None:
    top = view.top_discard
    ph = view.phase
    if top is None:
        return None
    offer = ph is not Phase.DRAW
    name = "up card" if offer else "top discard"
    take: Action = TakeUpCard() if offer else DrawDiscard()
    skip: Action = Pass() if offer else DrawStock()
    dw = deadwood_of_mask(mem.hand)
    blocked = 0 if view.rules.may_discard_taken_card else top.mask
    after, di = best_discard(mem.hand | top.mask, blocked)
    melds = deadwood_of_mask(mem.hand | top.mask) < dw + POINTS[top.index]
    stock = draw_outlook(mem.hand, mem.unseen, view.knock_limit)
    stock_only = not offer and take not in view.legal_actions
    tv = analysis.value_of(take)
    sv = analysis.value_of(skip)
    advice = DrawAdvice(
        card=top,
        take=analysis.action == take,
        deadwood_now=dw,
        deadwood_if_taken=after,
        discard_if_taken=DECK[di] if di >= 0 else None,
        melds=melds,
        expected_from_stock=stock.expected,
        take_points=tv.mean if tv else None,
        stock_points=sv.mean if sv else None,
        stock_only=stock_only,
    )
    if offer:
        steps.append(
            (
                "offer",
                f"The up card {view.up_card} is offered to you first"
                if ph is Phase.OFFER_NON_DEALER
                else f"Your opponent passed the up card {view.up_card}; now you may take it",
                {"up_card": view.up_card.code, "limit": view.knock_limit},
            )
        )
    if stock_only:
        steps.append(
            (
                "stock-only",
                "Both players passed the up card, so this first draw must come from the stock.",
                {},
            )
        )
        return advice
    if after >= dw:
        text = (
            f"The {name} {top} doesn't help: with it your best hand would still hold {after} "
            f"deadwood (you hold {dw} now)."
        )
    elif melds:
        text = (
            f"The {name} {top} joins a meld: after taking it and discarding "
            f"{DECK[di]} your deadwood would go from {dw} to {after}."
        )
    else:
        text = (
            f"The {name} {top} melds with nothing, but it is low: taking it and discarding "
            f"{DECK[di]} would cut your deadwood from {dw} to {after}."
        )
    steps.append(
        (
            "top-discard",
            text,
            {"card": top.code, "deadwood_now": dw, "deadwood_if_taken": after, "melds": melds},
        )
    )
    steps.append(
        (
            "stock",
            f"A card from the stock is expected to leave about {stock.expected:.1f} deadwood "
            f"({stock.outs} of the {mem.unseen.bit_count()} unseen cards would improve your "
            "hand).",
            {"expected": stock.expected, "outs": stock.outs},
        )
    )
    if melds or after < dw:
        steps.append(
            (
                "reveal",
                f"Taking the {top} also shows your opponent a card you are collecting.",
                {},
            )
        )
    return advice


def _outs_steps(
    outs: tuple[CardOuts, ...], steps: list[tuple[str, str, Mapping[str, Any]]]
) -> None:
    if not outs:
        return
    parts = []
    for o in outs:
        if not o.live and not o.dead:
            parts.append(f"{o.card} has no partner in your hand")
            continue
        bit = f"{o.card} needs " + (
            " or ".join(str(c) for c in o.live) if o.live else "nothing live"
        )
        if o.dead:
            bit += f" ({format_cards(o.dead)} dead)"
        parts.append(bit)
    steps.append(
        (
            "live-dead",
            "Your deadwood cards and the cards that would meld them: "
            + "; ".join(parts)
            + ". Dead cards are in the discard pile or in your opponent's hand.",
            {
                "live": {o.card.code: [c.code for c in o.live] for o in outs},
                "dead": {o.card.code: [c.code for c in o.dead] for o in outs},
            },
        )
    )


__all__ = ["CardOuts", "DiscardAdvice", "DrawAdvice", "Hint", "KnockAdvice", "card_outs", "hint"]
