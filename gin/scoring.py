"""Scoring a deal: optimal layoffs, the undercut comparison, bonuses and doubling.

:func:`score_deal` takes the knocker's kept cards and the defender's hand and returns a
:class:`DealResult` with every number and the numbered explanation steps.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from gin.cards import Card, cards_mask, check_distinct
from gin.errors import IllegalActionError
from gin.explain import knock_limit_steps
from gin.i18n import M, Text
from gin.layoffs import Layoff, best_layoffs, run_chains
from gin.layout import LayoffBoard, LayoutError, check_knock_layout, propose_layout
from gin.melds import (
    Arrangement,
    Meld,
    _best_arrangements_mask,
    can_extend,
    deadwood_of_mask,
)
from gin.rules import Rules
from gin.steps import Draft, Step, number_steps

ResultKind = Literal["knock", "undercut", "gin", "big-gin", "tie"]


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
    knocker_best_deadwood: int = -1
    """The least deadwood the knocker's cards could leave (-1: not given, as in results
    built before layouts existed); above :attr:`knocker_deadwood` never."""
    laid_out: bool = False
    """Whether the knocker laid out their own melds (scored as laid out)."""
    layoffs_chosen: bool = False
    """Whether the defender chose their own layoffs (else the engine's best were laid)."""

    @property
    def layout_cost(self) -> int:
        """The deadwood the knocker's own layout left above the best (0 for the best)."""
        if self.knocker_best_deadwood < 0:
            return 0
        return self.knocker_deadwood - self.knocker_best_deadwood

    @property
    def doubled(self) -> bool:
        """Whether the deal's points were doubled."""
        return self.multiplier == 2

    def layoffs_told(self, steps: int) -> int:
        """How many layoffs the first ``steps`` explanation steps have told."""
        return sum(1 for s in self.steps[:steps] if s.code == "layoff")

    def layoff_stage(self, count: int) -> LayoffStage:
        """The knocker's melds once the first ``count`` layoffs are laid: the layoff
        playback, one card at a time (chained layoffs grow the same meld)."""
        melds = list(self.knocker_arrangement.melds)
        grown = [0] * len(melds)
        laid: list[Card] = []
        for lo in self.layoffs[:count]:
            i = melds.index(lo.onto)
            melds[i] = lo.result
            grown[i] += 1
            laid.append(lo.card)
        return LayoffStage(tuple(melds), tuple(grown), tuple(laid), self.layoffs[count:])


@dataclass(frozen=True)
class LayoffStage:
    """A moment of the layoff playback (:meth:`DealResult.layoff_stage`)."""

    melds: tuple[Meld, ...]
    """The knocker's melds with the layoffs so far."""
    grown: tuple[int, ...]
    """How many cards were laid off onto each meld so far."""
    laid: tuple[Card, ...]
    """The cards laid off so far, in order."""
    waiting: tuple[Layoff, ...]
    """The layoffs still to come."""


# ------------------------------------------------------------------ sentences


def _codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


# ------------------------------------------------------------------ layoffs


@dataclass(frozen=True)
class LayoffFit:
    """A card of the defender's hand that can be laid off onto one of the knocker's melds,
    directly or after other layoffs extend a run (``chained``)."""

    card: Card
    meld: Meld
    """The knocker's meld as laid down."""
    chained: bool


@dataclass(frozen=True)
class LayoffPlan:
    """What a defender can lay off onto the knocker's melds, and what the engine will lay
    off (chained layoffs included; layoffs and the defender's own melds chosen together)."""

    knocker: Arrangement
    fits: tuple[LayoffFit, ...]
    layoffs: tuple[Layoff, ...]
    deadwood_before: int
    deadwood_after: int

    @property
    def fitting_cards(self) -> tuple[Card, ...]:
        """Every card that fits somewhere, in hand order, each once."""
        return tuple(dict.fromkeys(f.card for f in self.fits))


def plan_layoffs(knocker: Arrangement, defender_cards: Iterable[Card]) -> LayoffPlan:
    """The layoffs open to the defender after a knock, with chained runs.

    >>> from gin.cards import parse_cards
    >>> from gin.melds import best_arrangement
    >>> k = best_arrangement(parse_cards("5S 6S 7S 2H 3H 4H 9C 9D 9H AC"))
    >>> plan = plan_layoffs(k, parse_cards("8S 9S KD QD JD 2C 3C 4D 5D 6C"))
    >>> [str(c) for c in plan.fitting_cards], [str(lo.card) for lo in plan.layoffs]
    (['8♠', '9♠'], ['8♠', '9♠'])
    """
    hand = list(defender_cards)
    hand_mask = cards_mask(hand)
    fits: list[LayoffFit] = []
    for meld in knocker.melds:
        if meld.kind == "set":
            if len(meld.cards) == 3:
                suits = {c.suit for c in meld.cards}
                fourth = Card(meld.cards[0].rank, next(x for x in range(4) if x not in suits))
                if hand_mask & fourth.mask:
                    fits.append(LayoffFit(fourth, meld, False))
            continue
        low, high = run_chains(meld, hand_mask)
        for chain in (low, high):
            fits.extend(LayoffFit(c, meld, i > 0) for i, c in enumerate(chain))
    order = {c: i for i, c in enumerate(hand)}
    fits.sort(key=lambda f: order[f.card])
    after, layoffs, _ = best_layoffs(knocker.melds, hand)
    return LayoffPlan(knocker, tuple(fits), layoffs, deadwood_of_mask(hand_mask), after)


def _fitting(melds: Iterable[Meld], cards: Iterable[Card]) -> tuple[Card, ...]:
    """The ``cards`` that fit one of ``melds`` as laid down (a first layoff)."""
    ms = list(melds)
    return tuple(c for c in cards if any(can_extend(m, c) for m in ms))


def knock_refusal(rules: Rules, up_card: Card, deadwood: int) -> Text:
    """Why a knock keeping ``deadwood`` (over the knock limit) is refused: under an ace
    that allows no knock, only gin (or big gin, where the rules have it) ends the deal."""
    limit = rules.knock_limit(up_card)
    if limit == 0:
        m = (
            M["error.over-knock-limit-gin-only-big-gin"]
            if rules.big_gin
            else M["error.over-knock-limit-gin-only"]
        )
        return m(up_card=up_card.code, deadwood=deadwood)
    return M["error.over-knock-limit"](deadwood=deadwood, limit=limit)


def gin_bonus_lost(rules: Rules, cards: int, best_deadwood: int, laid_out_deadwood: int) -> int:
    """The gin bonus a knocker gives up by laying out a gin hand with deadwood: the deal is
    scored as the hand is laid out, so such a layout scores as a knock. ``cards`` is the
    number the knocker kept (ten for gin; big gin, eleven, must be laid out whole) and
    ``best_deadwood`` the least deadwood of any layout; 0 when nothing is given up.

    >>> classic = Rules.preset("classic")
    >>> gin_bonus_lost(classic, 10, 0, 3), gin_bonus_lost(classic, 10, 0, 0)
    (25, 0)
    """
    return rules.gin_bonus if cards == 10 and best_deadwood == 0 and laid_out_deadwood else 0


_DEFENDER_STATES: dict[str, tuple[str, str | None]] = {
    "score.defender": ("score.defender-no-deadwood", None),
    "score.defender-after-layoffs": ("score.defender-after-layoffs-no-deadwood", None),
    "score.defender-chosen": ("score.defender-chosen-no-deadwood", None),
    "score.defender-kept": ("score.defender-kept-no-deadwood", "score.defender-kept-no-melds"),
}
"""The defender's score line by state: its form for no deadwood left, and for no meld
(where the line would say "the defender's melds are no melds")."""


def score_deal(
    rules: Rules,
    up_card: Card,
    knocker_cards: Iterable[Card],
    defender_cards: Iterable[Card],
    knocker_melds: Sequence[Sequence[Card]] | None = None,
    layoffs: Sequence[tuple[Card, int]] | None = None,
) -> DealResult:
    """Score a deal that ended with a knock, gin or big gin.

    ``knocker_cards`` are the ten cards the knocker kept (eleven for big gin) and
    ``defender_cards`` the defender's ten. Raises
    :class:`~gin.errors.IllegalActionError` if the knock is not legal.

    ``knocker_melds`` is the knocker's own layout (checked by
    :func:`gin.layout.propose_layout`; the deal is then scored as laid out, even when a
    better layout exists) and ``layoffs`` the defender's own layoffs, each a card and the
    index of the knocker's meld it goes onto as the melds stand at that moment (checked one
    at a time by :class:`gin.layout.LayoffBoard`). ``None`` means the engine's best, as
    before. A layout or layoff refused raises :class:`gin.layout.LayoutError`.

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
        raise IllegalActionError(M["error.defender-count"](count=len(dcards)))
    kmask = cards_mask(kcards)
    best_kdw = deadwood_of_mask(kmask)
    if len(kcards) == 11:
        if not rules.big_gin:
            raise IllegalActionError(M["error.no-big-gin"]())
        if best_kdw != 0:
            raise IllegalActionError(M["error.not-big-gin"](deadwood=best_kdw))
        kind: ResultKind = "big-gin"
    elif len(kcards) == 10:
        if best_kdw > limit:
            raise IllegalActionError(knock_refusal(rules, up_card, best_kdw))
        kind = "gin" if best_kdw == 0 else "knock"
    else:
        raise IllegalActionError(M["error.knocker-count"](count=len(kcards)))
    kdw = best_kdw
    laid_out: Arrangement | None = None
    if knocker_melds is not None:
        laid_out = propose_layout(kcards, knocker_melds)
        check_knock_layout(rules, up_card, laid_out)
        kdw = laid_out.deadwood_points
        if gin_bonus_lost(rules, len(kcards), best_kdw, kdw):
            kind = "knock"
    dmask = cards_mask(dcards)
    d_before = deadwood_of_mask(dmask)
    k_arrs = _best_arrangements_mask(kmask)
    k_after: tuple[Meld, ...]
    laid_off: tuple[Layoff, ...]
    if laid_out is not None:
        k_arr = laid_out
    elif kind in ("gin", "big-gin"):
        k_arr = k_arrs[0]
    else:
        # knocker's tie-break: the arrangement leaving the defender the most deadwood
        chosen: tuple[int, Arrangement] | None = None
        for arr in k_arrs:
            dw = best_layoffs(arr.melds, dcards)[0]
            if chosen is None or dw > chosen[0]:
                chosen = (dw, arr)
        assert chosen is not None
        k_arr = chosen[1]
    if kind in ("gin", "big-gin"):
        if layoffs:
            raise LayoutError(M["error.layoff-after-gin"]())
        d_after, laid_off, k_after = d_before, (), k_arr.melds
    elif layoffs is None:
        d_after, laid_off, k_after = best_layoffs(k_arr.melds, dcards)
    else:
        board = LayoffBoard.start(k_arr.melds, dcards)
        for card, index in layoffs:
            board = board.lay_off(card, index)
        d_after, laid_off, k_after = board.deadwood_points, board.laid, board.melds
    layoffs_chosen = layoffs is not None and kind == "knock"
    laid = cards_mask(lo.card for lo in laid_off)
    d_arr = _best_arrangements_mask(dmask & ~laid)[0]

    steps: list[Draft] = [
        (st.code, Text(st.key, st.data)) for st in knock_limit_steps(rules, up_card)
    ]
    kmelds = [_codes(m.cards) for m in k_arr.melds]
    if kind == "big-gin":
        steps.append(("knocker", M["score.knocker-big-gin"](melds=kmelds)))
    elif kind == "gin":
        steps.append(("knocker", M["score.knocker-gin"](melds=kmelds)))
    else:
        steps.append(
            (
                "knocker",
                M["score.knocker-knock"](
                    melds=kmelds, deadwood=_codes(k_arr.deadwood), points=kdw, limit=limit
                ),
            )
        )
        if len(k_arrs) > 1 and laid_out is None:
            steps.append(("tie-break", M["score.tie-break"](count=len(k_arrs), deadwood=kdw)))
    if kdw > best_kdw:
        steps.append(("laid-out", M["score.laid-out"](points=kdw, best=best_kdw)))
    if kind in ("gin", "big-gin"):
        steps.append(
            (
                "no-layoffs",
                M["score.no-layoffs-gin"]() if kind == "gin" else M["score.no-layoffs-big-gin"](),
            )
        )
    elif not laid_off:
        chose_none = layoffs is not None and bool(_fitting(k_arr.melds, dcards))
        steps.append(
            (
                "no-layoffs",
                M["score.no-layoffs-chosen"]() if chose_none else M["score.no-layoffs"](),
            )
        )
    for lo in laid_off:
        chained = lo.onto not in k_arr.melds
        m = M["score.layoff-chained"] if chained else M["score.layoff"]
        steps.append(
            (
                "layoff",
                m(card=lo.card.code, onto=_codes(lo.onto.cards), result=_codes(lo.result.cards)),
            )
        )
    dmelds = [_codes(m.cards) for m in d_arr.melds]
    left = _codes(d_arr.deadwood)
    if layoffs is not None and kind == "knock":  # the defender's own layoffs, as chosen
        line = "score.defender-chosen" if laid_off else "score.defender-kept"
    else:
        line = "score.defender-after-layoffs" if laid_off else "score.defender"
    # one sentence per state: never "leaving  = 0" nor "the melds are no melds"
    no_deadwood, no_melds = _DEFENDER_STATES[line]
    if not left:
        key = no_deadwood
    elif not dmelds and no_melds is not None:
        key = no_melds
    else:
        key = line
    data: dict[str, object] = {"melds": dmelds, "deadwood": left, "points": d_after}
    if laid_off:
        data["before"] = d_before
    steps.append(("defender", M[key](**data)))

    winner: Literal["knocker", "defender"] | None
    if kind in ("gin", "big-gin"):
        bonus = rules.gin_bonus if kind == "gin" else rules.big_gin_bonus
        base = d_after
        winner = "knocker"
        if kind == "gin":
            steps.append(("compare", M["score.compare-gin"](points=d_after)))
            steps.append(("bonus", M["score.bonus-gin"](bonus=bonus)))
        else:
            steps.append(("compare", M["score.compare-big-gin"](points=d_after)))
            steps.append(("bonus", M["score.bonus-big-gin"](bonus=bonus)))
    elif kdw < d_after:
        kind, winner, base, bonus = "knock", "knocker", d_after - kdw, 0
        steps.append(
            ("compare", M["score.compare-knock"](knocker=kdw, defender=d_after, base=base))
        )
    elif kdw == d_after and not rules.undercut_on_tie:
        kind, winner, base, bonus = "tie", None, 0, 0
        steps.append(("compare", M["score.compare-tie"](deadwood=kdw)))
    else:
        kind, winner, base, bonus = "undercut", "defender", kdw - d_after, rules.undercut_bonus
        if kdw == d_after:
            steps.append(("compare", M["score.compare-undercut-tie"](deadwood=kdw)))
        else:
            steps.append(
                ("compare", M["score.compare-undercut"](knocker=kdw, defender=d_after, base=base))
            )
        steps.append(("bonus", M["score.bonus-undercut"](bonus=bonus)))
    points = (base + bonus) * mult
    if mult == 2 and winner is not None:
        steps.append(("double", M["score.double"](before=base + bonus, points=points)))
    if winner == "knocker":
        steps.append(("total", M["score.total-knocker"](points=points)))
    elif winner == "defender":
        steps.append(("total", M["score.total-defender"](points=points)))
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
        layoffs=laid_off,
        steps=number_steps(steps),
        knocker_best_deadwood=best_kdw,
        laid_out=laid_out is not None,
        layoffs_chosen=layoffs_chosen,
    )


__all__ = [
    "DealResult",
    "Layoff",
    "LayoffFit",
    "LayoffPlan",
    "LayoffStage",
    "ResultKind",
    "best_layoffs",
    "knock_refusal",
    "plan_layoffs",
    "score_deal",
]
