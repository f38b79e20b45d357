"""Widget-level tests of the lessons (no browser): every exercise is answered right and
wrong, and the verdict is checked against the engine."""

from __future__ import annotations

import html
import json
import random
import re
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import gin
from gin import Card, Rules, parse_cards
from gin.ui.lessons import (
    LESSONS,
    knocking,
    knocking_lesson,
    lab_lesson,
    melds,
    melds_lesson,
    play_lesson,
    start_lesson,
    upcard,
    upcard_lesson,
)
from gin.ui.lessons.base import MessageArea, resolve_seed
from gin.ui.lessons.exercise import Exercise, Question
from gin.ui.lessons.guard import guarded
from gin.ui.lessons.intros import INTROS, intro_text
from gin.ui.lessons.stats import limit_shares, simulated_up_cards, up_card_claims

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
SEEDS = range(12)
HINT_PLAYOUTS = 60
"""Fewer imagined deals for the knock-or-wait hint in tests (the advice is still the
hint's own)."""


def seeded_questions(make: Callable[[random.Random], Question], n: int) -> list[Question]:
    """The questions ``make`` asks with the seeds 0 to ``n - 1``."""
    return [make(random.Random(s)) for s in range(n)]


def wrong_choice(ex: Exercise, field: str, right: str) -> str:
    """A choice of ``field`` other than the right one."""
    q = ex.question
    assert q is not None
    values = next(f.values for f in q.fields if f.name == field)
    return next(c for c in values if c != right)


# --------------------------------------------------------------------------- notebooks


@pytest.mark.parametrize("info", LESSONS, ids=lambda i: i.notebook)
def test_every_lesson_is_a_thin_notebook_committed_without_outputs(info: Any) -> None:
    # one voice: the notebook holds no prose, the lesson function renders it from the catalog
    nb = json.loads((NOTEBOOKS / info.notebook).read_text())
    assert [c["cell_type"] for c in nb["cells"]] == ["code"], "a single code cell, no Markdown"
    code = nb["cells"][0]
    assert re.fullmatch(r"from gin\.ui\.lessons import (\w+)\n\n\1\(\)", "".join(code["source"])), (
        code["source"]
    )
    assert code["outputs"] == [] and code["execution_count"] is None
    assert "widgets" not in nb["metadata"], "widget state must not be committed"
    assert INTROS[info.notebook], "the lesson opens with its own prose"


def test_lesson_links_are_relative_and_point_at_existing_notebooks() -> None:
    html = start_lesson().lesson_map.value + start_lesson().play_now.value
    targets = re.findall(r'href="([^"]+)"', html)
    assert {t for t in targets} >= {f"./{i.notebook}" for i in LESSONS[1:]}
    for t in targets:
        assert t.startswith("./") and (NOTEBOOKS / t[2:]).exists(), t
    assert 'href="./04_play.ipynb"' in start_lesson().play_now.value


def test_every_lesson_links_to_the_next_one() -> None:
    lesson = melds_lesson(seed=1)
    nav = lesson.widget.children[-1].value
    assert 'href="./02_the_up_card.ipynb"' in nav and 'href="./00_start_here.ipynb"' in nav


# --------------------------------------------------------------------------- start here


def test_rules_table_is_built_from_the_presets_fields() -> None:
    table = start_lesson().rules_table.value
    classic, spades = Rules.preset("classic"), Rules.preset("spades-double")
    for r in (classic, spades):
        assert f"{r.undercut_bonus} points" in table
        assert f"{r.target} points" in table
    assert f"bonus {spades.big_gin_bonus} points" in table
    assert "only gin or big gin can end the deal" in table  # spades-double ace rule
    assert f"{classic.ace_knock_limit}: knock with" in table


# --------------------------------------------------------------------------- the lessons' prose


def _paragraph(notebook: str, *words: str) -> str:
    """The paragraph of a lesson's prose that holds every one of ``words``."""
    found = [p for p in intro_text(notebook) if all(w in p.lower() for w in words)]
    assert found, (notebook, words)
    return found[0]


START, UPCARD, KNOCKING = (
    "00_start_here.ipynb",
    "02_the_up_card.ipynb",
    "03_knocking_layoffs_undercuts.ipynb",
)


