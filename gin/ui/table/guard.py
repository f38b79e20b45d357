"""Callbacks of the table's parts that never fail silently: :func:`guarded`.

In Voilà an exception raised inside a widget callback shows nowhere on the page, so every
callback of a table part runs guarded: a :class:`gin.GinError` reaches the coach as its
sentence (through the model, :meth:`~gin.ui.table.state.TableState.show_error`), any
other error as one plain sentence, logged on the server.
"""

from __future__ import annotations

import functools
import sys
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

import gin
from gin.i18n import M

F = TypeVar("F", bound=Callable[..., Any])


def report(show: Callable[[gin.GinError], Any], fn: Callable[[], Any]) -> Any:
    """Run ``fn()``; an error is given to ``show`` as a :class:`gin.GinError`."""
    try:
        return fn()
    except gin.GinError as e:
        show(e)
    except Exception:  # logged for the teacher, one sentence for the learner
        traceback.print_exc(file=sys.stderr)
        show(gin.GinError(M["error.something-wrong"]()))
    return None


def guarded(method: F) -> F:
    """A part's method run by :func:`report`, its errors shown by its ``model``."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        return report(self.model.show_error, lambda: method(self, *args, **kwargs))

    return wrapper  # type: ignore[return-value]


__all__ = ["guarded", "report"]
