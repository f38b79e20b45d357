"""A lesson's first build in a Voilà kernel, sent to nobody.

Voilà runs a lesson's notebook before the learner's page connects to the kernel; the page
then asks the kernel for the state of every widget at once (ipywidgets' control comm,
``request_states``) and draws the lesson from that. Every message a widget sends while
the lesson is first built (its comm opening with its state, then each change of a trait
while the parts are put together) reaches only the Voilà server, which reads each one
and drops it: for the play table about 370 messages per learner, read one after the
other by the server's single thread while a class arrives. :func:`first_build_unsent`
builds the page's first lesson without sending them; the widgets and their comms exist
as usual, and every later change (a click, a switch of language) is sent as usual.

Only in a kernel that Voilà started for a page (``VOILA_BASE_URL`` in its environment):
JupyterLab, nbval and the static site draw widgets from these messages, so there nothing
changes.

The page makes its widgets from the states it asked for, and drops a change sent to a
widget it has not made yet: a change made after the kernel answered, while the page is
still making the widgets, is lost. :func:`send_tree_again` sends a lesson's state again
once the page has said it shows it (the play table does so when its opponent moved before
the page said it was ready).
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Callable, Iterator
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

_built = False
"""Whether this kernel has built its page's first lesson."""


def in_voila_kernel() -> bool:
    """Whether this process is a kernel Voilà started to serve a page."""
    return "VOILA_BASE_URL" in os.environ


@contextlib.contextmanager
def comms_unsent() -> Iterator[None]:
    """Widgets made or changed inside this block send nothing to the front end (their
    comms are registered in the kernel as usual)."""
    try:  # the class of the comms ipywidgets makes in an ipykernel kernel
        from ipykernel.comm.comm import BaseComm
        from ipykernel.kernelbase import Kernel
    except ImportError:  # no kernel: nothing is sent anyway
        yield
        return
    original = BaseComm.publish_msg

    def unsent(self: BaseComm, *args: object, **kwargs: object) -> None:
        # What publishing does besides sending: bind the comm to the kernel (a widget
        # sends its later changes only through a comm bound to a kernel).
        if self.kernel is None and Kernel.initialized():
            self.kernel = Kernel.instance()

    BaseComm.publish_msg = unsent  # type: ignore[method-assign]
    try:
        yield
    finally:
        BaseComm.publish_msg = original  # type: ignore[method-assign]


def first_build_unsent(build: Callable[P, T]) -> Callable[P, T]:
    """``build`` (a lesson's function), sending nothing the first time it runs in a Voilà
    kernel, before the page has connected (see the module's documentation)."""

    @functools.wraps(build)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        global _built
        if _built or not in_voila_kernel():
            return build(*args, **kwargs)
        _built = True
        with comms_unsent():
            return build(*args, **kwargs)

    return wrapper


def send_tree_again(widget: Any) -> int:
    """Send the whole state of ``widget`` and of every widget it holds (its children, its
    layout and style, all the way down) to the page again; returns how many were sent.

    A widget already closed is skipped."""
    from ipywidgets import Widget

    seen: set[int] = set()
    sent = 0
    todo: list[Any] = [widget]
    while todo:
        item = todo.pop()
        if isinstance(item, list | tuple):
            todo.extend(item)
            continue
        if not isinstance(item, Widget) or id(item) in seen:
            continue
        seen.add(id(item))
        if item.comm is None:
            continue
        item.send_state()
        sent += 1
        todo.extend(getattr(item, name) for name in item.keys)
    return sent


__all__ = ["comms_unsent", "first_build_unsent", "in_voila_kernel", "send_tree_again"]