@pytest.mark.parametrize("notebook", [START, KNOCKING])
def test_prose_says_that_layoffs_chain_along_a_run(notebook: str) -> None:
    # RULES.md, laying off: one card after another, so a run can grow by several cards
    p = _paragraph(notebook, "lay off", "run")
    assert "chain" in p and "several cards" in p and "one after another" in p


@pytest.mark.parametrize("notebook", [START, KNOCKING])
def test_prose_says_the_defenders_melds_and_layoffs_are_chosen_together(notebook: str) -> None:
    # RULES.md: the defender's own melds and layoffs are chosen together for the least deadwood
    p = _paragraph(notebook, "defender's own melds and layoffs")
    assert "together" in p and "least deadwood" in p
    assert all("loose cards" not in q for q in intro_text(notebook))


@pytest.mark.parametrize("notebook", [START, KNOCKING])
def test_prose_says_the_defender_never_scores_on_a_gin(notebook: str) -> None:
    # RULES.md: the defender never scores on a gin, even with zero deadwood
    p = _paragraph(notebook, "never scores")
    assert "gin" in p and "no deadwood" in p


@pytest.mark.parametrize("notebook", [START, KNOCKING])
def test_prose_explains_the_void_deal(notebook: str) -> None:
    # RULES.md: a discard without knocking leaving two cards in the stock ends the deal void
    p = _paragraph(notebook, "void")
    assert "two cards" in p and "stock" in p and "without knocking" in p
    assert "nobody scores" in p and "same dealer deals again" in p


@pytest.mark.parametrize("notebook", [START, KNOCKING])
def test_prose_explains_big_gin_with_its_bonus(notebook: str) -> None:
    # RULES.md: spades-double only; all eleven cards meld after drawing; no discard; bonus 31
    spades = Rules.preset("spades-double")
    assert spades.big_gin and not Rules.preset("classic").big_gin
    text = " ".join(intro_text(notebook))
    assert "big gin" in text and f"{spades.big_gin_bonus}" in text
    p = _paragraph(notebook, "eleven", "big gin")
    assert "spades-double" in p and ("without discarding" in p or "discard nothing" in p)


def test_start_here_says_big_gin_is_doubled_on_a_spade_deal() -> None:
    p = _paragraph(START, "big gin", "bonus of")
    assert "doubled on a spade deal" in p


def test_start_here_explains_the_game_score_and_who_deals_next() -> None:
    # RULES.md, the game: running totals to the target; next dealer per rule set
    classic, spades = Rules.preset("classic"), Rules.preset("spades-double")
    p = _paragraph(START, "running total", "target")
    assert f"{classic.target} in “classic”" in p and f"{spades.target} in “spades-double”" in p
    assert classic.next_dealer == "winner" and "winner of a deal deals the next" in p
    assert spades.next_dealer == "alternate" and "take turns to deal" in p
    assert "void deal the same dealer" in p


@pytest.mark.parametrize("notebook", [START, UPCARD])
def test_prose_says_the_dealers_pass_ends_the_up_card_offer(notebook: str) -> None:
    # RULES.md: if both pass, the non-dealer begins by drawing from the stock
    p = _paragraph(notebook, "non-dealer", "dealer")
    assert "drawing from the stock" in p and ("ends the offer" in p or "offer is over" in p)
    for q in intro_text(notebook):
        assert not re.search(r"other player may take", q), q


@pytest.mark.parametrize("notebook", [START, UPCARD])
def test_prose_says_only_gin_or_big_gin_ends_an_ace_deal_in_spades_double(notebook: str) -> None:
    assert Rules.preset("spades-double").ace_knock_limit == 0
    p = _paragraph(notebook, "ace up card", "spades-double")
    assert "only gin or big gin" in p and "nobody may knock" in p
    assert f"{Rules.preset('classic').ace_knock_limit}" in p


@pytest.mark.parametrize("notebook", [START, UPCARD])
def test_prose_keeps_the_aces_value_apart_from_the_knock_limit(notebook: str) -> None:
    # an ace always counts 1 point; the limit under an ace up card is a separate rule
    p = _paragraph(notebook, "ace", "1 point")
    assert "knock limit" in p
    for q in intro_text(notebook):
        assert not re.search(r"ace counts [02-9]", q), q


