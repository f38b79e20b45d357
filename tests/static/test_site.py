"""The static site in a real browser: Pyodide runs every lesson in the page, no server.

The site is served by ``python -m http.server`` on 127.0.0.1 and every request to another
host is aborted and counted: each test ends with none. Every lesson renders with no error
output and its main interaction works as in Voilà: the start page's links lead to the
other lessons' pages, a meld exercise is answered right and wrong, the knocking stepper
walks to the score, a whole deal is played by clicks to the score pad, and the lab draws
its SVG charts. The page's query string reaches the kernel. A link to another lesson
opens it in the same page, with its own address (issue 14).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import gin

from .site_harness import (
    LESSONS,
    Blocked,
    assert_one_deal_scored,
    collect_errors,
    external_references,
    kernel_settings,
    lesson_url,
    open_site_page,
    play_deal_by_clicks,
    wait_until_rendered,
    walk_stepper_to_score,
)

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.timeout(600)

FEEDBACK_TIMEOUT_MS = 60_000


def no_errors_and_nothing_blocked(page: Page, log: Any, blocked: Blocked) -> None:
    errors = collect_errors(page, log)
    assert errors == [], "\n".join(errors)
    assert blocked.urls == [], f"requests to other hosts: {blocked.urls}"


def cards_in(scope: Locator) -> list[gin.Card]:
    codes = scope.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    return [gin.Card.parse(c) for c in codes]


def check(exercise: Locator, state: str) -> str:
    exercise.locator(".gin-check").click()
    feedback = exercise.locator(f".gin-feedback.gin-feedback-{state}")
    feedback.wait_for(timeout=FEEDBACK_TIMEOUT_MS)
    return feedback.inner_text()


# --------------------------------------------------------------------------- the files


def test_the_site_holds_nothing_fetched_from_outside(static_site: Path) -> None:
    """No page, script, stylesheet or configuration would fetch from another host."""
    assert external_references(static_site) == []
    kernel = kernel_settings(static_site)
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.js"
    assert kernel["disablePyPIFallback"] is True
    assert (static_site / "static" / "pyodide" / "pyodide.asm.wasm").is_file()
    assert not list((static_site / "static" / "pyodide").glob("matplotlib-*"))


# --------------------------------------------------------------------------- every lesson


def _start_here(page: Page) -> None:
    """The map's links lead to the lessons' pages of the site (``.html``, not ``.ipynb``);
    the site has no server, so there is no class code field."""
    link = page.locator('.gin-map a[data-notebook="01_cards_and_melds.ipynb"]')
    assert link.get_attribute("href") == "./01_cards_and_melds.html"
    assert page.locator(".gin-class-join").count() == 0


def _class(page: Page) -> None:
    """The teacher's page says the class view needs the app's server (``make app``)."""
    page.locator(".gin-lesson", has_text="make app").wait_for(timeout=FEEDBACK_TIMEOUT_MS)
    assert page.locator(".gin-class-table").count() == 0


def _cards_and_melds(page: Page) -> None:
    """A meld exercise answered wrong, then right; the engine computes the answer."""
    ex = page.locator(".gin-exercise-meld-kind")
    cards = cards_in(ex.locator(".gin-prompt"))
    answer = gin.is_meld(cards) or "no meld"
    wrong = next(c for c in ("set", "run", "no meld") if c != answer)
    ex.locator(".gin-answer-kind").get_by_role("button", name=wrong, exact=True).click()
    assert f"The answer is {answer}" in check(ex, "wrong")
    ex.locator(".gin-answer-kind").get_by_role("button", name=answer, exact=True).click()
    check(ex, "right")
    assert ex.locator(".gin-tally").inner_text() == "first tries right: 0 of 1 · right in a row: 0"


def _up_card(page: Page) -> None:
    """The up-card explorer answers a click on a rank."""
    page.locator(".gin-upcard-suit").get_by_role("button", name="♠", exact=True).click()
    page.locator(".gin-upcard-rank").get_by_role("button", name="A", exact=True).click()
    page.locator('.gin-upcard-picture [data-card="AS"]').wait_for(timeout=FEEDBACK_TIMEOUT_MS)
    assert "doubled ×2" in page.locator(".gin-upcard-result").inner_text()


def _knocking(page: Page) -> None:
    """The stepper plays its knock out step by step, then to the score."""
    walk_stepper_to_score(page, FEEDBACK_TIMEOUT_MS)


def _play(page: Page) -> None:
    """A whole deal against ``eager`` by clicks, to the score pad (as in the Voilà test)."""
    play_deal_by_clicks(page, 240, settle_s=20)
    assert_one_deal_scored(page)


def _lab(page: Page) -> None:
    """The lab's first run is done and its four charts are SVG drawings."""
    assert re.search(r"\d+ deals played", page.locator(".gin-lab-status").inner_text())
    page.wait_for_function(
        "() => document.querySelectorAll('.gin-lab-chart svg rect').length > 20",
        timeout=FEEDBACK_TIMEOUT_MS,
    )
    assert page.locator(".gin-lab-chart svg").count() == 4
    assert page.locator(".gin-lab-claims").inner_text().count("%") >= 8


def _cheat_sheet(page: Page) -> None:
    """The cheat sheet is on the page, with the scoring formulas."""
    page.locator(".gin-cheat-sheet").first.wait_for(timeout=FEEDBACK_TIMEOUT_MS)
    assert page.locator(".gin-cheat-sheet .gin-formula").count() >= 1


def _first_deal(page: Page) -> None:
    """The guided deal outlines what to click first."""
    page.locator(".gin-guide-target").first.wait_for(timeout=FEEDBACK_TIMEOUT_MS)


