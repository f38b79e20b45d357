"""Keeping the message catalogs: extraction with Babel, and one ``.po`` file per language.

The English templates are written once, in ``gin/messages/*.toml``. This tool extracts them
with Babel (a Babel extractor reads the TOML source catalog) into the template
``gin/locale/gin.pot``, and brings each language's ``gin/locale/<lang>/LC_MESSAGES/gin.po``
up to date with it (new entries added, removed ones marked obsolete)::

    python -m gin.catalog update    # rewrite gin.pot and every language's .po file
    python -m gin.catalog check     # exit 1 if the files on disk are not up to date
    python -m gin.catalog lint he   # what is missing or wrong in a language's catalog
    python -m gin.catalog lint      # the same, for every language
    python -m gin.catalog fill he done.toml   # put translations written as TOML into he
    python -m gin.catalog compile   # the .mo files the tutor loads (at install or build)

A translator may write the translations as TOML, keyed like the source catalog (a counted
sentence as a table of the language's CLDR plural categories, ``{ one = ..., other = ... }``),
and ``fill`` them into the ``.po`` file; or edit the ``.po`` file with any gettext tool.

``make catalog`` runs ``update``; the test suite runs the checks without writing anything.
"""

from __future__ import annotations

import argparse
import functools
import io
import pathlib
import re
import sys
import tomllib
import unicodedata
from collections.abc import Iterator
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from gin.i18n import (
    LANGUAGES,
    LOCALE_DIR,
    SOURCE_DIR,
    placeholders,
    plural_count,
    plural_tags,
    text_direction,
)

PROJECT = "Oklahoma Gin Tutor"
TEMPLATE = LOCALE_DIR / "gin.pot"
HEADER = (
    "# The sentences of the Oklahoma Gin Tutor, {what}.\n"
    "# Made by `python -m gin.catalog update` from gin/messages/*.toml; translate msgstr only.\n"
    "#"
)


def extract_toml(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, tuple[str, ...], list[str]]]:
    """A Babel extractor for the TOML source catalog: every ``"key" = "template"`` line is a
    ``pgettext(key, template)``, every counted sentence an ``npgettext``."""
    data = fileobj.read()
    entries = tomllib.loads(data.decode("utf-8"))
    lines = {
        line.split("=", 1)[0].strip().strip('"'): n
        for n, line in enumerate(data.decode("utf-8").splitlines(), 1)
        if line.startswith('"')
    }
    for key, value in entries.items():
        lineno = lines.get(key, 0)
        if isinstance(value, str):
            yield lineno, "pgettext", (key, value), []
        else:
            count = value.get("count", "count")
            yield lineno, "npgettext", (key, value["one"], value["other"]), [f"count: {count}"]


def extract() -> Catalog:
    """The template catalog, extracted with Babel from ``gin/messages``."""
    cat = Catalog(project=PROJECT, fuzzy=False, header_comment=HEADER.format(what="template"))
    method_map = [("*.toml", "gin.catalog:extract_toml")]
    for filename, lineno, msg, comments, context in extract_from_dir(
        str(SOURCE_DIR), method_map, keywords={"pgettext": ((1, "c"), 2),
        "npgettext": ((1, "c"), 2, 3)}, strip_comment_tags=True,
    ):  # fmt: skip
        cat.add(
            msg,
            locations=[(f"gin/messages/{filename}", lineno)],
            auto_comments=comments,
            context=context,
            flags=("python-brace-format",),
        )
    return cat


def _po_text(cat: Catalog) -> str:
    buf = io.BytesIO()
    write_po(buf, cat, width=100, omit_header=False, sort_output=False, include_lineno=False)
    return _stable(buf.getvalue().decode("utf-8"))


def _stable(text: str) -> str:
    """Leave out the header lines that change on every run (dates)."""
    return "\n".join(
        line
        for line in text.splitlines()
        if not line.startswith(('"POT-Creation-Date', '"PO-Revision-Date', '"Generated-By'))
    )


