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


FIRST_VIEW_MODELS = 60
FIRST_VIEW_KB = 150
"""Issue 41: the play table's first message at most 60 widget models and 150 KB (132 and
327 KB before the parts not shown at the first turn were made on demand)."""


def _first_message() -> tuple[int, int, dict[str, int]]:
    """The widget models a page receives when it asks the kernel for every widget's
    state, as Voilà's page does (ipywidgets' ``request_states``: every widget of the
    kernel, with its whole state), and the bytes of that state as
    :func:`benchmarks.first_table.widget_states` counts them; with the count by model."""
    import json
    from collections import Counter

    from benchmarks.first_table import widget_states

    states = w.Widget.get_manager_state(drop_defaults=False)["state"]
    frame = json.dumps({"data": {"method": "update_states", "states": states}})
    found = widget_states(frame)
    assert found is not None
    kinds = Counter(  # what a failing assertion found
        f"{s['model_name']} {s['state'].get('_dom_classes', ())}" for s in states.values()
    )
    return found[0], found[1], dict(kinds)


def test_the_play_lessons_first_message_is_at_most_60_models_and_150_kb(
    fresh_widgets: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule (issue 41): the play lesson built as its notebook builds it (``play_lesson()``
    in a kernel with no other widget) sends the page at most 60 widget models and 150 KB
    of state: the parts not shown at the first turn (the review, the arrange rooms, the
    display menu's choices, the confirmation, the hidden buttons, the hand's sort
    buttons) are made when first needed, the card areas' script comes once, and the Lao
    font only to a page in Lao (:func:`test_the_lao_font_comes_only_with_a_lao_page`)."""
    from gin.ui.lessons import play_lesson

    monkeypatch.delenv("QUERY_STRING", raising=False)
    lesson = play_lesson()
    models, size, kinds = _first_message()
    assert models <= FIRST_VIEW_MODELS, kinds
    assert size <= FIRST_VIEW_KB * 1024, (size, kinds)
    assert lesson.table.review.children == ()  # no deal over: nothing of the review yet
    assert "gin-display-opener" in lesson.table.display_menu.children[0]._dom_classes
    assert len(lesson.table.display_menu.children) == 1


def test_a_part_made_on_demand_appears_where_it_belongs_and_works() -> None:
    """Rule (issue 41): the parts made when first needed are put in their place and
    behave as before: the display menu's choices appear after its title button and
    change the table; the confirmation appears above the actions when asked."""
    t = GinTable(seed=7, pause=0)
    menu = t.display_menu
    menu.opener.click()
    assert menu.opened and menu.children[1:] == menu._made()
    menu.four_color.value = True
    assert t.four_color
    menu.opener.click()
    assert not menu.opened and menu.children == (menu.opener,) and t.four_color
    felt = t.felt
    box = t.confirm_box
    kids = list(felt.children)
    assert kids.index(box) == kids.index(t.actions.row) - 1
    assert box.layout.display == "none"


def test_the_lao_font_comes_only_with_a_lao_page() -> None:
    """Rule (issue 41): the Lao font (some 25 KB inlined) is in the language menu's styles
    of a page in Lao, not of a page in another language until it switches to Lao; once
    sent it stays."""
    from gin.ui.page.language import LanguageMenu

    english, lao = LanguageMenu("en"), LanguageMenu("lo")
    assert "@font-face" not in english._css and ".gin-lang-lo" in english._css
    assert "Noto Sans Lao" in lao._css and "@font-face" in lao._css
    english.lang = "lo"
    assert "@font-face" in english._css
    english.lang = "bg"
    assert "@font-face" in english._css
