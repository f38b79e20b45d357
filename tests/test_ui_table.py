"""The playable table, driven through its widgets in plain Python (no browser)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

import ipywidgets
import pytest
from test_ui_support import (
    arrangement_codes,
    assert_shows_engine_state,
    cards_named,
    finish_deal,
    group_codes,
    hidden_cards,
    leaked_cards,
    play_game,
    stacked,
    widget_tree,
)

import gin
from gin.ui import GinTable, play_table
from gin.ui.table.buttons import BUTTONS, CONTROL_BUTTONS
from gin.ui.table.coaching import hint_summary

# The learner's ready hand: A-3♠ run, 4s set, 7-9♣ run, and K♥ as deadwood.
READY = "AS 2S 3S 4H 4D 4C 7C 8C 9C KH"
# An opponent who can lay off 4♠, 6♣ and 10♣ onto those melds.
LAYS_OFF = "4S 6C TC QD JD 9H 6S 2D 3D 5H"
# An opponent holding none of 4♠, 10♣, J♣.
OTHER = "5D 6H KC QD JD 9H 6S 2D 3D 5H"

NUMBER_CODES = ("not-a-number", "no-number", "number-too-long", "number-out-of-range")
"""The codes of gin.parse_whole_number's refusals."""


pytestmark = pytest.mark.usefixtures("fresh_widgets")


def take_kh_and_knock(t: GinTable) -> None:
    """The learner takes the up card, discards KH with a knock and confirms it."""
    t.buttons["take"].click()
    t.hand.click("KH")
    t.buttons["knock"].click()
    t.buttons["confirm"].click()


def paused_knock(
    stack: Callable[..., list[gin.Card]],
) -> tuple[GinTable, list[Callable[[], None]]]:
    """A READY/LAYS_OFF table with a reveal pause whose learner has just knocked; the
    queue holds the scheduled reveal steps."""
    t = stacked(stack, READY, LAYS_OFF, "KD", pause=0.5)
    queue: list[Callable[[], None]] = []
    t.scheduler = lambda delay, fn: queue.append(fn)
    take_kh_and_knock(t)
    return t, queue


def snapshot(t: GinTable) -> tuple[Any, ...]:
    return (t.controller.deal.snapshot(), tuple(t.controller.game.log))


def assert_refused(t: GinTable, attempt: Callable[[], object], code: str) -> None:
    """``attempt`` is refused: the deal and the game's log stay as they were, and the
    coach shows the engine's message, whose reason code starts with ``code``."""
    before = snapshot(t)
    attempt()
    assert snapshot(t) == before
    assert t.error_code.startswith(code) and t.coach.error, (t.error_code, t.coach.error)


def card(code: str) -> gin.Card:
    return gin.Card.parse(code)


# ---------------------------------------------------------------------------- whole games


@pytest.mark.parametrize("rules", ["classic", "spades-double"])
def test_whole_game_through_the_widgets_shows_exactly_the_engine_state(rules: str) -> None:
    t = play_table(rules=rules, seed=11, pause=0)
    deals = play_game(t, 11)
    assert t.controller.game.is_over
    assert deals == len(t.controller.game.deals)
    assert "the game" in t.scores.value
    assert t.buttons["next_deal"].disabled


def test_no_hidden_card_reaches_any_widget_while_a_deal_is_played() -> None:
    for seed in (4, 5):
        ipywidgets.Widget.close_all()  # the scan covers every live widget
        t = play_table(rules="spades-double", seed=seed, pause=0)
        assert play_game(t, seed, check_leaks=True, stop_after=2) == 2


def test_the_leak_scan_finds_the_opponents_hand_in_teacher_mode() -> None:
    t = play_table(seed=4, pause=0, teacher=True)
    opp = t.controller.deal.hand(1)
    assert sorted(t.opponent_area.codes) == sorted(c.code for c in opp)
    assert leaked_cards(t) != []
    assert {c for c in hidden_cards(t)} & set(cards_named(str(t.opponent_area.cards)))


def test_the_table_widget_tree_holds_no_hidden_card_at_the_start() -> None:
    t = play_table(seed=21, pause=0)
    assert leaked_cards(t, widget_tree(t)) == []
    assert all(c["code"] == "" for c in t.opponent_area.cards)
    assert all(c["code"] == "" for c in t.stock_area.cards)


# ---------------------------------------------------------------------------- illegal clicks


