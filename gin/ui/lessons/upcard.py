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
from gin.i18n import M, render
from gin.ui.choices import rules_name
from gin.ui.lessons.base import (
    Lesson,
    MessageArea,
    button,
    html_widget,
    paragraph,
    titled_section,
)
from gin.ui.lessons.charts import PALETTE, Series, bar_chart_svg
from gin.ui.lessons.exercise import Field, Practice, Question, Verdict, choices
from gin.ui.lessons.guard import guarded
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

_RANK_CODES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")

# --------------------------------------------------------------------------- messages


ANSWER = {
    "yes": M["lesson.upcard.knock.answer-yes"],
    "no": M["lesson.upcard.knock.answer-no"],
}
KNOCK_CHOICES = choices(
    "lesson.upcard.knock.yes",
    "lesson.upcard.knock.no",
)


def rank_options() -> list[tuple[str, int]]:
    """The rank buttons: each rank as printed on a card in the current language."""
    return [(render(f"rank.short.{code}", {}), r) for r, code in enumerate(_RANK_CODES, 1)]


SUIT_OPTIONS = [(s.symbol, int(s)) for s in Suit]

# --------------------------------------------------------------------------- explorer


def limit_table_html(up: Card) -> str:
    """The knock limit, the ace rule and the doubling of ``up`` under every preset."""
    rows = []
    for name in Rules.PRESETS:
        rules = Rules.preset(name)
        limit = rules.knock_limit(up)
        text = html.escape(M["lesson.upcard.limit-badge"].render({"limit": limit}))
        badges = f'<span class="gin-badge gin-limit">{text}</span>'
        if rules.is_doubled(up):
            doubled = html.escape(M["lesson.upcard.doubled-badge"].render())
            badges += f'<span class="gin-badge gin-doubled">{doubled}</span>'
        rows.append(
            [
                M["lesson.upcard.preset"].render({"name": rules_name(name)}),
                Raw(badges + steps_html(limit_steps(rules, up), css="gin-why")),
            ]
        )
    return table_html(
        [M["lesson.upcard.table.rule-set"].render(), M["lesson.upcard.table.means"].render()],
        rows,
        css="gin-limit-table",
    )


class UpCardExplorer:
    """Pick a rank and a suit; see what the up card means under each rule set."""

    def __init__(self, rng: random.Random) -> None:
        self.rank = W.ToggleButtons(options=rank_options(), value=rng.randint(1, 13))
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
                W.HBox(
                    [
                        html_widget(
                            f"<b>{html.escape(M['lesson.upcard.explorer.rank'].render())}</b>"
                        ),
                        self.rank,
                    ]
                ),
                W.HBox(
                    [
                        html_widget(
                            f"<b>{html.escape(M['lesson.upcard.explorer.suit'].render())}</b>"
                        ),
                        self.suit,
                    ]
                ),
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
    """May you end the deal (knock, gin or big gin) with these eleven cards under this up
    card?"""
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
    knock_field = Field("knock", choices=KNOCK_CHOICES)

    def check(answers: Mapping[str, str]) -> Verdict:
        given = knock_field.choice(answers["knock"])
        kept = [c for c in hand if c != best.discard]
        why = (
            steps_html(limit_steps(rules, up)[:1])
            + steps_html(discard_steps(hand, limit, rules=rules, up_card=up))
            + paragraph(M["lesson.upcard.knock.keeps"].render({"card": best.discard.code}))
            + arrangement_html(best_arrangement(kept), size="small")
        )
        if given != answer:
            why = f"<p><b>{html.escape(ANSWER[answer].render())}</b></p>" + why
        return Verdict(given == answer, why)

    ask = M["lesson.upcard.knock.ask-big-gin"] if rules.big_gin else M["lesson.upcard.knock.ask"]
    prompt = (
        f'<p class="gin-q-rules" data-rules="{html.escape(preset)}">'
        f"{html.escape(M['lesson.upcard.knock.rules'].render({'name': rules_name(preset)}))}</p>"
        + cards_html([up], css="gin-q-up")
        + f"<p><b>{html.escape(ask.render())}</b></p>"
        + cards_html(hand, css="gin-q-hand")
    )
    return Question(
        prompt,
        (knock_field,),
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
            Series(
                M["lesson.upcard.preset"].render({"name": rules_name(name)}),
                [float(s[lim]) * 100 for lim in range(11)],
                PALETTE[i],
            )
            for i, (name, s) in enumerate(zip(Rules.PRESETS, shares, strict=True))
        ],
        title=M["lesson.upcard.freq.title"].render(),
        x_label=M["lesson.upcard.freq.x"].render(),
        y_label=M["lesson.upcard.freq.y"].render(),
        fmt=lambda v: M["lesson.upcard.freq.number"].render({"value": v}),
    )
    rows = []
    sims = [limit_counts(r, simulated_up_cards(r, deals, seed)) for r in presets]
    for lim in range(11):
        row: list[object] = [lim]
        for s, sim in zip(shares, sims, strict=True):
            row.append(M["lesson.upcard.freq.share"].render({"percent": float(s[lim]) * 100}))
            row.append(M["lesson.upcard.freq.share"].render({"percent": sim[lim] / deals * 100}))
        rows.append(row)
    header = [M["lesson.upcard.freq.limit"].render()]
    for name in Rules.PRESETS:
        header += [
            M["lesson.upcard.freq.exact"].render({"name": rules_name(name)}),
            M["lesson.upcard.freq.seen"].render({"deals": deals}),
        ]
    return chart + table_html(header, rows, css="gin-limit-freq", numeric=True)


class UpCardLesson(Lesson):
    """The up card: explorer, exercise, frequency chart."""

    notebook = "02_the_up_card.ipynb"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.explorer = UpCardExplorer(random.Random(self.seed))
        practice = Practice(self.seed)
        self.exercise = practice.add(
            "may-knock",
            M["lesson.upcard.knock.title"],
            M["lesson.upcard.knock.intro"],
            knock_question,
        )
        self.chart_message = MessageArea()
        self.chart = html_widget(frequency_html(SMALL_SIMULATION, self.seed), "gin-limit-chart")
        self.more_button = button(
            M["lesson.upcard.freq.more"].render({"count": BIG_SIMULATION}),
            "gin-simulate-more",
            icon="refresh",
        )
        self.more_button.on_click(guarded(self.chart_message.show)(lambda _b: self.simulate()))
        self.assemble(
            titled_section(
                M["lesson.upcard.explorer.heading"],
                M["lesson.upcard.explorer.intro"],
                self.explorer.widget,
            ),
            practice.section(),
            titled_section(
                M["lesson.upcard.freq.heading"],
                M["lesson.upcard.freq.intro"],
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
