"""Lesson 1, cards and melds: a meld explorer and two kinds of exercise.

- The explorer arranges any hand (typed, or dealt from a seed) with
  :func:`gin.explain_melds`: the best arrangement, any equal ones, and the alternatives.
- "Set, run or no meld?" on small groups of cards, with the ace-low traps.
- "Count the deadwood" on ten-card hands; the engine's :func:`gin.deadwood` decides.
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping, Sequence

import ipywidgets as W

from gin import (
    Card,
    Suit,
    deadwood,
    explain_melds,
    is_meld,
    parse_cards,
)
from gin.i18n import M
from gin.ui.lessons.answer_box import AnswerBox
from gin.ui.lessons.base import (
    Lesson,
    MessageArea,
    button,
    html_widget,
    paragraph,
    read_seed,
    titled_section,
)
from gin.ui.lessons.exercise import Choice, Field, Practice, Question, Verdict, parse_int
from gin.ui.lessons.guard import AnswerError, guarded
from gin.ui.lessons.hands import built_hand, dealt_hand_with_melds, low_card_weight
from gin.ui.lessons.pictures import arrangement_html, cards_html, steps_html

MAX_EXPLORER_CARDS = 11

# --------------------------------------------------------------------------- messages


KIND_ANSWER = {
    "set": M["lesson.melds.kind.answer-set"],
    "run": M["lesson.melds.kind.answer-run"],
    "no meld": M["lesson.melds.kind.answer-none"],
}
MELD_CHOICES = (
    Choice("set", M["lesson.melds.kind.set"]),
    Choice("run", M["lesson.melds.kind.run"]),
    Choice("no meld", M["lesson.melds.kind.none"]),
)
"""The answers to "set, run or no meld?": the value is :func:`gin.is_meld`'s answer."""


# --------------------------------------------------------------------------- explorer


def _codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


MAX_INPUT_CHARS = 200
"""Longer input is refused before it is read: eleven cards take under 50 characters."""


def read_hand(text: str) -> list[Card]:
    """Cards typed by the learner, checked by :func:`gin.parse_cards`."""
    if not text.strip():
        raise AnswerError(M["lesson.melds.explorer.empty"]())
    if len(text) > MAX_INPUT_CHARS:  # never read (or repeat) a pasted book
        raise AnswerError(
            M["lesson.melds.explorer.too-long"](length=len(text), most=MAX_EXPLORER_CARDS)
        )
    cards = parse_cards(text)
    if len(cards) > MAX_EXPLORER_CARDS:
        raise AnswerError(
            M["lesson.melds.explorer.too-many"](count=len(cards), most=MAX_EXPLORER_CARDS)
        )
    return cards


def _h4(text: str, extra: str = "") -> str:
    return f"<h4>{html.escape(text)}{extra}</h4>"


def explanation_html(cards: Sequence[Card], alternatives: int = 3) -> str:
    """The best arrangement of a hand, with the engine's explanation and the alternatives."""
    ex = explain_melds(cards, alternatives=alternatives)
    parts = [
        _h4(M["lesson.melds.explorer.the-hand"].render()),
        cards_html(sorted(cards)),
        _h4(M["lesson.melds.explorer.best"].render({"points": ex.best.deadwood_points})),
        arrangement_html(ex.best),
        steps_html(ex.steps),
    ]
    for i, arr in enumerate(ex.equal, 1):
        parts.append(_h4(M["lesson.melds.explorer.equal"].render({"number": i + 1})))
        parts.append(arrangement_html(arr, size="small"))
    for arr in ex.alternatives:
        diff = arr.deadwood_points - ex.best.deadwood_points
        more = html.escape(M["lesson.melds.explorer.more"].render({"difference": diff}))
        parts.append(
            _h4(
                M["lesson.melds.explorer.alternative"].render({"points": arr.deadwood_points}),
                f' <span class="gin-muted">{more}</span>',
            )
        )
        parts.append(arrangement_html(arr, size="small"))
    return "".join(parts)


