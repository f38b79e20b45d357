"""The engine's speed: the meld solver (the inner loop of the opponents and the hints) and
complete deals of random legal play. Targets are those of issue 2 on a 2-core machine.

Every run uses fresh seeded hands, so the solver's arrangement cache never answers a
repeated question; each figure is the best of a few short runs.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import gin
from benchmarks import best_of, machine_line, table
from gin.cards import cards_mask
from gin.melds import best_discard_deadwood_of_mask, deadwood_of_mask

HANDS = 400
"""Hands per timed run (short runs: on a shared machine some of them run undisturbed)."""
REPEATS = 15
"""Timed runs per figure (the best one is reported)."""
DEAL_RUNS = 6
"""Timed runs of complete deals."""
DEAL_SECONDS = 0.5
"""Length of each timed run of complete deals."""

Hand = list[gin.Card]


def random_hands(rng: random.Random, n: int, size: int) -> list[Hand]:
    """``n`` hands of ``size`` cards drawn from the whole deck."""
    return [rng.sample(gin.DECK, size) for _ in range(n)]


def dense_hands(rng: random.Random, n: int, size: int) -> list[Hand]:
    """``n`` hands of ``size`` cards from 3 suits x 6 neighbouring ranks."""
    out = []
    for _ in range(n):
        suits = rng.sample(list(gin.Suit), 3)
        low = rng.randint(1, 8)
        region = [gin.Card(r, s) for s in suits for r in range(low, low + 6)]
        out.append(rng.sample(region, size))
    return out


def per_call(make: Callable[[random.Random], list[Hand]], fn: Callable[[Hand], object]) -> float:
    """Microseconds per call of ``fn``, on fresh hands in each run."""
    batches = [make(random.Random(1000 + r)) for r in range(REPEATS + 1)]
    for hand in batches[-1][:200]:  # warm up the per-row tables
        fn(hand)

    def run(r: int) -> int:
        for hand in batches[r]:
            fn(hand)
        return len(batches[r])

    return best_of(REPEATS, run) * 1e6


def per_mask_call(make: Callable[[random.Random], list[Hand]], fn: Callable[[int], int]) -> float:
    """Microseconds per call of a mask function ``fn``, on fresh hands in each run."""
    batches = [[cards_mask(h) for h in make(random.Random(2000 + r))] for r in range(REPEATS)]

    def run(r: int) -> int:
        for m in batches[r]:
            fn(m)
        return len(batches[r])

    return best_of(REPEATS, run) * 1e6


def play_random_deal(rng: random.Random) -> int:
    """One complete deal of uniformly random legal actions; returns the actions taken."""
    deal = gin.Deal.new(gin.Rules.preset("classic"), rng.randrange(2), rng=rng)
    n = 0
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
        n += 1
    return n


def deals_per_second() -> tuple[float, float, float]:
    """(deals per second, actions per deal, share of void deals), best of a few runs."""
    best = 0.0
    actions = deals = voids = 0
    for r in range(DEAL_RUNS):
        rng = random.Random(3000 + r)
        n = 0
        start = time.perf_counter()
        while time.perf_counter() - start < DEAL_SECONDS:
            actions += play_random_deal(rng)
            deals += 1
            n += 1
        best = max(best, n / (time.perf_counter() - start))
    # the share of void deals, on a separate seeded sample (not timed)
    rng = random.Random(4000)
    sample = 200
    for _ in range(sample):
        deal = gin.Deal.new(gin.Rules.preset("classic"), rng.randrange(2), rng=rng)
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        voids += deal.phase is gin.Phase.VOID
    # (the timed runs above play the same way: see play_random_deal)
    return best, actions / deals, voids / sample


def _status(ok: bool) -> str:
    return "meets" if ok else "**misses**"


def run() -> str:
    """Measure and return the engine section of ``docs/BENCHMARKS.md``."""
    machine = machine_line()
    started = time.perf_counter()

    def rand10(rng: random.Random) -> list[Hand]:
        return random_hands(rng, HANDS, 10)

    def dense10(rng: random.Random) -> list[Hand]:
        return dense_hands(rng, HANDS, 10)

    def dense11(rng: random.Random) -> list[Hand]:
        return dense_hands(rng, HANDS // 2, 11)

    dw_random = per_call(rand10, gin.deadwood)
    dw_dense = per_call(dense10, gin.deadwood)
    mask_random = per_mask_call(rand10, deadwood_of_mask)
    mask_dense = per_mask_call(dense10, deadwood_of_mask)
    bd_full = per_call(dense11, gin.best_discards)
    bd_mask = per_mask_call(dense11, best_discard_deadwood_of_mask)
    dps, actions, voids = deals_per_second()
    elapsed = time.perf_counter() - started

    def us(x: float) -> str:
        return f"{x:.2f} µs"

    rows = [
        ["`gin.deadwood`, random 10-card hands", "< 3 µs", us(dw_random),
         _status(dw_random < 3)],
        ["`gin.deadwood`, dense 10-card hands", "< 8 µs", us(dw_dense), _status(dw_dense < 8)],
        ["`gin.best_discards`, dense 11-card hands", "< 30 µs", us(bd_full),
         _status(bd_full < 30)],
        ["`best_discard_deadwood_of_mask`, dense 11-card hands", "< 30 µs", us(bd_mask),
         _status(bd_mask < 30)],
        ["complete deals of random legal play", ">= 400 deals/s", f"{dps:,.0f} deals/s",
         _status(dps >= 400)],
    ]  # fmt: skip
    extra = [
        ["`deadwood_of_mask`, random 10-card hands", us(mask_random)],
        ["`deadwood_of_mask`, dense 10-card hands", us(mask_dense)],
        ["actions per random deal (mean)", f"{actions:.0f}"],
        ["void deals under random play", f"{voids:.0%}"],
    ]
    return "\n".join(
        [
            "## Engine",
            "",
            machine,
            "",
            table(["measure", "target", "measured", ""], rows),
            "",
            "For reference:",
            "",
            table(["measure", "measured"], extra),
            "",
            f"Dense hands are drawn from 3 suits x 6 neighbouring ranks. Each solver figure "
            f"is the best of {REPEATS} runs over {HANDS} fresh seeded hands ({HANDS // 2} for "
            f"11 cards), after a warm-up; `gin.best_discards` finds every best discard and its "
            f"kept cards (the arrangement of the kept cards is built only when read). "
            f"Deals: the classic preset, every action chosen uniformly "
            f"among the legal ones, best of {DEAL_RUNS} runs of {DEAL_SECONDS} s. This "
            f"section took {elapsed:.0f} s (`python -m benchmarks --only engine`).",
        ]
    )
