"""Levels 1 to 4: card values, sets, runs (and the ace-low trap), deadwood.

Every answer is the engine's: :attr:`gin.Card.points`, :func:`gin.is_meld`,
:func:`gin.deadwood` and :func:`gin.explain_melds`.
"""

from __future__ import annotations

import random

from gin import DECK, Card, Rules, Suit, deadwood, explain_melds, is_meld, parse_cards
from gin.i18n import M, Text
from gin.ui.lessons.exercise import Choice, Question
from gin.ui.lessons.guard import AnswerError
from gin.ui.lessons.hands import dealt_hand_with_melds
from gin.ui.lessons.level import (
    YES_NO,
    Level,
    Predict,
    choice_question,
    groups,
    hand_prompt,
    number_check,
    para,
    pictured,
    points_field,
    slip_html,
)
from gin.ui.lessons.pictures import arrangement_html, steps_html

# --------------------------------------------------------------------------- 1 card values


def _sum_text(cards: list[Card]) -> str:
    return " + ".join(str(c.points) for c in cards)


def card_values_question(_rules: Rules, rng: random.Random) -> Question:
    """Three cards in no meld: how many points are they worth together?"""
    while True:
        cards = sorted(rng.sample(DECK, 3))
        if is_meld(cards) is None and any(c.rank == 1 or c.rank > 10 for c in cards):
            break
    answer = deadwood(cards)  # three cards in no meld: all three are deadwood
    faces = [c for c in cards if c.rank > 10]
    aces = [c for c in cards if c.rank == 1]
    worked = para(
        "lesson.level.values.worked",
        cards=[c.code for c in cards],
        sum=_sum_text(cards),
        answer=answer,
    )

    def slips(given: int) -> tuple[str, str] | None:
        if faces and given == answer + sum(c.rank - 10 for c in faces):
            top = max(faces, key=lambda c: c.rank)
            slip = slip_html("lesson.level.values.slip-face", card=top.code, rank=top.rank)
            return slip, "face-as-rank"
        if aces and given in (answer + 10 * len(aces), answer + 13 * len(aces)):
            return slip_html("lesson.level.values.slip-ace", card=aces[0].code), "ace-high"
        return None

    return Question(
        hand_prompt("lesson.level.values.prompt", cards),
        (points_field("points"),),
        number_check("points", answer, worked, slips),
        {"cards": tuple(cards), "answer": answer},
        para("lesson.level.values.nudge"),
        worked,
    )


def _values_picture(_rules: Rules) -> str:
    return groups(
        *(
            (M["lesson.level.picture.counts"].render({"points": Card.parse(c).points}), c)
            for c in ("AH", "7S", "TD", "JC", "QH", "KS")
        )
    )


def _values_predict(_rules: Rules) -> tuple[str, Text]:
    k = Card.parse("KH")
    return ("10" if k.points == 10 else "13"), M["lesson.level.values.reveal"](
        card=k.code, points=k.points
    )


LEVEL_VALUES = Level(
    "card-values",
    M["lesson.level.values.title"],
    M["lesson.level.values.text"],
    _values_picture,
    Predict(
        M["lesson.level.values.predict"],
        (
            Choice("10", M["lesson.level.choice.ten"]),
            Choice("13", M["lesson.level.choice.thirteen"]),
        ),
        _values_predict,
        lambda _r: parse_cards("KH"),
    ),
    card_values_question,
)

# --------------------------------------------------------------------------- 2 sets


def _set_cards(rng: random.Random) -> tuple[list[Card], str]:
    """Cards for "is this a set?" and what kind of group they are."""
    kind = rng.choice(("set3", "set4", "odd", "pair", "run"))
    rank = rng.randint(1, 13)
    suits = list(Suit)
    rng.shuffle(suits)
    if kind in ("set3", "set4"):
        return [Card(rank, s) for s in suits[: 3 if kind == "set3" else 4]], kind
    if kind == "pair":
        return [Card(rank, s) for s in suits[:2]], kind
    if kind == "odd":
        other = rng.choice([r for r in range(1, 14) if r != rank])
        return [Card(rank, suits[0]), Card(rank, suits[1]), Card(other, suits[2])], kind
    start = rng.randint(1, 11)
    return [Card(r, suits[0]) for r in range(start, start + 3)], kind


