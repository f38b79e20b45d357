"""No English left on a non-English page (issue 12).

Rule checked: every word a learner sees comes from the message catalog, rendered in the
page's language, with the names of rule sets and opponents, card names and numbers in that
language too. Nothing is glued in code, no English code (``classic``, ``eager``) is passed
as data into a sentence, no number is written the English way (``7.5``).

How: the catalog of one real language (``bg``) is replaced, in memory, by a
pseudo-translation in which every letter of every message is Cyrillic (placeholders stay
as they are). Every lesson page is then built in that language (the exercises answered,
with hints, and an unreadable answer; the play table played through a hint, an error, a
knock, the end of a deal, the score pad and the end of a game; the guided deal played out;
the lab run; a game and a course level begun in English and switched over) and its whole
widget tree walked for learner-visible text: HTML with the tags stripped (and its
``title``, ``aria-label``, ``alt`` and ``placeholder`` attributes, SVG ``<title>`` and
``<text>``, the files its links download: the results CSV, the cheat sheet), descriptions,
tooltips, placeholders, option labels, card labels and group labels, the language menu's
label. No word of two ASCII letters or more may be left, apart from the game's name
(:data:`ALLOWED_PHRASES`), the language menu's names of the languages (each in its own
language), and card codes that the learner typed or that an error shows as examples. The
real catalog and language are restored afterwards.
"""

from __future__ import annotations

import html
import importlib
import pkgutil
import random
import re
import string
import urllib.parse
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets
import pytest
from test_ui_support import widget_tree

import gin
import gin.bots
import gin.i18n
import gin.ui.page.language
from gin.i18n import language, registered, set_language
from gin.ui.lessons.exercise import Exercise
from gin.ui.page.language import endonym

LANG = "bg"
"""The real language whose catalog the pseudo-translation stands in for."""

_LATIN = string.ascii_lowercase
_CYRILLIC = "абцдефгхийклмнопярстужвьыз"
_TO_CYRILLIC = str.maketrans(_LATIN + _LATIN.upper(), _CYRILLIC + _CYRILLIC.upper())

ALLOWED_PHRASES = ("Oklahoma Gin",)
"""What may stay in ASCII letters: the game's own name."""

WORD = re.compile(r"[A-Za-z]{2,}")
ENGLISH_DECIMAL = re.compile(r"\d\.\d")
"""A decimal point: the pseudo-language writes decimals as Bulgarian does, with a comma."""
CARD_CODES = re.compile(r"\b(?:[2-9TJQKA][SHDC]\b\s*)+")


def pseudo(template: str) -> str:
    """``template`` with every letter outside its placeholders made Cyrillic."""
    out = []
    for literal, name, spec, conv in string.Formatter().parse(template):
        out.append(literal.translate(_TO_CYRILLIC).replace("{", "{{").replace("}", "}}"))
        if name is not None:
            out.append(
                "{" + name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}"
            )
    return "".join(out)


