"""Small widget helpers shared by the table's parts (the felt, the piles) and the lessons."""

from __future__ import annotations

from typing import Any

import ipywidgets as w


def classed_html(css: str) -> w.HTML:
    """An empty HTML widget carrying the CSS class ``css``."""
    part = w.HTML()
    part.add_class(css)
    return part


def close_tree(widget: Any) -> None:
    """Close ``widget`` and every widget under it (its ``children``, all the way down)."""
    for child in list(getattr(widget, "children", ()) or ()):
        close_tree(child)
    close = getattr(widget, "close", None)
    if callable(close):
        close()


__all__ = ["classed_html", "close_tree"]
