"""The playable table and its widgets (ipywidgets + anywidget) over the engine.

``gin.ui.svg`` draws cards and imports no widget library; the widgets are imported
lazily, so ``import gin.ui.svg`` works without ipywidgets.
"""

from __future__ import annotations

from typing import Any

__all__ = ["CardArea", "GinTable", "play_table"]


def __getattr__(name: str) -> Any:
    if name in ("GinTable", "play_table"):
        from gin.ui.table import gintable

        return getattr(gintable, name)
    if name == "CardArea":
        from gin.ui import cardarea

        return cardarea.CardArea
    raise AttributeError(f"module 'gin.ui' has no attribute {name!r}")
