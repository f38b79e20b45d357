"""Cards: reading them, their values, order, hashing and immutability (RULES.md, "Players
and cards")."""

from __future__ import annotations

import copy
import pickle

import pytest

import gin
from gin import DECK, Card, CardParseError, Suit, format_cards, parse_cards
from gin.cards import cards_mask, mask_cards
from gin.errors import ECHO_LIMIT


def test_deck_has_52_distinct_cards_in_index_order() -> None:
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert [c.index for c in DECK] == list(range(52))
    assert DECK[0] == Card(1, Suit.SPADES)
    assert DECK[-1] == Card(13, Suit.CLUBS)


@pytest.mark.parametrize(
    ("token", "rank"),
    [("A", 1), ("2", 2), ("3", 3), ("4", 4), ("5", 5), ("6", 6), ("7", 7), ("8", 8),
     ("9", 9), ("T", 10), ("10", 10), ("J", 11), ("Q", 12), ("K", 13)],
)  # fmt: skip
def test_every_rank_spelling_is_read(token: str, rank: int) -> None:
    assert Card.parse(token + "S").rank == rank


@pytest.mark.parametrize(
    ("token", "suit"),
    [("S", Suit.SPADES), ("H", Suit.HEARTS), ("D", Suit.DIAMONDS), ("C", Suit.CLUBS),
     ("♠", Suit.SPADES), ("♥", Suit.HEARTS), ("♦", Suit.DIAMONDS), ("♣", Suit.CLUBS)],
)  # fmt: skip
def test_every_suit_letter_and_symbol_is_read(token: str, suit: Suit) -> None:
    assert Card.parse("7" + token).suit is suit


def test_case_does_not_matter_when_reading_cards() -> None:
    assert [c.code for c in parse_cards("ts jd qc ks as")] == ["TS", "JD", "QC", "KS", "AS"]
    assert parse_cards("7s 8S 9s") == parse_cards("7S 8s 9S")
    assert Card.parse("qH") is Card.parse("Qh") is Card.parse("QH")


def test_cards_are_separated_by_spaces_or_commas() -> None:
    expected = ["7♠", "8♠", "9♠", "10♥", "K♦"]
    assert [str(c) for c in parse_cards("7S 8s 9♠ 10h Kd")] == expected
    assert [str(c) for c in parse_cards("7S,8s,9♠,10h,Kd")] == expected
    assert [str(c) for c in parse_cards(" 7S ,  8s,9♠\t10h\nKd ")] == expected


def test_ten_is_written_t_or_10() -> None:
    assert Card.parse("10h") is Card.parse("TH") is Card.parse("t♥")


def test_an_empty_text_is_no_cards() -> None:
    assert parse_cards("") == []
    assert parse_cards("  , ") == []


def test_parse_cards_accepts_tokens_and_cards() -> None:
    nine = Card.parse("9S")
    assert parse_cards(["7S", "8s", nine]) == [Card.parse("7S"), Card.parse("8S"), nine]


@pytest.mark.parametrize("bad", ["7X", "1", "11S", "ZS", "7", "S7", "10", "0H", "7SS", "♠"])
def test_a_bad_token_is_refused_naming_the_token(bad: str) -> None:
    with pytest.raises(CardParseError) as err:
        parse_cards(f"2S {bad} 3S")
    assert err.value.code == "bad-card"
    assert err.value.data == {"token": bad}
    assert isinstance(err.value, ValueError)


def test_a_long_bad_token_is_echoed_only_in_part() -> None:
    bad = "Q" * 500
    with pytest.raises(CardParseError) as err:
        parse_cards(bad)
    assert err.value.code == "bad-card"
    assert len(err.value.data["token"]) <= ECHO_LIMIT + 1
    assert bad not in err.value.message


def test_a_card_given_twice_is_refused() -> None:
    with pytest.raises(CardParseError) as err:
        parse_cards("7S 8H 7s")
    assert err.value.code == "duplicate-card"
    assert err.value.data == {"card": "7S"}
    with pytest.raises(CardParseError):
        parse_cards("10H TH")