def language_catalog(lang: str, template: Catalog) -> Catalog:
    """``lang``'s catalog brought up to date with ``template`` (read from disk if there)."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / "gin.po"
    if path.exists():
        with path.open("rb") as f:
            cat = read_po(f, locale=lang)
    else:
        cat = Catalog(
            locale=lang,
            project=PROJECT,
            fuzzy=False,
            header_comment=HEADER.format(what=f"language {lang}"),
        )
    cat.update(template, update_header_comment=False, no_fuzzy_matching=True)
    return cat


def expected_files() -> dict[str, str]:
    """What the template and every language's ``.po`` file should hold, by path."""
    template = extract()
    out = {str(TEMPLATE): _po_text(template)}
    for lang in LANGUAGES:
        path = LOCALE_DIR / lang / "LC_MESSAGES" / "gin.po"
        out[str(path)] = _po_text(language_catalog(lang, template))
    return out


def stale_files() -> list[str]:
    """The catalog files that are missing or differ from :func:`expected_files`."""
    stale = []
    for path, text in expected_files().items():
        try:
            with open(path, encoding="utf-8") as f:
                on_disk = _stable(f.read())
        except FileNotFoundError:
            stale.append(path)
            continue
        if on_disk != text:
            stale.append(path)
    return stale


def update() -> list[str]:
    """Rewrite the template and every language's ``.po`` file; returns the paths written."""
    written = []
    for path, text in expected_files().items():
        p = pathlib.Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text + "\n", encoding="utf-8")
        written.append(path)
    return written


def _po_path(lang: str) -> pathlib.Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / "gin.po"


def read_language(lang: str) -> Catalog:
    """``lang``'s catalog as it is on disk."""
    with _po_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


STYLE = LOCALE_DIR / "lint.toml"
"""The per-language lists the lint checks translations against (forbidden terms and
patterns, each with its reason): see :func:`style_problems`."""

_ISOLATED = re.compile("\u2066[^\u2066\u2069]*\u2069")
_CARD = re.compile(
    r"(?<![\w{])(?:10|[2-9AJQKT])[♠♥♦♣]"  # a card
    r"|(?<![\w{-])(?:10|[2-9AJQK])(?:-(?:10|[2-9AJQK])){2,}"  # a run: A-2-3
)
_SIGN = re.compile(r"(?<![\w}])[+\u2212-](?:\d|\{)|\}[+-](?!\w)")
_TIMES = re.compile(r"×\s*(?:\d|\{)|(?:\d|\})\s*×")
_KEY_VALUE = re.compile(r"(?<![\w{])[a-z]+=")  # an address setting: help=none, class=
_ADDRESS = re.compile(r"\{(?:path|address)(?::\w+)?\}|[a-z]+://")  # a path or an address
_RULES = re.compile(r"\{rules\}")


@functools.cache
def style_rules() -> dict[str, Any]:
    """The lint's lists (``gin/locale/lint.toml``)."""
    with STYLE.open("rb") as f:
        return tomllib.load(f)


