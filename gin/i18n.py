"""The message catalog: every sentence a learner reads is rendered here.

Sentences are :class:`Message` records: a stable ``key`` (the gettext context), an English
template with *named* placeholders and, for counted sentences, a plural template. Each is
written once, in the English source catalog ``gin/messages/*.toml`` (one file for the
engine, the hint engine, the table and the lessons), and the code names it by key::

    raise IllegalActionError(M["error.not-your-turn"]())

:mod:`gin.catalog` extracts the templates with Babel into ``gin/locale/gin.pot`` and keeps a
``.po`` file per language in ``gin/locale/<lang>/LC_MESSAGES/gin.po``. English is the first
catalog: its entries are the templates themselves.

A placeholder may carry a *kind* after a colon, which says how its value (always plain,
serialisable data) is shown in the reader's language:

================  ======================================  ===================
kind              value                                   English example
================  ======================================  ===================
(none)            a whole number                          ``1,000``
``card``          a card code                             ``7♠``
``cards``         card codes                              ``7♠ 8♠ 9♠``
``or_cards``      card codes                              ``7♠, 8♠ or 9♠``
``and_cards``     card codes                              ``7♠, 8♠ and 9♠``
``meld``          a meld's card codes                     ``run 7♠ 8♠ 9♠``
``melds``         a list of melds                         ``set 7♠ 7♥ 7♦; run 2♣ 3♣ 4♣``
``action``        an action's text form, as a command     ``discard 7♠``
``action_noun``   an action's text form, as a noun (the   ``the discard of 7♠``
                  action is a subject or an object)
``action_past``   an action's text form, as the player's  ``you discarded 7♠``
                  own past move (the review's move lines)
``typed``         text the learner typed, echoed back     ``-5``
                  (isolated in right-to-left text)
``pct``           a chance from 0 to 1                    ``25%``
``signed``        a number of points (one decimal)        ``+3.5``
``dec``           a number (one decimal)                  ``3.5``
``rank``          a rank (1-13), plural name              ``sevens``
``suit``          a suit letter (S, H, D, C)              ``spades``
``text``          a message key, or ``{key, data}``, or   (those phrases,
                  a list of them (nested phrases)         joined by ``; ``)
================  ======================================  ===================

>>> GREETING = message("doc.example", "Discard {card:card} to keep {left} deadwood.")
>>> GREETING.render({"card": "KD", "left": 12})
'Discard K♦ to keep 12 deadwood.'
"""

from __future__ import annotations

import functools
import pathlib
import string
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal

LOCALE_DIR = pathlib.Path(__file__).with_name("locale")
"""Where the catalogs live: ``gin.pot`` and ``<lang>/LC_MESSAGES/gin.po``."""

DOMAIN = "gin"
DEFAULT_LANGUAGE = "en"
LANGUAGES: tuple[str, ...] = ("en", "he", "et", "lo", "bg")
"""The languages with a catalog, English first."""

_FORMATTER = string.Formatter()


class CatalogError(LookupError):
    """A message key is missing, defined twice, or its data does not fit its placeholders."""


@dataclass(frozen=True)
class Message:
    """One sentence of the tutor: a stable key, an English template and its placeholders.

    ``plural`` is the English plural template; ``count`` names the data field that picks
    the plural form (by the language's CLDR plural rules).
    """

    key: str
    template: str
    plural: str | None = None
    count: str = "count"

    @property
    def placeholders(self) -> frozenset[str]:
        """The names of the template's placeholders."""
        return placeholders(self.template) | (
            placeholders(self.plural) if self.plural is not None else frozenset()
        )

    def render(self, data: Mapping[str, Any] | None = None, lang: str | None = None) -> str:
        """The sentence with ``data`` filled in, in ``lang`` (the current language when
        ``None``).

        Raises :class:`CatalogError` when ``data`` lacks a placeholder.
        """
        return render(self.key, data or {}, lang)

    def __call__(self, **data: Any) -> Text:
        """This message with its data, to render later."""
        return Text(self.key, data)


