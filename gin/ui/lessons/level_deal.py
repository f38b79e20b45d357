"""Levels 5 to 7: the deal and the up-card offer, the knock limit, the ace and spade up
cards of each rule set.

Answers come from the engine: a seeded :class:`gin.Deal` after the passes, and
:meth:`gin.Rules.knock_limit` / :meth:`gin.Rules.is_doubled`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from gin import DECK, Card, Deal, Pass, Phase, Rules, Suit, parse_cards
from gin.i18n import M, Text
from gin.ui.choices import rules_name
from gin.ui.lessons.exercise import Choice, Field, Question, Verdict, choices, parse_int
from gin.ui.lessons.level import (
    YES_NO,
    Level,
    Predict,
    choice_question,
    groups,
    number_check,
    para,
    pictured,
    slip_html,
    verdict,
)
from gin.ui.lessons.pictures import cards_html

# --------------------------------------------------------------------------- 5 the offer

OFFER_CHOICES = choices(
    "lesson.level.offer.choice.non-dealer-offer",
    "lesson.level.offer.choice.dealer-offer",
    "lesson.level.offer.choice.non-dealer-stock",
    "lesson.level.offer.choice.dealer-stock",
)


def offer_state(deal: Deal) -> str:
    """Who acts now in a deal's first turn and how, as one of :data:`OFFER_CHOICES`."""
    who = "dealer" if deal.to_move == deal.dealer else "non-dealer"
    if deal.phase in (Phase.OFFER_NON_DEALER, Phase.OFFER_DEALER):
        return f"{who}-offer"
    return f"{who}-stock"


_EXPLAIN = (
    "lesson.level.offer.explain-0",
    "lesson.level.offer.explain-1",
    "lesson.level.offer.explain-2",
)
_PROMPT = (
    "lesson.level.offer.prompt-0",
    "lesson.level.offer.prompt-1",
    "lesson.level.offer.prompt-2",
)


def offer_question(rules: Rules, rng: random.Random) -> Question:
    """After 0, 1 or 2 passes of the up card: who acts, and may they take the up card?"""
    deal = Deal.new(rules, dealer=rng.randrange(2), rng=rng)
    passes = rng.choice((0, 1, 2, 2))
    for _ in range(passes):
        deal.apply(Pass())
    answer = offer_state(deal)
    explain = para(_EXPLAIN[passes])
    slips: dict[str, tuple[str, str]] = {}
    if passes == 0:
        slips["dealer-offer"] = ("dealer-first", slip_html("lesson.level.offer.slip-dealer-first"))
    elif passes == 1:
        slips["non-dealer-stock"] = (
            "dealer-next",
            slip_html("lesson.level.offer.slip-dealer-next"),
        )
    else:
        for wrong in ("non-dealer-offer", "dealer-offer", "dealer-stock"):
            slips[wrong] = ("dealer-pass", slip_html("lesson.level.offer.slip-dealer-pass"))
    prompt = para(_PROMPT[passes], card=deal.up_card.code) + cards_html([deal.up_card])
    return choice_question(
        prompt,
        "who",
        OFFER_CHOICES,
        answer,
        explain,
        slips,
        nudge=para("lesson.level.offer.nudge"),
        data={"passes": passes, "up_card": deal.up_card},
    )


def _offer_predict(rules: Rules) -> tuple[str, Text]:
    deal = Deal.new(rules, dealer=0, seed=1)
    deal.apply(Pass())
    deal.apply(Pass())
    return offer_state(deal), M["lesson.level.offer.reveal"]()


LEVEL_OFFER = Level(
    "up-card-offer",
    M["lesson.level.offer.title"],
    M["lesson.level.offer.text"],
    pictured(
        ("lesson.level.picture.up-card", "8D"),
        ("lesson.level.picture.your-ten", "AS 4H 6H 9C TC JD QD 2S 5S KC"),
    ),
    Predict(M["lesson.level.offer.predict"], OFFER_CHOICES, _offer_predict),
    offer_question,
    terms=("up card", "dealer"),
)

# --------------------------------------------------------------------------- 6 knock limit


def knock_limit_question(rules: Rules, rng: random.Random) -> Question:
    """An up card from 2 to K: the knock limit it sets (:meth:`gin.Rules.knock_limit`)."""
    up = rng.choice([c for c in DECK if c.rank != 1 and (c.rank >= 9 or rng.random() < 0.6)])
    answer = rules.knock_limit(up)
    worked = para("lesson.level.limit.worked", card=up.code, limit=answer)

    def slips(given: int) -> tuple[str, str] | None:
        if up.rank > 10 and given == up.rank:
            slip = slip_html("lesson.level.values.slip-face", card=up.code, rank=up.rank)
            return slip, "face-as-rank"
        return None

    return Question(
        para("lesson.level.limit.prompt", card=up.code) + cards_html([up], size="large"),
        (Field("limit", placeholder=M["lesson.level.placeholder.limit"]),),
        number_check("limit", answer, worked, slips),
        {"up_card": up, "answer": answer},
        para("lesson.level.limit.nudge"),
        worked,
    )


