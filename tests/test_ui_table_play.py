"""The table plays like a card game (issue 10), driven through its widgets in Python:
whose turn it is and what the opponent just did, only the legal actions on show, the
piles and the keyboard as controls, a fresh game, the display menu, a one-sentence hint,
undo and the score lines in the learner's words."""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import Callable
from typing import Any

import pytest
from test_ui_support import assert_shows_engine_state, play_game
from test_ui_table import (
    LAYS_OFF,
    OTHER,
    READY,
    opponent_knocks,
    stacked,
    take_kh_and_knock,
)

import gin
from gin.narration import event_text
from gin.ui import play_table
from gin.ui.table.coaching import hint_summary
from gin.ui.table.controls import PACES
from gin.ui.table.gintable import GinTable
from gin.ui.table.learnerhand import PICK_KEYS

pytestmark = pytest.mark.usefixtures("fresh_widgets")


def shown(t: GinTable) -> set[str]:
    """The keys of the action buttons on show."""
    keys = [
        "take", "pass", "draw_stock", "draw_discard", "discard", "knock", "gin", "big_gin",
        "lay_off", "next_deal", "hint",
    ]  # fmt: skip
    return {k for k in keys if t.buttons[k].layout.display != "none"}


def turn(t: GinTable) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", t.turn_html.value))


# ---------------------------------------------------------------------------- a clear turn


def test_the_turn_line_says_whose_turn_it_is_and_what_to_do(stack: Any) -> None:
    """Rule: the non-dealer is offered the up card first; after drawing, a player
    discards, and may knock when the deadwood left is within the knock limit."""
    t = stacked(stack, READY, LAYS_OFF, "KD")
    assert "gin-turn" in t.turn_html._dom_classes
    assert turn(t) == "Your turn: take the up card K♦ or pass."
    t.buttons["take"].click()
    assert turn(t) == "Your turn: discard, or knock."
    t.buttons["knock"].click()
    assert turn(t) == "Your turn: confirm or cancel."
    t.buttons["cancel"].click()
    assert turn(t) == "Your turn: discard, or knock."


def test_the_turn_line_says_the_opponent_is_thinking_while_it_moves(stack: Any) -> None:
    t = GinTable(seed=1, pause=0.5)
    queue: list[Callable[[], None]] = []
    t.scheduler = lambda delay, fn: queue.append(fn)
    order = stack(READY, LAYS_OFF, "KD")  # the learner deals: the opponent is offered first
    t.load_game(gin.Game(gin.Rules.preset("classic"), seed=1, first_dealer=0, orders=[order]))
    assert t.controller.opponent_to_move() and queue
    assert turn(t) == "Your opponent is thinking…"
    assert t.buttons["take"].layout.display == "none" and t.buttons["pass"].disabled


def test_teacher_mode_says_how_to_move_the_opponent() -> None:
    t = play_table(seed=8, pause=0, teacher=True)
    c = t.controller
    if c.learner_to_move():
        t.buttons["pass" if gin.Pass() in c.view().legal_actions else "draw_stock"].click()
    if c.opponent_to_move():
        assert turn(t) == "Your opponent's turn: press Next opponent move."


def test_the_last_move_line_tells_the_opponents_turn_in_sentences(stack: Any) -> None:
    t = opponent_knocks(stack)
    view = t.controller.view()
    learner_last = max(i for i, e in enumerate(view.events) if getattr(e, "player", None) == 0)
    theirs = [event_text(e, 0).render() for e in view.events[learner_last + 1 :]]
    assert theirs and re.sub(r"<[^>]+>", "", t.last_move_html.value) == " ".join(theirs)
    assert "Your opponent drew from the stock." in t.last_move_html.value
    assert "knocked" in t.last_move_html.value


