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
from gin.i18n import message, plural_message
from gin.ui.lessons.base import (
    PRACTICE_HEADING,
    SEED,
    Lesson,
    MessageArea,
    button,
    html_widget,
    paragraph,
    section,
)
from gin.ui.lessons.exercise import Choice, Exercise, Field, Question, Verdict, parse_int
from gin.ui.lessons.guard import AnswerError, guarded
from gin.ui.lessons.hands import built_hand, dealt_hand_with_melds, low_card_weight
from gin.ui.lessons.pictures import arrangement_html, cards_html, steps_html

MAX_EXPLORER_CARDS = 11

# --------------------------------------------------------------------------- messages

EMPTY_HAND = message(
    "lesson.melds.explorer.empty",
    "Type some cards first, for example: AS 2S 3S 7H 7D 7C KH.",
)
TOO_MANY = plural_message(
    "lesson.melds.explorer.too-many",
    "That is {count} card: the explorer arranges up to {most} (a hand holds ten, eleven just "
    "after drawing).",
    "That is {count} cards: the explorer arranges up to {most} (a hand holds ten, eleven just "
    "after drawing).",
)
THE_HAND = message("lesson.melds.explorer.the-hand", "The hand")
BEST_HEADING = message("lesson.melds.explorer.best", "Best arrangement: {points} deadwood")
EQUAL_HEADING = message("lesson.melds.explorer.equal", "Equally good, arrangement {number}")
ALTERNATIVE_HEADING = message(
    "lesson.melds.explorer.alternative", "An alternative: {points} deadwood"
)
MORE = message("lesson.melds.explorer.more", "({difference} more)")
HAND_PLACEHOLDER = message(
    "lesson.melds.explorer.placeholder", "for example AS 2S 3S 7H 7D 7C KH QH JH 9C"
)
SHOW = message("lesson.melds.explorer.show", "Show melds")
DEAL = message("lesson.melds.explorer.deal", "Deal a hand")

REASON_SET = message(
    "lesson.melds.reason.set",
    "{cards:cards}: {count} cards of one rank ({rank:rank}) make a set.",
)
REASON_RUN = message(
    "lesson.melds.reason.run", "{cards:cards}: {count} {suit:suit} in a row make a run."
)
REASON_RUN_ACE = message(
    "lesson.melds.reason.run-ace",
    "{cards:cards}: {count} {suit:suit} in a row make a run. The ace is the lowest card, so "
    "a run may start A-2-3.",
)
REASON_TOO_FEW = message(
    "lesson.melds.reason.too-few", "{cards:cards}: a meld needs at least three cards."
)
REASON_ACE_HIGH = message(
    "lesson.melds.reason.ace-high",
    "{cards:cards} is not a run: aces are always low. The ace sits below the 2, so it can't "
    "follow the king.",
)
REASON_GAP = plural_message(
    "lesson.melds.reason.gap",
    "{cards:cards} is not a run: the cards are not in a row, {missing:and_cards} is missing.",
    "{cards:cards} is not a run: the cards are not in a row, {missing:and_cards} are missing.",
)
REASON_TOO_MANY = message(
    "lesson.melds.reason.too-many", "{cards:cards}: one rank, but more than four cards."
)
REASON_MIXED = message(
    "lesson.melds.reason.mixed-suits",
    "{cards:cards} is not a run: the ranks follow each other, but a run must be all one suit.",
)
REASON_NONE = message(
    "lesson.melds.reason.none",
    "{cards:cards} is no meld: a set needs every card of one rank, and a run needs one suit in "
    "a row.",
)

KIND_TITLE = message("lesson.melds.kind.title", "Set, run or no meld?")
KIND_INTRO = message("lesson.melds.kind.intro", "Remember: aces are low.")
KIND_PROMPT = message(
    "lesson.melds.kind.prompt", "Are these cards a set, a run, or no meld at all?"
)
KIND_SET = message("lesson.melds.kind.set", "set")
KIND_RUN = message("lesson.melds.kind.run", "run")
KIND_NONE = message("lesson.melds.kind.none", "no meld")
KIND_ANSWER = {
    "set": message("lesson.melds.kind.answer-set", "The answer is set."),
    "run": message("lesson.melds.kind.answer-run", "The answer is run."),
    "no meld": message("lesson.melds.kind.answer-none", "The answer is no meld."),
}
MELD_CHOICES = (
    Choice("set", KIND_SET),
    Choice("run", KIND_RUN),
    Choice("no meld", KIND_NONE),
)
"""The answers to "set, run or no meld?": the value is :func:`gin.is_meld`'s answer."""

DEADWOOD_TITLE = message("lesson.melds.deadwood.title", "Count the deadwood")
DEADWOOD_PROMPT = message(
    "lesson.melds.deadwood.prompt",
    "Arrange these ten cards into melds to leave the least deadwood. How many points of "
    "deadwood are left? (An ace counts 1; a jack, queen or king counts 10.)",
)
DEADWOOD_PLACEHOLDER = message("lesson.melds.deadwood.placeholder", "deadwood points")
DEADWOOD_NEGATIVE = message("lesson.melds.deadwood.negative", "A deadwood count is never below 0.")
DEADWOOD_RIGHT = message("lesson.melds.deadwood.right", "The best arrangement leaves {answer}.")
DEADWOOD_WRONG = message(
    "lesson.melds.deadwood.wrong", "You said {given}; the best arrangement leaves {answer}."
)