def test_card_values_aces_low_faces_ten() -> None:
    points = {c.code: c.points for c in parse_cards("AS 2H 5D 9C TS JH QD KC")}
    assert points == {"AS": 1, "2H": 2, "5D": 5, "9C": 9, "TS": 10, "JH": 10, "QD": 10, "KC": 10}


def test_card_names_codes_and_labels() -> None:
    c = Card.parse("10h")
    assert (str(c), c.code, c.label, c.name) == ("10♥", "TH", "10", "ten of hearts")
    q = Card.parse("QS")
    assert (str(q), q.code, q.label, q.name) == ("Q♠", "QS", "Q", "queen of spades")
    assert str(Card.parse("AC")) == "A♣"
    assert str(Card.parse("2d")) == "2♦"
    assert format_cards(parse_cards("7S 8S 9S")) == "7♠ 8♠ 9♠"
    assert eval(repr(q), {"Card": Card}) is q


def test_cards_are_interned() -> None:
    assert Card(7, Suit.SPADES) is Card.parse("7S") is Card(7, 0) is DECK[6]
    assert copy.copy(DECK[6]) is DECK[6]
    assert copy.deepcopy(DECK[6]) is DECK[6]
    assert pickle.loads(pickle.dumps(DECK[6])) is DECK[6]


def test_cards_are_immutable() -> None:
    c = Card.parse("7S")
    with pytest.raises(AttributeError):
        c.rank = 8  # type: ignore[misc]
    with pytest.raises(AttributeError):
        c.extra = 1  # type: ignore[attr-defined]
    assert c.rank == 7


def test_card_attributes_cannot_be_deleted() -> None:
    c = Card.parse("6D")
    with pytest.raises(AttributeError):
        del c.rank  # type: ignore[misc]
    assert c.rank == 6 and c is Card(6, Suit.DIAMONDS)


def test_cards_sort_by_suit_then_rank_aces_low() -> None:
    cards = parse_cards("KC AS 2H TS AH 5D")
    assert [c.code for c in sorted(cards)] == ["AS", "TS", "AH", "2H", "5D", "KC"]
    a, b = Card.parse("AS"), Card.parse("2S")
    assert a < b and a <= b and b > a and b >= a and a <= a and a >= a
    assert not a < a


def test_equal_cards_hash_equal_and_work_as_keys() -> None:
    d = {Card.parse("7S"): "x"}
    assert d[Card(7, Suit.SPADES)] == "x"
    assert len({Card.parse("7S"), Card.parse("7s"), Card.parse("7♠")}) == 1
    assert len({hash(c) for c in DECK}) == 52
    assert Card.parse("7S") != "7S"


@pytest.mark.parametrize(("rank", "suit"), [(0, 0), (14, 0), (7, 4), (7, -1), (True, 0), ("7", 0)])
def test_a_card_outside_the_deck_cannot_be_built(rank: object, suit: object) -> None:
    with pytest.raises(CardParseError):
        Card(rank, suit)  # type: ignore[arg-type]


def test_card_index_and_mask_round_trip() -> None:
    for c in DECK:
        assert Card.from_index(c.index) is c
        assert c.index == int(c.suit) * 13 + c.rank - 1
        assert c.mask == 1 << c.index
    hand = parse_cards("AS 7H KC")
    assert mask_cards(cards_mask(hand)) == sorted(hand)
    with pytest.raises(CardParseError):
        Card.from_index(52)


def test_suit_symbols_letters_and_nouns() -> None:
    assert [s.symbol for s in Suit] == ["♠", "♥", "♦", "♣"]
    assert [s.letter for s in Suit] == ["S", "H", "D", "C"]
    assert Suit.DIAMONDS.noun == "diamonds"


def test_the_package_exports_the_card_api() -> None:
    assert gin.Card is Card and gin.parse_cards is parse_cards and gin.DECK is DECK
