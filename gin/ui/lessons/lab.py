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
from gin.i18n import M, format_number
from gin.ui.choices import opponent_name, rules_name
from gin.ui.lessons import intervals as iv
from gin.ui.lessons.base import (
    Lesson,
    MessageArea,
    button,
    html_widget,
    paragraph,
    section,
    titled_section,
)
from gin.ui.lessons.charts import PALETTE, Series, bar_chart_svg, hbar_chart_svg
from gin.ui.lessons.guard import guarded
from gin.ui.lessons.pictures import table_html
from gin.ui.lessons.simulate import (
    SimDeal,
    compare_opponents,
    doubling_groups,
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


def pairing(a: str, b: str) -> str:
    """Two opponents named as a pairing: ``eager v tactician``."""
    return M["lesson.lab.pairing"].render({"a": opponent_name(a), "b": opponent_name(b)})


# --------------------------------------------------------------------------- charts


def _decimal(v: float) -> str:
    """A chart's value with one decimal, as the learner's language writes it."""
    return M["lesson.upcard.freq.number"].render({"value": v})


def _whole(v: float) -> str:
    """A chart's value rounded to a whole number, as the learner's language writes it."""
    return format_number(round(v))


def _span(e: iv.Estimate, scale: float = 1.0) -> tuple[float, float]:
    """An estimate's 95% interval, for a chart's error bar."""
    return (e.low * scale, e.high * scale)


def draws_chart(sims: Sequence[SimDeal]) -> str:
    """Average draws per deal by knock limit, one bar series per rule set (SVG)."""
    presets = sorted({s.preset for s in sims})
    series = []
    for j, p in enumerate(presets):
        mine = [s for s in sims if s.preset == p]
        by = draws_by_limit(mine)
        name = M["lesson.lab.rule-set"].render({"name": rules_name(p)})
        spans = [_span(iv.mean([s.draws for s in mine if s.limit == lim])) for lim in range(11)]
        series.append(Series(name, [by[lim][0] for lim in range(11)], PALETTE[j], spans))
    return bar_chart_svg(
        [str(lim) for lim in range(11)],
        series,
        title=M["lesson.lab.draws.title"].render(),
        x_label=M["lesson.lab.draws.x"].render(),
        y_label=M["lesson.lab.draws.y"].render(),
        fmt=_decimal,
    )


def undercut_chart(sims: Sequence[SimDeal]) -> str:
    """Share of knocks undercut, by the knocker's deadwood (SVG)."""
    by = undercuts_by_deadwood(sims)
    xs = list(range(1, 11))
    return bar_chart_svg(
        [str(x) for x in xs],
        [
            Series(
                M["lesson.lab.undercut.series"].render(),
                [by[x][0] * 100 for x in xs],
                PALETTE[1],
                [_span(iv.share(round(by[x][0] * by[x][1]), by[x][1]), 100) for x in xs],
            )
        ],
        title=M["lesson.lab.undercut.title"].render(),
        x_label=M["lesson.lab.undercut.x"].render(),
        y_label=M["lesson.lab.undercut.y"].render(),
        fmt=_whole,
        notes=[M["lesson.lab.n"].render({"count": by[x][1]}) for x in xs],
    )


def doubling_chart(sims: Sequence[SimDeal]) -> str:
    """Average points per deal, with and without the spade doubling (SVG)."""
    by = points_by_doubling(sims)
    return hbar_chart_svg(
        [M["lesson.lab.labelled-n"].render({"label": k, "count": by[k][1]}) for k in by],
        [by[k][0] for k in by],
        intervals=[_span(iv.mean([s.points for s in g])) for g in doubling_groups(sims).values()],
        title=M["lesson.lab.doubling.title"].render(),
        x_label=M["lesson.lab.doubling.x"].render(),
        fmt=_decimal,
    )


def opponents_chart(rows: Sequence[dict[str, Any]]) -> str:
    """Points per deal of each opponent in each pairing (SVG)."""
    return bar_chart_svg(
        [pairing(r["a"], r["b"]) for r in rows],
        [
            Series(
                M["lesson.lab.opp.first"].render(),
                [r["ppd_a"] for r in rows],
                PALETTE[0],
                [r["ci_a"] for r in rows],
            ),
            Series(
                M["lesson.lab.opp.second"].render(),
                [r["ppd_b"] for r in rows],
                PALETTE[1],
                [r["ci_b"] for r in rows],
            ),
        ],
        title=M["lesson.lab.opp.title"].render(),
        y_label=M["lesson.lab.opp.y"].render(),
        fmt=_decimal,
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
                    M["lesson.lab.rule-set"].render({"name": rules_name(name)}),
                    c.text,
                    f"{format_number(c.exact.numerator)}/{format_number(c.exact.denominator)}",
                    M["lesson.lab.share"].render({"share": float(c.exact)}),
                    M["lesson.lab.share"].render({"share": c.simulated}),
                ]
            )
    return table_html(
        [
            M["lesson.lab.claims.rules"].render(),
            M["lesson.lab.claims.share"].render(),
            M["lesson.lab.claims.exact"].render(),
            "",
            M["lesson.lab.claims.seen"].render({"count": deals}),
        ],
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
        if zero[1]:
            data = {"name": rules_name(p), "draws": ten[0], "count": ten[1], "gin_draws": zero[0]}
            parts.append(M["lesson.lab.draws.caption-gin-only"].render({**data, "void": zero[2]}))
        else:
            parts.append(
                M["lesson.lab.draws.caption"].render(
                    {"name": rules_name(p), "draws": ten[0], "count": ten[1]}
                )
            )
    return '<p class="gin-muted">' + html.escape(" ".join(parts)) + "</p>"


def doubling_caption(sims: Sequence[SimDeal]) -> str:
    """How much of the score comes from doubled deals."""
    sd = [s for s in sims if s.preset == "spades-double"]
    total = sum(s.points for s in sd)
    doubled = sum(s.points for s in sd if s.doubled)
    share = sum(s.doubled for s in sd) / len(sd) if sd else 0.0
    data = {"share": share, "points": doubled / total if total else 0.0}
    return (
        '<p class="gin-muted">'
        + html.escape(M["lesson.lab.doubling.caption"].render(data))
        + "</p>"
    )


def opponents_table(rows: Sequence[dict[str, Any]]) -> str:
    """The tournament figures as a table."""
    if not rows:
        return paragraph(M["lesson.lab.opp.none"].render())
    head = (
        "lesson.lab.opp.table.pairing",
        "lesson.lab.opp.table.games",
        "lesson.lab.opp.table.deals",
        "lesson.lab.opp.table.won",
        "lesson.lab.opp.table.points",
    )
    return table_html(
        [M[key].render() for key in head],
        [
            [
                pairing(r["a"], r["b"]),
                r["games"],
                r["deals"],
                M["lesson.lab.opp.both"].render({"a": r["wins_a"], "b": r["wins_b"]}),
                M["lesson.lab.opp.both-points"].render({"a": r["ppd_a"], "b": r["ppd_b"]}),
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
            options=[
                (M["lesson.lab.size"].render({"count": n}), n) for n in sorted({*DEAL_SIZES, deals})
            ],
            value=deals,
            description=M["newcomer.lab.size-label"].render(),  # its label, shown: a name
            style={"description_width": "initial"},
        )
        self.size.add_class("gin-lab-size")
        self.run_button = button(
            M["lesson.lab.run"].render(), "gin-lab-run", icon="play", style="primary"
        )
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
        self.pair_of = {pairing(a, b): (a, b) for a, b in pairs}
        self.pair_choice = PairChoice(list(self.pair_of))
        self.games = W.Dropdown(
            options=[
                (M["lesson.lab.games"].render({"count": n}), n)
                for n in sorted({*GAME_SIZES, games})
            ],
            value=games,
            description=M["newcomer.lab.games-label"].render(),
            style={"description_width": "initial"},
        )
        self.opp_button = button(
            M["lesson.lab.play-games"].render(), "gin-lab-opponents", icon="play"
        )
        self.opp_progress = W.IntProgress(value=0, min=0, max=1)
        self.opp_progress.add_class("gin-lab-opp-progress")
        self.opp_message = MessageArea()
        self.opp_image = chart_widget()
        self.opp_table = html_widget("", "gin-lab-opp-table")

        self.run_button.on_click(guarded(self.message.show)(lambda _b: self.run()))
        self.opp_button.on_click(guarded(self.opp_message.show)(lambda _b: self.run_opponents()))

        self.assemble(
            titled_section(
                M["lesson.lab.simulate.title"],
                M["lesson.lab.simulate.intro"],
                W.HBox([self.size, self.run_button, self.progress]),
                self.status,
                self.message.widget,
            ),
            titled_section(
                M["lesson.lab.claims.title"],
                M["lesson.lab.claims.intro"],
                self.claims,
            ),
            titled_section(
                M["lesson.lab.draws.section"],
                M["lesson.lab.draws.intro"],
                self.draws_image,
                self.draws_text,
            ),
            titled_section(
                M["lesson.lab.undercut.section"],
                M["lesson.lab.undercut.intro"],
                self.undercut_image,
                self.undercut_text,
            ),
            titled_section(
                M["lesson.lab.tips.title"],
                M["lesson.lab.tips.intro"],
                self.tips,
            ),
            titled_section(
                M["lesson.lab.doubling.section"],
                M["lesson.lab.doubling.intro"],
                self.doubling_image,
                self.doubling_text,
            ),
            section(
                M["lesson.lab.opp.section"].render(),
                paragraph(M["lesson.lab.opp.intro"].render({"ms": EXPERT_BUDGET_MS})),
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
                self.status.value = html.escape(
                    M["lesson.lab.status.playing"].render({"count": n, "name": rules_name(name)})
                )
                sims += simulate_deals(
                    Rules.preset(name),
                    n,
                    seed + i,
                    progress=self._tick(self.progress, i * n, 2 * n),
                )
            self.status.value = html.escape(M["lesson.lab.status.drawing"].render())
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
            self.status.value = html.escape(
                M["lesson.lab.status.done"].render({"count": len(sims), "seed": str(seed)})
            )
        finally:
            self.run_button.disabled = False
        return sims

    def run_opponents(self, games: int | None = None) -> list[dict[str, Any]]:
        """Play the chosen pairings and redraw their chart."""
        g = int(self.games.value) if games is None else games
        pairs = [self.pair_of[label] for label in self.pair_choice.value]
        self.opp_message.clear()
        if not pairs:
            self.opp_message.show(M["lesson.lab.choose-pairing"].render())
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
