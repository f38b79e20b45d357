"""HTML pictures of cards, melds and explanation steps for the lessons.

Cards are drawn by :func:`gin.ui.svg.card_svg` (the project's own SVG cards). Each card is
wrapped in a ``span.gin-lesson-card`` with ``data-card`` (the card's code) and a text
alternative, so browser tests and screen readers can read the picture.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from gin import Arrangement, Card, Meld, Step, Suit
from gin.i18n import M, card_label

MELD_CAPTION = {
    "set": M["hand.meld-set"],
    "run": M["hand.meld-run"],
}
"""A meld's caption: its kind only (issue 31: "run · 24 pts" read as if melds scored)."""

_SUIT_COLOUR = {Suit.SPADES: "", Suit.HEARTS: "gin-red", Suit.DIAMONDS: "gin-red", Suit.CLUBS: ""}


def _svg_drawer() -> Callable[..., str] | None:
    try:
        from gin.ui.svg import card_svg
    except ImportError:  # the table's card art is not installed: draw text cards
        return None
    return card_svg


def card_html(card: Card, *, size: str = "", mark: bool = False, dim: bool = False) -> str:
    """One card picture. ``size`` is ``""``, ``"large"`` or ``"small"``."""
    classes = ["gin-lesson-card"]
    if size:
        classes.append(f"gin-{size}")
    if mark:
        classes.append("gin-mark")
    if dim:
        classes.append("gin-dim")
    label = html.escape(card_label(card.code), quote=True)
    drawer = _svg_drawer()
    if drawer is not None:  # the SVG carries its own text alternative (the card's name)
        inner = drawer(card, large=size == "large")
    else:
        colour = _SUIT_COLOUR[card.suit]
        inner = (
            f'<span class="gin-textcard {colour}" role="img" aria-label="{label}">{label}</span>'
        )
    return (
        f'<span class="{" ".join(classes)}" data-card="{card.code}" title="{label}">{inner}</span>'
    )


def cards_html(
    cards: Iterable[Card],
    *,
    size: str = "",
    marked: Iterable[Card] = (),
    css: str = "",
) -> str:
    """A row of card pictures."""
    mark = set(marked)
    inner = "".join(card_html(c, size=size, mark=c in mark) for c in cards)
    return f'<div class="gin-lesson-cards {css}">{inner}</div>'


def backs_html(count: int, caption: str) -> str:
    """``count`` face-down cards in a captioned group (the stock)."""
    from gin.ui.svg import card_back_svg

    backs = "".join(
        f'<span class="gin-lesson-card gin-back">{card_back_svg()}</span>' for _ in range(count)
    )
    return (
        f'<div class="gin-lesson-group gin-plain"><div class="gin-caption">'
        f'{html.escape(caption)}</div><div class="gin-lesson-cards">{backs}</div></div>'
    )


def group_html(caption: str, cards: Sequence[Card], *, css: str = "", size: str = "") -> str:
    """Cards in a framed group with a caption (a rendered sentence: a meld, the
    deadwood ...)."""
    return (
        f'<div class="gin-lesson-group {css}"><div class="gin-caption">'
        f"{html.escape(caption)}</div>{cards_html(cards, size=size)}</div>"
    )


def meld_caption(meld: Meld) -> str:
    """``run`` or ``set``, in the current language: a meld scores nothing, so no points."""
    return MELD_CAPTION[meld.kind].render()


def arrangement_html(
    arr: Arrangement,
    *,
    size: str = "",
    melds: Sequence[Meld] | None = None,
    deadwood_caption: str | None = None,
) -> str:
    """Melds side by side and the deadwood set apart, as the engine arranges the hand.

    ``deadwood_caption`` is a rendered caption for the deadwood group.
    """
    shown = arr.melds if melds is None else melds
    parts = [group_html(meld_caption(m), m.cards, size=size) for m in shown]
    if arr.deadwood:
        caption = deadwood_caption or M["lesson.picture.deadwood-caption"].render(
            {"points": arr.deadwood_points}
        )
        parts.append(group_html(caption, arr.deadwood, css="gin-deadwood", size=size))
    elif not shown:
        parts.append(
            f'<div class="gin-muted">{html.escape(M["lesson.picture.no-cards"].render())}</div>'
        )
    return f'<div class="gin-lesson-groups">{"".join(parts)}</div>'


def deadwood_label(points: int) -> str:
    """The caption of a deadwood group, in the current language."""
    return M["lesson.picture.deadwood-caption"].render({"points": points})


def steps_html(steps: Sequence[Step], *, upto: int | None = None, css: str = "") -> str:
    """The engine's numbered explanation steps as a list, rendered in the current language.

    With ``upto`` the steps after it are hidden and step ``upto`` is highlighted.
    """
    items = []
    for i, step in enumerate(steps, 1):
        if upto is not None and i > upto:
            break
        cls = f"gin-step gin-step-{html.escape(step.code)}"
        if upto is not None and i == upto:
            cls += " gin-step-current"
        items.append(f'<li class="{cls}">{html.escape(step.render())}</li>')
    return f'<ol class="gin-lesson-steps {css}">{"".join(items)}</ol>'


def message_html(text: str, *, title: str = "") -> str:
    """A learner-facing message box (used for errors inside callbacks); ``text`` and
    ``title`` are rendered sentences."""
    head = f"<b>{html.escape(title)}</b> " if title else ""
    return f'<div role="status">{head}{html.escape(text)}</div>'


def table_html(
    header: Sequence[str], rows: Iterable[Sequence[Any]], *, css: str = "", numeric: bool = False
) -> str:
    """A simple table; cells (rendered text) are escaped unless they are already marked as
    HTML."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = []
    for row in rows:
        cells = []
        for j, cell in enumerate(row):
            text = cell.html if isinstance(cell, Raw) else html.escape(str(cell))
            num = ' class="gin-num"' if numeric and j > 0 else ""
            cells.append(f"<td{num}>{text}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return (
        f'<table class="gin-table {css}"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table>"
    )


class Raw:
    """HTML that :func:`table_html` must not escape."""

    def __init__(self, html_text: str) -> None:
        self.html = html_text

    def __str__(self) -> str:
        return self.html


__all__ = [
    "Raw",
    "arrangement_html",
    "backs_html",
    "card_html",
    "cards_html",
    "deadwood_label",
    "group_html",
    "meld_caption",
    "message_html",
    "steps_html",
    "table_html",
]
