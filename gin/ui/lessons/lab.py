"""Lesson 5, the strategy lab: simulations with a progress bar and charts.

Sections: the seed's claims about up cards (exact and simulated), how long deals last by
knock limit, how often a knock at each deadwood is undercut, what the spade doubling does
to the scores, and how the computer opponents compare. A small run is made when the lesson
opens; the buttons run bigger ones.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from gin import Rules
from gin.bots import BOT_NAMES
from gin.ui.lessons.base import Lesson, MessageArea, button, html_widget, section
from gin.ui.lessons.charts import PALETTE, Series, bar_chart_svg, hbar_chart_svg
from gin.ui.lessons.guard import guarded
from gin.ui.lessons.pictures import table_html
from gin.ui.lessons.simulate import (
    SimDeal,
    compare_opponents,
    draws_by_limit,
    points_by_doubling,
    simulate_deals,
    undercuts_by_deadwood,
)
from gin.ui.lessons.stats import simulated_up_cards, up_card_claims
from gin.ui.lessons.tips import (
    check_gin_when_low,
    check_spade_gin,
    check_spade_undercut,
    tips_html,
    undercut_risk_caption,
)

DEAL_SIZES = (150, 1000, 4000)
"""Deals per rule set: the first is run when the lesson opens."""
UP_CARDS_PER_DEAL = 20
"""Up cards dealt for the claims table, per simulated deal (dealing is cheap)."""
GAME_SIZES = (2, 10, 40)
"""Games per pair of opponents."""
EXPERT_BUDGET_MS = 25.0
"""Thinking time per decision of the ``expert`` opponent in the lab (it is slow)."""


def _pct(x: float) -> str:
    return f"{x * 100:.1f}%"


# --------------------------------------------------------------------------- charts


def draws_chart(sims: Sequence[SimDeal]) -> str:
    """Average draws per deal by knock limit, one bar series per rule set (SVG)."""
    presets = sorted({s.preset for s in sims})
    series = []
    for j, p in enumerate(presets):
        by = draws_by_limit([s for s in sims if s.preset == p])
        series.append(Series(f"“{p}”", [by[lim][0] for lim in range(11)], PALETTE[j]))
    return bar_chart_svg(
        [str(lim) for lim in range(11)],
        series,
        title="How long a deal lasts, by knock limit",
        x_label="knock limit (0: only gin ends the deal)",
        y_label="draws per deal (average)",
        fmt=lambda v: f"{v:.1f}",
    )


def undercut_chart(sims: Sequence[SimDeal]) -> str:
    """Share of knocks undercut, by the knocker's deadwood (SVG)."""
    by = undercuts_by_deadwood(sims)
    xs = list(range(1, 11))
    return bar_chart_svg(
        [str(x) for x in xs],
        [Series("undercut", [by[x][0] * 100 for x in xs], PALETTE[1])],
        title="How often a knock is undercut",
        x_label="the knocker's deadwood",
        y_label="% of knocks undercut",
        fmt=lambda v: f"{v:.0f}",
        notes=[f"n={by[x][1]}" for x in xs],
    )


def doubling_chart(sims: Sequence[SimDeal]) -> str:
    """Average points per deal, with and without the spade doubling (SVG)."""
    by = points_by_doubling(sims)
    return hbar_chart_svg(
        [f"{k} (n={by[k][1]})" for k in by],
        [by[k][0] for k in by],
        title="What the spade doubling does to the scores",
        x_label="points scored per deal (average)",
        fmt=lambda v: f"{v:.1f}",
    )


def opponents_chart(rows: Sequence[dict[str, Any]]) -> str:
    """Points per deal of each opponent in each pairing (SVG)."""
    return bar_chart_svg(
        [f"{r['a']} v {r['b']}" for r in rows],
        [
            Series("first named", [r["ppd_a"] for r in rows], PALETTE[0]),
            Series("second named", [r["ppd_b"] for r in rows], PALETTE[1]),
        ],
        title="How the computer opponents compare",
        y_label="points per deal",
        fmt=lambda v: f"{v:.1f}",
    )


def chart_widget() -> Any:
    """An HTML widget for an SVG chart."""
    w = html_widget("", "gin-lab-chart")
    w.layout.max_width = "680px"
    return w


# --------------------------------------------------------------------------- text


def claims_html(deals: int, seed: int) -> str:
    """The seed's up-card claims, exact and as seen in simulated deals, per rule set."""
    rows: list[list[str]] = []
    for i, name in enumerate(Rules.PRESETS):
        rules = Rules.preset(name)
        seen = simulated_up_cards(rules, deals, seed + i)
        for c in up_card_claims(rules, seen):
            rows.append(
                [
                    f"“{name}”",
                    c.text,
                    f"{c.exact.numerator}/{c.exact.denominator}",
                    _pct(float(c.exact)),
                    _pct(c.simulated),
                ]
            )
    return table_html(
        ["rule set", "share of deals with", "exact", "", f"seen in {deals} deals"],
        rows,
        css="gin-claims",
    )


