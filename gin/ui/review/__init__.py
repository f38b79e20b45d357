"""The review of the learner's own deals at the play table (see :mod:`gin.bots.review`
for the weighing): :class:`ReviewLauncher` offers it once a deal is over and works it
out in small steps; :class:`ReviewPanel` shows it; :class:`PuzzleBox` sets a costly
decision up again (:class:`ArrangePuzzleBox` a layout or layoffs, in the table's own
rooms)."""

from __future__ import annotations

from gin.ui.review.arrangepuzzle import ArrangePuzzleBox
from gin.ui.review.launcher import ReviewLauncher
from gin.ui.review.panel import PuzzleBox, ReviewPanel

__all__ = ["ArrangePuzzleBox", "PuzzleBox", "ReviewLauncher", "ReviewPanel"]
