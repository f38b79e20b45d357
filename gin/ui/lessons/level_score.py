"""Levels 11, 13 and 14: undercuts, scoring a deal, the game score and the next dealer.

Every score is :func:`gin.score_deal`'s, and a wrong score's slip is named by
:func:`gin.scoreguess.check_score_guess` (the table's score guess asks it too); the next
dealer is :meth:`gin.Game.next_dealer`'s on a seeded game played by two computer opponents.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from gin import DECK, Card, DealResult, Game, Rules, Suit, deadwood, parse_cards, score_deal
from gin.bots import make_bot
from gin.bots.selfplay import play_game_deal
from gin.cards import cards_mask
from gin.i18n import M, Text
from gin.scoreguess import check_score_guess
from gin.ui.choices import rules_name
from gin.ui.lessons.exercise import Field, Question, Verdict, choices, parse_int
from gin.ui.lessons.hands import built_hand, gin_hand, low_card_weight
from gin.ui.lessons.level import (
    Level,
    Predict,
    choice_and_number_check,
    groups,
    para,
    points_field,
    slip_html,
    slip_text_html,
    verdict,
)
from gin.ui.lessons.pictures import (
    arrangement_html,
    backs_html,
    cards_html,
    group_html,
    steps_html,
)

WHO_CHOICES = choices(
    "lesson.level.score.choice.knocker",
    "lesson.level.score.choice.defender",
)


def _eleven_melded(rng: random.Random) -> list[Card]:
    for _ in range(300):
        hand = built_hand(rng, 11, 4)
        if deadwood(hand) == 0:
            return hand
    raise RuntimeError("no big-gin hand")  # pragma: no cover


def scored_deal(rules: Rules, rng: random.Random, kind: str) -> DealResult:
    """A deal ending in ``kind`` (``knock``, ``undercut``, ``gin`` or ``big-gin``), scored
    by :func:`gin.score_deal`: hands built around melds, the up card drawn to allow it."""
    for _ in range(500):
        if kind == "gin":
            knocker = gin_hand(rng, 10)
        elif kind == "big-gin":
            knocker = _eleven_melded(rng)
        else:
            knocker = built_hand(rng, 10, rng.choice((2, 3)), low_card_weight)
        k = deadwood(knocker)
        if kind in ("knock", "undercut") and not 1 <= k <= 10:
            continue
        used = cards_mask(knocker)
        defender = built_hand(rng, 10, rng.choice((1, 2, 3)), low_card_weight, exclude=used)
        used |= cards_mask(defender)
        spade_first = rules.spade_doubles and rng.random() < 0.4
        ups = [
            c
            for c in DECK
            if not used & c.mask
            and rules.knock_limit(c) >= k
            and (c.suit is Suit.SPADES) == spade_first
        ]
        if not ups:
            continue
        up = rng.choice(ups)
        result = score_deal(rules, up, knocker, defender)
        if result.kind == kind:
            return result
    raise RuntimeError(f"no {kind} deal found")  # pragma: no cover


def scored_example(rules: Rules, kind: str) -> DealResult:
    """A fixed example (seeded) of a deal ending in ``kind``."""
    return scored_deal(rules, random.Random(f"example {kind}"), kind)


def gin_example_picture(rules: Rules) -> str:
    """The example the prediction reveals: the up card, the knocker's gin and the
    defender's ten cards with their deadwood."""
    ex = scored_example(rules, "gin")
    parts = (
        group_html(M["lesson.level.picture.up-card"].render(), [ex.up_card], css="gin-plain"),
        group_html(
            M["lesson.level.gin.picture-knocker"].render(),
            ex.knocker_arrangement.cards,
            css="gin-plain",
        ),
        group_html(
            M["lesson.level.gin.picture-defender"].render({"deadwood": ex.defender_deadwood}),
            sorted(ex.defender_arrangement.cards),
            css="gin-plain",
        ),
    )
    return f'<div class="gin-lesson-groups">{"".join(parts)}</div>'


def _result_html(r: DealResult) -> str:
    return (
        para("lesson.level.score.knocker-hand", deadwood=r.knocker_deadwood)
        + arrangement_html(r.knocker_arrangement, size="small")
        + para(
            "lesson.level.score.defender-hand",
            deadwood=r.defender_deadwood_before_layoffs,
        )
        + cards_html(
            sorted(r.defender_arrangement.cards + tuple(lo.card for lo in r.layoffs)), size="small"
        )
    )


