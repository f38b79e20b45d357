"""``StepKeys``: the keys of a presentation clicker, passed to a stepper.

Page Down, the right arrow, space or N step forward; Page Up, the left arrow or P step
back (keys typed into a text box are ignored); with ``pages_only`` (the card table, whose
other keys play the game) only Page Down and Page Up. The page sends only ``forward`` or
``back``; anything else is ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

_HERE = Path(__file__).parent


class StepKeys(anywidget.AnyWidget):
    """Listens for the clicker's keys on the whole page while ``active``."""

    _esm = _HERE / "keys.js"

    active = traitlets.Bool(True).tag(sync=True)
    pages_only = traitlets.Bool(False).tag(sync=True)
    """Only Page Down and Page Up (at the card table, where the other keys play)."""

    def __init__(self, on_step: Callable[[str], Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_step = on_step
        self.layout.display = "none"
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


__all__ = ["StepKeys"]
