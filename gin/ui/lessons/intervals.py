"""95% intervals for the strategy lab's figures, and captions written from the numbers.

A share gets a Wilson score interval, a mean a normal-approximation interval. A caption
says what the data shows only when the intervals allow it: two groups differ when their
intervals do not overlap; otherwise the caption says the difference is within chance at
this sample size.

>>> lo, hi = wilson(5, 100)
>>> round(lo, 3), round(hi, 3)
(0.022, 0.112)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share ``successes / n`` (``(0, 1)`` when ``n`` is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Estimate:
    """A figure with its 95% interval and the number of observations behind it."""

    value: float
    low: float
    high: float
    n: int

    def overlaps(self, other: Estimate) -> bool:
        """Whether the two intervals overlap (no clear difference)."""
        return self.low <= other.high and other.low <= self.high


def share(successes: int, n: int) -> Estimate:
    """A share with its Wilson interval."""
    lo, hi = wilson(successes, n)
    return Estimate(successes / n if n else 0.0, lo, hi, n)


def mean(values: Sequence[float]) -> Estimate:
    """A mean with its normal-approximation 95% interval (zero width for fewer than two
    values)."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    m = sum(values) / n
    if n < 2:
        return Estimate(m, m, m, n)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(m, m - half, m + half, n)


def pooled_share(groups: Sequence[tuple[int, int]]) -> Estimate:
    """The share over several (successes, n) groups taken together."""
    return share(sum(k for k, _ in groups), sum(n for _, n in groups))


def compare(low: Estimate, high: Estimate) -> str:
    """``rises``, ``falls`` or ``unclear``: how ``high`` stands against ``low`` at 95%."""
    if low.overlaps(high):
        return "unclear"
    return "rises" if high.value > low.value else "falls"


__all__ = ["Z95", "Estimate", "compare", "mean", "pooled_share", "share", "wilson"]
