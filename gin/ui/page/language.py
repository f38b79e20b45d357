"""The language menu on every page, and what a language needs on the page.

:class:`LanguageMenu` is a small custom widget (the pattern of
:class:`gin.ui.lessons.progress.Progress`): a menu of the tutor's languages, each shown in
its own name. When the learner picks one, the page keeps the choice in the browser's
localStorage (so the next lesson opens in it) and the kernel is told; the lesson then
redraws itself in that language without restarting the kernel or losing the game
(:meth:`gin.ui.lessons.base.Lesson.switch_language`). The widget also marks the lesson
root with ``lang`` and ``dir`` (``rtl`` for Hebrew), and brings the Lao font.

Which language a page opens in: the page's ``?lang=`` first, else the one the learner
chose before (kept in the browser), else English.

>>> [endonym(lang) for lang in ("en", "he", "et", "lo", "bg")]
['English', 'עברית', 'Eesti', 'ລາວ', 'Български']
"""

from __future__ import annotations

import base64
import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from gin.i18n import LANGUAGES, M, current_language, set_language, text_direction
from gin.ui.parts import fixed_layout

_HERE = Path(__file__).parent
FONT_DIR = _HERE.parent / "fonts"
"""The fonts shipped with the tutor (OFL-licensed, see ``fonts/OFL.txt``)."""

STORAGE_KEY = "gin-tutor-language"
"""The localStorage key under which the page keeps the learner's language."""

_TEXT_FONTS = (
    '"Noto Sans Lao", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", '
    '"DejaVu Sans", "Liberation Sans", Arial, sans-serif'
)


_chosen: list[str] = []


def choose_language(lang: str) -> None:
    """The learner picked ``lang``: render in it from now on, and let it win over the
    page's ``?lang=`` when a lesson is built again in this kernel. Raises
    :class:`gin.i18n.CatalogError` for a language with no catalog."""
    set_language(lang)
    _chosen[:] = [lang]


def open_in(address_lang: str | None) -> str:
    """The language a page opens in: the page's ``?lang=`` (``address_lang``), unless the
    learner picked one in this kernel since; returns it, now the current language."""
    if address_lang is not None and not _chosen:
        set_language(address_lang)
    return current_language()


def mark_language(widget: Any, lang: str) -> None:
    """Give a page's root widget the CSS classes of ``lang``: ``gin-lang-<lang>``, and
    ``gin-rtl`` for a language written right to left (in place of the old ones)."""
    for css in list(widget._dom_classes):
        if css.startswith("gin-lang-") or css == "gin-rtl":
            widget.remove_class(css)
    widget.add_class(f"gin-lang-{lang}")
    if text_direction(lang) == "rtl":
        widget.add_class("gin-rtl")


@functools.cache
def endonym(lang: str) -> str:
    """A language's name in that language, as a menu shows it (CLDR)."""
    from babel import Locale

    name = str(Locale.parse(lang).get_display_name(lang))
    return name[:1].upper() + name[1:]


def warm_up() -> None:
    """Load every language's catalog, plural rules and number formats, and the menu's
    names, ahead of the first page (a pre-heated kernel does this while it waits for its
    learner: :func:`gin.ui.page.urlparams.page_query`)."""
    from gin.i18n import format_number, plural_count

    for lang in LANGUAGES:
        M["lesson.start.title"].render(lang=lang)
        plural_count(lang)
        format_number(1234, lang)
        endonym(lang)
    font_css()


@functools.cache
def font_css() -> str:
    """The ``@font-face`` rules of the shipped Lao font, the font files inlined as data
    (nothing is fetched from outside the app), and the rules that use it for Lao text."""
    faces = []
    for weight in (400, 700):
        data = (FONT_DIR / f"noto-sans-lao-lao-{weight}-normal.woff2").read_bytes()
        b64 = base64.b64encode(data).decode("ascii")
        faces.append(
            "@font-face { font-family: 'Noto Sans Lao'; font-style: normal; "
            f"font-weight: {weight}; font-display: block; "
            f"src: url(data:font/woff2;base64,{b64}) format('woff2'); "
            "unicode-range: U+0E80-0EFF, U+200C-200D, U+25CC; }"
        )
    return "\n".join(faces) + "\n" + _rules()