def test_clicks_out_of_turn_change_nothing_and_show_the_engines_message() -> None:
    t = play_table(seed=2, pause=0, teacher=True)
    c = t.controller
    if not c.opponent_to_move():  # make it the opponent's turn
        t.buttons["pass"].click()
    assert c.opponent_to_move()
    for key in ("take", "pass", "draw_stock", "draw_discard", "lay_off"):
        assert t.buttons[key].disabled
        assert_refused(t, t.buttons[key].click, "not-your-turn")
    before = snapshot(t)
    t.hand.click(t.hand.codes[0])
    assert snapshot(t) == before
    # the second click tries to discard
    assert_refused(t, lambda: t.hand.click(t.hand.codes[0]), "not-your-turn")
    assert_shows_engine_state(t)


def test_clicking_draw_twice_is_refused_the_second_time(stack: Any) -> None:
    t = stacked(stack, READY, LAYS_OFF, "KD")
    t.buttons["pass"].click()  # the learner passes, the opponent passes: draw from the stock
    assert t.controller.view().phase is gin.Phase.DRAW
    t.buttons["draw_stock"].click()
    assert t.coach.error == ""
    assert_refused(t, t.buttons["draw_stock"].click, "already-drew")
    assert_shows_engine_state(t)


@pytest.mark.parametrize(
    ("up", "select", "button", "code"),
    [
        # both passed the up card (the opponent wants K♠ no more than K♦): the first draw
        # must come from the stock
        pytest.param("KS", None, "draw_discard", "stock-only", id="first-draw-from-the-stock"),
        # both passed: the learner must draw before discarding
        pytest.param("KD", "KH", "discard", "draw-first", id="no-discard-before-drawing"),
    ],
)
def test_after_both_pass_a_disabled_button_shows_the_engines_message(
    stack: Any, up: str, select: str | None, button: str, code: str
) -> None:
    t = stacked(stack, READY, LAYS_OFF, up)
    t.buttons["pass"].click()
    if select is not None:
        t.hand.click(select)
    assert t.buttons[button].disabled
    assert_refused(t, t.buttons[button].click, code)


def test_the_card_just_taken_cannot_be_discarded(stack: Any) -> None:
    t = stacked(stack, READY, LAYS_OFF, "KD")
    t.buttons["take"].click()
    t.hand.click("KD")
    assert t.buttons["discard"].disabled
    assert_refused(t, lambda: t.hand.click("KD"), "taken-card")  # the second click discards
    assert "K♦" in t.coach.error
    steps = t.coach.steps("turn")
    assert steps[0].code == "taken-card"
    best = next(s for s in steps if s.code == "best-discards")
    assert "KD" not in best.data["cards"]


def test_an_illegal_knock_is_answered_by_the_engine(stack: Any) -> None:
    t = stacked(stack, "AS 2S 3S 4H 4D 4C 7C 8C KH QH", LAYS_OFF, "6D")  # 35 deadwood, limit 6
    t.buttons["take"].click()
    assert t.buttons["knock"].disabled and t.buttons["gin"].disabled
    before = snapshot(t)
    t.hand.click("AS")
    t.buttons["knock"].click()
    expected = pytest.raises(gin.IllegalActionError)
    with expected as err:
        t.controller.deal.verify(gin.Knock(card("AS")), 0)
    assert t.coach.error == err.value.message and t.error_code == err.value.code
    assert snapshot(t) == before and t.controller.pending is None


def test_a_malformed_card_code_from_the_page_gives_a_clear_message(stack: Any) -> None:
    t = stacked(stack, READY, LAYS_OFF, "KD")
    before = snapshot(t)
    t.hand.selected = "<script>"
    assert t.hand.selected == ""
    assert "is not a card" in t.coach.error
    t.hand.selected = "QS"  # a real card, not in the hand
    assert t.hand.selected == ""
    assert t.error_code == "not-shown" and "Q♠" in t.coach.error
    t.hand.send_from_page({"event": "activate", "card": 7})
    assert "is not a card" in t.coach.error
    t.hand.send_from_page({"event": "hack"})
    assert t.error_code == "page-not-understood"
    t.stock_area.send_from_page({"event": "click", "index": 99})
    assert t.error_code == "page-click-not-here"
    t.hand.send_from_page({"event": "reorder", "order": ["AS"]})
    assert t.error_code == "page-bad-order"
    assert snapshot(t) == before
    assert "Traceback" not in t.coach.value