@pytest.fixture
def pseudo_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Pages render in :data:`LANG`, whose catalog is the pseudo-translation; the real
    catalog and English come back afterwards."""
    real = gin.i18n._catalog
    entries: dict[tuple[str | None, str], str | tuple[str, ...]] = {}
    for key, m in registered().items():
        if m.plural is None:
            entries[(key, m.template)] = pseudo(m.template)
        else:
            entries[(key, m.template)] = (pseudo(m.template), pseudo(m.plural))
    fake = gin.i18n._Catalog(entries, real(LANG).plural)

    def catalog(lang: str) -> Any:
        return fake if lang == LANG else real(lang)

    for module in pkgutil.walk_packages(gin.ui.__path__, "gin.ui."):
        importlib.import_module(module.name)  # in English: nothing may be rendered at import
    monkeypatch.setattr(gin.i18n, "_catalog", catalog)
    monkeypatch.setattr(gin.ui.page.language, "_chosen", [])  # a page may switch language
    ipywidgets.Widget.close_all()
    try:
        with language(LANG):
            yield
    finally:
        ipywidgets.Widget.close_all()


# ---------------------------------------------------------------------------- what is seen

_HIDDEN = re.compile(r"<(style|script)\b.*?</\1>", re.S | re.I)
_ATTRS = re.compile(r'\s(?:title|aria-label|alt|placeholder)="([^"]*)"', re.I)
_TAG = re.compile(r"<[^>]*>")
_DOWNLOAD = re.compile(r'href="data:text/(?:csv|html);charset=utf-8,([^"]*)"')


def html_text(value: str) -> list[str]:
    """The text an HTML value shows: its text without tags, its visible attributes, and
    the text of the files its links download (``data:`` URLs: a CSV, a cheat sheet)."""
    value = _HIDDEN.sub(" ", value)
    files = [urllib.parse.unquote(html.unescape(u)) for u in _DOWNLOAD.findall(value)]
    value = _DOWNLOAD.sub("", value)
    attrs = [html.unescape(a) for a in _ATTRS.findall(value)]
    return [html.unescape(_TAG.sub(" ", value)), *attrs, *(t for f in files for t in html_text(f))]


def visible_text(root: Any) -> list[tuple[str, str]]:
    """Every learner-visible string under ``root``, each with where it was found."""
    out: list[tuple[str, str]] = []
    for w in widget_tree(root):
        where = type(w).__name__
        for name in ("description", "tooltip", "placeholder", "caption", "empty_text", "label"):
            v = getattr(w, name, None)
            if isinstance(v, str) and v:
                out += [(f"{where}.{name}", t) for t in html_text(v)]
        if isinstance(w, ipywidgets.HTML | ipywidgets.HTMLMath | ipywidgets.Label):
            out += [(f"{where}.value", t) for t in html_text(w.value)]
        for label in getattr(w, "_options_labels", ()) or ():
            out.append((f"{where}.option", label))
        for tip in getattr(w, "tooltips", ()) or ():
            out.append((f"{where}.tooltips", tip))
        for card in getattr(w, "cards", ()) or ():
            if isinstance(card, dict):
                out.append((f"{where}.card-label", str(card.get("label", ""))))
                out += [(f"{where}.card-svg", t) for t in html_text(str(card.get("svg", "")))]
        for group in getattr(w, "groups", ()) or ():
            if isinstance(group, dict):
                out.append((f"{where}.group-label", str(group.get("label", ""))))
        for lang_name in getattr(w, "languages", ()) or ():
            if isinstance(lang_name, list | tuple) and lang_name[1] != endonym(lang_name[0]):
                out.append((f"{where}.language", str(lang_name[1])))  # not its own name
    return out


def english(root: Any, *, error_shown: bool = False) -> list[tuple[str, str, str]]:
    """The English words (and numbers written the English way) left on the page:
    ``(where, word, text)``. Card codes typed in a box, or shown as examples in an error,
    are the learner's own notation."""
    left = []
    for where, text in visible_text(root):
        seen = text
        if error_shown or where.endswith(("Text.value", "Textarea.value")):
            seen = CARD_CODES.sub(" ", seen)
        seen = " ".join(seen.split())
        for phrase in ALLOWED_PHRASES:
            seen = seen.replace(phrase, " ")
        for m in [*WORD.finditer(seen), *ENGLISH_DECIMAL.finditer(seen)]:
            left.append((where, m.group(), seen[max(0, m.start() - 50) : m.end() + 50]))
    return left


def assert_no_english(root: Any, *, error_shown: bool = False) -> None:
    """No English word on the page (see the module's rule)."""
    left = english(root, error_shown=error_shown)
    assert left == [], "\n".join(map(repr, left))


# ---------------------------------------------------------------------------- the pages

Roots = list[tuple[Any, bool]]
"""Widgets to read, each with whether an error is on show in it."""

PAGES: dict[str, Callable[[], Roots]] = {}


def page(fn: Callable[[], Roots]) -> Callable[[], Roots]:
    PAGES[fn.__name__] = fn
    return fn


def exercises(lesson: Any) -> list[Exercise]:
    """The exercises a lesson holds."""
    return [v for v in vars(lesson).values() if isinstance(v, Exercise)]


def answer(ex: Exercise) -> None:
    """Answer the question as a learner might (the first choice, or 1), after both hints;
    then answer the next one with an unreadable number where it asks for one."""
    ex.show_hint()
    ex.show_hint()
    q = ex.question
    assert q is not None
    ex.submit(**{f.name: f.values[0] if f.choices else "1" for f in q.fields})


