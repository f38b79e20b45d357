"""Lessons that open in the same page (issue 14), on the kernel's side, without a browser.

Rules checked: only where a page costs a Python start (Pyodide) are links opened in place;
every lesson's notebook has a function that builds it, and anything else (the cheat sheet,
a made-up name) is refused with a sentence in the page's problem area; a message from the
page swaps the lesson in the page's own widget, with the link's settings (``?seed=``), in
the language shown, keeping the language menu and the navigator, which act on the new
lesson; a bad setting shows the same sentence as a fresh page with that address; the old
lesson's widgets are closed, and nothing the play lesson scheduled plays on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

import gin
from gin.i18n import DEFAULT_LANGUAGE, M, set_language
from gin.ui.lessons import base, registry
from gin.ui.lessons.catalog import CHEAT_SHEET, LESSONS
from gin.ui.page import language as language_module
from gin.ui.page import navigation, pageerrors
from gin.ui.page.urlparams import PageParamError, parse_page_params

MELDS = "01_cards_and_melds.ipynb"


@pytest.fixture(autouse=True)
def in_place(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Navigation in place on (as in Pyodide), a page with no query, English, no address
    moved to and no message area left from another test."""
    monkeypatch.setattr(navigation, "IN_PLACE", True)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setattr(language_module, "_chosen", [])
    monkeypatch.setattr(base, "_address", [])
    monkeypatch.setattr(pageerrors, "_areas", [])
    yield
    set_language(DEFAULT_LANGUAGE)


def shown(lesson: Any) -> Any:
    """The lesson the page's navigator acts on now."""
    return lesson.navigator._on_go[-1].__self__


def open_widgets(widget: Any) -> list[Any]:
    found = [widget] if widget.comm is not None else []
    for child in getattr(widget, "children", ()) or ():
        found += open_widgets(child)
    return found


def test_links_open_in_place_only_where_a_page_starts_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(navigation, "IN_PLACE", False)  # Voilà: a kernel per page
    assert navigation.Navigator().enabled is False
    monkeypatch.setattr(navigation, "IN_PLACE", True)
    assert navigation.Navigator().enabled is True


def test_every_lesson_has_the_function_its_notebook_calls() -> None:
    from gin.ui.lessons import start_lesson

    for info in LESSONS:
        factory = registry.lesson_factory(info.notebook)
        assert factory.__name__ == registry.LESSON_FACTORIES[info.notebook]
    lessons = start_lesson().navigator.lessons
    assert lessons == [info.notebook for info in LESSONS]
    assert CHEAT_SHEET not in lessons


@pytest.mark.parametrize("notebook", [CHEAT_SHEET, "99_nothing.ipynb", "../x", None, 3])
def test_anything_but_a_lesson_is_refused_with_a_sentence(notebook: object) -> None:
    from gin.ui.lessons import start_lesson

    with pytest.raises(navigation.NavigationError) as e:
        registry.lesson_factory(notebook)
    assert e.value.code == "page-not-used"
    lesson = start_lesson()
    children = list(lesson.widget.children)
    lesson.navigator.go(notebook, "")
    assert shown(lesson) is lesson and list(lesson.widget.children) == children
    assert lesson.problem.text == M["error.page-not-used"].render()


def test_a_click_swaps_the_start_lesson_for_the_melds_lesson() -> None:
    from gin.ui.lessons import MeldsLesson, melds_lesson, start_lesson

    start = start_lesson()
    outer, menu, nav = start.widget, start.language_menu, start.navigator
    old_parts = [w for w in outer.children if w is not menu and w is not nav]
    start.navigator.go(MELDS, "seed=7")
    melds = shown(start)
    assert isinstance(melds, MeldsLesson) and melds.seed == 7
    assert melds.widget is outer  # the same widget on the page: no new page
    assert "gin-lesson-01_cards_and_melds" in outer._dom_classes
    assert "gin-lesson-00_start_here" not in outer._dom_classes
    kids = list(outer.children)
    assert kids[1] is menu and kids[2] is nav and melds.language_menu is menu
    assert melds.kind_exercise.widget in open_widgets(outer)
    assert M["lesson.melds.title"].render() in melds.intro.value
    assert all(w.comm is None for p in old_parts for w in [p, *open_widgets(p)])
    assert nav.title == M["lesson.melds.title"].render() + " · Oklahoma Gin"  # window title
    # page errors now go to the new lesson's problem area only
    assert pageerrors._areas == [melds._show_problem]
    # the same exercises as a fresh page with ?seed=7
    assert melds.kind_exercise.question.data == melds_lesson(seed=7).kind_exercise.question.data


