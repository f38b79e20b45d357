"""The rooms of the table where the learner arranges the cards (issue 19): the meld
builder (:class:`MeldBuilder`), the layoff chooser (:class:`LayoffChooser`) and the score
guess (:class:`ScoreGuess`). Every check is the engine's (:mod:`gin.layout`); the rooms
draw and ask."""

from __future__ import annotations

from gin.ui.arrange.builder import MeldBuilder
from gin.ui.arrange.layoffs import LayoffChooser
from gin.ui.arrange.scoreguess import ScoreGuess

__all__ = ["LayoffChooser", "MeldBuilder", "ScoreGuess"]
