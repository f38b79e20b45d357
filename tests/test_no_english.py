"""No English left on a non-English page (issue 12).

Rule checked: every word a learner sees comes from the message catalog, rendered in the
page's language, with the names of rule sets and opponents, card names and numbers in that
language too. Nothing is glued in code, no English code (``classic``, ``eager``) is passed
as data into a sentence.

How: the catalog of one real language (``bg``) is replaced, in memory, by a
pseudo-translation in which every letter of every message is Cyrillic (placeholders stay
as they are). Every lesson page is then built in that language (and the play table played
through a hint, an error, the end of a deal and the score pad) and its whole widget tree
walked for learner-visible text: HTML with the tags stripped (and its ``title``,
``aria-label``, ``alt`` and ``placeholder`` attributes, SVG ``<title>`` and ``<text>``),
descriptions, tooltips, placeholders, option labels, card labels and group labels, the
language menu. No word of two ASCII letters or more may be left, apart from
:data:`ALLOWED`. The real catalog is restored afterwards.
"""

from __future__ import annotations

import html
import re
import string
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets
import pytest
from test_ui_support import widget_tree

import gin
import gin.i18n
from gin.i18n import registered, set_language

LANG = "bg"
"""The real language whose catalog the pseudo-translation stands in for."""

_LATIN = string.ascii_lowercase
_CYRILLIC = "абцдефгхийклмнопярстужвьыз"
_TO_CYRILLIC = str.maketrans(_LATIN + _LATIN.upper(), _CYRILLIC + _CYRILLIC.upper())

ALLOWED = frozenset({"Oklahoma", "Gin", "English", "Eesti"})
"""Words that may stay in ASCII letters: the game's own name, and the language menu's
names of English and Estonian, each in its own language."""

WORD = re.compile(r"[A-Za-z]{2,}")
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

    monkeypatch.setattr(gin.i18n, "_catalog", catalog)
    ipywidgets.Widget.close_all()
    set_language(LANG)
    try:
        yield
    finally:
        set_language("en")
        ipywidgets.Widget.close_all()


# ---------------------------------------------------------------------------- what is seen

_HIDDEN = re.compile(r"<(style|script)\b.*?</\1>", re.S | re.I)
_ATTRS = re.compile(r'\s(?:title|aria-label|alt|placeholder)="([^"]*)"', re.I)
_TAG = re.compile(r"<[^>]*>")


def html_text(value: str) -> list[str]:
    """The text an HTML value shows: its text without tags, and its visible attributes."""
    value = _HIDDEN.sub(" ", value)
    attrs = [html.unescape(a) for a in _ATTRS.findall(value)]
    return [html.unescape(_TAG.sub(" ", value)), *attrs]


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
            if isinstance(lang_name, list | tuple):
                out.append((f"{where}.language", str(lang_name[1])))
    return out


def english(root: Any, *, error_shown: bool = False) -> list[tuple[str, str, str]]:
    """The English words left on the page: ``(where, word, text)``. Card codes typed in
    a box, or shown as examples in an error, are the learner's own notation."""
    left = []
    for where, text in visible_text(root):
        seen = text
        if error_shown or where.endswith(("Text.value", "Textarea.value")):
            seen = CARD_CODES.sub(" ", seen)
        seen = " ".join(seen.split())
        for m in WORD.finditer(seen):
            if m.group() not in ALLOWED:
                left.append((where, m.group(), seen[max(0, m.start() - 50) : m.end() + 50]))
    return left


def assert_no_english(root: Any, *, error_shown: bool = False) -> None:
    """No English word on the page (see the module's rule)."""
    left = english(root, error_shown=error_shown)
    assert left == [], "\n".join(map(repr, left))


# ---------------------------------------------------------------------------- the pages

PAGES: dict[str, Callable[[], Any]] = {}


def page(fn: Callable[[], Any]) -> Callable[[], Any]:
    PAGES[fn.__name__] = fn
    return fn


@page
def start() -> Any:
    from gin.ui.lessons import start_lesson

    return [start_lesson().widget, start_lesson(rules="spades-double").widget]


@page
def melds() -> Any:
    from gin.ui.lessons import melds_lesson

    return melds_lesson(seed=4, hand="5S 6S 7S 7H 7D 8S 9S KC").widget


@page
def upcard() -> Any:
    from gin.ui.lessons import upcard_lesson

    return upcard_lesson(seed=1).widget


@page
def knocking() -> Any:
    from gin.ui.lessons import knocking_lesson

    lesson = knocking_lesson(seed=5, hint_playouts=4)
    lesson.stepper.go(len(lesson.stepper.result.steps))
    return lesson.widget


@page
def cheat_sheet() -> Any:
    from gin.ui.lessons import cheat_sheet_page

    return cheat_sheet_page()


@page
def guided() -> Any:
    from gin.ui.lessons import guided_lesson

    return guided_lesson(pause=0).widget


@page
def course() -> Any:
    from gin.ui.lessons import course_lesson
    from gin.ui.lessons.levels import LEVELS

    return [course_lesson(seed=3, level=lv.key).widget for lv in LEVELS]


@page
def play() -> Any:
    from gin.ui.lessons import play_lesson

    lesson = play_lesson(seed=7, pause=0)
    lesson.table.buttons["hint"].click()
    return lesson.widget


@pytest.mark.parametrize("name", sorted(PAGES))
def test_no_english_word_on_a_page(pseudo_language: None, name: str) -> None:
    built = PAGES[name]()
    for root in built if isinstance(built, list) else [built]:
        assert_no_english(root)
