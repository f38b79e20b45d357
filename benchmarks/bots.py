"""Benchmark section ``bots``: opponent strength and decision speed.

``run()`` measures decision speed now (a minute or so) and renders the tournament table
recorded in :data:`RECORDED` (tournaments take hours of CPU, so they are run on demand:
``python -m benchmarks.bots --tournaments`` re-runs them and prints the new figures).

``python -m benchmarks.bots`` rewrites only the part of ``docs/BENCHMARKS.md`` between
``<!-- bots:start -->`` and ``<!-- bots:end -->``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks import machine_line
from gin import Deal, Rules
from gin.actions import Action
from gin.bots import Bot, EagerBot, hint, make_bot
from gin.bots.selfplay import Times, play_deal
from gin.deal import PlayerView
from gin.tournament import percentile, run_tournament, wilson_interval

START = "<!-- bots:start -->"
END = "<!-- bots:end -->"
DOC = Path(__file__).resolve().parent.parent / "docs" / "BENCHMARKS.md"

TARGETS = {
    ("tactician", "eager"): 0.62,
    ("expert", "eager"): 0.75,
    ("expert", "tactician"): 0.55,
}
"""The win rates the issues ask for (issue 13 raised them to 62% and 75%; never lowered
here). Rows of earlier versions of the opponents are judged against the same targets."""

# Tournaments measured on the shared 2-core machine (see the notes in the section).
# Each entry: bot_a, bot_b, rules, seed, games, wins_a, deals, points_a, points_b,
# endings, mean and p95 decision ms of bot_a, options of bot_a.
# The entries are kept in bots_recorded.json, in the form ``--tournaments`` prints.
RECORDED: list[dict[str, Any]] = json.loads(
    (Path(__file__).resolve().parent / "bots_recorded.json").read_text(encoding="utf-8")
)


class HintBot:
    """Plays the move of :func:`gin.bots.hint`, so that a hint can be timed like a bot."""

    name = "hint"

    def choose(self, view: PlayerView) -> Action:
        """The hinted move."""
        return hint(view).action


def measure_speed(seed: int = 1) -> dict[str, dict[str, float]]:
    """Decision times of each opponent (and of a hint) in ms, from self-play deals."""
    out: dict[str, dict[str, float]] = {}
    rules = [Rules.preset("classic"), Rules.preset("spades-double")]

    def deals(n: int, who: str) -> list[float]:
        bot: Bot = HintBot() if who == "hint" else make_bot(who, random.Random(seed))
        times: Times = ([], [])
        for i in range(n):
            d = Deal.new(rules[i % 2], dealer=i % 2, rng=random.Random(seed * 1000 + i))
            play_deal(d, (bot, EagerBot()), times=times)
        return times[0]

    for who, n in (("eager", 400), ("tactician", 40), ("expert", 8), ("hint", 4)):
        ts = deals(n, who)
        ms = [t * 1000 for t in ts]
        out[who] = {
            "decisions": len(ms),
            "mean_ms": sum(ms) / len(ms),
            "p95_ms": percentile(ms, 95),
            "max_ms": max(ms),
            "per_second": 1000 * len(ms) / sum(ms),
        }
    return out


def _tournament_rows() -> list[str]:
    rows = [
        "| pair | rules | games | win rate (95% CI) | target | met? | points per deal "
        "(a / b) | knock / undercut / gin / big gin / void | a's mean / p95 ms |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in RECORDED:
        games = r["games"]
        rate = r["wins_a"] / games
        lo, hi = wilson_interval(r["wins_a"], games)
        target = TARGETS.get((r["bot_a"], r["bot_b"]))
        if target is None:
            met = "-"
        elif lo >= target:
            met = "yes"
        elif hi < target:
            met = "**no**"
        else:
            met = "on the estimate only" if rate >= target else "**no** (within CI)"
        deals = r["deals"]
        e = r["endings"]
        ends = " / ".join(
            f"{100 * e.get(k, 0) / deals:.0f}%"
            for k in ("knock", "undercut", "gin", "big-gin", "void")
        )
        opts = r.get("options_a") or {}
        name_a = r["bot_a"] + (
            f" ({', '.join(f'{k}={v}' for k, v in opts.items())})" if opts else ""
        )
        ms = "-" if r["mean_ms"] is None else f"{r['mean_ms']:.1f} / {r['p95_ms']:.1f}"
        seeds = str(r["seed"])
        label = f"{games} (seed{'s' if '+' in seeds else ''} {seeds})"
        rows.append(
            f"| {name_a} vs {r['bot_b']} | {r['rules']} | {label} | {rate:.1%} "
            f"({lo:.1%}-{hi:.1%}) | {'' if target is None else f'>= {target:.0%}'} | {met} | "
            f"{r['points_a'] / deals:.2f} / {r['points_b'] / deals:.2f} | {ends} | "
            f"{ms} |"
        )
    return rows


def run() -> str:
    """The ``bots`` section of ``docs/BENCHMARKS.md`` as markdown."""
    speed = measure_speed()
    lines = [
        "## Opponents: strength and speed",
        "",
        "### Decision speed (measured by `python -m benchmarks.bots`)",
        "",
        "Each opponent plays seat 0 against `eager` in seeded deals of both presets and every "
        "decision of seat 0 is timed (`hint` is the full hint, explanation included; the "
        "expert and the hint use their defaults: 360 playouts per decision, seeded from the "
        "position, and a 3,000 ms safety cap that is never reached). " + machine_line(),
        "",
        "| who | decisions | mean ms | p95 ms | max ms | decisions/s | target |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    targets = {
        "eager": ("per_second", 5000.0, ">= 5,000 decisions/s"),
        "expert": ("p95_ms", 250.0, "p95 <= 250 ms"),
        "hint": ("p95_ms", 250.0, "p95 <= 250 ms (+ explanation)"),
    }
    for who, s in speed.items():
        tgt = ""
        if who in targets:
            key, bound, text = targets[who]
            ok = s[key] >= bound if key == "per_second" else s[key] <= bound
            tgt = f"{text}: {'met' if ok else '**missed**'}"
        lines.append(
            f"| {who} | {int(s['decisions'])} | {s['mean_ms']:.3f} | {s['p95_ms']:.2f} | "
            f"{s['max_ms']:.1f} | {s['per_second']:,.0f} | {tgt} |"
        )
    lines += ["", *tournament_lines()]
    return "\n".join(lines) + "\n"


TOURNAMENTS_HEAD = (
    "### Tournaments (recorded; re-run with `python -m benchmarks.bots --tournaments`)"
)


def tournament_lines() -> list[str]:
    """The recorded tournaments' part of the section (its heading, table and notes)."""
    return [
        TOURNAMENTS_HEAD,
        "",
        "Full games to the target, first dealers alternating, `python -m gin.tournament A B "
        "--games N --rules R --seed S`. Win rate of the first-named opponent with its 95% "
        'Wilson interval; "met?" is *yes* when the whole interval clears the target and '
        "*on the estimate only* when the win rate does but the interval reaches below it.",
        "",
        *_tournament_rows(),
        "",
        *NOTES,
    ]


