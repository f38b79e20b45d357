"""Small widget helpers shared by the table's parts (the felt, the piles) and the lessons.

Every ipywidgets control carries a layout model, and most a style model, of its own: each
one more model the kernel sends and the page builds before it draws the table (issue 23).
The parts that never change their layout or style share one (:func:`fixed_layout`,
:func:`shared_style`); a shared one refuses a change (:class:`SharedModelError`), since it
would change every part that holds it.
"""

from __future__ import annotations

from typing import Any, TypeVar

import ipywidgets as w
from ipywidgets.widgets.widget_bool import CheckboxStyle
from ipywidgets.widgets.widget_button import ButtonStyle
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_string import HTMLStyle, TextStyle

S = TypeVar("S", bound=w.Widget)


class SharedModelError(AttributeError):
    """A layout or style shared by many parts was asked to change (a programming error:
    give that part a layout or style of its own)."""


class _Frozen:
    """Refuses to change a synced trait (one the page draws) once :attr:`_frozen` is set,
    after construction."""

    _frozen = False

    def __setattr__(self, name: str, value: Any) -> None:
        if self._frozen and name in self.keys:  # type: ignore[attr-defined]
            raise SharedModelError(
                f"this {type(self).__name__} is shared by many widgets: give the widget "
                f"one of its own to change its {name}"
            )
        super().__setattr__(name, value)


class FixedLayout(_Frozen, w.Layout):  # type: ignore[misc]
    """The default layout, shared by the parts that are never hidden nor resized."""


class _FixedHTMLStyle(_Frozen, HTMLStyle):  # type: ignore[misc]
    pass


class _FixedButtonStyle(_Frozen, ButtonStyle):  # type: ignore[misc]
    pass


class _FixedDescriptionStyle(_Frozen, DescriptionStyle):  # type: ignore[misc]
    pass


class _FixedCheckboxStyle(_Frozen, CheckboxStyle):  # type: ignore[misc]
    pass


class _FixedTextStyle(_Frozen, TextStyle):  # type: ignore[misc]
    pass


_FROZEN: dict[str, type[Any]] = {
    "layout": FixedLayout,
    "html": _FixedHTMLStyle,
    "button": _FixedButtonStyle,
    "description": _FixedDescriptionStyle,
    "checkbox": _FixedCheckboxStyle,
    "text": _FixedTextStyle,
}
_shared: dict[tuple[str, tuple[tuple[str, Any], ...]], Any] = {}


def _shared_model(kind: str, **traits: Any) -> Any:
    key = (kind, tuple(sorted(traits.items())))
    model = _shared.get(key)
    if model is None or model.comm is None:  # made again once closed (Widget.close_all)
        model = _FROZEN[kind](**traits)
        model._frozen = True
        _shared[key] = model
    return model


def fixed_layout(**traits: Any) -> w.Layout:
    """The layout (with these traits, e.g. ``width="auto"``) shared by every part that
    never changes it: one model for all of them. It refuses a change.

    >>> fixed_layout() is fixed_layout() and fixed_layout(width="auto").width
    'auto'
    """
    layout: w.Layout = _shared_model("layout", **traits)
    return layout


def set_display(widget: Any, display: str) -> None:
    """Show or hide ``widget`` (CSS ``display``: ``""`` or ``"flex"`` shown, ``"none"``
    hidden) by giving it the shared layout with that display: the parts that are only ever
    shown and hidden (the table's buttons) hold one of a few layouts, not one each."""
    if widget.layout.display != display:
        widget.layout = fixed_layout(display=display)


def shared_style(kind: str, **traits: Any) -> Any:
    """The style model of ``kind`` (``"html"``, ``"button"``, ``"description"`` (menus),
    ``"checkbox"``, ``"text"``) with these
    traits, shared by every widget whose style never changes. It refuses a change."""
    return _shared_model(kind, **traits)


def classed_html(css: str, *, fixed: bool = False) -> w.HTML:
    """An empty HTML widget carrying the CSS class ``css`` (its style shared); ``fixed``:
    never hidden, so its layout is shared too (:func:`fixed_layout`)."""
    extra: dict[str, Any] = {"layout": fixed_layout()} if fixed else {}
    part = w.HTML(style=shared_style("html"), **extra)
    part.add_class(css)
    return part


def fixed_html(value: str = "", css: str = "") -> w.HTML:
    """An HTML widget that is never hidden: its layout and style are shared."""
    part = w.HTML(value, layout=fixed_layout(), style=shared_style("html"))
    if css:
        part.add_class(css)
    return part


def fixed_box(kind: type[S], children: Any = (), css: str = "") -> S:
    """A ``VBox`` or ``HBox`` (``kind``) that is never hidden: its layout is shared."""
    box: S = kind(children, layout=fixed_layout())
    if css:
        box.add_class(css)
    return box


def insert_child(box: Any, widget: Any, *, after: Any = None, before: Any = None) -> None:
    """Put ``widget`` among ``box``'s children, just after ``after`` or just before
    ``before`` (for a part built only when first needed)."""
    parts = list(box.children)
    at = parts.index(after) + 1 if after is not None else parts.index(before)
    box.children = (*parts[:at], widget, *parts[at:])


def close_tree(widget: Any) -> None:
    """Close ``widget`` and every widget under it (its ``children``, all the way down),
    with the layout and style models of their own (a shared one stays: other parts hold
    it). A closed widget's layout and style are otherwise left open in the kernel, and
    sent again to a page that asks for every widget's state (issue 41)."""
    for child in list(getattr(widget, "children", ()) or ()):
        close_tree(child)
    for name in ("layout", "style"):
        model = getattr(widget, name, None)
        if isinstance(model, w.Widget) and not isinstance(model, _Frozen):
            model.close()
    close = getattr(widget, "close", None)
    if callable(close):
        close()


__all__ = [
    "FixedLayout",
    "SharedModelError",
    "classed_html",
    "close_tree",
    "fixed_box",
    "fixed_html",
    "fixed_layout",
    "insert_child",
    "set_display",
    "shared_style",
]
