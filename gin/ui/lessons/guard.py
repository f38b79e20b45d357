"""Callbacks that never fail silently: every error becomes a message the learner sees.

In Voilà an exception raised inside a widget callback shows nowhere on the page, so every
callback is run by the one guard here, :func:`run_guarded`: a lesson's callback through
:func:`guarded` (the error's sentence to a message line), a part's method through
:func:`guarded_method` (the error itself to the part's own sink: the arrange rooms' message
line), a table part's through :mod:`gin.ui.table.guard` (the error to the table's coach).
Unexpected errors are logged with their traceback for the developer, and the learner reads
one sentence (``error.something-wrong``).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any, TypeVar

from gin import GinError
from gin.i18n import M, Text

_log = logging.getLogger("gin.ui.lessons")

F = TypeVar("F", bound=Callable[..., Any])


class AnswerError(ValueError):
    """An answer the lesson can't read (empty, not a number ...). Not counted as wrong.

    It carries its sentence as a catalog :class:`~gin.i18n.Text`; :attr:`message` is that
    sentence in the current language.
    """

    def __init__(self, text: Text) -> None:
        self.text = text
        super().__init__(text.render())

    @property
    def message(self) -> str:
        """The sentence in the current language."""
        return self.text.render()


def describe_error(exc: BaseException) -> str:
    """The sentence shown for an error, in the current language: the engine's own sentence
    when there is one."""
    if isinstance(exc, GinError):
        return exc.render()
    if isinstance(exc, AnswerError):
        return exc.message
    return M["lesson.error.unexpected"].render({"kind": type(exc).__name__, "detail": str(exc)})


def as_gin_error(exc: BaseException) -> GinError:
    """The engine's error as it is; any other error as the one sentence
    ``error.something-wrong`` (the details are in the log)."""
    if isinstance(exc, GinError):
        return exc
    return GinError(M["error.something-wrong"]())


def run_guarded(
    fn: Callable[..., Any], report: Callable[[Exception], Any], *args: Any, **kwargs: Any
) -> Any:
    """Call ``fn(*args, **kwargs)``; an error goes to ``report`` (``None`` is returned),
    never up to the widget library, where it would show nowhere. An unexpected error (not
    the engine's, not an answer the lesson can't read) is logged with its traceback, and so
    is a failure of ``report`` itself."""
    try:
        return fn(*args, **kwargs)
    except Exception as exc:
        if not isinstance(exc, GinError | AnswerError):
            _log.warning("callback %s failed", getattr(fn, "__name__", fn), exc_info=True)
        try:
            report(exc)
        except Exception:  # the message widget itself failed: log, never raise
            _log.exception("could not show an error message")
        return None


def guarded(show: Callable[[str], None]) -> Callable[[F], F]:
    """Decorate a callback so that any error is passed to ``show`` as a sentence
    (:func:`run_guarded`)."""

    def decorate(fn: F) -> F:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            return run_guarded(fn, lambda exc: show(describe_error(exc)), *args, **kwargs)

        return wrapper  # type: ignore[return-value]

    return decorate


def guarded_method(sink: str) -> Callable[[F], F]:
    """Decorate a part's method so that any error reaches the part's method named ``sink``
    as a :class:`gin.GinError` (:func:`as_gin_error`), and the part is left as it was:
    ``@guarded_method("show_error")`` on the arrange rooms (:mod:`gin.ui.arrange.room`)."""

    def decorate(method: F) -> F:
        @functools.wraps(method)
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            return run_guarded(
                method, lambda exc: getattr(self, sink)(as_gin_error(exc)), self, *args, **kwargs
            )

        return wrapper  # type: ignore[return-value]

    return decorate


__all__ = [
    "AnswerError",
    "as_gin_error",
    "describe_error",
    "guarded",
    "guarded_method",
    "run_guarded",
]