def test_the_opponents_draw_and_discard_are_animated_once(stack: Any) -> None:
    """The card the opponent draws slides into their hand and their discard onto the
    pile, on the update right after the move only (never again on the next redraw)."""
    t = stacked(stack, READY, OTHER, "KD", pause=0.5)
    queue: list[Callable[[], None]] = []
    t.scheduler = lambda delay, fn: queue.append(fn)
    assert "gin-pace-normal" in t._dom_classes
    t.buttons["take"].click()
    t.hand.click("KH")
    t.hand.click("KH")
    queue.pop(0)()  # the opponent draws
    assert t.opponent_area.cards[-1].get("extra_class") == "gin-anim-drawn"
    queue.pop(0)()  # and discards
    top = t.controller.view().top_discard
    assert top is not None
    assert t.discard_area.cards[0]["code"] == top.code
    assert t.discard_area.cards[0].get("extra_class") == "gin-anim-arrives"
    assert "extra_class" not in t.opponent_area.cards[-1]
    t.refresh()  # any later redraw: no second animation
    assert "extra_class" not in t.discard_area.cards[0]


def test_no_animation_at_pace_instant() -> None:
    t = play_table(seed=3, pause=0)
    assert "gin-pace-instant" in t._dom_classes


def test_the_opponent_waits_for_the_page_before_its_first_move(stack: Any) -> None:
    """On the kernel's running loop the opponent's opening moves wait until the page
    shows the table, so the learner sees them."""

    async def scenario() -> tuple[bool, bool]:
        t = stacked(stack, READY, LAYS_OFF, "KD", learner_deals=True, pause=0.001)
        await asyncio.sleep(0.05)
        waited = t.controller.opponent_to_move()
        t.hand.send_from_page({"event": "ready"})
        for _ in range(100):
            if not t.controller.opponent_to_move():
                break
            await asyncio.sleep(0.01)
        return waited, t.controller.opponent_to_move()

    waited, still = asyncio.run(scenario())
    assert waited and not still


# ---------------------------------------------------------------------------- actions


def test_only_the_legal_actions_are_shown(stack: Any) -> None:
    """Rule: the up-card offer is take or pass; then discard (or knock)."""
    t = stacked(stack, READY, LAYS_OFF, "KD")
    assert shown(t) == {"take", "pass", "hint"}
    t.buttons["take"].click()
    assert shown(t) == {"discard", "knock", "hint"}
    assert t.buttons["discard"].disabled  # waits for a selected card
    t.hand.click("KH")
    assert not t.buttons["discard"].disabled


def test_big_gin_is_never_shown_under_classic() -> None:
    """Rule: classic has no big gin (RULES.md, presets)."""
    t = play_table(rules="classic", seed=12, pause=0)
    assert not t.controller.rules.big_gin
    play_game(t, 12, check_leaks=False, stop_after=1)
    assert t.buttons["big_gin"].layout.display == "none"


def test_big_gin_is_shown_when_it_is_legal(stack: Any) -> None:
    t = stacked(stack, "AS 2S 3S 4H 4D 4C 7C 8C 9C TC", OTHER, "JC", rules="spades-double")
    t.buttons["take"].click()
    assert "big_gin" in shown(t)
    assert turn(t) == "Your turn: you can declare big gin, or discard."


def test_the_piles_are_clicked_to_take_or_draw(stack: Any) -> None:
    """Rule: during the offer the up card is taken from the discard pile; after both
    pass, the first draw comes from the stock."""
    t = stacked(stack, READY, LAYS_OFF, "KD")
    t.discard_area.click(0)
    assert isinstance(t.controller.view().events[-1], gin.UpCardTaken)
    game = gin.Game(
        gin.Rules.preset("classic"), seed=1, first_dealer=1, orders=[stack(READY, OTHER, "8S")]
    )
    game.apply(gin.Pass(), 0)
    game.apply(gin.Pass(), 1)
    t.load_game(game)
    c = t.controller
    assert c.view().phase is gin.Phase.DRAW and c.view().stock_only
    assert turn(t) == "Your turn: draw from the stock."
    t.stock_area.click(0)
    assert isinstance(c.view().events[-1], gin.DrewFromStock)
    assert_shows_engine_state(t)