def add_recorded(doc: Path = DOC) -> int:
    """Add to the ``bots`` section the recorded tournaments and notes it lacks (after a
    tournament is added to ``bots_recorded.json``): each row after the table's last row,
    each note at the end, the rest of the section (the measured speed table, rows kept
    from earlier versions of the record) as it is. Returns how many lines were added."""
    old = doc.read_text(encoding="utf-8")
    head, rest = old.split(TOURNAMENTS_HEAD, 1)
    part, tail = rest.split(END, 1)
    lines = part.split("\n")
    rows = [r for r in _tournament_rows()[2:] if r not in lines]
    notes = [n for n in NOTES if n and n not in lines]
    last = max(i for i, line in enumerate(lines) if line.startswith("| "))
    lines[last + 1 : last + 1] = rows
    end = len(lines) - 1 if lines[-1] == "" else len(lines)
    lines[end:end] = notes
    doc.write_text(head + TOURNAMENTS_HEAD + "\n".join(lines) + END + tail, encoding="utf-8")
    return len(rows) + len(notes)


NOTES: list[str] = [
    "Notes on the tournaments:",
    "",
    "- **After issue 39, the expert reading the opponent's play, against `eager` in "
    "spades-double** (seed 3942, never used before, 100 games, default settings as "
    "`make_bot` gives them: the model starts from `eager`'s hasty prior and learns from"
    " each deal, and the guesses of the opponent's hand read its play; run with `nice "
    "-n 19` beside the test suite and other jobs): **85.0%** (76.7%-90.7%), the whole "
    "interval over the 75% target; +10.2 points per deal (19.53 / 9.35). The seed-391 "
    "figure above (88.2%) was measured before the reading; the two intervals overlap, "
    "so the reading is not shown to change the win rate against `eager`.",
    "- **After issue 39, the expert against the `tactician` in classic** (seeds 3939 and "
    "3940, never used before, 100 games each, default settings as `make_bot` gives them: "
    "the model starts from the tactician's patient prior and learns from each deal, and "
    "the guesses of the opponent's hand read its play; run with `nice -n 19` beside other "
    "jobs, so the decision times are wall times of a shared machine): **62.5%** "
    "(55.6%-68.9%) over 200 games, the whole interval over the 55% target, where the "
    "expert of issue 30 won 53.3% (40.9%-65.4%, seed 61, 60 games); 9.76 / 8.00 points "
    "per deal. Under `classic` no wait for gin pays, so a patient opponent's hand is "
    "guessed as before the reading: the gain is the opponent model's and the larger "
    "sample's, not shown to be the reading's.",
    "- **After issue 30, the expert with playouts of sensible play** (seed 51, default "
    "settings, run with `nice -n 19` beside the test suite and other jobs, so its decision "
    "times are wall times of a starved process, not the expert's speed: see the speed "
    "table): classic 77.1% (69.5%-83.3%) over 140 games, the same rate as the expert with "
    "`eager` playouts (seed 41); 75% met on the estimate. Spades-double **69.3%** "
    "(61.2%-76.3%) over 140 games, under the target on the estimate, where the expert with "
    "`eager` playouts won 82.1% (seed 41): its margin fell from +9.3 to +4.6 points per "
    "deal. A likely cause, not tested: the sensible policy waits for gin on both sides of "
    "an imagined spades-double deal (undercut bonus 25), and `eager` does not, so the "
    "imagined opponent is not the real one. `expert` vs `tactician` (seed 61, "
    "60 games per preset, default settings, run with `nice -n 19` beside other people's "
    "jobs, load average 2-4): classic **53.3%** (40.9%-65.4%), under the 55% target on "
    "the estimate, +0.87 points per deal (8.88 / 8.02), where the expert before issue 13 "
    "won 68.3% (seed 1); spades-double 78.3% (66.4%-86.9%), the whole interval over 55%, "
    "+9.47 points per deal. Sixty games leave a wide interval: the classic figure cannot "
    "tell 53% from 65%.",
    "- **After issue 39, the expert's inferred opponent model** (seed 391, never used "
    "before, default settings as `make_bot` gives them: the expert starts from `eager`'s "
    "prior, Beta(9, 1), and learns from each deal of the game; the same games as "
    "`python -m gin.tournament expert eager --rules spades-double --seed 391`, played one "
    "by one with `nice -n 19` beside other people's jobs, load average 4-20, and stopped "
    "at 20:20 UTC after 152 of the 200 planned games): spades-double **88.2%** "
    "(82.1%-92.4%) over 152 games, the whole interval over the 75% target, against "
    "69.3% (61.2%-76.3%) for the patient model of issue 30 (seed 51); +11.9 points per "
    "deal (20.15 / 8.21). The model ended each game between 0.90 and 0.95 hasty. Decision "
    "times are wall times of a starved process. Classic and `expert` vs `tactician` were "
    "not re-run after issue 39.",
    "- **Versions.** Every row above was measured before issue 13 changed the opponents "
    "(the search seeded from the position with a fixed playout count, never taking a card "
    "to throw it straight back, the opponent's pickups read into its hand). Issue 13 "
    "raised the targets to 62% (`tactician` vs `eager`) and 75% (`expert` vs `eager`); "
    "the rows are judged against the raised targets. Rows measured after issue 13 are "
    "marked as such; see also the section on OpenSpiel's `SimpleGinRummyBot` below.",
    "- Measured on the shared 2-core machine while up to six tournaments and other "
    "people's jobs ran at once (load average 6-8). So that this contention would not cut "
    "the expert's search short, the tournaments ran the expert with its default playout "
    "count (360 per decision) and the time cap raised to 1,000 ms (`--budget-ms 1000`); "
    "with the default cap (200 ms) on an idle machine the expert plays the same moves "
    "(the cap is rarely if ever reached there: see the speed table). The decision times in the "
    "table above are therefore inflated about threefold by the contention; the speed "
    "table is the one to read for speed.",
    "- Game counts are what fitted in the time available: 1,500 games per preset for "
    "`tactician` vs `eager` (seed 1, then 1,000 more with seed 2 on an idle machine), 220 "
    "for `expert` vs `eager` (seeds 1 and 2 under contention with the 1,000 ms cap, then "
    "100 more with seed 3 on an idle machine with the default 200 ms cap) and 60 for "
    "`expert` vs `tactician`. The combined rows pool the wins of the rows above them.",
    "- `expert` vs `tactician` clears 55% with its whole interval in both presets (68% and 73%).",
    "- `expert` vs `eager`: 72.3% classic and 78.2% spades-double over 220 games each. In "
    "spades-double the whole interval clears 70% (72.3%-83.1%); in classic it still "
    "reaches below (66.0%-77.8%), so there the target is met on the estimate only. With "
    "the default 200 ms cap alone (seed 3) the expert won 71% and 79%.",
    "- `tactician` vs `eager`: 64.5% classic and 62.3% spades-double over 1,500 games "
    "each. In classic the whole interval clears 60% (62.1%-66.9%); in spades-double it "
    "reaches just below (59.9%-64.8%), so there the target is met on the estimate only.",
    "- An earlier expert (pure simulation, run under the 200 ms cap during the contention, "
    "with a hand sampler that made long-running "
    "opponents too strong) won 60.0% (36/60) classic and 66.7% (40/60) spades-double "
    "against `eager`. Two changes brought the present figures: the sampler was calibrated "
    "against real deals (the mean deadwood of the sampled opponent hands now matches the "
    "real one at every stage of a deal, against both `eager` and `tactician`), and the "
    "expert keeps the `tactician`'s choice unless the simulations beat it by more than "
    "one standard error of the paired differences.",
]
"""Notes on the recorded figures (how they were measured, what was missed and why)."""


