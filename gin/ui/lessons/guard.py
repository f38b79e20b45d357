"""Callbacks that never fail silently: every error becomes a message the learner sees.

In Voilà an exception raised inside a widget callback shows nowhere on the page, so every
lesson callback is wrapped by :func:`guarded`.
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


def guarded(show: Callable[[str], None]) -> Callable[[F], F]:
    """Decorate a callback so that any error is passed to ``show`` as a sentence.

    Unexpected errors are also logged with their traceback for the developer.
    """

    def decorate(fn: F) -> F:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception as exc:
                if not isinstance(exc, GinError | AnswerError):
                    _log.warning("lesson callback %s failed", fn.__name__, exc_info=True)
                try:
                    show(describe_error(exc))
                except Exception:  # the message widget itself failed: log, never raise
                    _log.exception("could not show an error message")
                return None

        return wrapper  # type: ignore[return-value]

    return decorate


__all__ = ["AnswerError", "describe_error", "guarded"]
