"""The course's levels, as widgets (no browser): every level's exercise answered right and
wrong, a typical slip of each concept diagnosed, the two-step hint, mastery (three right
in a row) and its persistence through the browser's stored records, the same exercises for
the same seed, the map on Start here, the results as CSV, the cheat sheet's worked
examples, and the guided first deal played by following its highlights.

The right answer always comes from the question's own data, which the engine computed;
the rules checked are named in each test (see /work/shared/RULES.md).
"""

from __future__ import annotations

import csv
import html
import io
import re
import urllib.parse
from collections.abc import Callable
from typing import Any

import pytest

import gin
import gin.counting
from gin import Card, Rules, is_meld
from gin.ui.arrange import LayoffChooser, MeldBuilder
from gin.ui.lessons.catalog import PLAY_NOTEBOOK
from gin.ui.lessons.course import CourseLesson, LevelPanel, course_lesson
from gin.ui.lessons.exercise import Exercise, Question
from gin.ui.lessons.level_layout import layout_text
from gin.ui.lessons.levelmap import level_map_html, results_csv
from gin.ui.lessons.levels import LEVELS, MASTERY_STREAK
from gin.ui.lessons.progress import Progress, clean_records

SEED = 11
PRESETS = Rules.PRESETS


def _right(key: str, q: Question) -> dict[str, Any]:
    d = q.data
    a = d.get("answer")
    if key == "ace-and-spade":
        return {"limit": d["limit"], "doubled": "yes" if d["doubled"] else "no"}
    if key in ("undercuts", "scoring"):
        return {"who": a[0], "points": a[1]}
    if key == "game-and-dealer":
        return {"dealer": a[0], "need": a[1]}
    if key == "turn":
        return {"discard": a[0], "held": a[1]}
    name = q.fields[0].name
    return {name: a}


def _wrong(q: Question, right: dict[str, Any]) -> dict[str, Any]:
    out = dict(right)
    f = q.fields[-1] if len(q.fields) > 1 else q.fields[0]
    if f.widget is not None:  # a layout or layoffs: the question names a wrong one
        out[f.name] = q.data["wrong"]
    elif f.choices:
        out[f.name] = next(v for v in f.values if v != right[f.name])
    else:
        out[f.name] = int(right[f.name]) + 1
    return out


def panel(key: str, rules: str = "classic", seed: int = SEED) -> LevelPanel:
    lesson = course_lesson(seed, rules=rules, level=key)
    assert lesson.current is not None and lesson.current.level.key == key
    return lesson.current


def find(ex: Exercise, wanted: Callable[[Question], bool], tries: int = 80) -> Question:
    """Move on to the first question ``wanted`` accepts."""
    for _ in range(tries):
        q = ex.question
        assert q is not None
        if wanted(q):
            return q
        ex.next()
    raise AssertionError("no such question in range")


# --------------------------------------------------------------------------- the path


def test_the_course_has_its_levels_in_the_issue_order() -> None:
    assert [lv.key for lv in LEVELS] == [
        "card-values",
        "sets",
        "runs",
        "deadwood",
        "count-hand",
        "turn",
        "up-card-offer",
        "knock-limit",
        "ace-and-spade",
        "knocking",
        "lay-out",
        "gin-and-big-gin",
        "layoffs",
        "undercuts",
        "void-deal",
        "scoring",
        "game-and-dealer",
    ]


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("level", [lv.key for lv in LEVELS])
def test_every_level_checks_right_and_wrong_answers_with_the_engine(level: str, rules: str) -> None:
    p = panel(level, rules)
    ex = p.exercise
    for _ in range(3):
        q = ex.question
        assert q is not None
        right = _right(level, q)
        v = ex.submit(**right)
        assert v is not None and v.right, (level, q.data)
        assert ex.feedback_state == "right"
        ex.next()
        q = ex.question
        assert q is not None
        v = ex.submit(**_wrong(q, _right(level, q)))
        assert v is not None and not v.right
        assert ex.feedback_state == "wrong" and v.why  # the engine's reason is shown
        ex.next()


@pytest.mark.parametrize("level", [lv.key for lv in LEVELS])
def test_every_level_has_a_picture_and_a_predict_then_see_moment(level: str) -> None:
    for rules in PRESETS:
        p = panel(level, rules)
        assert "gin-level-picture" in p.widget.children[0].value
        moment = p.predict
        answer, why = moment.predict.answer(Rules.preset(rules))
        assert moment.reveal.value == ""  # nothing is shown before the prediction
        wrong = next(c.value for c in moment.predict.choices if c.value != answer)
        assert moment.see(wrong) is False
        assert "gin-predict-wrong" in moment.reveal.value
        assert moment.see(answer) is True
        assert why.render() in moment.reveal.value.replace("&#x27;", "'")


def test_a_prediction_must_be_chosen_before_seeing() -> None:
    p = panel("runs")
    p.predict.see_button.click()
    assert "First choose your prediction" in p.predict.reveal.value


def test_the_predictions_are_the_engines_answers() -> None:
    # RULES: aces are low (Q-K-A is not a run); a set is three or four of a rank;
    # the ace up card: knock limit 1 in classic, no knock in spades-double
    by_key = {lv.key: lv for lv in LEVELS}
    classic, spades = Rules.preset("classic"), Rules.preset("spades-double")
    assert by_key["runs"].predict.answer(classic)[0] == "no"
    assert by_key["sets"].predict.answer(classic)[0] == "yes"
    assert by_key["card-values"].predict.answer(classic)[0] == "10"
    assert by_key["ace-and-spade"].predict.answer(classic)[0] == "yes"
    assert by_key["ace-and-spade"].predict.answer(spades)[0] == "no"
    assert by_key["up-card-offer"].predict.answer(classic)[0] == "non-dealer-stock"
    assert by_key["void-deal"].predict.answer(classic)[0] == "void-same"
    assert by_key["layoffs"].predict.answer(classic)[0] == "2"  # chained layoffs
    assert by_key["undercuts"].predict.answer(classic)[0] == "defender"  # a tie undercuts
    assert by_key["gin-and-big-gin"].predict.answer(classic)[0] == "no"  # no layoffs on gin
    # next dealer: the winner in classic, alternate in spades-double; here the non-dealer won
    assert by_key["game-and-dealer"].predict.answer(classic)[0] == "other"
    assert by_key["game-and-dealer"].predict.answer(spades)[0] == "other"


# --------------------------------------------------------------------------- slips


def slip_of(ex: Exercise, answers: dict[str, Any]) -> str:
    v = ex.submit(**answers)
    assert v is not None and not v.right
    assert "gin-slip" in ex.feedback.value
    return v.slip