def test_a_lesson_opens_with_its_title_and_prose() -> None:
    lesson = start_lesson()
    assert lesson.title in lesson.intro.value
    prose = lesson.rules_prose  # Start here's prose stands under the join box (issue 31)
    for p in intro_text(START):
        assert html.escape(p.split(". ", 1)[-1]) in prose.value
    assert lesson.intro in lesson.widget.children and prose in lesson.widget.children


# --------------------------------------------------------------------------- melds


def test_meld_explorer_shows_the_engines_least_deadwood() -> None:
    lesson = melds_lesson(seed=4, hand="5S 6S 7S 7H 7D 8S 9S KC")
    cards = parse_cards("5S 6S 7S 7H 7D 8S 9S KC")
    assert lesson.explorer.cards == cards
    out = lesson.explorer.result.value
    assert f"Best arrangement: {gin.deadwood(cards)} deadwood" in out
    # the set-versus-run alternative is shown with its extra deadwood
    alt = gin.explain_melds(cards).alternatives[0]
    assert f"An alternative: {alt.deadwood_points} deadwood" in out


def test_meld_explorer_reports_an_unreadable_card_with_the_parsers_message() -> None:
    lesson = melds_lesson(seed=4)
    assert lesson.explorer.result.value  # the dealt hand's arrangement
    lesson.explorer.text.value = "AS 2S ZZ"
    lesson.explorer.show_button.click()
    with pytest.raises(gin.CardParseError) as err:
        parse_cards("AS 2S ZZ")
    assert lesson.explorer.message.text == err.value.message
    # the previous hand's result does not stay under the error
    assert lesson.explorer.result.value == "" and lesson.explorer.cards == []


def test_enter_in_the_meld_explorer_shows_the_hand() -> None:
    lesson = melds_lesson(seed=4)
    lesson.explorer.text.value = "7S 8S 9S KH"
    lesson.explorer.text._handle_custom_msg({"event": "submit"}, [])
    assert [c.code for c in lesson.explorer.cards] == ["7S", "8S", "9S", "KH"]


def test_meld_explorer_refuses_a_hand_of_more_than_eleven_cards() -> None:
    lesson = melds_lesson(seed=4)
    lesson.explorer.text.value = " ".join(c.code for c in gin.DECK[:12])
    lesson.explorer.show_button.click()
    assert "12 cards" in lesson.explorer.message.text


def test_meld_explorer_reports_a_duplicated_card() -> None:
    lesson = melds_lesson(seed=4)
    lesson.explorer.text.value = "7S 7s 8S"
    lesson.explorer.show_button.click()
    # the engine's own refusal (cards.check_distinct), rendered from the catalog
    assert lesson.explorer.message.text == gin.i18n.M["error.duplicate-card"].render({"card": "7S"})


def test_dealing_in_the_explorer_uses_the_seed_and_moves_it_on() -> None:
    lesson = melds_lesson(seed=40)
    assert lesson.explorer.seed_box.value == "41"
    first = lesson.explorer.cards
    again = melds_lesson(seed=40)
    assert again.explorer.cards == first
    lesson.explorer.deal_button.click()
    assert lesson.explorer.seed_box.value == "42" and lesson.explorer.cards != first


@pytest.mark.parametrize("seed", SEEDS)
def test_set_run_or_no_meld_is_decided_by_is_meld(seed: int) -> None:
    ex = melds_lesson(seed=seed).kind_exercise
    for _ in range(4):
        q = ex.question
        assert q is not None
        answer = gin.is_meld(list(q.data["cards"])) or "no meld"
        assert q.data["answer"] == answer
        verdict = ex.submit(kind=answer)
        assert verdict is not None and verdict.right and ex.feedback_state == "right"
        verdict = ex.submit(kind=wrong_choice(ex, "kind", answer))
        assert verdict is not None and not verdict.right and ex.feedback_state == "wrong"
        assert f"<b>{melds.KIND_ANSWER[answer].render()}</b>" in ex.feedback.value
        ex.next_button.click()
        assert ex.feedback_state is None