def _limit_predict(rules: Rules) -> tuple[str, Text]:
    q = Card.parse("QD")
    limit = rules.knock_limit(q)
    return str(limit), M["lesson.level.limit.reveal"](card=q.code, limit=limit)


LEVEL_LIMIT = Level(
    "knock-limit",
    M["lesson.level.limit.title"],
    M["lesson.level.limit.text"],
    lambda r: groups(
        *(
            (M["lesson.level.picture.limit"].render({"limit": r.knock_limit(Card.parse(c))}), c)
            for c in ("3C", "7D", "TH", "KC")
        )
    ),
    Predict(
        M["lesson.level.limit.predict"],
        (Choice("10", M["lesson.level.choice.ten"]), Choice("12", M["lesson.level.choice.twelve"])),
        _limit_predict,
        lambda _r: parse_cards("QD"),
    ),
    knock_limit_question,
    terms=("knock limit", "knock"),
)

# --------------------------------------------------------------------------- 7 ace & spade


def ace_spade_question(rules: Rules, rng: random.Random) -> Question:
    """An ace or a spade up card: the knock limit and whether the deal is doubled, in the
    rule set in play."""
    kind = rng.choice(("ace", "ace", "spade", "ace-of-spades"))
    if kind == "ace":
        up = Card(1, rng.choice((Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)))
    elif kind == "spade":
        up = Card(rng.randint(2, 13), Suit.SPADES)
    else:
        up = Card(1, Suit.SPADES)
    limit = rules.knock_limit(up)
    doubled = rules.is_doubled(up)
    explain = para(
        "lesson.level.ace.explain-limit-0" if limit == 0 else "lesson.level.ace.explain-limit",
        card=up.code,
        limit=limit,
        rules=rules_name(rules.name),
    ) + para(
        "lesson.level.ace.explain-doubled" if doubled else "lesson.level.ace.explain-not-doubled",
        card=up.code,
        rules=rules_name(rules.name),
    )

    def check(answers: Mapping[str, str]) -> Verdict:
        given = parse_int(answers["limit"])
        said_doubled = Field("doubled", choices=YES_NO).choice(answers["doubled"]) == "yes"
        right = given == limit and said_doubled == doubled
        if right:
            return verdict(True, explain)
        slip, code = "", "other"
        if given != limit and up.rank == 1:
            if given in (0, 1):
                key = (
                    "lesson.level.ace.slip-limit-0"
                    if limit == 0
                    else "lesson.level.ace.slip-limit-1"
                )
                slip, code = slip_html(key, rules=rules_name(rules.name)), "ace-limit"
            elif given in (11, 14):
                slip, code = slip_html("lesson.level.values.slip-ace", card=up.code), "ace-high"
        elif said_doubled != doubled:
            if doubled:
                key = "lesson.level.ace.slip-doubled"
            elif rules.spade_doubles:  # only a spade up card doubles, and this is none
                key = "lesson.level.ace.slip-not-doubled"
            else:  # a rule set that never doubles
                key = "lesson.level.ace.slip-never-doubled"
            slip, code = slip_html(key, rules=rules_name(rules.name)), "doubling"
        return verdict(False, slip + explain, code)

    return Question(
        para("lesson.level.ace.prompt", card=up.code, rules=rules_name(rules.name))
        + cards_html([up], size="large"),
        (
            Field(
                "limit",
                M["lesson.level.ace.limit-label"],
                placeholder=M["lesson.level.placeholder.limit"],
            ),
            Field("doubled", M["lesson.level.ace.doubled-label"], choices=YES_NO),
        ),
        check,
        {"up_card": up, "limit": limit, "doubled": doubled},
        para("lesson.level.ace.nudge", rules=rules_name(rules.name)),
        explain,
    )


def _ace_predict(rules: Rules) -> tuple[str, Text]:
    limit = rules.knock_limit(Card.parse("AH"))
    key = "lesson.level.ace.reveal-0" if limit == 0 else "lesson.level.ace.reveal"
    return ("yes" if limit >= 1 else "no"), M[key](limit=limit, rules=rules_name(rules.name))


LEVEL_ACE_SPADE = Level(
    "ace-and-spade",
    M["lesson.level.ace.title"],
    M["lesson.level.ace.text"],
    lambda r: groups(
        (M["lesson.level.picture.limit"].render({"limit": r.knock_limit(Card.parse("AH"))}), "AH"),
        (
            (
                M["lesson.level.picture.doubled"]
                if r.is_doubled(Card.parse("6S"))
                else M["lesson.level.picture.not-doubled"]
            ).render(),
            "6S",
        ),
    ),
    Predict(M["lesson.level.ace.predict"], YES_NO, _ace_predict, lambda _r: parse_cards("AH")),
    ace_spade_question,
)

__all__ = [
    "LEVEL_ACE_SPADE",
    "LEVEL_LIMIT",
    "LEVEL_OFFER",
    "OFFER_CHOICES",
    "ace_spade_question",
    "knock_limit_question",
    "offer_question",
    "offer_state",
]
