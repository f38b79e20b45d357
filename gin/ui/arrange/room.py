"""What the table's rooms where the learner arranges cards share (the meld builder, the
layoff chooser, the score guess): a line that says what happened or why something was
refused (CSS class ``gin-arrange-message``), and :func:`room_guarded`, which runs every
callback through the one guard (:func:`gin.ui.lessons.guard.guarded_method`) so that an
error reaches that line, never silence.

A room with cards (the meld builder and the layoff chooser) also has the learner's cards to
pick from, the melds drawn as card areas, a verdict once done and the keys note; its title
(the instruction) is put away once the room is finished.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any, TypeVar

import ipywidgets as w

import gin
from gin.i18n import M, Text
from gin.ui.cardarea import CardArea
from gin.ui.lessons.guard import guarded_method
from gin.ui.parts import classed_html, close_tree
from gin.ui.table.hands import MELD_KIND

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


room_guarded: Callable[[F], F] = guarded_method("show_error")
"""Run a room's callback so that any error is shown in the room as one sentence (and
told to its ``on_error``); the room is left as it was."""


def room_button(label_key: str, css: str, handler: Callable[[], Any]) -> w.Button:
    """A room's button (CSS classes ``gin-button`` and ``css``) labelled by the catalog's
    ``label_key``, calling ``handler()`` when clicked."""
    b = w.Button(description=M[label_key].render())
    b.add_class("gin-button")
    b.add_class(css)
    b.on_click(lambda _b: handler())
    return b


class Room(w.VBox):  # type: ignore[misc]
    """A room of the table: a box (CSS class ``gin-arrange`` and ``css``) with a title and
    a message line. :attr:`error_code` is the code of the refusal on show (``""`` when
    none).

    A room with cards (the meld builder, the layoff chooser) is made with ``mode``, how
    the learner's cards are picked (``single`` or ``multiple``), and ``display``: four
    colours, large cards, and whether the cards listen to the page's keys themselves. It
    has :attr:`area` (the learner's cards to pick from, CSS class ``gin-arrange-hand``),
    :attr:`verdict` (shown once done) and :attr:`keys_note`; it lays out its children with
    :meth:`place` and draws in :meth:`_draw`. The score guess has no cards.
    """

    def __init__(
        self,
        css: str,
        on_error: ErrorSink | None = None,
        *,
        mode: str | None = None,
        display: tuple[bool, bool, bool] = (False, False, False),
        title_css: str = "gin-arrange-title",
    ) -> None:
        self.on_error = on_error
        self.on_change: Callable[[], Any] | None = None
        """Called after every change the learner makes in the room (a guide follows)."""
        self.message = classed_html("gin-arrange-message")
        self.title = classed_html(title_css)
        self.error_code = ""
        self.four_color, self.large, keys = display
        self._said: Text | None = None
        self._error: gin.GinError | None = None
        self.style = w.HTML(f"<style>{ROOM_CSS}</style>")
        self.style.add_class("gin-style")
        super().__init__()
        self.add_class("gin-arrange")
        self.add_class(css)
        self._area: CardArea | None = None
        self.verdict: w.HTML
        self.keys_note: w.HTML
        if mode is None:
            return
        self._cursor = -1
        self.keys_note = classed_html("gin-arrange-keys")
        area = CardArea(mode=mode, card_class="gin-card", key_input=keys, large=self.large)
        area.add_class("gin-arrange-hand")
        area.on_key(self.press)
        if on_error is not None:
            area.on_error(on_error)
        self._area = area
        self.verdict = w.HTML()
        self.verdict.layout.display = "none"

    @property
    def area(self) -> CardArea:
        """The learner's cards to pick from (a room with cards only)."""
        if self._area is None:
            raise AttributeError("this room has no cards")
        return self._area

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

    def require(self, ok: object, error_key: str) -> None:
        """Refuse a change once the room is finished, or when ``ok`` is false (with the
        sentence ``error_key``, an ``error.*`` key)."""
        self._check_open()
        if not ok:
            raise gin.IllegalActionError(M[error_key]())

    def changed(self) -> None:
        """Tell :attr:`on_change` that the learner changed something here."""
        if self.on_change is not None:
            self.on_change()

    def relabel(self) -> None:
        """Say the message again in the current language (rooms redraw their labels)."""
        self._draw_message()

    def place(self, melds: w.Widget, *controls: w.Widget) -> None:
        """Lay a room with cards out, top to bottom: the instruction, ``melds`` (the melds
        made, or the knocker's), the learner's cards, ``controls`` (buttons, a question),
        the message line, the verdict and the keys note; then draw every label."""
        self.children = [
            self.style,
            self.title,
            melds,
            self.area,
            *controls,
            self.message,
            self.verdict,
            self.keys_note,
        ]
        self.relabel()

    def press(self, key: str) -> None:
        """A key pressed on the page (each room with cards says what its keys do)."""

    def meld_area(self, meld: gin.Meld, on_click: Callable[[], Any]) -> CardArea:
        """A meld's cards, labelled ``run`` or ``set`` (no points: a meld scores nothing),
        calling ``on_click()`` when clicked while the room is open."""
        cards = CardArea(mode="none", clickable=not self.finished, large=self.large)
        cards.show(
            meld.cards,
            group_labels=[(MELD_KIND[meld.kind].render(), "meld")],
            four_color=self.four_color,
        )
        cards.on_click(lambda _i, _code: on_click())
        if self.on_error is not None:
            cards.on_error(self.on_error)
        return cards

    def replace_boxes(self, box: w.Box, parts: Sequence[w.Widget]) -> None:
        """Put ``parts`` in ``box`` in place of the parts drawn before (closed)."""
        old = list(box.children)
        box.children = list(parts)
        for part in old:
            close_tree(part)

    def show_while_open(self, *parts: w.Widget) -> None:
        """Show ``parts`` (the instruction, the buttons, the keys note) while the room is
        open, and put them away once it is finished: what is left is the verdict."""
        shown = "none" if self.finished else ""
        for part in parts:
            if part.layout.display != shown:
                part.layout.display = shown

    def show_verdict(self, html: str | None) -> None:
        """Show the verdict (``None``: nothing yet)."""
        if html is None:
            self.verdict.layout.display = "none"
            return
        self.verdict.value = html
        self.verdict.add_class("gin-arrange-verdict")
        self.verdict.layout.display = ""

    def _draw(self) -> None:
        """Draw the room's state (each room)."""

    def set_display(self, *, four_color: bool, large: bool) -> None:
        """Draw the cards in four colours or two, large or normal (a room with cards
        redraws them)."""
        self.four_color, self.large = four_color, large
        if self._area is not None:
            self._area.large = large
            self._draw()

    def close(self) -> None:
        """Close the room and every widget in it."""
        for part in list(self.children):
            close_tree(part)
        super().close()


def verdict_html(text: Text, extra: str = "") -> str:
    """A verdict's sentence (``role=status``), and a picture after it."""
    return f'<p class="gin-arrange-verdict-text" role="status">{escape(text.render())}</p>{extra}'


__all__ = [
    "ROOM_CSS",
    "ErrorSink",
    "Room",
    "room_button",
    "room_guarded",
    "verdict_html",
]
