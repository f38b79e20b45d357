"""The course: its levels, one concept each, in the order a newcomer learns them.

>>> [level.key for level in LEVELS][:4]
['card-values', 'sets', 'runs', 'deadwood']
"""

from __future__ import annotations

from gin.ui.lessons.level import Level
from gin.ui.lessons.level_cards import LEVEL_DEADWOOD, LEVEL_RUNS, LEVEL_SETS, LEVEL_VALUES
from gin.ui.lessons.level_count import LEVEL_COUNT
from gin.ui.lessons.level_deal import LEVEL_ACE_SPADE, LEVEL_LIMIT, LEVEL_OFFER
from gin.ui.lessons.level_end import LEVEL_GIN, LEVEL_KNOCK, LEVEL_LAYOFF, LEVEL_VOID
from gin.ui.lessons.level_layout import LEVEL_LAYOUT
from gin.ui.lessons.level_score import LEVEL_GAME, LEVEL_SCORE, LEVEL_UNDERCUT
from gin.ui.lessons.level_turn import LEVEL_TURN

LEVELS: tuple[Level, ...] = (
    LEVEL_VALUES,
    LEVEL_SETS,
    LEVEL_RUNS,
    LEVEL_DEADWOOD,
    LEVEL_COUNT,
    LEVEL_TURN,
    LEVEL_OFFER,
    LEVEL_LIMIT,
    LEVEL_ACE_SPADE,
    LEVEL_KNOCK,
    LEVEL_LAYOUT,
    LEVEL_GIN,
    LEVEL_LAYOFF,
    LEVEL_UNDERCUT,
    LEVEL_VOID,
    LEVEL_SCORE,
    LEVEL_GAME,
)
"""Every level, in order."""

MASTERY_STREAK = 3
"""Right answers in a row (first tries, without the worked answer) that master a level."""


def level_index(key: str) -> int:
    """The position of the level named ``key`` (0 for the first). Raises ``KeyError``."""
    for i, level in enumerate(LEVELS):
        if level.key == key:
            return i
    raise KeyError(key)


__all__ = ["LEVELS", "MASTERY_STREAK", "level_index"]
