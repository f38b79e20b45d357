"""What the coach says, as data: engine numbers turned into :class:`gin.Step` lists.

Everything here reads one player's :class:`gin.PlayerView` only, so nothing it says can
give away a hidden card. No widget library is imported.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import gin
from gin.cards import rank_name
from gin.explain import number_steps

LEARNER = 0
OPPONENT = 1
NAMES = ("You", "Your opponent")

Triple = tuple[str, str, Mapping[str, Any]]


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


def live_deadwood(view: gin.PlayerView) -> tuple[int, int | None]:
    """(deadwood of the hand as it is, least deadwood after a legal discard or ``None``).

    With ten cards the second number is ``None``; with eleven it is what the best legal
    discard leaves.
    """
    now = gin.deadwood(view.hand)
    if len(view.hand) != 11:
        return now, None
    legal = set(legal_discards(view))
    opts = [o for o in gin.discard_options(view.hand) if not legal or o.discard in legal]
    return now, opts[0].deadwood_points if opts else None


@dataclass(frozen=True)
class TakeAnalysis:
    """What taking a face-up card would do to the deadwood."""

    card: gin.Card
    now: int
    after: int
    discard: gin.Card
    knock: bool


def analyse_take(view: gin.PlayerView, card: gin.Card) -> TakeAnalysis:
    """Take ``card`` into the hand, then make the best discard the rules allow."""
    eleven = [*view.hand, card]
    opts = gin.discard_options(eleven)
    if not view.rules.may_discard_taken_card:
        opts = [o for o in opts if o.discard is not card]
    best = opts[0]
    return TakeAnalysis(
        card,
        gin.deadwood(view.hand),
        best.deadwood_points,
        best.discard,
        best.deadwood_points <= view.knock_limit,
    )


def _take_triple(a: TakeAnalysis, what: str, limit: int) -> Triple:
    data = {
        "card": a.card.code,
        "now": a.now,
        "after": a.after,
        "discard": a.discard.code,
        "limit": limit,
    }
    text = f"{what} {a.card} and then discarding {a.discard} would leave {a.after}"
    if a.after < a.now:
        text += f": {a.now - a.after} less."
    else:
        text += ": no better than now, so the stock is the better draw."
    if a.knock:
        text += " " + (
            "That would be gin!" if a.after == 0 else f"You could knock at once (limit {limit})."
        )
    return ("take", text, data)


def turn_steps(view: gin.PlayerView) -> tuple[gin.Step, ...]:
    """The learner's options this turn, with the numbers: what taking the face-up card
    would do, which discards keep the deadwood lowest, whether a knock is allowed."""
    ph = view.phase
    if ph.is_over:
        return ()
    if not view.my_turn:
        return number_steps(
            [("wait", "Your opponent is playing: watch what they take and what they let go.", {})]
        )
    out: list[Triple] = []
    if ph in (gin.Phase.OFFER_NON_DEALER, gin.Phase.OFFER_DEALER, gin.Phase.DRAW):
        now = gin.deadwood(view.hand)
        limit = view.knock_limit
        goal = "reach gin (no deadwood at all)" if limit == 0 else f"get it down to {limit}"
        out.append(
            (
                "goal",
                f"Your deadwood is {now}. To knock you must {goal}"
                + (": you are there." if now <= limit else f", {now - limit} less."),
                {"deadwood": now, "limit": limit},
            )
        )
    if ph in (gin.Phase.OFFER_NON_DEALER, gin.Phase.OFFER_DEALER):
        out.append(
            (
                "offer",
                f"You are offered the up card {view.up_card}: take it or pass.",
                {"card": view.up_card.code},
            )
        )
        out.append(_take_triple(analyse_take(view, view.up_card), "Taking", view.knock_limit))
    elif ph is gin.Phase.DRAW:
        top = view.top_discard
        if gin.DrawDiscard() not in view.legal_actions:
            out.append(
                (
                    "stock-only",
                    "Both players passed on the up card, so this first draw comes from the stock.",
                    {},
                )
            )
        elif top is not None:
            out.append(_take_triple(analyse_take(view, top), "Taking", view.knock_limit))
    elif ph is gin.Phase.DISCARD:
        blocked = blocked_card(view)
        if blocked is None:
            return gin.discard_steps(view.hand, view.knock_limit)
        legal = set(legal_discards(view))
        opts = [o for o in gin.discard_options(view.hand) if o.discard in legal]
        best = opts[0].deadwood_points
        lowest = [o for o in opts if o.deadwood_points == best]
        out.append(
            (
                "taken-card",
                f"You just took {blocked} from the discard pile, so you "
                "may not discard it this turn.",
                {"card": blocked.code},
            )
        )
        out.append(
            (
                "best-discards",
                f"Discarding {' or '.join(str(o.discard) for o in lowest)} "
                f"leaves the least deadwood: {best}.",
                {"deadwood": best, "discards": [o.discard.code for o in lowest]},
            )
        )
        for o in opts[len(lowest) : len(lowest) + 3]:
            out.append(
                (
                    "other-discard",
                    f"Discarding {o.discard} would leave {o.deadwood_points}.",
                    {"card": o.discard.code, "deadwood": o.deadwood_points},
                )
            )
        if best <= view.knock_limit:
            kind = "go gin" if best == 0 else "knock"
            out.append(
                (
                    "can-knock",
                    f"With {best} deadwood against a limit of {view.knock_limit}, you may {kind}.",
                    {"deadwood": best, "limit": view.knock_limit},
                )
            )
        else:
            out.append(
                (
                    "cannot-knock",
                    f"You need {best - view.knock_limit} fewer points of "
                    f"deadwood to knock (limit {view.knock_limit}).",
                    {"deadwood": best, "limit": view.knock_limit},
                )
            )
    elif ph is gin.Phase.LAYOFF:
        knock = next((e for e in reversed(view.events) if isinstance(e, gin.Knocked)), None)
        dw = knock.deadwood if knock is not None else 0
        out.append(
            (
                "lay-off",
                f"Your opponent knocked with {dw} deadwood. Press Lay off: "
                "your hand is shown and the engine lays off every card it can onto "
                "the knocker's melds.",
                {"deadwood": dw},
            )
        )
    if gin.BigGin() in view.legal_actions:
        out.append(("big-gin", "All eleven of your cards meld: you may declare big gin.", {}))
    return number_steps(out)


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
    """The opponent's visible moves from event ``since`` on, what they may suggest, the
    cards the opponent is known to hold, and discards of the learner that could help them."""
    tops = _pile_tops(view)
    out: list[Triple] = []
    for i, e in enumerate(view.events[since:], start=since):
        if getattr(e, "player", None) != OPPONENT:
            continue
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
            fits = [
                k
                for k in known
                if k.rank == card.rank or (k.suit is card.suit and abs(k.rank - card.rank) <= 2)
            ]
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
    """A hint from the deadwood counts alone: the best discard (from
    :func:`gin.discard_options`), a knock when allowed, taking a card only if it lowers
    the deadwood."""
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
            out.append(_take_triple(a, "Taking", view.knock_limit))
            action = take if a.after < a.now else leave
        else:
            action = leave
        out.append(("advice", f"Suggested: {action.describe()}.", {"action": action.text}))
    else:
        if gin.BigGin() in legal:
            action = gin.BigGin()
            out.append(("big-gin", "All eleven cards meld: declare big gin.", {}))
        else:
            m = {a.card: a for a in legal if isinstance(a, gin.Knock)}
            allowed = set(legal_discards(view))
            opts = [o for o in gin.discard_options(view.hand) if o.discard in allowed]
            best = opts[0]
            if best.discard in m:
                action = m[best.discard]
                word = "go gin" if best.deadwood_points == 0 else "knock"
                out.append(
                    (
                        "knock",
                        f"Discard {best.discard} and {word}: you keep "
                        f"{best.deadwood_points} deadwood (limit {view.knock_limit}).",
                        {
                            "card": best.discard.code,
                            "deadwood": best.deadwood_points,
                            "limit": view.knock_limit,
                        },
                    )
                )
            else:
                action = gin.Discard(best.discard)
                out.append(
                    (
                        "discard",
                        f"Discard {best.discard}: it leaves "
                        f"{best.deadwood_points} deadwood, the least you can keep.",
                        {"card": best.discard.code, "deadwood": best.deadwood_points},
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
    "OPPONENT",
    "Hint",
    "TakeAnalysis",
    "analyse_take",
    "blocked_card",
    "engine_hint",
    "fallback_hint",
    "hint",
    "legal_discards",
    "live_deadwood",
    "meld_steps",
    "opponent_steps",
    "plural_rank",
    "set_versus_run",
    "suggestion",
    "turn_steps",
]
