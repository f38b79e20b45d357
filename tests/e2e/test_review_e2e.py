"""The review of a deal in a real browser (issue 20): a learner who breaks melds on
purpose plays a deal at the play table, opens "Review this deal" and finds those discards
marked as costly.

The scripted learner passes the up card, draws from the stock and, whenever its hand holds
a meld of three cards, throws its lowest card (breaking the meld and keeping its high
deadwood);
it never knocks. The review's list marks each decision with ``data-verdict`` and
``data-loss``, and names the move made in ``data-action``.

With ``?arrange=self`` (the deal of ``tests/e2e/test_arrange_e2e.py`` where the opponent
knocks first), a learner who lays off nothing finds the layoffs marked, and lays them off
again in the layoff chooser of "Play it again from here".
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from voila_harness import collect_errors, open_lesson, run_voila

import gin

from .learner_clicks import TableTurns, click_enabled
from .test_arrange_e2e import ADDRESS, WAIT_MS, play_to_the_knock

if TYPE_CHECKING:
    from collections.abc import Iterator

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


VERDICTS = ("best", "close", "good", "inaccuracy", "mistake", "blunder")


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
    turns = TableTurns(page, 240, lambda: "the deal did not end")
    for s in turns:
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
            elif click_enabled(page, "gin-action-discard") and melded:
                broken.append(card)
        else:
            turns.idle()
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


@pytest.mark.slow  # the deal is played by clicks to the knock: over 30 s
def test_a_layoff_that_breaks_a_meld_is_marked_and_chosen_again_in_the_layoff_chooser(
    page: Page, voila_server: str, tmp_path: Path
) -> None:
    """Rule: with ?arrange=self the learner's own layoffs are a decision of the review,
    weighed exactly: laying J♥ off onto the knocker's run 8-10♥ breaks the learner's set
    of jacks, marked a blunder with at least 10 points; "Play it again" opens the layoff
    chooser, and keeping J♥ this time is told it is the best."""
    page.set_viewport_size({"width": 1366, "height": 900})
    log = open_lesson(page, voila_server, ADDRESS.replace("seed=82", "seed=154"))
    chooser = ".gin-arrange.gin-layoff-chooser"
    play_to_the_knock(page, 300, room=chooser)
    _lay_off_jack(page, chooser)
    page.locator(f"{chooser} button.gin-action-done-arranging").click()
    page.locator(f"{chooser} .gin-arrange-verdict").wait_for(timeout=WAIT_MS)
    page.locator(".gin-score-guess button.gin-action-show-score").click(timeout=60_000)
    page.locator(".gin-scores .gin-score-row").first.wait_for(timeout=60_000)
    button = page.locator("button.gin-action-review")
    button.wait_for(state="visible", timeout=30_000)
    button.click()
    move = page.locator('.gin-review .gin-review-move[data-action^="lay-off"]')
    move.wait_for(timeout=120_000)
    assert move.get_attribute("data-action") == "lay-off with JH@1"
    assert move.get_attribute("data-verdict") == "blunder"
    assert float(move.get_attribute("data-loss") or 0) >= 10
    box = page.locator(".gin-review-costly-layoffs")
    assert box.locator('.gin-review-hand .gin-lesson-card[data-card="JH"]').count() == 1
    box.locator("button.gin-action-play-again").click()
    room = ".gin-review-costly-layoffs .gin-layoff-chooser"
    page.locator(f"{room} .gin-arrange-hand .gin-card[data-card]").first.wait_for(timeout=WAIT_MS)
    page.locator(f"{room} button.gin-action-done-arranging").click()  # J♥ kept this time
    answer = box.locator(".gin-review-answer-text")
    answer.wait_for(timeout=WAIT_MS)
    assert answer.get_attribute("data-verdict") == "best"
    shots = Path(os.environ.get("GIN_SCREENSHOT_DIR") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    text = box.locator(".gin-review-costly-text")
    text.scroll_into_view_if_needed()
    text.screenshot(path=str(shots / "review_layoffs.png"))
    errors = [e for e in collect_errors(page, log) if "/voila/api/shutdown/" not in e]
    assert errors == [], "\n".join(errors)


def _lay_off_jack(page: Page, chooser: str) -> None:
    """Lay J♥ off onto the knocker's run 8-10♥ in the layoff chooser ``chooser``."""
    page.locator(f'{chooser} .gin-arrange-hand .gin-card[data-card="JH"]').click()
    page.wait_for_function(
        "css => { const e = document.querySelector("
        "`${css} .gin-arrange-hand .gin-card[data-card='JH']`);"
        " return e && e.classList.contains('gin-selected'); }",
        arg=chooser,
        timeout=WAIT_MS,
    )
    run = page.locator(f'{chooser} .gin-layoff-target:has(.gin-card[data-card="9H"])')
    run.locator(".gin-card[data-card]").first.click()
    page.locator(f'{chooser} .gin-layoff-target .gin-card[data-card="JH"]').wait_for(
        timeout=WAIT_MS
    )


# ------------------------------------------------------------- many deals, a narrow column

MANY_DEALS = 8
"""Finished deals of the probe game: 7 earlier-deal buttons beside "Review this deal"."""

PROBE = """\
import json
from pathlib import Path
import ipywidgets as W
import gin.ui
from gin.rules import Rules
from gin.bots import EagerBot
from gin.bots.selfplay import play_game
from gin.ui.review import ReviewLauncher
game = play_game((EagerBot(), EagerBot()), Rules.preset("classic"), seed=5, max_deals=%d)
launcher = ReviewLauncher(lambda: game)
launcher.update(True)
css = (Path(gin.ui.__file__).parent / "table" / "table.css").read_text(encoding="utf-8")
side = W.VBox([launcher])
side.add_class("gin-side")
table = W.VBox([W.HTML("<style>" + css + "</style>"), side])
table.add_class("gin-table")
table
"""


