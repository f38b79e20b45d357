"""What the table's rooms where the learner arranges cards share (the meld builder, the
layoff chooser, the score guess): a line that says what happened or why something was
refused (CSS class ``gin-arrange-message``), and :func:`room_guarded`, which runs every
callback so that an error reaches that line, never silence."""

from __future__ import annotations

import functools
import sys
import traceback
from collections.abc import Callable
from html import escape
from typing import Any, TypeVar

import ipywidgets as w

import gin
from gin.i18n import M, Text
from gin.ui.parts import classed_html

F = TypeVar("F", bound=Callable[..., Any])

ROOM_CSS = """
.gin-arrange {
  background: #fff7d6;
  color: #2b1d00;
  border-radius: 12px;
  padding: 8px 12px !important;
  margin: 6px 0;
  gap: 6px;
  overflow: visible;
}
.gin-arrange .widget-html-content,
.gin-arrange .gin-cardarea-root,
.gin-arrange .gin-group-label {
  color: #2b1d00;
  white-space: normal;
}
.gin-arrange .gin-group-meld {
  border-color: #1f5434;
}
.gin-arranged-melds,
.gin-layoff-targets,
.gin-arrange-buttons,
.gin-score-guess-row {
  flex-wrap: wrap;
  gap: 6px 14px;
  align-items: flex-end;
}
.gin-arranged-meld,
.gin-layoff-target {
  align-items: center;
  gap: 4px;
}
.gin-layoff-target .gin-card {
  cursor: pointer;
}
.gin-arrange-error {
  color: #8a1c00;
  font-weight: 700;
}
.gin-arrange-verdict {
  border-top: 1px solid #c9b98a;
  padding-top: 4px;
}
.gin-arrange-verdict figure {
  margin: 4px 0 0;
}
.gin-arrange-verdict svg {
  max-width: 100%;
  height: auto;
}
.gin-guess-right {
  color: #14532d;
  font-weight: 700;
}
.gin-guess-wrong {
  color: #8a1c00;
  font-weight: 700;
}
.gin-arrange-keys {
  font-size: 13px;
  opacity: 0.85;
}
.gin-arrange .gin-button {
  font-size: 17px;
  font-weight: 700;
  height: 42px;
  width: auto;
  min-width: 84px;
  padding: 0 14px;
  border-radius: 10px;
}
.gin-arrange .gin-action-make-meld:not(:disabled),
.gin-arrange .gin-action-done-arranging:not(:disabled),
.gin-arrange .gin-action-check-score:not(:disabled) {
  background: #ffd24d;
  border: 2px solid #7a5200;
}
"""
"""The rooms' look (a light panel, on the felt or in a lesson)."""

ErrorSink = Callable[[gin.GinError], Any]
"""Where a room also tells its errors (the table's coach), besides its own line."""


def room_guarded(method: F) -> F:
    """Run a room's callback so that any error is shown in the room as one sentence (and
    told to its ``on_error``); the room is left as it was."""

    @functools.wraps(method)
    def wrapper(self: Room, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except gin.GinError as e:
            self.show_error(e)
        except Exception:  # logged for the teacher, one sentence for the learner
            traceback.print_exc(file=sys.stderr)
            self.show_error(gin.GinError(M["error.something-wrong"]()))
        return None

    return wrapper  # type: ignore[return-value]


class Room(w.VBox):  # type: ignore[misc]
    """A room of the table: a box (CSS class ``gin-arrange`` and ``css``) with a message
    line. :attr:`error_code` is the code of the refusal on show (``""`` when none)."""

    def __init__(self, css: str, on_error: ErrorSink | None = None) -> None:
        self.on_error = on_error
        self.on_change: Callable[[], Any] | None = None
        """Called after every change the learner makes in the room (a guide follows)."""
        self.message = classed_html("gin-arrange-message")
        self.error_code = ""
        self.four_color = False
        self.large = False
        self._said: Text | None = None
        self._error: gin.GinError | None = None
        self.style = w.HTML(f"<style>{ROOM_CSS}</style>")
        self.style.add_class("gin-style")
        super().__init__()
        self.add_class("gin-arrange")
        self.add_class(css)

    def say(self, text: Text | None) -> None:
        """Show ``text`` on the message line (``None``: clear it)."""
        self._said, self._error, self.error_code = text, None, ""
        self._draw_message()

    def show_error(self, error: gin.GinError) -> None:
        """Show why something was refused (and tell ``on_error``)."""
        self._said, self._error, self.error_code = None, error, error.code
        self._draw_message()
        if self.on_error is not None:
            self.on_error(error)

    def _draw_message(self) -> None:
        if self._error is not None:
            text = escape(self._error.render())
            html = f'<div class="gin-arrange-error" role="alert">{text}</div>'
        elif self._said is not None:
            html = f'<div role="status">{escape(self._said.render())}</div>'
        else:
            html = ""
        if self.message.value != html:
            self.message.value = html

    @property
    def finished(self) -> bool:
        """Whether the room's work is done (each room says when); nothing changes after."""
        return False

    def _check_open(self) -> None:
        """Refuse a change once the room is finished."""
        if self.finished:
            raise gin.IllegalActionError(M["error.arrange-finished"]())

    def set_display(self, *, four_color: bool, large: bool) -> None:
        """Draw the cards in four colours or two, large or normal (rooms with cards
        redraw them)."""
        self.four_color, self.large = four_color, large

    def changed(self) -> None:
        """Tell :attr:`on_change` that the learner changed something here."""
        if self.on_change is not None:
            self.on_change()

    def relabel(self) -> None:
        """Say the message again in the current language (rooms redraw their labels)."""
        self._draw_message()


__all__ = ["ROOM_CSS", "ErrorSink", "Room", "room_guarded"]