def test_card_values_diagnoses_a_king_counted_as_13() -> None:
    # RULES: J, Q and K count 10
    ex = panel("card-values").exercise
    q = find(ex, lambda q: any(c.rank == 13 for c in q.data["cards"]))
    cards = q.data["cards"]
    as_rank = q.data["answer"] + sum(c.rank - 10 for c in cards if c.rank > 10)
    assert slip_of(ex, {"points": as_rank}) == "face-as-rank"
    assert "as 13: J, Q and K count 10" in ex.feedback.value


def test_card_values_diagnoses_an_ace_counted_high() -> None:
    # RULES: aces count 1
    ex = panel("card-values").exercise
    q = find(ex, lambda q: sum(c.rank == 1 for c in q.data["cards"]) == 1)
    assert slip_of(ex, {"points": q.data["answer"] + 10}) == "ace-high"
    assert "an ace always counts 1" in ex.feedback.value


def test_sets_diagnose_a_set_of_four_and_a_pair() -> None:
    # RULES: a set is three or four cards of one rank
    ex = panel("sets").exercise
    q = find(ex, lambda q: q.data["kind"] == "set4")
    assert is_meld(q.data["cards"]) == "set"
    assert slip_of(ex, {"set": "no"}) == "set-of-four"
    q = find(ex, lambda q: q.data["kind"] == "pair")
    assert slip_of(ex, {"set": "yes"}) == "pair"


def test_runs_diagnose_the_ace_high_trap_and_a_b_c_with_the_ace_low() -> None:
    # RULES: A-2-3 is a run; Q-K-A and K-A-2 are not
    ex = panel("runs").exercise
    find(ex, lambda q: q.data["kind"] == "ace-high")
    assert slip_of(ex, {"run": "yes"}) == "ace-high"
    assert "Q-K-A is not a run" in ex.feedback.value
    find(ex, lambda q: q.data["kind"] == "ace-low")
    assert slip_of(ex, {"run": "no"}) == "ace-low"
    find(ex, lambda q: q.data["kind"] == "round")
    assert slip_of(ex, {"run": "yes"}) == "round"


def test_deadwood_diagnoses_counting_the_melded_cards() -> None:
    # RULES: only cards in no meld count
    ex = panel("deadwood").exercise
    q = ex.question
    assert q is not None and q.data["answer"] == gin.deadwood(q.data["cards"])
    assert slip_of(ex, {"deadwood": q.data["all_points"]}) == "counted-melds"


def test_the_offer_diagnoses_the_dealers_pass() -> None:
    # RULES: if both pass, the non-dealer begins by drawing from the stock
    ex = panel("up-card-offer").exercise
    find(ex, lambda q: q.data["passes"] == 2)
    assert slip_of(ex, {"who": "dealer-offer"}) == "dealer-pass"
    find(ex, lambda q: q.data["passes"] == 0)
    assert slip_of(ex, {"who": "dealer-offer"}) == "dealer-first"


def test_knock_limit_diagnoses_a_face_card_counted_by_rank() -> None:
    # RULES: J, Q, K and 10 give 10
    ex = panel("knock-limit").exercise
    q = find(ex, lambda q: q.data["up_card"].rank > 10)
    assert q.data["answer"] == 10
    assert slip_of(ex, {"limit": q.data["up_card"].rank}) == "face-as-rank"


@pytest.mark.parametrize(("rules", "wrong"), [("classic", 0), ("spades-double", 1)])
def test_the_ace_limit_is_diagnosed_per_rule_set(rules: str, wrong: int) -> None:
    # RULES: ace up card: limit 1 in classic, only gin or big gin (0) in spades-double
    ex = panel("ace-and-spade", rules).exercise
    q = find(ex, lambda q: q.data["up_card"].rank == 1)
    doubled = "yes" if q.data["doubled"] else "no"
    assert q.data["limit"] == Rules.preset(rules).ace_knock_limit
    assert slip_of(ex, {"limit": wrong, "doubled": doubled}) == "ace-limit"


def test_the_doubling_is_diagnosed_on_a_spade_deal() -> None:
    # RULES: spades-double doubles a spade deal; classic never doubles
    ex = panel("ace-and-spade", "spades-double").exercise
    q = find(ex, lambda q: q.data["up_card"].suit is gin.Suit.SPADES)
    assert q.data["doubled"] is True
    assert slip_of(ex, {"limit": q.data["limit"], "doubled": "no"}) == "doubling"


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        ("classic", "nothing doubles a deal, not even a spade up card"),
        ("spades-double", "only a spade up card doubles the deal"),
    ],
)
def test_a_deal_said_doubled_is_told_why_not_in_the_rule_sets_own_terms(
    rules: str, said: str
) -> None:
    """Issue 40: "classic" never doubles, so its slip names no condition a spade could
    meet; "spades-double" doubles a spade up card only."""
    ex = panel("ace-and-spade", rules).exercise
    q = find(ex, lambda q: not q.data["doubled"])
    assert slip_of(ex, {"limit": q.data["limit"], "doubled": "yes"}) == "doubling"
    assert said in ex.feedback.value


def test_knocking_diagnoses_counting_all_eleven_cards() -> None:
    # RULES: the deadwood of the ten cards kept, after discarding, is what counts
    ex = panel("knocking").exercise
    find(
        ex,
        lambda q: (
            q.data["best"].ends != "discard"
            and gin.deadwood(q.data["cards"]) > q.data["best"].deadwood
            and gin.deadwood(q.data["cards"])
            > Rules.preset("classic").knock_limit(q.data["up_card"])
        ),
    )
    assert slip_of(ex, {"knock": "no"}) == "counted-eleven"


def test_gin_level_diagnoses_big_gin_under_classic() -> None:
    # RULES: classic has no big gin
    ex = panel("gin-and-big-gin", "classic").exercise
    q = find(ex, lambda q: gin.deadwood(q.data["cards"]) == 0)
    assert q.data["answer"] != "big-gin"
    assert slip_of(ex, {"end": "big-gin"}) == "no-big-gin"


def test_gin_level_finds_big_gin_under_spades_double() -> None:
    ex = panel("gin-and-big-gin", "spades-double").exercise
    q = find(ex, lambda q: gin.deadwood(q.data["cards"]) == 0)
    assert q.data["answer"] == "big-gin"
    assert slip_of(ex, {"end": "gin"}) == "missed-big-gin"


