"""The course's order (issue 21): a level teaches a turn before the up-card offer, and no
level's sentences use a term that a later level introduces."""

from __future__ import annotations

import random
import re

import pytest

import gin
from gin.i18n import registered
from gin.ui.lessons.level import fill, rule_facts
from gin.ui.lessons.level_turn import LEVEL_TURN, turn_question
from gin.ui.lessons.levels import LEVELS, level_index

PRESETS = ("classic", "spades-double")


def _pattern(term: str) -> re.Pattern[str]:
    """A term and its English inflections (melds, knocked, knocking ...), as whole words."""
    words = r"\s+".join(re.escape(w) for w in term.split())
    return re.compile(rf"\b{words}(s|es|ed|ing|er|ers)?\b", re.IGNORECASE)


def _level_texts(level_key: str) -> list[tuple[str, str]]:
    """Every English message of a level: the keys under its own prefix."""
    lv = LEVELS[level_index(level_key)]
    prefix = lv.title.key.rsplit(".", 1)[0] + "."
    out = []
    for key, m in registered().items():
        if key.startswith(prefix):
            out.append((key, m.template + " " + (m.plural or "")))
    return out


def test_every_level_lists_the_terms_it_introduces_once() -> None:
    seen: dict[str, str] = {}
    for lv in LEVELS:
        for t in lv.terms:
            assert t not in seen, f"{t} introduced by {seen[t]} and {lv.key}"
            seen[t] = lv.key
    for term in ("meld", "deadwood", "stock", "knock limit", "gin", "big gin", "bonus"):
        assert term in seen
    for term in ("defender", "layoff", "undercut", "up card"):
        assert term in seen


def test_no_level_uses_a_term_from_a_later_level() -> None:
    """Terms come after the level that teaches them: "stock" not before the turn level,
    the knock limit not before knocking is defined, gin and bonuses not before their
    level, and "defender" defined where it first appears."""
    problems = []
    for i, lv in enumerate(LEVELS):
        later = [t for later_lv in LEVELS[i + 1 :] for t in later_lv.terms]
        for key, text in _level_texts(lv.key):
            for term in later:
                if _pattern(term).search(text):
                    problems.append(f"{key} uses “{term}”")
    assert problems == []


def test_the_turn_level_comes_before_the_up_card_offer() -> None:
    keys = [lv.key for lv in LEVELS]
    assert keys.index("turn") < keys.index("up-card-offer")
    assert keys.index("deadwood") < keys.index("turn")


@pytest.mark.parametrize("rules", PRESETS)
def test_the_turn_level_says_the_rule_sets_taken_card_rule(rules: str) -> None:
    """RULES.md: the card just taken from the discard pile may not be discarded on the same
    turn where the rule set says so (``may_discard_taken_card``)."""
    r = gin.Rules.preset(rules)
    text = fill(LEVEL_TURN.text, rule_facts(r))
    assert "stock" in text and "discard pile" in text
    assert ("may not be discarded" in text) == (not r.may_discard_taken_card)
    answer, why = LEVEL_TURN.predict.answer(r)
    assert answer == ("yes" if r.may_discard_taken_card else "no")
    assert "may not be discarded" in why.render()


@pytest.mark.parametrize("rules", PRESETS)
def test_the_turn_exercises_are_the_engines_answers(rules: str) -> None:
    r = gin.Rules.preset(rules)
    kinds = set()
    for seed in range(12):
        q = turn_question(r, random.Random(seed))
        answer, held = q.data["answer"]
        kinds.add(q.data["from_pile"])
        assert held == 11
        assert q.check({"discard": answer, "held": "11"}).right
        wrong = "yes" if answer == "no" else "no"
        v = q.check({"discard": wrong, "held": "11"})
        assert not v.right
        if q.data["from_pile"]:
            assert answer == "no" and v.slip == "taken"
        else:
            assert answer == "yes" and v.slip == "stock"
        ten = q.check({"discard": answer, "held": "10"})
        assert not ten.right and ten.slip == "ten"
        assert q.nudge and q.worked
    assert kinds == {True, False}