class MeldExplorer:
    """Type or deal a hand and see how the engine arranges it."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.cards: list[Card] = []
        self.text = AnswerBox(
            placeholder=M["lesson.melds.explorer.placeholder"].render(), width="32em"
        )
        self.text.add_class("gin-hand-input")
        self.show_button = button(
            M["lesson.melds.explorer.show"].render(), "gin-explore", icon="search", style="primary"
        )
        self.deal_button = button(
            M["lesson.melds.explorer.deal"].render(), "gin-deal", icon="random"
        )
        self.seed_box = W.Text(
            value=str(seed),
            description=M["lesson.seed"].render(),
            tooltip=M["lesson.seed"].render(),
        )
        self.seed_box.layout.width = "12em"
        self.seed_box.add_class("gin-seed")
        self.message = MessageArea()
        self.result = html_widget("", "gin-explorer-result")
        self.show_button.on_click(guarded(self.message.show)(lambda _b: self.show()))
        self.text.on_submit(guarded(self.message.show)(self.show))  # Enter shows the hand
        self.deal_button.on_click(guarded(self.message.show)(lambda _b: self.deal()))
        self.widget = W.VBox(
            [
                W.HBox([self.text, self.show_button]),
                W.HBox([self.deal_button, self.seed_box]),
                self.message.widget,
                self.result,
            ]
        )

    def show(self, text: str | None = None) -> list[Card]:
        """Arrange the typed hand (or ``text``) and show the explanation."""
        if text is not None:
            self.text.value = text
        self.result.value = ""  # a typing error must not leave the previous hand's result
        self.cards = []
        cards = read_hand(self.text.value)
        self.message.clear()
        self.cards = cards
        self.result.value = explanation_html(cards)
        return cards

    def deal(self) -> list[Card]:
        """Deal ten cards (a hand with at least one meld) from the seed in the seed box, then
        move the seed on."""
        seed = read_seed(self.seed_box.value)
        hand = dealt_hand_with_melds(random.Random(seed))
        self.seed_box.value = str(seed + 1)
        self.text.value = " ".join(c.code for c in hand)
        return self.show()


# --------------------------------------------------------------------------- set, run or none

_GROUP_KINDS = (
    ("set", 3),
    ("run", 3),
    ("ace-low", 2),
    ("queen-king-ace", 2),
    ("king-ace-two", 1),
    ("mixed-suits", 2),
    ("gap", 1),
    ("pair-and-one", 1),
)


def meld_group(rng: random.Random) -> tuple[str, list[Card]]:
    """A small group of cards for "set, run or no meld?", with the ace-low traps."""
    kind = rng.choices([k for k, _ in _GROUP_KINDS], weights=[w for _, w in _GROUP_KINDS])[0]
    suit = Suit(rng.randrange(4))
    if kind == "set":
        rank = rng.randint(1, 13)
        suits = rng.sample(list(Suit), rng.choice((3, 3, 4)))
        return kind, [Card(rank, s) for s in sorted(suits)]
    if kind == "run":
        length = rng.choice((3, 3, 4, 5))
        start = rng.randint(1, 14 - length)
        return kind, [Card(r, suit) for r in range(start, start + length)]
    if kind == "ace-low":
        return kind, [Card(r, suit) for r in range(1, rng.choice((4, 4, 5)))]
    if kind == "queen-king-ace":
        return kind, [Card(12, suit), Card(13, suit), Card(1, suit)]
    if kind == "king-ace-two":
        return kind, [Card(13, suit), Card(1, suit), Card(2, suit)]
    if kind == "mixed-suits":
        start = rng.randint(1, 11)
        suits = [suit, suit, Suit((suit + rng.randint(1, 3)) % 4)]
        rng.shuffle(suits)
        return kind, [Card(start + i, s) for i, s in enumerate(suits)]
    if kind == "gap":
        start = rng.randint(1, 10)
        return kind, [Card(start, suit), Card(start + 1, suit), Card(start + 3, suit)]
    rank = rng.randint(1, 12)
    a, b = rng.sample(list(Suit), 2)
    other = Card(rank + 1, Suit(rng.randrange(4)))
    return kind, [*sorted([Card(rank, a), Card(rank, b)]), other]


def meld_reason(cards: Sequence[Card]) -> str:
    """Why a group of cards is a set, a run or no meld, in the current language."""
    kind = is_meld(cards)
    shown = _codes(cards)
    ranks = [c.rank for c in cards]
    suits = {c.suit for c in cards}
    if kind == "set":
        return M["lesson.melds.reason.set"].render(
            {"cards": shown, "count": len(cards), "rank": ranks[0]}
        )
    if kind == "run":
        m = M["lesson.melds.reason.run-ace"] if min(ranks) == 1 else M["lesson.melds.reason.run"]
        return m.render({"cards": shown, "count": len(cards), "suit": cards[0].suit.letter})
    if len(cards) < 3:
        return M["lesson.melds.reason.too-few"].render({"cards": shown})
    if len(suits) == 1:
        if 1 in ranks and 13 in ranks:
            return M["lesson.melds.reason.ace-high"].render({"cards": shown})
        srt = sorted(ranks)
        suit = cards[0].suit
        missing = [Card(r, suit).code for r in range(srt[0], srt[-1] + 1) if r not in srt]
        return M["lesson.melds.reason.gap"].render(
            {"cards": shown, "missing": missing, "count": len(missing)}
        )
    if len(set(ranks)) == 1:
        return M["lesson.melds.reason.too-many"].render(
            {"cards": shown}
        )  # pragma: no cover - 5 of a rank
    srt = sorted(ranks)
    if srt == list(range(srt[0], srt[0] + len(srt))):
        return M["lesson.melds.reason.mixed-suits"].render({"cards": shown})
    return M["lesson.melds.reason.none"].render({"cards": shown})


def meld_kind_question(rng: random.Random) -> Question:
    """Is this group a set, a run or no meld? The engine's :func:`gin.is_meld` decides."""
    trap, cards = meld_group(rng)
    answer = is_meld(cards) or "no meld"
    kind_field = Field("kind", choices=MELD_CHOICES)

    def check(answers: Mapping[str, str]) -> Verdict:
        given = kind_field.choice(answers["kind"])
        why = html.escape(meld_reason(cards))
        if given != answer:
            why += f" <b>{html.escape(KIND_ANSWER[answer].render())}</b>"
        return Verdict(given == answer, why)

    prompt = paragraph(M["lesson.melds.kind.prompt"].render()) + cards_html(cards, size="large")
    return Question(
        prompt,
        (kind_field,),
        check,
        {"cards": tuple(cards), "answer": answer, "trap": trap},
    )


