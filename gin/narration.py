"""What happened in a deal, told from one player's seat: a sentence for every event.

:func:`event_text` tells an event to ``viewer`` (``you`` / ``your opponent``), or with
neutral player numbers when ``viewer`` is ``None``. The sentences are catalog messages
(:mod:`gin.i18n`), whole for each seat, so every language can say them its own way.
"""

from __future__ import annotations

from gin.actions import (
    BigGinDeclared,
    DealScored,
    Discarded,
    DrewFromDiscard,
    DrewFromStock,
    Event,
    Knocked,
    LaidOff,
    Passed,
    UpCardTaken,
)
from gin.i18n import DEFAULT_LANGUAGE, M, Message, Text

# Each event has three forms: told to its player, told to the other player, and neutral.
UP_CARD_TAKEN = (
    M["event.up-card-taken.you"],
    M["event.up-card-taken.opponent"],
    M["event.up-card-taken.player"],
)
PASSED = (
    M["event.passed.you"],
    M["event.passed.opponent"],
    M["event.passed.player"],
)
DREW_STOCK_SEEN = (
    M["event.drew-stock-seen.you"],
    M["event.drew-stock-seen.opponent"],
    M["event.drew-stock-seen.player"],
)
DREW_STOCK = (
    M["event.drew-stock.you"],
    M["event.drew-stock.opponent"],
    M["event.drew-stock.player"],
)
DREW_DISCARD = (
    M["event.drew-discard.you"],
    M["event.drew-discard.opponent"],
    M["event.drew-discard.player"],
)
DISCARDED = (
    M["event.discarded.you"],
    M["event.discarded.opponent"],
    M["event.discarded.player"],
)
WENT_GIN = (
    M["event.gin.you"],
    M["event.gin.opponent"],
    M["event.gin.player"],
)
KNOCKED = (
    M["event.knocked.you"],
    M["event.knocked.opponent"],
    M["event.knocked.player"],
)
BIG_GIN = (
    M["event.big-gin.you"],
    M["event.big-gin.opponent"],
    M["event.big-gin.player"],
)
LAID_OFF = (
    M["event.laid-off.you"],
    M["event.laid-off.opponent"],
    M["event.laid-off.player"],
)
SCORED = (
    M["event.scored.you"],
    M["event.scored.opponent"],
    M["event.scored.player"],
)


def _told(
    forms: tuple[Message, Message, Message], player: int, viewer: int | None, **data: object
) -> Text:
    if viewer is None:
        return forms[2](player=player + 1, **data)
    return forms[0 if player == viewer else 1](**data)


def event_text(event: Event, viewer: int | None = None) -> Text:
    """The sentence telling ``event`` to ``viewer`` (0 or 1), or neutrally (``None``).

    >>> from gin.actions import Passed
    >>> str(event_text(Passed(1), viewer=0)), str(event_text(Passed(1)))
    ('Your opponent passed on the up card.', 'Player 2 passed on the up card.')
    """
    if isinstance(event, UpCardTaken):
        return _told(UP_CARD_TAKEN, event.player, viewer, card=event.card.code)
    if isinstance(event, Passed):
        return _told(PASSED, event.player, viewer)
    if isinstance(event, DrewFromStock):
        if event.card is None:
            return _told(DREW_STOCK, event.player, viewer)
        return _told(DREW_STOCK_SEEN, event.player, viewer, card=event.card.code)
    if isinstance(event, DrewFromDiscard):
        return _told(DREW_DISCARD, event.player, viewer, card=event.card.code)
    if isinstance(event, Discarded):
        return _told(DISCARDED, event.player, viewer, card=event.card.code)
    if isinstance(event, Knocked):
        if event.gin:
            return _told(WENT_GIN, event.player, viewer, card=event.card.code)
        return _told(KNOCKED, event.player, viewer, card=event.card.code, deadwood=event.deadwood)
    if isinstance(event, BigGinDeclared):
        return _told(BIG_GIN, event.player, viewer)
    if isinstance(event, LaidOff):
        onto = [c.code for c in event.onto.cards]
        return _told(LAID_OFF, event.player, viewer, card=event.card.code, onto=onto)
    if isinstance(event, DealScored):
        if event.winner is None:
            return M["event.tie"]()
        return _told(SCORED, event.winner, viewer, points=event.points)
    return M["event.voided"]()


def describe_event(event: Event, viewer: int | None = None) -> str:
    """The English sentence of :func:`event_text`."""
    return event_text(event, viewer).render(DEFAULT_LANGUAGE)


__all__ = ["describe_event", "event_text"]
