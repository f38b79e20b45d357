"""Reading the opponent: what their visible moves may suggest, and which of your discards
could help them.

:func:`opponent_steps` reads one :class:`~gin.view.PlayerView` only: the opponent's public
moves (their draws from the stock stay face down), the cards they took face up and
still hold, and the player's own legal discards.
"""

from __future__ import annotations

from gin import actions as act
from gin.bots.memory import neighbours
from gin.cards import Card
from gin.i18n import M
from gin.narration import event_text
from gin.steps import Draft, Step, number_steps
from gin.view import PlayerView


def _pile_tops(view: PlayerView) -> list[Card | None]:
    """The top of the discard pile before each event (rebuilt from the public events)."""
    pile: list[Card] = [view.up_card]
    tops: list[Card | None] = []
    for e in view.events:
        tops.append(pile[-1] if pile else None)
        if isinstance(e, act.UpCardTaken | act.DrewFromDiscard):
            if pile:
                pile.pop()
        elif isinstance(e, act.Discarded | act.Knocked):
            pile.append(e.card)
    return tops


def _suggestion(event: act.Event, top: Card | None, forced: bool) -> Draft | None:
    if isinstance(event, act.UpCardTaken | act.DrewFromDiscard):
        c = event.card
        return ("suggests", M["reading.wanted"](card=c.code, rank=c.rank, suit=c.suit.letter))
    if isinstance(event, act.Passed) and top is not None:
        return ("suggests", M["reading.passed-on"](card=top.code))
    if isinstance(event, act.DrewFromStock) and top is not None and not forced:
        return ("suggests", M["reading.left-on-pile"](card=top.code))
    if isinstance(event, act.Discarded):
        return ("suggests", M["reading.let-go"](card=event.card.code, rank=event.card.rank))
    return None


def opponent_steps(
    view: PlayerView, since: int = 0, *, discard_warnings: bool = True
) -> tuple[Step, ...]:
    """The opponent's visible moves from event ``since`` on (but their layoffs, which the
    end of the deal tells with the score), what each may suggest, the cards the opponent
    is known to hold, and (unless not ``discard_warnings``: the discard is chosen, as
    while a knock is laid out) the player's legal discards that would fit with those."""
    tops = _pile_tops(view)
    out: list[Draft] = []
    for i, e in enumerate(view.events[since:], start=since):
        if getattr(e, "player", None) != view.opponent or isinstance(e, act.LaidOff):
            continue
        out.append(("event", event_text(e, view.player)))
        forced = i > 0 and isinstance(view.events[i - 1], act.Passed)
        said = _suggestion(e, tops[i] if i < len(tops) else None, forced)
        if said is not None:
            out.append(said)
    known = view.opponent_known
    if known and not view.phase.is_over:
        out.append(("known", M["reading.known"](cards=[c.code for c in known], count=len(known))))
        for choice in view.discard_choices if discard_warnings else ():
            near = neighbours(choice.card)
            fits = [k.code for k in known if near & k.mask]
            if fits:
                out.append(("danger", M["reading.danger"](card=choice.card.code, fits=fits)))
    return number_steps(out)


__all__ = ["opponent_steps"]