def test_layoffs_are_chosen_by_the_learner_and_a_chain_stopped_early_is_diagnosed() -> None:
    # RULES: a run can be extended by several cards, one after another (issue 19: the
    # learner chooses each layoff with the table's layoff chooser)
    ex = panel("layoffs").exercise
    q = find(ex, lambda q: q.data["chained"])
    chooser = ex.inputs["layoffs"]
    assert isinstance(chooser, LayoffChooser) and ex.check_button.layout.display == "none"
    best = q.data["best"]
    first = best.laid[0]
    chooser.area.selected = first.card.code
    chooser.lay_off(best.start_melds.index(first.onto))
    assert chooser.value == f"{first.card.code}@{best.start_melds.index(first.onto)}"
    chooser.done_button.click()  # Done checks the answer
    assert ex.last_verdict is not None and ex.last_verdict.slip == "chain"
    ex.next()
    assert slip_of(ex, {"layoffs": "none"}) == "no-layoff"
    ex.next()
    q = ex.question
    assert q is not None and ex.submit(layoffs=q.data["answer"]).right  # type: ignore[union-attr]


def test_a_layoff_that_does_not_fit_is_refused_in_the_chooser_and_changes_nothing() -> None:
    ex = panel("layoffs").exercise
    chooser = ex.inputs["layoffs"]
    misfit = next(c for c in chooser.board.hand if not chooser.board.fits(c))
    chooser.area.selected = misfit.code
    chooser.lay_off(0)
    assert chooser.error_code in ("layoff-no-fit", "layoff-no-meld")
    assert chooser.layoffs == [] and ex.last_verdict is None


def test_lay_out_your_melds_with_the_tables_meld_builder() -> None:
    """Issue 19: the level right after knocking; the learner makes each meld (a group that
    is no meld is refused with the engine's reason, nothing changes) and Done checks it."""
    keys = [lv.key for lv in LEVELS]
    assert keys.index("lay-out") == keys.index("knocking") + 1
    p = panel("lay-out")
    ex = p.exercise
    q = ex.question
    assert q is not None
    builder = ex.inputs["layout"]
    assert isinstance(builder, MeldBuilder) and "gin-arrange" in builder._dom_classes
    assert ex.check_button.layout.display == "none"  # the builder's Done checks
    best = q.data["best"]
    hand = list(q.data["cards"])
    first = best.melds[0]
    stray = next(c for c in hand if c not in first.cards and not gin.is_meld([*first.cards, c]))
    builder.area.chosen = [first.cards[0].code, first.cards[1].code, stray.code]
    builder.make_meld()
    assert builder.melds == [] and builder.error_code.startswith("meld-")
    assert "gin-arrange-error" in builder.message.value
    for meld in best.melds:
        builder.area.chosen = [c.code for c in meld.cards]
        builder.make_meld()
    assert builder.value == q.data["answer"]
    builder.done_button.click()
    assert ex.last_verdict is not None and ex.last_verdict.right
    assert ex.feedback_state == "right" and builder.finished


def _layout_question(ex: Exercise, wanted: Callable[[Question], Any]) -> tuple[Question, Any]:
    for _ in range(80):
        q = ex.question
        assert q is not None
        found = wanted(q)
        if found:
            return q, found
        ex.next()
    raise AssertionError("no such question in range")


def _spare(q: Question) -> int:
    """How much more deadwood than the best a layout may leave and still knock (classic)."""
    limit = gin.Rules.preset("classic").knock_limit(q.data["up_card"])
    return int(limit - q.data["best"].deadwood_points)


def test_lay_out_diagnoses_a_meld_left_in_the_deadwood() -> None:
    ex = panel("lay-out").exercise

    def left_out(q: Question) -> Any:
        return next((m for m in q.data["best"].melds if m.points <= _spare(q)), None)

    q, meld = _layout_question(ex, left_out)
    rest = [m.cards for m in q.data["best"].melds if m != meld]
    assert slip_of(ex, {"layout": layout_text(rest)}) == "left-out"


def test_lay_out_diagnoses_a_card_that_still_fits_a_meld() -> None:
    ex = panel("lay-out").exercise

    def long_meld(q: Question) -> Any:
        for m in q.data["best"].melds:
            if len(m.cards) >= 4:
                end = m.cards[-1]
                if end.points <= _spare(q):
                    return m
        return None

    q, meld = _layout_question(ex, long_meld)
    layout = [m.cards if m != meld else m.cards[:-1] for m in q.data["best"].melds]
    assert slip_of(ex, {"layout": layout_text(layout)}) == "could-extend"


def test_lay_out_diagnoses_a_crossing_card_in_the_wrong_meld_and_one_over_the_limit() -> None:
    from gin.melds import all_maximal_arrangements

    ex = panel("lay-out").exercise

    def worse(q: Question) -> Any:
        best = q.data["best"].deadwood_points
        return next(
            (
                a
                for a in all_maximal_arrangements(q.data["cards"])
                if best < a.deadwood_points <= best + _spare(q)
            ),
            None,
        )

    _q, arr = _layout_question(ex, worse)
    assert slip_of(ex, {"layout": layout_text([m.cards for m in arr.melds])}) == "set-or-run"
    ex.next()
    assert slip_of(ex, {"layout": "none"}) == "over-limit"
    assert "more than the knock limit" in ex.feedback.value


def test_lay_out_renders_in_every_language() -> None:
    from gin.i18n import LANGUAGES, language

    for lang in LANGUAGES:
        with language(lang):
            p = panel("lay-out", "spades-double")
            q = p.exercise.question
            assert q is not None
            assert p.exercise.prompt.value and q.nudge and q.worked
            p.predict.see("set")
            assert p.predict.reveal.value
            v = p.exercise.submit(layout=q.data["wrong"])
            assert v is not None and not v.right and v.why


def test_undercuts_diagnose_the_tie() -> None:
    # RULES: K >= D (equal counts too): the knocker is undercut
    ex = panel("undercuts").exercise
    q = find(
        ex, lambda q: q.data["result"].knocker_deadwood == q.data["result"].defender_deadwood, 200
    )
    r = q.data["result"]
    assert r.winner == "defender" and r.points == Rules.preset("classic").undercut_bonus
    assert slip_of(ex, {"who": "knocker", "points": 0}) == "undercut-on-tie"