def _who_points_question(rules: Rules, r: DealResult, prompt_key: str, nudge: str) -> Question:
    """Who scores, and how many points? With the typical slips of scoring diagnosed."""
    winner = r.winner or "knocker"
    worked = steps_html(r.steps)

    def check(answers: Mapping[str, str]) -> Verdict:
        who = Field("who", choices=WHO_CHOICES).choice(answers["who"])
        given = parse_int(answers["points"])
        guess = check_score_guess(r, "knocker" if who == "knocker" else "defender", given, rules)
        if guess.right:
            return verdict(True, worked)
        slip = "" if guess.slip == "wrong-points" else slip_text_html(guess.text)
        return verdict(False, slip + worked, guess.slip or "other")

    return Question(
        para(prompt_key, card=r.up_card.code, rules=rules_name(rules.name))
        + cards_html([r.up_card], css="gin-up-card")
        + _result_html(r),
        (
            Field("who", M["lesson.level.score.who-label"], choices=WHO_CHOICES),
            points_field("points", M["lesson.level.score.points-label"]),
        ),
        check,
        {"result": r, "answer": (winner, r.points)},
        nudge,
        worked,
    )


# --------------------------------------------------------------------------- 11 undercuts


def undercut_question(rules: Rules, rng: random.Random) -> Question:
    """A knock scored by the engine, an undercut about half the time."""
    r = scored_deal(rules, rng, "undercut" if rng.random() < 0.55 else "knock")
    return _who_points_question(
        rules,
        r,
        "lesson.level.undercut.prompt",
        para("lesson.level.undercut.nudge", bonus=rules.undercut_bonus),
    )


def _undercut_predict(rules: Rules) -> tuple[str, Text]:
    knocker = parse_cards("AS 2S 3S 4H 5H 6H 9C 9D 9H 7C")
    defender = parse_cards("JD QD KD 2C 3C 4C 8S 8H 8C 7D")
    r = score_deal(rules, Card.parse("KH"), knocker, defender)
    return (r.winner or "knocker"), M["lesson.level.undercut.reveal"](
        knocker=r.knocker_deadwood, defender=r.defender_deadwood, points=r.points
    )


LEVEL_UNDERCUT = Level(
    "undercuts",
    M["lesson.level.undercut.title"],
    M["lesson.level.undercut.text"],
    lambda _r: groups(
        (M["lesson.level.picture.knocker-deadwood"].render({"points": 7}), "7C"),
        (M["lesson.level.picture.defender-deadwood"].render({"points": 7}), "7D"),
    ),
    Predict(M["lesson.level.undercut.predict"], WHO_CHOICES, _undercut_predict),
    undercut_question,
    terms=("undercut",),
)

# --------------------------------------------------------------------------- 13 scoring


def scoring_question(rules: Rules, rng: random.Random) -> Question:
    """Any end of a deal (knock, undercut, gin, big gin where the rules have it), scored."""
    kinds = ["knock", "knock", "undercut", "gin"] + (["big-gin"] if rules.big_gin else [])
    r = scored_deal(rules, rng, rng.choice(kinds))
    return _who_points_question(
        rules,
        r,
        "lesson.level.score.prompt",
        para("lesson.level.score.nudge", rules=rules_name(rules.name)),
    )


def _score_predict(rules: Rules) -> tuple[str, Text]:
    r = scored_example(rules, "gin")
    key = "lesson.level.score.reveal-doubled" if r.doubled else "lesson.level.score.reveal"
    return (r.winner or "knocker"), M[key](
        points=r.points, bonus=r.bonus, deadwood=r.defender_deadwood, card=r.up_card.code
    )


LEVEL_SCORE = Level(
    "scoring",
    M["lesson.level.score.title"],
    M["lesson.level.score.text"],
    lambda r: arrangement_html(scored_example(r, "knock").knocker_arrangement),
    Predict(
        M["lesson.level.score.predict"],
        WHO_CHOICES,
        _score_predict,
        picture=gin_example_picture,
    ),
    scoring_question,
)

# --------------------------------------------------------------------------- 14 the game

