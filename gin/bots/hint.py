"""Hints: the move the ``expert`` would make, with its reasons as data.

:func:`hint` works at every decision of the player's turn: the up-card offer, the draw,
the discard (or knock) and the layoff. The :class:`Hint` holds the move, numbered
:class:`~gin.explain.Step` sentences, and the numbers behind them: the deadwood after
each discard, the live and dead cards, the risk of feeding the opponent, knock-or-wait
with the estimated undercut chance, and whether the top discard is worth taking.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from gin import actions as act
from gin.bots import evaluate as ev
from gin.bots.expert import (
    DEFAULT_BUDGET_MS,
    DEFAULT_PLAYOUTS,
    Analysis,
    CandidateValue,
    ExpertBot,
)
from gin.bots.memory import MELD_PARTNERS, Memory, remember
from gin.bots.opponent_model import imagined
from gin.bots.seeding import position_rng
from gin.cards import DECK, Card, mask_cards
from gin.errors import GinError
from gin.i18n import M, Text
from gin.melds import best_arrangements, deadwood_of_mask
from gin.steps import Draft, Step, number_steps
from gin.turn import layoff_steps
from gin.view import Phase, PlayerView


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
    declined: tuple[Card, ...] = ()
    """Cards of the same rank that the opponent could have taken from the discard pile and
    passed on: a sign that it does not collect that rank."""
    knock_chance: float = 0.0
    """Chance that the next draw from the stock brings the ten cards kept within the knock
    limit."""


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

    action: act.Action
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
    ``judgement`` (the tactician's rule-of-thumb move, which the simulations could not clearly
    beat)."""

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


def _joined(parts: list[Text]) -> list[dict[str, Any]]:
    """Several phrases as one ``text`` placeholder value (rendered and joined by the
    catalog)."""
    return [{"key": t.key, "data": dict(t.data)} for t in parts]


def hint(
    view: PlayerView,
    rng: random.Random | None = None,
    budget_ms: float = DEFAULT_BUDGET_MS,
    playouts: int = DEFAULT_PLAYOUTS,
    *,
    opponent: str | None = None,
) -> Hint:
    """The move the expert would make for ``view``, with its reasons.

    ``opponent`` is the opponent the player faces (a bot's name, ``None`` if not known):
    the expert's imagined deals play it as it plays
    (:func:`gin.bots.opponent_model.imagined`: against ``eager`` an opponent who knocks
    as soon as it can; otherwise a patient one).

    Raises :class:`~gin.errors.GinError` with code ``not-your-turn`` when the view's
    player is not to move (or the deal is over).
    """
    if not view.my_turn or not view.legal_actions:
        raise GinError(M["error.not-your-turn"]())
    rng = rng if rng is not None else position_rng(view, "hint")
    bot = ExpertBot(playouts=playouts, budget_ms=budget_ms, opponent_model=imagined(opponent))
    mem = remember(view)
    analysis = bot.analyse(view)
    steps: list[Draft] = []
    ph = view.phase
    discards: tuple[DiscardAdvice, ...] = ()
    knock: KnockAdvice | None = None
    draw: DrawAdvice | None = None
    if ph is Phase.LAYOFF:
        dw = deadwood_of_mask(mem.hand)
        kept = mem.hand
        steps.extend((st.code, Text(st.key, st.data)) for st in layoff_steps(view))
    elif ph is Phase.DISCARD:
        dw, _ = ev.best_discard(mem.hand)
        discards, knock = _discard_advice(view, mem, analysis, rng, steps)
        chosen = analysis.action
        kept = (
            mem.hand ^ chosen.card.mask if isinstance(chosen, act.Discard | act.Knock) else mem.hand
        )
    else:
        dw = deadwood_of_mask(mem.hand)
        kept = mem.hand
        draw = _draw_advice(view, mem, analysis, steps)
    outs = card_outs(kept, mem) if kept.bit_count() == 10 else ()
    _outs_steps(outs, steps)
    if analysis.values:
        values = [
            M["hint.search-value"](action=v.action.text, points=v.mean) for v in analysis.values
        ]
        steps.append(("search", M["hint.search"](worlds=analysis.worlds, values=_joined(values))))
    if analysis.reason == "judgement" and analysis.baseline is not None:
        steps.append(("judgement", M["hint.judgement"](action=analysis.baseline.text)))
    steps.append(("advice", M["hint.advice"](action=analysis.action.text)))
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