def test_scoring_diagnoses_a_forgotten_doubling() -> None:
    # RULES: on a spade deal in spades-double every point is doubled, bonuses included
    ex = panel("scoring", "spades-double").exercise
    q = find(ex, lambda q: q.data["result"].multiplier == 2)
    who, points = q.data["answer"]
    assert slip_of(ex, {"who": who, "points": points // 2}) == "forgot-spade-doubling"


def test_scoring_diagnoses_a_forgotten_gin_bonus() -> None:
    ex = panel("scoring", "classic").exercise
    q = find(ex, lambda q: q.data["result"].kind == "gin")
    r = q.data["result"]
    assert r.points == r.defender_deadwood + 25
    assert slip_of(ex, {"who": "knocker", "points": r.defender_deadwood}) == "forgot-gin-bonus"


def test_the_void_deal_diagnoses_the_two_cards() -> None:
    # RULES: a plain discard with two cards left in the stock ends the deal void
    ex = panel("void-deal").exercise
    find(ex, lambda q: q.data["stock"] == 3)
    assert ex.question is not None and ex.question.data["answer"] == "void-same"
    assert slip_of(ex, {"void": "goes-on"}) == "two-cards"
    assert slip_of(ex, {"void": "void-other"}) == "void-dealer"
    find(ex, lambda q: q.data["stock"] == 4)
    assert slip_of(ex, {"void": "void-same"}) == "too-early"


@pytest.mark.parametrize("rules", PRESETS)
def test_the_game_level_diagnoses_the_next_dealer(rules: str) -> None:
    # RULES: classic: the winner deals next; spades-double: dealers alternate
    ex = panel("game-and-dealer", rules).exercise
    q = find(ex, lambda q: q.data["kind"] != "void")
    nxt, need = q.data["answer"]
    wrong = "same" if nxt == "other" else "other"
    assert slip_of(ex, {"dealer": wrong, "need": need}) == "next-dealer"


# --------------------------------------------------------------------------- hints


@pytest.mark.parametrize("level", [lv.key for lv in LEVELS])
def test_every_level_hints_in_two_steps_a_nudge_then_the_worked_answer(level: str) -> None:
    p = panel(level)
    ex = p.exercise
    q = ex.question
    assert q is not None and q.nudge and q.worked
    assert ex.hint.value == ""
    ex.hint_button.click()
    assert "gin-hint-step-1" in ex.hint.value and q.nudge in ex.hint.value
    assert ex.hint_button.description == "Show the worked answer"
    ex.hint_button.click()
    assert "gin-hint-step-2" in ex.hint.value and q.worked in ex.hint.value
    assert ex.hint_button.layout.display == "none"
    # an answer after the worked answer does not count towards mastery
    ex.submit(**_right(level, q))
    assert ex.streak == 0 and ex.right_count == 0
    assert p.progress.level_record("classic", level)["hints"] == 1


# --------------------------------------------------------------------------- mastery


def answer_right(p: LevelPanel, times: int) -> None:
    for _ in range(times):
        q = p.exercise.question
        assert q is not None
        assert p.exercise.submit(**_right(p.level.key, q))
        p.exercise.next()


def test_three_right_in_a_row_master_a_level_and_a_slip_resets_the_run() -> None:
    lesson = course_lesson(SEED, level="sets")
    p = lesson.current
    assert p is not None
    assert p.state == "new"
    answer_right(p, 2)
    assert p.state == "started" and p.exercise.streak == 2
    q = p.exercise.question
    assert q is not None
    p.exercise.submit(**_wrong(q, _right("sets", q)))
    assert p.exercise.streak == 0
    p.exercise.next()
    answer_right(p, MASTERY_STREAK)
    assert p.state == "mastered"
    assert 'data-state="mastered"' in p.mastery.value
    assert "gin-state-mastered" in lesson.buttons["sets"]._dom_classes
    # nothing is locked: every level opens, whatever the progress
    assert lesson.open("game-and-dealer").level.key == "game-and-dealer"


def test_tallies_say_what_they_count() -> None:
    p = panel("runs")
    q = p.exercise.question
    assert q is not None
    p.exercise.submit(**_wrong(q, _right("runs", q)))
    p.exercise.submit(**_right("runs", q))  # a second try: not a first try
    assert p.exercise.tally.value == "first tries right: 0 of 1 · right in a row: 0"


def test_enter_in_a_typed_answer_checks_it() -> None:
    ex = panel("card-values").exercise
    q = ex.question
    assert q is not None
    ex.set_answers(points=q.data["answer"])
    ex.inputs["points"]._handle_custom_msg({"event": "submit"}, [])
    assert ex.feedback_state == "right"


def test_the_next_question_uses_the_same_answer_box_so_an_answer_typed_at_once_counts() -> None:
    """Issue 41: the new prompt shows a moment before a new box would be drawn, so the page
    still held the last question's box when the learner typed; that box was closed, and
    the Enter reached the new, empty one: "First type an answer." The box stays."""
    ex = panel("card-values").exercise
    on_page, row = ex.inputs["points"], ex.inputs_box.children
    q0 = ex.question
    assert q0 is not None
    ex.submit(points=q0.data["answer"])
    q = ex.next()
    on_page.send_from_page({"event": "input", "value": str(q.data["answer"])})
    ex.check_button.click()  # Check, after the keystrokes sent to the box on the page
    assert "First type" not in ex.feedback.value and ex.feedback_state == "right"
    assert ex.inputs["points"] is on_page and ex.inputs_box.children == row
    assert on_page.comm is not None  # still open
    ex.next()
    on_page.send_from_page({"event": "submit", "value": "7"})  # typed and Enter at once
    assert ex.feedback_state in ("right", "wrong") and "First type" not in ex.feedback.value


def test_the_last_verdict_is_gone_before_the_next_prompt_shows() -> None:
    """A page that waits for the prompt or the question's number to change never reads the
    last question's verdict as the new question's."""
    ex = panel("card-values").exercise
    q = ex.question
    assert q is not None
    ex.submit(points=q.data["answer"])
    assert ex.feedback_state == "right"
    seen: list[str] = []
    ex.prompt.observe(lambda _c: seen.append(ex.feedback.value), "value")
    ex.header.observe(lambda _c: seen.append(ex.feedback.value), "value")
    ex.next()
    assert seen == ["", ""]


def test_a_new_question_empties_the_answer_box_on_the_page_too() -> None:
    """The page keeps what is typed in a focused box over the kernel's value; a new
    question sends it a "clear" message as well."""
    ex = panel("card-values").exercise
    box = ex.inputs["points"]
    sent: list[Any] = []
    box.send = sent.append  # type: ignore[method-assign]
    box.send_from_page({"event": "input", "value": "12"})
    ex.next()
    assert box.value == "" and sent == [{"event": "clear"}]


def test_mastery_lasts_through_the_browsers_stored_records() -> None:
    first = course_lesson(SEED, rules="spades-double", level="knock-limit")
    assert first.current is not None
    answer_right(first.current, MASTERY_STREAK)
    stored = first.progress.records  # what progress.js wrote to localStorage
    # a reload: a fresh lesson whose page sends back what it stored
    again = course_lesson(SEED, rules="spades-double")
    assert again.progress.state("spades-double", "knock-limit") == "new"
    again.progress.send_from_page({"event": "stored", "records": stored})
    assert again.progress.loaded
    assert again.progress.state("spades-double", "knock-limit") == "mastered"
    assert again.progress.state("classic", "knock-limit") == "new"  # per rule set
    assert "gin-state-mastered" in again.buttons["knock-limit"]._dom_classes
    # continue where you left off: the level opened last, opened when the records arrive
    assert again.progress.continue_level("spades-double") == "knock-limit"
    assert again.current is not None and again.current.level.key == "knock-limit"
    again.open("sets")
    again.continue_button.click()
    assert again.current is not None and again.current.level.key == "sets"
    again.open("knock-limit")
    assert again.current is not None and again.current.level.key == "knock-limit"
    assert 'data-state="mastered"' in again.current.mastery.value


def test_the_start_here_map_shows_each_levels_state_from_the_browser() -> None:
    from gin.ui.lessons import start_lesson

    lesson = start_lesson()
    items = re.findall(
        r'class="gin-level[^"]*" data-level="([^"]+)" data-state="(\w+)"', lesson.level_map.value
    )
    assert [k for k, _ in items] == [lv.key for lv in LEVELS]
    assert {s for _, s in items} == {"new"}
    lesson.progress.send_from_page(
        {
            "event": "stored",
            "records": {
                "classic": {
                    "sets": {
                        "state": "mastered",
                        "answered": 4,
                        "first_right": 3,
                        "streak": 3,
                        "best_streak": 3,
                        "hints": 0,
                    },
                    "runs": {
                        "state": "started",
                        "answered": 1,
                        "first_right": 0,
                        "streak": 0,
                        "best_streak": 0,
                        "hints": 0,
                    },
                    "_last": "runs",
                }
            },
        }
    )
    value = lesson.level_map.value
    assert 'data-level="sets" data-state="mastered"' in value
    assert 'data-level="runs" data-state="started"' in value
    assert 'class="gin-continue gin-playnow" data-level="runs"' in value
    assert "first tries right: 3 of 4" in value
    lesson.map_rules.value = "spades-double"
    assert 'data-state="mastered"' not in lesson.level_map.value


def test_malformed_stored_records_are_dropped_not_guessed() -> None:
    raw = {
        "classic": {
            "sets": {
                "state": "mastered",
                "answered": 3,
                "first_right": 3,
                "streak": 3,
                "best_streak": 3,
                "hints": 0,
            },
            "runs": {"state": "genius"},
            "nope": {"state": "new"},
            "deadwood": {"state": "started", "answered": -2},
            "_last": "nowhere",
        },
        "spades-double": "lots",
    }
    assert clean_records(raw) == {"classic": {"sets": raw["classic"]["sets"]}}
    assert clean_records("garbage") == {}
    p = Progress()
    p.send_from_page({"event": "stored", "records": raw})
    assert p.state("classic", "runs") == "new" and p.state("classic", "sets") == "mastered"


def _mastered(answered: int = 0, first_right: int = 0, best: int = 0) -> dict[str, Any]:
    return {
        "state": "mastered",
        "answered": answered,
        "first_right": first_right,
        "streak": 0,
        "best_streak": best,
        "hints": 0,
    }


def test_forged_progress_with_inconsistent_counts_is_refused() -> None:
    """Issue 22: a stored message with every level mastered and no answer given is
    refused; so is any record no learner could have made (a run longer than the right
    answers, right answers beyond the answers, a new level with counts, mastery without
    the run)."""
    forged = {"classic": {level.key: _mastered() for level in LEVELS}}
    assert clean_records(forged) == {}
    p = Progress()
    p.send_from_page({"event": "stored", "records": forged})
    assert all(p.state("classic", level.key) == "new" for level in LEVELS)
    real = _mastered(answered=4, first_right=3, best=MASTERY_STREAK)
    bad = [
        _mastered(answered=2, first_right=3, best=MASTERY_STREAK),
        _mastered(answered=9, first_right=9, best=MASTERY_STREAK - 1),
        {**real, "streak": MASTERY_STREAK + 1},
        {**real, "state": "new"},
        {**real, "state": "started"},
    ]
    for rec in bad:
        assert clean_records({"classic": {"sets": rec}}) == {}, rec
    assert clean_records({"classic": {"sets": real}}) == {"classic": {"sets": real}}


def test_a_refused_records_value_from_the_page_is_sent_back() -> None:
    """Issue 22: ``records:"notadict"`` (or a forged dict) set by the page is refused by
    the kernel, which sends its own value back, so the page stores only that."""
    from gin.ui.page import pageerrors

    pageerrors.install()
    p = Progress()
    p.record("classic", "sets", right=True, first_try=True, streak=1)
    before = p.records
    sent: list[Any] = []
    p.send_state = lambda key=None: sent.append(key)  # type: ignore[method-assign]
    for forged in ("notadict", {"classic": {lv.key: _mastered() for lv in LEVELS}}):
        msg = {
            "content": {"data": {"method": "update", "state": {"records": forged}}},
            "buffers": [],
        }
        p._handle_msg(msg)
        assert p.records == before
        assert sent[-1] == ["records"]


def test_the_results_csv_neutralises_formula_cells() -> None:
    """Issue 22: a cell that starts like a formula (= + - @) is written with a leading
    ``'``, as spreadsheets advise; numbers stay numbers."""
    p = Progress()
    p.record("classic", "sets", right=True, first_try=True, streak=1)
    header = ["=cmd|' /C calc'!A0", "+1", "-1", "@SUM(1)", "plain", "a", "b", "c"]
    titles = ['=HYPERLINK("http://x")'] * len(LEVELS)
    states = {"new": "-new", "started": "+started", "mastered": "@mastered"}
    text = p.csv_text("classic", header, titles, states, rules_label="=1+1")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:5] == ["'=cmd|' /C calc'!A0", "'+1", "'-1", "'@SUM(1)", "plain"]
    for row in rows[1:]:
        assert all(not cell.startswith(("=", "+", "-", "@")) for cell in row), row
    row = rows[1 + [lv.key for lv in LEVELS].index("sets")]
    assert row[1:5] == ['\'=HYPERLINK("http://x")', "'=1+1", "'+started", "1"]


def test_the_results_download_as_csv_per_level() -> None:
    lesson = course_lesson(SEED, level="sets")
    assert lesson.current is not None
    answer_right(lesson.current, 2)
    text = results_csv(lesson.progress, "classic")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:4] == ["level", "title", "rule set", "state"]
    assert len(rows) == 1 + len(LEVELS)
    assert rows[2][:6] == ["2", "Sets", "classic", "started", "2", "2"]
    link = lesson.results.value
    href = re.search(r'href="data:text/csv;charset=utf-8,([^"]+)"', link)
    assert href is not None and 'download="gin-results-classic.csv"' in link
    assert urllib.parse.unquote(href.group(1).replace("&amp;", "&")) == text
    assert "level_map_html" and level_map_html(lesson.progress, "classic")