def _levels(page: Page) -> None:
    """The course shows a button per level and the first level's practice."""
    assert page.locator(".gin-level-buttons button").count() >= 12
    page.locator(".gin-level-panel").first.wait_for(timeout=FEEDBACK_TIMEOUT_MS)


CHECKS = {
    "00_cheat_sheet": _cheat_sheet,
    "00_first_deal": _first_deal,
    "00_levels": _levels,
    "00_start_here": _start_here,
    "01_cards_and_melds": _cards_and_melds,
    "02_the_up_card": _up_card,
    "03_knocking_layoffs_undercuts": _knocking,
    "04_play": _play,
    "05_strategy_lab": _lab,
    "06_class": _class,
}


def test_every_lesson_has_a_check() -> None:
    assert sorted(CHECKS) == LESSONS


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_renders_and_works(page: Page, site_url: str, blocked: Blocked, name: str) -> None:
    log = open_site_page(page, lesson_url(site_url, name))
    no_errors_and_nothing_blocked(page, log, blocked)
    assert page.locator(".gin-lesson").count() == 1
    assert page.locator(".gin-lesson-nav a").count() >= 1
    CHECKS[name](page)
    no_errors_and_nothing_blocked(page, log, blocked)


# --------------------------------------------------------------------------- the page


def test_the_query_string_reaches_the_kernel(page: Page, site_url: str, blocked: Blocked) -> None:
    """``?seed=7`` is ``os.environ["QUERY_STRING"]`` in the kernel, as in Voilà; the kernel
    is Pyodide's and has no matplotlib; the page may keep data in localStorage."""
    log = open_site_page(page, lesson_url(site_url, "query_probe", "seed=7"))
    probes = page.evaluate(
        "() => Object.fromEntries(Array.from(document.querySelectorAll('[class^=probe-]'))"
        ".map(e => [e.className.slice(6), e.textContent]))"
    )
    assert probes == {
        "query": "'seed=7'",
        "environ": "seed=7",
        "platform": "emscripten",
        "matplotlib": "False",
    }
    assert (
        page.evaluate(
            "() => { localStorage.setItem('gin-test', 'kept');"
            " return localStorage.getItem('gin-test'); }"
        )
        == "kept"
    )
    no_errors_and_nothing_blocked(page, log, blocked)


def test_a_lesson_opens_in_the_language_of_its_address(
    page: Page, site_url: str, blocked: Blocked
) -> None:
    """Issue 12 in the browser's own kernel: ``?lang=lo`` opens the lesson in Lao, drawn in
    the Lao font the site carries (nothing fetched from outside)."""
    from gin.i18n import render

    log = open_site_page(page, lesson_url(site_url, "00_start_here", "lang=lo"))
    root = page.locator(".gin-lesson").first
    page.wait_for_function(
        "() => document.querySelector('.gin-lesson')?.getAttribute('lang') === 'lo'",
        timeout=60_000,
    )
    assert render("lesson.start.title", {}, "lo") in root.inner_text()
    assert page.evaluate(
        "async () => { await document.fonts.load('16px \"Noto Sans Lao\"', 'ກ');"
        " return document.fonts.check('16px \"Noto Sans Lao\"', 'ກ'); }"
    )
    no_errors_and_nothing_blocked(page, log, blocked)


def test_the_site_opens_at_the_start_lesson(page: Page, site_url: str, blocked: Blocked) -> None:
    page.goto(f"{site_url}/?seed=3", wait_until="commit")
    page.wait_for_url(re.compile(r"/voici/render/00_start_here\.html\?seed=3$"), timeout=30_000)
    assert blocked.urls == []


MELDS_LINK = '.gin-map a[data-notebook="01_cards_and_melds.ipynb"]'
MELDS_EXERCISE = ".gin-lesson-01_cards_and_melds .gin-exercise-meld-kind"


def test_a_link_opens_the_next_lesson_in_the_same_page(
    page: Page, site_url: str, blocked: Blocked
) -> None:
    """Issue 14: a click on Start here's link to Cards and melds builds that lesson in the
    page's running kernel (no new page: a mark left in the page survives), the address
    follows; its exercise answers; Back returns to Start here in the page, and a reload of
    the pushed address opens Cards and melds as a page of its own."""
    log = open_site_page(page, lesson_url(site_url, "00_start_here"))
    page.evaluate("() => { window.__marker = 'same page'; }")
    page.locator(MELDS_LINK).click()
    page.locator(MELDS_EXERCISE).wait_for(timeout=FEEDBACK_TIMEOUT_MS)
    assert page.evaluate("() => window.__marker") == "same page"
    assert page.url.endswith("/01_cards_and_melds.html")
    assert page.locator(".gin-lesson").count() == 1
    assert page.locator(".gin-language-menu").count() == 1
    _cards_and_melds(page)
    page.go_back(wait_until="commit")
    page.locator(".gin-lesson-00_start_here .gin-map").wait_for(timeout=FEEDBACK_TIMEOUT_MS)
    assert page.evaluate("() => window.__marker") == "same page"
    assert page.url.endswith("/00_start_here.html")
    assert page.locator(MELDS_EXERCISE).count() == 0
    page.go_forward(wait_until="commit")
    page.locator(MELDS_EXERCISE).wait_for(timeout=FEEDBACK_TIMEOUT_MS)
    assert page.url.endswith("/01_cards_and_melds.html")
    no_errors_and_nothing_blocked(page, log, blocked)
    page.reload(wait_until="commit")
    wait_until_rendered(page)
    page.locator(MELDS_EXERCISE).wait_for(timeout=FEEDBACK_TIMEOUT_MS)
    assert page.evaluate("() => window.__marker === undefined")  # a page of its own
    _cards_and_melds(page)
    no_errors_and_nothing_blocked(page, log, blocked)
