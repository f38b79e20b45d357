"""The classes of a decision in a review, by the points it lost against the best move.

The thresholds are set here and nowhere else; the review's legend shows them.

:func:`verdict` classes a loss known exactly (a layout or layoffs, weighed without
imagined deals). A loss estimated from imagined deals is classed by :func:`judge_loss`
from the paired differences of the worlds (the best move's points minus the move made's,
world by world), so that noise never makes a verdict:

- ``best``: the move made is the best found (it lost nothing);
- ``close``: the worlds cannot tell it apart from the best (the gain is within
  :data:`NOISE_SE` standard errors), or cannot tell whether it lost the
  :data:`COSTLY_FROM` points of a costly move (its interval crosses that line);
- a costly class (``inaccuracy``, ``mistake``, ``blunder``) only when the **low end** of the
  loss's interval (the mean less :data:`INTERVAL_SE` standard errors, or
  :data:`MEASURED_SE` once the loss is estimated from :data:`WELL_MEASURED` worlds or more:
  :func:`margin`) clears that class's threshold: the class is the one of the low end;
- ``good``: behind the best, but the high end of the interval stays under
  :data:`COSTLY_FROM`.

Everything is worked out exactly, in integers and fractions, so a verdict is the same on
every machine and Python version.

>>> verdict(0.0), verdict(1.5), verdict(3.0), verdict(6.0), verdict(15.0)
('best', 'good', 'inaccuracy', 'mistake', 'blunder')
>>> judge_loss([0, 0, 0]), judge_loss([8] + [0] * 9), judge_loss([6, 7, 6, 7, 6, 7])
('best', 'close', 'mistake')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Verdict = Literal["best", "close", "good", "inaccuracy", "mistake", "blunder"]

VERDICTS: tuple[Verdict, ...] = ("best", "close", "good", "inaccuracy", "mistake", "blunder")
"""Every class, from no loss to the largest."""

THRESHOLDS: tuple[tuple[Verdict, float], ...] = (
    ("best", 1.0),
    ("good", 2.5),
    ("inaccuracy", 5.0),
    ("mistake", 10.0),
)
"""Each class of an exact loss but the last with the loss it stays below, in points: under
1 point best, under 2.5 good, under 5 an inaccuracy, under 10 a mistake, and 10 points or
more a blunder. An estimated loss is classed by the low end of its interval against the
same thresholds (:func:`judge_loss`)."""

COSTLY: tuple[Verdict, ...] = ("inaccuracy", "mistake", "blunder")
"""The classes that count as a costly decision (shown with the position and the reason)."""

COSTLY_FROM = 2.5
"""The loss from which a decision is costly (the threshold of ``inaccuracy``)."""

INTERVAL_SE = 1.0
"""Standard errors either side of an estimated loss: its interval (one standard error:
measured against a search eight times stronger, ``benchmarks/review_check.py``, two
standard errors flagged no more truly costly decisions and missed many more; half a
standard error flagged noise: a few worlds with large swings make a small sample's
standard error too small)."""

WELL_MEASURED = 896
"""Worlds from which the standard error of an estimated loss is itself well measured, so
that its interval narrows to :data:`MEASURED_SE` (the review's costly cap, 56 worlds times
16: only a decision whose verdict still hung on the costly line is searched that far)."""

MEASURED_SE = 0.5
"""Standard errors either side of a loss estimated from :data:`WELL_MEASURED` worlds or
more. The one standard error of :data:`INTERVAL_SE` guards against small samples, whose
standard error a few worlds with large swings make too small; over 896 worlds that no
longer happens, and one standard error left a loss of about 3 points "close" at the cap
(measured against a search eight times stronger, ``benchmarks/review_check.py``, on the
tuning deals of seed 30: 4 more truly costly decisions flagged, 1 more flag of noise)."""


def margin(n: int) -> float:
    """Standard errors either side of a loss estimated from ``n`` worlds: its interval.

    >>> margin(56), margin(448), margin(896)
    (1.0, 1.0, 0.5)
    """
    return MEASURED_SE if n >= WELL_MEASURED else INTERVAL_SE


NOISE_SE = 1.0
"""Standard errors within which a move cannot be told apart from the best (the expert's
own test of noise, :func:`gin.bots.expert.within_noise`)."""

BOUNDARIES: tuple[float, ...] = (2.5, 5.0, 10.0)
"""The thresholds an estimated loss's interval must not cross for its verdict to be
settled (the review spends more worlds on a decision until it does, up to a cap)."""


def verdict(loss: float) -> Verdict:
    """The class of a decision that lost exactly ``loss`` points against the best move."""
    for name, below in THRESHOLDS:
        if loss < below:
            return name
    return "blunder"


@dataclass(frozen=True)
class LossInterval:
    """An estimated loss: the mean of the paired differences and its interval."""

    mean: float
    low: float
    high: float
    worlds: int


def _moments(diffs: Sequence[int]) -> tuple[int, int, int]:
    return len(diffs), sum(diffs), sum(d * d for d in diffs)


def _var_n(n: int, s: int, q: int) -> Fraction:
    """The squared standard error of the mean: the sample variance over ``n``."""
    if n == 0:
        return Fraction(0)
    return Fraction(n * q - s * s, n * n * max(1, n - 1))


def above(diffs: Sequence[int], threshold: float, se: float | None = None) -> bool:
    """Whether the mean of ``diffs`` less ``se`` standard errors (by default
    :func:`margin` of their number) is at least ``threshold`` (exactly).

    >>> above([3, 3, 3], 2.5), above([0, 6], 2.5)
    (True, False)
    """
    n, s, q = _moments(diffs)
    if n == 0:
        return False
    if se is None:
        se = margin(n)
    gap = Fraction(s, n) - Fraction(threshold)
    return gap >= 0 and gap * gap >= Fraction(se) ** 2 * _var_n(n, s, q)


def below(diffs: Sequence[int], threshold: float, se: float | None = None) -> bool:
    """Whether the mean of ``diffs`` plus ``se`` standard errors (by default :func:`margin`
    of their number) is under ``threshold`` (exactly)."""
    n, s, q = _moments(diffs)
    if n == 0:
        return True
    if se is None:
        se = margin(n)
    gap = Fraction(threshold) - Fraction(s, n)
    return gap > 0 and gap * gap > Fraction(se) ** 2 * _var_n(n, s, q)


def within_noise(diffs: Sequence[int], se: float = NOISE_SE) -> bool:
    """Whether the mean of ``diffs`` is at most ``se`` standard errors (or not above 0):
    the worlds cannot tell the two moves apart."""
    n, s, q = _moments(diffs)
    if s <= 0:
        return True
    return Fraction(s * s, n * n) <= Fraction(se) ** 2 * _var_n(n, s, q)


def interval(diffs: Sequence[int], se: float | None = None) -> LossInterval:
    """The :class:`LossInterval` of ``diffs``, ``se`` standard errors either side (by
    default :func:`margin` of their number; for showing, verdicts use exact tests)."""
    n, s, q = _moments(diffs)
    if n == 0:
        return LossInterval(0.0, 0.0, 0.0, 0)
    if se is None:
        se = margin(n)
    half = se * float(_var_n(n, s, q)) ** 0.5
    mean = s / n
    return LossInterval(mean, mean - half, mean + half, n)


def open_boundary(diffs: Sequence[int]) -> float | None:
    """The lowest of :data:`BOUNDARIES` the loss's interval still crosses (``None`` when
    the move is the best or the interval crosses none).

    >>> open_boundary([3, 3, 3]), open_boundary([0, 6]), open_boundary([-1, 0])
    (None, 2.5, None)
    """
    n, s, _ = _moments(diffs)
    if n == 0 or s <= 0:
        return None
    for t in BOUNDARIES:
        if not above(diffs, t) and not below(diffs, t):
            return t
    return None


def settled(diffs: Sequence[int]) -> bool:
    """Whether more worlds could not change the verdict much: the move is the best, or the
    loss's interval crosses none of :data:`BOUNDARIES`."""
    return open_boundary(diffs) is None


