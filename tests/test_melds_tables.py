"""The meld solver's row tables (gin.melds), built at import by the short rule, agree
with the dynamic programme they replaced, row by row (issue 23: import time)."""

from __future__ import annotations

from gin import melds

_VALUES = tuple(min(r + 1, 10) for r in range(13))


def _runs_only_deadwood_by_search(row: int) -> int:
    """Least deadwood of a suit row with runs only, worked out the long way: each card
    is deadwood, or ends a run of three or more that may start at any earlier card."""
    best = [0] * 14
    run = 0
    for i in range(13):
        if row >> i & 1:
            run += 1
            b = best[i] + _VALUES[i]
            if run >= 3:
                for start in range(i - run + 1, i - 1):
                    b = min(b, best[start])
            best[i + 1] = b
        else:
            run = 0
            best[i + 1] = best[i]
    return best[13]


def test_runs_only_table_matches_the_long_way_for_every_row() -> None:
    """Rule: with runs only, the cards outside every stretch of three or more are the
    row's least deadwood."""
    for row in range(1 << 13):
        assert melds.RUN_DEADWOOD[row] == _runs_only_deadwood_by_search(row), bin(row)


def test_row_points_are_the_sum_of_the_cards_points() -> None:
    """Rule: ace 1, number cards their pips, court cards 10."""
    for row in range(1 << 13):
        want = sum(_VALUES[i] for i in range(13) if row >> i & 1)
        assert melds._ROW_POINTS[row] == want, bin(row)