def test_a_bad_seed_is_refused_and_the_game_goes_on() -> None:
    t = play_table(seed=9, pause=0)
    before = snapshot(t)
    for bad in ("abc", "-3", "1e5", "12345678901234567890123"):
        t.seed_field.value = bad
        t.buttons["replay"].click()
        assert t.error_code in NUMBER_CODES, t.coach.error
        assert snapshot(t) == before and t.controller.seed == 9


def test_the_same_seed_deals_the_same_cards_for_a_whole_class() -> None:
    a = play_table(seed=123, pause=0)
    b = play_table(seed=5, pause=0)
    b.seed_field.value = " 123 "
    b.buttons["replay"].click()
    assert b.controller.seed == 123 and b.seed_field.value == "123"
    assert a.hand.codes == b.hand.codes
    assert a.controller.deal.snapshot() == b.controller.deal.snapshot()


def test_an_empty_seed_field_picks_a_new_seed_and_shows_it() -> None:
    t = play_table(seed=5, pause=0)
    finish_deal(t)  # a replay waits for the deal's end (issue 33)
    t.seed_field.value = ""
    t.buttons["replay"].click()
    assert t.seed_field.value == str(t.controller.seed)


def test_errors_inside_callbacks_reach_the_coach(monkeypatch: pytest.MonkeyPatch) -> None:
    t = play_table(seed=3, pause=0)

    def broken(action: gin.Action) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(t.controller, "act", broken)
    t.buttons["draw_stock"].click()
    t.buttons["take"].click()
    assert t.error_code == "something-wrong"
    assert "boom" not in t.coach.error and "RuntimeError" not in t.coach.error


