"""What the coach says, as data: the engine's explanation steps for the learner's view.

Everything here reads one player's :class:`gin.PlayerView` only, so nothing it says can
give away a hidden card. The numbers come from the engine (:func:`gin.turn_steps`,
:func:`gin.draw_steps`, :func:`gin.discard_steps`, :func:`gin.scoring.best_layoffs`);
this module only adds a few sentences that name what the view already shows (the card
just taken, big gin being legal, what the opponent's moves may suggest). No widget
library is imported.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import gin
from gin.bots.memory import neighbours
from gin.cards import rank_name
from gin.explain import number_steps
from gin.scoring import best_layoffs

LEARNER = 0
OPPONENT = 1
NAMES = ("You", "Your opponent")

Triple = tuple[str, str, Mapping[str, Any]]

NOTE_CODES = frozenset({"taken-card", "big-gin"})
"""Codes of the steps :func:`turn_steps` adds around the engine's own steps."""


def plural_rank(card: gin.Card) -> str:
    """The plural name of a card's rank: ``sevens``, ``sixes``, ``aces``."""
    name = rank_name(card.rank)
    return name + ("es" if name.endswith("x") else "s")


def legal_discards(view: gin.PlayerView) -> list[gin.Card]:
    """The cards the player may discard now (empty outside the discard phase)."""
    return [a.card for a in view.legal_actions if isinstance(a, gin.Discard)]


def blocked_card(view: gin.PlayerView) -> gin.Card | None:
    """The card just taken from the discard pile when the rules forbid discarding it."""
    if view.taken_card is not None and not view.rules.may_discard_taken_card:
        return view.taken_card
    return None


def _steps(steps: Sequence[gin.Step]) -> list[Triple]:
    return [(s.code, s.text, s.data) for s in steps]


def discard_steps(view: gin.PlayerView) -> tuple[gin.Step, ...]:
    """The engine's best discards for an eleven-card hand, honouring the card just taken
    (:func:`gin.discard_steps` with ``keep``)."""
    return gin.discard_steps(view.hand, view.knock_limit, keep=blocked_card(view))


def live_deadwood(view: gin.PlayerView) -> tuple[int, int | None]:
    """(deadwood of the hand as it is, least deadwood after a legal discard or ``None``).

    With ten cards the second number is ``None``; with eleven it is what the best legal
    discard leaves, read from the engine's :func:`gin.discard_steps`.
    """
    now = gin.deadwood(view.hand)
    if len(view.hand) != 11:
        return now, None
    best = next(s for s in discard_steps(view) if s.code == "best-discards")
    return now, int(best.data["deadwood"])


@dataclass(frozen=True)
class TakeAnalysis:
    """What taking a face-up card would do to the deadwood (the engine's
    :func:`gin.draw_steps` numbers)."""

    card: gin.Card
    now: int
    after: int
    discard: gin.Card
    knock: bool
    step: gin.Step | None = None
    """The engine's ``take`` step these numbers come from."""


def analyse_take(view: gin.PlayerView, card: gin.Card) -> TakeAnalysis:
    """Take ``card`` into the hand, then make the best discard (never ``card`` itself):
    the numbers of the ``take`` step of :func:`gin.draw_steps`."""
    steps = gin.draw_steps(view.hand, card, view.knock_limit)
    now = int(next(s for s in steps if s.code == "now").data["deadwood"])
    take = next(s for s in steps if s.code == "take")
    after = int(take.data["after"])
    return TakeAnalysis(
        card, now, after, gin.Card.parse(take.data["discard"]), after <= view.knock_limit, take
    )


def turn_steps(view: gin.PlayerView) -> tuple[gin.Step, ...]:
    """The learner's options this turn: the engine's :func:`gin.turn_steps`, with a note
    on the card just taken (it may not be discarded) and on big gin when it is legal."""
    if view.phase.is_over:
        return ()
    before: list[Triple] = []
    after: list[Triple] = []
    blocked = blocked_card(view)
    if view.my_turn and view.phase is gin.Phase.DISCARD and blocked is not None:
        before.append(
            (
                "taken-card",
                f"You just took {blocked} from the discard pile, so you "
                "may not discard it this turn.",
                {"card": blocked.code},
            )
        )
    if gin.BigGin() in view.legal_actions:
        after.append(("big-gin", "All eleven of your cards meld: you may declare big gin.", {}))
    return number_steps([*before, *_steps(gin.turn_steps(view)), *after])