# --------------------------------------------------------------------------- deadwood


def choice_hand(rng: random.Random) -> list[Card]:
    """Ten cards where one card could go in a set or a run: the arrangement matters."""
    rank = rng.randint(2, 12)
    suit = Suit(rng.randrange(4))
    run = [Card(r, suit) for r in range(rank - 1, rank + 2)]
    others = rng.sample([s for s in Suit if s != suit], 2)
    cards = {*run, *(Card(rank, s) for s in others)}
    filler = built_hand(rng, 10, rng.randint(0, 1), low_card_weight)
    for c in filler:
        if len(cards) >= 10:
            break
        cards.add(c)
    return sorted(cards)


def deadwood_hand(rng: random.Random) -> list[Card]:
    """A ten-card hand worth counting: dealt with a meld, or built around a meld choice."""
    if rng.random() < 0.35:
        return choice_hand(rng)
    return list(dealt_hand_with_melds(rng))


def deadwood_question(rng: random.Random) -> Question:
    """Count the deadwood of a ten-card hand; :func:`gin.deadwood` decides."""
    hand = deadwood_hand(rng)
    answer = deadwood(hand)

    def check(answers: Mapping[str, str]) -> Verdict:
        given = parse_int(answers["deadwood"])
        if given < 0:
            raise AnswerError(M["lesson.melds.deadwood.negative"]())
        if given == answer:
            lead = html.escape(M["lesson.melds.deadwood.right"].render({"answer": answer}))
        else:
            wrong = M["lesson.melds.deadwood.wrong"].render({"given": given, "answer": answer})
            lead = f"<b>{html.escape(wrong)}</b>"
        return Verdict(given == answer, f"{lead}{explanation_short(hand, best_only=True)}")

    prompt = paragraph(M["lesson.melds.deadwood.prompt"].render()) + cards_html(hand)
    return Question(
        prompt,
        (Field("deadwood", placeholder=M["lesson.melds.deadwood.placeholder"]),),
        check,
        {"cards": tuple(hand), "answer": answer},
    )


def explanation_short(cards: Sequence[Card], best_only: bool = False) -> str:
    """The best arrangement as a picture with the engine's reasons."""
    ex = explain_melds(cards, alternatives=1 if best_only else 3)
    return arrangement_html(ex.best, size="small") + steps_html(ex.steps)


# --------------------------------------------------------------------------- lesson


class MeldsLesson(Lesson):
    """Cards and melds: explorer plus exercises."""

    notebook = "01_cards_and_melds.ipynb"

    def __init__(self, seed: int | None = None, hand: str | None = None) -> None:
        super().__init__(seed)
        self.explorer = MeldExplorer(self.seed)
        if hand:
            self.explorer.text.value = hand
            guarded(self.explorer.message.show)(self.explorer.show)()
        else:
            self.explorer.deal()
        practice = Practice(self.seed)
        self.kind_exercise = practice.add(
            "meld-kind",
            M["lesson.melds.kind.title"],
            M["lesson.melds.kind.intro"],
            meld_kind_question,
        )
        self.deadwood_exercise = practice.add(
            "deadwood", M["lesson.melds.deadwood.title"], None, deadwood_question
        )
        self.assemble(
            titled_section(
                M["lesson.melds.explorer.heading"],
                M["lesson.melds.explorer.intro"],
                self.explorer.widget,
            ),
            practice.section(M["lesson.practice.intro"]),
        )


def melds_lesson(seed: int | None = None, hand: str | None = None) -> MeldsLesson:
    """The Cards-and-melds lesson (displays as its widget)."""
    return MeldsLesson(seed, hand)


__all__ = [
    "MeldExplorer",
    "MeldsLesson",
    "deadwood_question",
    "explanation_html",
    "meld_group",
    "meld_kind_question",
    "meld_reason",
    "melds_lesson",
    "read_hand",
]
