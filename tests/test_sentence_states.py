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


# ------------------------------------------------- the score, the score guess, the coach

import functools  # noqa: E402
import random  # noqa: E402

from gin.bots import make_bot  # noqa: E402
from gin.deal import Deal, Phase  # noqa: E402
from gin.scoreguess import check_score_guess, guess_steps  # noqa: E402
from gin.scoring import DealResult, score_deal  # noqa: E402
from gin.ui.table.coaching import turn_instruction  # noqa: E402
from gin.ui.table.helplevel import policy  # noqa: E402

KNOCKER = "AS 2S 3S 5H 5D 5C 9D TD JD 2C"  # three melds and 2♣: deadwood 2
FIXED = [  # (defender's ten cards, their layoffs or None for the engine's): the rare states
    ("7H 8H 9H 4C 4D 4S QS QH QC 5S", None),  # laid off to no deadwood: an undercut at 0
    ("7H 8H 9H 4C 4D 4S QS QH QC 5S", [("5S", 1)]),  # the same, chosen by the defender
    ("7H 8H 9H 4C 4D 4S QS QH QC KD", []),  # nothing laid off, melds and deadwood
    ("KS 8H 2H 4C 6D 7S QH JC 3D 9C", []),  # nothing laid off, no meld at all
    ("KS 8H 2H 4C 6D 7S QH JC 3D 9C", None),  # no meld, the engine's layoffs
]


@functools.cache
def results() -> tuple[tuple[gin.Rules, DealResult], ...]:
    """Finished deals of both presets: whole deals two bots played (knocks, undercuts, gin,
    big gin) and the fixed rare states, under each up card's doubling."""
    out = []
    for preset in ("classic", "spades-double"):
        rules = gin.Rules.preset(preset)
        for seed in range(120):
            deal = Deal.new(rules, dealer=seed % 2, seed=seed)
            bots = [make_bot("eager", random.Random(seed + p)) for p in (0, 1)]
            while not deal.is_over:
                deal.apply(bots[deal.to_move].choose(deal.view(deal.to_move)))
            r = deal.view(0).result
            if r is not None:
                out.append((rules, r))
        for up in ("KC", "7S"):  # a plain deal, and a spade deal (doubled in spades-double)
            for defender, layoffs in FIXED:
                chosen = None if layoffs is None else [
                    (gin.Card.parse(c), i) for c, i in layoffs
                ]
                out.append((rules, score_deal(
                    rules, gin.Card.parse(up), gin.parse_cards(KNOCKER),
                    gin.parse_cards(defender), layoffs=chosen,
                )))
    return tuple(out)


def test_the_fixtures_hold_every_end_kind_of_both_presets_and_the_rare_states() -> None:
    kinds = {(rules.name, r.kind) for rules, r in results()}
    assert {("classic", k) for k in ("knock", "undercut", "gin")} <= kinds
    assert {("spades-double", k) for k in ("knock", "undercut", "gin", "big-gin")} <= kinds
    assert any(r.defender_deadwood == 0 and r.kind == "undercut" for _rules, r in results())
    assert any(r.multiplier == 2 for _rules, r in results())


def _said(text: str) -> str:
    return text.lower()


def test_every_score_line_in_every_state_leaves_no_value_empty_in_any_language() -> None:
    """The score lines of every fixture (the end, both players' melds and deadwood, the
    layoffs, the comparison, the total) and the score guess's steps before the guess."""
    for _rules, r in results():
        for step in (*r.steps, *guess_steps(r)):
            for lang in LANGUAGES:
                rendered = step.render(lang)
                assert rendered and blank_value(rendered) is None, (lang, step.key, rendered)


def test_the_score_lines_say_the_end_kind_and_never_a_doubling_where_nothing_doubles() -> None:
    """Big gin is said as big gin, gin as gin (never a plain knock), and a deal that is not
    doubled (classic, or a non-spade up card) is never said doubled."""
    for _rules, r in results():
        scored = [step for step in r.steps if not step.key.startswith("limit.")]  # the end
        said = _said(" ".join(step.render("en") for step in scored))
        if r.kind == "big-gin":
            assert "big gin" in said
        elif r.kind == "gin":
            assert "gin" in said and "big gin" not in said
        if r.multiplier == 1:
            assert "doubled" not in said and "× 2" not in said, said


