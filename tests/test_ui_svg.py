"""The self-made SVG cards: readable, accessible, self-contained."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from test_ui_support import cards_named

import gin
from gin.ui.svg import (
    BLACK,
    BLUE,
    GREEN,
    RED,
    arrangement_svg,
    card_back_svg,
    card_svg,
    groups_svg,
    hand_svg,
    suit_colour,
)

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("card", gin.DECK, ids=lambda c: c.code)
def test_every_card_has_its_name_as_text_alternative(card: gin.Card) -> None:
    svg = card_svg(card)
    root = ET.fromstring(svg)
    assert root.get("role") == "img"
    assert root.get("aria-label") == card.name
    assert root.find(f"{SVG}title").text == card.name  # type: ignore[union-attr]
    assert card.label in "".join(root.itertext())


@pytest.mark.parametrize("card", gin.DECK, ids=lambda c: c.code)
def test_a_cards_markup_names_no_other_card(card: gin.Card) -> None:
    for svg in (card_svg(card), card_svg(card, marked=True, selected=True, large=True)):
        assert set(cards_named(svg)) == {card}


def test_card_back_names_no_card() -> None:
    for svg in (card_back_svg(), card_back_svg(large=True)):
        ET.fromstring(svg)
        assert cards_named(svg) == {}
        assert 'aria-label="face-down card"' in svg


def test_classic_deck_is_red_and_black_and_four_colour_deck_greens_clubs_blues_diamonds() -> None:
    S, H, D, C = gin.Suit.SPADES, gin.Suit.HEARTS, gin.Suit.DIAMONDS, gin.Suit.CLUBS
    assert [suit_colour(s) for s in (S, H, D, C)] == [BLACK, RED, RED, BLACK]
    assert [suit_colour(s, True) for s in (S, H, D, C)] == [BLACK, RED, BLUE, GREEN]
    assert GREEN in card_svg("7C", four_color=True) and GREEN not in card_svg("7C")
    assert BLUE in card_svg("7D", four_color=True) and RED in card_svg("7D")


def test_large_cards_are_larger() -> None:
    def width(svg: str) -> int:
        return int(ET.fromstring(svg).get("width") or 0)

    assert width(card_svg("QH", large=True)) > width(card_svg("QH")) >= 80


def test_cards_fetch_nothing_and_use_system_fonts() -> None:
    for svg in (card_svg("TS"), card_back_svg(), hand_svg(gin.parse_cards("AS KD"))):
        without_ns = svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert "http" not in without_ns and "url(" not in without_ns
        assert "<image" not in svg and "@import" not in svg and "@font-face" not in svg


def test_selected_and_marked_cards_look_different() -> None:
    plain, sel, mark = card_svg("5H"), card_svg("5H", selected=True), card_svg("5H", marked=True)
    assert len({plain, sel, mark}) == 3
    assert "stroke-dasharray" in mark


def test_hand_and_group_pictures_hold_every_card_in_order() -> None:
    cards = gin.parse_cards("7S 8S 9S KH 2C")
    svg = hand_svg(cards, marked=cards[3:], overlap=0.3)
    root = ET.fromstring(svg)
    names = [e.get("aria-label") for e in root.iter(f"{SVG}svg")][1:]
    assert names == [c.name for c in cards]
    label = root.get("aria-label") or ""
    spots = [label.index(c.name) for c in cards]  # every card named, in order
    assert spots == sorted(spots) and label.endswith("and two of clubs")
    g = groups_svg([cards[:3], cards[3:]])
    assert set(cards_named(g)) == set(cards)


def test_arrangement_picture_sets_the_deadwood_apart_and_marks_it() -> None:
    arr = gin.best_arrangement(gin.parse_cards("5S 6S 7S 7H 7D 8S 9S KH"))
    svg = arrangement_svg(arr)
    assert ET.fromstring(svg).get("aria-label") == arr.describe()
    assert len(re.findall("stroke-dasharray", svg)) == len(arr.deadwood)


def test_a_bad_card_code_is_refused_with_the_engines_message() -> None:
    with pytest.raises(gin.CardParseError, match="is not a card"):
        card_svg("1X")
