"""Where the up card is: the engine's fact (:attr:`gin.PlayerView.up_card_place`) and the
label beside the knock-limit badge. An up card both players passed, buried under later
discards, is never labelled as taken (issue 21)."""

from __future__ import annotations

import random

import gin
from gin.bots import EagerBot
from gin.ui.table.piles import Piles


def _label(view: gin.PlayerView) -> str:
    piles = Piles(lambda _e: None)
    piles.show(view, four_color=False, large=False)
    return str(piles.up_card_html.value)


def test_an_up_card_both_players_passed_is_buried_not_taken() -> None:
    d = gin.Deal.new(gin.Rules.preset("classic"), rng=random.Random(3))
    up = d.up_card
    d.apply(gin.Pass())
    d.apply(gin.Pass())
    d.apply(gin.DrawStock())
    view = d.view(d.to_move)  # type: ignore[arg-type]
    d.apply(gin.Discard(next(c for c in view.hand if c != up)))
    for p in (0, 1):
        v = d.view(p)
        assert v.top_discard != up and up in v.discard_pile
        assert v.up_card_place == "buried"
        label = _label(v)
        assert "nobody holds it" in label and "took" not in label


def test_the_up_card_taken_is_in_the_takers_hand_and_the_other_sees_who_took_it() -> None:
    d = gin.Deal.new(gin.Rules.preset("classic"), rng=random.Random(3))
    taker = d.to_move
    assert taker is not None
    assert d.view(taker).up_card_place == "top"
    d.apply(gin.TakeUpCard())
    assert d.view(taker).up_card_place == "hand"
    assert "in your hand" in _label(d.view(taker))
    other = d.view(1 - taker)
    assert other.up_card_place == "opponent"
    assert "your opponent took it" in _label(other)


def test_the_up_card_place_agrees_with_the_cards_over_whole_deals() -> None:
    """Property over seeded deals: the place is where the card is in the view."""
    for seed in range(12):
        d = gin.Deal.new(gin.Rules.preset("spades-double"), rng=random.Random(seed))
        eager = EagerBot(random.Random(seed))
        while not d.is_over:
            for p in (0, 1):
                v = d.view(p)
                place = v.up_card_place
                assert (place == "top") == (v.top_discard == v.up_card)
                assert (place == "buried") == (v.up_card in v.discard_pile[:-1])
                assert (place == "hand") == (v.up_card in v.hand)
                if place == "opponent":
                    assert v.up_card in v.opponent_known
            p = d.to_move
            assert p is not None
            d.apply(eager.choose(d.view(p)))