# ---------------------------------------------------------------------------- keyboard


def test_one_key_per_action_and_per_card(stack: Any) -> None:
    t = stacked(stack, READY, LAYS_OFF, "KD")
    t.hand.press("t")
    assert isinstance(t.controller.view().events[-1], gin.UpCardTaken)
    assert t.hand.focus_request == "card:KD"  # the card just taken
    codes = t.hand.codes
    t.hand.press("1")
    assert t.hand.selected == codes[0] and t.hand.focus_request == f"card:{codes[0]}"
    t.hand.press("arrowright")
    assert t.hand.selected == codes[1]
    t.hand.press("arrowleft")
    t.hand.press("arrowleft")
    assert t.hand.selected == codes[-1]
    t.hand.press(PICK_KEYS[codes.index("KH")])
    t.hand.press("k")
    assert t.controller.pending is not None
    assert t.hand.focus_request == ".gin-action-confirm"
    t.hand.press("escape")
    assert t.controller.pending is None
    t.hand.press("k")
    t.hand.press("enter")  # Enter confirms the knock
    assert t.controller.view().phase.is_over or t.controller.view().knocker == 0
    while not t.controller.revealed():
        t.flow.reveal_beat()
    assert t.hand.focus_request == ".gin-action-next-deal"
    t.hand.press("n")
    assert t.controller.deal_number == 2


def test_keys_x_and_enter_discard_the_selected_card(stack: Any) -> None:
    t = stacked(stack, READY, OTHER, "KD")
    t.hand.press("t")
    t.hand.press(PICK_KEYS[t.hand.codes.index("KH")])
    t.hand.press("x")
    events = t.controller.deal.events
    assert any(isinstance(e, gin.Discarded) and e.card.code == "KH" for e in events)


def test_a_key_the_table_does_not_know_is_refused_clearly(stack: Any) -> None:
    t = stacked(stack, READY, LAYS_OFF, "KD")
    before = t.controller.deal.snapshot()
    t.hand.send_from_page({"event": "key", "key": "rm -rf"})
    assert t.error_code == "page-not-understood"
    assert t.controller.deal.snapshot() == before


def test_an_illegal_key_gets_the_engines_message(stack: Any) -> None:
    t = stacked(stack, READY, LAYS_OFF, "KD")
    t.hand.press("s")  # no drawing from the stock during the offer
    assert t.error_code and t.coach.error


# ---------------------------------------------------------------------------- a fresh game


def test_new_game_shuffles_a_new_seed_and_replay_repeats_the_deal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    t = play_table(seed=123, pause=0)
    hand = sorted(t.hand.codes)
    monkeypatch.setattr("gin.ui.table.controller.fresh_seed", lambda: 4242)
    t.buttons["new_game"].click()
    assert t.controller.seed == 4242
    assert t.seed_field.value == ""  # a seed nobody chose is not shown (issue 22)
    t.seed_field.value = "123"
    t.buttons["replay"].click()
    assert t.controller.seed == 123 and t.controller.deal_number == 1
    assert sorted(t.hand.codes) == hand


def test_play_table_takes_a_seed_keyword() -> None:
    assert play_table(seed=77, pause=0).controller.seed == 77


# ---------------------------------------------------------------------------- display menu


def test_the_display_menu_turns_on_four_colours_large_cards_and_the_pace() -> None:
    t = play_table(seed=5, pause=0)
    menu = t.display_menu
    before = [c["svg"] for c in t.hand.cards]
    menu.four_color.value = True
    assert t.four_color and [c["svg"] for c in t.hand.cards] != before
    menu.large_cards.value = True
    assert t.large_cards and t.hand.large and t.stock_area.large
    assert "gin-table-large" in t._dom_classes
    menu.large_cards.value = False
    assert "gin-table-large" not in t._dom_classes and not t.hand.large
    slow = dict((k, s) for k, s in PACES)["display.pace-slow"]
    menu.pace.value = slow
    assert t.pause == slow and "gin-pace-slow" in t._dom_classes
    assert "gin-pace-instant" not in t._dom_classes


