"""The review of a deal (issue 20): how long :func:`gin.bots.review.review_deal` takes in
the kernel, per deal and per step.

Deals are played as at the play table (the learner, player 0, by ``eager`` with one
discard in four chosen at random, like a learner who errs; the opponent ``eager``), each
reviewed for player 0 at the review's own settings (:data:`REVIEW_WORLDS` worlds per
decision), one decision per step as the table works it out
(:class:`~gin.bots.review.DealReviewer`). Timed with the wall clock in this process.

Target: a typical deal (12 to 18 learner decisions) reviewed within 3 s at p95. The longest
single step is what the table waits at most between two clicks while a review is worked
out in the background.

The same review on the static site (Pyodide in the browser, target 10 s) is measured by
:mod:`benchmarks.review_static` and written into the same section.

Run: ``python -m benchmarks.review`` or ``python -m benchmarks --only review``.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from benchmarks import machine_line, replace_section, review_check, review_static, table
from benchmarks.review_deals import DEALS, TIMED_OPPONENT, _deals
from gin.bots.review import COSTLY_GROWTH, REVIEW_GROWTH, REVIEW_WORLDS, DealReviewer
from gin.tournament import percentile

TARGET_P95_S = 3.0
TYPICAL = range(12, 19)
"""Learner decisions in a typical deal."""


def measure(n: int | None = None) -> tuple[list[tuple[int, float, float]], list[float]]:
    """(decisions, wall seconds, CPU seconds) per reviewed deal, and the wall seconds of
    every single step."""
    per_deal = []
    steps = []
    for deal in _deals(DEALS if n is None else n):
        job = DealReviewer(deal, 0, REVIEW_WORLDS, TIMED_OPPONENT)
        t0 = time.perf_counter()
        c0 = time.process_time()
        while True:
            s0 = time.perf_counter()
            finished = job.step()
            steps.append(time.perf_counter() - s0)
            if finished:
                break
        _ = job.result
        per_deal.append((job.total, time.perf_counter() - t0, time.process_time() - c0))
    return per_deal, steps


def run() -> str:
    """Measure and return the Markdown section."""
    machine = machine_line()
    start = time.perf_counter()
    per_deal, steps = measure()
    typical = [s for d, s, _ in per_deal if d in TYPICAL]
    every = [s for _, s, _ in per_deal]
    typical_cpu = [c for d, _, c in per_deal if d in TYPICAL]
    every_cpu = [c for _, _, c in per_deal]
    decisions = [d for d, _, _ in per_deal]

    def row(name: str, xs: list[float], n: int) -> list[str]:
        if not xs:
            return [name, "0", "–", "–", "–"]
        return [
            name,
            str(n),
            f"{statistics.median(xs):.2f}",
            f"{percentile(xs, 95):.2f}",
            f"{max(xs):.2f}",
        ]

    p95 = percentile(typical, 95) if typical else float("nan")
    mark = "✅" if p95 <= TARGET_P95_S else "❌"
    p95_cpu = percentile(typical_cpu, 95) if typical_cpu else float("nan")
    mark_cpu = "✅" if p95_cpu <= TARGET_P95_S else "❌"
    rows = [
        row("typical deal (12–18 decisions), wall clock", typical, len(typical)),
        row("every deal, wall clock", every, len(every)),
        row("typical deal, CPU time of the process", typical_cpu, len(typical_cpu)),
        row("every deal, CPU time of the process", every_cpu, len(every_cpu)),
    ]
    step_ms = [s * 1000 for s in steps]
    lines = [
        machine,
        "",
        f"{DEALS} deals played as at the play table (the learner: `eager` with one discard "
        "in four at random; the opponent: `eager`), each reviewed for the learner as the "
        f"table reviews it (imagining `{TIMED_OPPONENT}`, the opponent faced, who knocks as "
        "soon as it can, its hand guessed from its play) with the review's own settings "
        f"({REVIEW_WORLDS} worlds per decision at first, up to "
        f"{REVIEW_WORLDS * REVIEW_GROWTH} where a verdict is uncertain, "
        f"{REVIEW_WORLDS * COSTLY_GROWTH} where it hangs on the costly line; one decision per step "
        "as the table works it out), timed with the wall clock in the kernel's process. "
        f"Learner decisions per deal: median {statistics.median(decisions):.0f}, "
        f"from {min(decisions)} to {max(decisions)}. "
        f"Target: a typical deal within {TARGET_P95_S:.0f} s at p95: "
        f"**{p95:.2f} s** {mark} by the wall clock, **{p95_cpu:.2f} s** {mark_cpu} in CPU "
        "time.",
        "",
        table(["deals", "n", "median s", "p95 s", "max s"], rows),
        "",
        f"One step (one decision weighed; the longest the table waits between two clicks "
        f"while a review is worked out in the background): median "
        f"{statistics.median(step_ms):.0f} ms, p95 {percentile(step_ms, 95):.0f} ms, max "
        f"{max(step_ms):.0f} ms over {len(step_ms)} steps.",
        "",
        "The wall clock counts the time the other jobs of a shared machine take from this "
        "one (see the load average above); the CPU time of the process is what the review "
        "itself costs, the figure to expect on a quiet machine.",
        "",
        f"Measured in {time.perf_counter() - start:.0f} s.",
        "",
        review_check.section(),  # the verdicts weighed again by a stronger search
        "",
        static_section(),  # the static site (Pyodide in the browser)
    ]
    return "\n".join(lines)


STATIC_MARK = "**The static site (Pyodide in the browser)**"


def static_section() -> str:
    """The static site's figures; where they cannot be measured here (no browser or no
    site toolchain), the figures recorded before, said to be so."""
    body = review_static.section()
    if not body.startswith("The static site was not measured here"):
        return body
    path = Path(__file__).resolve().parent.parent / "docs" / "BENCHMARKS.md"
    old = path.read_text(encoding="utf-8")
    start = old.find(STATIC_MARK)
    end = old.find("<!-- review:end -->")
    if start < 0 or end < start:
        return body
    recorded = old[start:end].strip()
    if recorded.startswith(STATIC_MARK + " (recorded"):
        return recorded
    note = (
        f"{STATIC_MARK} (recorded by an earlier run, at the date below, not measured again "
        f"with this one: {body})"
    )
    return note + recorded[len(STATIC_MARK) :]


def main() -> None:
    """Run and write the section of ``docs/BENCHMARKS.md``."""
    body = run()
    print(body)
    path = Path(__file__).resolve().parent.parent / "docs" / "BENCHMARKS.md"
    path.write_text(replace_section(path.read_text(encoding="utf-8"), "review", body))


if __name__ == "__main__":
    main()
