"""Playing cards drawn as self-contained SVG text: no images, no web fonts, no card art.

Every function here is pure (cards in, an SVG string out) and imports no widget library,
so lessons can use the pictures anywhere (``ipywidgets.HTML``, Markdown, files).

>>> from gin.cards import Card
>>> svg = card_svg(Card.parse("7S"))
>>> 'aria-label="seven of spades"' in svg and "<title>seven of spades</title>" in svg
True

Suits are drawn as shapes, not font glyphs, so they look the same in every browser.
Colours: the classic deck is red and black; the four-colour deck draws clubs green and
diamonds blue.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from html import escape

from gin.cards import Card, Suit
from gin.i18n import M, card_name, cards_name, rank_label
from gin.melds import Arrangement

FONT_STACK = (
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', "
    "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif"
)
"""System fonts only: nothing is fetched from the network."""

CARD_WIDTH = 84
"""Width in CSS pixels of a normal card (height is 1.4 times the width)."""
LARGE_CARD_WIDTH = 120
"""Width in CSS pixels of a large card, for projectors."""

RED = "#c8102e"
BLACK = "#141414"
BLUE = "#0a4fb4"
GREEN = "#137a2c"
SELECT_COLOUR = "#f2a900"
MARK_TINT = "#fff1c7"

# The card is drawn in a 200 x 280 box and scaled by the svg's width and height.
_W, _H = 200, 280

# Suit shapes, drawn in a 100 x 100 box. No path uses an "S" or "Q" command right after a
# number, so no card code such as "7S" can appear in the markup by accident.
_SUIT_SHAPES: dict[Suit, str] = {
    Suit.HEARTS: (
        '<path d="M50 92 C 22 70, 2 52, 4 30 C 6 10, 26 2, 40 10 C 45 13, 48 18, 50 24 '
        'C 52 18, 55 13, 60 10 C 74 2, 94 10, 96 30 C 98 52, 78 70, 50 92 Z"/>'
    ),
    Suit.DIAMONDS: '<path d="M50 2 L 88 50 L 50 98 L 12 50 Z"/>',
    Suit.SPADES: (
        '<path d="M50 4 C 62 22, 96 40, 96 62 C 96 80, 74 88, 58 76 C 60 86, 64 92, 72 97 '
        'L 28 97 C 36 92, 40 86, 42 76 C 26 88, 4 80, 4 62 C 4 40, 38 22, 50 4 Z"/>'
    ),
    Suit.CLUBS: (
        '<circle cx="50" cy="27" r="21"/><circle cx="26" cy="60" r="21"/>'
        '<circle cx="74" cy="60" r="21"/><rect x="40" y="34" width="20" height="30"/>'
        '<path d="M46 60 C 46 78, 40 90, 30 97 L 70 97 C 60 90, 54 78, 54 60 Z"/>'
    ),
}


def suit_colour(suit: Suit, four_color: bool = False) -> str:
    """The ink colour of a suit: red and black, or green clubs and blue diamonds in the
    four-colour deck."""
    if suit in (Suit.HEARTS, Suit.DIAMONDS):
        return BLUE if four_color and suit is Suit.DIAMONDS else RED
    return GREEN if four_color and suit is Suit.CLUBS else BLACK


def _suit_shape(suit: Suit, x: float, y: float, size: float, colour: str) -> str:
    scale = size / 100
    return (
        f'<g transform="translate({x:g} {y:g}) scale({scale:g})" fill="{colour}">'
        f"{_SUIT_SHAPES[suit]}</g>"
    )


def _as_card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


def card_width(large: bool = False) -> int:
    """The width in CSS pixels of a card drawn with this size."""
    return LARGE_CARD_WIDTH if large else CARD_WIDTH


def card_height(large: bool = False) -> int:
    """The height in CSS pixels of a card drawn with this size."""
    return card_width(large) * _H // _W


def _svg_open(label: str, width: int, height: int, extra: str = "") -> str:
    text = escape(label, quote=True)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_W} {_H}" '
        f'width="{width}" height="{height}" role="img" aria-label="{text}"{extra}>'
        f"<title>{escape(label)}</title>"
    )


def card_svg(
    card: Card | str,
    *,
    four_color: bool = False,
    large: bool = False,
    selected: bool = False,
    marked: bool = False,
) -> str:
    """One card face as an SVG string.

    ``card`` is a :class:`~gin.cards.Card` or a code such as ``"7S"``. The rank is printed
    large in two corners and the suit drawn large in the middle; jacks, queens and kings
    show their letter in a frame. ``selected`` draws a thick gold outline, ``marked`` (a
    deadwood card) a tinted face with a dashed border. The text alternative is the card's
    name, such as ``seven of spades``.
    """
    c = _as_card(card)
    colour = suit_colour(c.suit, four_color)
    w, h = card_width(large), card_height(large)
    face = MARK_TINT if marked else "#ffffff"
    border = (
        f'<rect x="4" y="4" width="192" height="272" rx="16" fill="{face}" '
        f'stroke="{SELECT_COLOUR if selected else "#555"}" '
        f'stroke-width="{10 if selected else 3}"/>'
    )
    if marked:
        border += (
            '<rect x="14" y="14" width="172" height="252" rx="10" fill="none" '
            'stroke="#b07d00" stroke-width="3" stroke-dasharray="10 8"/>'
        )
    label = escape(rank_label(c.code))
    size = 62 if c.rank != 10 else 54
    text_style = f'font-family="{FONT_STACK}" font-weight="700" fill="{colour}"'
    # The rank is written once; the other corner and a face card's middle repeat it with
    # <use>, so the card's visible text is its label once ("9", not "99": a screen reader's
    # name "9♥, nine of hearts" holds it). Identical cards share the id of identical text.
    rank_id = f"gin-rank-{c.code}-{colour.lstrip('#')}"
    place = 'x="35" text-anchor="middle"' if c.rank >= 11 else f'x="{16 if c.rank != 10 else 12}"'
    corner = (
        f'<text id="{rank_id}" {place} y="66" font-size="{size}" {text_style} '
        f'letter-spacing="-3">{label}</text>' + _suit_shape(c.suit, 18, 76, 40, colour)
    )
    repeat = f'<use href="#{rank_id}"/>' + _suit_shape(c.suit, 18, 76, 40, colour)
    other = f'<g transform="rotate(180 {_W / 2:g} {_H / 2:g})">{repeat}</g>'
    if c.rank >= 11:
        middle = (
            f'<rect x="52" y="70" width="96" height="140" rx="8" fill="none" '
            f'stroke="{colour}" stroke-width="4"/>'
            f'<use href="#{rank_id}" transform="translate(100 156) scale({84 / 62:.4f}) '
            'translate(-35 -66)"/>' + _suit_shape(c.suit, 78, 166, 44, colour)
        )
    else:
        middle = _suit_shape(c.suit, 48, 88, 104, colour)
    return (
        _svg_open(card_name(c.code), w, h, ' class="gin-card-svg"')
        + border
        + corner
        + other
        + (middle + "</svg>")
    )


def card_back_svg(large: bool = False) -> str:
    """The back of a card, the same for every card (text alternative "face-down card")."""
    w, h = card_width(large), card_height(large)
    lines = []
    for i in range(-280, 200, 24):
        lines.append(f"M{i} 0 L{i + 280} 280")
        lines.append(f"M{i + 280} 0 L{i} 280")
    lattice = " ".join(lines)
    return (
        _svg_open(M["card.face-down"].render(), w, h, ' class="gin-card-back-svg"')
        + '<rect x="4" y="4" width="192" height="272" rx="16" fill="#1d3c78" '
        'stroke="#555" stroke-width="3"/>'
        + '<rect x="18" y="18" width="164" height="244" rx="8" fill="#27509c" '
        'stroke="#e8ecf5" stroke-width="4"/>'
        + '<svg x="18" y="18" width="164" height="244" viewBox="18 18 164 244">'
        + f'<path d="{lattice}" stroke="#8fb0e8" stroke-width="3" fill="none"/></svg>'
        + '<circle cx="100" cy="140" r="34" fill="#1d3c78" stroke="#e8ecf5" stroke-width="4"/>'
        + _suit_shape(Suit.SPADES, 80, 120, 40, "#e8ecf5")
        + "</svg>"
    )


def _join_cards(
    pictures: Sequence[str],
    offsets: Sequence[float],
    *,
    large: bool,
    label: str,
) -> str:
    w, h = card_width(large), card_height(large)
    total = (offsets[-1] + w) if offsets else 0
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total:g}" height="{h}" '
        f'viewBox="0 0 {total:g} {h}" role="img" aria-label="{escape(label, quote=True)}">'
        f"<title>{escape(label)}</title>"
    ]
    for x, pic in zip(offsets, pictures, strict=True):
        parts.append(f'<g transform="translate({x:g} 0)">{pic}</g>')
    parts.append("</svg>")
    return "".join(parts)


def hand_svg(
    cards: Iterable[Card | str],
    *,
    four_color: bool = False,
    large: bool = False,
    marked: Collection[Card | str] = (),
    selected: Collection[Card | str] = (),
    overlap: float = 0.0,
    label: str | None = None,
) -> str:
    """A row of cards as one static SVG picture (for lessons and explanations).

    ``marked`` and ``selected`` are cards to draw marked (deadwood) or selected.
    ``overlap`` (0 to 0.8) is the fraction of each card hidden under the next one. The
    picture's text alternative lists the cards by name unless ``label`` is given.
    """
    cs = [_as_card(c) for c in cards]
    mk = {_as_card(c) for c in marked}
    sel = {_as_card(c) for c in selected}
    step = card_width(large) * (1 - min(max(overlap, 0.0), 0.8)) + (0 if overlap else 6)
    pics = [
        card_svg(c, four_color=four_color, large=large, marked=c in mk, selected=c in sel)
        for c in cs
    ]
    text = label if label is not None else cards_name([c.code for c in cs])
    return _join_cards(pics, [i * step for i in range(len(cs))], large=large, label=text)


def groups_svg(
    groups: Iterable[Iterable[Card | str]],
    *,
    four_color: bool = False,
    large: bool = False,
    marked: Collection[Card | str] = (),
    label: str | None = None,
) -> str:
    """Groups of cards (melds, then deadwood) in one picture, with a gap between groups."""
    mk = {_as_card(c) for c in marked}
    pics: list[str] = []
    offsets: list[float] = []
    names: list[str] = []
    x = 0.0
    w = card_width(large)
    for group in groups:
        cs = [_as_card(c) for c in group]
        if not cs:
            continue
        if pics:
            x += w * 0.35
        for c in cs:
            pics.append(card_svg(c, four_color=four_color, large=large, marked=c in mk))
            offsets.append(x)
            x += w + 4
        names.append(cards_name([c.code for c in cs]))
    text = label if label is not None else ("; ".join(names) or cards_name([]))
    return _join_cards(pics, offsets, large=large, label=text)


def arrangement_svg(
    arrangement: Arrangement,
    *,
    four_color: bool = False,
    large: bool = False,
) -> str:
    """An arrangement as one picture: each meld, then the deadwood set apart and marked."""
    groups: list[Sequence[Card]] = [m.cards for m in arrangement.melds]
    if arrangement.deadwood:
        groups.append(arrangement.deadwood)
    return groups_svg(
        groups,
        four_color=four_color,
        large=large,
        marked=arrangement.deadwood,
        label=arrangement.describe(),
    )


__all__ = [
    "CARD_WIDTH",
    "FONT_STACK",
    "LARGE_CARD_WIDTH",
    "arrangement_svg",
    "card_back_svg",
    "card_height",
    "card_svg",
    "card_width",
    "groups_svg",
    "hand_svg",
    "suit_colour",
]
