"""The rule set: :class:`Rules`, with the presets ``classic`` and ``spades-double``.

Every difference between the two presets is a field, so any valid mix is a rule set too.
An invalid field raises :class:`~gin.errors.RulesError`; nothing is ever replaced by a
default.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from gin.cards import Card, Suit
from gin.errors import RulesError, echo
from gin.i18n import M

NextDealer = Literal["winner", "alternate"]

_BOOL_FIELDS = ("spade_doubles", "big_gin", "undercut_on_tie", "may_discard_taken_card",
                "shutout_doubles")  # fmt: skip
_INT_FIELDS = ("ace_knock_limit", "gin_bonus", "big_gin_bonus", "undercut_bonus", "target",
               "box_bonus", "game_bonus")  # fmt: skip

MIN_TARGET = 10
"""The lowest target a game may have (a lower one would end at the first deal's points)."""
MAX_TARGET = 10_000
"""The highest target a game may have (a hundred times the classic one)."""


@dataclass(frozen=True, kw_only=True, init=False)
class Rules:
    """A complete rule set. Build one with :meth:`preset` or with keyword fields.

    >>> Rules.preset("spades-double").undercut_bonus
    25
    >>> Rules.preset("classic", target=50).name
    'custom'
    >>> Rules.preset("classic", target=0)
    Traceback (most recent call last):
    ...
    gin.errors.RulesError: The rule "target" must be from 10 to 10,000, not 0.
    """

    ace_knock_limit: int = 1
    """Knock limit when the up card is an ace (0 means only gin or big gin ends the deal)."""
    spade_doubles: bool = False
    """A spade up card doubles every point of the deal, bonuses included."""
    gin_bonus: int = 25
    """Bonus the knocker scores for gin."""
    big_gin: bool = False
    """Big gin (eleven melded cards, no discard) may be declared."""
    big_gin_bonus: int = 31
    """Bonus for big gin (used only when ``big_gin`` is on)."""
    undercut_bonus: int = 10
    """Bonus the defender scores for an undercut."""
    undercut_on_tie: bool = True
    """An equal count is an undercut; when off, a tie scores nothing."""
    may_discard_taken_card: bool = False
    """The card just taken from the discard pile may be discarded on the same turn."""
    next_dealer: NextDealer = "winner"
    """Who deals next: the ``winner`` of the deal, or the players ``alternate``."""
    target: int = 100
    """The running total that wins the game."""
    box_bonus: int = 0
    """Points per deal won, added at the end of the game (0: off)."""
    game_bonus: int = 0
    """Bonus for the winner of the game (0: off)."""
    shutout_doubles: bool = False
    """If the loser scored nothing, the winner's game score doubles."""

    PRESETS: ClassVar[tuple[str, ...]] = ("classic", "spades-double")

    def __init__(self, **fields: Any) -> None:
        _refuse_unknown(fields)
        for f in dataclasses.fields(Rules):
            object.__setattr__(self, f.name, fields.get(f.name, f.default))
        self.__post_init__()

    def __post_init__(self) -> None:
        for f in _BOOL_FIELDS:
            v = getattr(self, f)
            if not isinstance(v, bool):
                raise RulesError(M["error.rule-not-bool"](rule=f, value=echo(repr(v))))
        for f in _INT_FIELDS:
            v = getattr(self, f)
            if not isinstance(v, int) or isinstance(v, bool):
                raise RulesError(M["error.rule-not-whole-number"](rule=f, value=echo(repr(v))))
        if not 0 <= self.ace_knock_limit <= 10:
            raise RulesError(
                M["error.rule-out-of-range"](
                    rule="ace_knock_limit", least=0, most=10, value=self.ace_knock_limit
                )
            )
        for f in ("gin_bonus", "big_gin_bonus", "undercut_bonus", "box_bonus", "game_bonus"):
            v = getattr(self, f)
            if v < 0:
                raise RulesError(M["error.rule-too-small"](rule=f, least=0, value=v))
        if not MIN_TARGET <= self.target <= MAX_TARGET:
            raise RulesError(
                M["error.rule-out-of-range"](
                    rule="target", least=MIN_TARGET, most=MAX_TARGET, value=self.target
                )
            )
        if self.next_dealer not in ("winner", "alternate"):
            raise RulesError(
                M["error.bad-next-dealer"](rule="next_dealer", value=echo(repr(self.next_dealer)))
            )

    @classmethod
    def preset(cls, name: str, **changes: Any) -> Rules:
        """The preset ``classic`` or ``spades-double``, with optional field changes."""
        base = _PRESET_FIELDS.get(name)
        if base is None:
            raise RulesError(M["error.unknown-preset"](name=echo(name)))
        _refuse_unknown(changes)
        return cls(**{**base, **changes})

    @property
    def name(self) -> str:
        """The preset these rules equal, or ``custom``."""
        for pname, fields in _PRESET_FIELDS.items():
            if self.to_dict() == fields:
                return pname
        return "custom"

    @property
    def preset_name(self) -> str:
        """The preset these rules follow, their target aside, or ``custom``: a game to 50
        by the classic rules is ``classic`` (a page's ``?target=``).

        >>> Rules.preset("spades-double", target=50).preset_name
        'spades-double'
        >>> Rules.preset("classic", gin_bonus=20, target=50).preset_name
        'custom'
        """
        for pname, fields in _PRESET_FIELDS.items():
            if {**self.to_dict(), "target": fields["target"]} == fields:
                return pname
        return "custom"

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (validated like any rule set)."""
        _refuse_unknown(changes)
        return dataclasses.replace(self, **changes)

    def knock_limit(self, up_card: Card) -> int:
        """The knock limit the up card sets for the whole deal.

        >>> Rules.preset("classic").knock_limit(Card.parse("KH"))
        10
        >>> Rules.preset("spades-double").knock_limit(Card.parse("AD"))
        0
        """
        if up_card.rank == 1:
            return self.ace_knock_limit
        return up_card.points

    def is_doubled(self, up_card: Card) -> bool:
        """Whether every point of this deal is doubled (a spade up card, when spades double)."""
        return self.spade_doubles and up_card.suit is Suit.SPADES

    def multiplier(self, up_card: Card) -> int:
        """2 for a doubled deal, otherwise 1."""
        return 2 if self.is_doubled(up_card) else 1

    def to_dict(self) -> dict[str, Any]:
        """The fields as a plain dict (for saving)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rules from :meth:`to_dict` output; every field must be present and valid."""
        if not isinstance(data, dict):
            raise RulesError(M["error.rules-not-mapping"]())
        missing = sorted(_FIELD_NAMES - set(data))
        if missing:
            raise RulesError(M["error.rule-missing"](rule=missing[0]))
        _refuse_unknown(data)
        return cls(**data)


def _refuse_unknown(fields: Any) -> None:
    unknown = sorted(str(k) for k in set(fields) - _field_names())
    if unknown:
        raise RulesError(M["error.unknown-rule"](rule=echo(unknown[0])))


def _field_names() -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(Rules))


_FIELD_NAMES = _field_names()
_PRESET_FIELDS: dict[str, dict[str, Any]] = {
    "classic": Rules().to_dict(),
    "spades-double": Rules(
        ace_knock_limit=0,
        spade_doubles=True,
        gin_bonus=25,
        big_gin=True,
        big_gin_bonus=31,
        undercut_bonus=25,
        may_discard_taken_card=False,
        next_dealer="alternate",
        target=150,
    ).to_dict(),
}

__all__ = ["MAX_TARGET", "MIN_TARGET", "NextDealer", "Rules"]