def judge_loss(diffs: Sequence[int]) -> Verdict:
    """The class of a move from the paired differences ``diffs`` (the best move's points
    minus the move's, world by world; see the module)."""
    n, s, _ = _moments(diffs)
    if n == 0 or s <= 0:
        return "best"
    if within_noise(diffs):
        return "close"
    costly: Verdict | None = None
    for name, t in (("blunder", 10.0), ("mistake", 5.0), ("inaccuracy", COSTLY_FROM)):
        if above(diffs, t):
            costly = name  # type: ignore[assignment]
            break
    if costly is not None:
        return costly
    return "good" if below(diffs, COSTLY_FROM) else "close"


def legend() -> tuple[tuple[Verdict, float, float | None], ...]:
    """Every class with its range of loss, ``(verdict, from, below)``: ``best`` from 0 to
    0, ``close`` from 0 to the costly threshold, ``good`` below it, the costly classes by
    the low end of the interval (``below`` is ``None`` for the last class).

    >>> legend()[0], legend()[1], legend()[-1]
    (('best', 0.0, 0.0), ('close', 0.0, 2.5), ('blunder', 10.0, None))
    """
    return (
        ("best", 0.0, 0.0),
        ("close", 0.0, COSTLY_FROM),
        ("good", 0.0, COSTLY_FROM),
        ("inaccuracy", COSTLY_FROM, 5.0),
        ("mistake", 5.0, 10.0),
        ("blunder", 10.0, None),
    )


__all__ = [
    "BOUNDARIES",
    "COSTLY",
    "COSTLY_FROM",
    "INTERVAL_SE",
    "MEASURED_SE",
    "NOISE_SE",
    "THRESHOLDS",
    "VERDICTS",
    "WELL_MEASURED",
    "LossInterval",
    "Verdict",
    "above",
    "below",
    "interval",
    "judge_loss",
    "legend",
    "margin",
    "open_boundary",
    "settled",
    "verdict",
    "within_noise",
]
