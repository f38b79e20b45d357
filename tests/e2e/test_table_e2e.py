"""The play lesson's table in a real browser (issue 10): it fits the screen, and a whole
deal can be played with the keyboard alone.

At 1366×768, 1920×1080 and 390×844 the page opens on the table (scrolled to it), and
the learner's hand, the stock, the discard pile and every enabled action button are in
view without scrolling; every card of the hand can be clicked (its visible slice is the
card under the pointer) and every score-pad column is on the screen.

Screenshots of each size go to ``$GIN_SCREENSHOT_DIR`` (``make screenshots``), or to
the test's temporary directory: never into the tracked tree.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from voila_harness import TABLE_STATE_JS, collect_errors, open_lesson

from .learner_clicks import TableTurns, allowed_action, card_to_throw, wait_for_table_change

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.timeout(300)

SIZES = [(1366, 768), (1920, 1080), (390, 844)]

TURN_JS = """() => {
  const t = document.querySelector('.gin-table .gin-turn');
  return t ? t.innerText : '';
}"""

# Boxes of the parts that must be in view, in viewport coordinates; and whether each
# card of the hand is the element found under a point of its visible slice.
LAYOUT_JS = """() => {
  const box = e => { const r = e.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
  const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const cards = Array.from(document.querySelectorAll('.gin-hand [data-index]'));
  const usable = cards.map((c, i) => {
    const r = c.getBoundingClientRect();
    const next = cards[i + 1] && cards[i + 1].parentNode === c.parentNode
      ? cards[i + 1].getBoundingClientRect().left : r.right;
    const x = (r.left + Math.min(r.right, next)) / 2, y = r.top + 30;
    const hit = document.elementFromPoint(x, y);
    return !!hit && hit.closest('[data-index]') === c;
  });
  const buttons = Array.from(document.querySelectorAll('.gin-felt button'))
    .filter(b => shown(b) && !b.disabled);
  const heads = Array.from(document.querySelectorAll('.gin-score-table thead th'));
  const pad = document.querySelector('.gin-scores-inner');
  return {
    vw: window.innerWidth, vh: window.innerHeight,
    hand: cards.map(box), usable: usable,
    stock: box(document.querySelector('.gin-stock [data-index]')),
    discard: box(document.querySelector('.gin-discard .gin-cardarea-row')),
    turn: box(document.querySelector('.gin-turn')),
    buttons: buttons.map(b => ({text: b.innerText, ...box(b)})),
    heads: heads.map(h => ({text: h.innerText, ...box(h)})),
    padScroll: pad ? pad.scrollWidth - pad.clientWidth : 0,
    newGame: box(document.querySelector('button.gin-action-new-game')),
  };
}"""


FELT_HEIGHT_JS = "() => document.querySelector('.gin-felt').getBoundingClientRect().height"


def screenshot_dir(tmp_path: Path) -> Path:
    """Where the screenshots go: ``$GIN_SCREENSHOT_DIR`` or the test's tmp dir."""
    where = os.environ.get("GIN_SCREENSHOT_DIR")
    path = Path(where) if where else tmp_path / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path


def in_view(b: dict[str, float], vw: int, vh: int) -> bool:
    return b["left"] >= -1 and b["top"] >= -1 and b["right"] <= vw + 1 and b["bottom"] <= vh + 1


def wait_for_learner(page: Page, timeout_ms: int = 60_000) -> str:
    page.wait_for_function(
        "() => { const t = document.querySelector('.gin-table .gin-turn');"
        " return !!t && t.innerText.startsWith('Your turn'); }",
        timeout=timeout_ms,
    )
    return str(page.evaluate(TURN_JS))


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_table_fits_the_screen(
    page: Page, voila_server: str, tmp_path: Path, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    log = open_lesson(page, voila_server, "04_play.ipynb")
    wait_for_learner(page)
    page.wait_for_timeout(300)  # the focus and the scroll to the table settle
    lay: dict[str, Any] = page.evaluate(LAYOUT_JS)
    page.screenshot(path=str(screenshot_dir(tmp_path) / f"table_{width}x{height}.png"))
    vw, vh = lay["vw"], lay["vh"]
    assert len(lay["hand"]) in (10, 11)
    for b in lay["hand"]:
        assert in_view(b, vw, vh), ("a card of the hand is out of view", b)
    assert all(lay["usable"]), ("a card of the hand cannot be clicked", lay["usable"])
    assert in_view(lay["stock"], vw, vh), lay["stock"]
    assert in_view(lay["discard"], vw, vh), lay["discard"]
    assert in_view(lay["turn"], vw, vh), lay["turn"]
    assert lay["buttons"], "no enabled action on the learner's turn"
    for b in lay["buttons"]:
        assert in_view(b, vw, vh), ("an enabled button is out of view", b)
    if width >= 1366:  # beside the table, New game is in view too (a fresh game, no scroll)
        assert in_view(lay["newGame"], vw, vh), lay["newGame"]
    # the piles are above the hand, the actions under it
    hand_top = min(b["top"] for b in lay["hand"])
    hand_bottom = max(b["bottom"] for b in lay["hand"])
    assert lay["stock"]["bottom"] <= hand_top and lay["discard"]["bottom"] <= hand_top
    assert all(b["top"] >= hand_bottom - 20 for b in lay["buttons"]), lay["buttons"]
    # every score-pad column on the screen, none hidden behind a scroll bar
    assert len(lay["heads"]) == 7
    for h in lay["heads"]:
        assert h["left"] >= 0 and h["right"] <= vw + 1, h
    assert lay["padScroll"] <= 1
    # only legal actions on show: never big gin in classic
    assert page.locator("button.gin-action-big-gin:visible").count() == 0
    assert collect_errors(page, log) == []


def _pick_key(index: int) -> str:
    return "1234567890-"[index]


def test_a_whole_deal_with_the_keyboard_only(page: Page, voila_server: str, tmp_path: Path) -> None:
    """One key per action and one per card: pass, draw from the stock, pick the highest
    deadwood card and discard it, knock or go gin when the table allows, confirm, lay
    off; until the score pad shows the deal."""
    page.set_viewport_size({"width": 1366, "height": 768})
    log = open_lesson(page, voila_server, "04_play.ipynb")
    wait_for_learner(page)
    # the page opens with the keyboard focus on the table's next control
    page.wait_for_function(
        "() => !!document.activeElement && !!document.activeElement.closest('.gin-felt')",
        timeout=10_000,
    )
    first_height = page.evaluate(FELT_HEIGHT_JS)
    presses: list[str] = []
    turns = TableTurns(page, 200, lambda: f"the deal did not reach the score pad; keys: {presses}")
    for s in turns:
        key = None
        action = allowed_action(s)
        if action is not None:
            key = "s" if action == "draw" else action[0]  # s: from the stock
        elif len(s["hand"]) == 11 and "discard" in str(page.evaluate(TURN_JS)):
            worst = card_to_throw(s)
            key = "x" if s["selected"] == [worst] else _pick_key(s["hand"].index(worst))
        if key is None:
            turns.idle()  # the opponent's turn, or the end of the deal
            continue
        page.keyboard.press("Escape" if key == "escape" else key)
        presses.append(key)
    assert presses and presses[0] in ("p", "s"), presses
    assert page.locator(".gin-scores .gin-score-row").count() == 1
    # the deal is over: the focus is on Next deal, so Enter starts the next one
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.classList"
        ".contains('gin-action-next-deal')",
        timeout=30_000,
    )
    page.screenshot(path=str(screenshot_dir(tmp_path) / "table_keyboard_deal_over.png"))
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => (document.querySelector('.gin-title') || {}).innerText.includes('deal 2')",
        timeout=30_000,
    )
    # the next deal opens on the learner's decision with the table the same size
    wait_for_learner(page)
    page.wait_for_timeout(300)
    assert abs(page.evaluate(FELT_HEIGHT_JS) - first_height) <= 2
    # no mouse at all: every key an action or a card
    assert len(presses) <= 4 * 30, presses
    assert collect_errors(page, log) == []


