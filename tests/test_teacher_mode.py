"""Teacher mode (issue 9): its switch appears only for a teacher's page (``?teacher=1``),
carries the CSS class ``gin-teacher-mode``, and a deal played with both hands open is
marked on the score pad, even when the switch was turned off again."""

from __future__ import annotations

import pytest

import gin
from gin.ui import play_table
from gin.ui.table.scorepad import scorepad_html


def play_out(t: object) -> None:
    """Finish the current deal by always choosing the first legal move."""
    c = t.controller  # type: ignore[attr-defined]
    while not c.deal.is_over:
        if c.learner_to_move():
            c.act(c.view().legal_actions[0])
        elif t.teacher:  # type: ignore[attr-defined]
            c.opponent_step()
        else:  # pragma: no cover - with pause=0 the opponent has already moved
            break
        t.advance()  # type: ignore[attr-defined]
    t.refresh()  # type: ignore[attr-defined]


def test_the_switch_is_not_among_a_learners_controls() -> None:
    t = play_table(seed=3, pause=0)
    assert t.teacher_toggle not in t.controls.children
    assert not any("gin-teacher-mode" in c._dom_classes for c in t.controls.children)


def test_the_switch_is_shown_with_teacher_controls_and_has_its_css_class() -> None:
    t = play_table(seed=3, pause=0, teacher_controls=True)
    assert t.teacher_toggle in t.controls.children
    assert "gin-teacher-mode" in t.teacher_toggle._dom_classes
    assert not t.teacher


def test_a_deal_played_with_open_hands_is_marked_on_the_score_pad() -> None:
    t = play_table(seed=8, pause=0, teacher_controls=True)
    t.teacher_toggle.value = True  # open the hands mid-deal ...
    t.teacher_toggle.value = False  # ... and close them again: the deal stays marked
    assert t.controller.open_deals == {1}
    play_out(t)
    assert t.controller.deal.is_over
    t.controller.reveal_step = t.controller.reveal_total()
    t.refresh()
    assert "gin-open-hands" in t.scores.value
    t.next_deal()
    play_out(t)
    t.controller.reveal_step = t.controller.reveal_total()
    t.refresh()
    assert t.scores.value.count("gin-open-hands") == 1  # deal 2 was played closed


def test_a_new_game_starts_with_no_marked_deal() -> None:
    t = play_table(seed=8, pause=0, teacher=True)
    assert t.controller.open_deals == {1}
    t.set_teacher(False)
    t.new_game()
    assert t.controller.open_deals == set()


def test_the_score_pad_marks_only_the_deals_named() -> None:
    record = gin.DealRecord(1, 0, gin.Card.parse("7S"), "knock", 0, 12, False, (12, 0))
    assert "gin-open-hands" in scorepad_html([record], 100, open_deals={1})
    assert "gin-open-hands" not in scorepad_html([record], 100)


# ---------------------------------------------------------------- projector mode (issue 11)


def test_the_address_turns_on_projector_mode_with_large_cards_and_a_clicker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``?projector=1&teacher=1``: large cards, both hands open, and the clicker's forward
    key plays the opponent's next move, one at a time, so a teacher steps a deal."""
    from gin.ui.lessons import knocking_lesson, play_lesson

    monkeypatch.setenv("QUERY_STRING", "projector=1&teacher=1&seed=5")
    lesson = play_lesson(pause=0)
    table = lesson.table
    assert table.projector and table.large_cards and table.hand.large
    assert "gin-projector" in table._dom_classes and table.clicker.active
    table.set_teacher(True)
    c = table.controller
    steps = 0
    while not c.opponent_to_move() and steps < 20:  # the learner's moves, by clicks
        view = c.view()
        if not table.buttons["pass"].disabled and table.buttons["pass"].layout.display != "none":
            table.buttons["pass"].click()
        elif not table.buttons["draw_stock"].disabled:
            table.buttons["draw_stock"].click()
        else:
            table.hand.selected = view.hand[-1].code
            table.buttons["discard"].click()
        steps += 1
    assert c.opponent_to_move()
    before = len(c.view().events)
    table.clicker.send_from_page({"event": "step", "step": "forward"})
    assert len(c.view().events) == before + 1  # one opponent move per click
    assert knocking_lesson(seed=2).stepper.projector


def test_a_bad_projector_setting_is_refused() -> None:
    from gin.ui.page.urlparams import PageParamError, parse_page_params

    assert parse_page_params("projector=1").projector
    with pytest.raises(PageParamError) as err:
        parse_page_params("projector=on")
    assert err.value.code == "page-bad-projector" and "projector=1" in err.value.message