# ---------------------------------------------------------------------------- hint


def test_the_hint_is_one_sentence_with_the_card_marked_and_the_reasons_folded(
    stack: Any,
) -> None:
    t = stacked(stack, READY, LAYS_OFF, "KD")
    t.buttons["take"].click()
    t.buttons["hint"].click()
    h = t.controller.shown_hint
    assert h is not None
    said = hint_summary(h, t.controller.view()).render()
    assert t.coach.message == said and said.count(". ") == 0 and said.endswith(".")
    assert t.coach.section("hint") is not None
    assert "<details" in t.coach.value and "Why? The detailed reasons" in t.coach.value
    assert isinstance(h.action, gin.Discard | gin.Knock)
    marked = [c["code"] for c in t.hand.cards if c.get("extra_class") == "gin-hint-card"]
    assert marked == [h.action.card.code]
    key = "knock" if isinstance(h.action, gin.Knock) else "discard"
    assert "gin-hinted" in t.buttons[key]._dom_classes


def test_the_hint_summary_names_the_card_for_a_draw(stack: Any) -> None:
    t = stacked(stack, READY, LAYS_OFF, "KD")
    t.buttons["hint"].click()
    h = t.controller.shown_hint
    assert h is not None and isinstance(h.action, gin.TakeUpCard | gin.Pass)
    assert "K♦" in t.coach.message
    key = "take" if isinstance(h.action, gin.TakeUpCard) else "pass"
    assert "gin-hinted" in t.buttons[key]._dom_classes


# ---------------------------------------------------------------------------- undo, scores


def test_undo_is_disabled_once_the_opponent_has_knocked(stack: Any) -> None:
    """The knocker's cards are face up: taking moves back would replay them knowingly."""
    t = opponent_knocks(stack)
    assert t.buttons["undo"].disabled
    before = t.controller.deal.snapshot()
    t.buttons["undo"].click()
    assert t.error_code == "undo-after-knock"
    assert t.controller.deal.snapshot() == before


def test_the_score_lines_say_you_and_your_opponent(stack: Any) -> None:
    t = stacked(stack, READY, LAYS_OFF, "KD")
    take_kh_and_knock(t)
    record = t.controller.game.score_sheet[-1]
    name = "You" if record.winner == 0 else "Your opponent"
    assert t.coach.message.startswith(f"{name} score")
    assert f" {record.points} point" in t.coach.message
    section = t.coach.section("result")
    assert section is not None
    assert section.note.startswith("You knocked, so in the lines below you are the knocker")


def test_a_doubled_deal_reads_points_times_two_equals_total(stack: Any) -> None:
    """Rule (spades-double): a spade up card doubles the deal's score."""
    rules = gin.Rules.preset("spades-double", target=500)
    t = GinTable(rules=rules, seed=1, pause=0)
    order = stack(READY, OTHER, "4S")
    t.load_game(gin.Game(rules, seed=1, first_dealer=1, orders=[order]))
    t.buttons["take"].click()
    t.hand.click("KH")
    t.buttons["gin"].click()
    t.buttons["confirm"].click()
    r = t.controller.game.score_sheet[-1]
    assert r.doubled
    text = f"{r.points // 2} ×2 = {r.points}"
    assert text in t.coach.message and text in t.scores.value


