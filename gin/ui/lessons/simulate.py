"""Simulations for the strategy lab: seeded deals played by computer opponents, and
summaries of them. No widgets here."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gin import Card, Rules
from gin.i18n import M
from gin.ui.choices import rules_name
from gin.ui.lessons import intervals
from gin.ui.lessons.hands import draws_of, play_out

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class SimDeal:
    """One simulated deal, summed up."""

    preset: str
    up_card: Card
    limit: int
    doubled: bool
    draws: int
    kind: str
    """knock, undercut, gin, big-gin, tie or void."""
    knocker_deadwood: int | None
    points: int
    spade_doubles: bool = False
    """Whether the deal's rules double a spade deal."""


def simulate_deals(
    rules: Rules,
    deals: int,
    seed: int,
    bots: tuple[str, str] = ("eager", "eager"),
    progress: Progress | None = None,
) -> list[SimDeal]:
    """Play ``deals`` seeded deals to the end and sum each one up (the same arguments give
    the same deals: a lesson drawn again in another language finds them made)."""
    key = ("deals", rules, deals, seed, bots)
    if key in _MADE:
        if progress is not None:
            progress(deals, deals)
        return list(_MADE[key])
    master = random.Random(seed)
    out = []
    step = max(deals // 25, 1)
    for i in range(deals):
        d = play_out(rules, master.randrange(1 << 30), bots)
        r = d.result
        _winner, points, kind = d.outcome()
        out.append(
            SimDeal(
                preset=rules.name,
                up_card=d.up_card,
                limit=d.knock_limit,
                doubled=d.doubled,
                draws=draws_of(d),
                kind=kind,
                knocker_deadwood=None if r is None or kind == "big-gin" else r.knocker_deadwood,
                points=points,
                spade_doubles=rules.spade_doubles,
            )
        )
        if progress is not None and ((i + 1) % step == 0 or i + 1 == deals):
            progress(i + 1, deals)
    _keep(key, out)
    return out


_MADE: dict[tuple[Any, ...], list[Any]] = {}
"""The latest simulations and matches, by their arguments (all seeded, so repeatable)."""
_KEPT = 16


def _keep(key: tuple[Any, ...], made: list[Any]) -> None:
    _MADE[key] = list(made)
    while len(_MADE) > _KEPT:
        del _MADE[next(iter(_MADE))]


def mean(values: Sequence[float]) -> float:
    """The average, 0 for no values."""
    return sum(values) / len(values) if values else 0.0


def draws_by_limit(sims: Sequence[SimDeal]) -> dict[int, tuple[float, int, float]]:
    """Per knock limit: (average draws, number of deals, share of void deals)."""
    out = {}
    for lim in range(11):
        group = [s for s in sims if s.limit == lim]
        voids = sum(s.kind == "void" for s in group)
        out[lim] = (
            mean([s.draws for s in group]),
            len(group),
            voids / len(group) if group else 0.0,
        )
    return out


def undercuts_by_deadwood(sims: Sequence[SimDeal]) -> dict[int, tuple[float, int]]:
    """Per knocker deadwood 1 to 10: (share of knocks undercut, number of knocks)."""
    out = {}
    for dw in range(1, 11):
        knocks = [
            s for s in sims if s.kind in ("knock", "undercut", "tie") and s.knocker_deadwood == dw
        ]
        under = sum(s.kind == "undercut" for s in knocks)
        out[dw] = (under / len(knocks) if knocks else 0.0, len(knocks))
    return out


def doubling_groups(sims: Sequence[SimDeal]) -> dict[str, list[SimDeal]]:
    """The deals by rule set, and under rules that double spades split into spade
    (doubled) and other up cards. Keyed by the group's label in the current language, in
    the order of the rule sets."""
    groups: dict[tuple[str, int], list[SimDeal]] = {}
    for s in sims:
        groups.setdefault((s.preset, 0), []).append(s)
        if s.spade_doubles:
            groups.setdefault((s.preset, 1 if s.doubled else 2), []).append(s)
    labels = (M["lesson.lab.group.all"], M["lesson.lab.group.spade"], M["lesson.lab.group.other"])
    return {
        labels[i].render({"name": rules_name(name)}): v for (name, i), v in sorted(groups.items())
    }


def points_by_doubling(sims: Sequence[SimDeal]) -> dict[str, tuple[float, int]]:
    """Average points per deal (void deals count 0) of each of :func:`doubling_groups`,
    with the number of deals."""
    return {k: (mean([s.points for s in v]), len(v)) for k, v in doubling_groups(sims).items()}


def _interval(values: Sequence[float]) -> tuple[float, float]:
    """The 95% interval of a mean (:func:`gin.ui.lessons.intervals.mean`)."""
    e = intervals.mean(values)
    return (e.low, e.high)


def compare_opponents(
    pairs: Sequence[tuple[str, str]],
    games: int,
    rules: str,
    seed: int,
    budget_ms: float | None = None,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Points per deal for each pair of opponents, by :func:`gin.tournament.run_tournament`
    (no rows if the engine has no tournament module)."""
    key = ("matches", tuple(pairs), games, rules, seed, budget_ms)
    if key in _MADE:
        if progress is not None:
            progress(len(pairs) * games, len(pairs) * games)
        return [dict(row) for row in _MADE[key]]
    rows: list[dict[str, Any]] = []
    total = len(pairs) * games
    try:
        from gin.tournament import run_tournament
    except ImportError:  # pragma: no cover - the tournament module is part of the engine
        return rows
    for n, (a, b) in enumerate(pairs):

        def tick(done: int, _total: int, base: int = n * games) -> None:
            if progress is not None:
                progress(base + done, total)

        t = run_tournament(a, b, games, rules, seed + n, budget_ms=budget_ms, progress=tick)
        ppd = t.points_per_deal
        rows.append(
            {
                "a": a,
                "b": b,
                "games": t.games,
                "deals": t.deals,
                "wins_a": t.wins_a,
                "wins_b": t.wins_b,
                "ppd_a": ppd[0],
                "ppd_b": ppd[1],
                "ci_a": _interval([a for a, _b in t.deal_points]),
                "ci_b": _interval([b for _a, b in t.deal_points]),
            }
        )
    _keep(key, [dict(row) for row in rows])
    return rows


__all__ = [
    "SimDeal",
    "compare_opponents",
    "doubling_groups",
    "draws_by_limit",
    "mean",
    "points_by_doubling",
    "simulate_deals",
    "undercuts_by_deadwood",
]
