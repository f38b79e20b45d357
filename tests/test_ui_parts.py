"""The table's widget models are few (issue 23: the page receives and builds every model
before it draws the table): parts never hidden share one layout, buttons swap between
shared layouts, parts share their style; a shared model refuses a change."""

from __future__ import annotations

import ipywidgets as w
import pytest
from ipywidgets.widgets import widget as widget_module

from gin.ui.parts import (
    SharedModelError,
    classed_html,
    fixed_box,
    fixed_html,
    fixed_layout,
    set_display,
    shared_style,
)
from gin.ui.table.gintable import GinTable


def test_parts_never_hidden_share_one_layout_and_style() -> None:
    """Rule: one layout model for every part that is never hidden, one style per kind."""
    a, b = fixed_html("a"), classed_html("b", fixed=True)
    box = fixed_box(w.VBox, [a, b], "gin-x")
    assert a.layout is b.layout is box.layout is fixed_layout()
    assert a.style is b.style is shared_style("html")
    assert "gin-x" in box._dom_classes


def test_a_shared_model_refuses_a_change() -> None:
    """Rule: changing a shared layout or style would change every part holding it."""
    part = fixed_html("a")
    with pytest.raises(SharedModelError):
        part.layout.display = "none"
    with pytest.raises(SharedModelError):
        part.style.font_size = "40px"
    assert fixed_layout().display is None


def test_a_part_of_its_own_may_change() -> None:
    """Rule: without ``fixed`` a part keeps a layout of its own to hide it."""
    part = classed_html("b")
    part.layout.display = "none"
    assert part.layout is not fixed_layout() and part.layout.display == "none"


def test_showing_and_hiding_swaps_shared_layouts() -> None:
    """Rule: a part only shown and hidden holds the shared layout of its display."""
    one, two = w.Button(layout=fixed_layout(display="")), w.Button()
    set_display(one, "none")
    set_display(two, "none")
    assert one.layout is two.layout and one.layout.display == "none"
    set_display(one, "")
    assert one.layout.display == "" and two.layout.display == "none"


def test_a_shared_model_closed_is_made_again() -> None:
    """Rule: after every widget is closed (a test's tidy-up), new parts get a live model."""
    old = fixed_layout()
    old.close()
    assert fixed_layout() is not old and fixed_layout().comm is not None


def test_the_play_table_makes_few_widget_models() -> None:
    """Rule (issue 23): the play table makes fewer than 150 widget models (196 before the
    parts shared their layouts and styles, 105 since)."""
    before = set(widget_module._instances)
    table = GinTable(seed=7, pause=0)
    made = set(widget_module._instances) - before
    assert len(made) < 150, len(made)
    assert all(
        table.buttons[k].layout is fixed_layout(display=table.buttons[k].layout.display)
        for k in table.buttons
    )
