"""Who sits where at the table: the learner is player 0, the computer opponent player 1."""

from __future__ import annotations

LEARNER = 0
OPPONENT = 1

__all__ = ["LEARNER", "OPPONENT"]