def _discard_advice(
    view: PlayerView,
    mem: Memory,
    analysis: Analysis,
    rng: random.Random,
    steps: list[Draft],
) -> tuple[tuple[DiscardAdvice, ...], KnockAdvice | None]:
    weights = ev.card_weights(mem)
    limit = view.knock_limit
    rules = view.rules
    doubled = rules.is_doubled(view.up_card)
    blocked = None if rules.may_discard_taken_card else view.taken_card
    knockable = {c.card for c in view.discard_choices if c.ends != "discard"}
    declined = mask_cards(mem.opp_declined)
    advice = []
    for choice in view.discard_choices:
        c = choice.card
        o = ev.draw_outlook(mem.hand ^ c.mask, mem.unseen, limit)
        v = analysis.value_of(act.Knock(c)) if c in knockable else None
        dv = analysis.value_of(act.Discard(c))
        best_v = max((x.mean for x in (v, dv) if x is not None), default=None)
        advice.append(
            DiscardAdvice(
                c,
                choice.deadwood,
                o.expected,
                ev.feed_risk(c.index, mem, weights),
                c in knockable,
                best_v,
                tuple(d for d in declined if d.rank == c.rank),
                o.knock_chance,
            )
        )
    chosen = getattr(analysis.action, "card", None)
    order = {ch.card: i for i, ch in enumerate(view.discard_choices)}
    advice.sort(
        key=lambda d: (
            d.card is not chosen,
            -(d.value if d.value is not None else -1e9),
            order[d.card],
        )
    )
    if view.can_big_gin:
        m = M["hint.big-gin-doubled"] if doubled else M["hint.big-gin"]
        steps.append(("big-gin", m(bonus=rules.big_gin_bonus)))
    ranked = sorted(advice, key=lambda d: order[d.card])
    least = ranked[0].deadwood
    lows = [d for d in ranked if d.deadwood == least]
    others = ranked[len(lows) : len(lows) + 3]
    low_codes = [d.card.code for d in lows]
    if others:
        nxt = [M["hint.deadwood-option"](card=d.card.code, deadwood=d.deadwood) for d in others]
        steps.append(
            (
                "deadwood",
                M["hint.deadwood-next"](cards=low_codes, deadwood=least, next=_joined(nxt)),
            )
        )
    else:
        steps.append(("deadwood", M["hint.deadwood"](cards=low_codes, deadwood=least)))
    if blocked is not None:
        steps.append(("taken-card", M["hint.taken-card"](card=blocked.code)))
    risky = sorted((d for d in advice if d.feed_risk >= 0.2), key=lambda d: -d.feed_risk)[:3]
    if risky:
        parts = []
        for d in risky:
            known = [
                DECK[i].code
                for i in range(52)
                if mem.opp_known >> i & 1 and _related(d.card, DECK[i])
            ]
            if known:
                parts.append(
                    M["hint.feed-risk-known"](card=d.card.code, risk=d.feed_risk, known=known)
                )
            else:
                parts.append(M["hint.feed-risk-one"](card=d.card.code, risk=d.feed_risk))
        steps.append(("feed-risk", M["hint.feed-risk"](risks=_joined(parts))))
    else:
        steps.append(("feed-risk", M["hint.feed-risk-none"]()))
    knock: KnockAdvice | None = None
    if knockable:
        kc = next(ch.card for ch in view.discard_choices if ch.ends != "discard")
        kdw = deadwood_of_mask(mem.hand ^ kc.mask)
        kv = analysis.value_of(act.Knock(kc))
        waits = [v for v in analysis.values if not isinstance(v.action, act.Knock)]
        wait_points = waits[0].mean if waits else None
        if kv is not None:
            under = kv.share("undercut")
            kp = kv.mean
        else:
            est = ev.estimate_knock(mem, mem.hand ^ kc.mask, rules, view.up_card, rng, 24)
            under = est.undercut_chance
            kp = est.expected_points
        does = isinstance(analysis.action, act.Knock)
        knock = KnockAdvice(kc, kdw, kdw == 0, under, kp, wait_points, does)
        if kdw == 0:
            m = M["hint.gin-doubled"] if doubled else M["hint.gin"]
            steps.append(("knock", m(card=kc.code, bonus=rules.gin_bonus, points=kp)))
        else:
            common = {
                "deadwood": kdw,
                "card": kc.code,
                "limit": limit,
                "undercut": under,
                "knock_points": kp,
            }
            if wait_points is None:
                steps.append(("knock", M["hint.knock-unsearched"](**common)))
            else:
                m = M["hint.knock-now"] if does else M["hint.knock-wait"]
                steps.append(("knock", m(**common, wait_points=wait_points)))
    elif not view.can_big_gin:
        if limit == 0:
            m = (
                M["hint.no-knock-gin-only-big-gin"]
                if rules.big_gin
                else M["hint.no-knock-gin-only"]
            )
            steps.append(("no-knock", m(deadwood=least)))
        else:
            steps.append(("no-knock", M["hint.no-knock"](deadwood=least, limit=limit)))
    return tuple(advice), knock