DEALER_CHOICES = choices(
    "lesson.level.game.choice.same",
    "lesson.level.game.choice.other",
)


def played_game(rules: Rules, seed: int) -> Game:
    """A seeded game whose first deal two computer opponents have played out."""
    game = Game(rules, seed=seed)
    bots = [make_bot("eager", random.Random(seed + i)) for i in (1, 2)]
    return play_game_deal(game, bots)


def game_question(rules: Rules, rng: random.Random) -> Question:
    """After one deal: who deals next (:meth:`gin.Game.next_dealer`), and how far is the
    leader from the target?"""
    game = played_game(rules, rng.randrange(1 << 30))
    deal = game.deal
    winner, points, kind = deal.outcome()
    nxt = "same" if game.next_dealer() == deal.dealer else "other"
    totals = game.totals
    need = rules.target - max(totals)
    if kind == "void":
        story = para("lesson.level.game.story-void")
    else:
        won_key = (
            "lesson.level.game.story-dealer-won"
            if winner == deal.dealer
            else "lesson.level.game.story-non-dealer-won"
        )
        story = para(won_key, points=points)
    explain = para(
        "lesson.level.game.explain-void"
        if kind == "void"
        else (
            "lesson.level.game.explain-alternate"
            if rules.next_dealer == "alternate"
            else "lesson.level.game.explain-winner"
        ),
        rules=rules_name(rules.name),
    ) + para(
        "lesson.level.game.explain-need-void"
        if max(totals) == 0
        else "lesson.level.game.explain-need",
        need=need,
        target=rules.target,
    )

    def slips(who: str, given: int) -> tuple[str, str]:
        if who != nxt:
            if kind == "void":
                return slip_html("lesson.level.game.slip-void"), "void-dealer"
            key = (
                "lesson.level.game.slip-alternate"
                if rules.next_dealer == "alternate"
                else "lesson.level.game.slip-winner"
            )
            return slip_html(key, rules=rules_name(rules.name)), "next-dealer"
        if given == rules.target:
            return slip_html("lesson.level.game.slip-total"), "total"
        return "", "other"

    dealer = Field("dealer", M["lesson.level.game.dealer-label"], choices=DEALER_CHOICES)
    check = choice_and_number_check(dealer, "need", (nxt, need), explain, slips)
    return Question(
        para("lesson.level.game.prompt", rules=rules_name(rules.name), target=rules.target) + story,
        (
            dealer,
            points_field(
                "need",
                M[
                    "lesson.level.game.need-label-void"
                    if max(totals) == 0
                    else "lesson.level.game.need-label"
                ],
            ),
        ),
        check,
        {"answer": (nxt, need), "kind": kind},
        para("lesson.level.game.nudge", rules=rules_name(rules.name)),
        explain,
    )


def _game_predict(rules: Rules) -> tuple[str, Text]:
    for seed in range(50):
        game = played_game(rules, seed)
        winner, _, kind = game.deal.outcome()
        if kind != "void" and winner != game.deal.dealer:
            nxt = "same" if game.next_dealer() == game.deal.dealer else "other"
            key = (
                "lesson.level.game.reveal-alternate"
                if rules.next_dealer == "alternate"
                else "lesson.level.game.reveal-winner"
            )
            return nxt, M[key](rules=rules_name(rules.name))
    raise RuntimeError("no example game")  # pragma: no cover


LEVEL_GAME = Level(
    "game-and-dealer",
    M["lesson.level.game.title"],
    M["lesson.level.game.text"],
    lambda r: (
        '<div class="gin-lesson-groups">'
        + backs_html(3, M["lesson.level.picture.dealer"].render())
        + backs_html(3, M["lesson.level.picture.non-dealer"].render())
        + "</div>"
        + para("lesson.level.game.picture", target=r.target)
    ),
    Predict(M["lesson.level.game.predict"], DEALER_CHOICES, _game_predict),
    game_question,
)

__all__ = [
    "DEALER_CHOICES",
    "LEVEL_GAME",
    "LEVEL_SCORE",
    "LEVEL_UNDERCUT",
    "WHO_CHOICES",
    "game_question",
    "gin_example_picture",
    "played_game",
    "scored_deal",
    "scored_example",
    "scoring_question",
    "undercut_question",
]
