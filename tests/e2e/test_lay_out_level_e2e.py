"""The course's level "Lay out your melds" in a real browser (issue 19): it opens at
``00_levels.ipynb?level=lay-out``; the learner makes each meld with the table's meld
builder (a group that is no meld refused first, nothing made), presses Done, and the
tutor checks the layout against the engine's best.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from voila_harness import collect_errors, open_lesson

import gin

from .builder_clicks import click_cards, make_meld

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.timeout(240)

ADDRESS = "00_levels.ipynb?seed=19&level=lay-out"
PANEL = ".gin-level-panel-lay-out"
BUILDER = f"{PANEL} .gin-arrange.gin-meld-builder"
WAIT_MS = 30_000
_SHUTDOWN_403 = re.compile(r"status of 403 .*/voila/api/shutdown/")


def test_the_lay_out_level_is_answered_with_the_meld_builder(page: Page, voila_server: str) -> None:
    log = open_lesson(page, voila_server, ADDRESS)
    page.locator(f"{BUILDER} .gin-arrange-hand .gin-card[data-card]").first.wait_for(
        timeout=WAIT_MS
    )
    codes = page.locator(f"{BUILDER} .gin-arrange-hand .gin-card[data-card]").evaluate_all(
        "es => es.map(e => e.dataset.card)"
    )
    hand = [gin.Card.parse(c) for c in codes]
    assert len(hand) == 10
    melds = [[c.code for c in m.cards] for m in gin.best_arrangement(hand).melds]
    made = page.locator(f"{BUILDER} .gin-arranged-meld")
    # two cards are no meld: refused with the engine's reason, nothing made
    click_cards(page, BUILDER, melds[0][:2])
    page.locator(f"{BUILDER} button.gin-action-make-meld").click()
    page.locator(f"{BUILDER} .gin-arrange-error").wait_for(timeout=WAIT_MS)
    assert made.count() == 0
    made_css = f"{PANEL} .gin-arranged-meld"
    make_meld(page, BUILDER, melds[0][2:], 1, made_css)
    for i, meld in enumerate(melds[1:], start=2):
        make_meld(page, BUILDER, meld, i, made_css)
    page.locator(f"{BUILDER} button.gin-action-done-arranging").click()
    page.locator(f"{PANEL} .gin-feedback.gin-feedback-right").wait_for(timeout=WAIT_MS)
    errors = [e for e in collect_errors(page, log) if not _SHUTDOWN_403.search(e)]
    assert errors == [], "\n".join(errors)