def test_the_tables_callbacks_run_by_the_one_guard_of_the_tutor(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """One guarded callback, used everywhere (issue 28): a table part's unexpected error is
    logged with its traceback by the lessons' guard (:func:`run_guarded`), as a lesson's or
    an arrange room's is; the engine's own errors are shown, not logged."""
    t = play_table(seed=3, pause=0)

    def broken(action: gin.Action) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(t.controller, "act", broken)
    with caplog.at_level("WARNING", logger="gin.ui.lessons"):
        t.buttons["draw_stock"].click()
        t.buttons["take"].click()
    failed = [r for r in caplog.records if r.name == "gin.ui.lessons" and r.exc_info]
    assert failed and "boom" in str(failed[0].exc_info[1])
    assert t.error_code == "something-wrong"
    caplog.clear()
    monkeypatch.undo()
    with caplog.at_level("WARNING", logger="gin.ui.lessons"):
        t.buttons["discard"].click()  # nothing selected: the engine's refusal, shown only
    assert t.error_code not in ("", "something-wrong")
    assert not [r for r in caplog.records if r.name == "gin.ui.lessons"]


# ---------------------------------------------------------------------------- knocking


def test_knocking_asks_for_confirmation_and_cancel_plays_nothing(stack: Any) -> None:
    t = stacked(stack, READY, LAYS_OFF, "KD")
    t.buttons["take"].click()
    assert not t.buttons["knock"].disabled and t.buttons["gin"].disabled
    before = snapshot(t)
    t.buttons["knock"].click()  # nothing selected: the best knock is offered
    assert t.controller.pending == gin.Knock(card("KH"))
    assert "You keep 10 deadwood (the knock limit is 10)" in t.confirm_text.value
    assert t.confirm_box.layout.display == "flex"
    assert all(t.buttons[k].disabled for k, _, _ in BUTTONS)
    t.buttons["cancel"].click()
    assert snapshot(t) == before and t.controller.pending is None
    assert t.confirm_box.layout.display == "none"
    assert_shows_engine_state(t)


def test_a_confirmed_knock_is_scored_with_layoffs_and_the_score_pad_updates(stack: Any) -> None:
    t = stacked(stack, READY, LAYS_OFF, "KD")
    take_kh_and_knock(t)
    deal = t.controller.deal
    assert deal.phase is gin.Phase.SCORED and deal.result is not None
    assert t.coach.steps("result") == deal.result.steps
    assert [r.points for r in t.scores.records] == [deal.result.points]
    # both hands face up, the knocker's melds with the cards laid off
    assert sorted(t.hand.codes) == sorted([*READY.replace("KH", "KD").split(), "4S", "6C", "TC"])
    assert sorted(t.opponent_area.codes) == sorted(set(LAYS_OFF.split()) - {"4S", "6C", "TC"})
    assert not t.buttons["next_deal"].disabled
    assert_shows_engine_state(t)
    t.buttons["next_deal"].click()
    assert t.controller.deal_number == 2
    assert_shows_engine_state(t)


def test_the_end_of_a_deal_is_revealed_one_step_at_a_time(stack: Any) -> None:
    t, queue = paused_knock(stack)
    assert len(queue) == 1  # the opponent (defender) lays off after the pause
    assert t.controller.deal.phase is gin.Phase.LAYOFF
    queue.pop(0)()
    result = t.controller.deal.result
    assert result is not None
    seen_laid: list[int] = []
    while queue:
        assert t.scores.records == []  # the score pad waits for the end of the reveal
        assert t.buttons["next_deal"].disabled
        queue.pop(0)()
        shown = t.coach.steps("result")
        assert shown == result.steps[: len(shown)]
        laid = sum(1 for s in shown if s.code == "layoff")
        seen_laid.append(laid)
        assert {"4S", "6C", "TC"} & set(t.hand.codes) == {
            lo.card.code for lo in result.layoffs[:laid]
        }
    assert seen_laid == sorted(seen_laid) and set(seen_laid) == {0, 1, 2, 3}
    assert [r.points for r in t.scores.records] == [result.points]
    assert not t.buttons["next_deal"].disabled


def test_the_end_of_a_deal_names_the_knocker_and_the_defenders_deadwood(stack: Any) -> None:
    t, queue = paused_knock(stack)
    queue.pop(0)()  # the opponent lays off: both hands are shown, nothing laid off yet
    result = t.controller.deal.result
    assert result is not None
    assert "knocked" in t.hand_label.value and f">{result.knocker_deadwood}<" in t.hand_label.value
    before = result.defender_deadwood_before_layoffs
    assert f">{before}</span> before laying off" in t.opponent_label.value
    assert "laid off 0 of 3" in t.opponent_label.value
    waiting = [g for g in t.opponent_area.groups if g.get("kind") == "laid-off"]
    assert waiting == [{"label": "to lay off", "kind": "laid-off"}]
    # the layoffs are told with the score, not ahead of it among the opponent's moves
    assert not any("laid off" in s.text for s in t.coach.steps("opponent"))
    assert t.coach.section("limit") is None and t.coach.section("hand") is None
    while queue:
        queue.pop(0)()
    labels = [g["label"] for g in t.hand.groups]
    # counted with the noun (issue 40): no number stands bare, at 1 or after a colon
    assert labels == ["run", "set, 1 card laid off", "run, 2 cards laid off", "deadwood 10"]
    assert f">{result.defender_deadwood}</span> after laying off 3 cards" in t.opponent_label.value
    assert f"(it was {before})" in t.opponent_label.value
    assert not any(g.get("kind") == "laid-off" for g in t.opponent_area.groups)
    assert t.coach.steps("result") == result.steps


def test_gin_has_its_own_button_and_a_spade_up_card_doubles(stack: Any) -> None:
    t = stacked(stack, READY, OTHER, "4S", rules="spades-double")
    assert "Knock limit 4" in t.limit_badge.value and "doubled" in t.limit_badge.value
    t.buttons["take"].click()
    assert t.buttons["gin"].description != t.buttons["knock"].description
    assert not t.buttons["gin"].disabled and t.buttons["knock"].disabled
    t.buttons["gin"].click()
    assert t.controller.pending == gin.Knock(card("KH"))
    assert "gin bonus of 25" in t.confirm_text.value
    t.buttons["confirm"].click()
    (rec,) = t.scores.records
    assert rec.kind == "gin" and rec.doubled and rec.winner == 0
    assert "×2" in t.scores.value
    assert rec.points == t.controller.deal.result.points


def test_an_ace_up_card_in_spades_double_says_only_gin_may_end_the_deal(stack: Any) -> None:
    t = stacked(stack, "AS 2S 3S 4H 4D 4C 7C 8C 9C 2H", LAYS_OFF, "AD", rules="spades-double")
    assert "only gin or big gin may end this deal" in t.limit_badge.value
    assert "doubled" not in t.limit_badge.value
    t.buttons["take"].click()
    assert t.buttons["knock"].disabled and t.buttons["gin"].disabled
    t.hand.click("2H")
    t.buttons["knock"].click()
    assert t.error_code == "over-knock-limit-gin-only-big-gin"
    assert "only gin or big gin may end this deal" in t.coach.error
    assert t.coach.steps("limit") == gin.knock_limit_steps(t.controller.rules, card("AD"))


def test_big_gin_is_declared_after_confirmation(stack: Any) -> None:
    t = stacked(stack, "AS 2S 3S 4H 4D 4C 7C 8C 9C TC", OTHER, "JC", rules="spades-double")
    t.buttons["take"].click()
    assert not t.buttons["big_gin"].disabled
    assert any(s.code == "big-gin" for s in t.coach.steps("turn"))
    t.buttons["big_gin"].click()
    assert t.controller.pending == gin.BigGin()
    assert "big-gin bonus of 31" in t.confirm_text.value
    t.buttons["confirm"].click()
    assert t.scores.records[0].kind == "big-gin"


def opponent_knocks(stack: Any, learner: str = LAYS_OFF.replace("2D", "2C"), **kw: Any) -> GinTable:
    """The opponent (non-dealer) passes K♦, the learner passes, the opponent draws 2♦ and
    knocks with READY's melds and 2♦ as deadwood: the learner is to lay off."""
    t = stacked(stack, learner, READY, "KD", learner_deals=True, stock="2D", **kw)
    assert t.controller.view().phase is gin.Phase.OFFER_DEALER
    t.buttons["pass"].click()
    assert t.controller.view().phase is gin.Phase.LAYOFF
    return t


def test_the_learner_lays_off_after_the_opponent_knocks(stack: Any) -> None:
    t = opponent_knocks(stack)
    view = t.controller.view()
    assert not t.buttons["lay_off"].disabled
    assert t.coach.steps("layoff") == gin.turn_steps(view) == gin.layoff_steps(view)
    assert t.coach.steps("layoff")[0].code == "knocker-shown"
    assert any(s.code == "event" and "knocked" in s.text for s in t.coach.steps("opponent"))
    assert_shows_engine_state(t)
    assert leaked_cards(t) == []
    t.buttons["lay_off"].click()
    assert t.controller.deal.phase is gin.Phase.SCORED
    assert_shows_engine_state(t)


def test_the_knockers_melds_and_deadwood_are_laid_face_up_before_the_layoff(stack: Any) -> None:
    t = opponent_knocks(stack)
    shown = t.controller.view().knocker_shown
    assert shown is not None
    # grouped like the learner's hand: each meld, then the deadwood marked
    assert group_codes(t.opponent_area) == arrangement_codes(shown)
    assert [g["kind"] for g in t.opponent_area.groups] == ["meld"] * 3 + ["deadwood"]
    assert {c["code"] for c in t.opponent_area.cards if c["marked"]} == {"2D"}
    assert "knocked" in t.opponent_label.value and "deadwood" in t.opponent_label.value
    # nothing but the knocker's laid-down cards is shown: the stock stays hidden
    stock = {c.code for c in t.controller.deal.stock}
    assert stock.isdisjoint(cards_named(str([w.get_state() for w in widget_tree(t)])))


def test_the_coach_says_which_cards_can_be_laid_off_and_the_engine_lays_them(stack: Any) -> None:
    t = opponent_knocks(stack)
    view = t.controller.view()
    shown = view.knocker_shown
    assert shown is not None
    steps = t.coach.steps("layoff")
    assert steps[0].code == "knocker-shown" and steps[0].data["points"] == 2
    fits: dict[str, list[list[str]]] = {}
    for st in steps:
        if st.code == "fits":
            fits.setdefault(st.data["card"], []).append(st.data["onto"])
    assert fits == {
        c.code: [[x.code for x in m.cards] for m in shown.melds if gin.can_extend(m, c)]
        for c in view.hand
        if any(gin.can_extend(m, c) for m in shown.melds)
    }
    assert sorted(fits) == ["4S", "6C", "TC"]
    assert len(fits["4S"]) == 2  # onto the run A-3♠ or the set of fours
    # the fitting cards are marked in the learner's hand and named above it
    marked = {c["code"] for c in t.hand.cards if c.get("extra_class") == "gin-can-lay-off"}
    assert marked == set(fits)
    assert "fits the knocker's melds" in t.hand_label.value
    (plan,) = [st for st in steps if st.code == "layoff-plan"]
    assert plan.data["before"] == gin.deadwood(view.hand)
    t.buttons["lay_off"].click()
    result = t.controller.deal.result
    assert result is not None
    assert plan.data["cards"] == [lo.card.code for lo in result.layoffs]
    assert plan.data["after"] == result.defender_deadwood
    assert t.coach.section("layoff") is None  # the deal is over: the result speaks


def test_a_card_laid_off_after_another_is_listed_as_a_chained_fit(stack: Any) -> None:
    """Rule: layoffs chain: J♣ fits onto 7-9♣ once 10♣ is laid off, and the coach says so."""
    t = opponent_knocks(stack, "TC JC QD 5S 9H 6S 2C 3D 5H KS")
    steps = t.coach.steps("layoff")
    fits = [(s.data["card"], s.key) for s in steps if s.code == "fits"]
    assert fits == [("TC", "turn.fits"), ("JC", "turn.fits-chained")]
    marked = {c["code"] for c in t.hand.cards if c.get("extra_class") == "gin-can-lay-off"}
    assert marked == {"TC", "JC"}
    (plan,) = [s for s in steps if s.code == "layoff-plan"]
    assert plan.data["cards"] == ["TC", "JC"]
    t.buttons["lay_off"].click()
    result = t.controller.deal.result
    assert result is not None and [lo.card.code for lo in result.layoffs] == ["TC", "JC"]


def test_when_nothing_fits_the_coach_says_so(stack: Any) -> None:
    t = opponent_knocks(stack, "5S 6H KC QD JD 9H 6S 2C 3D 5H")
    steps = t.coach.steps("layoff")
    codes = [s.code for s in steps]
    assert codes == ["knocker-shown", "no-fit", "layoff-plan", "undercut-check"]
    assert "cards" not in steps[2].data and "nothing fits" in t.hand_label.value
    assert not any(c.get("extra_class") for c in t.hand.cards)


def test_the_learners_own_knock_lays_their_melds_down_while_the_opponent_lays_off(
    stack: Any,
) -> None:
    t, _queue = paused_knock(stack)
    view = t.controller.view()
    assert view.phase is gin.Phase.LAYOFF and view.knocker_shown is not None
    assert group_codes(t.hand) == arrangement_codes(view.knocker_shown)
    assert "you knocked" in t.hand_label.value
    assert all(c["code"] == "" for c in t.opponent_area.cards)  # the defender's stay hidden
    assert t.coach.section("layoff") is None
    assert_shows_engine_state(t)
    assert leaked_cards(t) == []


# ---------------------------------------------------------------------------- controls


def test_undo_takes_back_the_learners_last_move_and_the_replies(stack: Any) -> None:
    """Undo takes back the learner's last move while the opponent has not answered it;
    once the opponent has moved it is refused (issue 22: the learner would know the
    opponent's move before it is made), and the button says so first."""
    t = play_table(seed=5, pause=0)  # the learner passes; the opponent takes the up card
    assert t.buttons["undo"].disabled
    t.buttons["undo"].click()
    assert t.error_code == "no-move-to-undo"
    t.buttons["pass"].click()
    assert t.controller.learner_to_move()  # the opponent took the up card and discarded
    assert t.buttons["undo"].disabled
    assert_refused(t, t.buttons["undo"].click, "undo-opponent-moved")
    start = snapshot(t)
    t.buttons["draw_discard"].click()  # shows nothing hidden: may be taken back
    assert not t.buttons["undo"].disabled
    t.buttons["undo"].click()
    assert snapshot(t) == start
    # card names, whole sentences, and whose move each was (never internal codes)
    said = t.coach.message
    assert re.match(r"One move was taken back: You ", said), said
    assert "draw-discard" not in said
    assert_shows_engine_state(t)


def test_fair_play_undo_of_a_stock_draw_is_refused_and_the_coach_says_why() -> None:
    """Issue 9: undoing a draw from the stock would show the stock's top card; issue 22:
    the Undo button is disabled then, and a click is still told why."""
    t = play_table(seed=5, pause=0)
    t.buttons["pass"].click()
    assert t.controller.learner_to_move()  # the opponent took the up card and discarded
    t.buttons["draw_stock"].click()
    assert t.buttons["undo"].disabled
    assert_refused(t, t.buttons["undo"].click, "undo-stock-drawn")
    assert "drawn from the stock can't be taken back" in t.coach.error


def test_undo_is_refused_once_the_hands_are_shown(stack: Any) -> None:
    t = stacked(stack, READY, LAYS_OFF, "KD")
    t.buttons["take"].click()
    t.buttons["knock"].click()
    t.buttons["confirm"].click()
    assert t.buttons["undo"].disabled
    t.buttons["undo"].click()
    assert "can't be taken back" in t.coach.error


def test_hint_suggests_a_legal_move_and_shows_its_reasons(stack: Any) -> None:
    t = stacked(stack, READY, LAYS_OFF, "KD")
    t.buttons["take"].click()
    t.buttons["hint"].click()
    shown = t.controller.shown_hint
    assert shown is not None and shown.action in t.controller.view().legal_actions
    assert t.coach.steps("hint") == shown.steps and shown.steps
    assert t.coach.message == hint_summary(shown, t.controller.view()).render()


def test_the_hint_button_says_thinking_while_the_hint_is_worked_out(
    stack: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = stacked(stack, READY, LAYS_OFF, "KD")
    seen: list[tuple[str, bool]] = []
    real = t.controller.hint

    def spy() -> Any:
        seen.append((t.buttons["hint"].description, t.buttons["hint"].disabled))
        return real()

    monkeypatch.setattr(t.controller, "hint", spy)
    label = t.buttons["hint"].description
    t.buttons["hint"].click()
    assert seen == [("Thinking…", True)]
    assert t.buttons["hint"].description == label and not t.buttons["hint"].disabled


def test_teacher_mode_steps_the_opponent_one_click_at_a_time() -> None:
    t = play_table(seed=8, pause=0, teacher=True)
    c = t.controller
    if c.learner_to_move():
        view = c.view()
        t.buttons["pass" if gin.Pass() in view.legal_actions else "draw_stock"].click()
    moves = 0
    while c.opponent_to_move() and moves < 5:
        before = len(c.deal.events)
        assert not t.buttons["opponent_step"].disabled
        t.buttons["opponent_step"].click()
        assert len(c.deal.events) > before
        moves += 1
        assert sorted(t.opponent_area.codes) == sorted(x.code for x in c.deal.hand(1))
    assert moves >= 1
    assert t.buttons["opponent_step"].disabled == (not c.opponent_to_move())


def test_turning_teacher_mode_off_hides_the_hand_and_lets_the_opponent_play() -> None:
    t = play_table(seed=8, pause=0, teacher=True)
    t.teacher_toggle.value = False
    assert not t.teacher and t.buttons["opponent_step"].layout.display == "none"
    assert all(c["code"] == "" for c in t.opponent_area.cards)
    assert not t.controller.opponent_to_move()
    assert leaked_cards(t) == []


def test_the_opponent_plays_after_a_pause_on_the_running_event_loop() -> None:
    async def scenario() -> tuple[int, int]:
        t = play_table(seed=8, pause=0.001)
        t.hand.send_from_page({"event": "ready"})  # the page shows the table
        c = t.controller
        for _ in range(10):
            if c.learner_to_move():
                break
            await asyncio.sleep(0.01)
        view = c.view()
        t.buttons["pass" if gin.Pass() in view.legal_actions else "draw_stock"].click()
        if c.learner_to_move():  # drew: discard to hand the turn over
            t.hand.click(t.hand.codes[-1])
            t.hand.click(t.hand.codes[-1])
        waiting = 1 if c.opponent_to_move() else 0
        for _ in range(200):
            if not c.opponent_to_move():
                break
            await asyncio.sleep(0.01)
        assert_shows_engine_state(t)
        return waiting, int(c.opponent_to_move())

    waiting, still = asyncio.run(scenario())
    assert waiting == 1  # the opponent did not move at once
    assert still == 0  # and it moved once the loop ran


def test_rule_set_and_opponent_are_chosen_for_the_next_game() -> None:
    t = play_table(seed=1, pause=0)
    t.rules_choice.value = "spades-double"
    t.opponent_choice.value = gin.bots.BOT_NAMES[-1]
    t.seed_field.value = "77"
    t.buttons["new_game"].click()
    assert t.controller.rules == gin.Rules.preset("spades-double")
    assert t.controller.opponent_name == gin.bots.BOT_NAMES[-1]
    assert "Rules: “spades-double”" in t.title.value and "target 150" in t.title.value
    assert "target 150" in t.scores.value
    assert_shows_engine_state(t)


def test_the_discard_history_is_one_click_away() -> None:
    t = play_table(seed=6, pause=0)
    assert t.history_area.layout.display == "none"
    t.buttons["history"].click()
    assert t.history_area.layout.display == "flex"
    assert t.history_area.codes == [c.code for c in t.controller.view().discard_pile]
    t.buttons["history"].click()
    assert t.history_area.layout.display == "none"


def test_the_discard_history_is_built_when_first_opened() -> None:
    """Issue 23 (speed of a page): the hidden discard history is not sent with the page; the
    history button builds it, under the piles, with the discard pile as it is then."""

    def histories() -> list[Any]:
        return [c for c in t.felt.children if "gin-discard-history" in c._dom_classes]

    t = play_table(seed=6, pause=0)
    assert histories() == []
    t.buttons["history"].click()
    (area,) = histories()
    parts = list(t.felt.children)
    assert parts.index(area) == parts.index(t.piles.box) + 1
    assert area.layout.display == "flex"
    assert area.codes == [c.code for c in t.controller.view().discard_pile]


# ---------------------------------------------------------------------------- coach


def test_the_coach_shows_a_card_in_a_set_versus_in_a_run(stack: Any) -> None:
    t = stacked(stack, "5S 6S 7S 7H 7D 8S 9S KH KD 2C", "AH 2H 3H 4C 5C 6C 9D TD QC QH", "JC")
    hand = t.coach.section("hand")
    assert hand is not None
    assert hand.steps == gin.explain_melds(t.controller.view().hand).steps
    assert len(hand.pictures) == 2
    assert "run" in hand.pictures[0][0] and "set" in hand.pictures[1][0]


def test_the_coach_says_what_taking_the_up_card_would_do(stack: Any) -> None:
    t = stacked(stack, READY, LAYS_OFF, "5S")
    hand = t.controller.view().hand
    steps = t.coach.steps("turn")
    assert steps == gin.draw_steps(hand, card("5S"), 5, offer=True)
    now, take = steps[0], steps[1]
    assert (now.code, take.code) == ("now", "take")
    assert now.data == {"deadwood": gin.deadwood(hand), "limit": 5}
    assert "knock limit is 5" in now.text
    best = min(
        gin.deadwood([*hand, card("5S")][:i] + [*hand, card("5S")][i + 1 :]) for i in range(10)
    )
    assert take.data["after"] == best


def test_the_coach_reports_the_opponents_visible_moves(stack: Any) -> None:
    t = stacked(stack, READY, LAYS_OFF, "KS")
    t.buttons["pass"].click()  # the opponent passes too
    steps = t.coach.steps("opponent")
    assert steps[0].text == "Your opponent passed on the up card."
    assert steps[1].code == "suggests" and "K♠" in steps[1].text


# ---------------------------------------------------------------------------- page contract


def test_every_button_has_its_stable_css_class() -> None:
    t = play_table(seed=1, pause=0)
    for key, _, css in BUTTONS + CONTROL_BUTTONS:
        assert css in t.buttons[key]._dom_classes
    assert "gin-coach" in t.coach._dom_classes
    assert "gin-scores" in t.scores._dom_classes
    assert "gin-knock-limit" in t.limit_badge._dom_classes
    assert t.hand.card_class == "gin-card"
    assert {t.opponent_area.card_class, t.stock_area.card_class}.isdisjoint({"gin-card"})
    assert all(b.icon == "" for b in t.buttons.values())


def test_cards_in_the_hand_carry_their_code_and_name() -> None:
    t = play_table(seed=1, pause=0)
    hand = t.controller.view().hand
    for entry in t.hand.cards:
        c = card(entry["code"])
        assert c in hand
        assert c.name in entry["label"]  # with the label printed on it: "9♥, nine of hearts"
        assert f'aria-label="{c.name}"' in entry["svg"]


def test_a_void_deal_is_shown_and_the_same_dealer_deals_again(stack: Any) -> None:
    # ace up card in spades-double: only gin ends the deal, and nobody gets there
    stock = "4D 2D 6H 6C 8S 8D 9H AC AH 6D 9S 7D 4S 4H TS QC TD 2H 3H 7C TC 6S AS 2S JS 2C"
    t = stacked(stack, "KS QH JD 9C 7S 5H 3D KC QD 8H", "KH QS JC 9D 7H 5S 3C KD JH 8C", "AD",
                rules="spades-double", stock=stock)  # fmt: skip
    c = t.controller
    dealer = c.deal.dealer
    for _ in range(40):
        if c.deal.is_over:
            break
        view = c.view()
        if gin.Pass() in view.legal_actions:
            t.buttons["pass"].click()
            continue
        t.buttons["draw_stock"].click()
        drawn = c.view().events[-1]
        assert isinstance(drawn, gin.DrewFromStock) and drawn.card is not None
        if gin.Discard(drawn.card) in c.view().legal_actions:
            t.hand.click(drawn.card.code)
            t.hand.click(drawn.card.code)
        assert t.coach.error == ""
        assert_shows_engine_state(t)
    assert c.deal.phase is gin.Phase.VOID
    assert t.coach.steps("result")[0].code == "void"
    assert "void" in t.coach.message
    assert t.scores.records[-1].kind == "void" and "void deal" in t.scores.value
    t.buttons["next_deal"].click()
    assert c.deal.dealer == dealer and c.deal_number == 2