# --------------------------------------------------------------------------- seeds


@pytest.mark.parametrize("level", [lv.key for lv in LEVELS])
def test_the_same_seed_shows_the_same_exercise(level: str) -> None:
    a = course_lesson(seed=404, level=level).current
    b = course_lesson(seed=404, level=level).current
    assert a is not None and b is not None
    for _ in range(2):
        assert a.exercise.prompt.value == b.exercise.prompt.value
        a.exercise.next()
        b.exercise.next()


def test_a_bad_level_or_rule_set_is_refused_with_a_sentence() -> None:
    lesson = course_lesson(1)
    lesson.buttons["sets"].click()
    assert lesson.current is not None and lesson.current.level.key == "sets"
    with pytest.raises(ValueError, match="no level called"):
        lesson.open("nowhere")
    with pytest.raises(ValueError, match="no rule set called"):
        CourseLesson(1, rules="poker")


# --------------------------------------------------------------------------- cheat sheet


def test_the_cheat_sheet_reproduces_the_worked_checks_of_the_rules() -> None:
    from gin.ui.lessons.cheatsheet import EXAMPLES, cheat_sheet_html

    points = [ex.result().points for ex in EXAMPLES]
    # RULES worked checks: classic 6C K=3 D=19 -> 16; classic KH 7/7 -> 10;
    # spades-double 7S K=5 D=2 -> 56; spades-double 4S gin D=0 -> 50
    assert points[:4] == [16, 10, 56, 50]
    page = cheat_sheet_html()
    assert "@media print" in page
    assert not re.search(r'(src|href)="https?:|url\(', page)  # nothing from the network
    for p in points:
        assert f"= {p}." in page
    for preset in PRESETS:
        assert preset in page
    assert "A-2-3 is a run" in page


