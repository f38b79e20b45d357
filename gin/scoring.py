"""Scoring a deal: optimal layoffs, the undercut comparison, bonuses and doubling.

:func:`score_deal` takes the knocker's kept cards and the defender's hand and returns a
:class:`DealResult` with every number and the numbered explanation steps.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from gin.cards import Card, cards_mask, check_distinct, format_cards
from gin.errors import IllegalActionError
from gin.explain import Step, knock_limit_steps, number_steps
from gin.melds import (
    Arrangement,
    Meld,
    _best_arrangements_mask,
    deadwood_of_mask,
    extend,
)
from gin.rules import Rules

ResultKind = Literal["knock", "undercut", "gin", "big-gin", "tie"]


@dataclass(frozen=True)
class Layoff:
    """One card laid off: ``onto`` is the meld before the card, ``result`` after it."""

    card: Card
    onto: Meld
    result: Meld


@dataclass(frozen=True)
class DealResult:
    """The scored result of a deal, from the knocker's and the defender's side."""

    kind: ResultKind
    winner: Literal["knocker", "defender"] | None
    points: int
    """Points the winner scores, doubling applied (0 for a tie)."""
    base_points: int
    """Points before any bonus and doubling."""
    bonus: int
    multiplier: int
    knock_limit: int
    up_card: Card
    knocker_deadwood: int
    defender_deadwood: int
    """The defender's deadwood after layoffs."""
    defender_deadwood_before_layoffs: int
    knocker_arrangement: Arrangement
    knocker_melds_after_layoffs: tuple[Meld, ...]
    defender_arrangement: Arrangement
    """The defender's own melds and deadwood after the layoffs (laid-off cards excluded)."""
    layoffs: tuple[Layoff, ...]
    steps: tuple[Step, ...]

    @property
    def doubled(self) -> bool:
        """Whether the deal's points were doubled."""
        return self.multiplier == 2


def _run_chains(meld: Meld, hand_mask: int) -> tuple[list[Card], list[Card]]:
    """Cards of the hand extending a run downwards and upwards, nearest first."""
    low: list[Card] = []
    high: list[Card] = []
    first, last = meld.cards[0], meld.cards[-1]
    r = first.rank - 1
    while r >= 1 and hand_mask & (1 << (first.suit * 13 + r - 1)):
        low.append(Card(r, first.suit))
        r -= 1
    r = last.rank + 1
    while r <= 13 and hand_mask & (1 << (first.suit * 13 + r - 1)):
        high.append(Card(r, first.suit))
        r += 1
    return low, high


def best_layoffs(
    knocker_melds: Sequence[Meld], defender_cards: Iterable[Card]
) -> tuple[int, tuple[Layoff, ...], tuple[Meld, ...]]:
    """The defender's best layoffs onto the knocker's melds.

    Layoffs and the defender's own melds are chosen together for the least deadwood;
    among equal results the fewest layoffs are made. Returns the defender's deadwood
    after layoffs, the layoffs in the order they are laid, and the knocker's melds after.
    """
    hand_mask = cards_mask(defender_cards)
    per_meld: list[list[tuple[Card, ...]]] = []
    for meld in knocker_melds:
        if meld.kind == "set":
            options: list[tuple[Card, ...]] = [()]
            if len(meld.cards) == 3:
                suits = {c.suit for c in meld.cards}
                missing = next(s for s in range(4) if s not in suits)
                fourth = Card(meld.cards[0].rank, missing)
                if hand_mask & fourth.mask:
                    options.append((fourth,))
        else:
            low, high = _run_chains(meld, hand_mask)
            options = [
                tuple(low[:i]) + tuple(high[:j])
                for i in range(len(low) + 1)
                for j in range(len(high) + 1)
            ]
        per_meld.append(options)
    best: tuple[int, int, tuple[tuple[Card, ...], ...]] | None = None
    for combo in itertools.product(*per_meld):
        used = 0
        ok = True
        for cards in combo:
            for c in cards:
                if used & c.mask:
                    ok = False
                    break
                used |= c.mask
            if not ok:
                break
        if not ok:
            continue
        dw = deadwood_of_mask(hand_mask & ~used)
        key = (dw, bin(used).count("1"))
        if best is None or key < best[:2]:
            best = (dw, key[1], combo)
    assert best is not None
    layoffs: list[Layoff] = []
    after: list[Meld] = []
    for meld, cards in zip(knocker_melds, best[2], strict=True):
        current = meld
        for c in cards:
            grown = extend(current, c)
            layoffs.append(Layoff(c, current, grown))
            current = grown
        after.append(current)
    return best[0], tuple(layoffs), tuple(after)