def engine_part(steps: Sequence[gin.Step]) -> list[Triple]:
    """The steps the engine wrote (the notes of :func:`turn_steps` left out)."""
    return [t for t in _steps(steps) if t[0] not in NOTE_CODES]


# ------------------------------------------------------------------ after a knock


@dataclass(frozen=True)
class LayoffPreview:
    """What the defender can lay off onto the knocker's melds laid face up."""

    knocker: gin.Arrangement
    fits: tuple[tuple[gin.Card, gin.Meld], ...]
    """Each card of the hand that :func:`gin.can_extend` onto a meld as it lies now."""
    layoffs: tuple[gin.Layoff, ...]
    """The layoffs the engine will make (:func:`gin.scoring.best_layoffs`)."""
    deadwood_before: int
    deadwood_after: int


def layoff_preview(view: gin.PlayerView) -> LayoffPreview | None:
    """The layoffs open to the player after the opponent knocked, or ``None`` (no knock
    by the opponent, or the deal is over)."""
    shown = view.knocker_shown
    if shown is None or view.knocker != view.opponent or view.phase.is_over:
        return None
    fits = tuple((c, m) for c in view.hand for m in shown.melds if gin.can_extend(m, c))
    after, layoffs, _ = best_layoffs(shown.melds, view.hand)
    return LayoffPreview(shown, fits, layoffs, gin.deadwood(view.hand), after)


def layoff_steps(view: gin.PlayerView) -> tuple[gin.Step, ...]:
    """What the knocker laid down, which of the player's cards fit onto it, and what the
    engine's layoffs leave (empty when the opponent has not knocked)."""
    p = layoff_preview(view)
    if p is None:
        return ()
    k = p.knocker
    melds = "; ".join(m.describe() for m in k.melds) or "no melds"
    dw = f"{gin.format_cards(k.deadwood)} = {k.deadwood_points}" if k.deadwood else "none"
    out: list[Triple] = [
        (
            "knocker-shown",
            f"Your opponent laid down {melds}. Their deadwood: {dw}.",
            {
                "melds": [[c.code for c in m.cards] for m in k.melds],
                "deadwood": k.deadwood_points,
            },
        )
    ]
    if not p.fits:
        out.append(("no-fit", "None of your cards fits onto those melds.", {"cards": []}))
    onto: dict[gin.Card, list[gin.Meld]] = {}
    for c, m in p.fits:
        onto.setdefault(c, []).append(m)
    for c, ms in onto.items():
        where = " or ".join(f"the {m.kind} {gin.format_cards(m.cards)}" for m in ms)
        out.append(
            (
                "fits",
                f"{c} fits onto {where}.",
                {"card": c.code, "onto": [[x.code for x in m.cards] for m in ms]},
            )
        )
    laid = [lo.card for lo in p.layoffs]
    if laid:
        text = (
            f"Laying off {gin.format_cards(laid)} brings your deadwood from "
            f"{p.deadwood_before} down to {p.deadwood_after}."
        )
    else:
        text = f"No layoff lowers your deadwood: you keep {p.deadwood_before}."
    out.append(
        (
            "layoff-plan",
            text,
            {
                "cards": [c.code for c in laid],
                "before": p.deadwood_before,
                "after": p.deadwood_after,
                "knocker_deadwood": k.deadwood_points,
            },
        )
    )
    return number_steps(out)


# ------------------------------------------------------------------ the opponent's moves