def test_queen_king_ace_is_not_a_run_because_aces_are_low() -> None:
    cards = parse_cards("QH KH AH")
    assert gin.is_meld(cards) is None
    assert "aces are always low" in melds.meld_reason(cards)
    assert "not a run" in melds.meld_reason(parse_cards("KC AC 2C"))
    assert "may start A-2-3" in melds.meld_reason(parse_cards("AD 2D 3D"))


def test_meld_groups_include_every_ace_low_trap() -> None:
    traps = Counter(melds.meld_group(random.Random(i))[0] for i in range(400))
    for trap in ("ace-low", "queen-king-ace", "king-ace-two", "set", "run", "mixed-suits"):
        assert traps[trap] > 0, traps


@pytest.mark.parametrize("seed", SEEDS)
def test_count_the_deadwood_is_checked_by_the_engine(seed: int) -> None:
    ex = melds_lesson(seed=seed).deadwood_exercise
    q = ex.question
    assert q is not None
    answer = gin.deadwood(list(q.data["cards"]))
    assert q.data["answer"] == answer
    v = ex.submit(deadwood=answer + 1)
    told = gin.i18n.M["lesson.melds.deadwood.wrong"].render({"given": answer + 1, "answer": answer})
    assert v is not None and not v.right and f"<b>{told}</b>" in ex.feedback.value
    v = ex.submit(deadwood=answer)
    assert v is not None and v.right


def test_an_unreadable_answer_is_explained_and_not_counted_as_wrong() -> None:
    ex = melds_lesson(seed=2).deadwood_exercise
    assert ex.submit(deadwood="twelve") is None
    assert ex.feedback_state == "invalid" and "not a whole number" in ex.feedback.value
    assert ex.answered_count == 0
    ex.set_answers(deadwood="")
    ex.check_button.click()
    assert ex.feedback_state == "invalid" and "First type an answer" in ex.feedback.value


def test_only_the_first_answer_to_a_question_is_counted() -> None:
    ex = melds_lesson(seed=3).kind_exercise
    q = ex.question
    assert q is not None
    ex.submit(kind=wrong_choice(ex, "kind", q.data["answer"]))
    ex.submit(kind=q.data["answer"])
    assert (ex.right_count, ex.answered_count) == (0, 1)
    assert ex.tally.value == "first tries right: 0 of 1 · right in a row: 0"


def test_the_same_seed_gives_the_same_exercises() -> None:
    a, b = melds_lesson(seed=9), melds_lesson(seed=9)
    for _ in range(3):
        assert a.deadwood_exercise.question.data == b.deadwood_exercise.question.data  # type: ignore[union-attr]
        a.deadwood_exercise.next()
        b.deadwood_exercise.next()


# --------------------------------------------------------------------------- the up card


def test_up_card_explorer_shows_the_ace_rule_and_spade_doubling_per_preset() -> None:
    ex = upcard_lesson(seed=1).explorer
    ex.pick("AS")
    out = ex.result.value
    classic, spades = Rules.preset("classic"), Rules.preset("spades-double")
    up = Card.parse("AS")
    assert f"limit {classic.knock_limit(up)}" in out and f"limit {spades.knock_limit(up)}" in out
    assert "only gin" in out and "doubled ×2" in out
    ex.pick("7H")
    assert "doubled ×2" not in ex.result.value and "limit 7" in ex.result.value
    assert 'data-card="7H"' in ex.picture.value


def test_picking_a_rank_button_updates_the_explorer() -> None:
    ex = upcard_lesson(seed=1).explorer
    ex.suit.value = int(gin.Suit.CLUBS)
    ex.rank.value = 12
    assert 'data-card="QC"' in ex.picture.value and "limit 10" in ex.result.value


@pytest.mark.parametrize("seed", SEEDS)
def test_may_you_knock_is_decided_by_the_best_discard_and_the_limit(seed: int) -> None:
    ex = upcard_lesson(seed=seed).exercise
    q = ex.question
    assert q is not None
    rules, up, hand = q.data["rules"], q.data["up_card"], list(q.data["cards"])
    assert len(hand) == 11 and up not in hand
    best = gin.discard_options(hand)[0].deadwood_points
    answer = "yes" if best <= rules.knock_limit(up) else "no"
    assert q.data["answer"] == answer
    v = ex.submit(knock=answer)
    assert v is not None and v.right
    v = ex.submit(knock=wrong_choice(ex, "knock", answer))
    assert v is not None and not v.right
    assert f"<b>{upcard.ANSWER[answer].render()}</b>" in v.why


