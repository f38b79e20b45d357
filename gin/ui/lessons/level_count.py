"""The level "Count your hand" (issue 29), after "Deadwood": a hand shown as dealt, in the
order the cards came, with no groups, labels or counts, as at a real table. The learner
types the deadwood; the engine checks it and names the slip
(:func:`gin.counting.check_deadwood_count`): a card counted in two melds, a face card
counted by its rank, an ace counted 11, every card counted, another layout's count.

The slip codes are the engine's (:data:`gin.counting.COUNT_SLIPS`), recorded like every
level's; :data:`TEACHER_SLIP_NAMES` names the one the other levels do not record.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from gin import DECK, Card, Rules, Suit, parse_cards
from gin.counting import check_deadwood_count, double_counts
from gin.i18n import M, Message, Text
from gin.melds import best_arrangement
from gin.ui.lessons.exercise import Question, Verdict, parse_int
from gin.ui.lessons.guard import AnswerError
from gin.ui.lessons.level import (
    YES_NO,
    Level,
    Predict,
    para,
    points_field,
    slip_text_html,
    verdict,
)
from gin.ui.lessons.pictures import arrangement_html, cards_html

TEACHER_SLIP_NAMES: dict[str, Message] = {
    "card-counted-twice": M["classroom.slip.card-counted-twice"],
}
"""The teacher's name of each slip this level records that no earlier level does (the
class view's ``SLIP_NAMES`` takes them in)."""

PICTURE_HAND = "9H KS 4D 9C 2S 3S AD 9S QH 4S"
"""The level's picture: ten cards as dealt (a set of nines and a run 2♠ 3♠ 4♠ hidden in
the order they came)."""

PREDICT_HAND = "7S QD 8S 7H 3C 9S 7D AC 5H KC"
"""The prediction's hand: 7♠ fits the run 7♠ 8♠ 9♠ and the set of sevens."""


def count_hand(rng: random.Random, tries: int = 400) -> tuple[Card, ...]:
    """Ten cards in the order dealt, with a card that fits a set and a run (so it could
    be counted twice) and a face card or an ace among the deadwood: seeded."""
    hand: list[Card] = []
    for _ in range(tries):
        rank = rng.randint(2, 12)
        suits = list(Suit)
        rng.shuffle(suits)
        shared = Card(rank, suits[0])
        start = rng.choice([r for r in (rank - 2, rank - 1, rank) if 1 <= r and r + 2 <= 13])
        run = [Card(r, suits[0]) for r in range(start, start + 3)]
        group = {shared, *run, Card(rank, suits[1]), Card(rank, suits[2])}
        rest = [c for c in DECK if c not in group]
        hand = [*group, *rng.sample(rest, 10 - len(group))]
        rng.shuffle(hand)  # the order dealt: no sorting
        best = best_arrangement(hand)
        twice = [d for d in double_counts(hand) if d.deadwood < best.deadwood_points]
        odd = [c for c in best.deadwood if c.rank == 1 or c.rank > 10]
        if best.melds and twice and odd and best.deadwood_points > 0:
            return tuple(hand)
    return tuple(hand)  # pragma: no cover - found within a few tries


def count_question(_rules: Rules, rng: random.Random) -> Question:
    """Ten cards as dealt: the learner counts the deadwood; the engine checks it."""
    hand = count_hand(rng)
    best = best_arrangement(hand)
    answer = best.deadwood_points
    worked = para("lesson.level.count.worked", answer=answer) + arrangement_html(best, size="small")

    def check(answers: Mapping[str, str]) -> Verdict:
        given = parse_int(answers["deadwood"])
        if given < 0:
            raise AnswerError(M["lesson.melds.deadwood.negative"]())
        v = check_deadwood_count(hand, given)
        if v.right:
            return verdict(True, worked)
        said = "" if v.slip == "other" else slip_text_html(v.text)
        return verdict(False, said + worked, v.slip or "other")

    return Question(
        para("lesson.level.count.prompt") + cards_html(hand),
        (points_field("deadwood"),),
        check,
        {"cards": hand, "answer": answer},
        para("lesson.level.count.nudge"),
        worked,
    )


def _predict(_rules: Rules) -> tuple[str, Text]:
    hand = parse_cards(PREDICT_HAND)
    twice = min(d.deadwood for d in double_counts(hand))
    return "no", M["lesson.level.count.reveal"](
        points=best_arrangement(hand).deadwood_points, twice=twice
    )


def _picture(_rules: Rules) -> str:
    return f'<div class="gin-lesson-groups">{cards_html(parse_cards(PICTURE_HAND))}</div>'


LEVEL_COUNT = Level(
    "count-hand",
    M["lesson.level.count.title"],
    M["lesson.level.count.text"],
    _picture,
    Predict(
        M["lesson.level.count.predict"], YES_NO, _predict, lambda _r: parse_cards(PREDICT_HAND)
    ),
    count_question,
)

__all__ = [
    "LEVEL_COUNT",
    "PICTURE_HAND",
    "PREDICT_HAND",
    "TEACHER_SLIP_NAMES",
    "count_hand",
    "count_question",
]