def _pile_tops(view: gin.PlayerView) -> list[gin.Card | None]:
    """The top of the discard pile before each event (rebuilt from the public events)."""
    pile: list[gin.Card] = [view.up_card]
    tops: list[gin.Card | None] = []
    for e in view.events:
        tops.append(pile[-1] if pile else None)
        if isinstance(e, gin.UpCardTaken | gin.DrewFromDiscard):
            if pile:
                pile.pop()
        elif isinstance(e, gin.Discarded | gin.Knocked):
            pile.append(e.card)
    return tops


def suggestion(event: gin.Event, top_before: gin.Card | None, forced: bool = False) -> str | None:
    """What an opponent's visible move may suggest, or ``None``. ``forced`` marks a draw
    from the stock the rules required (both players passed on the up card)."""
    if getattr(event, "player", None) != OPPONENT:
        return None
    if isinstance(event, gin.UpCardTaken | gin.DrewFromDiscard):
        c = event.card
        return (
            f"They wanted {c}: they probably hold other {plural_rank(c)} or "
            f"{c.suit.noun} next to it. Think twice before discarding those."
        )
    if isinstance(event, gin.Passed) and top_before is not None:
        return f"{top_before} did not help them enough to take it."
    if isinstance(event, gin.DrewFromStock) and top_before is not None and not forced:
        return f"They left {top_before} on the pile: it probably does not fit their hand."
    if isinstance(event, gin.Discarded):
        c = event.card
        return (
            f"They let {c} go: they are probably not collecting {plural_rank(c)}, so "
            f"{plural_rank(c)} may be safer for you to discard."
        )
    return None


def opponent_steps(view: gin.PlayerView, since: int = 0) -> tuple[gin.Step, ...]:
    """The opponent's visible moves from event ``since`` on (but their layoffs, which the
    end of the deal plays back with the score), what they may suggest, the
    cards the opponent is known to hold, and discards of the learner that could help them
    (cards the engine's :func:`gin.bots.memory.neighbours` relates to a known card)."""
    tops = _pile_tops(view)
    out: list[Triple] = []
    for i, e in enumerate(view.events[since:], start=since):
        if getattr(e, "player", None) != OPPONENT or isinstance(e, gin.LaidOff):
            continue  # layoffs are told, one at a time, with the score
        out.append(("event", gin.describe_event(e, NAMES), {"event": i}))
        forced = i > 0 and isinstance(view.events[i - 1], gin.Passed)
        hint = suggestion(e, tops[i] if i < len(tops) else None, forced)
        if hint:
            out.append(("suggests", hint, {"event": i}))
    known = view.opponent_known
    if known and not view.phase.is_over:
        out.append(
            (
                "known",
                "Your opponent holds "
                + ", ".join(str(c) for c in known)
                + " (taken face up, so you saw them).",
                {"cards": [c.code for c in known]},
            )
        )
        for card in legal_discards(view):
            near = neighbours(card)
            fits = [k for k in known if near & k.mask]
            if fits:
                out.append(
                    (
                        "danger",
                        f"Careful: {card} would fit with "
                        f"{', '.join(str(k) for k in fits)}, which your opponent took.",
                        {"card": card.code, "fits": [k.code for k in fits]},
                    )
                )
    return number_steps(out)


# ------------------------------------------------------------------ melds


def meld_steps(cards: Sequence[gin.Card]) -> gin.MeldExplanation | None:
    """The engine's explanation of a hand's melds (``None`` for an empty hand)."""
    if not cards:
        return None
    return gin.explain_melds(cards)


def set_versus_run(ex: gin.MeldExplanation) -> tuple[gin.Card, gin.Arrangement] | None:
    """A card the best arrangement melds one way (set or run) and the best alternative
    melds the other way: (the card, that alternative), or ``None``."""
    for alt in ex.alternatives:
        for m in alt.melds:
            for c in m.cards:
                here = ex.best.meld_of(c)
                if here is not None and here.kind != m.kind:
                    return c, alt
    return None


# ------------------------------------------------------------------ hints


@dataclass(frozen=True)
class Hint:
    """A suggested action with its reasons."""

    action: gin.Action | None
    steps: tuple[gin.Step, ...]
    source: str
    """``bots.hint`` when the engine's hint answered, ``fallback`` otherwise."""


