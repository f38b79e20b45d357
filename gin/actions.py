"""Actions (commands a player gives) and events (what happened, in the past tense).

Actions are small frozen values. Each has a text form used in saved games and logs:

>>> from gin.cards import Card
>>> Knock(Card.parse("7S")).text
'knock 7S'
>>> parse_action("discard 10h")
Discard(card=Card.parse('TH'))
"""

from __future__ import annotations

from dataclasses import dataclass

from gin.cards import Card
from gin.errors import CardParseError, IllegalActionError, echo
from gin.i18n import M
from gin.melds import Meld


@dataclass(frozen=True)
class TakeUpCard:
    """Take the up card during the up-card offer."""

    text = "take"

    def describe(self) -> str:
        """A short description for people."""
        return "take the up card"


@dataclass(frozen=True)
class Pass:
    """Decline the up card during the up-card offer."""

    text = "pass"

    def describe(self) -> str:
        """A short description for people."""
        return "pass"


@dataclass(frozen=True)
class DrawStock:
    """Draw the top card of the stock."""

    text = "draw-stock"

    def describe(self) -> str:
        """A short description for people."""
        return "draw from the stock"


@dataclass(frozen=True)
class DrawDiscard:
    """Draw the top card of the discard pile."""

    text = "draw-discard"

    def describe(self) -> str:
        """A short description for people."""
        return "take the top discard"


@dataclass(frozen=True)
class Discard:
    """Discard a card and end the turn."""

    card: Card

    @property
    def text(self) -> str:
        """The text form, such as ``discard 7S``."""
        return f"discard {self.card.code}"

    def describe(self) -> str:
        """A short description for people."""
        return f"discard {self.card}"


Layout = tuple[tuple[Card, ...], ...]
"""A player's own melds: each a tuple of cards (see :func:`gin.layout.propose_layout`)."""

LayoffChoice = tuple[tuple[Card, int], ...]
"""A defender's own layoffs, in order: each a card and the index of the knocker's meld it
goes onto, the melds as they stand at that moment (a chained layoff names the grown run)."""

WITH = "with"
"""In a text form, the word before a player's own layout or layoffs."""


def _layout_text(melds: Layout | None) -> str:
    if melds is None:
        return ""
    return " ".join([f" {WITH}", *("-".join(c.code for c in m) for m in melds)]).rstrip()


@dataclass(frozen=True)
class Knock:
    """Discard a card and knock; with zero deadwood left this is gin.

    ``melds`` is the knocker's own layout of the ten cards kept (the deal is scored as
    laid out); ``None`` lets the engine lay out the best melds.

    >>> from gin.cards import parse_cards
    >>> Knock(Card.parse("KD"), (tuple(parse_cards("7S 8S 9S")),)).text
    'knock KD with 7S-8S-9S'
    """

    card: Card
    melds: Layout | None = None

    @property
    def text(self) -> str:
        """The text form, such as ``knock 7S`` or ``knock 7S with 2C-3C-4C 9H-9D-9S``."""
        return f"knock {self.card.code}{_layout_text(self.melds)}"

    def describe(self) -> str:
        """A short description for people."""
        return f"knock, discarding {self.card}"


@dataclass(frozen=True)
class BigGin:
    """Declare big gin: all eleven cards meld, nothing is discarded.

    ``melds`` is the player's own layout of the eleven cards; ``None``: the engine's best.
    """

    melds: Layout | None = None

    @property
    def text(self) -> str:
        """The text form, ``big-gin`` or ``big-gin with ...``."""
        return f"big-gin{_layout_text(self.melds)}"

    def describe(self) -> str:
        """A short description for people."""
        return "declare big gin"


@dataclass(frozen=True)
class LayOff:
    """The defender lays off and shows their hand.

    ``layoffs`` are the defender's own layoffs, in order (``()``: none at all); ``None``
    lets the engine make the best layoffs.

    >>> LayOff(((Card.parse("8S"), 0), (Card.parse("9S"), 0))).text
    'lay-off with 8S@0 9S@0'
    """

    layoffs: LayoffChoice | None = None

    @property
    def text(self) -> str:
        """The text form, ``lay-off`` or ``lay-off with 8S@0 9S@0``."""
        if self.layoffs is None:
            return "lay-off"
        return " ".join(["lay-off", WITH, *(f"{c.code}@{i}" for c, i in self.layoffs)])

    def describe(self) -> str:
        """A short description for people."""
        return "lay off and show the hand"


Action = TakeUpCard | Pass | DrawStock | DrawDiscard | Discard | Knock | BigGin | LayOff
"""Any action a player can take."""

_SIMPLE: dict[str, Action] = {
    a.text: a for a in (TakeUpCard(), Pass(), DrawStock(), DrawDiscard(), BigGin(), LayOff())
}
"""The actions whose text form is one word, by that word."""


