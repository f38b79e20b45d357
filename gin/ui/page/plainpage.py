"""A page a server writes itself, without a notebook: a heading and one sentence.

Both servers answer with it: the tutor's (:mod:`gin.ui.page.serve`: the tutor is full, an
address too long) and the class routes' (:mod:`gin.ui.classroom.server`: a teacher page
refused, a class store that can't be reached).

>>> "<h1>Full</h1>" in plain_page("Full", "Try again soon.", "en")
True
"""

from __future__ import annotations

from html import escape

from gin.i18n import text_direction

PLAIN_PAGE = """<!DOCTYPE html>
<html lang="{lang}" dir="{dir}"><head><meta charset="utf-8"><title>{title}</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto;">
<h1>{title}</h1>
<p>{text}</p>
</body></html>
"""
"""The page's HTML: ``lang``, ``dir``, ``title`` and ``text`` filled in (escaped)."""


def plain_page(title: str, text: str, lang: str) -> str:
    """A page of the server's own in ``lang``: a heading and one sentence (both rendered)."""
    return PLAIN_PAGE.format(
        lang=lang, dir=text_direction(lang), title=escape(title), text=escape(text)
    )


__all__ = ["PLAIN_PAGE", "plain_page"]
