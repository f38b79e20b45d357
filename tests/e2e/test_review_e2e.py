"""The review of a deal in a real browser (issue 20): a learner who breaks melds on
purpose plays a deal at the play table, opens "Review this deal" and finds those discards
marked as costly.

The scripted learner passes the up card, draws from the stock and, whenever its hand holds
a meld of three cards, throws its lowest card (breaking the meld and keeping its high
deadwood);
it never knocks. The review's list marks each decision with ``data-verdict`` and
``data-loss``, and names the move made in ``data-action``.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from voila_harness import TABLE_STATE_JS, collect_errors, open_lesson

import gin

from .learner_clicks import click_enabled, wait_for_table_change

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(400)]

# the cards of the hand's melds of exactly three cards (breaking one of them loses it)
MELDED_JS = """() => Array.from(document.querySelectorAll('.gin-hand .gin-group'))
  .filter(g => !g.classList.contains('gin-group-deadwood'))
  .map(g => Array.from(g.querySelectorAll('.gin-card[data-card]')).map(c => c.dataset.card))
  .filter(cards => cards.length === 3).flat()"""

MOVES_JS = """() => Array.from(document.querySelectorAll('.gin-review .gin-review-move'))
  .map(e => [e.dataset.action, e.dataset.verdict, Number(e.dataset.loss)])"""


def _lowest(cards: list[str]) -> str:
    return min(cards, key=lambda c: (gin.Card.parse(c).points, gin.Card.parse(c).index))


VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")


def test_meld_breaking_discards_are_marked_in_the_review(
    page: Page, voila_server: str, tmp_path: Path
) -> None:
    """Rule: a review weighs every decision of the learner; the discards that break a
    meld are in it, and the costly ones are marked a mistake or a blunder (data-verdict),
    with the points they lost (data-loss)."""
    page.set_viewport_size({"width": 1366, "height": 900})
    log = open_lesson(page, voila_server, "04_play.ipynb?seed=11")
    assert page.locator("button.gin-action-review").is_hidden()
    broken: list[str] = []
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        s: dict[str, Any] = page.evaluate(TABLE_STATE_JS)
        if s["rows"] >= 1:
            break
        if s["confirm"] or s["lay_off"]:
            click_enabled(page, "gin-action-confirm" if s["confirm"] else "gin-action-lay-off")
        elif s["pass"]:
            click_enabled(page, "gin-action-pass")
        elif s["draw"]:
            click_enabled(page, "gin-action-draw-stock")
        elif len(s["hand"]) == 11 and s["discard"] is not None:
            melded = page.evaluate(MELDED_JS)
            card = _lowest(melded) if melded else max(s["deadwood"] or s["hand"], key=_key)
            if s["selected"] != [card]:
                page.locator(f'.gin-hand .gin-card[data-card="{card}"]').click()
                wait_for_table_change(page, s, 10)
                continue
            if not click_enabled(page, "gin-action-discard"):
                continue
            if melded:
                broken.append(card)
        else:
            page.wait_for_timeout(100)
            continue
        wait_for_table_change(page, s, 10)
    else:
        pytest.fail("the deal did not end")
    assert broken, "the learner broke no meld: choose another seed"
    button = page.locator("button.gin-action-review")
    button.wait_for(state="visible", timeout=30_000)
    button.click()
    page.locator(".gin-review .gin-review-move").first.wait_for(timeout=120_000)
    moves = page.evaluate(MOVES_JS)
    assert all(v in VERDICTS for _, v, _ in moves)
    assert all(loss >= 0 for _, _, loss in moves)
    marked = {a: (v, loss) for a, v, loss in moves}
    verdicts = [marked[f"discard {c}"][0] for c in broken if f"discard {c}" in marked]
    assert verdicts, (broken, moves)
    # each is weighed (a break early in the deal, with a flexible hand, may cost less
    # than the noise of the imagined deals); the costly ones are marked
    assert len(verdicts) == len(broken), (broken, moves)
    assert any(v in ("mistake", "blunder") for v in verdicts), (broken, moves)
    assert all(marked[f"discard {c}"][1] > 0 for c in broken if marked[f"discard {c}"][0] != "best")
    # "Play it again from here": choose again, and be told how good the choice is
    again = page.locator("button.gin-action-play-again")
    assert again.count() >= 1
    again.first.click()
    page.locator(".gin-review-puzzle button.gin-review-choice").first.click()
    answer = page.locator(".gin-review-answer-text")
    answer.wait_for(timeout=60_000)
    assert answer.get_attribute("data-verdict") in VERDICTS
    shots = Path(os.environ.get("GIN_SCREENSHOT_DIR") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    page.locator(".gin-review").screenshot(path=str(shots / "review_panel.png"))
    assert collect_errors(page, log) == []


def _key(code: str) -> tuple[int, int]:
    c = gin.Card.parse(code)
    return (c.points, c.index)
