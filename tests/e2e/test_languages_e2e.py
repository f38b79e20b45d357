"""The tutor in Hebrew, Estonian, Lao and Bulgarian, in a real browser (issue 12).

Rules checked:
- every lesson reads wholly in the learner's language: no English word is left on the page
  (card codes, the game's name "Oklahoma Gin" and the menu's "English" aside), whether the
  page is opened with ``?lang=`` or switched with the language menu;
- Hebrew pages are right to left (``dir="rtl"`` on the lesson root), while a hand of
  cards stays in rank order, left to right;
- Lao text is drawn in the shipped Lao font (``document.fonts.check``), with no tofu boxes;
- the choice is kept in the browser: the next page opens in it;
- switching the language mid-deal keeps the deal and its state, and the deal can be played
  on to the score pad.

Each language is photographed (``lang-<code>.png``) into build/screenshots/, or into
``$GIN_SCREENSHOTS`` (``make screenshots``: docs/screenshots/).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from voila_harness import NOTEBOOKS_DIR, TABLE_STATE_JS, open_lesson

from gin.i18n import LANGUAGES, SOURCE_DIR

from .learner_clicks import play_deal_by_clicks
from .test_lessons_e2e import SCREENSHOTS, full_page_screenshot, no_errors

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.timeout(600)

NOTEBOOKS = sorted(p.name for p in NOTEBOOKS_DIR.glob("*.ipynb"))
OTHERS = tuple(lang for lang in LANGUAGES if lang != "en")
ALLOWED = {"oklahoma", "gin", "enter", "esc", "ctrl", "pgdn", "page", "down"}
"""Latin words that may stand on any page: the game's name, and the names of keys as
keyboards print them."""

VISIBLE_TEXT_JS = """() => {
  const root = document.querySelector('.gin-lesson') || document.body;
  const menu = root.querySelector('.gin-language-menu');
  const parts = [root.innerText.replace(menu ? menu.innerText : '', ' ')];
  for (const b of root.querySelectorAll('[title], [aria-label]')) {
    if (b.closest('.gin-language-menu') || !b.checkVisibility()) continue;  // hidden: unread
    parts.push(b.getAttribute('title') || '', b.getAttribute('aria-label') || '');
  }
  return parts.join('\\n');
}"""


def english_words() -> set[str]:
    """Words of three letters or more that the English catalog uses and no other language's
    catalog does (so an Estonian page, in Latin letters, can be checked too)."""
    import tomllib

    words: set[str] = set()
    for path in SOURCE_DIR.glob("*.toml"):
        text = path.read_text(encoding="utf-8")
        for value in tomllib.loads(text).values():
            for s in value.values() if isinstance(value, dict) else [value]:
                words |= set(re.findall(r"[a-z]{3,}", re.sub(r"\{[^}]*\}", " ", s.lower())))
    from gin.catalog import read_language

    for lang in OTHERS:
        for m in read_language(lang):
            strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
            for s in strings:
                words -= set(re.findall(r"[a-z]{3,}", str(s).lower()))
    return words - ALLOWED


ENGLISH = english_words()


def english_left(text: str, lang: str) -> list[str]:
    """The English words in ``text``, a page in ``lang``."""
    text = re.sub(r"\b(?:10|[2-9AJQKT])[SHDC♠♥♦♣]\b", " ", text)  # card codes
    # card letters (the rank buttons' letters run together in the page's text)
    text = re.sub(r"(?<![A-Za-z])[AJQK]+(?![A-Za-z])", " ", text)
    if lang == "et":
        found = [w for w in re.findall(r"[A-Za-z]{3,}", text) if w.lower() in ENGLISH]
    else:  # another script: any Latin word of two letters or more is English
        found = [w for w in re.findall(r"[A-Za-z]{2,}", text) if w.lower() not in ALLOWED]
    return sorted(set(found))


def switch_to(page: Page, lang: str) -> None:
    """Pick ``lang`` in the language menu and wait until the lesson shows it."""
    page.locator(".gin-language-select").select_option(lang)
    page.wait_for_function(
        "lang => document.querySelector('.gin-lesson')?.getAttribute('lang') === lang"
        " && document.querySelector('.gin-lesson').classList.contains('gin-lang-' + lang)",
        arg=lang,
        timeout=30_000,
    )
    page.wait_for_timeout(300)  # the rebuilt parts render


def assert_reads_in(page: Page, lang: str, where: str) -> None:
    # a part added after the page rendered shows the widget manager's "Loading widget..."
    # placeholder until its view is drawn (seen on a loaded CI machine): wait for the view
    page.wait_for_function(
        "() => !document.body.innerText.includes('Loading widget')", timeout=30_000
    )
    text = page.evaluate(VISIBLE_TEXT_JS)
    left = english_left(text, lang)
    assert left == [], f"{where} in {lang}: English words left: {left}"


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_lesson_reads_in_every_language(page: Page, voila_server: str, name: str) -> None:
    """The lesson opened in one language (``?lang=``), then switched through the others
    with the menu: each time, no English word is left on the page."""
    first, *rest = OTHERS
    log = open_lesson(page, voila_server, f"{name}?lang={first}")
    page.locator(".gin-lesson").first.wait_for(timeout=30_000)
    assert page.locator(".gin-lesson").get_attribute("lang") == first
    assert_reads_in(page, first, name)
    for lang in rest:
        switch_to(page, lang)
        assert_reads_in(page, lang, name)
    no_errors(page, log)


def test_hebrew_reads_right_to_left_with_cards_in_rank_order(page: Page, voila_server: str) -> None:
    log = open_lesson(page, voila_server, "04_play.ipynb?lang=he&seed=5")
    root = page.locator(".gin-lesson")
    assert root.get_attribute("dir") == "rtl"
    assert root.evaluate("e => getComputedStyle(e).direction") == "rtl"
    coach = page.locator(".gin-coach").first
    assert coach.evaluate("e => getComputedStyle(e).direction") == "rtl"
    xs = page.locator(".gin-hand .gin-card[data-card]").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().x)"
    )
    codes = page.locator(".gin-hand .gin-card[data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    assert xs == sorted(xs), "the hand runs left to right, as its cards are ordered"
    assert len(codes) >= 10
    full_page_screenshot(page, SCREENSHOTS / "lang-he.png")
    no_errors(page, log)


LAO_FONT_JS = """async () => {
  await document.fonts.ready;
  await document.fonts.load('16px "Noto Sans Lao"', 'ກ');
  const el = document.querySelector('.gin-lesson h2');
  const family = getComputedStyle(el).fontFamily;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  ctx.font = '32px ' + family;
  const widths = Array.from('ກຂຄງຈສຊຍດຕ').map(ch => ctx.measureText(ch).width);
  return {
    check: document.fonts.check('16px "Noto Sans Lao"', 'ກຂຄ'),
    family,
    distinct: new Set(widths.map(w => w.toFixed(2))).size,
    text: el.innerText,
  };
}"""


def test_lao_is_drawn_in_the_shipped_font(page: Page, voila_server: str) -> None:
    """The Lao font comes with the app (no network here), and draws each letter: tofu
    boxes would all have the same width."""
    log = open_lesson(page, voila_server, "00_start_here.ipynb?lang=lo")
    # the widgets render after the page (a pre-heated kernel's lesson is built again in
    # the address's language): wait for the Lao lesson's heading
    page.locator('.gin-lesson[lang="lo"] h2').first.wait_for(timeout=30_000)
    got: dict[str, Any] = page.evaluate(LAO_FONT_JS)
    assert got["check"], got
    assert "Noto Sans Lao" in got["family"], got
    assert re.search(r"[\u0e80-\u0eff]", got["text"]), got
    assert got["distinct"] >= 5, f"Lao letters look alike (tofu?): {got}"
    full_page_screenshot(page, SCREENSHOTS / "lang-lo.png")
    no_errors(page, log)


def test_the_choice_is_kept_for_the_next_lesson(page: Page, voila_server: str) -> None:
    log = open_lesson(page, voila_server, "01_cards_and_melds.ipynb")
    switch_to(page, "et")
    no_errors(page, log)
    log = open_lesson(page, voila_server, "02_the_up_card.ipynb")  # no ?lang= here
    page.wait_for_function(
        "() => document.querySelector('.gin-lesson')?.getAttribute('lang') === 'et'",
        timeout=30_000,
    )
    page.wait_for_timeout(300)
    assert_reads_in(page, "et", "02_the_up_card.ipynb")
    full_page_screenshot(page, SCREENSHOTS / "lang-et.png")
    no_errors(page, log)


def hand_and_piles(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(TABLE_STATE_JS)
    state["discard_pile"] = page.locator(".gin-discard [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    state["stock"] = page.locator(".gin-stock-count").inner_text()
    return state


@pytest.mark.parametrize(
    ("start", "then"),
    # issue 41: the second pair, another 20 s, runs with the slow walks (make test-slow)
    [("bg", "he"), pytest.param("lo", "et", marks=pytest.mark.slow)],
)
def test_switching_mid_deal_keeps_the_deal_and_it_plays_to_the_score_pad(
    page: Page, voila_server: str, start: str, then: str
) -> None:
    log = open_lesson(page, voila_server, f"04_play.ipynb?lang={start}&seed=11")
    assert_reads_in(page, start, "the table")
    if start == "lo":  # Lao has no spaces between words: the coach's panel still wraps it
        coach = page.evaluate(
            "() => { const c = document.querySelector('.gin-coach');"
            " return {over: c.scrollWidth - c.clientWidth, text: c.innerText}; }"
        )
        assert coach["over"] <= 1 and re.search(r"[\u0e80-\u0eff]", coach["text"]), coach
    full_page_screenshot(page, SCREENSHOTS / f"lang-{start}-table.png")
    before_moves = play_some_moves(page)
    before = hand_and_piles(page)
    switch_to(page, then)
    page.locator(".gin-hand .gin-card[data-card]").first.wait_for(timeout=30_000)
    after = hand_and_piles(page)
    assert after["hand"] == before["hand"], (before_moves, before, after)
    assert after["discard_pile"] == before["discard_pile"]
    assert after["rows"] == before["rows"]
    assert_reads_in(page, then, "the table mid-deal")
    play_deal_by_clicks(page, 150)
    assert page.locator(".gin-scores .gin-score-row").count() == 1
    assert_reads_in(page, then, "the score pad")
    full_page_screenshot(page, SCREENSHOTS / f"lang-{then}-deal.png")
    no_errors(page, log)


def play_some_moves(page: Page) -> list[str]:
    """Pass or draw, then discard once: the deal is under way."""
    done: list[str] = []
    for _ in range(200):
        s = page.evaluate(TABLE_STATE_JS)
        if len(s["hand"]) == 11 and s["discard"] is False and s["selected"]:
            page.wait_for_timeout(50)
            continue
        if len(s["hand"]) == 11:
            card = s["deadwood"][-1] if s["deadwood"] else s["hand"][-1]
            page.locator(f'.gin-hand .gin-card[data-card="{card}"]').click()
            page.locator("button.gin-action-discard:not([disabled])").click(timeout=10_000)
            done.append(f"discard {card}")
            page.wait_for_function(
                "() => document.querySelectorAll('.gin-hand .gin-card[data-card]').length === 10",
                timeout=10_000,
            )
            # the opponent answers after the table's pause: the deal stands still (the
            # learner's turn again, or its end) before anyone reads the piles
            page.wait_for_function(
                "() => { const on = c => { const b = document.querySelector('button.' + c);"
                " return !!b && !b.disabled; };"
                " return on('gin-action-draw-stock') || on('gin-action-next-deal'); }",
                timeout=30_000,
            )
            return done
        if s["draw"]:
            page.locator("button.gin-action-draw-stock").click()
            done.append("draw")
        elif s["pass"]:
            page.locator("button.gin-action-pass").click()
            done.append("pass")
        page.wait_for_timeout(150)
    return done