def parse_action(text: str) -> Action:
    """Read an action from its text form (``take``, ``discard 7S``, ``knock TH`` ...).

    A player's own layout follows ``with``: ``knock 7S with 2C-3C-4C 9H-9D-9S``,
    ``big-gin with ...``, ``lay-off with 8S@0 9S@0``.

    Raises :class:`~gin.errors.IllegalActionError` with code ``bad-action`` if the text is
    not an action.
    """
    if not isinstance(text, str):
        raise IllegalActionError(M["error.bad-action"](action=echo(text)))
    parts = text.strip().split()
    if len(parts) == 1 and parts[0] in _SIMPLE:
        return _SIMPLE[parts[0]]
    try:
        if len(parts) >= 2 and parts[0] in ("discard", "knock"):
            card = Card.parse(parts[1])
            if len(parts) == 2:
                return Discard(card) if parts[0] == "discard" else Knock(card)
            if parts[0] == "knock" and parts[2] == WITH:
                return Knock(card, _parse_melds(parts[3:]))
        if len(parts) >= 2 and parts[0] == "big-gin" and parts[1] == WITH:
            return BigGin(_parse_melds(parts[2:]))
        if len(parts) >= 2 and parts[0] == "lay-off" and parts[1] == WITH:
            return LayOff(tuple(_parse_layoff(p) for p in parts[2:]))
    except (CardParseError, ValueError):
        raise IllegalActionError(M["error.bad-action"](action=echo(text))) from None
    raise IllegalActionError(M["error.bad-action"](action=echo(text)))


def _parse_melds(words: list[str]) -> Layout:
    return tuple(tuple(Card.parse(c) for c in w.split("-")) for w in words)


def _parse_layoff(word: str) -> tuple[Card, int]:
    code, at, index = word.partition("@")
    if not at or not (index.isascii() and index.isdigit()) or len(index) > 3:
        raise ValueError(word)
    return Card.parse(code), int(index)


# ---------------------------------------------------------------------------- events


@dataclass(frozen=True)
class UpCardTaken:
    """A player took the up card."""

    player: int
    card: Card


@dataclass(frozen=True)
class Passed:
    """A player passed on the up card."""

    player: int


@dataclass(frozen=True)
class DrewFromStock:
    """A player drew from the stock. ``card`` is ``None`` in the opponent's view."""

    player: int
    card: Card | None


@dataclass(frozen=True)
class DrewFromDiscard:
    """A player took the top card of the discard pile."""

    player: int
    card: Card


@dataclass(frozen=True)
class Discarded:
    """A player discarded a card."""

    player: int
    card: Card


@dataclass(frozen=True)
class Knocked:
    """A player knocked (``gin`` when no deadwood was left), discarding ``card``."""

    player: int
    card: Card
    deadwood: int
    gin: bool


@dataclass(frozen=True)
class BigGinDeclared:
    """A player declared big gin."""

    player: int


@dataclass(frozen=True)
class LaidOff:
    """The defender laid ``card`` off onto the knocker's meld ``onto``."""

    player: int
    card: Card
    onto: Meld


@dataclass(frozen=True)
class DealScored:
    """The deal ended with a score."""

    winner: int | None
    points: int
    kind: str


@dataclass(frozen=True)
class DealVoided:
    """The deal ended void: only two cards were left in the stock."""


Event = (
    UpCardTaken
    | Passed
    | DrewFromStock
    | DrewFromDiscard
    | Discarded
    | Knocked
    | BigGinDeclared
    | LaidOff
    | DealScored
    | DealVoided
)
"""Anything recorded in a deal's log."""


def describe_event(event: Event, names: tuple[str, str] = ("Player 1", "Player 2")) -> str:
    """A sentence describing an event, using ``names`` for players 0 and 1."""
    if isinstance(event, UpCardTaken):
        return f"{names[event.player]} took the up card {event.card}."
    if isinstance(event, Passed):
        return f"{names[event.player]} passed on the up card."
    if isinstance(event, DrewFromStock):
        what = f" ({event.card})" if event.card is not None else ""
        return f"{names[event.player]} drew from the stock{what}."
    if isinstance(event, DrewFromDiscard):
        return f"{names[event.player]} took {event.card} from the discard pile."
    if isinstance(event, Discarded):
        return f"{names[event.player]} discarded {event.card}."
    if isinstance(event, Knocked):
        if event.gin:
            return f"{names[event.player]} went gin, discarding {event.card}."
        return (
            f"{names[event.player]} knocked with {event.deadwood} deadwood, "
            f"discarding {event.card}."
        )
    if isinstance(event, BigGinDeclared):
        return f"{names[event.player]} declared big gin."
    if isinstance(event, LaidOff):
        return f"{names[event.player]} laid off {event.card} onto {event.onto}."
    if isinstance(event, DealScored):
        if event.winner is None:
            return "The deal ended in a tie: nobody scores."
        return f"{names[event.winner]} scored {event.points} ({event.kind})."
    return "The deal is void: only two cards are left in the stock. The same dealer deals again."


__all__ = [
    "Action",
    "BigGin",
    "BigGinDeclared",
    "DealScored",
    "DealVoided",
    "Discard",
    "Discarded",
    "DrawDiscard",
    "DrawStock",
    "DrewFromDiscard",
    "DrewFromStock",
    "Event",
    "Knock",
    "Knocked",
    "LaidOff",
    "LayOff",
    "LayoffChoice",
    "Layout",
    "Pass",
    "Passed",
    "TakeUpCard",
    "UpCardTaken",
    "describe_event",
    "parse_action",
]
