"""Property tests (hypothesis): the solver against a brute force, and the invariants of
deals and games (every card accounted for, illegal actions change nothing, saving and
replaying give an equal game)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from brute import (
    brute_best_discards,
    brute_best_structures,
    brute_deadwood,
    brute_knock_outcome,
    canonical,
)
from conftest import CARDLESS_ACTIONS, play_at_random
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import gin
from gin.cards import cards_mask
from gin.deal import Deal
from gin.melds import best_discard_deadwood_of_mask, deadwood_of_mask

BASE = settings.default.max_examples
"""Examples per test in the active profile (see conftest.py); slow tests run fewer."""

# ---------------------------------------------------------------- strategies


def random_hands(min_size: int = 0, max_size: int = 11) -> st.SearchStrategy[list[gin.Card]]:
    """Any cards of the deck."""
    return st.lists(st.integers(0, 51), unique=True, min_size=min_size, max_size=max_size).map(
        lambda ix: [gin.DECK[i] for i in ix]
    )


@st.composite
def dense_hands(draw: st.DrawFn, min_size: int = 0, max_size: int = 11) -> list[gin.Card]:
    """Cards from 3 suits x 6 neighbouring ranks: many overlapping sets and runs."""
    suits = draw(st.permutations(list(gin.Suit)))[:3]
    low = draw(st.integers(1, 8))
    region = [gin.Card(r, s) for s in suits for r in range(low, low + 6)]
    picked = draw(
        st.lists(st.sampled_from(region), unique=True, min_size=min_size, max_size=max_size)
    )
    return picked


def hands(min_size: int = 0, max_size: int = 11) -> st.SearchStrategy[list[gin.Card]]:
    return st.one_of(random_hands(min_size, max_size), dense_hands(min_size, max_size))


def structure(arr: object) -> frozenset[tuple[str, frozenset[gin.Card]]]:
    return canonical([m.cards for m in arr.melds])  # type: ignore[attr-defined]


# ---------------------------------------------------------------- the solver


@given(hands())
def test_deadwood_equals_brute_force(hand: list[gin.Card]) -> None:
    assert gin.deadwood(hand) == brute_deadwood(hand)
    assert deadwood_of_mask(cards_mask(hand)) == brute_deadwood(hand)


@given(hands())
def test_best_arrangements_are_every_best_meld_structure(hand: list[gin.Card]) -> None:
    arrs = gin.best_arrangements(hand)
    least = brute_deadwood(hand)
    found = [structure(a) for a in arrs]
    assert len(found) == len(set(found)), "an arrangement is listed twice"
    assert set(found) == brute_best_structures(hand)
    for a in arrs:
        assert a.deadwood_points == least
        assert sorted(a.cards) == sorted(hand)
        for m in a.melds:
            assert gin.is_meld(m.cards) == m.kind
    assert gin.best_arrangements(list(reversed(hand))) == arrs  # a fixed order


@given(hands(min_size=11, max_size=11))
def test_best_discards_equal_brute_force(hand: list[gin.Card]) -> None:
    least, discards = brute_best_discards(hand)
    opts = gin.best_discards(hand)
    assert {o.discard for o in opts} == discards
    assert len(opts) == len(discards)
    for o in opts:
        assert o.deadwood_points == least
        kept = sorted(c for c in hand if c is not o.discard)
        assert sorted(o.arrangement.cards) == kept
        assert o.arrangement.deadwood_points == least
    assert best_discard_deadwood_of_mask(cards_mask(hand)) == least
    assert gin.discard_options(hand)[0].deadwood_points == least


@given(hands(), st.permutations(list(gin.Suit)))
def test_swapping_suits_does_not_change_deadwood(
    hand: list[gin.Card], perm: Sequence[gin.Suit]
) -> None:
    swapped = [gin.Card(c.rank, perm[c.suit]) for c in hand]
    assert gin.deadwood(swapped) == gin.deadwood(hand)
    assert len(gin.best_arrangements(swapped)) == len(gin.best_arrangements(hand))
    if len(hand) == 11:
        assert (
            gin.best_discards(swapped)[0].deadwood_points
            == gin.best_discards(hand)[0].deadwood_points
        )


@st.composite
def knocker_hands(draw: st.DrawFn) -> list[gin.Card]:
    """Ten cards that may knock: melds plus low cards, 10 deadwood at most.

    Melds are drawn next to each other, so sets and runs often compete for a card; half
    the hands hold a cross such as 3♠4♠5♠ 4♥ 4♦, which melds as the run or as the set
    with the same deadwood either way, so the knocker's tie-break matters."""
    suits = draw(st.permutations(list(gin.Suit)))
    hand: list[gin.Card] = []
    if draw(st.booleans()):
        x = draw(st.integers(2, 5))
        hand = [gin.Card(x - 1, suits[0]), gin.Card(x, suits[0]), gin.Card(x + 1, suits[0]),
                gin.Card(x, suits[1]), gin.Card(x, suits[2])]  # fmt: skip
        low = x
    else:
        low = draw(st.integers(1, 9))
    while len(hand) < 8:
        if draw(st.booleans()):
            suit = draw(st.sampled_from(suits))
            start = draw(st.integers(max(1, low - 1), min(11, low + 4)))
            length = draw(st.integers(3, min(5, 14 - start)))
            meld = [gin.Card(r, suit) for r in range(start, start + length)]
        else:
            rank = draw(st.integers(low, min(13, low + 5)))
            size = draw(st.integers(3, 4))
            meld = [gin.Card(rank, s) for s in draw(st.permutations(list(gin.Suit)))[:size]]
        meld = [c for c in meld if c not in hand]
        if len(hand) + len(meld) <= 10 and gin.is_meld(meld):
            hand += meld
        elif len(hand) >= 7:
            break
    rest = [c for c in gin.DECK if c not in hand and c.rank <= 4]
    filler = draw(st.lists(st.sampled_from(rest), unique=True, min_size=10 - len(hand),
                           max_size=10 - len(hand)))  # fmt: skip
    hand += filler
    assume(gin.deadwood(hand) <= 10)
    return hand