def style_problems(
    lang: str,
    key: str,
    text: str,
    form: str | None = None,
    count: str = "count",
    english: str = "",
) -> list[str]:
    """The systematic slips (issue 21) in one translated template ``text`` of ``lang``:

    - ``{rules}``, or a rule-set name the language's list gives, not between quotation
      marks;
    - in a right-to-left language, a card ("7♠"), a run ("A-2-3") or a sign before a
      number ("+{bonus}") typed outside a left-to-right isolate (U+2066 ... U+2069);
    - a term the language's list in ``gin/locale/lint.toml`` forbids, or a pattern it
      lists (a number with an attached ending, a placeholder in a case it cannot take);
    - in the ``one`` form (``form``) of a counted sentence, plural wording next to the
      count (its placeholder ``count``; the list's ``one_form`` patterns: "1 points");
    - in a right-to-left language, a multiplication ("×2") outside an isolate;
    - a button's name after a word for pressing it (the list's ``buttons``: ``press``
      words, ``press_ok`` what may follow) not between quotation marks (issue 31);
    - in a right-to-left language, an address setting ("help=none") or a path or address
      ("{path}", "postgresql://") outside a left-to-right isolate (issue 40);
    - a word the list's ``for_english`` entries keep apart from a concept: where the
      English template (``english``) names it (``english``, a pattern), the translation
      must not say ``pattern`` (the tutor is not the class's teacher, issue 40).

    >>> style_problems("bg", "doc.x", "С {count} карти по правилата {rules}")[0]
    "doc.x: {rules} not in quotation marks: 'С {count} карти по правилата {rules}'"
    """
    rules = style_rules()
    quotes = set(rules.get("quotes", ()))
    out = []
    for m in _RULES.finditer(text):
        before, after = text[m.start() - 1 : m.start()], text[m.end() : m.end() + 1]
        if before not in quotes or after not in quotes:
            out.append(f"{key}: {{rules}} not in quotation marks: {text!r}")
    if text_direction(lang) == "rtl":
        bare = _ISOLATED.sub("", text)
        for pattern, what in (
            (_CARD, "card or run"),
            (_SIGN, "signed number"),
            (_TIMES, "multiplication (×2)"),
            (_KEY_VALUE, "address setting (key=value)"),
            (_ADDRESS, "path or address"),
        ):
            for m in pattern.finditer(bare):
                out.append(f"{key}: {what} {m.group(0)!r} outside a bidi isolate (U+2066...U+2069)")
    own = rules.get(lang, {})
    for name in own.get("rule_names", ()) if not key.startswith("rules.name.") else ():
        for m in re.finditer(re.escape(name), text):
            end = m.end()
            while end < len(text) and unicodedata.category(text[end])[0] in "LM":
                end += 1  # an inflected ending
            before, after = text[m.start() - 1 : m.start()], text[end : end + 1]
            if before not in quotes or after not in quotes:
                out.append(f"{key}: the rule set {text[m.start() : end]!r} not in quotation marks")
    buttons = own.get("buttons")
    if buttons:
        allowed = tuple(buttons.get("press_ok", ()))
        for word in buttons.get("press", ()):
            for m in re.finditer(re.escape(word) + r"\s+", text):
                rest = text[m.end() :]
                if not rest or rest[0] in quotes or rest[0] == "{" or rest.startswith(allowed):
                    continue
                out.append(f"{key}: a button's name after {word!r} not quoted: {rest[:24]!r}")
    low = text.lower()
    for entry in own.get("forbidden", ()):
        if entry["term"].lower() in low:
            out.append(
                f"{key}: {entry['term']!r} ({entry['reason']}; write {entry['use']}): {text!r}"
            )
    for entry in own.get("pattern", ()):
        if entry.get("single") and form is not None:
            continue  # a counted sentence's own forms agree with their count
        for m in re.finditer(entry["pattern"], text):
            out.append(f"{key}: {m.group(0)!r}: {entry['reason']}")
    for entry in own.get("for_english", ()) if english else ():
        said = re.search(entry["pattern"], text)
        if said is not None and re.search(entry["english"], english):
            out.append(f"{key}: {said.group(0)!r}: {entry['reason']}")
    one = text.replace(f"{{{count}}}", "{count}")
    for entry in own.get("one_form", ()) if form == "one" else ():
        for m in re.finditer(entry["pattern"], one):
            out.append(f"{key}: {m.group(0)!r} in the form for one: {entry['reason']}")
    return out


def problems(lang: str) -> list[str]:
    """What keeps ``lang``'s catalog from being complete or right: entries untranslated or
    fuzzy, plural forms missing, translations whose placeholders differ from the English
    ones (same names, same kinds), and the slips :func:`style_problems` finds. Empty when
    the catalog is complete and clean."""
    out = []
    forms = plural_count(lang)
    for m in read_language(lang):
        if not m.id:
            continue
        key = m.context
        if m.fuzzy:
            out.append(f"{key}: fuzzy")
        ids = m.id if isinstance(m.id, tuple | list) else (m.id,)
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        if len(ids) > 1 and len(strings) != forms:
            out.append(f"{key}: {len(strings)} plural forms, {lang} has {forms}")
        if not all(strings):
            out.append(f"{key}: not translated")
            continue
        want: frozenset[str] = frozenset().union(*(placeholders(str(i)) for i in ids))
        tags = plural_tags(lang) if len(ids) > 1 else ()
        count = next(
            (c.split(":", 1)[1].strip() for c in m.auto_comments if c.startswith("count:")),
            "count",
        )
        for n, s in enumerate(map(str, strings)):
            tag = tags[n] if n < len(tags) else None
            got = placeholders(s)
            if got - want or (len(ids) == 1 and got != want):
                out.append(f"{key}: placeholders {sorted(got)}, English has {sorted(want)}")
            if lang != "en":
                english = " ".join(map(str, ids))
                out.extend(style_problems(lang, str(key), s, tag, count, english=english))
    return out