@dataclass(frozen=True)
class Text:
    """A message with its data, not yet rendered: what the engine hands to a view."""

    key: str
    data: Mapping[str, Any]

    def render(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (the current language when ``None``)."""
        return render(self.key, self.data, lang)

    def __str__(self) -> str:
        return self.render(DEFAULT_LANGUAGE)


_REGISTRY: dict[str, Message] = {}

SOURCE_DIR = pathlib.Path(__file__).with_name("messages")
"""The English source catalog: ``<part>.toml`` files of ``"key" = "template"`` entries (a
counted sentence is ``{ one = ..., other = ..., count = ... }``)."""


_SOURCE_KEYS: set[str] = set()


def source_keys() -> frozenset[str]:
    """The keys of the tutor's own messages (from ``gin/messages``), without those
    defined at run time (doctests, tests)."""
    return frozenset(_SOURCE_KEYS)


def _load_sources() -> None:
    import tomllib

    for path in sorted(SOURCE_DIR.glob("*.toml")):
        with path.open("rb") as f:
            entries = tomllib.load(f)
        _SOURCE_KEYS.update(entries)
        for key, value in entries.items():
            if isinstance(value, str):
                _register(Message(key, value))
            else:
                _register(Message(key, value["one"], value["other"], value.get("count", "count")))


class _Messages(Mapping[str, Message]):
    """Every message by key: ``M["limit.ten"]``. Raises :class:`CatalogError` for a key
    with no message."""

    def __getitem__(self, key: str) -> Message:
        try:
            return _REGISTRY[key]
        except KeyError:
            raise CatalogError(f"no message {key!r}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(_REGISTRY)

    def __len__(self) -> int:
        return len(_REGISTRY)


M: Mapping[str, Message] = _Messages()
"""The catalog's messages by key, English templates loaded from ``gin/messages``."""


def message(key: str, template: str) -> Message:
    """Define a message at run time (the tutor's own are in ``gin/messages``). Raises
    :class:`CatalogError` if ``key`` has another template."""
    return _register(Message(key, template))


def plural_message(key: str, singular: str, plural: str, count: str = "count") -> Message:
    """Define a counted message: ``singular`` and ``plural`` English templates, the form
    picked by ``data[count]``."""
    return _register(Message(key, singular, plural, count))


def _register(m: Message) -> Message:
    old = _REGISTRY.get(m.key)
    if old is not None and old != m:
        raise CatalogError(f"message {m.key!r} is defined twice with different texts")
    _REGISTRY[m.key] = m
    return m


def registered() -> Mapping[str, Message]:
    """Every message defined so far (import the modules first), by key."""
    return dict(_REGISTRY)


def placeholders(template: str) -> frozenset[str]:
    """The placeholders of a template, with their kinds: ``{'card:card', 'left'}``."""
    out = set()
    for _lit, name, spec, _conv in _FORMATTER.parse(template):
        if name is not None:
            out.add(f"{name}:{spec}" if spec else name)
    return frozenset(out)


# ------------------------------------------------------------------ the current language

_RTL = frozenset({"he", "ar", "fa", "ur", "yi"})


def text_direction(lang: str | None = None) -> str:
    """``"rtl"`` for a language written right to left (Hebrew), else ``"ltr"``.

    >>> text_direction("he"), text_direction("bg")
    ('rtl', 'ltr')
    """
    return "rtl" if (lang or current_language()).split("-")[0] in _RTL else "ltr"


def _isolate(text: str, lang: str) -> str:
    """Cards and runs keep their rank order, left to right, inside right-to-left text: a
    run is 5-6-7 in every language (a left-to-right isolate, U+2066 ... U+2069)."""
    return f"\u2066{text}\u2069" if text_direction(lang) == "rtl" else text


_current = [DEFAULT_LANGUAGE]


def current_language() -> str:
    """The language sentences are rendered in when none is named."""
    return _current[0]


def set_language(lang: str) -> None:
    """Render in ``lang`` from now on. Raises :class:`CatalogError` for a language with no
    catalog."""
    if lang not in LANGUAGES:
        raise CatalogError(f"no catalog for language {lang!r}")
    _current[0] = lang


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Render in ``lang`` inside a ``with`` block."""
    old = current_language()
    set_language(lang)
    try:
        yield
    finally:
        _current[0] = old


# ------------------------------------------------------------------ catalogs


@dataclass(frozen=True)
class _Catalog:
    entries: Mapping[tuple[str | None, str], str | tuple[str, ...]]
    plural: Callable[[int], int]


@functools.cache
def _catalog(lang: str) -> _Catalog:
    from babel import Locale
    from babel.messages.pofile import read_po

    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    cat = None
    compiled = path.with_suffix(".mo")
    entries: dict[tuple[str | None, str], str | tuple[str, ...]] = {}
    if compiled.exists() and (
        not path.exists() or compiled.stat().st_mtime >= path.stat().st_mtime
    ):
        from babel.messages.mofile import read_mo

        with compiled.open("rb") as f:  # compiled at install or build: quick to load
            cat = read_mo(f)
    elif path.exists():
        with path.open("rb") as f:
            cat = read_po(f, locale=lang)
    if cat is not None:
        for m in cat:
            if not m.id or m.fuzzy:
                continue
            msgid = m.id[0] if isinstance(m.id, tuple | list) else m.id
            if isinstance(m.string, tuple | list):
                if all(m.string):
                    entries[(m.context, msgid)] = tuple(m.string)
            elif m.string:
                entries[(m.context, msgid)] = m.string
    plural_form = Locale.parse(lang).plural_form
    tags = plural_tags(lang)

    def plural(n: int) -> int:
        tag = plural_form(abs(n))
        return tags.index(tag) if tag in tags else len(tags) - 1

    return _Catalog(entries, plural)


@functools.cache
def plural_tags(lang: str) -> tuple[str, ...]:
    """The CLDR plural categories of a language in gettext's order (``one`` before
    ``other``), as the ``.po`` file's plural forms are numbered."""
    from babel import Locale

    order = ("zero", "one", "two", "few", "many", "other")
    tags = Locale.parse(lang).plural_form.tags | {"other"}
    return tuple(t for t in order if t in tags)