@st.composite
def knock_positions(draw: st.DrawFn) -> tuple[list[gin.Card], list[gin.Card]]:
    """A knocker's ten cards with at most 10 deadwood and a defender's ten, often close
    enough to lay off."""
    knocker = draw(knocker_hands())
    rest = [c for c in gin.DECK if c not in knocker]
    near = [c for c in rest if any(abs(c.rank - k.rank) <= 2 for k in knocker)]
    n_near = min(draw(st.integers(0, 10)), len(near))
    first = draw(st.lists(st.sampled_from(near), unique=True, min_size=n_near,
                          max_size=n_near))  # fmt: skip
    others = [c for c in rest if c not in first]
    second = draw(
        st.lists(st.sampled_from(others), unique=True, min_size=10 - len(first),
                 max_size=10 - len(first))
    )  # fmt: skip
    return knocker, first + second


@settings(
    max_examples=max(10, BASE // 3),
    suppress_health_check=[HealthCheck.large_base_example, HealthCheck.filter_too_much],
)
@given(knock_positions())
def test_layoffs_and_the_knockers_tie_break_equal_brute_force(
    position: tuple[list[gin.Card], list[gin.Card]],
) -> None:
    knocker, defender = position
    rules = gin.Rules.preset("classic", ace_knock_limit=10)
    aces = [c for c in gin.DECK if c.rank == 1 and c not in knocker and c not in defender]
    assume(aces)
    up = aces[0]  # with ace_knock_limit=10 any knock of 10 or less is legal
    r = gin.score_deal(rules, up, knocker, defender)
    kdw, ddw, _ = brute_knock_outcome(knocker, defender)
    assert r.knocker_deadwood == kdw
    if kdw == 0:
        assert r.layoffs == () and r.defender_deadwood == brute_deadwood(defender)
    else:
        assert r.defender_deadwood == ddw
    laid = [lo.card for lo in r.layoffs]
    assert sorted(laid + list(r.defender_arrangement.cards)) == sorted(defender)
    assert r.defender_arrangement.deadwood_points == r.defender_deadwood
    for lo in r.layoffs:
        assert gin.can_extend(lo.onto, lo.card)


# ---------------------------------------------------------------- deals and games

RULES = [
    gin.Rules.preset("classic"),
    gin.Rules.preset("spades-double"),
    gin.Rules.preset("classic", may_discard_taken_card=True, big_gin=True, ace_knock_limit=0),
]

POOL = CARDLESS_ACTIONS


def step(deal: Deal, rng: random.Random) -> None:
    legal = deal.legal_actions()
    knocks = [a for a in legal if isinstance(a, gin.Knock | gin.BigGin)]
    deal.apply(rng.choice(knocks) if knocks and rng.random() < 0.3 else rng.choice(legal))


def assert_cards_accounted_for(deal: Deal) -> None:
    everything = [*deal.hands[0], *deal.hands[1], *deal.stock, *deal.discard_pile]
    assert sorted(everything) == list(gin.DECK)


@given(st.integers(0, 2**32), st.sampled_from(RULES), st.integers(0, 1))
def test_all_52_cards_are_always_accounted_for(seed: int, rules: gin.Rules, dealer: int) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rules, dealer, rng=rng)
    assert_cards_accounted_for(deal)
    n = 0
    while not deal.is_over:
        step(deal, rng)
        assert_cards_accounted_for(deal)
        n += 1
        for p in (0, 1) if n % 5 == 0 or deal.is_over else ():
            v = deal.view(p)
            assert len(v.hand) + v.opponent_card_count + v.stock_count + len(v.discard_pile) == 52


