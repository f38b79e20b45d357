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
from gin.i18n import DEFAULT_LANGUAGE, Message, Text, message

# Each event has three forms: told to its player, told to the other player, and neutral.
UP_CARD_TAKEN = (
    message("event.up-card-taken.you", "You took the up card {card:card}."),
    message("event.up-card-taken.opponent", "Your opponent took the up card {card:card}."),
    message("event.up-card-taken.player", "Player {player} took the up card {card:card}."),
)
PASSED = (
    message("event.passed.you", "You passed on the up card."),
    message("event.passed.opponent", "Your opponent passed on the up card."),
    message("event.passed.player", "Player {player} passed on the up card."),
)
DREW_STOCK_SEEN = (
    message("event.drew-stock-seen.you", "You drew {card:card} from the stock."),
    message("event.drew-stock-seen.opponent", "Your opponent drew {card:card} from the stock."),
    message("event.drew-stock-seen.player", "Player {player} drew {card:card} from the stock."),
)
DREW_STOCK = (
    message("event.drew-stock.you", "You drew from the stock."),
    message("event.drew-stock.opponent", "Your opponent drew from the stock."),
    message("event.drew-stock.player", "Player {player} drew from the stock."),
)
DREW_DISCARD = (
    message("event.drew-discard.you", "You took {card:card} from the discard pile."),
    message("event.drew-discard.opponent", "Your opponent took {card:card} from the discard pile."),
    message("event.drew-discard.player", "Player {player} took {card:card} from the discard pile."),
)
DISCARDED = (
    message("event.discarded.you", "You discarded {card:card}."),
    message("event.discarded.opponent", "Your opponent discarded {card:card}."),
    message("event.discarded.player", "Player {player} discarded {card:card}."),
)
WENT_GIN = (
    message("event.gin.you", "You went gin, discarding {card:card}."),
    message("event.gin.opponent", "Your opponent went gin, discarding {card:card}."),
    message("event.gin.player", "Player {player} went gin, discarding {card:card}."),
)
KNOCKED = (
    message("event.knocked.you", "You knocked with {deadwood} deadwood, discarding {card:card}."),
    message(
        "event.knocked.opponent",
        "Your opponent knocked with {deadwood} deadwood, discarding {card:card}.",
    ),
    message(
        "event.knocked.player",
        "Player {player} knocked with {deadwood} deadwood, discarding {card:card}.",
    ),
)
BIG_GIN = (
    message("event.big-gin.you", "You declared big gin."),
    message("event.big-gin.opponent", "Your opponent declared big gin."),
    message("event.big-gin.player", "Player {player} declared big gin."),
)
LAID_OFF = (
    message("event.laid-off.you", "You laid off {card:card} onto {onto:cards}."),
    message("event.laid-off.opponent", "Your opponent laid off {card:card} onto {onto:cards}."),
    message("event.laid-off.player", "Player {player} laid off {card:card} onto {onto:cards}."),
)
SCORED = (
    message("event.scored.you", "You scored {points}."),
    message("event.scored.opponent", "Your opponent scored {points}."),
    message("event.scored.player", "Player {player} scored {points}."),
)
TIE = message("event.tie", "The deal ended in a tie: nobody scores.")
VOIDED = message(
    "event.voided",
    "The deal is void: only two cards are left in the stock. Nobody scores, and the same "
    "dealer deals again.",
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
            return TIE()
        return _told(SCORED, event.winner, viewer, points=event.points)
    return VOIDED()


def describe_event(event: Event, viewer: int | None = None) -> str:
    """The English sentence of :func:`event_text`."""
    return event_text(event, viewer).render(DEFAULT_LANGUAGE)


__all__ = ["describe_event", "event_text"]