def test_level_8_shows_the_up_card_apart_from_the_eleven_cards() -> None:
    """Issue 21: "these eleven cards" was shown with twelve, the up card unlabelled."""
    knock = LEVELS[level_index("knocking")]
    assert knock.predict.picture is not None
    html = knock.predict.picture(gin.Rules.preset("classic"))
    assert "the up card" in html and "your eleven cards after drawing" in html
    assert html.count("gin-lesson-card ") + html.count('gin-lesson-card"') >= 12


def test_progress_stored_before_the_turn_level_existed_still_counts_by_level_key() -> None:
    """Records are keyed by level key, not position: a browser that mastered "knocking"
    (level 8 before the turn level was added, level 9 now) still shows it mastered there,
    and the new level starts as new."""
    from gin.ui.lessons.course import course_lesson
    from gin.ui.lessons.levelmap import level_title

    old_records = {
        "classic": {
            "knocking": {"state": "mastered", "answered": 3, "first_right": 3, "best_streak": 3},
            "_last": "knocking",
        }
    }
    lesson = course_lesson(1, rules="classic")
    lesson.progress.send_from_page({"event": "stored", "records": old_records})
    assert lesson.progress.loaded
    assert lesson.progress.state("classic", "knocking") == "mastered"
    assert lesson.progress.state("classic", "turn") == "new"
    assert lesson.current is not None and lesson.current.level.key == "knocking"
    number = level_index("knocking") + 1
    assert level_index("turn") < level_index("knocking")
    assert lesson.current.level.title.render() in level_title(number)


@pytest.mark.parametrize("rules", PRESETS)
def test_the_gin_reveal_shows_the_cards_and_the_doubling_that_make_its_points(
    rules: str,
) -> None:
    """Issue 21: the gin level gave 110 points without the cards or the doubling."""
    from gin.ui.lessons.level_score import scored_example

    r = gin.Rules.preset(rules)
    ex = scored_example(r, "gin")
    for key in ("gin-and-big-gin", "scoring"):
        lv = LEVELS[level_index(key)]
        assert lv.predict.picture is not None
        html = lv.predict.picture(r)
        assert f"{ex.defender_deadwood} points of deadwood" in html
        assert html.count('class="gin-lesson-card') >= 21  # up card, ten and ten
        _, why = lv.predict.answer(r)
        text = why.render()
        assert str(ex.points) in text and str(ex.bonus) in text
        assert ("doubled by the spade up card" in text) == ex.doubled
    assert ex.points == (ex.defender_deadwood + ex.bonus) * (2 if ex.doubled else 1)


def test_after_a_void_first_deal_nobody_is_called_the_leader() -> None:
    """Issue 21: "the leader" after a 0–0 void deal. Nobody has scored: the question asks
    what each player still needs."""
    from gin.ui.lessons.level_score import game_question

    q = game_question(gin.Rules.preset("classic"), random.Random(32))
    assert q.data["kind"] == "void"
    label = q.fields[1].label
    assert label is not None and label.key == "lesson.level.game.need-label-void"
    assert "Nobody has scored yet" in q.worked and "leader" not in q.worked
    assert q.check({"dealer": "same", "need": "100"}).right


def test_the_cheat_sheets_limit_names_each_rule_sets_ace_limit() -> None:
    """Issue 21: the limit is not simply the up card's point value: under spades-double an
    ace gives 0."""
    from gin.i18n import M
    from gin.ui.lessons.cheatsheet import _ace_limits

    text = M["lesson.cheat.limit-text"].render(_ace_limits(), "en")
    classic = gin.Rules.preset("classic").ace_knock_limit
    spades = gin.Rules.preset("spades-double").ace_knock_limit
    assert f"{classic} in “classic”" in text and f"{spades} in “spades-double”" in text
