"""Exceptions raised by the engine.

Every error the engine raises on bad input is a :class:`GinError`, which is a
:class:`ValueError`. Each carries a short machine-readable ``code``, the ``data`` of its
sentence, and the sentence itself from the message catalog (:mod:`gin.i18n`), written for a
learner: ``message`` is the English text, :meth:`GinError.render` gives it in any language.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from gin.i18n import DEFAULT_LANGUAGE, Text

ERROR_PREFIX = "error."
"""Error sentences have catalog keys ``error.<code>``."""

ECHO_LIMIT = 24
"""At most this many characters of a learner's input are repeated in an error message."""


_UNSEEN = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
"""Unicode categories of characters that are not seen but act: controls (NUL), formats
(the bidi overrides U+202E, U+2066...), surrogates, private use, unassigned, line and
paragraph separators."""


def visible(text: str) -> str:
    r"""``text`` with every control, format (bidi override) or unassigned character written
    as its escape, so that quoting it cannot reorder or hide the sentence around it.

    >>> visible("7\u202eX\x00"), visible("שבע")
    ('7\\u202eX\\x00', 'שבע')
    """
    if all(unicodedata.category(c) not in _UNSEEN for c in text):
        return text
    return "".join(
        c if unicodedata.category(c) not in _UNSEEN else c.encode("unicode_escape").decode()
        for c in text
    )


def echo(value: object, limit: int = ECHO_LIMIT) -> str:
    r"""A learner's input as an error quotes it: its first ``limit`` characters, then ``…``;
    characters that are not seen but act (NUL, the bidi override U+202E) are escaped
    (:func:`visible`).

    >>> echo("7X"), echo("x" * 1_000_000), echo("a\u202eb")
    ('7X', 'xxxxxxxxxxxxxxxxxxxxxxxx…', 'a\\u202eb')
    """
    s = value if isinstance(value, str) else repr(value)
    s = s if len(s) <= limit else s[:limit] + "…"
    return visible(s)


class GinError(ValueError):
    """Base class of every error the engine raises on bad input.

    >>> from gin.i18n import message
    >>> EXAMPLE = message("error.example", "Something is not right with {what}.")
    >>> err = GinError(EXAMPLE(what="this"))
    >>> err.code, str(err), err.data
    ('example', 'Something is not right with this.', {'what': 'this'})
    """

    def __init__(self, text: Text) -> None:
        if not text.key.startswith(ERROR_PREFIX):
            raise TypeError(f"an error's message key must start with {ERROR_PREFIX!r}")
        self.text = text
        self.code = text.key[len(ERROR_PREFIX) :]
        self.data: Mapping[str, Any] = dict(text.data)
        self.message = text.render(DEFAULT_LANGUAGE)
        super().__init__(self.message)

    def render(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (the catalog's current language when ``None``)."""
        return self.text.render(lang)

    def __reduce__(self) -> tuple[type[GinError], tuple[Text]]:
        return (type(self), (self.text,))


class CardParseError(GinError):
    """A card name could not be read, or a hand has a card twice."""


class RulesError(GinError):
    """A rule set has a field that is missing, of the wrong type or out of range."""


class IllegalActionError(GinError):
    """An action is not legal in the deal's current state.

    The state is never changed when this is raised.
    """


class SaveFileError(GinError):
    """A saved game is damaged, of an unknown version, or holds values the rules refuse."""


class UndoRefusedError(IllegalActionError):
    """An undo that would let a player learn a card they could not otherwise know.

    Codes: ``undo-stock-drawn`` (a card drawn from the stock has been seen, and taking it
    back would show the stock's next card), ``undo-cards-shown`` (a knock laid a hand face
    up) and ``undo-deal-over`` (both hands were shown at the end of the deal).
    """


class NumberError(GinError):
    """Text that is not a whole number in the range asked for."""


__all__ = [
    "ECHO_LIMIT",
    "ERROR_PREFIX",
    "CardParseError",
    "GinError",
    "IllegalActionError",
    "NumberError",
    "RulesError",
    "SaveFileError",
    "UndoRefusedError",
    "echo",
    "visible",
]