def refuse(ex: Exercise) -> bool:
    """Give an unreadable answer to the next question, if it takes a typed one."""
    ex.next()
    q = ex.question
    assert q is not None
    if all(f.choices for f in q.fields):
        return False
    ex.submit(**{f.name: f.values[0] if f.choices else "7½" for f in q.fields})
    return True


def with_exercises(lesson: Any) -> Roots:
    """The lesson after each exercise was answered, then after an unreadable answer."""
    roots: Roots = []
    for ex in exercises(lesson):
        answer(ex)
    roots.append((lesson.widget, False))
    refused = [refuse(ex) for ex in exercises(lesson)]
    roots.append((lesson.widget, any(refused)))
    return roots


def click(table: Any, action: gin.Action) -> None:
    """Play ``action`` through the table's widgets."""
    b = table.buttons
    if isinstance(action, gin.Discard | gin.Knock):
        table.hand.click(action.card.code)
        if isinstance(action, gin.Knock):
            left = gin.deadwood([c for c in table.controller.view().hand if c != action.card])
            b["gin" if left == 0 else "knock"].click()
            assert_no_english(table)  # the question before a knock is confirmed
            b["confirm"].click()
        else:
            b["discard"].click()
        return
    key = {
        gin.TakeUpCard: "take",
        gin.Pass: "pass",
        gin.DrawStock: "draw_stock",
        gin.DrawDiscard: "draw_discard",
        gin.LayOff: "lay_off",
        gin.BigGin: "big_gin",
    }[type(action)]
    b[key].click()
    if isinstance(action, gin.BigGin):
        assert_no_english(table)
        b["confirm"].click()


def play_on(table: Any, seed: int, *, deals: int = 40) -> None:
    """Play the table's game through its widgets to the end of the game, or of ``deals``
    deals, with the eager bot's moves for the learner."""
    bot = gin.bots.make_bot("eager", random.Random(seed))
    played = 1
    for _ in range(5000):
        c = table.controller
        if c.game.is_over:
            return
        if c.deal.is_over:
            if played >= deals:
                return
            table.buttons["next_deal"].click()
            played += 1
            continue
        click(table, bot.choose(c.view()))
        assert table.coach.error == "", table.coach.error
    raise AssertionError("the game did not end")


@page
def start() -> Roots:
    from gin.ui.lessons import start_lesson

    return [(start_lesson().widget, False), (start_lesson(rules="spades-double").widget, False)]


@page
def melds() -> Roots:
    from gin.ui.lessons import melds_lesson

    lesson = melds_lesson(seed=4, hand="5S 6S 7S 7H 7D 8S 9S KC")
    roots = with_exercises(lesson)
    lesson.explorer.deal()
    roots.append((lesson.widget, False))
    lesson.explorer.text.value = "5S 5S 6S"
    lesson.explorer.show_button.click()
    assert lesson.explorer.message.text
    roots.append((lesson.widget, True))
    return roots


@page
def upcard() -> Roots:
    from gin.ui.lessons import upcard_lesson

    lesson = upcard_lesson(seed=1)
    lesson.explorer.pick("AS")
    return with_exercises(lesson)


@page
def knocking() -> Roots:
    from gin.ui.lessons import knocking_lesson

    lesson = knocking_lesson(seed=5, hint_playouts=4)
    lesson.stepper.go(len(lesson.stepper.result.steps))
    return with_exercises(lesson)


@page
def knocking_spades() -> Roots:
    from gin.ui.lessons import knocking_lesson

    lesson = knocking_lesson(seed=1, hint_playouts=4, rules="spades-double", projector=True)
    lesson.stepper.go(3)
    return [(lesson.widget, False)]


@page
def cheat_sheet() -> Roots:
    from gin.ui.lessons import cheat_sheet_page

    return [(cheat_sheet_page(), False)]


