"""The newcomer's path (issue 23), without a browser: Start here's main button, the
next-level button, answers read as submitted, the step with nothing to lay off."""

from __future__ import annotations

import html
import re
from typing import Any

from gin.ui.lessons import start_lesson


def test_start_here_main_button_is_the_guided_deal_for_a_newcomer() -> None:
    """A learner with no progress: the first screen's main button (``gin-primary-action``)
    opens the guided first deal, and the level map offers to begin, not to continue."""
    lesson = start_lesson()
    main = re.findall(
        r'<a class="gin-primary-action[^"]*" href="\./([^"?]+)', lesson.intro.value
    )
    assert main == ["00_first_deal.ipynb"]
    assert "Continue where you left off" not in lesson.level_map.value
    assert "Begin with Level 1" in lesson.level_map.value
    assert "Each player holds" in lesson.rules_prose.value  # the rules' prose comes after it
    assert "gin-primary-action" not in lesson.rules_prose.value, "it leads"


def test_start_here_main_button_continues_for_a_returning_learner() -> None:
    """A learner with progress kept in the browser: the main button continues the level
    last opened; the guided deal stays one click away."""
    lesson = start_lesson()
    lesson.progress.send_from_page({"event": "stored", "records": {"classic": {"_last": "runs"}}})
    value = lesson.intro.value
    assert re.search(r'class="gin-primary-action[^"]*" data-level="runs"', value)
    assert "Continue where you left off" in value and "00_first_deal.ipynb" in value


def test_the_cheat_sheet_link_says_it_opens_a_new_tab_and_draws_its_icon() -> None:
    """The printer is an inline SVG (no emoji font needed); the new tab is announced."""
    value = start_lesson().first_steps.value
    assert "🖨" not in value and "<svg" in value
    assert 'target="_blank"' in value and "opens in a new tab" in value


def test_a_mastered_level_offers_the_next_level_button() -> None:
    """Mastery (three right in a row) shows ``gin-action-next-level``; it opens the next
    level. Before mastery it is hidden; the last level has none."""
    from test_levels import SEED, answer_right

    from gin.ui.lessons.course import course_lesson
    from gin.ui.lessons.levels import LEVELS, MASTERY_STREAK

    lesson = course_lesson(SEED, level="sets")
    p = lesson.current
    assert p is not None
    assert p.next_level.layout.display == "none"
    answer_right(p, MASTERY_STREAK)
    assert p.state == "mastered"
    assert (
        p.next_level.layout.display == "" and "gin-action-next-level" in p.next_level._dom_classes
    )
    assert "Level 3" in p.next_level.description
    p.next_level.click()
    assert lesson.current is not None and lesson.current.level.key == LEVELS[2].key
    last = lesson.open(LEVELS[-1].key)
    assert last.next_level.disabled


def test_a_typed_answer_is_checked_as_it_was_when_submitted() -> None:
    """Enter carries the text in the box: "17" typed fast and submitted is checked as 17,
    even when the kernel saw only the first keystroke before (the old value)."""
    from test_levels import panel

    ex = panel("card-values").exercise
    q = ex.question
    assert q is not None
    answer = str(q.data["answer"])
    box = ex.inputs["points"]
    box.send_from_page({"event": "input", "value": answer[:-1] + "9"})  # a stale keystroke
    box.send_from_page({"event": "submit", "value": answer})
    assert ex.feedback_state == "right"
    assert box.value == answer


def test_a_malformed_message_from_the_answer_box_changes_nothing() -> None:
    """Only ``input`` and ``submit`` with text are read; anything else is ignored."""
    from gin.ui.lessons.answer_box import AnswerBox

    box = AnswerBox()
    box.value = "12"
    for bad in ({"event": "input", "value": 12}, {"event": "other", "value": "x"}, ["input"]):
        box.send_from_page(bad)  # type: ignore[arg-type]
    assert box.value == "12"


def test_a_charts_values_are_written_clear_of_their_error_bars() -> None:
    """Horizontal bars: each value is written past the bar's 95% interval, not across it."""
    from gin.ui.lessons.charts import hbar_chart_svg

    svg = hbar_chart_svg(
        ["a", "b"], [0.3, 0.5], title="t", intervals=[(0.2, 0.45), (0.4, 0.55)], fmt=str
    )
    ends = [float(m) for m in re.findall(r'class="gin-interval" d="M[\d.]+ [\d.]+ H([\d.]+)', svg)]
    xs = [float(m) for m in re.findall(r'<text class="gin-value" x="([\d.]+)"', svg)]
    assert len(ends) == len(xs) == 2
    assert all(x > end for x, end in zip(xs, ends, strict=True))


def test_the_predict_button_keeps_its_whole_label() -> None:
    """"See what the engine says" never shrinks to an ellipsis: it keeps its width and its
    row wraps instead."""
    from gin.ui.lessons.course import course_lesson

    p = course_lesson(1, level="void-deal").current
    assert p is not None
    assert p.predict.see_button.layout.flex == "0 0 auto"