def fill(lang: str, path: pathlib.Path) -> int:
    """Put the translations of a TOML file (keyed like ``gin/messages``) into ``lang``'s
    ``.po`` file; returns how many entries were filled. Raises :class:`ValueError` for a
    key the catalog lacks or a counted sentence without the language's plural forms."""
    with path.open("rb") as f:
        done = tomllib.load(f)
    cat = read_language(lang)
    by_key = {m.context: m for m in cat if m.id}
    tags = plural_tags(lang)
    for key, value in done.items():
        m = by_key.get(key)
        if m is None:
            raise ValueError(f"{path}: no message {key!r} in the catalog")
        counted = isinstance(m.id, tuple | list)
        if counted:
            if not isinstance(value, dict) or set(value) - {"count"} != set(tags):
                raise ValueError(f"{path}: {key!r} needs the plural forms {list(tags)}")
            m.string = tuple(value[t] for t in tags)
        else:
            if not isinstance(value, str):
                raise ValueError(f"{path}: {key!r} is one sentence, not {value!r}")
            m.string = value
        m.flags.discard("fuzzy")
    _po_path(lang).write_text(_po_text(cat) + "\n", encoding="utf-8")
    return len(done)


def compile_catalogs() -> list[str]:
    """Compile every language's ``.po`` file into the ``.mo`` file the tutor loads (fuzzy
    entries left out); returns the paths written. ``make install`` runs it."""
    from babel.messages.mofile import write_mo

    written = []
    for lang in LANGUAGES:
        path = _po_path(lang)
        with path.with_suffix(".mo").open("wb") as f:
            write_mo(f, read_language(lang), use_fuzzy=False)
        written.append(str(path.with_suffix(".mo")))
    return written


def main(argv: list[str] | None = None) -> int:
    """The command line: ``update``, ``check``, ``lint LANG`` or ``fill LANG FILE...``."""
    parser = argparse.ArgumentParser(prog="python -m gin.catalog", description=__doc__)
    parser.add_argument("command", choices=["update", "check", "lint", "fill", "compile"])
    parser.add_argument("lang", nargs="?")
    parser.add_argument("files", nargs="*", type=pathlib.Path)
    args = parser.parse_args(argv)
    if args.command == "lint":
        total = 0
        for lang in [args.lang] if args.lang else [x for x in LANGUAGES if x != "en"]:
            found = problems(lang)
            for line in found:
                print(f"{lang} {line}" if not args.lang else line)
            print(f"{len(found)} problems in {lang}", file=sys.stderr)
            total += len(found)
        return 1 if total else 0
    if args.command == "compile":
        for path in compile_catalogs():
            print(f"wrote {path}")
        return 0
    if args.command == "fill":
        for path in args.files:
            print(f"{path}: {fill(args.lang, path)} entries filled")
        return 0
    if args.command == "update":
        for path in update():
            print(f"wrote {path}")
        return 0
    stale = stale_files()
    for path in stale:
        print(f"not up to date: {path} (run: make catalog)", file=sys.stderr)
    return 1 if stale else 0


__all__ = [
    "TEMPLATE",
    "compile_catalogs",
    "expected_files",
    "extract",
    "extract_toml",
    "fill",
    "language_catalog",
    "main",
    "plural_count",
    "problems",
    "read_language",
    "stale_files",
    "style_problems",
    "style_rules",
    "update",
]

if __name__ == "__main__":
    raise SystemExit(main())
