"""Callbacks of the table's parts that never fail silently: :func:`guarded`.

In Voilà an exception raised inside a widget callback shows nowhere on the page, so every
callback of a table part runs guarded: a :class:`gin.GinError` reaches the coach as its
sentence (through the model, :meth:`~gin.ui.table.state.TableState.show_error`), any
other error as one plain sentence, logged on the server. The guard itself is the one every
callback of the tutor runs by, :func:`gin.ui.lessons.guard.run_guarded`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import gin
from gin.ui.lessons.guard import as_gin_error, run_guarded

F = TypeVar("F", bound=Callable[..., Any])


def report(show: Callable[[gin.GinError], Any], fn: Callable[[], Any]) -> Any:
    """Run ``fn()`` by the one guard of every callback
    (:func:`gin.ui.lessons.guard.run_guarded`); an error is given to ``show`` as a
    :class:`gin.GinError` (an unexpected one as ``error.something-wrong``, logged)."""
    return run_guarded(fn, lambda exc: show(as_gin_error(exc)))


def guarded(method: F) -> F:
    """A part's method run by :func:`report`, its errors shown by its ``model``."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        return report(self.model.show_error, lambda: method(self, *args, **kwargs))

    return wrapper  # type: ignore[return-value]


__all__ = ["guarded", "report"]
