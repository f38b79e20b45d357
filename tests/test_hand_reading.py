"""Reading the opponent's hand from how it plays (issue 39): what an opponent did not do
tells as much as what it did.

An opponent that knocks as soon as it can (``eager``, OpenSpiel's simple bot) never holds a
knock it passed up, and throws away the card leaving the least deadwood; the expert's
guesses of its hand (``sample_opponent_hand(..., hasty=True)``) are drawn to fit that.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import gin
from gin.bots import EagerBot, make_bot
from gin.bots.evaluate import misfit, sample_opponent_hand
from gin.bots.expert import sample_world
from gin.bots.memory import remember
from gin.cards import cards_mask
from gin.melds import deadwood_of_mask

CLASSIC = gin.Rules.preset("classic")
SPADES = gin.Rules.preset("spades-double")


def _eager_views(seed: int, rules: gin.Rules) -> list[tuple[gin.Deal, gin.PlayerView]]:
    """Every view of a deal of two ``eager`` players at which the player to move draws
    (the opponent has just discarded), with a copy of the deal at that point."""
    d = gin.Deal.new(rules, dealer=seed % 2, rng=random.Random(seed))
    bots = [EagerBot(), EagerBot()]
    out = []
    while not d.is_over and d.to_move is not None:
        p = d.to_move
        view = d.view(p)
        if view.phase is gin.Phase.DRAW:
            out.append((d.copy(), view))
        d.apply(bots[p].choose(view))
    return out


def test_the_memory_keeps_the_card_the_opponent_just_threw_away() -> None:
    views = _eager_views(3, CLASSIC)
    assert views
    for _, view in views:
        mem = remember(view)
        last = [e for e in view.events if getattr(e, "player", None) == 1 - view.player][-1]
        if isinstance(last, gin.actions.Discarded):
            assert mem.opp_last_discard == last.card.index
            assert view.top_discard == last.card
        else:
            assert mem.opp_last_discard == -1
    d = gin.Deal.new(CLASSIC, dealer=0, rng=random.Random(1))
    assert remember(d.view(1)).opp_last_discard == -1  # nobody has moved


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), spades=st.booleans())
def test_an_eager_opponents_real_hand_always_fits_the_reading_of_a_hasty_player(
    seed: int, spades: bool
) -> None:
    """The reading is exactly right for the opponent it models: at every draw of an eager
    deal, the eager opponent's real hand holds no knock and kept no card worse than the
    one it threw away."""
    rules = SPADES if spades else CLASSIC
    for d, view in _eager_views(seed, rules):
        mem = remember(view)
        real = cards_mask(d.hands[1 - view.player])
        assert misfit(real, view.knock_limit, True, mem.opp_last_discard, mem.opp_last_blocked) == 0


def test_guesses_of_a_hasty_opponent_fit_its_play_far_more_often() -> None:
    """Drawn with ``hasty=True``, the guesses of an opponent that just discarded hold no
    knock it would have made, and keep no card worse than the one it threw away, far more
    often than guesses that don't read its play (a misfit at least four times rarer)."""
    fits = {None: 0, True: 0}
    knocks = {None: 0, True: 0}
    n = 0
    for seed in range(6):
        for _, view in _eager_views(seed, SPADES)[3:]:
            mem = remember(view)
            for hasty in (None, True):
                rng = random.Random(seed)
                for _ in range(8):
                    hand = sample_opponent_hand(mem, rng, limit=view.knock_limit, hasty=hasty)
                    bad = misfit(hand, view.knock_limit, True, mem.opp_last_discard)
                    fits[hasty] += bad == 0
                    knocks[hasty] += deadwood_of_mask(hand) <= view.knock_limit
            n += 8
    assert n > 100
    # measured: 24 of 688 guesses misfit reading the play, 162 without
    assert 4 * (n - fits[True]) < n - fits[None]
    assert knocks[True] < knocks[None]


def test_a_patient_opponent_may_be_guessed_holding_a_knock_but_never_gin() -> None:
    """An opponent that waits for gin may hold a knock; no player holds gin and plays on."""
    held = 0
    for seed in range(6):
        for _, view in _eager_views(seed, SPADES)[3:]:
            mem = remember(view)
            rng = random.Random(seed)
            for _ in range(8):
                hand = sample_opponent_hand(mem, rng, limit=view.knock_limit, hasty=False)
                dw = deadwood_of_mask(hand)
                assert dw > 0 or mem.opp_discarded == 0
                held += dw <= view.knock_limit
    assert held > 0


def test_the_expert_reading_the_play_stays_deterministic_and_sees_no_hidden_card() -> None:
    """A world guessed by reading the play agrees with everything seen; the same view gets
    the same move."""
    for d, view in _eager_views(11, SPADES)[2:6]:
        mem = remember(view)
        world = sample_world(view, mem, random.Random(2), opponent_patient=False, reads_play=True)
        me = view.player
        assert world.hands[me] == mem.hand
        opp = world.hands[1 - me]
        assert opp & mem.opp_known == mem.opp_known
        assert opp & ~mem.opp_known & ~mem.unseen == 0
        one = make_bot("expert", random.Random(1), opponent="eager", playouts=40, reads_play=True)
        two = make_bot("expert", random.Random(9), opponent="eager", playouts=40, reads_play=True)
        assert one.choose(view) == two.choose(view)
        assert d.view(me) == view