def plural_count(lang: str) -> int:
    """How many plural forms a language has (CLDR)."""
    return len(plural_tags(lang))


def translate(key: str, lang: str | None = None, count: int | None = None) -> str:
    """The template of message ``key`` in ``lang``, in the plural form for ``count``.

    Raises :class:`CatalogError` for an unknown key.
    """
    m = _REGISTRY.get(key)
    if m is None:
        raise CatalogError(f"no message {key!r}")
    lang = lang or current_language()
    cat = _catalog(lang)
    found = cat.entries.get((m.key, m.template))
    if m.plural is None:
        return found if isinstance(found, str) else m.template
    n = int(count) if count is not None else 1
    if isinstance(found, tuple):
        i = cat.plural(n)
        return found[min(i, len(found) - 1)]
    return m.template if n == 1 else m.plural


def render(key: str, data: Mapping[str, Any], lang: str | None = None) -> str:
    """Message ``key`` with ``data`` filled in, in ``lang``.

    Raises :class:`CatalogError` for an unknown key or a placeholder with no data.
    """
    lang = lang or current_language()
    m = _REGISTRY.get(key)
    if m is None:
        raise CatalogError(f"no message {key!r}")
    count = data.get(m.count) if m.plural is not None else None
    template = translate(key, lang, count)
    return _Renderer(lang).vformat(template, (), data)


