"""Lesson 2, the up card: a knock-limit explorer, "may you knock?", and how often each
limit comes up.

Every number comes from the engine: :meth:`gin.Rules.knock_limit`,
:func:`gin.knock_limit_steps`, :func:`gin.discard_options` and :func:`gin.discard_steps`.
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping

import ipywidgets as W

from gin import Card, Rules, Suit, best_arrangement, discard_options, discard_steps
from gin import knock_limit_steps as limit_steps
from gin.cards import rank_label
from gin.ui.lessons.base import Lesson, MessageArea, button, html_widget, section
from gin.ui.lessons.charts import PALETTE, Series, bar_chart_svg
from gin.ui.lessons.exercise import Exercise, Field, Question, Verdict
from gin.ui.lessons.guard import AnswerError, guarded
from gin.ui.lessons.hands import built_hand, gin_hand, low_card_weight
from gin.ui.lessons.pictures import (
    Raw,
    arrangement_html,
    card_html,
    cards_html,
    steps_html,
    table_html,
)
from gin.ui.lessons.stats import limit_counts, limit_shares, simulated_up_cards

RANK_OPTIONS = [(rank_label(r), r) for r in range(1, 14)]
SUIT_OPTIONS = [(s.symbol, int(s)) for s in Suit]
KNOCK_CHOICES = ("yes", "no")

# --------------------------------------------------------------------------- explorer


def limit_table_html(up: Card) -> str:
    """The knock limit, the ace rule and the doubling of ``up`` under every preset."""
    rows = []
    for name in Rules.PRESETS:
        rules = Rules.preset(name)
        limit = rules.knock_limit(up)
        badges = f'<span class="gin-badge gin-limit">limit {limit}</span>'
        if rules.is_doubled(up):
            badges += '<span class="gin-badge gin-doubled">doubled ×2</span>'
        rows.append([f"“{name}”", Raw(badges + steps_html(limit_steps(rules, up), css="gin-why"))])
    return table_html(["rule set", "what this up card means"], rows, css="gin-limit-table")


class UpCardExplorer:
    """Pick a rank and a suit; see what the up card means under each rule set."""

    def __init__(self, rng: random.Random) -> None:
        self.rank = W.ToggleButtons(options=RANK_OPTIONS, value=rng.randint(1, 13))
        self.rank.style.button_width = "3.2em"
        self.rank.add_class("gin-upcard-rank")
        self.suit = W.ToggleButtons(options=SUIT_OPTIONS, value=rng.randrange(4))
        self.suit.style.button_width = "3.2em"
        self.suit.add_class("gin-upcard-suit")
        self.message = MessageArea()
        self.picture = html_widget("", "gin-upcard-picture")
        self.result = html_widget("", "gin-upcard-result")
        show = guarded(self.message.show)(lambda _change: self.show())
        self.rank.observe(show, names="value")
        self.suit.observe(show, names="value")
        self.widget = W.VBox(
            [
                W.HBox([html_widget("<b>rank</b>"), self.rank]),
                W.HBox([html_widget("<b>suit</b>"), self.suit]),
                self.message.widget,
                W.HBox([self.picture, self.result]),
            ]
        )
        self.show()

    @property
    def card(self) -> Card:
        """The up card picked."""
        return Card(int(self.rank.value), Suit(int(self.suit.value)))

    def pick(self, code: str) -> Card:
        """Pick the up card ``code`` (like ``7S``), as a learner clicking would."""
        card = Card.parse(code)
        self.rank.value, self.suit.value = card.rank, int(card.suit)
        return self.show()

    def show(self) -> Card:
        """Show the picked up card and what it means."""
        up = self.card
        self.message.clear()
        self.picture.value = card_html(up, size="large")
        self.result.value = limit_table_html(up)
        return up


# --------------------------------------------------------------------------- may you knock?


def knock_hand(rng: random.Random, rules: Rules, up: Card, want_yes: bool) -> list[Card]:
    """Eleven cards (just after drawing) near the knock limit, on the wanted side of it."""
    limit = rules.knock_limit(up)
    hand: list[Card] = []
    for _ in range(400):
        if limit == 0 and want_yes:
            hand = gin_hand(rng, 11, exclude=up.mask)
        else:
            hand = built_hand(rng, 11, rng.randint(2, 3), low_card_weight, exclude=up.mask)
        best = discard_options(hand)[0].deadwood_points
        if (best <= limit) == want_yes and abs(best - limit) <= 6:
            return hand
    return hand


def knock_question(rng: random.Random) -> Question:
    """May you knock with these eleven cards under this up card?"""
    preset = rng.choice(Rules.PRESETS)
    rules = Rules.preset(preset)
    if rng.random() < 0.15:
        up = Card(1, Suit(rng.randrange(4)))
    else:
        up = Card(rng.randint(2, 13), Suit(rng.randrange(4)))
    hand = knock_hand(rng, rules, up, rng.random() < 0.5)
    limit = rules.knock_limit(up)
    best = discard_options(hand)[0]
    answer = "yes" if best.deadwood_points <= limit else "no"

    def check(answers: Mapping[str, str]) -> Verdict:
        given = answers["knock"]
        if given not in KNOCK_CHOICES:
            raise AnswerError("Choose yes or no.")
        kept = [c for c in hand if c != best.discard]
        why = (
            steps_html(limit_steps(rules, up)[:1])
            + steps_html(discard_steps(hand, limit))
            + f"<p>Discarding {html.escape(str(best.discard))} keeps:</p>"
            + arrangement_html(best_arrangement(kept), size="small")
        )
        if given != answer:
            why = f"The answer is <b>{answer}</b>. " + why
        return Verdict(given == answer, why)

    prompt = (
        f'<p>Rule set <b class="gin-q-rules" data-rules="{preset}">“{preset}”</b>. '
        f"The up card is:</p>{cards_html([up], css='gin-q-up')}"
        "<p>You have just drawn and hold these eleven cards. "
        "<b>May you knock (or go gin) this turn?</b></p>" + cards_html(hand, css="gin-q-hand")
    )
    return Question(
        prompt,
        (Field("knock", choices=KNOCK_CHOICES),),
        check,
        {
            "rules": rules,
            "up_card": up,
            "cards": tuple(hand),
            "limit": limit,
            "deadwood": best.deadwood_points,
            "answer": answer,
        },
    )


# --------------------------------------------------------------------------- chart

SMALL_SIMULATION = 1300
BIG_SIMULATION = 26000


def frequency_html(deals: int, seed: int) -> str:
    """A chart of the share of deals per knock limit under each preset, with a table that
    compares the exact shares with ``deals`` simulated seeded deals."""
    presets = [Rules.preset(p) for p in Rules.PRESETS]
    shares = [limit_shares(r) for r in presets]
    cats = [str(lim) for lim in range(11)]
    chart = bar_chart_svg(
        cats,
        [
            Series(f"“{name}”", [float(s[lim]) * 100 for lim in range(11)], PALETTE[i])
            for i, (name, s) in enumerate(zip(Rules.PRESETS, shares, strict=True))
        ],
        title="Share of deals with each knock limit (%)",
        x_label="knock limit",
        y_label="% of deals",
        fmt=lambda v: f"{v:.1f}",
    )
    rows = []
    sims = [limit_counts(r, simulated_up_cards(r, deals, seed)) for r in presets]
    for lim in range(11):
        row: list[object] = [lim]
        for s, sim in zip(shares, sims, strict=True):
            row.append(f"{float(s[lim]) * 100:.1f}%")
            row.append(f"{sim[lim] / deals * 100:.1f}%")
        rows.append(row)
    header = ["limit"]
    for name in Rules.PRESETS:
        header += [f"“{name}” exact", f"seen in {deals} deals"]
    return chart + table_html(header, rows, css="gin-limit-freq", numeric=True)


class UpCardLesson(Lesson):
    """The up card: explorer, exercise, frequency chart."""

    notebook = "02_the_up_card.ipynb"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.explorer = UpCardExplorer(random.Random(self.seed))
        self.exercise = Exercise(
            name="may-knock",
            title="May you knock?",
            intro="<p>Knocking means discarding one card and keeping ten whose deadwood is "
            "within the limit.</p>",
            make=knock_question,
            seed=self.seed,
        )
        self.chart_message = MessageArea()
        self.chart = html_widget(frequency_html(SMALL_SIMULATION, self.seed), "gin-limit-chart")
        self.more_button = button(
            f"Deal {BIG_SIMULATION} up cards", "gin-simulate-more", icon="refresh"
        )
        self.more_button.on_click(guarded(self.chart_message.show)(lambda _b: self.simulate()))
        self.assemble(
            section(
                "Knock-limit explorer",
                "<p>Pick an up card and compare what it means in the two rule sets.</p>",
                self.explorer.widget,
            ),
            section("Practice", "", self.exercise.widget),
            section(
                "How often does each limit come up?",
                "<p>Each of the 52 cards is equally likely to be turned up, so the chart "
                "simply counts up cards. The table checks the count against deals shuffled "
                "by the engine.</p>",
                self.chart,
                W.HBox([self.more_button]),
                self.chart_message.widget,
            ),
        )

    def simulate(self, deals: int = BIG_SIMULATION) -> None:
        """Recompute the frequency table with more simulated deals."""
        self.chart_message.clear()
        self.chart.value = frequency_html(deals, self.seed + 1)


def upcard_lesson(seed: int | None = None) -> UpCardLesson:
    """The Up-card lesson (displays as its widget)."""
    return UpCardLesson(seed)


__all__ = [
    "UpCardExplorer",
    "UpCardLesson",
    "frequency_html",
    "knock_hand",
    "knock_question",
    "limit_table_html",
    "upcard_lesson",
]