def _related(a: Card, b: Card) -> bool:
    return a.rank == b.rank or (a.suit == b.suit and abs(a.rank - b.rank) <= 2)


def _draw_advice(
    view: PlayerView,
    mem: Memory,
    analysis: Analysis,
    steps: list[Draft],
) -> DrawAdvice | None:
    top = view.top_discard
    ph = view.phase
    if top is None:
        return None
    offer = ph is not Phase.DRAW
    take: act.Action = act.TakeUpCard() if offer else act.DrawDiscard()
    skip: act.Action = act.Pass() if offer else act.DrawStock()
    dw = deadwood_of_mask(mem.hand)
    blocked = 0 if view.rules.may_discard_taken_card else top.mask
    after, di = ev.best_discard(mem.hand | top.mask, blocked)
    melds = deadwood_of_mask(mem.hand | top.mask) < dw + ev.POINTS[top.index]
    stock = ev.draw_outlook(mem.hand, mem.unseen, view.knock_limit)
    stock_only = view.stock_only
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
        m = M["hint.offer-first"] if ph is Phase.OFFER_NON_DEALER else M["hint.offer-dealer"]
        steps.append(("offer", m(up_card=view.up_card.code)))
    if stock_only:
        steps.append(("stock-only", M["hint.stock-only"]()))
        return advice
    discard = DECK[di].code if di >= 0 else top.code
    if after >= dw:
        steps.append(("top-discard", M["hint.top-no-help"](card=top.code, after=after, now=dw)))
    elif melds:
        steps.append(
            (
                "top-discard",
                M["hint.top-melds"](card=top.code, discard=discard, now=dw, after=after),
            )
        )
    else:
        steps.append(
            ("top-discard", M["hint.top-low"](card=top.code, discard=discard, now=dw, after=after))
        )
    if not offer:
        # Only a normal draw compares with the stock: passing the up card draws nothing.
        steps.append(
            (
                "stock",
                M["hint.stock"](
                    expected=stock.expected, outs=stock.outs, unseen=mem.unseen.bit_count()
                ),
            )
        )
    if melds or after < dw:
        steps.append(("reveal", M["hint.reveal"](card=top.code)))
    return advice


def _outs_steps(outs: tuple[CardOuts, ...], steps: list[Draft]) -> None:
    if not outs:
        return
    parts = []
    for o in outs:
        live = [c.code for c in o.live]
        dead = [c.code for c in o.dead]
        if not live and not dead:
            parts.append(M["hint.outs-none"](card=o.card.code))
        elif live and dead:
            parts.append(M["hint.outs-live-dead"](card=o.card.code, live=live, dead=dead))
        elif live:
            parts.append(M["hint.outs-live"](card=o.card.code, live=live))
        else:
            parts.append(M["hint.outs-dead"](card=o.card.code, dead=dead))
    steps.append(("live-dead", M["hint.outs"](outs=_joined(parts), count=len(parts))))


__all__ = ["CardOuts", "DiscardAdvice", "DrawAdvice", "Hint", "KnockAdvice", "card_outs", "hint"]