def test_may_you_knock_asks_both_ways_and_includes_ace_up_cards() -> None:
    asked = seeded_questions(upcard.knock_question, 40)
    seen = Counter(q.data["answer"] for q in asked)
    aces = sum(q.data["up_card"].rank == 1 for q in asked)
    assert all(abs(q.data["deadwood"] - q.data["limit"]) <= 6 for q in asked)
    assert seen["yes"] >= 8 and seen["no"] >= 8 and aces >= 1


def test_limit_shares_count_every_up_card_once() -> None:
    for name in Rules.PRESETS:
        shares = limit_shares(Rules.preset(name))
        assert sum(shares.values()) == 1
        tens = sum(1 for c in gin.DECK if c.rank >= 10)  # 10, J, Q, K
        assert shares[10] == Fraction(tens, 52) == Fraction(4, 13)
        ace_limit = Rules.preset(name).ace_knock_limit
        assert shares[ace_limit] >= Fraction(1, 13)


def test_simulated_up_cards_confirm_the_claims() -> None:
    rules = Rules.preset("spades-double")
    claims = up_card_claims(rules, simulated_up_cards(rules, 5200, seed=3))
    by_code = {c.code: c for c in claims}
    assert by_code["doubled"].exact == Fraction(1, 4)
    assert float(by_code["ace"].exact) == pytest.approx(1 / 13)
    assert "only gin or big gin" in by_code["ace"].text  # spades-double has big gin
    assert float(by_code["ten"].exact) == pytest.approx(4 / 13)
    for c in claims:
        assert c.simulated == pytest.approx(float(c.exact), abs=0.03)


def test_frequency_table_grows_on_request() -> None:
    lesson = upcard_lesson(seed=2)
    lesson.simulate(deals=520)
    assert "seen in 520 deals" in lesson.chart.value


# --------------------------------------------------------------------------- knocking


def test_stepper_plays_the_knock_out_step_by_step() -> None:
    st = knocking_lesson(seed=5, hint_playouts=HINT_PLAYOUTS).stepper
    result = st.result
    assert st.step == 1 and st.back_button.disabled
    codes = [st.current]
    while not st.next_button.disabled:
        st.next_button.click()
        codes.append(st.current)
    assert codes == [s.code for s in result.steps]
    assert codes.count("layoff") == len(result.layoffs) > 0  # "with layoffs" is the default
    assert html.escape(result.steps[-1].render()) in st.board.value  # the engine's total


def test_stepper_shows_each_layoff_on_the_knockers_meld() -> None:
    st = knocking_lesson(seed=5, hint_playouts=HINT_PLAYOUTS).stepper
    codes = [s.code for s in st.result.steps]
    for n, lo in enumerate(st.result.layoffs, 1):
        st.go([i for i, c in enumerate(codes, 1) if c == "layoff"][n - 1])
        assert f"{lo.card} laid off" in st.board.value
        assert st.result.layoff_stage(n).melds.count(lo.result) == 1


def test_stepper_plays_a_chained_layoff_onto_the_same_run() -> None:
    # RULES.md: the next card at either end of a run, one card after another
    for seed in range(60):
        deal = knocking.knock_deal(Rules.preset("classic"), seed, "with layoffs")
        r = deal.result
        assert r is not None
        chained = [lo for lo in r.layoffs if any(lo.onto == x.result for x in r.layoffs)]
        if chained:
            break
    else:
        pytest.skip("no chained layoff among the seeded deals")
    st = knocking_lesson(seed=1, hint_playouts=HINT_PLAYOUTS).stepper
    st.load(deal)
    st.all_button.click()
    grown = r.layoff_stage(len(r.layoffs))
    assert max(grown.grown) >= 2
    for lo in chained:
        assert any(lo.card in m.cards for m in grown.melds)


@pytest.mark.parametrize("kind", list(knocking.DEAL_KINDS))
def test_stepper_finds_a_deal_of_each_kind(kind: str) -> None:
    deal = knocking.knock_deal(Rules.preset("classic"), 3, kind)
    assert knocking.DEAL_KINDS[kind](deal)
    if kind == "doubled":
        assert deal.rules.spade_doubles