def test_the_game_end_says_the_result_once() -> None:
    t = GinTable(rules=gin.Rules.preset("classic", target=10), seed=4, pause=0)
    play_game(t, 4, check_leaks=False)
    assert t.controller.game.is_over
    page = t.coach.value + t.scores.value
    assert len(re.findall(r"wins? the game", page)) == 1, page
    assert "Final score" not in page and "Running totals" not in page
    assert turn(t) == "The game is over."
    assert t.hand.focus_request == ".gin-action-new-game"


def test_the_up_card_is_drawn_once(stack: Any) -> None:
    t = stacked(stack, READY, LAYS_OFF, "KD")
    assert t.discard_area.codes == ["KD"]
    assert "<svg" not in t.up_card_html.value
    t.buttons["take"].click()
    assert "<svg" in t.up_card_html.value and "in your hand" in t.up_card_html.value


def test_the_hint_says_when_the_opponent_passed_on_the_rank_it_suggests_throwing() -> None:
    """Issue 10: "Discard the K♦: it is your highest deadwood card, and your opponent passed
    on the K♠." The card named is one the opponent could have taken from the discard pile
    and left, of the same rank: the engine's memory of the deal, not a guess."""
    import random

    from conftest import views_of_random_deals

    from gin.bots.memory import remember

    found = 0
    for view in views_of_random_deals(3, random.Random(11)):
        if len(view.hand) != 11 or view.phase.name != "DISCARD":
            continue
        h = gin.bots.hint(view, playouts=2)
        said = hint_summary(h, view)
        if said.key != "hint.summary-discard-highest-declined":
            continue
        declined = gin.Card.parse(said.data["declined"])
        card = gin.Card.parse(said.data["card"])
        assert declined.rank == card.rank and declined != card
        assert remember(view).opp_declined >> declined.index & 1
        assert declined.label in said.render()
        found += 1
    assert found >= 1


def test_a_page_that_says_ready_after_the_wait_ran_out_is_sent_the_table_again(
    monkeypatch: Any,
) -> None:
    """The opponent's first move waits for the page at most ``READY_FALLBACK_S``. On a
    slow first load the wait runs out while the page is still making its widgets from the
    state it asked for, and the page drops the opponent's move sent meanwhile (the table
    froze on "Your opponent is thinking…"): when the page then says it shows the table,
    the table's whole state (the turn line, the buttons' layouts) is sent to it again,
    once; a page that was ready in time is sent nothing again."""
    import ipywidgets as w

    from gin.ui.table import flow
    from gin.ui.table.gintable import GinTable
    monkeypatch.setattr(flow, "READY_FALLBACK_S", 0.01)
    sent: list[Any] = []
    real = w.Widget.send_state

    def spy(self: Any, key: Any = None) -> None:
        sent.append(self)
        real(self, key)

    monkeypatch.setattr(w.Widget, "send_state", spy)

    async def scenario(page_in_time: bool) -> tuple[bool, list[Any], list[Any], list[Any]]:
        t = GinTable(seed=2, pause=0.001)  # the opponent is offered the up card first
        if page_in_time:
            t.hand.send_from_page({"event": "ready"})
        for _ in range(300):
            if not t.controller.opponent_to_move():
                break
            await asyncio.sleep(0.01)
        moved = not t.controller.opponent_to_move()
        sent.clear()
        t.hand.send_from_page({"event": "ready"})  # the page shows the table (late)
        first = list(sent)
        sent.clear()
        t.hand.send_from_page({"event": "ready"})  # drawn again: nothing more is sent
        again = list(sent)
        parts = [t, t.turn_html, t.buttons["take"].layout, t.hand]
        t.close()
        return moved, first, again, parts

    moved, first, again, parts = asyncio.run(scenario(page_in_time=False))
    assert moved, "the opponent never moved"
    assert all(any(p is x for x in first) for p in parts), "a part of the table was not sent"
    assert len({id(x) for x in first}) == len(first), "a widget was sent twice"
    assert again == []
    moved, first, again, _ = asyncio.run(scenario(page_in_time=True))
    assert moved and first == [] and again == []