@page
def guided() -> Roots:
    from gin.ui.lessons.guided import guided_lesson

    lesson = guided_lesson(pause=0)
    roots: Roots = [(lesson.widget, False), (guided_lesson(rules="spades-double").widget, False)]
    table, guide = lesson.table, lesson.guide
    for _ in range(30):
        if not guide.next_target:
            break
        action = guide.next_action
        if isinstance(action, gin.Discard | gin.Knock) and table.hand.selected != action.card.code:
            table.hand.click(action.card.code)
        if guide.next_target == "make_meld":  # the learner lays out the knock
            for c in table.builder.area.cards:
                if c.get("extra_class"):
                    table.builder.area.click(c["code"])
        guide.next_button.click()
    assert table.controller.deal.is_over and table.builder.finished  # the rooms are on the page
    roots.append((lesson.widget, False))
    return roots


@page
def course() -> Roots:
    from gin.ui.lessons import course_lesson
    from gin.ui.lessons.levels import LEVELS

    roots: Roots = []
    for rules in gin.Rules.PRESETS:
        for lv in LEVELS:
            lesson = course_lesson(seed=3, rules=rules, level=lv.key)
            panel = lesson.current
            assert panel is not None
            moment = panel.predict
            moment.see(moment.predict.choices[0].value)
            answer(panel.exercise)
            roots.append((lesson.widget, False))
    roots.append((course_lesson(seed=3, teacher=True).widget, False))
    return roots


@page
def play() -> Roots:
    from gin.ui.lessons import play_lesson

    lesson = play_lesson(seed=7, pause=0)
    table = lesson.table
    table.buttons["hint"].click()
    roots: Roots = [(lesson.widget, False)]
    table.hand.press("s") if table.controller.view().phase.name.startswith("OFFER") else None
    roots.append((lesson.widget, bool(table.coach.error)))
    play_on(table, 7, deals=1)
    assert table.controller.deal.is_over
    roots.append((lesson.widget, False))
    return roots


@page
def play_with_less_help() -> Roots:
    """The table at the help levels "some" and "none" (``?help=``): the hint asked for
    (refused at "none"), a deal played without knocking until it ends or a room opens for
    the learner (laying off, the score guess), which is shown too."""
    from gin.ui.lessons import play_lesson

    roots: Roots = []
    for level in ("some", "none"):
        lesson = play_lesson(seed=7, pause=0, help=level)
        table = lesson.table
        assert table.controller.help == level
        table.buttons["hint"].click()
        roots.append((lesson.widget, bool(table.coach.error)))
        bot = gin.bots.make_bot("eager", random.Random(7))
        for _ in range(200):
            c = table.controller
            if c.deal.is_over or c.room:
                break
            action = bot.choose(c.view())
            if isinstance(action, gin.Knock):  # the deal goes on: a plain discard
                action = gin.Discard(action.card)
            click(table, action)
            assert table.coach.error == "", table.coach.error
        roots.append((lesson.widget, False))
    return roots


@page
def play_to_the_end() -> Roots:
    from gin.ui.table.gintable import GinTable
    roots: Roots = []
    for preset, opponent in (("classic", "tactician"), ("spades-double", "eager")):
        t = GinTable(rules=gin.Rules.preset(preset, target=10), seed=4, pause=0, opponent=opponent)
        play_on(t, 4)
        assert t.controller.game.is_over
        roots.append((t, False))
    return roots


