"""Levels 8 to 12: knocking, gin and big gin, chained layoffs (the exercise is
:func:`~gin.ui.lessons.level_layout.layoff_choice_question`: the learner lays off), the
void deal.

Answers come from the engine: a :class:`gin.Deal` set up at the position
(:meth:`gin.Deal.from_position`) gives :attr:`gin.PlayerView.discard_choices` and
``can_big_gin``; :func:`gin.plan_layoffs` the layoffs; :func:`gin.score_deal` the score;
playing the discard in the engine tells whether the deal is void.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gin import (
    DECK,
    Card,
    Deal,
    Discard,
    DrawStock,
    Phase,
    PlayerView,
    Rules,
    best_arrangement,
    deadwood,
    parse_cards,
    plan_layoffs,
)
from gin.i18n import M, Text
from gin.ui.choices import rules_name
from gin.ui.lessons.exercise import Choice, Question, choices
from gin.ui.lessons.hands import built_hand, gin_hand, low_card_weight
from gin.ui.lessons.level import (
    YES_NO,
    Level,
    Predict,
    choice_question,
    para,
    pictured,
    slip_html,
)
from gin.ui.lessons.level_layout import layoff_choice_question
from gin.ui.lessons.level_score import gin_example_picture, scored_example
from gin.ui.lessons.pictures import arrangement_html, backs_html, group_html


def position_view(
    rules: Rules, hand: Sequence[Card], up_card: Card, rng: random.Random
) -> PlayerView:
    """Player 0's view at the discard of a deal set up with ``hand`` (eleven cards) and
    ``up_card``; the other cards are dealt at random."""
    rest = [c for c in DECK if c not in hand and c != up_card]
    rng.shuffle(rest)
    deal = Deal.from_position(
        rules,
        dealer=1,
        hands=(list(hand), rest[:10]),
        stock=rest[10:],
        discard_pile=[up_card],
        up_card=up_card,
        phase=Phase.DISCARD,
        to_move=0,
    )
    return deal.view(0)


def eleven_and_up_html(hand: Sequence[Card], up: Card) -> str:
    """The eleven cards a prompt speaks of, captioned, and the up card apart under its own
    caption (a newcomer counted twelve "eleven cards" when the up card stood unlabelled
    beside them)."""
    return (
        '<div class="gin-lesson-groups">'
        + group_html(M["lesson.level.picture.your-eleven"].render(), sorted(hand), css="gin-plain")
        + group_html(M["lesson.level.picture.up-card"].render(), [up], css="gin-plain gin-up-card")
        + "</div>"
    )


def _up_card(rng: random.Random, hand: Sequence[Card], low: bool = False) -> Card:
    free = [
        c for c in DECK if c not in hand and (not low or 2 <= c.rank <= 6 or rng.random() < 0.3)
    ]
    return rng.choice(free)


# --------------------------------------------------------------------------- 8 knocking


def knocking_question(rules: Rules, rng: random.Random) -> Question:
    """Eleven cards after the draw: may this player knock? The view's discard choices say."""
    hand = built_hand(rng, 11, rng.choice((2, 3)), low_card_weight)
    up = _up_card(rng, hand)
    view = position_view(rules, hand, up, rng)
    best = view.discard_choices[0]
    can = best.ends in ("knock", "gin")
    answer = "yes" if can else "no"
    limit = view.knock_limit
    explain = para(
        "lesson.level.knock.explain-yes" if can else "lesson.level.knock.explain-no",
        card=best.card.code,
        deadwood=best.deadwood,
        limit=limit,
    )
    slips: dict[str, tuple[str, str]] = {}
    eleven = deadwood(hand)
    if can and eleven > limit:
        slips["no"] = ("counted-eleven", slip_html("lesson.level.knock.slip-eleven", eleven=eleven))
    elif can:
        slips["no"] = ("missed-knock", "")
    if not can and limit == 0:
        slips["yes"] = ("ace-gin-only", slip_html("lesson.level.knock.slip-ace", card=up.code))
    elif not can:
        slips["yes"] = (
            "over-limit",
            slip_html("lesson.level.knock.slip-over", deadwood=best.deadwood, limit=limit),
        )
    return choice_question(
        para("lesson.level.knock.prompt", card=up.code, limit=limit) + eleven_and_up_html(hand, up),
        "knock",
        YES_NO,
        answer,
        explain
        + arrangement_html(best_arrangement([c for c in hand if c != best.card]), size="small"),
        slips,
        nudge=para("lesson.level.knock.nudge"),
        data={"cards": tuple(hand), "up_card": up, "best": best},
    )


_KNOCK_HAND = "2C 3C 4C 7H 7S 7D 9S 9H 9D AS 5H"


