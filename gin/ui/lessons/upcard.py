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
from gin.i18n import message, render
from gin.ui.lessons.base import (
    PRACTICE_HEADING,
    Lesson,
    MessageArea,
    button,
    html_widget,
    paragraph,
    section,
)
from gin.ui.lessons.charts import PALETTE, Series, bar_chart_svg
from gin.ui.lessons.exercise import Choice, Exercise, Field, Question, Verdict
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

RANK = message("lesson.upcard.explorer.rank", "rank")
SUIT = message("lesson.upcard.explorer.suit", "suit")
LIMIT_BADGE = message("lesson.upcard.limit-badge", "limit {limit}")
DOUBLED_BADGE = message("lesson.upcard.doubled-badge", "doubled ×2")
PRESET = message("lesson.upcard.preset", "“{name}”")
TABLE_RULES = message("lesson.upcard.table.rule-set", "rule set")
TABLE_MEANS = message("lesson.upcard.table.means", "what this up card means")

KNOCK_TITLE = message("lesson.upcard.knock.title", "May you knock?")
KNOCK_INTRO = message(
    "lesson.upcard.knock.intro",
    "Knocking means discarding one card and keeping ten whose deadwood is within the limit; "
    "with no deadwood at all it is gin. Where the rules have big gin, eleven cards that all "
    "meld end the deal without a discard.",
)
KNOCK_RULES = message("lesson.upcard.knock.rules", "Rule set “{name}”. The up card is:")
KNOCK_ASK = message(
    "lesson.upcard.knock.ask",
    "You have just drawn and hold these eleven cards. May you end the deal this turn, by "
    "knocking or going gin?",
)
KNOCK_ASK_BIG_GIN = message(
    "lesson.upcard.knock.ask-big-gin",
    "You have just drawn and hold these eleven cards. May you end the deal this turn, by "
    "knocking, going gin or declaring big gin?",
)
YES = message("lesson.upcard.knock.yes", "yes")
NO = message("lesson.upcard.knock.no", "no")
ANSWER = {
    "yes": message("lesson.upcard.knock.answer-yes", "The answer is yes."),
    "no": message("lesson.upcard.knock.answer-no", "The answer is no."),
}
KEEPS = message("lesson.upcard.knock.keeps", "Discarding {card:card} keeps:")
KNOCK_CHOICES = (Choice("yes", YES), Choice("no", NO))

FREQ_TITLE = message("lesson.upcard.freq.title", "Share of deals with each knock limit (%)")
FREQ_X = message("lesson.upcard.freq.x", "knock limit")
FREQ_Y = message("lesson.upcard.freq.y", "% of deals")
FREQ_LIMIT = message("lesson.upcard.freq.limit", "limit")
FREQ_EXACT = message("lesson.upcard.freq.exact", "“{name}” exact")
FREQ_SEEN = message("lesson.upcard.freq.seen", "seen in {deals} deals")
SHARE = message("lesson.upcard.freq.share", "{percent:dec}%")
NUMBER = message("lesson.upcard.freq.number", "{value:dec}")
MORE = message("lesson.upcard.freq.more", "Deal {count} up cards")

EXPLORER_HEADING = message("lesson.upcard.explorer.heading", "Knock-limit explorer")
EXPLORER_INTRO = message(
    "lesson.upcard.explorer.intro",
    "Pick an up card and compare what it means in the two rule sets.",
)
FREQ_HEADING = message("lesson.upcard.freq.heading", "How often does each limit come up?")
FREQ_INTRO = message(
    "lesson.upcard.freq.intro",
    "Each of the 52 cards is equally likely to be turned up, so the chart simply counts up "
    "cards. The table checks the count against deals shuffled by the engine.",
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
        text = html.escape(LIMIT_BADGE.render({"limit": limit}))
        badges = f'<span class="gin-badge gin-limit">{text}</span>'
        if rules.is_doubled(up):
            badges += (
                f'<span class="gin-badge gin-doubled">{html.escape(DOUBLED_BADGE.render())}</span>'
            )
        rows.append(
            [
                PRESET.render({"name": name}),
                Raw(badges + steps_html(limit_steps(rules, up), css="gin-why")),
            ]
        )
    return table_html([TABLE_RULES.render(), TABLE_MEANS.render()], rows, css="gin-limit-table")


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
                W.HBox([html_widget(f"<b>{html.escape(RANK.render())}</b>"), self.rank]),
                W.HBox([html_widget(f"<b>{html.escape(SUIT.render())}</b>"), self.suit]),
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
            + paragraph(KEEPS.render({"card": best.discard.code}))
            + arrangement_html(best_arrangement(kept), size="small")
        )
        if given != answer:
            why = f"<p><b>{html.escape(ANSWER[answer].render())}</b></p>" + why
        return Verdict(given == answer, why)

    ask = KNOCK_ASK_BIG_GIN if rules.big_gin else KNOCK_ASK
    prompt = (
        f'<p class="gin-q-rules" data-rules="{html.escape(preset)}">'
        f"{html.escape(KNOCK_RULES.render({'name': preset}))}</p>"
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
                PRESET.render({"name": name}),
                [float(s[lim]) * 100 for lim in range(11)],
                PALETTE[i],
            )
            for i, (name, s) in enumerate(zip(Rules.PRESETS, shares, strict=True))
        ],
        title=FREQ_TITLE.render(),
        x_label=FREQ_X.render(),
        y_label=FREQ_Y.render(),
        fmt=lambda v: NUMBER.render({"value": v}),
    )
    rows = []
    sims = [limit_counts(r, simulated_up_cards(r, deals, seed)) for r in presets]
    for lim in range(11):
        row: list[object] = [lim]
        for s, sim in zip(shares, sims, strict=True):
            row.append(SHARE.render({"percent": float(s[lim]) * 100}))
            row.append(SHARE.render({"percent": sim[lim] / deals * 100}))
        rows.append(row)
    header = [FREQ_LIMIT.render()]
    for name in Rules.PRESETS:
        header += [FREQ_EXACT.render({"name": name}), FREQ_SEEN.render({"deals": deals})]
    return chart + table_html(header, rows, css="gin-limit-freq", numeric=True)


class UpCardLesson(Lesson):
    """The up card: explorer, exercise, frequency chart."""

    notebook = "02_the_up_card.ipynb"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.explorer = UpCardExplorer(random.Random(self.seed))
        self.exercise = Exercise(
            name="may-knock",
            title=KNOCK_TITLE,
            intro=KNOCK_INTRO,
            make=knock_question,
            seed=self.seed,
        )
        self.chart_message = MessageArea()
        self.chart = html_widget(frequency_html(SMALL_SIMULATION, self.seed), "gin-limit-chart")
        self.more_button = button(
            MORE.render({"count": BIG_SIMULATION}), "gin-simulate-more", icon="refresh"
        )
        self.more_button.on_click(guarded(self.chart_message.show)(lambda _b: self.simulate()))
        self.assemble(
            section(
                EXPLORER_HEADING.render(),
                paragraph(EXPLORER_INTRO.render()),
                self.explorer.widget,
            ),
            section(PRACTICE_HEADING.render(), "", self.exercise.widget),
            section(
                FREQ_HEADING.render(),
                paragraph(FREQ_INTRO.render()),
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
