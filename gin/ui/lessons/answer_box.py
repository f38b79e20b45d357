"""``AnswerBox``: the text box of every typed answer, read as it was when submitted.

A plain ``ipywidgets.Text`` syncs its value through the widget manager, which holds a
value back while an earlier sync is still pending; the Enter key and a button's click are
custom messages, sent at once. Typed fast ("17", then Enter), the kernel could check the
old value. Here the page sends the text itself with every keystroke and with Enter, as
custom messages in the order typed, so the answer checked is the one in the box.

>>> box = AnswerBox(placeholder="a number")
>>> box.send_from_page({"event": "input", "value": "1"})
>>> box.send_from_page({"event": "submit", "value": "17"})
>>> box.value
'17'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

_HERE = Path(__file__).parent


class AnswerBox(anywidget.AnyWidget):
    """A one-line text box. Synced traits: ``value``, ``placeholder``, ``label`` (its
    accessible name; the placeholder when empty) and ``width`` (CSS)."""

    _esm = _HERE / "answer_box.js"

    value = traitlets.Unicode("").tag(sync=True)
    placeholder = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    width = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_submit: list[Callable[[], Any]] = []
        self.on_msg(self._handle_page_message)

    def on_submit(self, callback: Callable[[], Any]) -> None:
        """Call ``callback()`` when the learner presses Enter in the box (after
        :attr:`value` holds the text submitted)."""
        self._on_submit.append(callback)

    def _handle_page_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, Mapping):
            return
        event = content.get("event")
        if event not in ("input", "submit"):
            return
        text = content.get("value")
        if isinstance(text, str):  # anything else is ignored: the value stays as it was
            self.value = text
        if event == "submit":
            for cb in self._on_submit:
                cb()

    def clear(self) -> None:
        """Empty the box, on the page too, even while it has the keyboard focus (the page
        otherwise keeps what the learner types over the kernel's value): for a new question
        asked in the same box."""
        self.value = ""
        self.send({"event": "clear"})

    def send_from_page(self, content: dict[str, Any]) -> None:
        """Handle ``content`` as if the page had sent it (for tests and demos)."""
        self._handle_page_message(self, content, [])


__all__ = ["AnswerBox"]