@functools.cache
def _rules() -> str:
    return (
        f".gin-lang-lo, .gin-lang-lo * {{ font-family: {_TEXT_FONTS} !important; }}\n"
        ".gin-lang-lo { line-height: 1.7; word-break: normal; overflow-wrap: anywhere; }\n"
        '[dir="rtl"] .gin-cardarea, [dir="rtl"] .gin-cards, [dir="rtl"] svg '
        "{ direction: ltr; }\n"
        ".gin-rtl { direction: rtl; text-align: right; }\n"
        ".gin-rtl .gin-cardarea, .gin-rtl .gin-card-row { direction: ltr; }\n"
        ".gin-language-menu { display: flex; justify-content: flex-end; gap: 0.4em; "
        "align-items: center; font-size: 14px; }\n"
        ".gin-language-menu select { font-size: 14px; padding: 2px 4px; }\n"
    )


def menu_css(lang: str) -> str:
    """The language menu's styles for a page in ``lang``: with the Lao font
    (:func:`font_css`, some 25 KB inlined) only for a page in Lao; otherwise only the rules
    (issue 41: the play table's first message under 150 KB). A page switched to Lao gets
    the font then (:meth:`LanguageMenu.style_for`)."""
    return font_css() if lang == "lo" else _rules()


class LanguageMenu(anywidget.AnyWidget):
    """A menu of the tutor's languages, each in its own name.

    Synced traits: ``lang`` (the language shown), ``languages`` (``[code, name]`` pairs),
    ``label`` (the menu's label, in the language shown), ``dir`` (``ltr`` or ``rtl``),
    ``from_address`` (the page's address chose the language: the stored choice does not
    override it) and ``storage_key``.

    >>> menu = LanguageMenu("et")
    >>> menu.lang, menu.dir, menu.languages[1]
    ('et', 'ltr', ['he', 'עברית'])
    """

    _esm = _HERE / "language.js"
    _css = ""

    lang = traitlets.Unicode("en").tag(sync=True)
    languages: traitlets.List[list[str]] = traitlets.List().tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    dir = traitlets.Unicode("ltr").tag(sync=True)
    from_address = traitlets.Bool(False).tag(sync=True)
    storage_key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)

    def __init__(self, lang: str | None = None, *, from_address: bool = False) -> None:
        lang = lang or current_language()
        super().__init__(
            lang=lang,
            languages=[[code, endonym(code)] for code in LANGUAGES],
            label=M["language.menu"].render(lang=lang),
            dir=text_direction(lang),
            from_address=from_address,
            layout=fixed_layout(),
        )
        self.style_for(lang)
        self.add_class("gin-language-menu")
        self._on_choose: list[Callable[[str], Any]] = []
        self._shown = lang
        self.observe(self._chosen, names="lang")

    def style_for(self, lang: str) -> None:
        """Carry the styles a page in ``lang`` needs (:func:`menu_css`); the Lao font, once
        sent, is kept."""
        if "@font-face" not in self._css:
            self._css = menu_css(lang)

    def on_choose(self, callback: Callable[[str], Any]) -> None:
        """Call ``callback(lang)`` when the learner picks another language."""
        self._on_choose.append(callback)

    def _chosen(self, change: dict[str, Any]) -> None:
        lang = change["new"]
        if lang not in LANGUAGES:  # a page can send anything: keep the language shown
            self.lang = self._shown
            return
        if lang == self._shown:
            return
        self._shown = lang
        self.style_for(lang)
        self.dir = text_direction(lang)
        self.label = M["language.menu"].render(lang=lang)
        for cb in self._on_choose:
            cb(lang)


__all__ = [
    "FONT_DIR",
    "STORAGE_KEY",
    "LanguageMenu",
    "choose_language",
    "endonym",
    "font_css",
    "mark_language",
    "menu_css",
    "open_in",
]