class _Renderer(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def get_value(self, key: int | str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, int) or key not in kwargs:
            raise CatalogError(f"no data for placeholder {key!r}")
        return kwargs[key]

    def format_field(self, value: Any, format_spec: str) -> str:
        fmt = _KINDS.get(format_spec)
        if fmt is None:
            raise CatalogError(f"unknown placeholder kind {format_spec!r}")
        return fmt(value, self.lang)


# ------------------------------------------------------------------ placeholder kinds


def _number(value: Any, lang: str) -> str:
    from babel.numbers import format_decimal

    if isinstance(value, str):
        return value
    if isinstance(value, int) and abs(value) >= 10**15:  # past CLDR's grouping: digits only
        return _signed_isolate(str(value), lang)
    return _signed_isolate(str(format_decimal(value, locale=lang)), lang)


def _signed_isolate(text: str, lang: str) -> str:
    """A number with a sign keeps its sign in front inside right-to-left text: "+3.5", not
    "3.5+" (a left-to-right isolate around it, as for cards)."""
    return _isolate(text, lang) if text[:1] in "+-\u2212" else text


def format_number(value: int, lang: str | None = None) -> str:
    """A whole number as a reader of ``lang`` writes it (CLDR): ``1,000`` in English."""
    return _number(value, lang or current_language())


def _dec(value: Any, lang: str) -> str:
    from babel.numbers import format_decimal

    v = round(float(value), 1) or 0.0  # a tiny negative is 0.0, not -0.0
    text = str(format_decimal(v, format="#,##0.0", locale=lang))
    return _signed_isolate(text, lang)


def _signed(value: Any, lang: str) -> str:
    """A signed number of points; a value that rounds to zero is ``0.0``, with no sign
    (not "-0.0")."""
    from babel.numbers import format_decimal

    v = round(float(value), 1)
    if v == 0:
        return str(format_decimal(0.0, format="#,##0.0", locale=lang))
    return _signed_isolate(str(format_decimal(v, format="+#,##0.0;-#,##0.0", locale=lang)), lang)


def _typed(value: Any, lang: str) -> str:
    """What the learner typed, echoed in a sentence: in right-to-left text inside a
    first-strong isolate (U+2068 ... U+2069), so a typed "-5" keeps its sign in front and
    typed letters keep their own direction."""
    text = str(value)
    return f"\u2068{text}\u2069" if text_direction(lang) == "rtl" else text


def _pct(value: Any, lang: str) -> str:
    from babel.numbers import format_percent

    return str(format_percent(float(value), locale=lang))


def card_label(code: str, lang: str | None = None) -> str:
    """How a card is printed for a reader of ``lang``: ``7♠``, ``10♥``.

    >>> card_label("TD")
    '10♦'
    """
    return rank_label(code, lang) + _SUIT_SYMBOL[code[-1].upper()]


_SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_RANK_NUMBER = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}


def rank_label(code: str, lang: str | None = None) -> str:
    """The rank of a card code as it is printed on the card for a reader of ``lang``:
    ``10`` for ``TD`` (or ``10D``), ``K`` for ``KS`` in English."""
    rank = code[:-1].upper()
    return translate(f"rank.short.{'T' if rank == '10' else rank}", lang)


def card_name(code: str, lang: str | None = None) -> str:
    """A card's spoken name (for screen readers) in ``lang``.

    >>> card_name("7S")
    'seven of spades'
    """
    return spoken_card(code).render(lang)


def spoken_card(code: str) -> Text:
    """A card's spoken name as a message with its data (``card.spoken``)."""
    rank = code[:-1].upper()
    number = _RANK_NUMBER.get(rank) or int(rank)
    return Text(
        "card.spoken", {"rank": f"rank.name.{number}", "suit": f"suit.name.{code[-1].upper()}"}
    )


def cards_name(codes: Sequence[str], lang: str | None = None) -> str:
    """The spoken names of cards, listed in ``lang`` (``no cards`` when empty)."""
    if not codes:
        return render("cards.none", {}, lang)
    from babel.lists import format_list

    names = [card_name(c, lang) for c in codes]
    return str(format_list(names, "standard", locale=lang or current_language()))


def _card(value: Any, lang: str) -> str:
    return _isolate(card_label(_code(value), lang), lang)


def _code(value: Any) -> str:
    return value if isinstance(value, str) else str(getattr(value, "code", value))


def _cards(value: Any, lang: str) -> str:
    return _isolate(" ".join(card_label(_code(c), lang) for c in value), lang)


def _list(style: Literal["standard", "or"]) -> Callable[[Any, str], str]:
    def fmt(value: Any, lang: str) -> str:
        from babel.lists import format_list

        cards = [_isolate(card_label(_code(c), lang), lang) for c in value]
        return str(format_list(cards, style, locale=lang))

    return fmt