EXPLORER_HEADING = message("lesson.melds.explorer.heading", "Meld explorer")
EXPLORER_INTRO = message(
    "lesson.melds.explorer.intro",
    "Type a hand (for example 7S 8S 9S 9H 9D KC) or deal one, and see how the engine arranges "
    "it: the melds that leave the least deadwood, and what the other ways of melding would "
    "leave.",
)
PRACTICE_INTRO = message(
    "lesson.practice.intro", "New questions come from the seed, as many as you like."
)

# --------------------------------------------------------------------------- explorer


def _codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


def read_hand(text: str) -> list[Card]:
    """Cards typed by the learner, checked by :func:`gin.parse_cards`."""
    if not text.strip():
        raise AnswerError(EMPTY_HAND())
    cards = parse_cards(text)
    if len(cards) > MAX_EXPLORER_CARDS:
        raise AnswerError(TOO_MANY(count=len(cards), most=MAX_EXPLORER_CARDS))
    return cards


def _h4(text: str, extra: str = "") -> str:
    return f"<h4>{html.escape(text)}{extra}</h4>"


def explanation_html(cards: Sequence[Card], alternatives: int = 3) -> str:
    """The best arrangement of a hand, with the engine's explanation and the alternatives."""
    ex = explain_melds(cards, alternatives=alternatives)
    parts = [
        _h4(THE_HAND.render()),
        cards_html(sorted(cards)),
        _h4(BEST_HEADING.render({"points": ex.best.deadwood_points})),
        arrangement_html(ex.best),
        steps_html(ex.steps),
    ]
    for i, arr in enumerate(ex.equal, 1):
        parts.append(_h4(EQUAL_HEADING.render({"number": i + 1})))
        parts.append(arrangement_html(arr, size="small"))
    for arr in ex.alternatives:
        diff = arr.deadwood_points - ex.best.deadwood_points
        more = html.escape(MORE.render({"difference": diff}))
        parts.append(
            _h4(
                ALTERNATIVE_HEADING.render({"points": arr.deadwood_points}),
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
        self.text = W.Text(placeholder=HAND_PLACEHOLDER.render())
        self.text.layout.width = "32em"
        self.text.add_class("gin-hand-input")
        self.show_button = button(SHOW.render(), "gin-explore", icon="search", style="primary")
        self.deal_button = button(DEAL.render(), "gin-deal", icon="random")
        self.seed_box = W.BoundedIntText(value=seed, min=0, max=10**9, description=SEED.render())
        self.seed_box.layout.width = "12em"
        self.seed_box.add_class("gin-seed")
        self.message = MessageArea()
        self.result = html_widget("", "gin-explorer-result")
        self.show_button.on_click(guarded(self.message.show)(lambda _b: self.show()))
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
        cards = read_hand(self.text.value)
        self.message.clear()
        self.cards = cards
        self.result.value = explanation_html(cards)
        return cards

    def deal(self) -> list[Card]:
        """Deal ten cards (a hand with at least one meld) from the seed in the seed box, then
        move the seed on."""
        seed = int(self.seed_box.value)
        hand = dealt_hand_with_melds(random.Random(seed))
        self.seed_box.value = seed + 1
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
        return REASON_SET.render({"cards": shown, "count": len(cards), "rank": ranks[0]})
    if kind == "run":
        m = REASON_RUN_ACE if min(ranks) == 1 else REASON_RUN
        return m.render({"cards": shown, "count": len(cards), "suit": cards[0].suit.letter})
    if len(cards) < 3:
        return REASON_TOO_FEW.render({"cards": shown})
    if len(suits) == 1:
        if 1 in ranks and 13 in ranks:
            return REASON_ACE_HIGH.render({"cards": shown})
        srt = sorted(ranks)
        suit = cards[0].suit
        missing = [Card(r, suit).code for r in range(srt[0], srt[-1] + 1) if r not in srt]
        return REASON_GAP.render({"cards": shown, "missing": missing, "count": len(missing)})
    if len(set(ranks)) == 1:
        return REASON_TOO_MANY.render({"cards": shown})  # pragma: no cover - 5 of a rank
    srt = sorted(ranks)
    if srt == list(range(srt[0], srt[0] + len(srt))):
        return REASON_MIXED.render({"cards": shown})
    return REASON_NONE.render({"cards": shown})


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

    prompt = paragraph(KIND_PROMPT.render()) + cards_html(cards, size="large")
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
            raise AnswerError(DEADWOOD_NEGATIVE())
        if given == answer:
            lead = html.escape(DEADWOOD_RIGHT.render({"answer": answer}))
        else:
            wrong = DEADWOOD_WRONG.render({"given": given, "answer": answer})
            lead = f"<b>{html.escape(wrong)}</b>"
        return Verdict(given == answer, f"{lead}{explanation_short(hand, best_only=True)}")

    prompt = paragraph(DEADWOOD_PROMPT.render()) + cards_html(hand)
    return Question(
        prompt,
        (Field("deadwood", placeholder=DEADWOOD_PLACEHOLDER),),
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
        self.kind_exercise = Exercise(
            name="meld-kind",
            title=KIND_TITLE,
            intro=KIND_INTRO,
            make=meld_kind_question,
            seed=self.seed,
        )
        self.deadwood_exercise = Exercise(
            name="deadwood",
            title=DEADWOOD_TITLE,
            intro=None,
            make=deadwood_question,
            seed=self.seed,
        )
        self.assemble(
            section(
                EXPLORER_HEADING.render(),
                paragraph(EXPLORER_INTRO.render()),
                self.explorer.widget,
            ),
            section(
                PRACTICE_HEADING.render(),
                paragraph(PRACTICE_INTRO.render()),
                self.kind_exercise.widget,
                self.deadwood_exercise.widget,
            ),
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