_MELD_SENTENCES = {
    "set": (
        "lesson.level.sets.prompt",
        "lesson.level.sets.is-set",
        "lesson.level.sets.not-set",
        "lesson.level.sets.nudge",
    ),
    "run": (
        "lesson.level.runs.prompt",
        "lesson.level.runs.is-run",
        "lesson.level.runs.not-run",
        "lesson.level.runs.nudge",
    ),
}
"""For the set and run questions: the prompt, "it is", "it is not" and the nudge."""


def _meld_question(
    meld: str, cards: list[Card], kind: str, slips: dict[str, tuple[str, str]]
) -> Question:
    """Is this group a ``meld`` (set or run)? The engine's :func:`gin.is_meld` decides."""
    prompt, is_key, not_key, nudge = _MELD_SENTENCES[meld]
    engine = is_meld(cards)
    explain = para(is_key if engine == meld else not_key, cards=[c.code for c in cards])
    return choice_question(
        hand_prompt(prompt, cards),
        meld,
        YES_NO,
        "yes" if engine == meld else "no",
        explain,
        slips,
        nudge=para(nudge),
        data={"cards": tuple(cards), "kind": kind},
    )


def set_question(_rules: Rules, rng: random.Random) -> Question:
    """Is this group a set? The engine's :func:`gin.is_meld` decides."""
    cards, kind = _set_cards(rng)
    rng.shuffle(cards)
    slips: dict[str, tuple[str, str]] = {}
    if kind == "set4":
        slips["no"] = ("set-of-four", slip_html("lesson.level.sets.slip-four"))
    elif kind == "pair":
        slips["yes"] = ("pair", slip_html("lesson.level.sets.slip-pair"))
    elif kind == "run":
        slips["yes"] = ("run-not-set", slip_html("lesson.level.sets.slip-run"))
    elif kind == "odd":
        odd = next(c for c in cards if sum(d.rank == c.rank for d in cards) == 1)
        slips["yes"] = ("odd-card", slip_html("lesson.level.sets.slip-odd", card=odd.code))
    else:
        slips["no"] = ("missed-set", "")
    return _meld_question("set", cards, kind, slips)


def _set_predict(_rules: Rules) -> tuple[str, Text]:
    cards = parse_cards("7S 7H 7D 7C")
    is_set = is_meld(cards) == "set"
    return ("yes" if is_set else "no"), M["lesson.level.sets.reveal"](
        cards=["7S", "7H", "7D", "7C"]
    )


LEVEL_SETS = Level(
    "sets",
    M["lesson.level.sets.title"],
    M["lesson.level.sets.text"],
    pictured(
        ("lesson.level.picture.a-set", "9H 9D 9C"),
        ("lesson.level.picture.a-set", "QS QH QD QC"),
        ("lesson.level.picture.not-a-set", "4S 4H 5D"),
    ),
    Predict(
        M["lesson.level.sets.predict"],
        YES_NO,
        _set_predict,
        lambda _r: parse_cards("7S 7H 7D 7C"),
    ),
    set_question,
)

# --------------------------------------------------------------------------- 3 runs


def _run_cards(rng: random.Random) -> tuple[list[Card], str]:
    kind = rng.choice(("run", "ace-low", "ace-high", "round", "gap", "suits"))
    suit = Suit(rng.randrange(4))
    if kind == "ace-low":
        return [Card(r, suit) for r in (1, 2, 3)], kind
    if kind == "ace-high":
        return [Card(r, suit) for r in (12, 13, 1)], kind
    if kind == "round":
        return [Card(r, suit) for r in (13, 1, 2)], kind
    start = rng.randint(2, 10)
    if kind == "gap":
        return [Card(r, suit) for r in (start, start + 1, start + 3)], kind
    if kind == "suits":
        other = Suit((int(suit) + rng.randint(1, 3)) % 4)
        return [Card(start, suit), Card(start + 1, other), Card(start + 2, suit)], kind
    return [Card(r, suit) for r in range(start, start + rng.choice((3, 4)))], kind


