"""Exceptions raised by the engine.

Every error the engine raises on bad input is a :class:`GinError`, which is a
:class:`ValueError`. Each carries a short machine-readable ``code`` and a
``message`` written for a learner, so a user interface can show the message as
it is and a test can check the code.
"""

from __future__ import annotations


class GinError(ValueError):
    """Base class of every error the engine raises on bad input.

    >>> err = GinError("example", "something is not right")
    >>> err.code, str(err)
    ('example', 'something is not right')
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __reduce__(self) -> tuple[type[GinError], tuple[str, str]]:
        return (type(self), (self.code, self.message))


class CardParseError(GinError):
    """A card name could not be read, or a hand has a card twice."""


class RulesError(GinError):
    """A rule set has a field that is missing, of the wrong type or out of range."""


class IllegalActionError(GinError):
    """An action is not legal in the deal's current state.

    The state is never changed when this is raised.
    """


class SaveFileError(GinError):
    """A saved game is damaged, tampered with or of an unknown version."""


class UndoRefusedError(IllegalActionError):
    """An undo that would let a player learn a card they could not otherwise know.

    Codes: ``stock-drawn`` (a card drawn from the stock has been seen, and taking it back
    would show the stock's next card), ``cards-shown`` (a knock laid a hand face up) and
    ``deal-over`` (both hands were shown at the end of the deal).
    """


class NumberError(GinError):
    """Text that is not a whole number in the range asked for (code ``bad-number``)."""


ECHO_LIMIT = 24
"""At most this many characters of a learner's input are repeated in an error message."""


def echo(value: object, limit: int = ECHO_LIMIT) -> str:
    """A short quotation of ``value`` for an error message: its first ``limit`` characters.

    >>> echo("7X")
    "'7X'"
    >>> echo("x" * 1_000_000)
    "'xxxxxxxxxxxxxxxxxxxxxxxx…' (1000000 characters)"
    """
    if not isinstance(value, str):
        text = repr(value)
        return text if len(text) <= limit else text[:limit] + "…"
    if len(value) <= limit:
        return repr(value)
    return f"{value[:limit] + '…'!r} ({len(value)} characters)"


__all__ = [
    "ECHO_LIMIT",
    "CardParseError",
    "GinError",
    "IllegalActionError",
    "NumberError",
    "RulesError",
    "SaveFileError",
    "UndoRefusedError",
    "echo",
]