def engine_hint(view: gin.PlayerView) -> Hint | None:
    """Ask ``gin.bots.hint(view)`` if it exists; ``None`` when it does not."""
    import gin.bots

    fn = getattr(gin.bots, "hint", None)
    if not callable(fn):
        return None
    result = fn(view)
    action = getattr(result, "action", None)
    if action is None and hasattr(result, "text") and hasattr(result, "describe"):
        action = result
    raw_steps = getattr(result, "steps", ()) or ()
    steps = tuple(s for s in raw_steps if isinstance(s, gin.Step))
    if not steps:
        steps = tuple(gin.Step(i, "hint", str(s)) for i, s in enumerate(raw_steps, 1))
    return Hint(action, steps, "bots.hint")


def fallback_hint(view: gin.PlayerView) -> Hint:
    """A hint from the engine's deadwood explanations alone: the best discard (from
    :func:`gin.discard_steps`), a knock when allowed, taking a card only if the engine's
    :func:`gin.draw_steps` says it lowers the deadwood."""
    legal = view.legal_actions
    if not legal:
        return Hint(None, number_steps([("wait", "It is not your turn.", {})]), "fallback")
    ph = view.phase
    out: list[Triple] = []
    action: gin.Action
    if ph is gin.Phase.LAYOFF:
        action = gin.LayOff()
        out.append(("lay-off", "Lay off: the engine finds your best layoffs.", {}))
    elif ph in (gin.Phase.OFFER_NON_DEALER, gin.Phase.OFFER_DEALER, gin.Phase.DRAW):
        offer = ph is not gin.Phase.DRAW
        take: gin.Action = gin.TakeUpCard() if offer else gin.DrawDiscard()
        leave: gin.Action = gin.Pass() if offer else gin.DrawStock()
        top = view.top_discard
        if take in legal and top is not None:
            a = analyse_take(view, top)
            if a.step is not None:
                out.append((a.step.code, a.step.text, a.step.data))
            action = take if a.after < a.now else leave
        else:
            action = leave
        out.append(("advice", f"Suggested: {action.describe()}.", {"action": action.text}))
    elif gin.BigGin() in legal:
        action = gin.BigGin()
        out.append(("big-gin", "All eleven cards meld: declare big gin.", {}))
    else:
        steps = discard_steps(view)
        best = next(s for s in steps if s.code == "best-discards")
        card = gin.Card.parse(best.data["discards"][0])
        left = int(best.data["deadwood"])
        knocks = {a.card: a for a in legal if isinstance(a, gin.Knock)}
        if card in knocks:
            action = knocks[card]
            word = "go gin" if left == 0 else "knock"
            out.append(
                (
                    "knock",
                    f"Discard {card} and {word}: you keep {left} deadwood "
                    f"(limit {view.knock_limit}).",
                    {"card": card.code, "deadwood": left, "limit": view.knock_limit},
                )
            )
        else:
            action = gin.Discard(card)
            out.append(
                (
                    "discard",
                    f"Discard {card}: it leaves {left} deadwood, the least you can keep.",
                    {"card": card.code, "deadwood": left},
                )
            )
    return Hint(action, number_steps(out), "fallback")


def hint(view: gin.PlayerView) -> Hint:
    """The engine's hint (``gin.bots.hint``) if it exists, otherwise :func:`fallback_hint`."""
    if view.my_turn and view.legal_actions:
        found = engine_hint(view)
        if found is not None and (found.action is None or found.action in view.legal_actions):
            return found
    return fallback_hint(view)


__all__ = [
    "LEARNER",
    "NAMES",
    "NOTE_CODES",
    "OPPONENT",
    "Hint",
    "LayoffPreview",
    "TakeAnalysis",
    "analyse_take",
    "blocked_card",
    "discard_steps",
    "engine_hint",
    "engine_part",
    "fallback_hint",
    "hint",
    "layoff_preview",
    "layoff_steps",
    "legal_discards",
    "live_deadwood",
    "meld_steps",
    "opponent_steps",
    "plural_rank",
    "set_versus_run",
    "suggestion",
    "turn_steps",
]
