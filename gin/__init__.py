"""Oklahoma Gin: an exact rules engine that explains itself.

The public API is re-exported here::

    >>> import gin
    >>> gin.deadwood(gin.parse_cards("7S 8S 9S KH"))
    10
"""

from gin import actions as _actions
from gin.actions import *  # noqa: F403  (every action and event: gin.actions.__all__)
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
from gin.layout import (
    KnockRefusedError,
    LayoffBoard,
    LayoutComparison,
    LayoutError,
    MissedLayoffs,
    can_declare_layout,
    check_declared_layout,
    check_knock_layout,
    check_meld,
    compare_layout,
    meld_refusal,
    missed_layoffs,
    propose_layout,
    verify_declared_layout,
)
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
from gin.scoreguess import ScoreGuessVerdict, check_score_guess
from gin.scoring import DealResult, Layoff, LayoffPlan, plan_layoffs, score_deal
from gin.steps import Step
from gin.turn import layoff_steps, turn_steps
from gin.view import DiscardChoice

__version__ = "0.1.0"

__all__ = [
    "DECK",
    "Arrangement",
    "Card",
    "CardParseError",
    "CatalogError",
    "Deal",
    "DealRecord",
    "DealResult",
    "DiscardChoice",
    "DiscardOption",
    "FinalScore",
    "Game",
    "GinError",
    "IllegalActionError",
    "KnockRefusedError",
    "Layoff",
    "LayoffBoard",
    "LayoffPlan",
    "LayoutComparison",
    "LayoutError",
    "Meld",
    "MeldExplanation",
    "Message",
    "MissedLayoffs",
    "NumberError",
    "Phase",
    "PlayerView",
    "Rules",
    "RulesError",
    "SaveFileError",
    "ScoreGuessVerdict",
    "Step",
    "Suit",
    "Text",
    "UndoRefusedError",
    "best_arrangement",
    "best_arrangements",
    "best_discards",
    "can_declare_layout",
    "can_extend",
    "check_declared_layout",
    "check_knock_layout",
    "check_meld",
    "check_score_guess",
    "compare_layout",
    "deadwood",
    "discard_options",
    "discard_steps",
    "draw_steps",
    "explain_melds",
    "format_cards",
    "is_meld",
    "knock_limit_steps",
    "layoff_steps",
    "meld_refusal",
    "missed_layoffs",
    "parse_cards",
    "parse_whole_number",
    "plan_layoffs",
    "propose_layout",
    "score_deal",
    "turn_steps",
    "verify_declared_layout",
]
__all__ += _actions.__all__
