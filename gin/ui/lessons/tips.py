"""The rule books' strategy tips, put to the test by the engine, and captions from the numbers.

Three tips from the rule texts are checked here:

- on a spade deal (spades-double) an undercut pays exactly 50 plus twice the difference;
- a spade gin is worth at least 50 of the 150 points of a game;
- aim for gin when the knock limit is low.

The first two are checked on deals scored by :func:`gin.score_deal` (hands built around
melds from a seeded generator); the third on deals played out by computer opponents
(:mod:`.simulate`). Every caption is rendered from the figures, with 95% intervals
(:mod:`.intervals`), never written beforehand.
"""

from __future__ import annotations

import functools
import html
import random
from collections.abc import Sequence
from dataclasses import dataclass

from gin import DealResult, Rules
from gin.i18n import M, Text
from gin.ui.lessons.intervals import Estimate, compare, pooled_share, share
from gin.ui.lessons.level_score import scored_deal
from gin.ui.lessons.simulate import SimDeal

LOW_LIMITS = (1, 2, 3)
"""The knock limits counted as low (a limit of 0, where only gin may end the deal by rule,
is left out: gin there says nothing about a low limit)."""
HIGH_LIMIT = 10


@dataclass(frozen=True)
class TipCheck:
    """A tip, whether the figures bear it out, and what they show."""

    key: str
    holds: bool
    finding: Text
    """The caption, rendered from the figures."""
    n: int


@functools.lru_cache(maxsize=16)
def spade_results(kind: str, count: int, seed: int) -> tuple[DealResult, ...]:
    """``count`` doubled (spade) deals of ``kind`` under spades-double, scored by the
    engine (kept: the same arguments give the same deals)."""
    rules = Rules.preset("spades-double")
    rng = random.Random(seed)
    out: list[DealResult] = []
    while len(out) < count:
        r = scored_deal(rules, rng, kind)
        if r.doubled:
            out.append(r)
    return tuple(out)


def check_spade_undercut(count: int = 40, seed: int = 1) -> TipCheck:
    """In spades-double an undercut on a spade deal pays exactly 50 (the undercut bonus of
    25, doubled) plus twice the difference."""
    results = spade_results("undercut", count, seed)
    extra = [r.points - 2 * (r.knocker_deadwood - r.defender_deadwood) for r in results]
    holds = min(extra) == max(extra) == 50
    data = {
        "count": len(results),
        "least": min(extra),
        "low": min(r.points for r in results),
        "high": max(r.points for r in results),
    }
    if holds:  # the rule confirmed only where the figure is the rule's
        finding = M["lesson.lab.tip.undercut-finding-exact"](**data)
    elif max(extra) == min(extra):
        finding = M["lesson.lab.tip.undercut-finding-off"](**data)
    else:
        finding = M["lesson.lab.tip.undercut-finding"](**data, most=max(extra))
    return TipCheck("undercut", holds, finding, len(results))


def check_spade_gin(count: int = 40, seed: int = 2) -> TipCheck:
    """A spade gin is worth at least 50 of the 150 points of a game."""
    results = spade_results("gin", count, seed)
    target = Rules.preset("spades-double").target
    least = min(r.points for r in results)
    finding = M["lesson.lab.tip.gin-finding"](
        count=len(results),
        least=least,
        most=max(r.points for r in results),
        share=least / target,
        target=target,
    )
    return TipCheck("gin", least >= 50 and least * 3 >= target, finding, len(results))


def gin_share(sims: Sequence[SimDeal], limits: Sequence[int]) -> Estimate:
    """The share of deals ending in gin or big gin among the deals scored with a knock
    limit in ``limits``."""
    groups = []
    for lim in limits:
        scored = [s for s in sims if s.limit == lim and s.kind != "void"]
        groups.append((sum(s.kind in ("gin", "big-gin") for s in scored), len(scored)))
    return pooled_share(groups)


def low_high_data(low: Estimate, high: Estimate) -> dict[str, float | int]:
    """The figures a caption comparing two shares names: each share, its 95% interval and
    its count."""
    return {
        "low": low.value,
        "low_from": low.low,
        "low_to": low.high,
        "low_n": low.n,
        "high": high.value,
        "high_from": high.low,
        "high_to": high.high,
        "high_n": high.n,
    }


def check_gin_when_low(sims: Sequence[SimDeal]) -> TipCheck:
    """Aim for gin when the limit is low: how often deals end in gin at a low limit and at
    the full limit, with 95% intervals."""
    low, high = gin_share(sims, LOW_LIMITS), gin_share(sims, (HIGH_LIMIT,))
    verdict = compare(high, low)
    key = {
        "rises": "lesson.lab.tip.low-finding-more",
        "falls": "lesson.lab.tip.low-finding-less",
        "unclear": "lesson.lab.tip.low-finding-unclear",
    }[verdict]
    finding = M[key](**low_high_data(low, high), most=max(LOW_LIMITS))
    return TipCheck("low-limit", verdict == "rises", finding, low.n + high.n)


def undercut_risk_caption(by: dict[int, tuple[float, int]]) -> Text:
    """What the undercut chart shows, from its numbers: knocks with 1 to 4 deadwood
    against knocks with 7 to 10, with 95% intervals."""
    low = pooled_share([(round(by[d][0] * by[d][1]), by[d][1]) for d in (1, 2, 3, 4)])
    high = pooled_share([(round(by[d][0] * by[d][1]), by[d][1]) for d in (7, 8, 9, 10)])
    key = {
        "rises": "lesson.lab.risk.rises",
        "falls": "lesson.lab.risk.falls",
        "unclear": "lesson.lab.risk.unclear",
    }[compare(low, high)]
    return M[key](**low_high_data(low, high))


TIP_TEXT = {
    "undercut": M["lesson.lab.tip.undercut"],
    "gin": M["lesson.lab.tip.gin"],
    "low-limit": M["lesson.lab.tip.low-limit"],
}
"""The tips as the seed states them, by check key."""


def tips_html(checks: Sequence[TipCheck]) -> str:
    """Each tip, whether the figures bear it out, and what they show (one item each)."""
    items = []
    for c in checks:
        key = "lesson.lab.tip.holds" if c.holds else "lesson.lab.tip.not-shown"
        if c.holds and c.key == "low-limit":
            key = "lesson.lab.tip.holds-low"  # the simulated players never aim for gin
        verdict = M[key].render()
        items.append(
            f'<li class="gin-tip gin-tip-{c.key}" data-holds="{str(c.holds).lower()}">'
            f"<b>{html.escape(TIP_TEXT[c.key].render())}</b> {html.escape(verdict)} "
            f"{html.escape(c.finding.render())}</li>"
        )
    return f'<ul class="gin-tips">{"".join(items)}</ul>'


def share_estimate(successes: int, n: int) -> Estimate:
    """A share with its interval (for a chart's error bar)."""
    return share(successes, n)


__all__ = [
    "HIGH_LIMIT",
    "LOW_LIMITS",
    "TIP_TEXT",
    "TipCheck",
    "check_gin_when_low",
    "check_spade_gin",
    "check_spade_undercut",
    "gin_share",
    "low_high_data",
    "share_estimate",
    "spade_results",
    "tips_html",
    "undercut_risk_caption",
]
