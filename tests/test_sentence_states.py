"""Every sentence in every state it can be shown in (issue 40, "one sentence per state"):
each template family the English reading named is rendered from engine fixtures in each
of its states, and in every language, and checked to say the state it was made in and to
leave no value empty ("keeps  as deadwood", "are no melds", "( )")."""

from __future__ import annotations

import re

import pytest

import gin
from gin.counting import check_deadwood_count, count_answer
from gin.i18n import LANGUAGES, Text

BLANK = re.compile(r"\S\s{2,}\S|\s[.,;:!?](?!\d)|\(\s*\)|\u2066\u2069|:\s*[.;]|^\s|\s$")
"""What an empty value leaves in a rendered sentence: two spaces, a space before a stop, an
empty pair of brackets or an empty isolate, a colon with nothing after it."""


def blank_value(text: str) -> str | None:
    """The place an empty value left in ``text``, if any."""
    m = BLANK.search(text.replace("\u00a0", " "))
    return m.group(0) if m else None


def every_language(text: Text) -> dict[str, str]:
    """``text`` rendered in every language, each checked for a value left empty."""
    out = {}
    for lang in LANGUAGES:
        rendered = text.render(lang)
        assert rendered and blank_value(rendered) is None, (lang, text.key, rendered)
        out[lang] = rendered
    return out


def test_the_blank_check_finds_the_empty_values_the_reading_found() -> None:
    """The check itself, on the old renderings the reading quoted."""
    assert blank_value("The defender melds run 2♣ 3♣ 4♣ and keeps  as deadwood.")
    assert blank_value("leaving  = 0")
    assert blank_value("the cards left (  ) count")
    assert blank_value("The melds that leave the least deadwood are 7♠ 8♠ 9♠.") is None
    assert blank_value("deadwood 0.5 on average") is None


# ------------------------------------------------------------------ the count's answer

@pytest.mark.parametrize(
    ("hand", "key"),
    [
        ("7S KD 8S 7H 9S 7D 2C AC QH 4C", "count.answer"),  # melds and deadwood
        ("2S 5H 8D JC 3C 6S 9H QD 4D KS", "count.answer-no-melds"),  # no meld at all
        ("7S 8S 9S 7H 7D 7C 2C 3C 4C 5C", "count.answer-no-deadwood"),  # every card melded
    ],
)
def test_the_counts_worked_answer_has_a_sentence_for_each_state_and_no_empty_value(
    hand: str, key: str
) -> None:
    """count.answer with melds and deadwood, with no meld ("are no melds" before), with no
    deadwood ("K♦ are left over: 0" before): each its own sentence, in every language."""
    cards = gin.parse_cards(hand)
    text = count_answer(cards)
    assert text.key == key
    said = every_language(text)
    best = gin.best_arrangement(cards)
    assert str(best.deadwood_points) in said["en"]
    wrong = check_deadwood_count(cards, best.deadwood_points + 100)
    assert wrong.text.key == key  # the verdict's worked answer is the same sentence


# ------------------------------------------------------------------ the lab's spade tip

def test_the_labs_undercut_tip_confirms_the_rule_only_when_the_figure_is_the_rules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """RULES.md: an undercut on a spade deal pays twice the difference plus the undercut
    bonus of 25, doubled (50). The tip says "the undercut bonus of 25, doubled" only when
    every remainder is 50; a single other figure is said as not the rules' 50."""
    from gin.ui.lessons import tips

    real = tips.check_spade_undercut(count=10, seed=7)
    assert real.holds and real.finding.key == "lesson.lab.tip.undercut-finding-exact"
    results = tips.spade_results("undercut", 10, 7)
    off = tuple(
        type(r)(**{**r.__dict__, "points": r.points + 2}) for r in results
    )  # an engine that paid 52: the check must not endorse it
    monkeypatch.setattr(tips, "spade_results", lambda *_a, **_k: off)
    check = tips.check_spade_undercut(count=10, seed=7)
    assert not check.holds and check.finding.key == "lesson.lab.tip.undercut-finding-off"
    said = every_language(check.finding)
    assert "52" in said["en"] and "doubled" not in said["en"] and "not the 50" in said["en"]