def draws_caption(sims: Sequence[SimDeal]) -> str:
    """The numbers behind the deal-length chart."""
    parts = []
    for p in sorted({s.preset for s in sims}):
        by = draws_by_limit([s for s in sims if s.preset == p])
        zero = by[0]
        ten = by[10]
        parts.append(
            f"“{p}”: limit 10 deals last {ten[0]:.1f} draws on average (n={ten[1]})"
            + (
                f"; gin-only deals {zero[0]:.1f} draws, {_pct(zero[2])} of them void"
                if zero[1]
                else ""
            )
        )
    return '<p class="gin-muted">' + html.escape(". ".join(parts)) + ".</p>"


def doubling_caption(sims: Sequence[SimDeal]) -> str:
    """How much of the score comes from doubled deals."""
    sd = [s for s in sims if s.preset == "spades-double"]
    total = sum(s.points for s in sd)
    doubled = sum(s.points for s in sd if s.doubled)
    share = sum(s.doubled for s in sd) / len(sd) if sd else 0.0
    return (
        '<p class="gin-muted">In “spades-double”, '
        f"{_pct(share)} of the deals were doubled and they brought "
        f"{_pct(doubled / total if total else 0.0)} of all the points scored.</p>"
    )


def opponents_table(rows: Sequence[dict[str, Any]]) -> str:
    """The tournament figures as a table."""
    if not rows:
        return "<p>The engine has no tournament module here, so there is nothing to compare.</p>"
    return table_html(
        ["pairing", "games", "deals", "games won", "points per deal"],
        [
            [
                f"{r['a']} v {r['b']}",
                r["games"],
                r["deals"],
                f"{r['wins_a']} – {r['wins_b']}",
                f"{r['ppd_a']:.1f} – {r['ppd_b']:.1f}",
            ]
            for r in rows
        ],
        css="gin-opponents",
    )


# --------------------------------------------------------------------------- lesson


class PairChoice:
    """One plain checkbox per pairing of opponents (no Ctrl-click needed)."""

    def __init__(self, labels: Sequence[str]) -> None:
        first = next((x for x in labels if "expert" not in x), labels[0] if labels else "")
        self.boxes = {
            label: W.Checkbox(value=label == first, description=label, indent=False)
            for label in labels
        }
        self.widget = W.VBox(list(self.boxes.values()))
        self.widget.add_class("gin-lab-pairs")

    @property
    def value(self) -> tuple[str, ...]:
        """The pairings ticked, in order."""
        return tuple(label for label, box in self.boxes.items() if box.value)

    @value.setter
    def value(self, labels: Sequence[str]) -> None:
        for label, box in self.boxes.items():
            box.value = label in labels