def test_start_here_links_the_cheat_sheet_and_the_guided_deal() -> None:
    from pathlib import Path

    from gin.ui.lessons import start_lesson

    value = start_lesson().first_steps.value
    notebooks = Path(__file__).resolve().parents[1] / "notebooks"
    for href in re.findall(r'href="\./([^"?]+)', value):
        assert (notebooks / href).exists(), href
    assert "00_cheat_sheet.ipynb" in value and "00_first_deal.ipynb" in value


# --------------------------------------------------------------------------- guided deal


def test_the_guided_deal_is_played_to_the_end_by_following_the_highlights() -> None:
    from gin.ui.lessons.guided import GUIDE_CLASS, guided_lesson

    lesson = guided_lesson(pause=0)
    table, guide = lesson.table, lesson.guide
    clicks = 0
    made = 0
    while guide.next_target and clicks < 30:
        button = guide.next_button
        assert button is not None and GUIDE_CLASS in button._dom_classes
        targets = [k for k, b in table.buttons.items() if GUIDE_CLASS in b._dom_classes]
        assert targets in ([guide.next_target], [])  # a table button, or a room's
        guided_cards = [c["code"] for c in table.hand.cards if c.get("extra_class") == GUIDE_CLASS]
        action = guide.next_action
        if isinstance(action, gin.Discard | gin.Knock) and table.hand.selected != action.card.code:
            assert guided_cards == [action.card.code]
            table.hand.click(guided_cards[0])  # select the highlighted card
        if guide.next_target == "make_meld":  # the knock laid out by the learner
            builder = table.builder
            cards = builder.area.cards
            outlined = [c["code"] for c in cards if c.get("extra_class") == GUIDE_CLASS]
            assert len(outlined) >= 3
            for code in outlined:
                builder.area.click(code)
            made += 1
        button.click()
        clicks += 1
    deal = table.controller.deal
    assert deal.is_over and deal.result is not None  # a finished, legal, scored deal
    assert deal.knocker == 0 and deal.result.winner == "knocker"
    assert made >= 1 and table.builder is not None and table.builder.comparison.as_good
    assert clicks <= 18
    assert "00_levels.ipynb" in guide.value
    assert isinstance(Card.parse("7H"), Card)


# --------------------------------------------------------------------------- projector


def test_the_knock_stepper_in_projector_mode_steps_with_a_clickers_keys() -> None:
    from gin.ui.lessons import knocking_lesson

    stepper = knocking_lesson(
        seed=3, hint_playouts=10, projector=True, rules="spades-double"
    ).stepper
    assert "gin-projector" in stepper.widget._dom_classes
    assert stepper.rules_choice.value == "spades-double" and stepper.keys.active
    assert "(Page Down)" in stepper.next_button.description
    assert stepper.step == 1
    stepper.keys.send_from_page({"event": "step", "step": "forward"})
    assert stepper.step == 2
    stepper.keys.send_from_page({"event": "step", "step": "back"})
    assert stepper.step == 1
    stepper.keys.send_from_page({"event": "step", "step": "sideways"})  # ignored
    stepper.keys.send_from_page({"event": "keys", "step": "forward"})  # ignored
    assert stepper.step == 1


def test_the_knock_stepper_asks_who_will_score_before_showing_it() -> None:
    from gin.ui.lessons import knocking_lesson

    stepper = knocking_lesson(seed=5, hint_playouts=10).stepper
    assert not stepper.keys.active  # the keys are a projector's
    winner = stepper.result.winner or "knocker"
    stepper.prediction.value = winner
    assert stepper.prediction_note.value == ""  # nothing told before the last step
    stepper.all_button.click()
    assert "As you predicted" in stepper.prediction_note.value
    stepper.prediction.value = "defender" if winner == "knocker" else "knocker"
    assert "Not what you predicted" in stepper.prediction_note.value
    assert f"scores {stepper.result.points} points" in stepper.prediction_note.value


def test_a_teacher_sets_the_seed_from_the_page() -> None:
    a = course_lesson(seed=1, level="deadwood")
    b = course_lesson(seed=2, level="deadwood")
    assert a.current is not None and b.current is not None
    assert a.current.exercise.prompt.value != b.current.exercise.prompt.value
    b.seed_box.value = 1
    b.seed_button.click()
    assert b.current is not None and b.seed == 1
    assert b.current.exercise.prompt.value == a.current.exercise.prompt.value