def test_stepper_back_and_forward_stop_at_the_ends() -> None:
    st = knocking_lesson(seed=6, hint_playouts=HINT_PLAYOUTS).stepper
    st.back_button.click()
    assert st.step == 1
    st.all_button.click()
    assert st.step == len(st.result.steps) and st.next_button.disabled
    st.deal_button.click()
    assert st.step == 1 and st.message.text == ""


@pytest.mark.parametrize("seed", SEEDS)
def test_score_this_deal_is_checked_by_score_deal(seed: int) -> None:
    ex = knocking_lesson(seed=seed, hint_playouts=HINT_PLAYOUTS).score_exercise
    q = ex.question
    assert q is not None
    d = q.data
    r = gin.score_deal(d["rules"], d["up_card"], d["knocker_cards"], d["defender_cards"])
    assert d["answer"] == (r.winner, r.points)
    assert r.winner is not None  # the exercises never show a tie
    v = ex.submit(winner=r.winner, points=r.points)
    assert v is not None and v.right
    v = ex.submit(winner=r.winner, points=r.points + 2)
    told = knocking.RIGHT_WINNER[r.winner].render({"points": r.points})
    assert v is not None and not v.right and told in v.why
    other = "defender" if r.winner == "knocker" else "knocker"
    v = ex.submit(winner=other, points=r.points)
    told = knocking.WINNER_SCORES[r.winner].render({"points": r.points})
    assert v is not None and not v.right and told in v.why


def test_score_exercises_include_undercuts_gins_and_doubled_deals() -> None:
    asked = seeded_questions(knocking.score_question, 30)
    kinds = Counter(q.data["kind"] for q in asked)
    doubled = sum(q.data["rules"].is_doubled(q.data["up_card"]) for q in asked)
    assert kinds["undercut"] and kinds["knock"] and (kinds["gin"] + kinds["big-gin"])
    assert doubled


def test_score_this_deal_names_big_gins_bonus_where_the_rules_have_big_gin() -> None:
    spades, classic = Rules.preset("spades-double"), Rules.preset("classic")
    assert f"{spades.big_gin_bonus}" in knocking.rules_html(spades)
    assert "big-gin" in knocking.rules_html(spades).lower()
    assert "big" not in knocking.rules_html(classic).lower()  # classic has no big gin
    asked = seeded_questions(knocking.score_question, 20)
    q = next((q for q in asked if q.data["rules"].big_gin), None)
    assert q is not None, "no spades-double question among 20 seeds"
    assert knocking.rules_html(q.data["rules"]) in q.prompt


@pytest.mark.parametrize("seed", range(3))
def test_knock_or_wait_is_checked_against_the_hint(seed: int) -> None:
    ex = knocking_lesson(seed=seed, hint_playouts=HINT_PLAYOUTS).wait_exercise
    q = ex.question
    assert q is not None
    advice, view, h = q.data["advice"], q.data["view"], q.data["hint"]
    assert view.best_discard is not None and view.best_discard.ends == "knock"
    assert any(isinstance(a, gin.Knock) for a in view.legal_actions)
    assert advice is h.knock  # the hint's own knock-or-wait advice, nothing re-estimated
    assert q.data["answer"] == ("knock now" if advice.knock else "wait")
    v = ex.submit(choice=q.data["answer"])
    assert v is not None and v.right
    for step in h.steps:  # the reasons are the hint's steps, rendered, not re-worded
        assert html.escape(step.render()) in v.why
    v = ex.submit(choice=wrong_choice(ex, "choice", q.data["answer"]))
    assert v is not None and v.right == q.data["close"]


def test_knock_or_wait_is_the_same_for_the_same_seed() -> None:
    make = knocking.make_wait_question(HINT_PLAYOUTS)
    a, b = make(random.Random("7:0")), make(random.Random("7:0"))
    assert a.data["view"] == b.data["view"] and a.data["answer"] == b.data["answer"]
    assert a.data["advice"] == b.data["advice"] and a.prompt == b.prompt


# --------------------------------------------------------------------------- play