class LabLesson(Lesson):
    """The strategy lab."""

    notebook = "05_strategy_lab.ipynb"
    default_seed = 1

    def __init__(
        self, seed: int | None = None, deals: int = DEAL_SIZES[0], games: int = GAME_SIZES[0]
    ) -> None:
        super().__init__(seed)
        self.sims: list[SimDeal] = []
        self.opponent_rows: list[dict[str, Any]] = []

        # deals
        self.size = W.Dropdown(
            options=[(f"{n} deals per rule set", n) for n in sorted({*DEAL_SIZES, deals})],
            value=deals,
        )
        self.size.add_class("gin-lab-size")
        self.run_button = button("Run", "gin-lab-run", icon="play", style="primary")
        self.progress = W.IntProgress(value=0, min=0, max=1, description="")
        self.progress.add_class("gin-lab-progress")
        self.status = html_widget("", "gin-lab-status")
        self.message = MessageArea()
        self.claims = html_widget("", "gin-lab-claims")
        self.draws_image = chart_widget()
        self.draws_text = html_widget()
        self.undercut_image = chart_widget()
        self.undercut_text = html_widget("", "gin-lab-undercut-caption")
        self.tips = html_widget("", "gin-lab-tips")
        self.doubling_image = chart_widget()
        self.doubling_text = html_widget()

        # opponents
        pairs = [(a, b) for i, a in enumerate(BOT_NAMES) for b in BOT_NAMES[i + 1 :]]
        self.pair_choice = PairChoice([f"{a} v {b}" for a, b in pairs])
        self.games = W.Dropdown(
            options=[(f"{n} games each", n) for n in sorted({*GAME_SIZES, games})],
            value=games,
        )
        self.opp_button = button("Play the games", "gin-lab-opponents", icon="play")
        self.opp_progress = W.IntProgress(value=0, min=0, max=1)
        self.opp_progress.add_class("gin-lab-opp-progress")
        self.opp_message = MessageArea()
        self.opp_image = chart_widget()
        self.opp_table = html_widget("", "gin-lab-opp-table")

        self.run_button.on_click(guarded(self.message.show)(lambda _b: self.run()))
        self.opp_button.on_click(guarded(self.opp_message.show)(lambda _b: self.run_opponents()))

        self.assemble(
            section(
                "Simulate",
                "<p>Two <code>eager</code> computer players play seeded deals under each "
                "rule set. Choose how many and press Run.</p>",
                W.HBox([self.size, self.run_button, self.progress]),
                self.status,
                self.message.widget,
            ),
            section(
                "Up cards: checking the claims",
                "<p>Every rank is turned up in one deal in thirteen. That makes about a "
                "quarter of the deals spade deals (doubled in “spades-double”), one in "
                "thirteen an ace deal, and nearly a third full-limit deals (10, J, Q, K). "
                "The exact shares count the 52 cards; the last column deals them.</p>",
                self.claims,
            ),
            section(
                "How long does a deal last?",
                "<p>A high limit lets players knock sooner. Counting draws from the start "
                "to the end of each deal:</p>",
                self.draws_image,
                self.draws_text,
            ),
            section(
                "How risky is a knock?",
                "<p>After a knock, how often does the defender end with as little "
                "deadwood or less? The caption below says what these deals show, with 95% "
                "intervals.</p>",
                self.undercut_image,
                self.undercut_text,
            ),
            section(
                "The seed's tips, measured",
                "<p>Each tip is checked on deals scored by the engine.</p>",
                self.tips,
            ),
            section(
                "The spade doubling",
                "<p>Doubling a quarter of the deals makes every point of those deals "
                "count twice, bonuses included.</p>",
                self.doubling_image,
                self.doubling_text,
            ),
            section(
                "How do the opponents compare?",
                "<p>Full games to the target between the computer opponents, under the "
                f"classic rules. The <code>expert</code> thinks for {EXPERT_BUDGET_MS:g} ms "
                "per move here, so games with it take a while.</p>",
                W.HBox([self.pair_choice.widget, self.games, self.opp_button, self.opp_progress]),
                self.opp_message.widget,
                self.opp_image,
                self.opp_table,
            ),
        )
        self.run_step = 0
        guarded(self.message.show)(self.run)()
        guarded(self.opp_message.show)(self.run_opponents)()

    # ------------------------------------------------------------------ runs

    def _tick(self, bar: Any, offset: int = 0, total: int = 0) -> Any:
        """A progress callback ``(done, n)`` moving ``bar``; ``total`` 0 means ``n``."""

        def tick(done: int, n: int) -> None:
            bar.max = max(total or n, 1)
            bar.value = min(offset + done, bar.max)

        return tick

    def run(self, deals: int | None = None) -> list[SimDeal]:
        """Simulate ``deals`` deals per rule set (the chosen size by default) and redraw."""
        n = int(self.size.value) if deals is None else deals
        self.message.clear()
        self.run_button.disabled = True
        try:
            self.run_step += 1
            seed = self.seed * 1000 + self.run_step
            sims: list[SimDeal] = []
            for i, name in enumerate(Rules.PRESETS):
                self.status.value = f"Playing {n} deals under “{name}”…"
                sims += simulate_deals(
                    Rules.preset(name),
                    n,
                    seed + i,
                    progress=self._tick(self.progress, i * n, 2 * n),
                )
            self.status.value = "Drawing the charts…"
            self.sims = sims
            self.claims.value = claims_html(n * UP_CARDS_PER_DEAL, seed)
            self.draws_image.value = draws_chart(sims)
            self.draws_text.value = draws_caption(sims)
            self.undercut_image.value = undercut_chart(sims)
            self.undercut_text.value = (
                '<p class="gin-muted">'
                + html.escape(undercut_risk_caption(undercuts_by_deadwood(sims)).render())
                + "</p>"
            )
            self.tips.value = tips_html(
                [
                    check_spade_undercut(seed=seed),
                    check_spade_gin(seed=seed + 1),
                    check_gin_when_low(sims),
                ]
            )
            self.doubling_image.value = doubling_chart(sims)
            self.doubling_text.value = doubling_caption(sims)
            self.status.value = f"{len(sims)} deals played (seed {seed})."
        finally:
            self.run_button.disabled = False
        return sims

    def run_opponents(self, games: int | None = None) -> list[dict[str, Any]]:
        """Play the chosen pairings and redraw their chart."""
        g = int(self.games.value) if games is None else games
        pairs = [tuple(s.split(" v ")) for s in self.pair_choice.value]
        self.opp_message.clear()
        if not pairs:
            self.opp_message.show("Choose at least one pairing.")
            return []
        self.opp_button.disabled = True
        try:
            rows = compare_opponents(
                [(a, b) for a, b in pairs],
                g,
                "classic",
                self.seed,
                budget_ms=EXPERT_BUDGET_MS,
                progress=self._tick(self.opp_progress),
            )
            self.opponent_rows = rows
            self.opp_table.value = opponents_table(rows)
            if rows:
                self.opp_image.value = opponents_chart(rows)
        finally:
            self.opp_button.disabled = False
        return rows


def lab_lesson(
    seed: int | None = None, deals: int = DEAL_SIZES[0], games: int = GAME_SIZES[0]
) -> LabLesson:
    """The Strategy-lab lesson (displays as its widget)."""
    return LabLesson(seed, deals, games)


__all__ = [
    "LabLesson",
    "claims_html",
    "doubling_chart",
    "draws_chart",
    "lab_lesson",
    "opponents_chart",
    "undercut_chart",
]