def course_at(monkeypatch: pytest.MonkeyPatch, query: str) -> CourseLesson:
    """The course (seed 3) opened at an address with this query (Voilà hands the page's
    query to the kernel as QUERY_STRING)."""
    monkeypatch.setenv("QUERY_STRING", query)
    return course_lesson(3)


def test_the_maps_links_open_their_level_and_rule_set(monkeypatch: pytest.MonkeyPatch) -> None:
    lesson = course_at(monkeypatch, "level=void-deal&rules=spades-double")
    assert lesson.current is not None and lesson.current.level.key == "void-deal"
    assert lesson.rules.name == "spades-double"
    lesson = course_at(monkeypatch, "level=nowhere&rules=poker")
    assert lesson.page_problem  # rules=poker: the page's own problem
    assert lesson.rules.name == "classic"


def test_a_bad_level_in_the_address_keeps_its_sentence_when_progress_arrives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 22: the sentence about a bad ``?level=`` stays on the page after the
    learner's stored progress arrives (which opens the level to continue with)."""
    lesson = course_at(monkeypatch, "level=nowhere")
    assert lesson.problem is not None
    assert "There is no level called “nowhere”" in lesson.problem.text
    lesson.progress.send_from_page({"event": "stored", "records": {"classic": {"_last": "runs"}}})
    assert lesson.current is not None and lesson.current.level.key == "runs"
    assert "There is no level called “nowhere”" in lesson.problem.text
    assert "nowhere" in lesson.problem.widget.value


def test_the_course_reads_its_address_in_any_case_and_refuses_repeats(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``Level=`` is ``level=``; ``level=sets&level=runs`` is refused with a sentence."""
    lesson = course_at(monkeypatch, "Level=void-deal&RULES=spades-double")
    assert lesson.current is not None and lesson.current.level.key == "void-deal"
    assert lesson.rules.name == "spades-double"
    lesson = course_at(monkeypatch, "level=sets&Level=runs")
    assert lesson.problem is not None and "level" in lesson.problem.text
    assert "twice" in lesson.problem.text


def test_a_bad_level_is_quoted_with_its_hidden_characters_escaped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A NUL or a bidi override in ``?level=`` is shown escaped, never raw."""
    lesson = course_at(monkeypatch, "level=ab%E2%80%AEcd%00")
    assert lesson.problem is not None
    text = lesson.problem.text
    assert "\u202e" not in text and "\x00" not in text  # the characters themselves
    assert "\\u202e" in text and "\\x00" in text  # their escapes


# --------------------------------------------------------------------------- the seed's tips


def test_wilson_intervals_cover_the_share_and_stay_in_bounds() -> None:
    from gin.ui.lessons.intervals import compare, mean, share, wilson

    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(0, 50)
    assert lo == pytest.approx(0.0) and 0.0 < hi < 0.1
    lo, hi = wilson(50, 50)
    assert hi == pytest.approx(1.0) and lo > 0.9
    for k in range(0, 41, 5):
        lo, hi = wilson(k, 40)
        assert lo <= k / 40 <= hi
    assert compare(share(2, 100), share(40, 100)) == "rises"
    assert compare(share(40, 100), share(2, 100)) == "falls"
    assert compare(share(5, 100), share(7, 100)) == "unclear"
    m = mean([1.0, 2.0, 3.0])
    assert m.value == 2.0 and m.low < 2.0 < m.high


def test_on_a_spade_deal_an_undercut_pays_at_least_50_plus_twice_the_difference() -> None:
    # RULES: spades-double doubles every point of a spade deal; undercut bonus 25
    from gin.ui.lessons.tips import check_spade_undercut, spade_results

    check = check_spade_undercut(count=20, seed=7)
    assert check.holds and check.n == 20
    for r in spade_results("undercut", 20, 7):
        assert r.doubled and r.kind == "undercut"
        assert r.points == 2 * ((r.knocker_deadwood - r.defender_deadwood) + 25)
    assert "25, doubled" in check.finding.render()


def test_a_spade_gin_is_worth_at_least_50_of_150() -> None:
    from gin.ui.lessons.tips import check_spade_gin

    check = check_spade_gin(count=20, seed=8)
    assert check.holds
    assert "of the 150-point target" in check.finding.render()


def test_the_low_limit_tip_and_the_undercut_caption_come_from_the_numbers() -> None:
    from gin.ui.lessons.simulate import SimDeal
    from gin.ui.lessons.tips import check_gin_when_low, tips_html, undercut_risk_caption

    def sim(limit: int, kind: str) -> SimDeal:
        return SimDeal("classic", Card.parse("KH"), limit, False, 10, kind, 0, 10)

    # made-up deals: gin common at a low limit, rare at 10 -> "more"
    sims = [sim(2, "gin")] * 40 + [sim(2, "knock")] * 20 + [sim(10, "gin")] * 2
    sims += [sim(10, "knock")] * 60 + [sim(10, "void")] * 9
    check = check_gin_when_low(sims)
    assert check.holds and "clearly more common" in check.finding.render()
    assert check.n == 60 + 62  # void deals are not scored deals
    same = [sim(2, "gin")] * 3 + [sim(2, "knock")] * 7 + [sim(10, "gin")] * 3
    same += [sim(10, "knock")] * 7
    assert "intervals overlap" in check_gin_when_low(same).finding.render()
    # the undercut caption says "rises" only when the intervals allow it
    flat = {d: (0.05, 100) for d in range(1, 11)}
    assert "do not show that the risk rises" in undercut_risk_caption(flat).render()
    steep = {d: (0.02 if d <= 4 else 0.30, 200) for d in range(1, 11)}
    assert "the risk rises with the deadwood" in undercut_risk_caption(steep).render()
    page = tips_html([check])
    assert 'data-holds="true"' in page and "so aim for it then" in page
    # the simulated players never aim for gin: the verdict says the figures show how
    # often gin comes, not that aiming for it pays
    assert "never aim for gin" in page and "bear it out" not in page
    # deals under an ace up card where only gin may end the deal (limit 0) are left out
    gin_only = sims + [sim(0, "gin")] * 50
    assert check_gin_when_low(gin_only).n == check.n


@pytest.mark.parametrize("rules", PRESETS)
def test_over_many_seeds_the_engines_answer_is_right_and_any_other_is_wrong(rules: str) -> None:
    import random as _random

    r = Rules.preset(rules)
    for lv in LEVELS:
        for n in range(25):
            q = lv.make(r, _random.Random(f"many {n}"))
            right = {k: str(v) for k, v in _right(lv.key, q).items()}
            assert q.check(right).right, (lv.key, n, q.data)
            for f in q.fields:
                others = (
                    [v for v in f.values if v != right[f.name]]
                    if f.choices
                    else [q.data["wrong"]]
                    if f.widget is not None
                    else [str(int(right[f.name]) + 1)]
                )
                for other in others:
                    assert not q.check({**right, f.name: other}).right, (lv.key, n, f.name)


def test_stored_records_of_any_shape_never_break_the_page() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    json_like = st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=12),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
        ),
        max_leaves=20,
    )

    @settings(max_examples=150, deadline=None)
    @given(json_like)
    def check(raw: Any) -> None:
        out = clean_records(raw)
        for levels in out.values():
            for key, rec in levels.items():
                assert key == "_last" or rec["state"] in ("new", "started", "mastered")

    check()