def test_play_lesson_holds_the_table() -> None:
    lesson = play_lesson(seed=7, pause=0)
    assert lesson.table is not None and lesson.message.text == ""
    assert lesson.table in lesson.widget.children


def test_play_lesson_explains_a_table_that_cannot_be_built(monkeypatch: Any) -> None:
    import gin.ui

    def broken(**_kw: Any) -> None:
        Rules.preset("nobody")  # refused by the engine with its own sentence

    monkeypatch.setattr(gin.ui, "play_table", broken, raising=False)
    lesson = play_lesson(opponent="nobody")
    assert lesson.table is None
    with pytest.raises(gin.RulesError) as err:
        Rules.preset("nobody")
    assert err.value.render() in lesson.message.text


# --------------------------------------------------------------------------- lab


@pytest.fixture(scope="module")
def lab() -> Any:
    return lab_lesson(seed=3, deals=20, games=1)


def test_lab_simulates_both_rule_sets_and_draws_every_chart(lab: Any) -> None:
    assert len(lab.sims) == 40 and {s.preset for s in lab.sims} == set(Rules.PRESETS)
    for chart in (lab.draws_image, lab.undercut_image, lab.doubling_image, lab.opp_image):
        assert chart.value.startswith('<div class="gin-chart"><svg') and "<rect" in chart.value
    assert lab.progress.value == lab.progress.max == 40
    assert "seen in 400 deals" in lab.claims.value
    assert lab.message.text == "" and lab.opp_message.text == ""


def test_every_lab_chart_draws_the_95_percent_interval_of_its_bars(lab: Any) -> None:
    """Issue 11: intervals on every chart. Each bar with data has an error bar, and the
    interval of a mean holds the mean."""
    for chart in (lab.draws_image, lab.undercut_image, lab.doubling_image, lab.opp_image):
        assert chart.value.count('class="gin-interval"') >= 2, chart.value[:200]
    from gin.ui.lessons import intervals
    from gin.ui.lessons.simulate import doubling_groups

    for group in doubling_groups(lab.sims).values():
        e = intervals.mean([s.points for s in group])
        assert e.low <= e.value <= e.high
    for row in lab.opponent_rows:
        assert row["ci_a"][0] <= row["ppd_a"] <= row["ci_a"][1]


def test_lab_deals_agree_with_a_replay_by_the_engine(lab: Any) -> None:
    for s in lab.sims[:5]:
        assert s.limit == Rules.preset(s.preset).knock_limit(s.up_card)
        assert s.doubled == Rules.preset(s.preset).is_doubled(s.up_card)


def test_lab_compares_opponents_with_the_tournament(lab: Any) -> None:
    rows = lab.opponent_rows
    assert rows and rows[0]["games"] == 1
    assert rows[0]["wins_a"] + rows[0]["wins_b"] == 1


def test_lab_shows_an_error_in_a_run_as_a_message(lab: Any, monkeypatch: Any) -> None:
    def boom(*_a: Any, **_k: Any) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr("gin.ui.lessons.lab.simulate_deals", boom)
    lab.run_button.click()
    assert "disk full" in lab.message.text and not lab.run_button.disabled


def test_lab_asks_for_a_pairing_before_playing(lab: Any) -> None:
    lab.pair_choice.value = ()
    lab.opp_button.click()
    assert lab.opp_message.text == "Choose at least one pairing."


# --------------------------------------------------------------------------- errors


def test_a_failing_callback_shows_the_engines_sentence_not_a_traceback() -> None:
    area = MessageArea()

    @guarded(area.show)
    def illegal() -> None:
        parse_cards("7S 7S")

    illegal()
    with pytest.raises(gin.CardParseError) as err:
        parse_cards("7S 7S")
    assert area.text == err.value.render()

    @guarded(area.show)
    def bug() -> None:
        raise KeyError("x")

    bug()
    assert area.text.startswith("Something went wrong inside the lesson (KeyError")


def test_a_bad_seed_is_refused_with_a_sentence() -> None:
    for bad in (-1, 1.5, True, "3"):
        with pytest.raises(gin.GinError) as err:
            resolve_seed(bad)  # type: ignore[arg-type]
        assert err.value.code == "lesson-seed" and err.value.message
