"""The learner's own order of the hand (issue 29): :class:`gin.ui.table.handorder.HandOrder`
(UI state that never enters the engine) and the part that lets the learner order the hand
on the page, :class:`gin.ui.table.ordering.HandOrdering`."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gin
from gin.cards import DECK, Card, parse_cards
from gin.errors import CardParseError
from gin.ui.cardarea import CardArea
from gin.ui.table.handorder import SUIT_ORDER, HandOrder, HandOrderError
from gin.ui.table.ordering import HandOrdering

pytestmark = pytest.mark.usefixtures("fresh_widgets")


# --------------------------------------------------------------------------- HandOrder


def test_the_hand_starts_in_the_order_given_and_a_new_card_goes_to_the_right() -> None:
    """Issue 29: the learner's order is kept while the deal lasts; a card drawn or taken
    goes to the right end; a card discarded is dropped; the rest keep their places."""
    order = HandOrder(parse_cards("KH 3S 9D 4S 7C"))
    assert order.codes == ["KH", "3S", "9D", "4S", "7C"]
    assert order.follow(sorted(parse_cards("KH 3S 9D 4S 7C 5S"))) == [
        "KH", "3S", "9D", "4S", "7C", "5S",
    ]  # fmt: skip
    assert order.follow(parse_cards("3S 9D 4S 7C 5S")) == ["3S", "9D", "4S", "7C", "5S"]


def test_the_order_dealt_is_a_seeded_shuffle_of_the_view_s_sorted_hand() -> None:
    """A PlayerView lists the hand sorted; the order dealt is shuffled from a seeded
    random.Random (determinism: the same seed fans the same way), never sorted."""
    hand = sorted(DECK[:10])
    a = HandOrder.dealt(hand, random.Random(5))
    assert a.codes == HandOrder.dealt(reversed(hand), random.Random(5)).codes
    assert sorted(a.cards) == hand
    assert any(HandOrder.dealt(hand, random.Random(s)).cards != tuple(hand) for s in range(3))


def test_moves_by_a_step_stop_at_either_end() -> None:
    order = HandOrder(parse_cards("2C 3C 4C"))
    assert order.move("3C", -1) == 0 and order.codes == ["3C", "2C", "4C"]
    assert order.move("3C", -1) == 0 and order.codes == ["3C", "2C", "4C"]
    assert order.move(gin.Card.parse("2C"), 5) == 2 and order.codes == ["3C", "4C", "2C"]


def test_move_to_a_place_and_refusals_leave_the_order_as_it_was() -> None:
    """Bad input: a card not held, a code that is no card, a place the hand lacks each
    raise a specific ValueError with a code and leave the order untouched."""
    order = HandOrder(parse_cards("2C 3C 4C 5C"))
    assert order.move_to("5C", 0) == ["5C", "2C", "3C", "4C"]
    with pytest.raises(HandOrderError) as err:
        order.move_to("KH", 0)
    assert err.value.code == "hand-not-held" and "K♥" in err.value.message
    with pytest.raises(HandOrderError) as err:
        order.move_to("2C", 4)
    assert err.value.code == "hand-bad-place" and "5" in err.value.message
    with pytest.raises(HandOrderError):
        order.move_to("2C", -1)
    with pytest.raises(HandOrderError):
        order.move_to("2C", True)  # type: ignore[arg-type]
    with pytest.raises(CardParseError):
        order.move("ZZ", 1)
    assert isinstance(err.value, ValueError)
    assert order.codes == ["5C", "2C", "3C", "4C"]
    for lang in gin.i18n.LANGUAGES:
        assert err.value.render(lang)


def test_sort_by_suit_is_suit_by_suit_in_alternating_colours_then_rank_aces_low() -> None:
    """As players fan a hand to see runs: ♠ ♥ ♣ ♦ (two suits of one colour never touch),
    each suit from the ace up."""
    order = HandOrder(parse_cards("KD 2S QH AS 9C AH 3D"))
    assert order.sort_by_suit() == ["AS", "2S", "AH", "QH", "9C", "3D", "KD"]
    assert [s.name for s in SUIT_ORDER] == ["SPADES", "HEARTS", "CLUBS", "DIAMONDS"]


def test_sort_by_rank_puts_the_cards_of_a_set_together() -> None:
    """As players fan a hand to see sets: ace low to king, each rank's suits in the
    same order as the suit sort."""
    order = HandOrder(parse_cards("7D KS 7S AH 7C 2D"))
    assert order.sort_by_rank() == ["AH", "2D", "7S", "7C", "7D", "KS"]


_step = st.one_of(
    st.tuples(st.just("follow"), st.lists(st.sampled_from(DECK), max_size=11, unique=True)),
    st.tuples(st.just("move"), st.integers(0, 10), st.integers(-12, 12)),
    st.tuples(st.just("move_to"), st.integers(0, 10), st.integers(-2, 12)),
    st.tuples(st.just("suit")),
    st.tuples(st.just("rank")),
)


@given(start=st.lists(st.sampled_from(DECK), max_size=11, unique=True), steps=st.lists(_step))
def test_the_order_is_always_a_permutation_of_the_hand(
    start: list[Card], steps: list[tuple[object, ...]]
) -> None:
    """Invariant: whatever the learner and the deal do, the order holds exactly the cards
    of the hand, each once; a refused move changes nothing; a card kept through a change
    of the hand keeps its order relative to the other kept cards (never re-sorted behind
    the learner's back)."""
    order = HandOrder(start)
    hand = list(start)
    for step in steps:
        before = order.codes
        if step[0] == "follow":
            hand = list(step[1])  # type: ignore[call-overload]
            order.follow(hand)
            kept = [c for c in before if c in {x.code for x in hand}]
            assert order.codes[: len(kept)] == kept
        elif step[0] in ("move", "move_to") and order.codes:
            code = order.codes[int(step[1]) % len(order)]  # type: ignore[call-overload]
            if step[0] == "move":
                at = order.move(code, int(step[2]))  # type: ignore[call-overload]
                assert order.codes[at] == code
            else:
                place = int(step[2])  # type: ignore[call-overload]
                if 0 <= place < len(order):
                    assert order.move_to(code, place)[place] == code
                else:
                    with pytest.raises(HandOrderError):
                        order.move_to(code, place)
                    assert order.codes == before
        elif step[0] == "suit":
            order.sort_by_suit()
        elif step[0] == "rank":
            order.sort_by_rank()
        assert sorted(order.cards) == sorted(hand)
        assert len(set(order.codes)) == len(order)


# --------------------------------------------------------------------------- HandOrdering


def ordering(codes: str, start: str = "dealt") -> tuple[HandOrdering, CardArea, list[int]]:
    area = CardArea(mode="single", key_input=True)
    drawn: list[int] = []

    def redraw() -> None:
        drawn.append(1)
        area.show(part.cards)

    part = HandOrdering(area, on_change=redraw)
    part.start(parse_cards(codes), start, random.Random(3))  # type: ignore[arg-type]
    return part, area, drawn


def test_the_hand_s_order_is_kept_across_a_draw() -> None:
    """Issue 29 (widget test): the learner's order survives a draw; the new card goes to
    the right of the hand on show."""
    part, area, _ = ordering("KH 3S 9D 4S 7C 2H 5D 8S JC QD")
    area.move("9D", 0)
    mine = area.codes
    area.show(part.follow(parse_cards("KH 3S 9D 4S 7C 2H 5D 8S JC QD AS")))
    assert area.codes == [*mine, "AS"]
    area.show(part.follow(parse_cards("KH 3S 9D 4S 7C 2H 5D 8S JC AS")))
    assert area.codes == [c for c in [*mine, "AS"] if c != "QD"]


def test_sort_buttons_sort_the_hand_and_say_so() -> None:
    """Issue 29 (widget test): "sort by suit" and "sort by rank", as real players do by
    hand; each is said in the live region."""
    part, area, drawn = ordering("7D KS 7S AH 7C 2D")
    assert "gin-action-sort-suit" in part.sort_suit._dom_classes
    part.sort_suit.click()
    assert area.codes == ["7S", "KS", "AH", "7C", "2D", "7D"]
    assert area.announcement == "Your hand is sorted by suit."
    part.sort_rank.click()
    assert area.codes == ["AH", "2D", "7S", "7C", "7D", "KS"]
    assert area.announcement == "Your hand is sorted by rank."
    assert len(drawn) == 3  # the start, and each sort


def test_a_key_moves_the_selected_card_and_each_move_is_announced() -> None:
    """Keyboard: the selected card moves one place left or right (the page's move key);
    each move is said politely; at an end nothing moves and the learner is told why."""
    part, area, _ = ordering("2C 3C 4C", start="suit")
    area.click("3C")
    area.move_selected(1)
    assert part.order.codes == ["2C", "4C", "3C"] == area.codes
    assert area.announcement == "The 3♣ is now card 3 of 3."
    area.move_selected(1)
    assert area.codes == ["2C", "4C", "3C"]
    assert area.announcement == "The 3♣ is already the last card."
    assert area.selected == "3C"


def test_the_part_is_hidden_and_the_area_fixed_while_not_active() -> None:
    part, area, _ = ordering("2C 3C 4C", start="suit")
    assert area.reorderable and part.widget.layout.display == "flex"
    part.active = False
    assert not area.reorderable and part.widget.layout.display == "none"
    area.move("4C", 0)  # a page behind: ignored
    assert part.order.codes == ["2C", "3C", "4C"]


def test_the_part_says_its_buttons_and_keys_in_the_current_language() -> None:
    part, _, _ = ordering("2C 3C")
    with gin.i18n.language("he"):
        part.relabel()
    assert part.sort_suit.description == "מיין לפי צורה"
    assert "Shift" in part.keys_note.value
    part.relabel()
    assert part.sort_rank.description == "Sort by rank"
