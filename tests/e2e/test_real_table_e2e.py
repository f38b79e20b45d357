"""The real table in a real browser (issue 29): a whole deal at ``?help=none`` played by
clicks to its score. The learner sorts the hand (it arrives in the order dealt, with no
group labels or deadwood figures), tries a knock that the layout refuses (back at the
discard with eleven cards), then knocks for real, lays out the melds and ends with the
score and the deal's "at the table" line; the next page opens at the level kept.

With ``seed=13`` and the ``eager`` opponent, the scripted learner (pass, draw from the
stock, throw its highest card left out of the best melds) may knock on its fifth discard
(7 deadwood, the limit 10): the test works the melds out with the engine, as a learner
would in their head.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from voila_harness import REPO_ROOT, TABLE_STATE_JS, collect_errors, open_lesson

import gin
from gin.ui.table.handorder import suit_key

from .builder_clicks import make_meld
from .learner_clicks import click_enabled, wait_for_table_change

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.timeout(480)  # about 40 s here: not marked slow

ADDRESS = "04_play.ipynb?help=none&seed=13&opponent=eager&rules=classic"
WAIT_MS = 20_000
BUILDER = ".gin-arrange.gin-meld-builder"
_SHUTDOWN_403 = re.compile(r"status of 403 .*/voila/api/shutdown/")

HIDDEN_JS = """() => ({
  labels: Array.from(document.querySelectorAll(
    '.gin-hand .gin-group-label, .gin-hand .gin-group-deadwood'))
    .filter(e => e.offsetParent !== null && e.innerText.trim() !== '').length,
  counts: document.querySelectorAll('.gin-felt .gin-deadwood-count').length,
  coachMelds: document.querySelectorAll('.gin-coach .gin-coach-hand').length,
})"""


FLASH_WATCH_JS = """
window.ginFrames = 0;
window.ginFlash = [];
(function watch() {
  window.ginFrames += 1;
  for (const e of document.querySelectorAll(
      '.gin-hand .gin-group-label, .gin-felt .gin-deadwood-count')) {
    const shown = e.closest('.gin-hand, .gin-deadwood, .gin-turn') || e;
    if (e.innerText.trim() !== '' && e.offsetParent !== null
        && Number(getComputedStyle(shown).opacity) > 0.5) {
      window.ginFlash.push(e.innerText.trim());
    }
  }
  requestAnimationFrame(watch);
})();
"""
"""Watches every frame for a group label on the hand or a deadwood figure above it that
can be seen (the page's own script, put in before the app's)."""


def _cards(codes: list[str]) -> list[gin.Card]:
    return [gin.Card.parse(c) for c in codes]


def best_discard(hand: list[gin.Card]) -> tuple[int, gin.Card]:
    """The discard that leaves the least deadwood (the engine's count)."""
    return min(
        ((gin.best_arrangement([x for x in hand if x != c]).deadwood_points, c) for c in hand),
        key=lambda t: (t[0], -t[1].points, t[1].code),
    )


def worst_card(hand: list[gin.Card]) -> gin.Card:
    """The highest card left out of the best melds (the scripted learner's discard)."""
    melded = {c for m in gin.best_arrangement(hand).melds for c in m.cards}
    pool = [c for c in hand if c not in melded] or hand
    return max(pool, key=lambda c: (c.points, c.index))


def select(page: Page, code: str) -> None:
    s = page.evaluate(TABLE_STATE_JS)
    if s["selected"] != [code]:
        page.locator(f'.gin-hand .gin-card[data-card="{code}"]').click()
        page.wait_for_function(
            "c => { const e = document.querySelector(`.gin-hand .gin-card[data-card='${c}']`);"
            " return e && e.classList.contains('gin-selected'); }",
            arg=code,
            timeout=WAIT_MS,
        )


def knock_limit(page: Page) -> int:
    digits = re.findall(r"\d+", page.locator(".gin-knock-limit").inner_text())
    return int(digits[0]) if digits else 0


def test_a_whole_deal_at_the_real_table(page: Page, voila_server: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    log = open_lesson(page, voila_server, ADDRESS)
    chosen = page.locator(".gin-help-choice button[aria-pressed=true]")
    assert chosen.get_attribute("data-help") == "none"
    refused = sorted_once = False
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if page.locator(BUILDER).is_visible():
            break
        s: dict[str, Any] = page.evaluate(TABLE_STATE_JS)
        assert s["rows"] == 0
        hidden = page.evaluate(HIDDEN_JS)
        assert hidden == {"labels": 0, "counts": 0, "coachMelds": 0}, hidden
        if s["pass"]:
            click_enabled(page, "gin-action-pass")
        elif s["draw"]:
            click_enabled(page, "gin-action-draw-stock")
        elif len(s["hand"]) == 11 and s["knock"]:  # Knock on every discard
            if not sorted_once:  # the learner sorts the fan as players do
                page.locator("button.gin-action-sort-suit").click()
                want = [c.code for c in sorted(_cards(s["hand"]), key=suit_key)]
                page.wait_for_function(
                    "w => JSON.stringify(Array.from(document.querySelectorAll("
                    "'.gin-hand .gin-card[data-card]')).map(e => e.dataset.card))"
                    " === JSON.stringify(w)",
                    arg=want,
                    timeout=WAIT_MS,
                )
                sorted_once = True
                continue
            hand = _cards(s["hand"])
            dw, card = best_discard(hand)
            if not refused:  # a knock a real player may try: refused on the layout
                throw = worst_card(hand)
                select(page, throw.code)
                click_enabled(page, "gin-action-knock")
                page.locator(BUILDER).wait_for(timeout=WAIT_MS)
                page.locator(f"{BUILDER} button.gin-action-done-arranging").click()
                page.locator(".gin-coach .gin-coach-error").wait_for(timeout=WAIT_MS)
                said = page.locator(".gin-coach .gin-coach-error").inner_text()
                assert "knock limit" in said and str(knock_limit(page)) in said, said
                page.locator(BUILDER).wait_for(state="hidden", timeout=WAIT_MS)
                assert len(page.evaluate(TABLE_STATE_JS)["hand"]) == 11
                refused = True
                continue
            if 0 < dw <= knock_limit(page):
                select(page, card.code)
                click_enabled(page, "gin-action-knock")
                if page.locator("button.gin-action-confirm:not([disabled])").is_visible():
                    click_enabled(page, "gin-action-confirm")
                page.locator(BUILDER).wait_for(timeout=WAIT_MS)
                break
            throw = worst_card(hand)
            select(page, throw.code)
            if click_enabled(page, "gin-action-discard"):
                # the selection changed the table already: wait for the card to leave
                page.wait_for_function(
                    "c => !document.querySelector(`.gin-hand .gin-card[data-card='${c}']`)",
                    arg=throw.code,
                    timeout=WAIT_MS,
                )
        else:
            page.wait_for_timeout(100)
            continue
        wait_for_table_change(page, s, 10)
    assert refused and sorted_once
    page.locator(f"{BUILDER} .gin-arrange-hand .gin-card[data-card]").first.wait_for()
    cards = _cards(
        page.evaluate(
            "() => Array.from(document.querySelectorAll("
            "'.gin-meld-builder .gin-arrange-hand .gin-card[data-card]'))"
            ".map(e => e.dataset.card)"
        )
    )
    melds = [[c.code for c in m.cards] for m in gin.best_arrangement(cards).melds]
    for i, meld in enumerate(melds, start=1):
        make_meld(page, BUILDER, meld, i)
    page.locator(f"{BUILDER} button.gin-action-done-arranging").click()
    page.locator(f"{BUILDER} .gin-arrange-verdict").wait_for(timeout=WAIT_MS)
    show = page.locator(".gin-score-guess button.gin-action-show-score")
    show.wait_for(timeout=60_000)
    show.click()
    page.locator(".gin-scores .gin-score-row").first.wait_for(timeout=60_000)
    line = page.locator(".gin-coach .gin-coach-at-table")
    line.wait_for(timeout=WAIT_MS)
    assert "1 slip" in line.inner_text() or "One slip" in line.inner_text()
    errors = [e for e in collect_errors(page, log) if not _SHUTDOWN_403.search(e)]
    assert errors == [], "\n".join(errors)
    # the next page opens at the level kept in the browser, and full help's figures never
    # show on it while the kept level is on its way to the kernel
    page.add_init_script(FLASH_WATCH_JS)
    open_lesson(page, voila_server, "04_play.ipynb?seed=14")
    page.wait_for_function(
        "() => { const b = document.querySelector("
        "'.gin-help-choice button[aria-pressed=true]'); return b && b.dataset.help === 'none'; }",
        timeout=WAIT_MS,
    )
    page.locator(".gin-action-sort-suit").first.wait_for(state="attached", timeout=WAIT_MS)
    page.wait_for_function(
        "() => document.querySelector('.gin-table:not(.gin-help-pending) .gin-hand')",
        timeout=WAIT_MS,
    )
    page.wait_for_timeout(1000)
    watched = page.evaluate("() => [window.ginFrames, window.ginFlash]")
    assert watched[0] > 10 and watched[1] == [], watched


SCREENSHOTS = Path(os.environ.get("GIN_SCREENSHOTS") or REPO_ROOT / "build" / "screenshots")
"""Where the help levels are photographed (``make screenshots``: docs/screenshots/)."""


@pytest.mark.slow
@pytest.mark.parametrize("level", ["full", "some", "none"])
def test_each_help_level_at_the_discard(page: Page, voila_server: str, level: str) -> None:
    """Each help level's table at the learner's first discard, at 1366x768 (photographed
    as ``help-<level>.png``): full help groups and labels the hand; some help and the real
    table show the learner's own order with no labels or counts; only the real table
    offers Knock on a discard the engine would refuse, and no hint."""
    page.set_viewport_size({"width": 1366, "height": 768})
    log = open_lesson(page, voila_server, f"04_play.ipynb?help={level}&seed=13&opponent=eager")
    click_enabled(page, "gin-action-pass")
    page.locator("button.gin-action-draw-stock:not([disabled])").wait_for(timeout=60_000)
    click_enabled(page, "gin-action-draw-stock")
    page.wait_for_function(
        "() => document.querySelectorAll('.gin-hand .gin-card[data-card]').length === 11"
        " && !!document.querySelector('button.gin-action-hint, button.gin-action-knock')",
        timeout=WAIT_MS,
    )
    page.wait_for_timeout(800)  # the card drawn slides in
    hidden = page.evaluate(HIDDEN_JS)
    knock = page.evaluate(TABLE_STATE_JS)["knock"]
    hint = page.locator("button.gin-action-hint").is_visible()
    if level == "full":
        assert hidden["labels"] > 0 and hidden["counts"] > 0 and hint
    else:
        assert hidden == {"labels": 0, "counts": 0, "coachMelds": 0}, hidden
        assert hint == (level == "some")
        assert knock == (level == "none")  # 51 deadwood: the engine finds no knock
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"help-{level}.png"))
    errors = [e for e in collect_errors(page, log) if not _SHUTDOWN_403.search(e)]
    assert errors == [], "\n".join(errors)