def test_shortcuts_answer_the_physical_key_on_a_hebrew_layout(
    page: Page, voila_server: str
) -> None:
    """Issue 21: a shortcut is the physical key (``KeyboardEvent.code``): with a Hebrew
    layout the S key types ד and the P key types פ, and they still draw from the stock or
    pass the up card."""
    page.set_viewport_size({"width": 1366, "height": 768})
    open_lesson(page, voila_server, "04_play.ipynb")
    wait_for_learner(page)
    s: dict[str, Any] = page.evaluate(TABLE_STATE_JS)
    action = allowed_action(s)
    assert action in ("pass", "draw"), action
    key, code = ("פ", "KeyP") if action == "pass" else ("ד", "KeyS")
    page.evaluate(
        """([key, code]) => {
          const target = document.activeElement || document.body;
          target.dispatchEvent(new KeyboardEvent('keydown',
            {key: key, code: code, bubbles: true, cancelable: true}));
        }""",
        [key, code],
    )
    wait_for_table_change(page, s, 15)
    after: dict[str, Any] = page.evaluate(TABLE_STATE_JS)
    assert after != s, f"{code} typed as {key} did nothing"
    if action == "draw":
        assert len(after["hand"]) == 11


def test_the_discard_history_opens_and_closes(page: Page, voila_server: str) -> None:
    """Issue 23 (speed of a page): the discard history is built when first opened; the
    history button still shows it, under the piles, and hides it again."""
    log = open_lesson(page, voila_server, "04_play.ipynb")
    wait_for_learner(page)
    assert page.locator(".gin-discard-history").count() == 0  # not sent with the page
    page.locator("button.gin-action-history").click()
    history = page.locator(".gin-discard-history")
    history.locator("[data-index]").first.wait_for(state="visible", timeout=10_000)
    # both measured at one instant: the page may scroll between two separate measures
    piles, shown = page.evaluate(
        """() => ['.gin-middle', '.gin-discard-history'].map((css) => {
            const r = document.querySelector(css).getBoundingClientRect();
            return {y: r.y, height: r.height};
        })"""
    )
    assert shown["y"] >= piles["y"] + piles["height"] - 1  # under the piles
    page.locator("button.gin-action-history").click()
    history.wait_for(state="hidden", timeout=10_000)
    assert collect_errors(page, log) == []