def run_question(_rules: Rules, rng: random.Random) -> Question:
    """Is this group a run? Aces are low; the engine's :func:`gin.is_meld` decides."""
    cards, kind = _run_cards(rng)
    slip_keys = {
        "ace-low": ("no", "lesson.level.runs.slip-ace-low"),
        "ace-high": ("yes", "lesson.level.runs.slip-ace-high"),
        "round": ("yes", "lesson.level.runs.slip-round"),
        "gap": ("yes", "lesson.level.runs.slip-gap"),
        "suits": ("yes", "lesson.level.runs.slip-suits"),
    }
    slips: dict[str, tuple[str, str]] = {}
    if kind in slip_keys:
        wrong, key = slip_keys[kind]
        slips[wrong] = (kind, slip_html(key))
    else:
        slips["no"] = ("missed-run", "")
    return _meld_question("run", cards, kind, slips)


def _run_predict(_rules: Rules) -> tuple[str, Text]:
    engine = is_meld(parse_cards("QH KH AH"))
    return ("yes" if engine == "run" else "no"), M["lesson.level.runs.reveal"]()


LEVEL_RUNS = Level(
    "runs",
    M["lesson.level.runs.title"],
    M["lesson.level.runs.text"],
    pictured(
        ("lesson.level.picture.a-run", "AH 2H 3H"),
        ("lesson.level.picture.a-run", "5S 6S 7S 8S"),
        ("lesson.level.picture.not-a-run", "QH KH AH"),
        ("lesson.level.picture.not-a-run", "KD AD 2D"),
    ),
    Predict(
        M["lesson.level.runs.predict"], YES_NO, _run_predict, lambda _r: parse_cards("QH KH AH")
    ),
    run_question,
)

# --------------------------------------------------------------------------- 4 deadwood


def deadwood_level_question(_rules: Rules, rng: random.Random) -> Question:
    """Ten dealt cards: the deadwood the engine's best arrangement leaves."""
    hand = sorted(dealt_hand_with_melds(rng, 1))
    ex = explain_melds(hand, alternatives=3)
    answer = ex.best.deadwood_points
    all_points = sum(c.points for c in hand)
    face_rank = sum(c.rank for c in ex.best.deadwood)
    worse = {a.deadwood_points for a in ex.alternatives}
    worked = (
        para("lesson.level.deadwood.worked", answer=answer)
        + arrangement_html(ex.best, size="small")
        + steps_html(ex.steps)
    )

    def slips(given: int) -> tuple[str, str] | None:
        if given < 0:  # never the answer: a deadwood count is not negative
            raise AnswerError(M["lesson.melds.deadwood.negative"]())
        if given == all_points:
            return slip_html("lesson.level.deadwood.slip-all"), "counted-melds"
        if given == face_rank and face_rank != answer:
            top = max(ex.best.deadwood, key=lambda c: c.rank)
            slip = slip_html("lesson.level.values.slip-face", card=top.code, rank=top.rank)
            return slip, "face-as-rank"
        if given in worse:
            slip = slip_html("lesson.level.deadwood.slip-arrangement", given=given, answer=answer)
            return slip, "worse-arrangement"
        return None

    return Question(
        hand_prompt("lesson.level.deadwood.prompt", hand),
        (points_field("deadwood"),),
        number_check("deadwood", answer, worked, slips),
        {"cards": tuple(hand), "answer": answer, "all_points": all_points, "worse": worse},
        para("lesson.level.deadwood.nudge"),
        worked,
    )


_PREDICT_HAND = "5S 6S 7S 9H 9D 9C 2C 3D KH QH"


def _deadwood_predict(_rules: Rules) -> tuple[str, Text]:
    points = deadwood(parse_cards(_PREDICT_HAND))
    return ("under" if points < 10 else "over"), M["lesson.level.deadwood.reveal"](points=points)


LEVEL_DEADWOOD = Level(
    "deadwood",
    M["lesson.level.deadwood.title"],
    M["lesson.level.deadwood.text"],
    lambda _r: arrangement_html(explain_melds(parse_cards("4C 5C 6C 8H 8S 8D 2H 3S KD 7H")).best),
    Predict(
        M["lesson.level.deadwood.predict"],
        (
            Choice("under", M["lesson.level.choice.under-ten"]),
            Choice("over", M["lesson.level.choice.ten-or-more"]),
        ),
        _deadwood_predict,
        lambda _r: parse_cards(_PREDICT_HAND),
    ),
    deadwood_level_question,
    terms=("meld", "deadwood"),
)

__all__ = [
    "LEVEL_DEADWOOD",
    "LEVEL_RUNS",
    "LEVEL_SETS",
    "LEVEL_VALUES",
    "card_values_question",
    "deadwood_level_question",
    "run_question",
    "set_question",
]