def _knock_error(rules: Rules, up_card: Card, dw: int, limit: int) -> IllegalActionError:
    if limit == 0:
        return IllegalActionError(
            "over-knock-limit",
            f"you can't knock: with the {up_card} as up card only gin may end this deal, "
            f"and your deadwood would be {dw}",
        )
    return IllegalActionError(
        "over-knock-limit",
        f"you can't knock: your deadwood would be {dw} and the knock limit is {limit}",
    )


def score_deal(
    rules: Rules,
    up_card: Card,
    knocker_cards: Iterable[Card],
    defender_cards: Iterable[Card],
) -> DealResult:
    """Score a deal that ended with a knock, gin or big gin.

    ``knocker_cards`` are the ten cards the knocker kept (eleven for big gin) and
    ``defender_cards`` the defender's ten. Raises
    :class:`~gin.errors.IllegalActionError` if the knock is not legal.

    >>> from gin.cards import parse_cards, Card
    >>> r = score_deal(Rules.preset("classic"), Card.parse("6C"),
    ...     parse_cards("AS 2S 3S 5H 5D 5C 9D TD JD 2C"),
    ...     parse_cards("KS KH QD 8C 7H 3C 4D 6S 9S 2H"))
    >>> r.kind, r.winner, r.points, [str(lo.card) for lo in r.layoffs]
    ('knock', 'knocker', 57, ['Q♦'])
    """
    kcards = list(knocker_cards)
    dcards = list(defender_cards)
    check_distinct(kcards + dcards)
    limit = rules.knock_limit(up_card)
    mult = rules.multiplier(up_card)
    if len(dcards) != 10:
        raise IllegalActionError(
            "wrong-count", f"the defender must hold 10 cards, not {len(dcards)}"
        )
    kmask = cards_mask(kcards)
    kdw = deadwood_of_mask(kmask)
    if len(kcards) == 11:
        if not rules.big_gin:
            raise IllegalActionError("no-big-gin", "big gin is not part of this rule set")
        if kdw != 0:
            raise IllegalActionError(
                "not-big-gin", f"that is not big gin: {kdw} points of the eleven cards don't meld"
            )
        kind: ResultKind = "big-gin"
    elif len(kcards) == 10:
        if kdw > limit:
            raise _knock_error(rules, up_card, kdw, limit)
        kind = "gin" if kdw == 0 else "knock"
    else:
        raise IllegalActionError(
            "wrong-count", f"the knocker keeps 10 cards (11 for big gin), not {len(kcards)}"
        )
    dmask = cards_mask(dcards)
    d_before = deadwood_of_mask(dmask)
    k_arrs = _best_arrangements_mask(kmask)
    layoffs: tuple[Layoff, ...]
    k_after: tuple[Meld, ...]
    if kind in ("gin", "big-gin"):
        k_arr = k_arrs[0]
        d_after, layoffs, k_after = d_before, (), k_arr.melds
    else:
        # knocker's tie-break: the arrangement leaving the defender the most deadwood
        chosen = None
        for arr in k_arrs:
            dw, laid_off, after = best_layoffs(arr.melds, dcards)
            if chosen is None or dw > chosen[0]:
                chosen = (dw, laid_off, after, arr)
        assert chosen is not None
        d_after, layoffs, k_after, k_arr = chosen
    laid = cards_mask(lo.card for lo in layoffs)
    d_arr = _best_arrangements_mask(dmask & ~laid)[0]

    steps: list[tuple[str, str, Mapping[str, Any]]] = [
        (s.code, s.text, s.data) for s in knock_limit_steps(rules, up_card)
    ]
    kmelds = "; ".join(m.describe() for m in k_arr.melds) or "no melds"
    if kind == "big-gin":
        steps.append(("knocker", f"Big gin: all eleven cards meld ({kmelds}).", {"deadwood": 0}))
    elif kind == "gin":
        steps.append(("knocker", f"Gin: all ten kept cards meld ({kmelds}).", {"deadwood": 0}))
    else:
        steps.append(
            (
                "knocker",
                f"The knocker melds {kmelds} and keeps {format_cards(k_arr.deadwood)} as "
                f"deadwood: {kdw} (the limit is {limit}).",
                {"deadwood": kdw, "limit": limit},
            )
        )
        if len(k_arrs) > 1:
            steps.append(
                (
                    "tie-break",
                    f"The knocker could arrange the melds {len(k_arrs)} ways with {kdw} "
                    "deadwood; the engine shows the one that leaves the defender the most "
                    "deadwood after layoffs.",
                    {"arrangements": len(k_arrs)},
                )
            )
    if kind in ("gin", "big-gin"):
        steps.append(("no-layoffs", "After gin nobody may lay off.", {}))
    elif not layoffs:
        steps.append(("no-layoffs", "The defender has nothing worth laying off.", {}))
    for lo in layoffs:
        steps.append(
            (
                "layoff",
                f"The defender lays off {lo.card} onto {lo.onto} (it becomes {lo.result}).",
                {"card": lo.card.code, "onto": [c.code for c in lo.onto.cards]},
            )
        )
    dmelds = "; ".join(m.describe() for m in d_arr.melds)
    ddw = format_cards(d_arr.deadwood) if d_arr.deadwood else "nothing"
    own = f"melds {dmelds}" if dmelds else "has no melds"
    steps.append(
        (
            "defender",
            f"The defender {own} and is left with {ddw}: {d_after} deadwood"
            + (f" (it was {d_before} before laying off)." if layoffs else "."),
            {"deadwood": d_after, "before": d_before},
        )
    )

    winner: Literal["knocker", "defender"] | None
    if kind in ("gin", "big-gin"):
        bonus = rules.gin_bonus if kind == "gin" else rules.big_gin_bonus
        base = d_after
        winner = "knocker"
        word = "Gin" if kind == "gin" else "Big gin"
        steps.append(
            (
                "compare",
                f"{word} scores the defender's whole deadwood: {d_after}.",
                {"base": base},
            )
        )
        steps.append(("bonus", f"{word} bonus: +{bonus}.", {"bonus": bonus}))
    elif kdw < d_after:
        kind, winner, base, bonus = "knock", "knocker", d_after - kdw, 0
        steps.append(
            (
                "compare",
                f"The knocker has less deadwood ({kdw} against {d_after}), so the knocker "
                f"scores the difference: {d_after} - {kdw} = {base}.",
                {"knocker": kdw, "defender": d_after, "base": base},
            )
        )
    elif kdw == d_after and not rules.undercut_on_tie:
        kind, winner, base, bonus = "tie", None, 0, 0
        steps.append(
            (
                "compare",
                f"Both have {kdw} deadwood. In these rules a tie is not an undercut: "
                "nobody scores.",
                {"knocker": kdw, "defender": d_after, "base": 0},
            )
        )
    else:
        kind, winner, base, bonus = "undercut", "defender", kdw - d_after, rules.undercut_bonus
        rel = "the same deadwood" if kdw == d_after else "less deadwood"
        steps.append(
            (
                "compare",
                f"The defender has {rel} ({d_after} against the knocker's {kdw}): an "
                f"undercut. The defender scores the difference, {kdw} - {d_after} = {base}.",
                {"knocker": kdw, "defender": d_after, "base": base},
            )
        )
        steps.append(("bonus", f"Undercut bonus: +{bonus}.", {"bonus": bonus}))
    points = (base + bonus) * mult
    if mult == 2 and winner is not None:
        steps.append(
            (
                "double",
                f"The up card is a spade, so the deal is doubled: 2 × {base + bonus} = {points}.",
                {"before": base + bonus, "points": points},
            )
        )
    if winner is not None:
        steps.append(
            (
                "total",
                f"The {winner} scores {points}.",
                {"winner": winner, "points": points},
            )
        )
    return DealResult(
        kind=kind,
        winner=winner,
        points=points,
        base_points=base,
        bonus=bonus,
        multiplier=mult,
        knock_limit=limit,
        up_card=up_card,
        knocker_deadwood=kdw,
        defender_deadwood=d_after,
        defender_deadwood_before_layoffs=d_before,
        knocker_arrangement=k_arr,
        knocker_melds_after_layoffs=k_after,
        defender_arrangement=d_arr,
        layoffs=layoffs,
        steps=number_steps(steps),
    )


__all__ = ["DealResult", "Layoff", "ResultKind", "best_layoffs", "score_deal"]
