"""Tournaments between two opponents: full games to the target, measured.

Run from the command line::

    python -m gin.tournament expert eager --games 2000 --rules spades-double --seed 1

or from Python with :func:`run_tournament`, which returns a :class:`TournamentResult`.
Games alternate the first dealer; the first opponent named always sits as player 0.
Each game is played by :func:`gin.bots.selfplay.play_game`.
Everything is seeded: the same arguments give the same games (unless an ``expert``
runs out of time and stops its search early).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from gin.bots import BOT_NAMES, Bot, check_bot_name, make_bot, selfplay
from gin.bots.selfplay import MAX_DEALS_PER_GAME
from gin.errors import GinError, echo
from gin.i18n import M
from gin.rules import Rules

ENDINGS: tuple[str, ...] = ("knock", "undercut", "gin", "big-gin", "tie", "void")
"""How a deal can end."""


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for ``z`` = 1.96).

    >>> lo, hi = wilson_interval(60, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.502, 0.691)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) of some values, nearest rank; 0 when empty."""
    if not values:
        return 0.0
    s = sorted(values)
    k = max(0, min(len(s) - 1, math.ceil(q / 100 * len(s)) - 1))
    return s[k]


@dataclass(frozen=True)
class DecisionStats:
    """Decision times of one opponent, in milliseconds."""

    name: str
    decisions: int
    mean_ms: float
    p95_ms: float
    max_ms: float

    @property
    def per_second(self) -> float:
        """Decisions per second at the mean time."""
        return 1000.0 / self.mean_ms if self.mean_ms > 0 else float("inf")


def _stats(name: str, times: Sequence[float]) -> DecisionStats:
    ms = [t * 1000 for t in times]
    mean = sum(ms) / len(ms) if ms else 0.0
    return DecisionStats(name, len(ms), mean, percentile(ms, 95), max(ms, default=0.0))


