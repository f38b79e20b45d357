"""A classroom demo in the browser (issue 42): a teacher and three followers.

The teacher creates a class and starts a demo; three learners join on Start here (one of
them then opens the play page, one uses the keyboard only); each gets the "Follow the demo"
banner and follows; the teacher's move reaches each follower's page; "Ask the class" gives
each follower one button per move; their answers come in on the teacher's bar chart (an
image with a name, a table beside it; the page checked by axe), a second answer is not
possible; "Reveal" shows the expert's verdict on the teacher's table and each follower's
own verdict; a follower who reloads follows again at the current position; "End the demo"
ends it on every page. No card hidden from the teacher's seat reaches a follower's page.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from voila_harness import (
    new_page,
    open_lesson,
    wait_until_rendered,
)

from .axe_audit import axe_violations, describe
from .test_classroom_e2e import class_app, join

FIXTURES = (class_app,)
"""The app with its own class store (a server of this module's own)."""

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]  # make test-slow (.ci/run)

WAIT_MS = 60_000
MOVE_MS = 5_000
"""A teacher's move shows on a follower's page within this (the benchmark measures 1 s)."""


def tab_to(page: Page, selector: str, most: int = 200) -> None:
    """Press Tab until the focused element matches ``selector`` (a keyboard-only learner)."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate("s => !!document.activeElement?.closest(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def hand_codes(page: Page, css: str) -> str:
    """The text alternatives of the cards pictured under ``css``."""
    return " ".join(
        page.locator(f"{css} svg[aria-label]").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))"
        )
    )


def test_a_teacher_and_three_followers_play_ask_and_reveal_a_demo(
    browser: Browser, class_app: tuple[str, str, Path]
) -> None:
    from gin.ui.classroom.store import open_store

    base_url, teacher_url, data_dir = class_app
    teacher = new_page(browser, 1400, 1000)
    teacher.goto(teacher_url, wait_until="commit")
    wait_until_rendered(teacher)
    teacher.locator("button.gin-action-new-class").click()
    code_box = teacher.locator(".gin-class-code")
    code_box.wait_for(timeout=WAIT_MS)
    code = code_box.inner_text().strip()

    ana, bo, cy = (new_page(browser) for _ in range(3))
    join(ana, base_url, code, "Ana", by_link=True)
    join(bo, base_url, code, "Bo", by_link=True)
    join(cy, base_url, code, "Cy", by_link=True)
    open_lesson(bo, base_url, "04_play.ipynb?seed=5")  # the play page has the banner too

    desk = teacher.locator(".gin-demo-desk")
    desk.locator(".gin-demo-seed input").fill("1")
    desk.locator("button.gin-action-demo-start").click()
    desk.locator(".gin-table").first.wait_for(timeout=WAIT_MS)

    follow = "button.gin-action-demo-follow"
    for page in (ana, bo):
        page.locator(follow).wait_for(timeout=WAIT_MS)
        page.locator(follow).click()
    cy.locator(follow).wait_for(timeout=WAIT_MS)
    tab_to(cy, follow)
    cy.keyboard.press("Enter")  # Cy uses the keyboard only
    for page in (ana, bo, cy):
        page.locator(".gin-demo-follower .gin-demo-position svg").first.wait_for(
            timeout=WAIT_MS
        )

    store = open_store(str(data_dir))
    try:
        _version, state = store.demo(code)
        hidden = set(state.frame.hand)  # the teacher's hand is on every follower's page
        assert len(store.demo_followers(code, state.demo)) == 3
    finally:
        store.close()
    assert hidden

    # the teacher's move reaches every follower
    before = ana.locator(".gin-demo-position").inner_html()
    desk.locator("button.gin-action-draw-stock").click()
    for page in (ana, bo, cy):
        page.wait_for_function(
            "b => document.querySelector('.gin-demo-position').innerHTML !== b",
            arg=before,
            timeout=MOVE_MS,
        )

    desk.locator("button.gin-action-demo-ask").click()
    option = ".gin-demo-options button.gin-demo-option"
    for page in (ana, bo, cy):
        page.locator(option).first.wait_for(timeout=MOVE_MS)
    ana.locator(option).first.click()
    bo.locator(option).first.click()
    tab_to(cy, option)
    cy.keyboard.press("Enter")
    for page in (ana, bo, cy):
        page.locator(".gin-demo-answer-status", has_text="Your answer").wait_for(
            timeout=WAIT_MS
        )
        assert page.locator(f"{option}:disabled").count() == page.locator(option).count()

    chart = desk.locator("svg.gin-demo-chart")
    teacher.locator(".gin-demo-waiting", has_text="Everyone").wait_for(timeout=WAIT_MS)
    counts = desk.locator(".gin-demo-table .gin-demo-row").evaluate_all(
        "rows => rows.map(r => +r.dataset.count)"
    )
    assert sum(counts) == 3 and chart.get_attribute("role") == "img"
    found = axe_violations(teacher)
    assert not found, describe("the teacher's page with the bar chart", found)

    desk.locator("button.gin-action-demo-reveal").click()
    desk.locator(".gin-demo-table .gin-demo-verdict").first.wait_for(timeout=WAIT_MS)
    for page in (ana, bo, cy):
        page.locator(".gin-demo-answer-status", has_text="The expert").wait_for(
            timeout=WAIT_MS
        )
    found = axe_violations(ana)
    assert not found, describe("a follower's page", found)

    ana.reload(wait_until="commit")  # a reload follows again, at the current position
    wait_until_rendered(ana)
    ana.locator(".gin-demo-follower .gin-demo-position svg").first.wait_for(timeout=WAIT_MS)

    desk.locator("button.gin-action-demo-end").click()
    for page in (ana, bo, cy):
        page.locator(".gin-demo-banner", has_text="The demo has ended.").wait_for(
            timeout=WAIT_MS
        )
    for page in (teacher, ana, bo, cy):
        page.context.close()
