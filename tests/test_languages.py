"""Choosing the tutor's language (issue 12), without a browser.

Rules checked: the page's ``?lang=`` picks the language, and an unknown one is refused with
a sentence; the language menu shows each language in its own name and accepts only the
tutor's languages; switching keeps the lesson's seed and the game in progress; Hebrew pages
are marked right to left and say once why cards still read left to right; links between
lessons keep the language; the Lao font is shipped and inlined.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import gin
from gin.i18n import DEFAULT_LANGUAGE, M, current_language, set_language
from gin.ui.page import language as language_module
from gin.ui.page.language import LanguageMenu, endonym, font_css


@pytest.fixture(autouse=True)
def english_afterwards(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts and ends in English, with no language chosen in the kernel."""
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setattr(language_module, "_chosen", [])
    yield
    set_language(DEFAULT_LANGUAGE)


def test_the_address_picks_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from gin.ui.lessons import melds_lesson

    monkeypatch.setenv("QUERY_STRING", "lang=bg&seed=3")
    lesson = melds_lesson()
    assert current_language() == "bg" and lesson.lang == "bg"
    assert lesson.language_menu is not None and lesson.language_menu.lang == "bg"
    assert lesson.language_menu.from_address  # the stored choice does not override it
    assert "gin-lang-bg" in lesson.widget._dom_classes
    assert M["lesson.melds.title"].render("bg") in lesson.intro.value


def test_an_unknown_language_in_the_address_is_refused_with_a_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gin.ui.lessons import melds_lesson

    monkeypatch.setenv("QUERY_STRING", "lang=fr")
    lesson = melds_lesson()
    assert "lang=fr" in lesson.page_problem
    assert current_language() == "en"


def test_the_menu_names_each_language_in_itself_and_refuses_others() -> None:
    menu = LanguageMenu("en")
    assert [name for _code, name in menu.languages] == [
        "English",
        "עברית",
        "Eesti",
        "ລາວ",
        "Български",
    ]
    chosen: list[str] = []
    menu.on_choose(chosen.append)
    menu.lang = "he"
    assert (
        chosen == ["he"] and menu.dir == "rtl" and menu.label == M["language.menu"].render({}, "he")
    )
    menu.lang = "xx"  # a page may send anything
    assert menu.lang == "he" and chosen == ["he"]
    assert endonym("lo") == "ລາວ"


def _table_state(table: gin.ui.GinTable) -> tuple[object, ...]:
    c = table.controller
    view = c.view()
    return (c.deal_number, tuple(view.hand), tuple(view.discard_pile), len(view.events))


def test_switching_mid_deal_keeps_the_game_and_says_it_again() -> None:
    from gin.ui.lessons import play_lesson

    lesson = play_lesson(seed=21, pause=0)
    table = lesson.table
    if table.buttons["pass"].layout.display != "none" and not table.buttons["pass"].disabled:
        table.buttons["pass"].click()
    if not table.buttons["draw_stock"].disabled:
        table.buttons["draw_stock"].click()
    view = table.controller.view()
    table.hand.selected = view.hand[-1].code
    table.buttons["discard"].click()
    table.display_menu.pace.value = 1.2  # the learner's display choices stay too
    table.controls.opponent_choice.value = "expert"
    before = _table_state(lesson.table)
    controller = lesson.table.controller
    said = controller.said
    outer = lesson.widget
    for lang in ("he", "lo", "en"):
        lesson.switch_language(lang)
        assert lesson.widget is outer  # the page keeps its widget: no reload
        assert lesson.table.controller is controller
        assert _table_state(lesson.table) == before
        assert controller.said == said
        assert lesson.table.coach.message == " ".join(t.render(lang) for t in said)
        assert ("gin-rtl" in outer._dom_classes) == (lang == "he")
        t = lesson.table
        assert t.pause == 1.2 and t.display_menu.pace.value == 1.2
        assert t.controls.opponent_choice.value == "expert"
        assert t.controls.opponent_choice.label == M["opponent.name.expert"].render({}, lang)
        assert t.buttons["hint"].description == M["button.hint"].render({}, lang)
    lesson.table.buttons["hint"].click()  # the game plays on after the switches
    assert lesson.table.controller.shown_hint is not None


def test_switching_an_exercise_lesson_keeps_its_seed_and_exercises() -> None:
    from gin.ui.lessons import melds_lesson

    lesson = melds_lesson(seed=8)
    question = lesson.kind_exercise.question.data
    lesson.switch_language("et")
    assert lesson.seed == 8
    assert lesson.kind_exercise.question.data == question
    assert M["lesson.melds.title"].render("et") in lesson.intro.value


def test_hebrew_says_once_why_cards_read_left_to_right() -> None:
    from gin.ui.lessons import melds_lesson

    lesson = melds_lesson(seed=1)
    sentence = M["language.card-order"]
    assert sentence.render("en") not in lesson.intro.value
    lesson.switch_language("he")
    assert sentence.render("he") in lesson.intro.value


def test_links_between_lessons_keep_the_language() -> None:
    from gin.ui.lessons.catalog import nav_html

    assert "lang=" not in nav_html("01_cards_and_melds.ipynb")
    set_language("lo")
    assert "?lang=lo" in nav_html("01_cards_and_melds.ipynb")


def test_a_card_in_right_to_left_text_stays_in_rank_order() -> None:
    """The card label is a left-to-right isolate in Hebrew, and plain elsewhere."""
    he = M["melds.best-no-deadwood"].render({"melds": [["5S", "6S", "7S"]]}, "he")
    assert "\u20665♠ 6♠ 7♠\u2069" in he
    assert "\u2066" not in M["melds.best-no-deadwood"].render({"melds": [["5S", "6S", "7S"]]})


def test_the_cheat_sheet_switches_language() -> None:
    from gin.ui.lessons import cheat_sheet_page

    page = cheat_sheet_page()
    english = page.sheet.value
    page.menu.lang = "bg"
    assert page.sheet.value != english and "gin-lang-bg" in page.widget._dom_classes


def test_the_lao_font_is_shipped_and_inlined() -> None:
    css = font_css()
    assert "font-family: 'Noto Sans Lao'" in css and "data:font/woff2;base64," in css
    assert "http" not in css  # nothing is fetched from outside the app
    assert (language_module.FONT_DIR / "OFL.txt").read_text().count("Open Font License") >= 1


def test_the_guided_deal_goes_on_in_another_language() -> None:
    from gin.ui.lessons import guided_lesson

    lesson = guided_lesson(pause=0)
    table, guide = lesson.table, lesson.guide
    for _ in range(3):  # follow the guide a few moves
        action = guide.next_action
        if isinstance(action, gin.Discard | gin.Knock):
            table.hand.click(action.card.code)
        table.buttons[guide.next_target].click()
    before = _table_state(table)
    lesson.switch_language("bg")
    assert lesson.table is table and _table_state(table) == before
    assert guide.value and guide.next_target  # the guide speaks on, in Bulgarian
    assert "gin-lang-bg" in lesson.widget._dom_classes