@dataclass(frozen=True)
class TournamentResult:
    """The figures of a tournament, seen from the first opponent (``bot_a``)."""

    bot_a: str
    bot_b: str
    rules: str
    seed: int
    games: int
    wins_a: int
    wins_b: int
    draws: int
    """Games abandoned after :data:`MAX_DEALS_PER_GAME` deals (none in practice)."""
    deals: int
    points_a: int
    points_b: int
    endings: Mapping[str, int]
    stats_a: DecisionStats
    stats_b: DecisionStats
    seconds: float
    options_a: Mapping[str, Any] = field(default_factory=dict)
    options_b: Mapping[str, Any] = field(default_factory=dict)
    deal_points: tuple[tuple[int, int], ...] = ()
    """The points each opponent scored in each deal, in order (for intervals)."""

    @property
    def win_rate(self) -> float:
        """The share of games ``bot_a`` won (a draw counts half)."""
        return (self.wins_a + 0.5 * self.draws) / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson confidence interval of :attr:`win_rate`."""
        return wilson_interval(self.wins_a + 0.5 * self.draws, self.games)

    @property
    def points_per_deal(self) -> tuple[float, float]:
        """Average points each opponent scored per deal (void deals included)."""
        if not self.deals:
            return (0.0, 0.0)
        return (self.points_a / self.deals, self.points_b / self.deals)

    def ending_shares(self) -> dict[str, float]:
        """The share of deals that ended each way."""
        return {k: (self.endings.get(k, 0) / self.deals if self.deals else 0.0) for k in ENDINGS}

    def to_dict(self) -> dict[str, Any]:
        """Every figure as plain data (for JSON)."""
        d = asdict(self)
        d["endings"] = dict(self.endings)
        d["win_rate"] = self.win_rate
        d["interval"] = list(self.interval)
        d["points_per_deal"] = list(self.points_per_deal)
        return d

    def report(self) -> str:
        """The figures as a few lines of text."""
        lo, hi = self.interval
        ppd = self.points_per_deal
        shares = self.ending_shares()
        ends = ", ".join(
            f"{k} {self.endings.get(k, 0)} ({shares[k]:.1%})"
            for k in ENDINGS
            if self.endings.get(k, 0) or k != "tie"
        )
        lines = [
            f"{self.bot_a} vs {self.bot_b}, rules {self.rules}, seed {self.seed}: "
            f"{self.games} games, {self.deals} deals, {self.seconds:.1f} s",
            f"{self.bot_a} won {self.wins_a} of {self.games} games: {self.win_rate:.1%} "
            f"(95% CI {lo:.1%} to {hi:.1%})" + (f", {self.draws} abandoned" if self.draws else ""),
            f"points per deal: {self.bot_a} {ppd[0]:.2f}, {self.bot_b} {ppd[1]:.2f} "
            f"(difference {ppd[0] - ppd[1]:+.2f})",
            f"deal endings: {ends}",
        ]
        for s in (self.stats_a, self.stats_b):
            lines.append(
                f"{s.name}: {s.decisions} decisions, mean {s.mean_ms:.3f} ms, "
                f"p95 {s.p95_ms:.3f} ms, max {s.max_ms:.1f} ms"
            )
        return "\n".join(lines)


def _bot_options(
    name: str, budget_ms: float | None, extra: Mapping[str, Any] | None
) -> dict[str, Any]:
    opts: dict[str, Any] = dict(extra or {})
    if budget_ms is not None and name == "expert":
        opts.setdefault("budget_ms", budget_ms)
    return opts


@dataclass(frozen=True)
class GameRecord:
    """One finished game: its winner (``None`` if abandoned), final totals and deals as
    (kind, winner, points) triples."""

    winner: int | None
    totals: tuple[int, int]
    deals: tuple[tuple[str, int | None, int], ...]


def play_game(
    bots: tuple[Bot, Bot],
    rules: Rules,
    rng: random.Random,
    first_dealer: int,
    times: tuple[list[float], list[float]] | None = None,
) -> GameRecord:
    """Play one game to the target between ``bots`` (players 0 and 1) with
    :func:`gin.bots.selfplay.play_game`, and return its :class:`GameRecord`.

    Deals are shuffled from ``rng`` (which is not advanced); the next dealer follows the
    rules (a void deal is dealt again by the same dealer). Decision times are appended
    to ``times`` when given.
    """
    game = selfplay.play_game(
        bots, rules, rng=rng, first_dealer=first_dealer, times=times, max_deals=MAX_DEALS_PER_GAME
    )
    deals = tuple((r.kind, r.winner, r.points) for r in game.score_sheet)
    t = game.totals
    return GameRecord(game.winner, (t[0], t[1]), deals)


def run_tournament(
    bot_a: str,
    bot_b: str,
    games: int,
    rules: Rules | str = "classic",
    seed: int = 1,
    *,
    budget_ms: float | None = None,
    options_a: Mapping[str, Any] | None = None,
    options_b: Mapping[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> TournamentResult:
    """Play ``games`` full games between the opponents named ``bot_a`` and ``bot_b``.

    ``rules`` is a :class:`~gin.rules.Rules` or a preset name. ``budget_ms`` caps the CPU
    time of each ``expert`` decision; ``options_a``/``options_b`` are passed to
    :func:`gin.bots.make_bot`. ``progress(done, total)`` is called after each game.
    First dealers alternate; each game has its own seeded deck and opponents, each told
    whom it faces (an ``expert`` starts from that kind's opponent model and learns from
    the deals of its game).
    """
    if games < 1:
        raise GinError(M["error.bad-games"](games=echo(games)))
    for name in (bot_a, bot_b):
        check_bot_name(name)
    r = Rules.preset(rules) if isinstance(rules, str) else rules
    opts_a = _bot_options(bot_a, budget_ms, options_a)
    opts_b = _bot_options(bot_b, budget_ms, options_b)
    master = random.Random(seed)
    wins = [0, 0]
    draws = 0
    deals = 0
    points = [0, 0]
    deal_points: list[tuple[int, int]] = []
    endings: dict[str, int] = {k: 0 for k in ENDINGS}
    times: tuple[list[float], list[float]] = ([], [])
    start = time.perf_counter()
    for g in range(games):
        game_seed = master.getrandbits(64)
        bots = (
            make_bot(bot_a, random.Random(game_seed ^ 0xA), opponent=bot_b, **opts_a),
            make_bot(bot_b, random.Random(game_seed ^ 0xB), opponent=bot_a, **opts_b),
        )
        rec = play_game(bots, r, random.Random(game_seed), g % 2, times)
        if rec.winner is None:
            draws += 1
        else:
            wins[rec.winner] += 1
        for kind, winner, pts in rec.deals:
            deals += 1
            endings[kind] = endings.get(kind, 0) + 1
            if winner is not None:
                points[winner] += pts
            deal_points.append((pts if winner == 0 else 0, pts if winner == 1 else 0))
        if progress is not None:
            progress(g + 1, games)
    return TournamentResult(
        bot_a=bot_a,
        bot_b=bot_b,
        rules=r.name,
        seed=seed,
        games=games,
        wins_a=wins[0],
        wins_b=wins[1],
        draws=draws,
        deals=deals,
        points_a=points[0],
        points_b=points[1],
        endings=endings,
        stats_a=_stats(bot_a, times[0]),
        stats_b=_stats(bot_b, times[1]),
        seconds=time.perf_counter() - start,
        options_a=opts_a,
        options_b=opts_b,
        deal_points=tuple(deal_points),
    )


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: ``python -m gin.tournament BOT_A BOT_B [options]``."""
    ap = argparse.ArgumentParser(
        prog="python -m gin.tournament",
        description="Play full games between two computer opponents and print the figures.",
    )
    ap.add_argument("bot_a", choices=BOT_NAMES, help="the opponent whose win rate is reported")
    ap.add_argument("bot_b", choices=BOT_NAMES, help="the other opponent")
    ap.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    ap.add_argument("--rules", default="classic", choices=Rules.PRESETS, help="rule set preset")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument(
        "--budget-ms",
        type=float,
        default=None,
        help="CPU-time safety cap of an expert decision (ms)",
    )
    ap.add_argument("--playouts", type=int, default=None, help="playouts per expert decision")
    ap.add_argument("--quiet", action="store_true", help="no progress line")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    extra = {"playouts": args.playouts} if args.playouts is not None else {}

    def show(done: int, total: int) -> None:
        print(
            f"\r{done}/{total} games", end="" if done < total else "\n", file=sys.stderr, flush=True
        )

    try:
        result = run_tournament(
            args.bot_a,
            args.bot_b,
            args.games,
            args.rules,
            args.seed,
            budget_ms=args.budget_ms,
            options_a=extra if args.bot_a == "expert" else None,
            options_b=extra if args.bot_b == "expert" else None,
            progress=None if args.quiet else show,
        )
    except GinError as e:
        print(f"error: {e.message}", file=sys.stderr)
        return 2
    print(json.dumps(result.to_dict(), indent=2) if args.json else result.report())
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = [
    "ENDINGS",
    "MAX_DEALS_PER_GAME",
    "DecisionStats",
    "GameRecord",
    "TournamentResult",
    "percentile",
    "play_game",
    "run_tournament",
    "wilson_interval",
]
