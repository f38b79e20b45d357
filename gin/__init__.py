"""Oklahoma Gin: an exact rules engine that explains itself.

The public API is re-exported here::

    >>> import gin
    >>> gin.deadwood(gin.parse_cards("7S 8S 9S KH"))
    10
"""

from gin.actions import (
    Action,
    BigGin,
    BigGinDeclared,
    DealScored,
    DealVoided,
    Discard,
    Discarded,
    DrawDiscard,
    DrawStock,
    DrewFromDiscard,
    DrewFromStock,
    Event,
    Knock,
    Knocked,
    LaidOff,
    LayOff,
    Pass,
    Passed,
    TakeUpCard,
    UpCardTaken,
    describe_event,
    parse_action,
)
from gin.cards import DECK, Card, Suit, format_cards, parse_cards
from gin.deal import Deal, Phase, PlayerView
from gin.errors import (
    CardParseError,
    GinError,
    IllegalActionError,
    NumberError,
    RulesError,
    SaveFileError,
    UndoRefusedError,
)
from gin.explain import (
    MeldExplanation,
    discard_steps,
    draw_steps,
    explain_melds,
    knock_limit_steps,
)
from gin.i18n import CatalogError, Message, Text
from gin.match import DealRecord, FinalScore, Game
from gin.melds import (
    Arrangement,
    DiscardOption,
    Meld,
    best_arrangement,
    best_arrangements,
    best_discards,
    can_extend,
    deadwood,
    discard_options,
    is_meld,
)
from gin.numbers import parse_whole_number
from gin.rules import Rules
from gin.scoring import DealResult, Layoff, LayoffPlan, plan_layoffs, score_deal
from gin.steps import Step
from gin.turn import layoff_steps, turn_steps
from gin.view import DiscardChoice

__version__ = "0.1.0"

__all__ = [
    "DECK",
    "Action",
    "Arrangement",
    "BigGin",
    "BigGinDeclared",
    "Card",
    "CardParseError",
    "CatalogError",
    "Deal",
    "DealRecord",
    "DealResult",
    "DealScored",
    "DealVoided",
    "Discard",
    "DiscardChoice",
    "DiscardOption",
    "Discarded",
    "DrawDiscard",
    "DrawStock",
    "DrewFromDiscard",
    "DrewFromStock",
    "Event",
    "FinalScore",
    "Game",
    "GinError",
    "IllegalActionError",
    "Knock",
    "Knocked",
    "LaidOff",
    "LayOff",
    "Layoff",
    "LayoffPlan",
    "Meld",
    "MeldExplanation",
    "Message",
    "NumberError",
    "Pass",
    "Passed",
    "Phase",
    "PlayerView",
    "Rules",
    "RulesError",
    "SaveFileError",
    "Step",
    "Suit",
    "TakeUpCard",
    "Text",
    "UndoRefusedError",
    "UpCardTaken",
    "best_arrangement",
    "best_arrangements",
    "best_discards",
    "can_extend",
    "deadwood",
    "describe_event",
    "discard_options",
    "discard_steps",
    "draw_steps",
    "explain_melds",
    "format_cards",
    "is_meld",
    "knock_limit_steps",
    "layoff_steps",
    "parse_action",
    "parse_cards",
    "parse_whole_number",
    "plan_layoffs",
    "score_deal",
    "turn_steps",
]