TOURNAMENT_BUDGET_MS = 1000.0
"""The expert's time cap in the recorded tournaments of seeds 1 and 2 (see the notes)."""

PLAN: list[tuple[str, str, str, int, int, float | None]] = [
    (bot_a, bot_b, rules, seed, games, cap)
    for bot_a, bot_b, seed, games, cap in (
        ("tactician", "eager", 1, 500, None),
        ("expert", "eager", 1, 80, TOURNAMENT_BUDGET_MS),
        ("expert", "eager", 2, 40, TOURNAMENT_BUDGET_MS),
        ("tactician", "eager", 2, 1000, None),
        ("expert", "eager", 3, 100, None),
        ("expert", "tactician", 1, 60, TOURNAMENT_BUDGET_MS),
    )
    for rules in ("classic", "spades-double")
]
"""The recorded tournaments: (bot_a, bot_b, rules, seed, games, the expert's time cap in ms
or ``None`` for its default)."""


def run_tournaments(
    plan: Sequence[tuple[str, str, str, int, int, float | None]] = PLAN,
) -> list[dict[str, Any]]:
    """Play the tournaments of ``plan`` and return entries in the :data:`RECORDED` form."""
    out = []
    for a, b, rules, seed, games, budget_ms in plan:
        r = run_tournament(a, b, games, rules, seed, budget_ms=budget_ms)
        out.append(
            {
                "bot_a": a,
                "bot_b": b,
                "rules": rules,
                "seed": seed,
                "games": games,
                "wins_a": r.wins_a,
                "deals": r.deals,
                "points_a": r.points_a,
                "points_b": r.points_b,
                "endings": dict(r.endings),
                "mean_ms": r.stats_a.mean_ms,
                "p95_ms": r.stats_a.p95_ms,
                "options_a": dict(r.options_a),
            }
        )
        print(r.report(), file=sys.stderr)
    return out