def test_the_language_is_kept_and_the_menu_acts_on_the_new_lesson() -> None:
    from gin.ui.lessons import start_lesson

    start = start_lesson()
    start.switch_language("et")
    start.navigator.go(MELDS, "lang=et")  # links carry the language shown
    melds = shown(start)
    assert melds.lang == "et" and "gin-lang-et" in start.widget._dom_classes
    assert M["lesson.melds.title"].render("et") in melds.intro.value
    start.language_menu.lang = "bg"  # the learner picks another language after the swap
    assert shown(start).lang == "bg"
    assert M["lesson.melds.title"].render("bg") in start.widget.children[3].value
    assert "gin-lesson-01_cards_and_melds" in start.widget._dom_classes


def test_the_window_title_names_the_lesson_in_the_page_language() -> None:
    """The browser tab says which lesson is open, in the language shown, on every page
    (also in Voilà, where links open as pages) and after a switch of language."""
    from gin.ui.lessons import play_lesson

    navigation.IN_PLACE = False
    lesson = play_lesson(seed=2)
    nav = lesson.navigator
    assert not nav.enabled
    assert nav.title == M["lesson.play.title"].render("en") + " · Oklahoma Gin"
    lesson.switch_language("he")
    assert nav.title == M["lesson.window-title"].render(
        {"lesson": M["lesson.play.title"].render("he")}, "he"
    )
    assert "אוקלהומה" in nav.title


def test_a_bad_setting_in_the_link_shows_the_page_problem() -> None:
    from gin.ui.lessons import start_lesson

    start = start_lesson()
    start.navigator.go(MELDS, "seed=x")
    melds = shown(start)
    with pytest.raises(PageParamError) as e:
        parse_page_params("seed=x")
    expected = M["lesson.page-problem"].render(
        {"reason": {"key": e.value.text.key, "data": dict(e.value.data)}}
    )
    assert melds.problem.text == expected
    assert "gin-lesson-01_cards_and_melds" in start.widget._dom_classes


def test_a_query_that_is_not_text_is_refused() -> None:
    from gin.ui.lessons import start_lesson

    start = start_lesson()
    start.navigator.go(MELDS, ["seed=1"])
    assert shown(start) is start
    assert start.problem.text == M["error.page-unreadable"].render()


def test_the_lessons_built_later_read_the_address_moved_to() -> None:
    """Back to a lesson, or a language switch after a swap, builds it from the address the
    page shows, not the one it was opened with."""
    from gin.ui.lessons import start_lesson

    start = start_lesson()
    start.navigator.go(MELDS, "seed=12")
    shown(start).navigator.go("00_start_here.ipynb", "")
    shown(start).navigator.go(MELDS, "seed=13")
    melds = shown(start)
    assert melds.seed == 13
    melds.switch_language("he")
    assert shown(start).seed == 13 and shown(start).lang == "he"


def test_leaving_the_play_lesson_stops_its_scheduled_moves() -> None:
    """The opponent's moves wait on the table's scheduler; once the lesson has left the
    page, they play nothing (and tell nothing) on the closed table."""
    from gin.ui.lessons import PlayLesson, play_lesson

    lesson = play_lesson(seed=1, pause=0.5)
    assert isinstance(lesson, PlayLesson)
    table = lesson.table
    queue: list[Callable[[], None]] = []
    table.scheduler = lambda delay, fn: queue.append(fn)
    # the learner deals: the opponent is offered the up card first, on the scheduler
    table.load_game(gin.Game(gin.Rules.preset("classic"), seed=1, first_dealer=0))
    assert table.controller.opponent_to_move() and queue
    events = len(table.controller.view().events)
    lesson.navigator.go("00_start_here.ipynb", "")
    assert table.comm is None and table.hand.comm is None
    while queue:
        queue.pop(0)()
    assert len(table.controller.view().events) == events
    assert table.error_code == ""
    assert table.controller.show_error not in pageerrors._areas