def test_with_nothing_to_lay_off_the_table_says_so_and_offers_one_button(stack: Any) -> None:
    """Rule: after a knock the defender lays off what fits the knocker's melds; when no
    card fits, the turn line says so and the one action is "Go on", which scores the
    deal. The deal's result (``gin-deal-result``) then names the winner, points and score."""
    from test_ui_table import OTHER, opponent_knocks

    import gin

    t = opponent_knocks(stack, OTHER.replace("2D", "2C"))
    view = t.controller.view()
    assert view.layoff_plan is not None and not view.layoff_plan.fitting_cards
    turn = html.unescape(re.sub(r"<[^>]+>", "", t.turn_html.value))
    assert "nothing to lay off" in turn and "“Go on”" in turn
    assert t.buttons["lay_off"].description == "Go on"
    assert t.felt.result.layout.display == "none"
    t.buttons["lay_off"].click()
    assert t.controller.deal.phase is gin.Phase.SCORED
    result = t.felt.result
    assert "gin-deal-result" in result._dom_classes and result.layout.display == ""
    record = t.controller.game.score_sheet[-1]
    assert f"Your opponent wins deal 1: {record.points} points" in result.value
    assert f"Score: you 0, your opponent {record.points}, playing to 100." in result.value
    assert t.buttons["lay_off"].description == "Lay off"  # the next time, as ever


def test_the_games_result_is_inside_the_deal_result_when_the_game_is_over() -> None:
    """Rule: the game ends when a player's total reaches the target; the deal's result
    then also says who won the game and the final score."""
    from test_ui_support import play_game

    import gin
    from gin.ui.table.gintable import GinTable
    t = GinTable(rules=gin.Rules.preset("classic", target=10), seed=4, pause=0)
    play_game(t, 4, check_leaks=False)
    final = t.controller.game.final_score()
    value = html.unescape(t.felt.result.value)
    assert re.search(r"wins? the game", value)
    assert f"{max(final.scores)} to {min(final.scores)}" in value
    assert value.index("gin-deal-result-line") < value.index("gin-game-result")


def test_the_guided_deal_plays_on_when_the_page_never_says_it_is_ready(monkeypatch: Any) -> None:
    """The opponent's first move waits for the page to show the table, at most
    ``READY_FALLBACK_S``. The guided table starts a first game (whose opponent moves first:
    the wait begins) and then loads its stacked deal: the wait must still end, so that the
    opponent answers the learner's first click even if the page's "ready" is never heard
    (the guided deal's walk used to stall there)."""
    import asyncio

    import gin
    from gin.ui.lessons.guided import guided_table
    from gin.ui.table import flow
    monkeypatch.setattr(flow, "READY_FALLBACK_S", 0.01)

    async def scenario() -> bool:
        guide = guided_table(pause=0.001)
        t = guide.table
        c = t.controller
        while c.learner_to_move():  # the guide's steps, to the opponent's turn
            action = guide.next_action
            if isinstance(action, gin.Discard):
                t.hand.click(action.card.code)
            t.buttons[guide.next_target].click()
        for _ in range(300):
            if c.learner_to_move():
                break
            await asyncio.sleep(0.01)
        moved = c.learner_to_move()
        t.close()
        return moved

    assert asyncio.run(scenario()), "the opponent never moved"


def test_the_guided_deal_leads_a_learner_out_of_a_worse_layout_and_on_to_the_score() -> None:
    """Issue 23: the guide pointed at Done as soon as no meld of the best layout fitted in
    the cards left, so a learner whose run of four was laid out as three (by choice, or
    from a choice the kernel had not heard in full) was sent to a Done the knock limit
    refused, again and again. Now the guide points at the worse meld's Take apart first;
    following it, the learner's layout is the best one and the deal is scored."""
    import gin
    from gin.ui.lessons.guided import GUIDE_CLASS, guided_lesson

    lesson = guided_lesson(pause=0)
    table, guide = lesson.table, lesson.guide
    clicks = 0
    while guide.next_target != "make_meld" and clicks < 20:
        action = guide.next_action
        if isinstance(action, gin.Discard | gin.Knock):
            table.hand.click(action.card.code)
        assert guide.next_button is not None
        guide.next_button.click()
        clicks += 1
    builder = table.builder
    assert builder is not None
    for code in ("7H", "8H", "9H"):  # three of the run's four cards
        builder.area.click(code)
    builder.make_button.click()
    assert [m.cards for m in builder.melds] == [tuple(gin.parse_cards("7H 8H 9H"))]
    while guide.next_target == "make_meld":  # the set, as outlined
        for c in builder.area.cards:
            if c.get("extra_class") == GUIDE_CLASS:
                builder.area.click(c["code"])
        builder.make_button.click()
    assert guide.next_target == "take_apart", guide.value
    assert "7♥" in guide.value and "Take apart" in guide.value
    assert guide.next_button is builder.take_apart_button(0)
    assert GUIDE_CLASS in guide.next_button._dom_classes
    while guide.next_target in ("take_apart", "make_meld"):
        if guide.next_target == "make_meld":
            for c in builder.area.cards:
                if c.get("extra_class") == GUIDE_CLASS:
                    builder.area.click(c["code"])
        guide.next_button.click()
    assert guide.next_target == "done_arranging"
    guide.next_button.click()
    assert builder.finished and builder.comparison.as_good
    table.close()