def write_section(text: str, doc: Path = DOC) -> None:
    """Replace the marked ``bots`` section of ``doc`` (append it if missing)."""
    block = f"{START}\n{text.rstrip()}\n{END}"
    old = doc.read_text(encoding="utf-8") if doc.exists() else "# Benchmarks\n"
    if START in old and END in old:
        head, rest = old.split(START, 1)
        _, tail = rest.split(END, 1)
        new = head + block + tail
    else:
        new = old.rstrip() + "\n\n" + block + "\n"
    doc.parent.mkdir(parents=True, exist_ok=True)
    doc.write_text(new, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """Write the section, or re-run the tournaments with ``--tournaments``."""
    ap = argparse.ArgumentParser(prog="python -m benchmarks.bots")
    ap.add_argument("--tournaments", action="store_true", help="re-run the tournaments (hours)")
    ap.add_argument("--print", action="store_true", help="print the section, don't write it")
    ap.add_argument(
        "--recorded",
        action="store_true",
        help="add the recorded tournaments the section lacks (no speed measured)",
    )
    args = ap.parse_args(argv)
    if args.tournaments:
        print(json.dumps(run_tournaments(), indent=1))
        return 0
    if args.recorded:
        added = add_recorded()
        print(f"added {added} lines to the recorded tournaments of {DOC}")
        return 0
    text = run()
    if args.print:
        print(text)
    else:
        write_section(text)
        print(f"wrote the bots section of {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
