"""Counts in English go through plural forms (issue 21): never "1 points", "leave 1
points" or "they took them" for one card.

Every counted message is rendered at 1 and at 2; every other English template that puts
a bare number before a countable noun is either counted or listed below with the reason
its number is never 1.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from gin.bots.expert import MIN_WORLDS
from gin.bots.review import REVIEW_WORLDS
from gin.i18n import Message, registered, source_keys
from gin.ui.lessons.levels import MASTERY_STREAK

NOUNS = (
    "point",
    "card",
    "deal",
    "time",
    "draw",
    "knock",
    "game",
    "move",
    "lesson",
    "level",
    "undercut",
    "gin",
    "character",
    "right answer",
    "imagined deal",
)
PLURAL_AFTER_ONE = re.compile(
    r"(?<![\d.,])1 (?:more )?(?:" + "|".join(n + "s" for n in NOUNS) + r")\b"
)
SINGULAR_AFTER_TWO = re.compile(r"(?<![\d.,])2 (?:more )?(?:" + "|".join(NOUNS) + r")\b")
BARE_COUNT = re.compile(
    r"\{(\w+)\}\s+(?:more\s+)?(?:" + "|".join(n + "s" for n in NOUNS) + r"|wins)\b"
)

NEVER_ONE = {
    "hand.opponent-knocked-plain": "a knocker lays down all their cards: ten or eleven",
    "review.layout-gin-doubled": "the gin bonus doubled: twice a whole number",
    "end.they-scored-doubled": "doubled points are twice a whole number: even",
    "end.you-scored-doubled": "doubled points are twice a whole number: even",
    "error.too-many-cards": "the most a hand holds: eleven",
    "hand.opponent-hidden": "the opponent holds ten or eleven cards",
    "hand.opponent-knocked": "the opponent holds ten or eleven cards",
    "hand.opponent-teacher": "the opponent holds ten or eleven cards",
    "hint.search": f"at least MIN_WORLDS ({MIN_WORLDS}) imagined deals",
    "lesson.level.game.explain-need-void": "the whole target",
    "lesson.level.game.picture": "“wins” is a verb here",
    "lesson.level.void.explain-on": "more than two cards left",
    "lesson.level.void.explain-void": "two cards left",
    "lesson.level.void.prompt": "the stock holds three or more",
    "lesson.level.void.slip-early": "more than two cards left",
    "lesson.melds.explorer.too-long": "more characters than allowed; the most cards, eleven",
    "lesson.start.table.big-gin-yes": "the presets' big-gin bonus",
    "review.values": f"the review weighs every move in REVIEW_WORLDS ({REVIEW_WORLDS}) deals",
}
"""English templates with a bare number before a noun, and why the number is never 1."""


def _sample(name: str, kind: str, n: int, count: str) -> Any:
    if not kind:
        return n if name == count else 7
    one = n == 1
    return {
        "card": "7S",
        "cards": ["7S"] if one else ["7S", "8S"],
        "or_cards": ["7S"] if one else ["7S", "8S"],
        "and_cards": ["7S"] if one else ["7S", "8S"],
        "meld": ["7S", "8S", "9S"],
        "melds": [["7S", "8S", "9S"]],
        "action": "discard 7S",
        "pct": 0.25,
        "signed": 1.5,
        "dec": 1.5,
        "rank": 7,
        "suit": "S",
        "text": "lesson.exercise.right",
    }[kind]


def _render(m: Message, n: int) -> str:
    data = {}
    for p in m.placeholders:
        name, _, kind = p.partition(":")
        data[name] = _sample(name, kind, n, m.count)
    data[m.count] = n
    return m.render(data, "en")


def _counted() -> list[Message]:
    msgs = registered()
    return [msgs[k] for k in sorted(source_keys()) if msgs[k].plural is not None]


@pytest.mark.parametrize("m", _counted(), ids=lambda m: m.key)
def test_every_counted_english_message_agrees_with_its_number(m: Message) -> None:
    one, two = _render(m, 1), _render(m, 2)
    assert not PLURAL_AFTER_ONE.search(one), one
    assert not SINGULAR_AFTER_TWO.search(two), two
    # a sentence about one card never says "them" of it
    assert not re.search(r"\bthem\b", one), one


def test_every_bare_count_before_a_noun_is_counted_or_never_one() -> None:
    """A number placed before "points", "cards", "deals" ... in a template that is not
    counted must be one that is never 1 (the reasons above)."""
    msgs = registered()
    bare = set()
    for k in source_keys():
        m = msgs[k]
        if m.plural is None and BARE_COUNT.search(m.template):
            bare.add(k)
    assert bare - set(NEVER_ONE) == set()
    assert set(NEVER_ONE) - bare == set(), "a reason is listed for a message that needs none"


def test_the_reasons_hold() -> None:
    assert MIN_WORLDS >= 2 and MASTERY_STREAK >= 2 and REVIEW_WORLDS >= 2


def test_one_card_known_to_the_opponent_is_it_not_them() -> None:
    text = registered()["reading.known"].render({"cards": ["7S"], "count": 1}, "en")
    assert "took it face up, so you saw it" in text
