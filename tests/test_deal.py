"""One deal as a state machine (RULES.md, "Deal", "The first turn", "A normal turn",
"Knocking", "A void deal"), its illegal actions and its player views."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import gin
from gin.deal import Deal

StackOrder = Callable[..., list[gin.Card]]

CLASSIC = gin.Rules.preset("classic")
SPADES = gin.Rules.preset("spades-double")

# The non-dealer holds A♥2♥ 5♦6♦7♦ J♣J♦J♥ 2♣ K♠; the up card 3♥ completes A♥2♥3♥.
ND_NEAR = "AH 2H 5D 6D 7D JC JD JH 2C KS"
DEALER_JUNK = "5S 6S 9C TC KH KD 3C 9S 4S QH"


def c(code: str) -> gin.Card:
    return gin.Card.parse(code)


def near_deal(stack: StackOrder, rules: gin.Rules = CLASSIC, up: str = "3H") -> Deal:
    """Dealer 0; the non-dealer (1) can take the up card and knock at once."""
    return Deal.from_order(rules, stack(ND_NEAR, DEALER_JUNK, up), dealer=0)


# ---------------------------------------------------------------- dealing


def test_cards_are_dealt_one_at_a_time_starting_with_the_non_dealer() -> None:
    order = list(gin.DECK)
    for dealer in (0, 1):
        d = Deal.from_order(CLASSIC, order, dealer=dealer)
        nd = 1 - dealer
        assert d.hands[nd] == [order[i] for i in range(0, 20, 2)]
        assert d.hands[dealer] == [order[i] for i in range(1, 20, 2)]
        assert d.up_card is order[20]
        assert d.discard_pile == [order[20]]
        assert d.stock_top_first() == tuple(order[21:])
        assert len(d.stock) == 31
        assert (d.phase, d.to_move) == (gin.Phase.OFFER_NON_DEALER, nd)


def test_the_up_card_fixes_the_knock_limit_and_doubling_for_the_deal(stack: StackOrder) -> None:
    d = near_deal(stack, SPADES, up="7S")
    assert (d.knock_limit, d.doubled) == (7, True)
    d.apply(gin.TakeUpCard())
    assert (d.knock_limit, d.doubled) == (7, True)  # even after someone takes it
    assert near_deal(stack, CLASSIC, up="7S").doubled is False


def test_a_seeded_deal_is_reproducible() -> None:
    a = Deal.new(CLASSIC, 1, rng=random.Random(5))
    b = Deal.new(CLASSIC, 1, seed=5)
    assert a.order == b.order and a == b
    assert Deal.new(CLASSIC, 1, seed=6).order != a.order
    with pytest.raises(gin.IllegalActionError) as err:
        Deal.new(CLASSIC, 0)
    assert err.value.code == "no-seed"


def test_a_deck_order_must_hold_each_card_once() -> None:
    with pytest.raises(gin.CardParseError) as err:
        Deal.from_order(CLASSIC, list(gin.DECK)[:51], dealer=0)
    assert err.value.code == "bad-order"
    with pytest.raises(gin.CardParseError) as err:
        Deal.from_order(CLASSIC, [*list(gin.DECK)[:51], gin.DECK[0]], dealer=0)
    assert err.value.code == "duplicate-card"
    d = Deal.from_order(CLASSIC, " ".join(x.code for x in gin.DECK), dealer=0)
    assert d.order == gin.DECK


# ---------------------------------------------------------------- the up-card offer


def test_up_card_is_offered_to_the_non_dealer_then_the_dealer(stack: StackOrder) -> None:
    d = near_deal(stack)
    assert d.legal_actions() == [gin.TakeUpCard(), gin.Pass()]
    assert d.apply(gin.Pass()) == (gin.Passed(1),)
    assert (d.phase, d.to_move) == (gin.Phase.OFFER_DEALER, 0)
    assert d.legal_actions() == [gin.TakeUpCard(), gin.Pass()]
    assert d.apply(gin.Pass()) == (gin.Passed(0),)
    assert (d.phase, d.to_move) == (gin.Phase.DRAW, 1)


def test_when_both_pass_the_non_dealer_must_draw_from_the_stock(stack: StackOrder) -> None:
    d = near_deal(stack)
    d.apply(gin.Pass())
    d.apply(gin.Pass())
    assert d.legal_actions() == [gin.DrawStock()]
    before = d.snapshot()
    with pytest.raises(gin.IllegalActionError) as err:
        d.apply(gin.DrawDiscard())
    assert err.value.code == "stock-only"
    assert d.snapshot() == before
    top = d.stock_top_first()[0]
    assert d.apply(gin.DrawStock()) == (gin.DrewFromStock(1, top),)
    d.apply(gin.Discard(top))
    assert d.legal_actions() == [gin.DrawStock(), gin.DrawDiscard()]  # later draws are free


def test_the_dealer_may_take_the_up_card_after_the_non_dealer_passes(stack: StackOrder) -> None:
    d = near_deal(stack)
    d.apply(gin.Pass())
    assert d.apply(gin.TakeUpCard()) == (gin.UpCardTaken(0, c("3H")),)
    assert (d.phase, d.to_move, len(d.hands[0])) == (gin.Phase.DISCARD, 0, 11)
    d.apply(gin.Discard(c("QH")))
    assert (d.phase, d.to_move) == (gin.Phase.DRAW, 1)  # then the other player's normal turn
    assert d.legal_actions() == [gin.DrawStock(), gin.DrawDiscard()]


def test_the_taker_of_the_up_card_completes_the_turn_then_the_other_plays(
    stack: StackOrder,
) -> None:
    d = near_deal(stack)
    d.apply(gin.TakeUpCard())
    assert (d.phase, d.to_move, d.taken_card, d.discard_pile) == (
        gin.Phase.DISCARD, 1, c("3H"), []
    )  # fmt: skip
    d.apply(gin.Discard(c("KS")))
    assert (d.phase, d.to_move, d.taken_card) == (gin.Phase.DRAW, 0, None)
    assert d.discard_pile == [c("KS")]


def test_the_taker_of_the_up_card_may_knock_at_once(stack: StackOrder) -> None:
    d = near_deal(stack)
    d.apply(gin.TakeUpCard())
    assert gin.Knock(c("KS")) in d.legal_actions()
    events = d.apply(gin.Knock(c("KS")))
    assert events == (gin.Knocked(1, c("KS"), 2, False),)
    assert (d.phase, d.to_move, d.knocker) == (gin.Phase.LAYOFF, 0, 1)
    assert d.legal_actions() == [gin.LayOff()]
    events = d.apply(gin.LayOff())
    assert isinstance(events[-1], gin.DealScored)
    assert d.phase is gin.Phase.SCORED and d.result is not None
    winner, points, kind = d.outcome()
    assert (kind, winner) == ("knock", 1)
    assert points == d.result.points == d.result.defender_deadwood - 2


def test_gin_ends_the_deal_without_layoffs(stack: StackOrder) -> None:
    d = Deal.from_order(CLASSIC, stack("AH 2H 3H 5D 6D 7D JC JD JH KS", DEALER_JUNK, "8D"), 0)
    d.apply(gin.TakeUpCard())
    events = d.apply(gin.Knock(c("KS")))
    assert events[0] == gin.Knocked(1, c("KS"), 0, True)
    assert not any(isinstance(e, gin.LaidOff) for e in events)
    assert d.phase is gin.Phase.SCORED
    assert d.outcome()[0] == 1 and d.outcome()[2] == "gin"


# ---------------------------------------------------------------- the taken card


def test_discarding_the_card_just_taken_is_refused(stack: StackOrder) -> None:
    d = near_deal(stack)
    d.apply(gin.TakeUpCard())
    assert gin.Discard(c("3H")) not in d.legal_actions()
    assert gin.Knock(c("3H")) not in d.legal_actions()
    before = d.snapshot()
    for action in (gin.Discard(c("3H")), gin.Knock(c("3H"))):
        with pytest.raises(gin.IllegalActionError) as err:
            d.apply(action)
        assert err.value.code == "taken-card"
        assert "3♥" in err.value.message
        assert d.snapshot() == before


def test_the_card_taken_from_the_discard_pile_later_cannot_be_discarded(
    stack: StackOrder,
) -> None:
    d = near_deal(stack)
    d.apply(gin.TakeUpCard())
    d.apply(gin.Discard(c("KS")))
    d.apply(gin.DrawDiscard())  # the dealer takes K♠
    assert d.taken_card is c("KS")
    with pytest.raises(gin.IllegalActionError) as err:
        d.apply(gin.Discard(c("KS")))
    assert err.value.code == "taken-card"
    d.apply(gin.Discard(c("QH")))
    assert d.taken_card is None


def test_may_discard_taken_card_option_allows_it(stack: StackOrder) -> None:
    d = near_deal(stack, CLASSIC.replace(may_discard_taken_card=True))
    d.apply(gin.TakeUpCard())
    assert gin.Discard(c("3H")) in d.legal_actions()
    assert d.apply(gin.Discard(c("3H"))) == (gin.Discarded(1, c("3H")),)


# ---------------------------------------------------------------- knock limit and big gin


def test_a_knock_over_the_limit_is_refused_with_the_numbers(stack: StackOrder) -> None:
    # with 2♣ swapped for 4♣, the knock would leave 4 against a limit of 3
    d = Deal.from_order(
        CLASSIC, stack("AH 2H 5D 6D 7D JC JD JH 4C KS", DEALER_JUNK, "3H"), dealer=0
    )
    d.apply(gin.TakeUpCard())
    assert not any(isinstance(a, gin.Knock) for a in d.legal_actions())
    before = d.snapshot()
    with pytest.raises(gin.IllegalActionError) as err:
        d.apply(gin.Knock(c("KS")))
    assert err.value.code == "over-knock-limit"
    assert err.value.data == {"deadwood": 4, "limit": 3}
    assert d.snapshot() == before


def test_ace_up_card_lets_classic_knock_with_1(stack: StackOrder) -> None:
    d = Deal.from_order(CLASSIC, stack("2H 3H 4H 5D 6D 7D JC JD JH AC", DEALER_JUNK, "AD"), 0)
    d.apply(gin.TakeUpCard())
    assert d.knock_limit == 1
    assert d.apply(gin.Knock(c("AC"))) == (gin.Knocked(1, c("AC"), 1, False),)  # keeps A♦: 1
    assert d.phase is gin.Phase.LAYOFF
    with pytest.raises(gin.IllegalActionError) as err:
        Deal.replay(CLASSIC, d.order, 0, [gin.TakeUpCard(), gin.Knock(c("2H"))])
    assert err.value.code == "over-knock-limit"


def test_ace_up_card_in_spades_double_refuses_a_knock_with_1(stack: StackOrder) -> None:
    d = Deal.from_order(SPADES, stack("2H 3H 4H 5D 6D 7D JC JD JH KS", DEALER_JUNK, "AC"), 0)
    d.apply(gin.TakeUpCard())
    assert d.knock_limit == 0
    assert [a for a in d.legal_actions() if isinstance(a, gin.Knock)] == []
    before = d.snapshot()
    with pytest.raises(gin.IllegalActionError) as err:
        d.apply(gin.Knock(c("KS")))  # keeps A♣: 1 deadwood
    # only gin or big gin may end this deal (spades-double has big gin)
    assert err.value.code == "over-knock-limit-gin-only-big-gin"
    assert err.value.data == {"up_card": "AC", "deadwood": 1}
    assert d.snapshot() == before
    no_big_gin = CLASSIC.replace(ace_knock_limit=0)
    d = Deal.from_order(no_big_gin, stack("2H 3H 4H 5D 6D 7D JC JD JH KS", DEALER_JUNK, "AC"), 0)
    d.apply(gin.TakeUpCard())
    with pytest.raises(gin.IllegalActionError) as err:
        d.apply(gin.Knock(c("KS")))
    assert err.value.code == "over-knock-limit-gin-only"  # no big gin in these rules
    classic = Deal.from_order(CLASSIC, stack("2H 3H 4H 5D 6D 7D JC JD JH KS", DEALER_JUNK, "AC"), 0)
    classic.apply(gin.TakeUpCard())
    classic.apply(gin.Knock(c("KS")))
    assert classic.phase is gin.Phase.LAYOFF


def test_big_gin_is_declared_with_eleven_melded_cards(stack: StackOrder) -> None:
    d = Deal.from_order(SPADES, stack("AH 2H 3H 5D 6D 7D 8D JC JD JH", DEALER_JUNK, "9D"), 0)
    d.apply(gin.TakeUpCard())
    assert d.legal_actions()[-1] == gin.BigGin()
    events = d.apply(gin.BigGin())
    assert events[0] == gin.BigGinDeclared(1)
    assert d.phase is gin.Phase.SCORED and d.result is not None
    assert d.result.kind == "big-gin"
    assert d.outcome() == (1, d.result.defender_deadwood + 31, "big-gin")
    assert len(d.hands[1]) == 11


def test_big_gin_is_refused_in_classic_and_without_melds(stack: StackOrder) -> None:
    cl = Deal.from_order(CLASSIC, stack("AH 2H 3H 5D 6D 7D 8D JC JD JH", DEALER_JUNK, "9D"), 0)
    cl.apply(gin.TakeUpCard())
    assert gin.BigGin() not in cl.legal_actions()
    with pytest.raises(gin.IllegalActionError) as err:
        cl.apply(gin.BigGin())
    assert err.value.code == "no-big-gin"
    sd = near_deal(stack, SPADES)
    sd.apply(gin.TakeUpCard())
    with pytest.raises(gin.IllegalActionError) as err:
        sd.apply(gin.BigGin())
    assert err.value.code == "not-big-gin"


# ---------------------------------------------------------------- the void deal


def play_to_two_left(deal: Deal) -> gin.Card:
    """Both pass; then each player draws from the stock and discards that card, until a
    draw leaves two cards in the stock. Returns the card drawn last."""
    deal.apply(gin.Pass())
    deal.apply(gin.Pass())
    while True:
        top = deal.stock_top_first()[0]
        deal.apply(gin.DrawStock())
        if len(deal.stock) == 2:
            return top
        events = deal.apply(gin.Discard(top))
        assert not any(isinstance(e, gin.DealVoided) for e in events)
        assert deal.phase is gin.Phase.DRAW


def test_a_discard_with_two_cards_left_in_the_stock_voids_the_deal(stack: StackOrder) -> None:
    d = Deal.from_order(CLASSIC, stack("AH 2H 3H 5D 6D 7D JC JD JH 2C", DEALER_JUNK, "KS"), 0)
    last = play_to_two_left(d)
    assert d.to_move == 1  # the 29th draw is the non-dealer's
    events = d.apply(gin.Discard(last))
    assert events == (gin.Discarded(1, last), gin.DealVoided())
    assert d.phase is gin.Phase.VOID and d.is_over and d.to_move is None
    assert d.outcome() == (None, 0, "void")
    assert d.legal_actions() == []
    assert len(d.stock) == 2 and d.card_count() == 52
    assert "void" in gin.describe_event(events[-1])


def test_a_knock_is_still_allowed_with_two_cards_left(stack: StackOrder) -> None:
    d = Deal.from_order(CLASSIC, stack("AH 2H 3H 5D 6D 7D JC JD JH 2C", DEALER_JUNK, "KS"), 0)
    last = play_to_two_left(d)
    assert gin.Knock(last) in d.legal_actions()
    d.apply(gin.Knock(last))
    assert d.phase is gin.Phase.LAYOFF
    d.apply(gin.LayOff())
    assert d.phase is gin.Phase.SCORED and d.outcome()[2] in ("knock", "undercut")


def test_after_a_void_deal_nothing_more_is_played(stack: StackOrder) -> None:
    d = Deal.from_order(CLASSIC, stack("AH 2H 3H 5D 6D 7D JC JD JH 2C", DEALER_JUNK, "KS"), 0)
    d.apply(gin.Discard(play_to_two_left(d)))
    before = d.snapshot()
    with pytest.raises(gin.IllegalActionError) as err:
        d.apply(gin.DrawStock())
    assert err.value.code == "deal-over"
    assert d.snapshot() == before


# ---------------------------------------------------------------- illegal actions


def _offer(stack: StackOrder) -> Deal:
    return near_deal(stack)


def _discard_phase(stack: StackOrder, rules: gin.Rules = CLASSIC) -> Deal:
    d = near_deal(stack, rules)
    d.apply(gin.TakeUpCard())
    return d


def _both_passed(stack: StackOrder) -> Deal:
    d = near_deal(stack)
    d.apply(gin.Pass())
    d.apply(gin.Pass())
    return d


def _after_discard(stack: StackOrder) -> Deal:
    d = _discard_phase(stack)
    d.apply(gin.Discard(c("KS")))
    return d


def _layoff(stack: StackOrder) -> Deal:
    d = _discard_phase(stack)
    d.apply(gin.Knock(c("KS")))
    return d


def _scored(stack: StackOrder) -> Deal:
    d = near_deal(stack)
    d.apply(gin.TakeUpCard())
    d.apply(gin.Knock(c("KS")))
    d.apply(gin.LayOff())
    return d


def _over_game() -> gin.Game:
    game = gin.Game(gin.Rules.preset("classic", target=10), seed=1, first_dealer=0)
    rng = random.Random(0)
    while not game.is_over:
        if game.deal.is_over:
            game.next_deal()
            continue
        legal = game.deal.legal_actions()
        knocks = [a for a in legal if isinstance(a, gin.Knock | gin.BigGin)]
        game.apply(knocks[0] if knocks else rng.choice(legal))
    return game


Case = tuple[str, Callable[[StackOrder], Any], Callable[[Any], Any]]

ILLEGAL: list[Case] = [
    ("not-your-turn", _offer, lambda d: d.apply(gin.Pass(), player=0)),
    ("not-your-turn", _discard_phase, lambda d: d.apply(gin.Discard(c("QH")), player=0)),
    # actions out of phase: each code says what the phase expects
    ("offer-pending", _offer, lambda d: d.apply(gin.DrawStock())),
    ("offer-pending", _offer, lambda d: d.apply(gin.Discard(c("KS")))),
    ("already-drew", _discard_phase, lambda d: d.apply(gin.DrawStock())),
    ("already-drew", _discard_phase, lambda d: d.apply(gin.Pass())),
    ("no-knock", _discard_phase, lambda d: d.apply(gin.LayOff())),
    ("draw-first-stock", _both_passed, lambda d: d.apply(gin.Discard(c("KS")))),
    ("draw-first", _after_discard, lambda d: d.apply(gin.Discard(c("QH")))),
    ("up-card-not-offered", _both_passed, lambda d: d.apply(gin.TakeUpCard())),
    ("up-card-not-offered", _layoff, lambda d: d.apply(gin.Pass())),
    ("big-gin-after-draw", _both_passed, lambda d: d.apply(gin.BigGin())),
    ("layoff-pending", _layoff, lambda d: d.apply(gin.DrawStock())),
    ("layoff-pending", _layoff, lambda d: d.apply(gin.Knock(c("QH")))),
    ("not-in-hand", _discard_phase, lambda d: d.apply(gin.Discard(c("QH")))),
    ("not-in-hand", _discard_phase, lambda d: d.apply(gin.Knock(c("AS")))),
    ("taken-card", _discard_phase, lambda d: d.apply(gin.Discard(c("3H")))),
    ("over-knock-limit", _discard_phase, lambda d: d.apply(gin.Knock(c("2C")))),
    ("no-big-gin", _discard_phase, lambda d: d.apply(gin.BigGin())),
    ("not-big-gin", lambda s: _discard_phase(s, SPADES), lambda d: d.apply(gin.BigGin())),
    ("stock-only", _both_passed, lambda d: d.apply(gin.DrawDiscard())),
    ("deal-over", _scored, lambda d: d.apply(gin.DrawStock())),
    ("deal-over", _scored, lambda d: d.apply(gin.LayOff())),
    ("bad-action", _both_passed, lambda d: d.apply("draw-stock")),
    ("bad-action", _discard_phase, lambda d: d.apply(object())),
    ("bad-action", _offer, lambda d: gin.parse_action("shuffle")),
    ("bad-action", _offer, lambda d: gin.parse_action("discard 7X")),
    ("bad-action", _offer, lambda d: gin.parse_action("knock")),
    ("game-over", lambda s: _over_game(), lambda g: g.apply(gin.DrawStock())),
    ("game-over", lambda s: _over_game(), lambda g: g.next_deal()),
    ("nothing-to-undo", lambda s: gin.Game(CLASSIC, seed=3), lambda g: g.undo()),
]


def _state(obj: Any) -> Any:
    if isinstance(obj, gin.Game):
        return (obj.deal.snapshot(), list(obj.log), len(obj.deals), obj.totals)
    return obj.snapshot()


@pytest.mark.parametrize(
    ("code", "setup", "act"), ILLEGAL, ids=[f"{i}-{case[0]}" for i, case in enumerate(ILLEGAL)]
)
def test_an_illegal_action_raises_its_code_and_changes_nothing(
    stack: StackOrder, code: str, setup: Callable[[StackOrder], Any], act: Callable[[Any], Any]
) -> None:
    obj = setup(stack)
    before = _state(obj)
    with pytest.raises(gin.GinError) as err:
        act(obj)
    assert err.value.code == code
    assert isinstance(err.value, ValueError)
    assert isinstance(err.value, gin.IllegalActionError)
    assert err.value.message == str(err.value)
    assert len(err.value.message) > 15
    assert _state(obj) == before


def test_a_non_action_is_refused_as_bad_action_in_every_phase(stack: StackOrder) -> None:
    for d in (_offer(stack), _both_passed(stack), _discard_phase(stack)):
        before = d.snapshot()
        for thing in ("take", None, gin.Card.parse("7S")):
            with pytest.raises(gin.IllegalActionError) as err:
                d.apply(thing)  # type: ignore[arg-type]
            assert err.value.code == "bad-action"
        assert d.snapshot() == before


def test_verify_and_can_agree_with_apply(stack: StackOrder) -> None:
    d = near_deal(stack)
    assert d.can(gin.TakeUpCard()) and d.can(gin.Pass(), player=1)
    assert not d.can(gin.Pass(), player=0)
    assert not d.can(gin.DrawStock())
    d.verify(gin.TakeUpCard(), player=1)
    with pytest.raises(gin.IllegalActionError) as err:
        d.verify(gin.Pass(), player=2)
    assert err.value.code == "bad-player"


# ---------------------------------------------------------------- events and replay


def test_every_action_is_recorded_as_an_event(stack: StackOrder) -> None:
    d = near_deal(stack)
    d.apply(gin.Pass())
    d.apply(gin.TakeUpCard())
    d.apply(gin.Discard(c("QH")))
    d.apply(gin.DrawDiscard())
    assert d.events == [
        gin.Passed(1),
        gin.UpCardTaken(0, c("3H")),
        gin.Discarded(0, c("QH")),
        gin.DrewFromDiscard(1, c("QH")),
    ]
    assert d.actions == [gin.Pass(), gin.TakeUpCard(), gin.Discard(c("QH")), gin.DrawDiscard()]
    names = ("Ann", "Bob")
    assert gin.describe_event(d.events[0], names) == "Bob passed on the up card."
    assert gin.describe_event(d.events[1], names) == "Ann took the up card 3♥."


def test_a_deal_replayed_from_its_actions_is_equal(stack: StackOrder) -> None:
    d = near_deal(stack)
    for a in (
        gin.Pass(),
        gin.TakeUpCard(),
        gin.Discard(c("QH")),
        gin.DrawDiscard(),
        gin.Discard(c("KS")),
    ):
        d.apply(a)
    again = Deal.replay(CLASSIC, d.order, d.dealer, [a.text for a in d.actions])
    assert again == d
    copy = d.copy()
    copy.apply(gin.DrawStock())
    assert copy != d and len(d.hands[0]) == 10


def test_action_text_round_trips() -> None:
    actions = [gin.TakeUpCard(), gin.Pass(), gin.DrawStock(), gin.DrawDiscard(), gin.BigGin(),
               gin.LayOff(), gin.Discard(c("TH")), gin.Knock(c("AS"))]  # fmt: skip
    for a in actions:
        assert gin.parse_action(a.text) == a
    assert gin.parse_action("discard 10h") == gin.Discard(c("TH"))


def test_a_position_can_be_set_up_mid_deal() -> None:
    hands = (gin.parse_cards("AH 2H 3H 5D 6D 7D JC JD JH 2C"), gin.parse_cards(DEALER_JUNK))
    used = set(hands[0]) | set(hands[1]) | {c("3S")}
    stock = [x for x in gin.DECK if x not in used]
    d = Deal.from_position(
        CLASSIC, dealer=0, hands=hands, stock=stock, discard_pile=[c("3S")],
        up_card=c("KS"), phase=gin.Phase.DRAW, to_move=0,
    )  # fmt: skip
    assert d.card_count() == 52 and d.knock_limit == 10
    assert d.stock_top_first()[0] is stock[0]
    d.apply(gin.DrawDiscard())
    assert gin.Knock(c("2C")) in d.legal_actions()
    with pytest.raises(gin.CardParseError) as err:
        Deal.from_position(
            CLASSIC, dealer=0, hands=hands, stock=stock[1:], discard_pile=[c("3S")],
            up_card=c("KS"), phase=gin.Phase.DRAW, to_move=0,
        )  # fmt: skip
    assert err.value.code == "bad-position"


def test_an_empty_discard_pile_cannot_be_drawn_from() -> None:
    hands = (gin.parse_cards("AH 2H 3H 5D 6D 7D JC JD JH 2C"), gin.parse_cards(DEALER_JUNK))
    stock = [x for x in gin.DECK if x not in hands[0] and x not in hands[1]]
    with pytest.raises(gin.GinError):  # refused as a position, or as an action
        d = Deal.from_position(
            CLASSIC, dealer=0, hands=hands, stock=stock, discard_pile=[],
            up_card=c("KS"), phase=gin.Phase.DRAW, to_move=0,
        )  # fmt: skip
        assert gin.DrawDiscard() not in d.legal_actions()
        d.apply(gin.DrawDiscard())


def test_a_position_on_the_last_turn_with_two_cards_left_can_be_set_up() -> None:
    hands = (gin.parse_cards("AH 2H 3H 5D 6D 7D JC JD JH 2C 9D"), gin.parse_cards(DEALER_JUNK))
    rest = [x for x in gin.DECK if x not in hands[0] and x not in hands[1]]
    stock, pile = rest[:2], rest[2:]
    d = Deal.from_position(
        CLASSIC, dealer=0, hands=hands, stock=stock, discard_pile=pile,
        up_card=pile[0], phase=gin.Phase.DISCARD, to_move=0,
    )  # fmt: skip
    assert gin.Knock(c("9D")) in d.legal_actions()
    d.apply(gin.Discard(c("9D")))
    assert d.phase is gin.Phase.VOID


# ---------------------------------------------------------------- player views


def test_a_view_shows_own_hand_and_public_cards_only(stack: StackOrder) -> None:
    d = near_deal(stack)
    v = d.view(0)
    assert v.hand == tuple(sorted(gin.parse_cards(DEALER_JUNK)))
    assert v.opponent_card_count == 10 and v.stock_count == 31
    assert v.up_card is c("3H") and v.discard_pile == (c("3H"),)
    assert v.opponent_hand is None and v.legal_actions == () and not v.my_turn
    assert d.view(1).legal_actions == (gin.TakeUpCard(), gin.Pass())
    unseen = set(v.unseen())
    assert unseen == set(gin.DECK) - set(v.hand) - {c("3H")}


def test_a_view_hides_the_opponents_stock_draws_but_not_discard_pile_draws(
    stack: StackOrder,
) -> None:
    d = near_deal(stack)
    d.apply(gin.Pass())
    d.apply(gin.Pass())
    top = d.stock_top_first()[0]
    d.apply(gin.DrawStock())
    assert d.view(0).events[-1] == gin.DrewFromStock(1, None)
    assert d.view(1).events[-1] == gin.DrewFromStock(1, top)
    d.apply(gin.Discard(c("KS")))
    d.apply(gin.DrawDiscard())  # the dealer takes K♠: now the non-dealer knows it
    d.apply(gin.Discard(c("QH")))
    assert d.view(1).opponent_known == (c("KS"),)
    assert d.view(0).opponent_known == ()


def test_the_opponents_hand_is_shown_once_the_deal_is_over(stack: StackOrder) -> None:
    d = near_deal(stack)
    d.apply(gin.TakeUpCard())
    d.apply(gin.Knock(c("KS")))
    assert d.view(0).opponent_hand is None
    d.apply(gin.LayOff())
    assert d.view(0).opponent_hand == tuple(sorted(d.hands[1]))
    assert d.view(0).result is d.result


def test_views_do_not_depend_on_the_opponents_hand_or_the_stock_order(
    stack: StackOrder,
) -> None:
    """Two deals that differ only in the opponent's cards and the stock order look the
    same to the player, move by move."""
    mine = gin.parse_cards(DEALER_JUNK)
    theirs = gin.parse_cards("AH 2H 5D 6D 7D JC JD JH 2C KS")
    rest = [x for x in gin.DECK if x not in mine and x not in theirs and x is not c("3H")]
    order_a = stack(theirs, mine, "3H", rest)
    theirs_b, rest_b = list(theirs), list(rest)
    theirs_b[3], rest_b[10] = rest_b[10], theirs_b[3]  # an opponent card swapped deep in
    rest_b[0], rest_b[20] = rest_b[20], rest_b[0]  # the opponent's first draw differs
    order_b = stack(theirs_b, mine, "3H", rest_b)
    a = Deal.from_order(CLASSIC, order_a, dealer=0)
    b = Deal.from_order(CLASSIC, order_b, dealer=0)
    assert a.hands[1] != b.hands[1] and a.stock != b.stock
    plan = [gin.Pass(), gin.Pass(), gin.DrawStock(), gin.Discard(c("KS")), gin.DrawStock(),
            gin.Discard(c("QH")), gin.DrawDiscard(), gin.Discard(c("2C"))]  # fmt: skip
    assert a.view(0) == b.view(0)
    for action in plan:
        a.apply(action)
        b.apply(action)
        assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)


def test_the_knockers_melds_are_shown_face_up_during_the_layoffs(stack: StackOrder) -> None:
    d = near_deal(stack)
    d.apply(gin.TakeUpCard())
    assert d.view(0).knocker_shown is None
    d.apply(gin.Knock(c("KS")))
    shown = d.view(0).knocker_shown
    assert shown is not None and shown == d.view(1).knocker_shown
    assert shown.deadwood_points == 2
    d.apply(gin.LayOff())
    assert d.result is not None and d.view(0).knocker_shown == d.result.knocker_arrangement


def test_every_event_is_described_in_a_sentence() -> None:
    """Each kind of event gets a sentence naming who did it and the card concerned."""
    from gin import Meld

    run = Meld("run", tuple(gin.parse_cards("6S 7S 8S")))
    events = [
        (gin.UpCardTaken(0, c("3H")), ["Ann", "3♥"]),
        (gin.Passed(1), ["Bob"]),
        (gin.DrewFromStock(0, c("9D")), ["Ann", "9♦"]),
        (gin.DrewFromDiscard(1, c("QH")), ["Bob", "Q♥"]),
        (gin.Discarded(0, c("KS")), ["Ann", "K♠"]),
        (gin.Knocked(0, c("KS"), 4, False), ["Ann", "K♠", "4"]),
        (gin.Knocked(1, c("KS"), 0, True), ["Bob", "gin", "K♠"]),
        (gin.BigGinDeclared(1), ["Bob", "big gin"]),
        (gin.LaidOff(1, c("9S"), run), ["Bob", "9♠", "6♠ 7♠ 8♠"]),
        (gin.DealScored(0, 16, "knock"), ["Ann", "16"]),
        (gin.DealScored(None, 0, "tie"), ["tie"]),
        (gin.DealVoided(), ["void"]),
    ]
    for event, words in events:
        sentence = gin.describe_event(event, ("Ann", "Bob"))
        assert sentence.endswith(".") and sentence[0].isupper()
        assert all(w in sentence for w in words), sentence
    assert "9♦" not in gin.describe_event(gin.DrewFromStock(0, None), ("Ann", "Bob"))