def test_a_lesson_that_fails_to_build_is_told_in_the_page_problem_area(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gin.ui.lessons
    from gin.ui.lessons import start_lesson

    def broken() -> Any:
        raise RuntimeError("no cards today")

    monkeypatch.setattr(gin.ui.lessons, "melds_lesson", broken, raising=False)
    start = start_lesson()
    start.navigator.go(MELDS, "seed=5")
    assert shown(start) is start and "gin-lesson-00_start_here" in start.widget._dom_classes
    assert "no cards today" in start.problem.text
    assert base._address == []  # the page still shows its own address's lesson


def test_the_page_is_told_whether_the_lesson_it_asked_for_is_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The page moved its address before asking; it puts the old one back when the kernel
    answers that the lesson could not be shown, so reload and Back stay true."""
    import gin.ui.lessons
    from gin.ui.lessons import start_lesson

    start = start_lesson()
    nav = start.navigator
    told: list[Any] = []
    monkeypatch.setattr(nav, "send", lambda content, *a, **k: told.append(content))
    nav.go(MELDS, "seed=4")
    assert told == [{"type": "answer", "shown": True}]
    melds = shown(start)

    def broken() -> Any:
        raise RuntimeError("no cards today")

    monkeypatch.setattr(gin.ui.lessons, "upcard_lesson", broken, raising=False)
    nav.go("02_the_up_card.ipynb", "")
    assert told[-1] == {"type": "answer", "shown": False} and shown(melds) is melds
    nav.go(CHEAT_SHEET, "")  # not a lesson: refused, and the page told so
    assert told[-1] == {"type": "answer", "shown": False}


def test_a_forged_go_is_refused_where_lessons_do_not_open_in_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Under Voilà (in-place navigation off) a "go" the page sends builds nothing, even
    when the page first set its copy of ``enabled`` (issue 22)."""
    from gin.ui.lessons import start_lesson

    monkeypatch.setattr(navigation, "IN_PLACE", False)
    start = start_lesson()
    nav = start.navigator
    nav.set_state({"enabled": True})  # the page can set any synced trait
    told: list[Any] = []
    monkeypatch.setattr(nav, "send", lambda content, *a, **k: told.append(content))
    children = list(start.widget.children)
    with pytest.raises(navigation.NavigationError) as e:
        nav.go("05_strategy_lab.ipynb", "seed=9&teacher=1")
    assert e.value.code == "page-not-used"
    assert told == [{"type": "answer", "shown": False}]  # the page puts its address back
    assert shown(start) is start and list(start.widget.children) == children
    assert base._address == []


def test_a_forged_go_is_refused_through_the_comm_with_a_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same forged message as the page's comm delivers it: no traceback, one sentence
    in the page's problem area, and the lesson stays."""
    from gin.ui.lessons import start_lesson

    monkeypatch.setattr(navigation, "IN_PLACE", False)
    start = start_lesson()
    msg = {
        "content": {
            "data": {
                "method": "custom",
                "content": {"type": "go", "notebook": MELDS, "query": "teacher=1"},
            }
        },
        "buffers": [],
    }
    start.navigator._handle_msg(msg)
    assert shown(start) is start
    assert start.problem.text == M["error.page-not-used"].render()


def test_teacher_mode_in_a_go_counts_only_if_the_page_address_has_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where lessons open in place, a "go" whose query says ``teacher=1`` opens teacher
    mode only on a page whose own address has ``teacher=1`` (issue 22)."""
    from gin.ui.lessons import PlayLesson, start_lesson

    start = start_lesson()
    start.navigator.go("04_play.ipynb", "seed=9&teacher=1")
    play = shown(start)
    assert isinstance(play, PlayLesson) and play.table.controller.seed == 9
    assert not play.page.teacher and not play.table.teacher_controls
    monkeypatch.setenv("QUERY_STRING", "teacher=1")
    start = start_lesson()
    start.navigator.go("04_play.ipynb", "seed=9&teacher=1")
    assert shown(start).page.teacher and shown(start).table.teacher_controls