def _knock_predict(rules: Rules) -> tuple[str, Text]:
    view = position_view(rules, parse_cards(_KNOCK_HAND), Card.parse("8D"), random.Random(0))
    best = view.discard_choices[0]
    return ("yes" if best.ends != "discard" else "no"), M["lesson.level.knock.reveal"](
        card=best.card.code, deadwood=best.deadwood, limit=view.knock_limit
    )


LEVEL_KNOCK = Level(
    "knocking",
    M["lesson.level.knock.title"],
    M["lesson.level.knock.text"],
    lambda _r: arrangement_html(best_arrangement(parse_cards("2C 3C 4C 7H 7S 7D 9S 9H 9D AS"))),
    Predict(
        M["lesson.level.knock.predict"],
        YES_NO,
        _knock_predict,
        lambda _r: [*parse_cards(_KNOCK_HAND), Card.parse("8D")],
        pictured(
            ("lesson.level.picture.up-card", "8D"),
            ("lesson.level.picture.your-eleven", _KNOCK_HAND),
        ),
    ),
    knocking_question,
    terms=("knocker", "defender"),
)

# --------------------------------------------------------------------------- 9 gin, big gin

GIN_CHOICES = choices(
    "lesson.level.gin.choice.big-gin",
    "lesson.level.gin.choice.gin",
    "lesson.level.gin.choice.knock",
    "lesson.level.gin.choice.discard",
)


def best_end(view: PlayerView) -> str:
    """The best way the player can end the deal now: big gin, gin, knock or only discard."""
    if view.can_big_gin:
        return "big-gin"
    ends = {c.ends for c in view.discard_choices}
    return next(e for e in ("gin", "knock", "discard") if e in ends)


def _eleven_melded(rng: random.Random) -> list[Card]:
    for _ in range(200):
        hand = built_hand(rng, 11, 4)
        if deadwood(hand) == 0:
            return hand
    return gin_hand(rng)  # pragma: no cover


def gin_question(rules: Rules, rng: random.Random) -> Question:
    """Eleven cards after the draw: big gin, gin, knock or discard only?"""
    kind = rng.choice(("big", "gin", "gin", "near"))
    if kind == "big":
        hand = _eleven_melded(rng)
    elif kind == "gin":
        hand = gin_hand(rng)
    else:
        hand = built_hand(rng, 11, 3, low_card_weight)
    up = _up_card(rng, hand)
    view = position_view(rules, hand, up, rng)
    answer = best_end(view)
    best = view.discard_choices[0]
    explain = para(
        {
            "big-gin": "lesson.level.gin.explain-big-gin",
            "gin": "lesson.level.gin.explain-gin",
            "knock": "lesson.level.gin.explain-knock",
            "discard": "lesson.level.gin.explain-discard",
        }[answer],
        card=best.card.code,
        deadwood=best.deadwood,
        limit=view.knock_limit,
    )
    slips: dict[str, tuple[str, str]] = {}
    if deadwood(hand) == 0 and not rules.big_gin:
        slips["big-gin"] = (
            "no-big-gin",
            slip_html("lesson.level.gin.slip-no-big-gin", rules=rules_name(rules.name)),
        )
    if answer == "big-gin":
        slips["gin"] = ("missed-big-gin", slip_html("lesson.level.gin.slip-big-gin"))
    if answer == "gin":
        slips["knock"] = ("missed-gin", slip_html("lesson.level.gin.slip-gin"))
    return choice_question(
        para("lesson.level.gin.prompt", card=up.code, rules=rules_name(rules.name))
        + eleven_and_up_html(hand, up),
        "end",
        GIN_CHOICES,
        answer,
        explain,
        slips,
        nudge=para("lesson.level.gin.nudge", rules=rules_name(rules.name)),
        data={"cards": tuple(hand), "up_card": up, "kind": kind},
    )


def _gin_predict(rules: Rules) -> tuple[str, Text]:
    ex = scored_example(rules, "gin")
    key = "lesson.level.gin.reveal-doubled" if ex.doubled else "lesson.level.gin.reveal"
    return ("yes" if ex.winner == "defender" else "no"), M[key](
        points=ex.points, deadwood=ex.defender_deadwood, bonus=ex.bonus, card=ex.up_card.code
    )


LEVEL_GIN = Level(
    "gin-and-big-gin",
    M["lesson.level.gin.title"],
    M["lesson.level.gin.text"],
    lambda _r: arrangement_html(best_arrangement(parse_cards("2C 3C 4C 7H 7S 7D 9S TS JS QS"))),
    Predict(M["lesson.level.gin.predict"], YES_NO, _gin_predict, picture=gin_example_picture),
    gin_question,
    terms=("gin", "big gin", "bonus"),
)