def test_the_lab_measures_the_tips_and_writes_its_captions_from_the_numbers() -> None:
    from gin.ui.lessons import lab_lesson

    lab = lab_lesson(seed=2, deals=60, games=1)
    tips = lab.tips.value
    for key in ("undercut", "gin", "low-limit"):
        assert f"gin-tip-{key}" in tips
    assert 'gin-tip-undercut" data-holds="true"' in tips
    assert 'gin-tip-gin" data-holds="true"' in tips
    caption = lab.undercut_text.value
    assert "95% interval" in caption and "knocks" in caption
    # the pairings are plain checkboxes
    boxes = lab.pair_choice.boxes
    assert len(boxes) >= 3 and sum(b.value for b in boxes.values()) == 1
    first = next(iter(boxes))
    lab.pair_choice.value = (first,)
    assert lab.pair_choice.value == (first,)


# --------------------------------------------------------------- "Count your hand" (issue 29)


def test_count_your_hand_shows_the_cards_as_dealt_with_no_labels() -> None:
    """The level after "Deadwood": ten cards in the order dealt (not sorted), with no
    groups, captions or counts; the answer is the engine's least deadwood."""
    from gin.ui.lessons.levels import level_index

    assert level_index("count-hand") == level_index("deadwood") + 1
    p = panel("count-hand")
    q = p.exercise.question
    assert q is not None
    hand = list(q.data["cards"])
    assert len(hand) == 10 and hand != sorted(hand)
    assert "gin-caption" not in q.prompt and "gin-lesson-group" not in q.prompt
    assert re.findall(r'data-card="(\w\w)"', q.prompt) == [c.code for c in hand]
    assert q.data["answer"] == gin.deadwood(hand)


@pytest.mark.parametrize(
    ("slip", "wrong"),
    [
        ("card-counted-twice", lambda h: min(d.deadwood for d in gin.counting.double_counts(h))),
        ("face-as-rank", lambda h: _with_a_face_as_rank(h)),
        ("counted-melds", lambda h: sum(c.points for c in h)),
    ],
)
def test_count_your_hand_diagnoses_the_slips(slip: str, wrong: Callable[[Any], int]) -> None:
    """A card counted in two melds, a face card counted by its rank, every card counted:
    each wrong count is named by the engine, recorded as the level's slip, and followed by
    the worked answer."""
    p = panel("count-hand")
    ex = p.exercise
    q = find(ex, lambda q: _with_a_face_as_rank(list(q.data["cards"])) is not None)
    hand = list(q.data["cards"])
    given = wrong(hand)
    assert given is not None and given != q.data["answer"]
    v = ex.submit(deadwood=str(given))
    assert v is not None and not v.right and v.slip == slip
    assert "gin-slip" in v.why and str(q.data["answer"]) in v.why


def _with_a_face_as_rank(hand: list[gin.Card]) -> int | None:
    best = gin.best_arrangement(hand)
    faces = [c for c in best.deadwood if c.rank > 10]
    if not faces or len(gin.best_arrangements(hand)) > 1:
        return None
    value = best.deadwood_points + max(c.rank for c in faces) - 10
    return value if value not in gin.counting.layout_counts(hand) else None


def test_count_your_hand_is_mastered_in_every_language() -> None:
    from gin.i18n import LANGUAGES, set_language

    for lang in LANGUAGES:
        set_language(lang)
        try:
            p = panel("count-hand")
            ex = p.exercise
            for _ in range(MASTERY_STREAK):
                q = ex.question
                assert q is not None
                v = ex.submit(deadwood=str(q.data["answer"]))
                assert v is not None and v.right and v.why
                ex.next()
            assert p.state == "mastered"
            assert p.level.title.render() and p.level.text.render()
        finally:
            set_language("en")


# ------------------------------------------------- on to the table with less help (issue 29)


def _mastered_records(*keys: str) -> dict[str, Any]:
    rec = {"state": "mastered", "answered": 3, "first_right": 3, "streak": 3, "best_streak": 3}
    return {"classic": {key: {**rec, "hints": 0} for key in keys}}


def test_start_here_suggests_the_table_at_some_help_then_the_real_table() -> None:
    """Once the lay-out and layoff levels are mastered, Start here offers the play table
    at some help (?help=some), then at the real table (?help=none); not before."""
    from gin.ui.lessons import start_lesson

    lesson = start_lesson()
    lesson.progress.send_from_page({"event": "stored", "records": _mastered_records("lay-out")})
    assert "gin-table-suggestion" not in lesson.intro.value
    lesson.progress.send_from_page(
        {"event": "stored", "records": _mastered_records("lay-out", "layoffs")}
    )
    value = lesson.intro.value
    assert "gin-table-suggestion" in value and "gin-primary-action" in value
    hrefs = re.findall(r'class="gin-play-[^"]*" data-help="(\w+)"[^>]*href="([^"]+)"', value)
    assert [h for h, _ in hrefs] == ["some", "none"]
    queries = [
        urllib.parse.parse_qs(urllib.parse.urlsplit(html.unescape(href)).query) for _, href in hrefs
    ]
    assert [q["help"] for q in queries] == [["some"], ["none"]]
    assert all(href.startswith(f"./{PLAY_NOTEBOOK}?") for _, href in hrefs)
    assert value.index("gin-play-some-help") < value.index("gin-play-real-table")


def test_the_courses_end_suggests_the_table_once_layouts_and_layoffs_are_mastered_records() -> None:
    lesson = course_lesson(SEED, rules="classic", level=LEVELS[-1].key)
    lesson.progress.send_from_page(
        {"event": "stored", "records": _mastered_records(LEVELS[-1].key, "lay-out", "layoffs")}
    )
    panel = lesson.open(LEVELS[-1].key)
    panel.update_mastery()
    assert "gin-table-suggestion" in panel.mastery.value
    assert 'data-help="none"' in panel.mastery.value
    early = lesson.open("sets")
    assert "gin-table-suggestion" not in early.mastery.value