def probe_actions(deal: Deal, rng: random.Random) -> list[object]:
    cards = rng.sample(gin.DECK, 3)
    return [*POOL, *(gin.Discard(c) for c in cards), *(gin.Knock(c) for c in cards)]


@given(st.integers(0, 2**32), st.sampled_from(RULES), st.integers(0, 80))
def test_an_illegal_action_never_changes_the_state(seed: int, rules: gin.Rules, moves: int) -> None:
    rng = random.Random(seed)
    deal = Deal.new(rules, seed % 2, rng=rng)
    for _ in range(moves):
        if deal.is_over:
            break
        step(deal, rng)
    legal = deal.legal_actions()
    for action in probe_actions(deal, rng):
        before = deal.snapshot()
        if action in legal:
            assert deal.can(action)  # type: ignore[arg-type]
            continue
        with pytest.raises(gin.IllegalActionError):
            deal.apply(action)  # type: ignore[arg-type]
        assert deal.snapshot() == before
        assert not deal.can(action)  # type: ignore[arg-type]
    if deal.to_move is not None:
        with pytest.raises(gin.IllegalActionError) as err:
            deal.apply(legal[0], player=1 - deal.to_move)
        assert err.value.code == "not-your-turn"


@settings(max_examples=max(10, BASE // 6))
@given(st.integers(0, 2**32), st.sampled_from(RULES), st.integers(0, 400))
def test_save_restore_and_replay_give_an_equal_game(
    seed: int, rules: gin.Rules, entries: int
) -> None:
    rng = random.Random(seed)
    game = gin.Game(rules.replace(target=60), rng=random.Random(seed))
    play_at_random(game, rng, entries)
    restored = gin.Game.from_json(game.to_json())
    assert restored == game
    assert game.replay() == game
    assert restored.to_json() == game.to_json()
    # both play on identically
    rng_a, rng_b = random.Random(seed + 1), random.Random(seed + 1)
    play_at_random(game, rng_a, 30)
    play_at_random(restored, rng_b, 30)
    assert restored == game


@settings(max_examples=max(10, BASE // 6))
@given(st.integers(0, 2**32), st.integers(1, 300))
def test_undo_then_redo_gives_the_same_game(seed: int, entries: int) -> None:
    rng = random.Random(seed)
    game = gin.Game(gin.Rules.preset("classic", target=60), rng=random.Random(seed))
    play_at_random(game, rng, entries)
    assume(game.log)
    log = list(game.log)
    try:
        game.check_undo(1)
    except gin.UndoRefusedError as e:  # fair play: a stock draw, a knock or a finished deal
        assert e.code in ("undo-stock-drawn", "undo-cards-shown", "undo-deal-over")
        assert game.log == log
        assume(False)
    undone = game.undo()
    assert undone != "draw-stock" and not undone.startswith(("knock", "big-gin"))
    assert game.log == log[:-1]
    shorter = game.replay()
    assert game == shorter
    if undone == "next-deal":
        game.next_deal()
    else:
        game.apply(gin.parse_action(undone))
    assert game.log == log
    assert game == game.replay()