@page
def arrange_rooms() -> Roots:
    """The mode "I lay out my cards": the meld builder with a refused group, the layoff
    chooser after a knock (a refused card) and after gin, the score guess checked."""
    from conftest import stack_order

    from gin.ui import play_table

    def table(learner: str, opponent: str, up: str, stock: str = "", deals: bool = False) -> Any:
        nd, de = (opponent, learner) if deals else (learner, opponent)
        order = stack_order(nd, de, up, stock)
        game = gin.Game(
            gin.Rules.preset("classic"), seed=1, first_dealer=0 if deals else 1, orders=[order]
        )
        t = play_table(seed=1, pause=0, arrange_self=True)
        t.load_game(game)
        return t

    ready, other = "AS 2S 3S 4H 4D 4C 7C 8C 9C KH", "4S 6C TC QD JD 9H 6S 2D 3D 5H"
    knocker = table(ready, other, "KD", stock="AD")
    knocker.buttons["pass"].click()
    knocker.buttons["draw_stock"].click()
    knocker.hand.click("KH")
    knocker.buttons["knock"].click()
    knocker.buttons["confirm"].click()
    for code in ("4H", "4D", "7C"):
        knocker.builder.area.click(code)
    knocker.builder.make_button.click()
    assert knocker.builder.error_code
    defender = table("4S 6C TC JC QD 9H 6S 2C 3D 5H", ready, "KD", stock="2D", deals=True)
    defender.buttons["pass"].click()
    defender.chooser.area.click("QD")
    defender.chooser.targets[0].click(0)
    assert defender.chooser.error_code
    after_gin = table("4S 6C 8D KC QD 9H 6S 2C 3D 5H", ready, "TC", deals=True)
    guessed = table("4S 6C 8D KC QD 9H 6S 2C 3D 5H", ready, "TC", deals=True)
    guessed.chooser.done_button.click()
    guessed.score_guess.points.value = "3"
    guessed.score_guess.check_button.click()
    assert guessed.score_guess.verdict_text is not None
    return [(knocker, True), (defender, True), (after_gin, False), (guessed, False)]


@page
def play_teacher_and_errors() -> Roots:
    from gin.ui import play_table

    t = play_table(rules="spades-double", opponent="expert", seed=11, pause=0, teacher=True)
    t.display_menu.four_color.value = True
    t.display_menu.large_cards.value = True
    roots: Roots = [(t, False)]
    t.seed_field.value = "12½"
    t.buttons["replay"].click()
    roots.append((t, True))
    t.hand.send_from_page({"event": "key", "key": "rm -rf"})
    roots.append((t, True))
    return roots


@page
def play_switched_from_english() -> Roots:
    """A game begun in English and the page switched to the learner's language."""
    from gin.ui.lessons import play_lesson

    set_language("en")
    lesson = play_lesson(seed=9, pause=0, opponent="tactician")
    play_on(lesson.table, 9, deals=1)
    lesson.table.buttons["next_deal"].click()
    lesson.table.buttons["hint"].click()
    lesson.language_menu.lang = LANG  # the learner picks it in the menu
    return [(lesson.widget, False)]


@page
def course_switched_from_english() -> Roots:
    from gin.ui.lessons import course_lesson

    set_language("en")
    lesson = course_lesson(seed=5, rules="spades-double", level="scoring")
    lesson.language_menu.lang = LANG  # the learner picks it in the menu
    return [(lesson.widget, False)]


@page
def lab() -> Roots:
    from gin.ui.lessons import lab_lesson

    return [(lab_lesson(seed=3, deals=20, games=1).widget, False)]


@pytest.mark.parametrize("name", sorted(PAGES))
def test_no_english_word_on_a_page(pseudo_language: None, name: str) -> None:
    for root, error_shown in PAGES[name]():
        assert_no_english(root, error_shown=error_shown)


def test_the_tutor_is_full_page_is_in_the_learners_language(pseudo_language: None) -> None:
    """The page the server writes when every place is taken: in the page's language."""
    from gin.ui.page.serve import full_page, page_language

    lang = page_language(None, f"{LANG}-BG,{LANG};q=0.9,en;q=0.8")
    assert lang == LANG
    page = full_page(30, lang)
    assert f'lang="{LANG}"' in page
    words = [w for t in html_text(page) for w in WORD.findall(t)]
    assert words == []


@pytest.mark.parametrize("query", ["rules=poker", "opponent=grandmaster", "seed=1e12"])
def test_a_bad_address_is_explained_in_the_learners_language(
    pseudo_language: None, monkeypatch: pytest.MonkeyPatch, query: str
) -> None:
    """The sentence that replaces a lesson opened with a bad address: only what the address
    says (echoed back) stays as it was typed."""
    from gin.ui.lessons import melds_lesson, play_lesson

    monkeypatch.setenv("QUERY_STRING", query)
    typed = set(WORD.findall(query.split("=", 1)[1]))
    for lesson in (melds_lesson(), play_lesson(pause=0)):
        assert lesson.page_problem
        left = [w for _where, w, _text in english(lesson.widget, error_shown=True)]
        assert set(left) <= typed, left