def _meld(value: Any, lang: str) -> str:
    codes = [_code(c) for c in value]
    ranks = {c[:-1].upper() for c in codes}
    key = "meld.set" if len(ranks) == 1 else "meld.run"
    return render(key, {"cards": codes}, lang)


def _melds(value: Any, lang: str) -> str:
    if not value:
        return render("meld.none", {}, lang)
    return render("meld.separator", {}, lang).join(_meld(m, lang) for m in value)


def _action_parts(value: Any) -> tuple[str, dict[str, Any]]:
    words = str(value).split()  # a layout after "with" is not named: only the action
    head = words[0] if words else ""
    card = words[1] if len(words) > 1 and head in ("discard", "knock") else ""
    return head, ({"card": card.upper()} if card else {})


def _action(value: Any, lang: str) -> str:
    head, data = _action_parts(value)
    return render(f"action.{head}", data, lang)


def _action_noun(value: Any, lang: str) -> str:
    """An action named as a noun ("the discard of 8♦", "drawing from the stock"): for a
    sentence where the action is the subject or the object, not a command."""
    head, data = _action_parts(value)
    return render(f"action-noun.{head}", data, lang)


def _action_past(value: Any, lang: str) -> str:
    """An action said as the player's own past move ("you discarded 8♦"): for the review's
    lines that quote a move made, which must not read as an order."""
    head, data = _action_parts(value)
    return render(f"action-past.{head}", data, lang)


def _rank(value: Any, lang: str) -> str:
    return render(f"rank.plural.{int(value)}", {}, lang)


def _suit(value: Any, lang: str) -> str:
    return render(f"suit.plural.{str(value).upper()}", {}, lang)


def _text(value: Any, lang: str) -> str:
    if isinstance(value, list | tuple):
        sep = render("list.separator", {}, lang)
        return sep.join(_text(v, lang) for v in value)
    if isinstance(value, Text):
        return value.render(lang)
    if isinstance(value, Mapping):
        return render(str(value["key"]), value.get("data", {}), lang)
    return render(str(value), {}, lang)


_KINDS: dict[str, Callable[[Any, str], str]] = {
    "": _number,
    "card": _card,
    "cards": _cards,
    "or_cards": _list("or"),
    "and_cards": _list("standard"),
    "meld": _meld,
    "melds": _melds,
    "action": _action,
    "action_noun": _action_noun,
    "action_past": _action_past,
    "typed": _typed,
    "pct": _pct,
    "signed": _signed,
    "dec": _dec,
    "rank": _rank,
    "suit": _suit,
    "text": _text,
}
KINDS = frozenset(_KINDS)
"""The placeholder kinds a template may use."""


_load_sources()

def page_language(lang: str | None, accept_language: str | None) -> str:
    """The language of a page the server writes itself: the address's ``?lang=`` when the
    tutor has it, else the first of the browser's languages (``Accept-Language``) that it
    has, else English.

    >>> page_language(None, "bg-BG,bg;q=0.9,en;q=0.8"), page_language("he", "bg")
    ('bg', 'he')
    """
    if lang in LANGUAGES:
        return str(lang)
    for part in (accept_language or "").split(","):
        primary = part.split(";")[0].strip().split("-")[0].lower()
        if primary in LANGUAGES:
            return primary
    return DEFAULT_LANGUAGE


__all__ = [
    "DEFAULT_LANGUAGE",
    "KINDS",
    "LANGUAGES",
    "LOCALE_DIR",
    "SOURCE_DIR",
    "CatalogError",
    "M",
    "Message",
    "Text",
    "card_label",
    "card_name",
    "cards_name",
    "current_language",
    "format_number",
    "language",
    "message",
    "page_language",
    "placeholders",
    "plural_count",
    "plural_message",
    "plural_tags",
    "rank_label",
    "registered",
    "render",
    "set_language",
    "source_keys",
    "spoken_card",
    "text_direction",
    "translate",
]