# --------------------------------------------------------------------------- 10 layoffs


def _layoff_predict(_rules: Rules) -> tuple[str, Text]:
    k = best_arrangement(parse_cards("5S 6S 7S 2H 3H 4H 9C 9D 9H AC"))
    plan = plan_layoffs(k, parse_cards("8S 9S KD QD JD 2C 3C 4D 5D 6C"))
    return str(len(plan.layoffs)), M["lesson.level.layoff.reveal"](
        cards=[lo.card.code for lo in plan.layoffs]
    )


LEVEL_LAYOFF = Level(
    "layoffs",
    M["lesson.level.layoff.title"],
    M["lesson.level.layoff.text"],
    pictured(
        ("lesson.level.picture.knocker-run", "9H TH JH"),
        ("lesson.level.picture.laid-off", "8H"),
    ),
    Predict(
        M["lesson.level.layoff.predict"],
        (
            Choice("0", M["lesson.level.choice.n0"]),
            Choice("1", M["lesson.level.choice.n1"]),
            Choice("2", M["lesson.level.choice.n2"]),
        ),
        _layoff_predict,
        lambda _r: parse_cards("5S 6S 7S 8S 9S"),
    ),
    layoff_choice_question,
    terms=("layoff", "lay off", "laid off"),
)

# --------------------------------------------------------------------------- 12 void deal

VOID_CHOICES = choices(
    "lesson.level.void.choice.goes-on",
    "lesson.level.void.choice.void-same",
    "lesson.level.void.choice.void-other",
)


def void_outcome(rules: Rules, stock: int, rng: random.Random) -> tuple[str, Deal]:
    """Set up a deal whose stock holds ``stock`` cards, let the player draw from it and
    discard without knocking, and say what the engine makes of it."""
    cards = list(DECK)
    rng.shuffle(cards)
    pile = cards[20 + stock :]
    deal = Deal.from_position(
        rules,
        dealer=1,
        hands=(cards[:10], cards[10:20]),
        stock=cards[20 : 20 + stock],
        discard_pile=pile,
        up_card=pile[0],
        phase=Phase.DRAW,
        to_move=0,
    )
    deal.apply(DrawStock())
    hand = deal.hand(0)
    plain = next((c.card for c in deal.view(0).discard_choices if c.ends == "discard"), hand[-1])
    deal.apply(Discard(plain))
    return ("void-same" if deal.phase is Phase.VOID else "goes-on"), deal


def void_question(rules: Rules, rng: random.Random) -> Question:
    """The stock is nearly gone: a draw and a discard without knocking. What then?"""
    stock = rng.choice((3, 3, 4, 5))
    answer, _deal = void_outcome(rules, stock, rng)
    explain = para(
        "lesson.level.void.explain-void"
        if answer == "void-same"
        else "lesson.level.void.explain-on",
        stock=stock,
        left=stock - 1,
    )
    slips: dict[str, tuple[str, str]] = {}
    if answer == "void-same":
        slips["goes-on"] = ("two-cards", slip_html("lesson.level.void.slip-two"))
        slips["void-other"] = ("void-dealer", slip_html("lesson.level.void.slip-dealer"))
    else:
        slips["void-same"] = (
            "too-early",
            slip_html("lesson.level.void.slip-early", left=stock - 1),
        )
        slips["void-other"] = (
            "too-early",
            slip_html("lesson.level.void.slip-early", left=stock - 1),
        )
    return choice_question(
        para("lesson.level.void.prompt", stock=stock),
        "void",
        VOID_CHOICES,
        answer,
        explain,
        slips,
        nudge=para("lesson.level.void.nudge"),
        data={"stock": stock},
    )


def _void_predict(rules: Rules) -> tuple[str, Text]:
    answer, _ = void_outcome(rules, 3, random.Random(0))
    return answer, M["lesson.level.void.reveal"]()


LEVEL_VOID = Level(
    "void-deal",
    M["lesson.level.void.title"],
    M["lesson.level.void.text"],
    lambda _r: backs_html(2, M["lesson.level.picture.two-left"].render()),
    Predict(M["lesson.level.void.predict"], VOID_CHOICES, _void_predict),
    void_question,
    terms=("void",),
)

__all__ = [
    "GIN_CHOICES",
    "LEVEL_GIN",
    "LEVEL_KNOCK",
    "LEVEL_LAYOFF",
    "LEVEL_VOID",
    "VOID_CHOICES",
    "best_end",
    "gin_question",
    "knocking_question",
    "position_view",
    "void_outcome",
    "void_question",
]
