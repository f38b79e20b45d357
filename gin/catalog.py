"""Keeping the message catalogs: extraction with Babel, and one ``.po`` file per language.

The English templates are written once, in ``gin/messages/*.toml``. This tool extracts them
with Babel (a Babel extractor reads the TOML source catalog) into the template
``gin/locale/gin.pot``, and brings each language's ``gin/locale/<lang>/LC_MESSAGES/gin.po``
up to date with it (new entries added, removed ones marked obsolete)::

    python -m gin.catalog update    # rewrite gin.pot and every language's .po file
    python -m gin.catalog check     # exit 1 if the files on disk are not up to date

``make catalog`` runs ``update``; the test suite runs the checks without writing anything.
"""

from __future__ import annotations

import argparse
import io
import pathlib
import sys
import tomllib
from collections.abc import Iterator
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from gin.i18n import LANGUAGES, LOCALE_DIR, SOURCE_DIR, plural_count

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


def main(argv: list[str] | None = None) -> int:
    """The command line: ``update`` or ``check``."""
    parser = argparse.ArgumentParser(prog="python -m gin.catalog", description=__doc__)
    parser.add_argument("command", choices=["update", "check"])
    args = parser.parse_args(argv)
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
    "expected_files",
    "extract",
    "extract_toml",
    "language_catalog",
    "main",
    "plural_count",
    "stale_files",
    "update",
]

if __name__ == "__main__":
    raise SystemExit(main())
