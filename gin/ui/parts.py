"""Small widget builders shared by the table's parts (the felt, the piles)."""

from __future__ import annotations

import ipywidgets as w


def classed_html(css: str) -> w.HTML:
    """An empty HTML widget carrying the CSS class ``css``."""
    part = w.HTML()
    part.add_class(css)
    return part


__all__ = ["classed_html"]
