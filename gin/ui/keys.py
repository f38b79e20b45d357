"""``StepKeys``: the keys of a presentation clicker, passed to a stepper.

Page Down, the right arrow, space or N step forward; Page Up, the left arrow or P step
back (keys typed into a text box are ignored); with ``pages_only`` (the card table, whose
other keys play the game) only Page Down and Page Up. The page sends only ``forward`` or
``back``; anything else is ignored.

Every shortcut of the tutor answers the *physical* key (``KeyboardEvent.code``), not the
character it types: on a Hebrew, Bulgarian or Lao layout the key printed T (with א beside
it on a Hebrew keyboard) still takes the up card. :data:`KEY_CODES` names each physical
key; the page looks a key up there (sent to it as a widget trait) and falls back on the
typed character only for a key it does not list (:func:`key_name` says what the page does).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from gin.ui.parts import fixed_layout

_HERE = Path(__file__).parent


def _key_codes() -> dict[str, str]:
    codes = {f"Key{c}": c.lower() for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}
    for d in "0123456789":
        codes[f"Digit{d}"] = d
        codes[f"Numpad{d}"] = d
    codes.update(
        {
            "Minus": "-",
            "NumpadSubtract": "-",
            "Enter": "enter",
            "NumpadEnter": "enter",
            "Escape": "escape",
            "ArrowLeft": "arrowleft",
            "ArrowRight": "arrowright",
            "Space": " ",
            "PageDown": "pagedown",
            "PageUp": "pageup",
        }
    )
    return codes


KEY_CODES: dict[str, str] = _key_codes()
"""The name of each physical key (``KeyboardEvent.code``) a shortcut may use, in lower
case as :data:`gin.ui.cardarea.KEYS` lists them: ``KeyT`` is ``t`` on every layout."""


def key_name(code: str, key: str) -> str:
    """The shortcut a key press stands for, as the page works it out: the physical key
    ``code`` where :data:`KEY_CODES` lists it, else the typed character ``key`` in lower
    case.

    >>> key_name("KeyT", "א")  # the T key of a Hebrew keyboard
    't'
    >>> key_name("Digit1", "!"), key_name("", "Escape")
    ('1', 'escape')
    """
    return KEY_CODES.get(code) or key.lower()


class StepKeys(anywidget.AnyWidget):
    """Listens for the clicker's keys on the whole page while ``active``."""

    _esm = _HERE / "keys.js"

    active = traitlets.Bool(True).tag(sync=True)
    key_codes = traitlets.Dict(KEY_CODES).tag(sync=True)
    """The physical keys by ``KeyboardEvent.code`` (:data:`KEY_CODES`)."""
    pages_only = traitlets.Bool(False).tag(sync=True)
    """Only Page Down and Page Up (at the card table, where the other keys play)."""

    def __init__(self, on_step: Callable[[str], Any], **kwargs: Any) -> None:
        kwargs.setdefault("layout", fixed_layout(display="none"))  # shared: issue 41
        super().__init__(**kwargs)
        self._on_step = on_step
        self.on_msg(self._handle_page_message)

    def _handle_page_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, Mapping) or content.get("event") != "step":
            return
        step = content.get("step")
        if step in ("forward", "back") and self.active:
            self._on_step(str(step))

    def send_from_page(self, content: dict[str, Any]) -> None:
        """Handle ``content`` as if the page had sent it (for tests and demos)."""
        self._handle_page_message(self, content, [])


__all__ = ["KEY_CODES", "StepKeys", "key_name"]