GUESSES = (
    lambda r: (r.winner, r.points // 2),
    lambda r: (r.winner, r.points * 2),
    lambda r: (r.winner, r.points - r.bonus * r.multiplier),
    lambda r: (r.winner, (r.knocker_deadwood + r.defender_deadwood + r.bonus) * r.multiplier),
    lambda r: (r.winner, (r.defender_deadwood + r.bonus) * r.multiplier),
    lambda r: (r.winner, (r.knocker_deadwood + r.bonus) * r.multiplier),
    lambda r: (r.winner, r.points + 25 * r.multiplier),
    lambda r: (r.winner, r.base_points * 2 + r.bonus),
    lambda r: ("defender" if r.winner == "knocker" else "knocker", r.points),
    lambda r: (r.winner, r.points + 1),
)


def test_every_score_guess_slip_says_the_deals_own_state_in_every_language() -> None:
    """Each slip a wrong guess can meet: the end kind named (a big gin as big gin), no
    doubling said on a deal that is not doubled, the doubling said on one that is, and no
    value left empty, in every language."""
    seen = set()
    for rules, r in results():
        if r.winner is None:
            continue
        for guess in GUESSES:
            winner, points = guess(r)
            v = check_score_guess(r, winner, points, rules)
            if v.right:
                continue
            seen.add(v.slip)
            said = every_language(v.text)
            en = _said(said["en"])
            if r.kind == "big-gin" and v.slip == "wrong-winner":
                assert "big gin" in en
            if r.multiplier == 1:
                assert "doubled on this" not in en and "all doubled" not in en, en
            if r.multiplier == 2 and v.slip in ("counted-knocker-deadwood", "forgot-to-subtract"):
                assert "doubl" in en, en
            if not rules.spade_doubles and v.slip == "doubled-without-spade":
                assert "nothing doubles" in en or "never doubles" in en or "not double" in en
    assert {"wrong-winner", "forgot-spade-doubling", "doubled-without-spade"} <= seen


def test_every_coach_turn_line_in_every_phase_and_help_level_leaves_no_value_empty() -> None:
    """The coach's instruction at every decision of whole deals, at the help levels that
    give it: named for the state (big gin only where the rules have it), in every
    language."""
    keys = set()
    for preset in ("classic", "spades-double"):
        rules = gin.Rules.preset(preset)
        for seed in range(15):
            deal = Deal.new(rules, dealer=seed % 2, seed=seed)
            bots = [make_bot("eager", random.Random(seed + p)) for p in (0, 1)]
            while not deal.is_over:
                for player in (0, 1):
                    view = deal.view(player)
                    for level in ("some", "none"):
                        (step,) = turn_instruction(view, policy(level))
                        keys.add(step.key)
                        for lang in LANGUAGES:
                            assert blank_value(step.render(lang)) is None
                        if not rules.big_gin:
                            assert "Big gin" not in step.render("en")
                if deal.phase is Phase.LAYOFF and deal.is_over:
                    break
                deal.apply(bots[deal.to_move].choose(deal.view(deal.to_move)))
    assert {"coach.turn-wait", "coach.turn-draw", "coach.turn-discard-knock",
            "coach.turn-discard-knock-big-gin"} <= keys


# ------------------------------------------------- the review's lines quote a past move

ACTIONS = ("take", "pass", "draw-stock", "draw-discard", "discard 8D", "knock 8D", "big-gin",
           "lay-off")


def test_a_move_made_is_said_as_a_past_move_not_as_the_command_in_every_language() -> None:
    """Issue 40: the review's line "3. Discard: discard 8♦." read as an order; the move
    made is now said as the learner's own past move ("you discarded 8♦"), a form of its
    own in each language (never the command's words)."""
    from gin.i18n import M, render

    for action in ACTIONS:
        head, *card = action.split()
        data = {"card": card[0]} if card else {}
        for lang in LANGUAGES:
            command = M["review.choice"].render({"action": action}, lang)  # the buttons' form
            said = render(f"action-past.{head}", data, lang)
            assert said and said != command and blank_value(said) is None, (lang, said)
    assert render("action-past.discard", {"card": "8D"}, "en") == "you discarded 8♦"


def test_the_reviews_move_lines_quote_the_move_made_in_the_past_in_every_language() -> None:
    """A whole deal reviewed (few imagined deals): every searched decision's line names the
    move made in its past form, in every language."""
    from gin.bots.review import review_deal
    from gin.ui.review.render import move_text

    game = gin.Game(gin.Rules.preset("classic"), seed=11, first_dealer=0)
    bots = [make_bot("eager", random.Random(11 + p)) for p in (0, 1)]
    while not game.deal.is_over:
        game.apply(bots[game.deal.to_move].choose(game.deal.view(game.deal.to_move)))
    review = review_deal(game.deals[0], 0, worlds=4)
    searched = [(n, d) for n, d in enumerate(review.decisions, 1) if d.exact is None]
    assert searched
    for lang in LANGUAGES:
        gin.i18n.set_language(lang)
        try:
            for number, d in searched:
                line = move_text(number, d)
                head, *card = d.made.text.split()
                data = {"card": card[0].upper()} if card and head in ("discard", "knock") else {}
                past = gin.i18n.render(f"action-past.{head}", data, lang)
                assert past in line and blank_value(line) is None, (lang, line)
        finally:
            gin.i18n.set_language("en")


LAID_OUT = {"en": "you laid out", "he": "הנחת", "et": "ladusid välja", "lo": "ເຈົ້າໄດ້ວາງ",
            "bg": "ти изложи"}
NONE_LAID_OFF = {"en": "you laid off nothing", "he": "לא הוספת", "et": "sa ei lisanud",
                 "lo": "ເຈົ້າບໍ່ໄດ້ຕໍ່", "bg": "ти не добави"}


@pytest.mark.parametrize("best", [True, False])
def test_the_reviews_layout_line_quotes_the_learners_own_layout_as_a_past_move(
    best: bool,
) -> None:
    """Issue 40: the review's layout line gave the melds bare ("4. Layout: run 5♥ 6♥ 7♥
    8♥; set ..."); it now says the learner laid them out ("you laid out ..."), in the best
    layout's line and in the one that lost points, in every language; the layoffs line
    names who laid off too (Bulgarian "ти не добави", not the bare "не добави")."""
    from test_review_layout import RUN4, RUN5, SET4, WORLDS, _knock_deal, _layoff_deal

    from gin.bots.review import review_deal
    from gin.ui.review.render import exact_move_text

    laid = (RUN5, SET4) if best else (RUN4, SET4)  # leaving the 9♥ out loses points
    layout = [d for d in review_deal(_knock_deal(laid), 0, worlds=WORLDS).decisions
              if d.kind == "layout"]
    layoffs = [d for d in review_deal(_layoff_deal(()), 0, worlds=WORLDS).decisions
               if d.kind == "layoffs"]
    assert layout and layoffs and (layout[0].loss == 0) == best
    for lang in LANGUAGES:
        gin.i18n.set_language(lang)
        try:
            line = exact_move_text(4, layout[0])
            assert LAID_OUT[lang] in line and blank_value(line) is None, (lang, line)
            assert "5♥" in line, (lang, line)
            line = exact_move_text(5, layoffs[0])
            assert NONE_LAID_OFF[lang] in line and blank_value(line) is None, (lang, line)
        finally:
            gin.i18n.set_language("en")


@pytest.mark.parametrize("preset", gin.Rules.PRESETS)
def test_the_score_levels_text_says_big_gin_and_the_doubling_as_the_rule_sets_own_or_not(
    preset: str,
) -> None:
    """The score level's text has a last sentence per rule set (the reading: under
    "spades-double" it said "Only “spades-double” also has big gin" of the rule set in play):
    a rule set with big gin and the spade doubling says them as its own, any other names
    “spades-double” as the one that has them."""
    from gin.ui.lessons.level import fill, rule_facts
    from gin.ui.lessons.level_score import LEVEL_SCORE

    rules = gin.Rules.preset(preset)
    facts = rule_facts(rules)
    text = fill(LEVEL_SCORE.text, facts)
    own = rules.big_gin and rules.spade_doubles
    assert ("Only “spades-double” also has big gin" in text) is not own, text
    assert (f"Big gin scores the defender's deadwood plus {rules.big_gin_bonus}" in text) is own
    names = {p.split(":")[0] for p in LEVEL_SCORE.text.placeholders}
    for lang in LANGUAGES:
        rendered = LEVEL_SCORE.text.render({k: facts[k] for k in names}, lang)
        assert blank_value(rendered) is None and "{" not in rendered, (lang, rendered)
        assert str(rules.gin_bonus) in rendered and str(rules.undercut_bonus) in rendered


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_cards_laid_off_at_the_end_are_counted_at_1_and_never_after_a_colon(
    lang: str,
) -> None:
    """A native finding (Hebrew, Bulgarian): the end labels said the cards laid off as a bare
    number ("נוספו 1", "добавени: 1", "(преди: 12)"). Each is a counted sentence now, and
    at 1 reads as one card."""
    from gin.i18n import render

    grown = {
        n: render("end.meld-grown", {"kind": "hand.meld-set", "count": n}, lang) for n in (1, 2)
    }
    after = {
        n: render("end.laid-off", {"count": "9", "total": n, "before": 12}, lang) for n in (1, 3)
    }
    for text in (*grown.values(), *after.values()):
        assert ":" not in text and blank_value(text) is None, (lang, text)
    if lang == "en":
        assert grown[1].endswith("1 card laid off") and after[3].endswith("3 cards (it was 12)")
    if lang == "he":
        assert "קלף אחד" in grown[1] and "קלף אחד" in after[1]
    if lang == "bg":
        assert "1 карта" in grown[1] and "1 карта" in after[1] and "3 карти" in after[3]
