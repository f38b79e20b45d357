"""The mode "I lay out my cards" in a real browser (issue 19): a deal at the play table
opened with ``?arrange=self`` is played by clicks to its score, the learner laying out
their own melds after the knock (a group that is no meld refused first), then guessing
the score before it is shown; the same laid out with the keyboard alone; and a deal in
which the learner, defending, chooses the layoffs.

With ``seed=82`` and the ``eager`` opponent, the scripted learner (pass, draw from the
stock, throw the highest deadwood card) may knock on its third draw; with ``seed=154``
the opponent knocks first (a set of fives and 8-10♥: the learner's J♥ fits the run, their
7♠ fits nothing).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from voila_harness import collect_errors, open_lesson

import gin

from .builder_clicks import click_cards, make_meld
from .learner_clicks import TableTurns, click_learner_move

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.slow, pytest.mark.timeout(480)]  # make test-slow; a loaded kernel is slow

ADDRESS = "04_play.ipynb?seed=82&opponent=eager&rules=classic&arrange=self"
WAIT_MS = 20_000
BUILDER = ".gin-arrange.gin-meld-builder"
_SHUTDOWN_403 = re.compile(r"status of 403 .*/voila/api/shutdown/")

BUILDER_CARDS_JS = """() => Array.from(document.querySelectorAll(
  '.gin-meld-builder .gin-arrange-hand .gin-card[data-card]')).map(e => e.dataset.card)"""


def play_to_the_knock(page: Page, seconds: float, room: str = BUILDER) -> list[str]:
    """Click the scripted learner's moves until the meld builder opens (the knock and
    its confirmation are among them), or the room ``room``."""
    actions: list[str] = []
    turns = TableTurns(
        page,
        seconds,
        lambda: f"{room} did not open; actions: {actions}",
        until=lambda _s: page.locator(room).is_visible(),
    )
    for s in turns:
        assert s["rows"] == 0, f"the deal ended: {actions}"
        click_learner_move(page, s, actions, turns)
    return actions


def test_a_deal_laid_out_by_the_learner_is_played_to_its_score(
    page: Page, voila_server: str
) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    log = open_lesson(page, voila_server, ADDRESS)
    assert page.locator(".gin-display .gin-arrange-self input").is_checked()
    actions = play_to_the_knock(page, 300)
    assert "knock" in actions or "gin" in actions, actions
    page.locator(f"{BUILDER} .gin-arrange-hand .gin-card[data-card]").first.wait_for()
    cards = [gin.Card.parse(c) for c in page.evaluate(BUILDER_CARDS_JS)]
    assert len(cards) == 10
    melds = [[c.code for c in m.cards] for m in gin.best_arrangement(cards).melds]
    made = page.locator(f"{BUILDER} .gin-arranged-meld")
    # two cards of a meld are no meld: refused with the engine's sentence, nothing made
    first = melds[0]
    click_cards(page, BUILDER, first[:2])
    page.locator("button.gin-action-make-meld").click()
    error = page.locator(f"{BUILDER} .gin-arrange-error")
    error.wait_for(timeout=WAIT_MS)
    assert "meld" in error.inner_text() and made.count() == 0
    # the two cards stay selected: one more makes the meld
    make_meld(page, BUILDER, first[2:], 1)
    for i, meld in enumerate(melds[1:], start=2):
        make_meld(page, BUILDER, meld, i)
    shown = [
        sorted(m.locator(".gin-card[data-card]").evaluate_all("es => es.map(e => e.dataset.card)"))
        for m in made.all()
    ]
    assert shown == [sorted(m) for m in melds]
    page.locator("button.gin-action-done-arranging").click()
    verdict = page.locator(f"{BUILDER} .gin-arrange-verdict")
    verdict.wait_for(timeout=WAIT_MS)
    assert "as little as the best" in verdict.inner_text()
    # before the score: the learner's guess, checked by the tutor
    guess = page.locator(".gin-score-guess .gin-score-guess-points input")
    guess.wait_for(timeout=60_000)
    assert page.locator(".gin-scores .gin-score-row").count() == 0
    guess.fill("10")
    page.locator("button.gin-action-check-score").click()
    page.locator(".gin-score-guess-verdict p").wait_for(timeout=WAIT_MS)
    # a wrong first try leaves a second one (issue 29): "Show the score" ends the guess
    show = page.locator(".gin-score-guess button.gin-action-show-score")
    if show.is_visible():
        show.click()
    page.locator(".gin-scores .gin-score-row").first.wait_for(timeout=60_000)
    kind = page.locator(".gin-scores .gin-score-row td").nth(2).inner_text()
    assert kind in ("knock", "undercut", "gin")
    errors = [e for e in collect_errors(page, log) if not _SHUTDOWN_403.search(e)]
    assert errors == [], "\n".join(errors)


def test_the_melds_are_laid_out_with_the_keyboard(page: Page, voila_server: str) -> None:
    """The keys that pick cards at the table pick them in the builder; Enter makes a
    meld, C finishes."""
    page.set_viewport_size({"width": 1366, "height": 900})
    log = open_lesson(page, voila_server, ADDRESS)
    play_to_the_knock(page, 300)
    page.locator(f"{BUILDER} .gin-arrange-hand .gin-card[data-card]").first.wait_for()
    cards = [gin.Card.parse(c) for c in page.evaluate(BUILDER_CARDS_JS)]
    melds = [[c.code for c in m.cards] for m in gin.best_arrangement(cards).melds]
    for n, meld in enumerate(melds, start=1):
        for code in meld:
            shown: list[str] = page.evaluate(BUILDER_CARDS_JS)
            page.keyboard.press("1234567890-"[shown.index(code)])
            page.wait_for_function(
                "c => { const e = document.querySelector("
                "`.gin-meld-builder .gin-arrange-hand .gin-card[data-card='${c}']`);"
                " return e && e.classList.contains('gin-selected'); }",
                arg=code,
                timeout=WAIT_MS,
            )
        page.keyboard.press("Enter")
        page.wait_for_function(
            "n => document.querySelectorAll('.gin-arranged-meld').length === n",
            arg=n,
            timeout=WAIT_MS,
        )
    page.keyboard.press("c")
    page.locator(f"{BUILDER} .gin-arrange-verdict").wait_for(timeout=WAIT_MS)
    page.locator(".gin-score-guess button.gin-action-show-score").click()
    page.locator(".gin-scores .gin-score-row").first.wait_for(timeout=60_000)
    errors = [e for e in collect_errors(page, log) if not _SHUTDOWN_403.search(e)]
    assert errors == [], "\n".join(errors)


def test_the_defender_chooses_the_layoffs_to_the_score(page: Page, voila_server: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    address = ADDRESS.replace("seed=82", "seed=154")
    log = open_lesson(page, voila_server, address)
    chooser = ".gin-arrange.gin-layoff-chooser"
    play_to_the_knock(page, 300, room=chooser)
    run = page.locator(f'{chooser} .gin-layoff-target:has(.gin-card[data-card="9H"])')
    hand = page.locator(f"{chooser} .gin-arrange-hand")
    assert page.locator("button.gin-action-lay-off:visible").count() == 0
    # 7♠ onto 8-10♥: refused with the reason, nothing laid off
    hand.locator('.gin-card[data-card="7S"]').click()
    run.locator(".gin-card[data-card]").first.click()
    error = page.locator(f"{chooser} .gin-arrange-error")
    error.wait_for(timeout=WAIT_MS)
    assert error.inner_text() and hand.locator('.gin-card[data-card="7S"]').count() == 1
    # J♥ onto the run: laid off, the run grows
    hand.locator('.gin-card[data-card="JH"]').click()
    page.wait_for_function(
        "() => { const e = document.querySelector("
        "'.gin-layoff-chooser .gin-arrange-hand .gin-card[data-card=\"JH\"]');"
        " return e && e.classList.contains('gin-selected'); }",
        timeout=WAIT_MS,
    )
    run.locator(".gin-card[data-card]").first.click()
    page.locator(f'{chooser} .gin-layoff-target .gin-card[data-card="JH"]').wait_for(
        timeout=WAIT_MS
    )
    page.locator(f"{chooser} button.gin-action-done-arranging").click()
    page.locator(f"{chooser} .gin-arrange-verdict").wait_for(timeout=WAIT_MS)
    page.locator(".gin-score-guess button.gin-action-show-score").click(timeout=60_000)
    page.locator(".gin-scores .gin-score-row").first.wait_for(timeout=60_000)
    errors = [e for e in collect_errors(page, log) if not _SHUTDOWN_403.search(e)]
    assert errors == [], "\n".join(errors)
