"""A learner's clicks in the meld builder, shared by the browser tests of the table's
layout room and of the level "Lay out your melds"."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

WAIT_MS = 30_000


def click_cards(page: Page, builder: str, codes: list[str]) -> None:
    """Click each of ``codes`` among the cards of the meld builder ``builder`` (a CSS
    selector), waiting until the page shows it selected: Make meld may follow at once
    (the choice reaches the kernel first, issue 23)."""
    for code in codes:
        page.locator(f'{builder} .gin-arrange-hand .gin-card[data-card="{code}"]').click()
        page.wait_for_function(
            "c => { const e = document.querySelector("
            "`.gin-meld-builder .gin-arrange-hand .gin-card[data-card='${c}']`);"
            " return !e || e.classList.contains('gin-selected'); }",
            arg=code,
            timeout=WAIT_MS,
        )


def make_meld(
    page: Page, builder: str, codes: list[str], count: int, melds: str = ".gin-arranged-meld"
) -> None:
    """Click ``codes`` in the meld builder ``builder`` (:func:`click_cards`), press Make
    meld and wait until the page shows ``count`` melds made (the CSS selector ``melds``)."""
    click_cards(page, builder, codes)
    page.locator(f"{builder} button.gin-action-make-meld").click()
    page.wait_for_function(
        "([css, n]) => document.querySelectorAll(css).length === n",
        arg=[melds, count],
        timeout=WAIT_MS,
    )


__all__ = ["WAIT_MS", "click_cards", "make_meld"]
