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


__all__ = ["CardParseError", "GinError", "IllegalActionError", "RulesError", "SaveFileError"]
