"""Tournaments: full games between two opponents, with honest statistics."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gin import GinError, Rules
from gin.tournament import ENDINGS, main, percentile, run_tournament, wilson_interval


def test_wilson_interval_brackets_the_observed_rate() -> None:
    lo, hi = wilson_interval(60, 100)
    assert 0.50 < lo < 0.60 < hi < 0.70
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0


def test_percentile_is_the_nearest_rank() -> None:
    assert percentile(list(range(1, 101)), 95) == 95
    assert percentile([], 95) == 0.0


def test_a_tournament_plays_full_games_to_the_target_and_counts_every_deal() -> None:
    calls: list[tuple[int, int]] = []
    r = run_tournament(
        "tactician", "eager", 2, "classic", seed=3, progress=lambda d, t: calls.append((d, t))
    )
    assert calls == [(1, 2), (2, 2)]
    assert r.games == 2 and r.wins_a + r.wins_b + r.draws == 2
    assert sum(r.endings.values()) == r.deals
    assert set(r.endings) == set(ENDINGS)
    # a game ends when someone reaches the target, so the winners scored at least that
    assert max(r.points_a, r.points_b) >= Rules.preset("classic").target
    lo, hi = r.interval
    assert lo <= r.win_rate <= hi
    assert r.stats_a.decisions > 0 and r.stats_b.decisions > 0
    assert r.stats_a.p95_ms >= 0 and r.stats_b.mean_ms >= 0
    assert "won" in r.report() and "95% CI" in r.report()


def test_the_same_seed_plays_the_same_games() -> None:
    a = run_tournament("eager", "eager", 3, "spades-double", seed=5)
    b = run_tournament("eager", "eager", 3, "spades-double", seed=5)
    assert (a.wins_a, a.deals, a.points_a, a.points_b, dict(a.endings)) == (
        b.wins_a,
        b.deals,
        b.points_a,
        b.points_b,
        dict(b.endings),
    )


def test_the_expert_plays_a_tournament_with_a_small_budget() -> None:
    r = run_tournament("expert", "eager", 1, "classic", seed=2, options_a={"playouts": 8})
    assert r.games == 1 and r.stats_a.decisions > 0


def test_an_unknown_opponent_or_no_games_is_refused() -> None:
    with pytest.raises(GinError) as e:
        run_tournament("nobody", "eager", 1)
    assert e.value.code == "unknown-bot"
    with pytest.raises(GinError) as e:
        run_tournament("eager", "eager", 0)
    assert e.value.code == "bad-games"


def test_the_command_line_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tactician", "eager", "--games", "2", "--rules", "spades-double", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "tactician won" in out and "points per deal" in out and "deal endings" in out
    assert "p95" in out


def test_the_module_runs_as_a_command() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "gin.tournament",
            "eager",
            "eager",
            "--games",
            "1",
            "--seed",
            "2",
            "--quiet",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert '"win_rate"' in done.stdout


def test_tournament_games_follow_the_same_rules_as_gin_game() -> None:
    """The tournament's game loop agrees with :class:`gin.Game` deal by deal: the same
    decks, the same next dealers, the same totals and winner."""
    import random

    from gin import Game
    from gin.bots import Bot, make_bot
    from gin.tournament import play_game

    for rules_name in ("classic", "spades-double"):
        rules = Rules.preset(rules_name)
        for seed in range(3):

            def pair() -> tuple[Bot, Bot]:
                return (
                    make_bot("tactician", random.Random(1)),
                    make_bot("eager", random.Random(2)),
                )

            rec = play_game(pair(), rules, random.Random(seed), seed % 2)
            bots = pair()
            game = Game(rules, rng=random.Random(seed), first_dealer=seed % 2)
            while True:
                d = game.deal
                while not d.is_over:
                    p = d.to_move
                    assert p is not None
                    game.apply(bots[p].choose(d.view(p)), p)
                if game.is_over:
                    break
                game.next_deal()
            assert game.winner == rec.winner
            assert game.totals == rec.totals
            assert [(r.kind, r.winner, r.points) for r in game.score_sheet] == list(rec.deals)
