"""The level that teaches a turn: draw from the stock or take the top discard, then
discard; and the card just taken from the discard pile may not be thrown back on the same
turn where the rule set says so (:attr:`gin.Rules.may_discard_taken_card`).

Answers come from the engine: a seeded :class:`gin.Deal` played to a normal turn, and
the legal actions of the drawing player's view.
"""

from __future__ import annotations

import random

from gin import Card, Deal, Discard, DrawDiscard, DrawStock, Pass, PlayerView, Rules
from gin.bots import EagerBot
from gin.i18n import M, Text
from gin.ui.choices import rules_name
from gin.ui.lessons.exercise import Field, Question
from gin.ui.lessons.level import YES_NO, Level, Predict, choice_and_number_check, para, slip_html
from gin.ui.lessons.pictures import backs_html, cards_html, group_html

TURN_HAND = "AS 4H 6H 9C TC JD QD 2S 5S KC"
"""The ten cards of the level's picture."""


def drawn_turn(rules: Rules, rng: random.Random, from_pile: bool) -> tuple[PlayerView, Card]:
    """A seeded deal played to a normal turn of the dealer, who has just drawn (from the
    discard pile when ``from_pile``, else from the stock); that view and the card drawn."""
    deal = Deal.new(rules, dealer=rng.randrange(2), rng=rng)
    deal.apply(Pass())
    deal.apply(Pass())  # both passed: the non-dealer draws from the stock
    eager = EagerBot(rng)
    deal.apply(DrawStock())
    first = deal.view(deal.to_move)  # type: ignore[arg-type]
    taken = first.hand[-1]
    choice = eager.choose(first)
    if not isinstance(choice, Discard) or choice.card == taken:
        choice = Discard(next(c for c in first.hand if c != taken))
    deal.apply(choice)
    player = deal.to_move
    assert player is not None
    before = set(deal.view(player).hand)
    deal.apply(DrawDiscard() if from_pile else DrawStock())
    view = deal.view(player)
    card = next(c for c in view.hand if c not in before)
    return view, card


def may_discard(view: PlayerView, card: Card) -> bool:
    """Whether the engine lets the player discard ``card`` now."""
    return Discard(card) in view.legal_actions


def turn_question(rules: Rules, rng: random.Random) -> Question:
    """After a draw: may the card just drawn be discarded this turn, and how many cards
    does the player hold now?"""
    from_pile = rng.random() < 0.6
    view, card = drawn_turn(rules, rng, from_pile)
    allowed = may_discard(view, card)
    held = len(view.hand)
    answer = "yes" if allowed else "no"
    rules_text = rules_name(rules.name)
    if from_pile:
        key = "lesson.level.turn.explain-pile-may" if allowed else "lesson.level.turn.explain-pile"
    else:
        key = "lesson.level.turn.explain-stock"
    explain = para(key, card=card.code, rules=rules_text) + para("lesson.level.turn.explain-held")
    prompt_key = "lesson.level.turn.prompt-pile" if from_pile else "lesson.level.turn.prompt-stock"

    def slips(said: str, given: int) -> tuple[str, str]:
        if said != answer:
            if from_pile and not allowed:
                return slip_html("lesson.level.turn.slip-taken", rules=rules_text), "taken"
            if not from_pile:
                return slip_html("lesson.level.turn.slip-stock"), "stock"
            return "", "taken-allowed"
        if given == held - 1:
            return slip_html("lesson.level.turn.slip-ten"), "ten"
        return "", "other"

    discard = Field("discard", M["lesson.level.turn.discard-label"], choices=YES_NO)
    check = choice_and_number_check(discard, "held", (answer, held), explain, slips)
    return Question(
        para(prompt_key, card=card.code) + cards_html(view.hand, marked=[card]),
        (
            discard,
            Field(
                "held",
                M["lesson.level.turn.held-label"],
                placeholder=M["lesson.level.turn.held-placeholder"],
            ),
        ),
        check,
        {"card": card, "from_pile": from_pile, "answer": (answer, held)},
        para("lesson.level.turn.nudge"),
        explain,
    )


def _turn_predict(rules: Rules) -> tuple[str, Text]:
    view, card = drawn_turn(rules, random.Random(5), from_pile=True)
    allowed = may_discard(view, card)
    key = "lesson.level.turn.reveal-may" if allowed else "lesson.level.turn.reveal"
    return ("yes" if allowed else "no"), M[key](rules=rules_name(rules.name))


def _picture(_rules: Rules) -> str:
    stock = backs_html(3, M["lesson.level.turn.picture.stock"].render())
    pile = group_html(
        M["lesson.level.turn.picture.pile"].render(), [Card.parse("7H")], css="gin-plain"
    )
    hand = group_html(
        M["lesson.level.turn.picture.hand"].render(),
        [Card.parse(c) for c in TURN_HAND.split()],
        css="gin-plain",
    )
    return f'<div class="gin-lesson-groups">{stock}{pile}{hand}</div>'


LEVEL_TURN = Level(
    "turn",
    M["lesson.level.turn.title"],
    M["lesson.level.turn.text"],
    _picture,
    Predict(M["lesson.level.turn.predict"], YES_NO, _turn_predict),
    turn_question,
    terms=("stock", "discard pile"),
)

__all__ = ["LEVEL_TURN", "TURN_HAND", "drawn_turn", "may_discard", "turn_question"]
