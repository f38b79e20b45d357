"""The newcomer's path (issue 23), without a browser: Start here's main button, the
next-level button, answers read as submitted, the step with nothing to lay off."""

from __future__ import annotations

import re

from gin.ui.lessons import start_lesson


def test_start_here_main_button_is_the_guided_deal_for_a_newcomer() -> None:
    """A learner with no progress: the first screen's main button (``gin-primary-action``)
    opens the guided first deal, and the level map offers to begin, not to continue."""
    lesson = start_lesson()
    main = re.findall(
        r'<a class="gin-primary-action[^"]*" href="\./([^"?]+)', lesson.first_step.value
    )
    assert main == ["00_first_deal.ipynb"]
    assert "Continue where you left off" not in lesson.level_map.value
    assert "Begin with Level 1" in lesson.level_map.value
    kids = list(lesson.widget.children)
    assert kids.index(lesson.first_step) < kids.index(lesson.prose), "the button leads"


def test_start_here_main_button_continues_for_a_returning_learner() -> None:
    """A learner with progress kept in the browser: the main button continues the level
    last opened; the guided deal stays one click away."""
    lesson = start_lesson()
    lesson.progress.send_from_page({"event": "stored", "records": {"classic": {"_last": "runs"}}})
    value = lesson.first_step.value
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
