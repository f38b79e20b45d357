"""The classes of a decision in a review, by the points it lost against the best move.

The thresholds are set here and nowhere else; the review's legend shows them.

>>> verdict(0.0), verdict(1.5), verdict(3.0), verdict(6.0), verdict(15.0)
('best', 'good', 'inaccuracy', 'mistake', 'blunder')
"""

from __future__ import annotations

from typing import Literal

Verdict = Literal["best", "good", "inaccuracy", "mistake", "blunder"]

VERDICTS: tuple[Verdict, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")
"""Every class, from no loss to the largest."""

THRESHOLDS: tuple[tuple[Verdict, float], ...] = (
    ("best", 1.0),
    ("good", 2.5),
    ("inaccuracy", 5.0),
    ("mistake", 10.0),
)
"""Each class but the last with the loss it stays below, in expected points: a loss under
1 point is within the noise of the playouts (the move counts as best), under 2.5 good,
under 5 an inaccuracy, under 10 a mistake, and 10 points or more a blunder."""

COSTLY: tuple[Verdict, ...] = ("inaccuracy", "mistake", "blunder")
"""The classes that count as a costly decision (shown with the position and the reason)."""


def verdict(loss: float) -> Verdict:
    """The class of a decision that lost ``loss`` expected points against the best move."""
    for name, below in THRESHOLDS:
        if loss < below:
            return name
    return "blunder"


def legend() -> tuple[tuple[Verdict, float, float | None], ...]:
    """Every class with its range of loss, ``(verdict, from, below)`` (``below`` is
    ``None`` for the last class).

    >>> legend()[0], legend()[-1]
    (('best', 0.0, 1.0), ('blunder', 10.0, None))
    """
    out: list[tuple[Verdict, float, float | None]] = []
    low = 0.0
    for name, below in THRESHOLDS:
        out.append((name, low, below))
        low = below
    out.append(("blunder", low, None))
    return tuple(out)


__all__ = ["COSTLY", "THRESHOLDS", "VERDICTS", "Verdict", "legend", "verdict"]