LAYOUT_PROBE = """\
import sys
from pathlib import Path
sys.path[:0] = %r
import ipywidgets as W
import gin.ui
from test_review_layout import RUN4, SET4, WORLDS, _knock_deal
from gin.bots.review import review_deal, summarize
from gin.ui.review import ReviewPanel
review = review_deal(_knock_deal((RUN4, SET4)), 0, worlds=WORLDS)
panel = ReviewPanel(review, 1, summarize([review]), "classic", lambda: None)
css = (Path(gin.ui.__file__).parent / "table" / "table.css").read_text(encoding="utf-8")
style = (Path(gin.ui.__file__).parent / "review" / "review.css").read_text(encoding="utf-8")
side = W.VBox([panel])
side.add_class("gin-side")
table = W.VBox([W.HTML("<style>" + css + style + "</style>"), side])
table.add_class("gin-table")
table
"""


def _notebook(source: str) -> str:
    import json

    cell = {
        "cell_type": "code",
        "execution_count": None,
        "id": "probe",
        "metadata": {},
        "outputs": [],
        "source": source,
    }
    meta = {"kernelspec": {"name": "python3", "display_name": "Python 3"}}
    return json.dumps({"cells": [cell], "metadata": meta, "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture(scope="module")
def many_deals_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Voilà server over two probe notebooks, each in the table's side column
    (``gin-side``, with the table's own style sheet): the review launcher of a game of
    :data:`MANY_DEALS` finished deals, and the review of a deal whose layout was costly."""
    root = tmp_path_factory.mktemp("many_deals")
    (root / "many_deals.ipynb").write_text(_notebook(PROBE % MANY_DEALS), encoding="utf-8")
    tests = Path(__file__).resolve().parent.parent
    # the tests' folder (the deal) and the project's root (the helpers its conftest imports)
    paths = [str(tests), str(tests.parent)]
    (root / "layout.ipynb").write_text(_notebook(LAYOUT_PROBE % (paths,)), encoding="utf-8")
    with run_voila(root, log_path=root / "voila.log") as server:
        yield server.base_url


BUTTONS_JS = """() => Array.from(document.querySelectorAll('button.gin-action-review-deal'))
  .map(b => { const r = b.getBoundingClientRect();
    return [b.innerText.trim(), b.scrollWidth, b.clientWidth, r.left, r.right, r.top]; })"""


def test_every_deal_button_reads_in_full_and_the_row_wraps_at_1366x768(
    page: Page, many_deals_server: str, tmp_path: Path
) -> None:
    """Rule (the review's screen): with more than five finished deals, every deal's button
    reads "Deal N" in full (its text is not cut: no ellipsis, its content as wide as the
    button) and the row wraps inside the column at 1366x768 instead of running off the
    screen; the review opened from one lists its decisions numbered once (no list
    markers: the sentences carry the numbers)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    log = open_lesson(page, many_deals_server, "many_deals.ipynb")
    page.locator("button.gin-action-review-deal").first.wait_for(timeout=60_000)
    buttons = page.evaluate(BUTTONS_JS)
    assert len(buttons) == MANY_DEALS - 1 > 5
    column = page.locator(".gin-side").bounding_box()
    assert column is not None
    for n, (text, scroll_w, client_w, left, right, _top) in enumerate(buttons, 1):
        assert text == f"Deal {n}"
        assert scroll_w <= client_w + 1, (text, scroll_w, client_w)  # nothing cut
        assert column["x"] - 1 <= left and right <= column["x"] + column["width"] + 1
        assert right <= 1366
    assert len({round(top) for *_, top in buttons}) > 1  # the row wrapped
    page.locator("button.gin-action-review-deal").nth(2).click()
    page.locator(".gin-review .gin-review-move").first.wait_for(timeout=180_000)
    style = page.evaluate(
        "() => getComputedStyle(document.querySelector('.gin-review-moves')).listStyleType"
    )
    assert style == "none"
    first = page.locator(".gin-review .gin-review-move").first.inner_text()
    assert first.startswith("1. ")
    shots = Path(os.environ.get("GIN_SCREENSHOT_DIR") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / "review_many_deals.png"))
    assert collect_errors(page, log) == []


FIT_JS = """() => { const side = document.querySelector('.gin-side').getBoundingClientRect();
  const room = document.querySelector('.gin-review-puzzle-arrange');
  const cards = Array.from(room.querySelectorAll('.gin-card[data-card]'))
    .map(c => { const r = c.getBoundingClientRect(); return [c.dataset.card, r.left, r.right]; });
  return [side.left, side.right, window.innerWidth, cards]; }"""


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_the_layout_puzzle_fits_the_review_column(
    page: Page, many_deals_server: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """Rule (the review's screen): "Play it again" for a layout opens the meld builder
    inside the review's column: every card of the room (the tenth too) lies within the
    column and the screen, at 1366x768 and on a phone (390x844)."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    log = open_lesson(page, many_deals_server, "layout.ipynb")
    box = page.locator(".gin-review-costly-layout")
    box.locator("button.gin-action-play-again").click()
    page.locator(".gin-review-puzzle-arrange .gin-card[data-card]").first.wait_for(timeout=60_000)
    left, right, width, cards = page.evaluate(FIT_JS)
    assert len(cards) >= 10
    for code, cl, cr in cards:
        assert left - 1 <= cl and cr <= right + 1 and cr <= width, (code, cl, cr, left, right)
    shots = Path(os.environ.get("GIN_SCREENSHOT_DIR") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / f"review_layout_{size[0]}.png"), full_page=True)
    assert collect_errors(page, log) == []
