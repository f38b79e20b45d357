"""Errors caused by what the page sends over the websocket: logged on the server, one
sentence for the learner, and the kernel keeps working.

A malformed widget message (an ``update`` with a bad value, an unknown ``method``) makes
the comm layer log a traceback, and an exception in a widget callback makes ipywidgets
send one to the page (``showtraceback``). Both would show the learner (or anyone watching
the websocket) the server's file paths. :func:`install` sends the traceback to the
kernel's own standard error, which Voilà's server writes to its log, and tells the
learner one sentence (catalog key :data:`NOT_USED`) through the newest message area registered with
:func:`add_message_area` (the table's coach, a lesson's message line).

ipywidgets echoes an ``update`` to the page before the kernel checks it, so a value the
kernel refuses would stay on the page (and a page that stores it, like the progress
widget, would keep it). When an update is refused, the kernel's own values of the traits
it named are sent back (:func:`send_back`), and the page shows what the kernel holds.
"""

from __future__ import annotations

import logging
import os
import sys
import traceback
from collections.abc import Callable
from typing import Any

from gin.errors import GinError
from gin.i18n import M

NOT_USED = "error.page-not-used"
"""The key of what the learner sees instead of a traceback."""

_areas: list[Callable[[GinError], None]] = []
_installed = False


def add_message_area(show: Callable[[GinError], None], *, fallback: bool = False) -> None:
    """Show the learner's sentence with ``show``: the newest area registered wins, except
    that a ``fallback`` area (a lesson's message line) is used only when there is no other
    (the table's coach)."""
    if fallback:
        _areas.insert(0, show)
    else:
        _areas.append(show)


def remove_message_area(show: Callable[[GinError], None]) -> None:
    """Stop using ``show`` (its widgets have left the page); nothing if it is not used."""
    if show in _areas:
        _areas.remove(show)


def server_log(text: str) -> None:
    """Write ``text`` to the server's log: the kernel's original standard error, which
    ipykernel keeps apart from the stream it forwards to the page."""
    fd = getattr(sys.stderr, "_original_stdstream_copy", None)
    data = (text.rstrip("\n") + "\n").encode("utf-8", "replace")
    if isinstance(fd, int):
        try:
            os.write(fd, data)
            return
        except OSError:
            pass
    stream = sys.__stderr__
    if stream is not None:
        stream.write(data.decode())
        stream.flush()


def report(what: str, exc: BaseException | None = None) -> None:
    """Log ``what`` (with the traceback of ``exc``) on the server; tell the learner one
    sentence. Never raises."""
    try:
        lines = [f"gin tutor: {what}"]
        if exc is not None:
            lines += traceback.format_exception(type(exc), exc, exc.__traceback__)
        server_log("".join(line if line.endswith("\n") else line + "\n" for line in lines))
        if _areas:
            _areas[-1](GinError(M[NOT_USED]()))
    except Exception:  # pragma: no cover - reporting must never fail the kernel
        pass


class _ServerLogHandler(logging.Handler):
    """Comm-layer errors (a malformed widget message) to :func:`report`."""

    def emit(self, record: logging.LogRecord) -> None:
        exc = record.exc_info[1] if record.exc_info else None
        report(record.getMessage(), exc)


def send_back(widget: Any, msg: Any) -> None:
    """After a refused ``update`` message ``msg``: send the page ``widget``'s own values of
    the synced traits the message named, so the page drops the refused ones. Never raises.
    """
    try:
        data = msg["content"]["data"]
        if data.get("method") != "update" or not isinstance(data.get("state"), dict):
            return
        names = [name for name in data["state"] if name in widget.keys]
        if names and getattr(widget, "comm", None) is not None:
            widget.send_state(names)
    except Exception as exc:  # pragma: no cover - the page keeps its value; log why
        report("a refused value could not be sent back to the page", exc)


def install() -> None:
    """Route widget-message errors away from the page (idempotent)."""
    global _installed
    if _installed:
        return
    _installed = True
    handler = _ServerLogHandler(level=logging.ERROR)
    for name in ("Comm", "ipykernel.comm"):
        log = logging.getLogger(name)
        log.handlers = [handler]
        log.propagate = False
    from ipywidgets.widgets.widget import CallbackDispatcher, Widget

    # Widget._handle_msg is wrapped by ipywidgets' _show_traceback, which sends the
    # traceback to the page: wrap the method inside it instead.
    decorated = Widget._handle_msg
    cells = [c.cell_contents for c in getattr(decorated, "__closure__", None) or ()]
    inner = next((f for f in cells if callable(f)), decorated)

    def handle_msg(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return inner(self, *args, **kwargs)
        except Exception as exc:
            report("a widget message from the page could not be handled", exc)
            send_back(self, args[0] if args else kwargs.get("msg"))
            return None

    Widget._handle_msg = handle_msg

    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        value = None
        for callback in self.callbacks:
            try:
                local_value = callback(*args, **kwargs)
            except Exception as exc:
                report(f"a widget callback failed: {callback!r}", exc)
            else:
                value = local_value if local_value is not None else value
        return value

    CallbackDispatcher.__call__ = call


__all__ = [
    "NOT_USED",
    "add_message_area",
    "install",
    "remove_message_area",
    "report",
    "send_back",
    "server_log",
]
