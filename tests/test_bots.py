"""The computer opponents: each one's defining behaviour, and that none reads hidden cards."""

from __future__ import annotations

import random

import pytest
from conftest import StackOrder

import gin
from gin.bots import BOT_NAMES, EagerBot, ExpertBot, TacticianBot, make_bot
from gin.bots.evaluate import sample_opponent_hand
from gin.bots.memory import remember
from gin.bots.sensible import SensibleBot, waits
from gin.bots.simulate import PHASE_CODES, Position, sensible_playout
from gin.cards import DECK, cards_mask

CLASSIC = gin.Rules.preset("classic")
SPADES = gin.Rules.preset("spades-double")


def c(code: str) -> gin.Card:
    return gin.Card.parse(code)


def position(
    hand: str,
    opp: str,
    pile: str,
    phase: gin.Phase,
    *,
    rules: gin.Rules = CLASSIC,
    up: str | None = None,
    stock_top: str = "",
    seed: int = 0,
) -> gin.Deal:
    """A mid-deal position: player 0 holds ``hand`` and is to move."""
    mine, theirs, discards = gin.parse_cards(hand), gin.parse_cards(opp), gin.parse_cards(pile)
    top = gin.parse_cards(stock_top)
    used = set(mine) | set(theirs) | set(discards) | set(top)
    rest = [x for x in DECK if x not in used]
    random.Random(seed).shuffle(rest)
    return gin.Deal.from_position(
        rules,
        dealer=1,
        hands=(mine, theirs),
        stock=top + rest,
        discard_pile=discards,
        up_card=c(up) if up else discards[0],
        phase=phase,
        to_move=0,
    )


def test_bot_names_list_every_opponent_weakest_first() -> None:
    assert BOT_NAMES == ("eager", "tactician", "expert")
    for name in BOT_NAMES:
        assert make_bot(name, random.Random(1)).name == name


def test_an_unknown_opponent_is_refused_with_a_clear_error() -> None:
    with pytest.raises(gin.GinError) as e:
        make_bot("grandmaster", random.Random(1))
    assert e.value.code == "unknown-bot"
    with pytest.raises(gin.GinError) as e:
        make_bot("eager", random.Random(1), playouts=10)
    assert e.value.code == "bad-option"


# ------------------------------------------------------------------------ eager


def test_eager_knocks_at_the_first_legal_moment() -> None:
    # 11 cards: runs A-3 hearts, 5-7 diamonds, set of jacks; deadwood 2C 9S: 11 -> knock at 9
    d = position(
        "AH 2H 3H 5D 6D 7D JC JD JH 2C 9S", "KS KH KD QS QH QD 4C 5C 8H 8S", "9D", gin.Phase.DISCARD
    )
    assert d.knock_limit == 9
    action = EagerBot(random.Random(1)).choose(d.view(0))
    assert action == gin.Knock(c("9S"))


GIN_HAND = "AH 2H 3H 4H 5D 6D 7D JC JD JH KS"
"""Discarding K♠ (or A♥) leaves ten melded cards: gin."""


def test_eager_goes_gin_when_it_can() -> None:
    d = position(GIN_HAND, "9S KH KD QS QH QD 4C 5C 8H 8S", "9D 9H", gin.Phase.DISCARD)
    assert EagerBot(random.Random(1)).choose(d.view(0)) == gin.Knock(c("KS"))


def test_eager_takes_the_up_card_only_if_it_lowers_its_deadwood() -> None:
    hand = "AH 2H 5D 6D JC JD 2C 9S KH QS"
    opp = "KS 3S KD 4S QH QD 4C 5C 8H 8S"
    helps = position(hand, opp, "3H", gin.Phase.OFFER_NON_DEALER)  # A-2-3 of hearts
    useless = position(hand, opp, "TC", gin.Phase.OFFER_NON_DEALER)  # melds nothing, worth 10
    eager = EagerBot(random.Random(1))
    assert eager.choose(helps.view(0)) == gin.TakeUpCard()
    assert eager.choose(useless.view(0)) == gin.Pass()


def test_eager_draws_from_the_stock_when_the_top_discard_does_not_help() -> None:
    d = position(
        "AH 2H 5D 6D JC JD 2C 9S KH QS", "KS 3S KD 4S QH QD 4C 5C 8H 8S", "TC", gin.Phase.DRAW
    )
    assert EagerBot(random.Random(1)).choose(d.view(0)) == gin.DrawStock()
    d2 = position(
        "AH 2H 5D 6D JC JD 2C 9S KH QS", "KS 3S KD 4S QH QD 4C 5C 8H 8S", "TC 3H", gin.Phase.DRAW
    )
    assert EagerBot(random.Random(1)).choose(d2.view(0)) == gin.DrawDiscard()


def test_eager_discards_the_highest_card_among_equal_deadwood() -> None:
    # discarding the K or the Q both leave the same deadwood: the king goes (K > Q by index
    # among equal points, and 10 points beat any lower card)
    d = position(
        "AH 2H 3H 5D 6D 7D JC JD JH KS QC", "9S KH KD 3S QH QD 4C 5C 8H 8S", "2D", gin.Phase.DISCARD
    )
    action = EagerBot(random.Random(1)).choose(d.view(0))
    assert action == gin.Discard(c("QC"))  # QC and KS are both 10 points: the higher index goes


# ------------------------------------------------------------------- tactician


def _feeding_deal(stack: StackOrder) -> gin.Deal:
    """Player 1 picks up 9♥ and 10♥; player 0 then holds J♥ and Q♠, equal deadwood."""
    order = stack(
        "2C 3C 4C 8D 8C KD QD 5H 5D AS",  # player 1, the non-dealer
        "TH JH QS 5S 6S 7S 9D 9C 9S AH",  # player 0, the dealer
        "9H",
        "3H 4D",
    )
    d = gin.Deal.from_order(CLASSIC, order, dealer=0)
    d.apply(gin.TakeUpCard())  # player 1 takes 9♥
    d.apply(gin.Discard(c("KD")))
    d.apply(gin.DrawStock())  # player 0 draws 3♥
    d.apply(gin.Discard(c("TH")))
    d.apply(gin.DrawDiscard())  # player 1 takes 10♥
    d.apply(gin.Discard(c("QD")))
    d.apply(gin.DrawStock())  # player 0 draws 4♦
    assert d.phase is gin.Phase.DISCARD and d.to_move == 0
    return d


def test_tactician_avoids_a_discard_that_completes_the_opponents_known_pickups(
    stack: StackOrder,
) -> None:
    d = _feeding_deal(stack)
    view = d.view(0)
    assert set(view.opponent_known) == {c("9H"), c("TH")}
    # eager sees two equal discards and throws the jack of hearts (the higher index)
    assert EagerBot().choose(view) == gin.Discard(c("JH"))
    assert TacticianBot(random.Random(1)).choose(view) == gin.Discard(c("QS"))


def test_tactician_takes_a_discard_that_joins_a_meld() -> None:
    d = position(
        "AH 2H 5D 6D JC JD 2C 9S KH QS", "KS 3S KD 4S QH QD 4C 5C 8H 8S", "TC 7D", gin.Phase.DRAW
    )
    assert TacticianBot(random.Random(1)).choose(d.view(0)) == gin.DrawDiscard()


def test_tactician_goes_gin_when_it_can() -> None:
    d = position(GIN_HAND, "9S KH KD QS QH QD 4C 5C 8H 8S", "9D 9H", gin.Phase.DISCARD)
    action = TacticianBot(random.Random(1)).choose(d.view(0))
    assert isinstance(action, gin.Knock) and action.card in gin.parse_cards("KS AH")


def test_tactician_remembers_the_cards_the_opponent_declined(stack: StackOrder) -> None:
    d = _feeding_deal(stack)
    mem = remember(d.view(0))
    assert mem.opp_known == cards_mask(gin.parse_cards("9H TH"))
    assert mem.opp_discarded == cards_mask(gin.parse_cards("KD QD"))
    assert mem.opp_stock_draws == 0
    # hidden cards: 52 - my 11 - the pile - the two known cards
    assert mem.unseen.bit_count() == 52 - 11 - len(d.discard_pile) - 2


# ---------------------------------------------------------------------- expert


def test_expert_refuses_a_discard_that_completes_the_opponents_visible_meld(
    stack: StackOrder,
) -> None:
    view = _feeding_deal(stack).view(0)
    expert = ExpertBot(random.Random(3), playouts=120)
    analysis = expert.analyse(view)
    assert analysis.action != gin.Discard(c("JH"))
    searched = analysis.value_of(gin.Discard(c("JH")))
    if searched is not None:  # when searched, feeding the run scores worse
        assert searched.mean < analysis.values[0].mean


def test_expert_goes_gin_without_searching() -> None:
    d = position(GIN_HAND, "9S KH KD QS QH QD 4C 5C 8H 8S", "9D 9H", gin.Phase.DISCARD)
    analysis = ExpertBot(random.Random(1), playouts=20).analyse(d.view(0))
    assert analysis.reason == "gin" and isinstance(analysis.action, gin.Knock)


def test_expert_is_deterministic_given_its_seed() -> None:
    d = gin.Deal.new(SPADES, rng=random.Random(11))
    d.apply(gin.Pass())
    d.apply(gin.Pass())
    d.apply(gin.DrawStock())
    view = d.view(d.to_move)
    a1 = ExpertBot(random.Random(5), playouts=40, budget_ms=60_000).analyse(view)
    a2 = ExpertBot(random.Random(5), playouts=40, budget_ms=60_000).analyse(view)
    assert a1 == a2


def test_the_experts_model_of_a_hasty_opponent_makes_only_the_opponent_hasty() -> None:
    """The opponent model (``opponent_knocks_at_once``, measured against OpenSpiel's
    ``SimpleGinRummyBot``): in every imagined deal the opponent knocks as soon as the limit
    allows, while the expert's own seat still waits for gin where the rules make it worth
    it. Off by default, so the hint and the review imagine a patient opponent."""
    from gin.bots.expert import sample_world

    for seed in (11, 12):
        d = gin.Deal.new(SPADES, rng=random.Random(seed))
        d.apply(gin.Pass())
        d.apply(gin.Pass())
        d.apply(gin.DrawStock())
        p = d.to_move
        assert p is not None
        view = d.view(p)
        mem = remember(view)
        hasty = sample_world(view, mem, random.Random(1), opponent_patient=False)
        assert hasty.patient[p] and not hasty.patient[1 - p]
        assert sample_world(view, mem, random.Random(1)).patient == (True, True)
        bot = make_bot("expert", random.Random(5), playouts=40, opponent_knocks_at_once=True)
        again = make_bot("expert", random.Random(6), playouts=40, opponent_knocks_at_once=True)
        assert bot.choose(view) == again.choose(view)
    assert not ExpertBot().opponent_knocks_at_once


def test_expert_asked_out_of_turn_raises_not_your_turn() -> None:
    d = gin.Deal.new(CLASSIC, rng=random.Random(2))
    with pytest.raises(gin.GinError) as e:
        ExpertBot(random.Random(1)).analyse(d.view(d.dealer))
    assert e.value.code == "not-your-turn"


def test_sampled_opponent_hands_hold_the_known_cards_and_only_unseen_others(
    stack: StackOrder,
) -> None:
    view = _feeding_deal(stack).view(0)
    mem = remember(view)
    rng = random.Random(4)
    for _ in range(50):
        hand = sample_opponent_hand(mem, rng)
        assert hand.bit_count() == 10
        assert hand & mem.opp_known == mem.opp_known
        assert hand & ~mem.opp_known & ~mem.unseen == 0


# ------------------------------------------------------------------ playouts


def _position_of(d: gin.Deal) -> Position:
    """The deal's position on masks (what each player knows the other collects: none)."""
    return Position(
        d.rules,
        d.up_card,
        d.dealer,
        [cards_mask(d.hands[0]), cards_mask(d.hands[1])],
        [x.index for x in d.stock],
        [x.index for x in d.discard_pile],
        PHASE_CODES[d.phase],
        d.to_move if d.to_move is not None else 0,
        d.taken_card.index if d.taken_card is not None else -1,
        d.stock_only,
    )


def _random_prefix(i: int, rules: gin.Rules, most: int = 24) -> gin.Deal:
    """A deal of seed ``i`` played fewer than ``most`` random moves in (a takes from the
    pile too)."""
    d = gin.Deal.new(rules, dealer=i % 2, rng=random.Random(i))
    r = random.Random(100 + i)
    for _ in range(r.randrange(0, most)):
        legal = [
            a
            for a in d.legal_actions()
            if isinstance(
                a, gin.Discard | gin.DrawStock | gin.DrawDiscard | gin.Pass | gin.TakeUpCard
            )
        ]
        d.apply(r.choice(legal))
        if d.is_over:
            break
    return d


def test_sensible_playouts_play_the_moves_of_the_sensible_policy_stepped_on_a_deal() -> None:
    """The expert's imagined deals (:func:`sensible_playout`, on masks) end exactly as the
    same policy stepped on the engine's deal (:class:`SensibleBot`), in both presets: the
    waiting for gin (spades-double's undercut bonus 25), the feeding check (what each
    player saw the other take) and the take-when-it-melds rule included. A player that is
    not patient (the expert's model of an opponent that knocks at once) knocks as soon as
    the limit allows, on masks as on the deal."""
    played = 0
    waited = 0
    hasty = 0
    for i in range(90):
        patient = (i % 3 != 1, i % 3 != 2)
        bots = (SensibleBot(patient=patient[0]), SensibleBot(patient=patient[1]))
        rules = CLASSIC if i % 2 else SPADES
        d = _random_prefix(i, rules)
        if d.is_over:
            continue
        views = (d.view(0), d.view(1))
        pos = _position_of(d)
        # the position read back as a Deal is the same position
        again = _position_of(pos.to_deal())
        assert (again.hands, again.stock, again.pile, again.phase, again.to_move) == (
            pos.hands,
            pos.stock,
            pos.pile,
            pos.phase,
            pos.to_move,
        )
        assert (again.taken, again.stock_only) == (pos.taken, pos.stock_only)
        pos.known = [cards_mask(views[0].opponent_known), cards_mask(views[1].opponent_known)]
        pos.patient = patient
        fast = sensible_playout(pos.copy())
        while not d.is_over:
            p = d.to_move
            assert p is not None
            view = d.view(p)
            a = bots[p].choose(view)
            if any(isinstance(x, gin.Knock) for x in view.legal_actions):
                if not isinstance(a, gin.Knock):
                    waited += 1
                    assert patient[p]  # only a patient player passes up a knock
                elif not patient[p] and waits(view.rules, view.stock_count):
                    hasty += 1
            d.apply(a)
        assert d.outcome() == (fast.winner, fast.points, fast.kind)
        played += 1
    assert played >= 60
    assert waited > 0  # some knock was passed up for gin, so that rule was checked too
    assert hasty > 0  # and one that would have been passed up was taken by a hasty player


def test_sensible_policy_takes_only_a_card_that_melds() -> None:
    """The sensible policy (the imagined deals' player) takes the up card when it joins a
    meld; a lower card that melds with nothing is left, where ``eager`` takes it."""
    melds = position("7S 8S KH KD 2C 3C 4C 5D 9H QC", "", "9S", gin.Phase.DRAW)
    assert SensibleBot().choose(melds.view(0)) == gin.DrawDiscard()
    low = position("7S 8S KH KD 2C 3C 4C 5D 9H QC", "", "AD", gin.Phase.DRAW)
    assert SensibleBot().choose(low.view(0)) == gin.DrawStock()
    assert EagerBot().choose(low.view(0)) == gin.DrawDiscard()


def test_sensible_policy_keeps_a_card_the_opponent_collects_away_from_the_pile() -> None:
    """Between two discards leaving the same deadwood, the sensible policy throws the one
    that cannot meld with what the opponent took from the discard pile."""
    from gin.bots.sensible import discard

    hand = cards_mask(gin.parse_cards("2C 3C 4C 5H 6H 7H 9S 9D KS KD QH"))
    known = cards_mask(gin.parse_cards("KC KH"))  # the opponent took two kings
    unseen = ~(hand | known) & ((1 << 52) - 1)
    _, i = discard(hand, 0, known, unseen, 10)
    assert gin.Card.from_index(i) not in gin.parse_cards("KS KD")
    _, plain = discard(hand, 0, 0, unseen, 10)
    assert gin.Card.from_index(plain) in gin.parse_cards("KS KD QH")


# ------------------------------------------------------------- hidden cards


def _hidden_swapped(d: gin.Deal, rng: random.Random) -> gin.Deal:
    """The same position with the opponent's hand and the stock reshuffled together."""
    me = d.to_move
    assert me is not None
    hidden = list(d.hands[1 - me]) + list(d.stock)
    rng.shuffle(hidden)
    n = len(d.hands[1 - me])
    hands = [list(d.hands[0]), list(d.hands[1])]
    hands[1 - me] = hidden[:n]
    return gin.Deal.from_position(
        d.rules,
        dealer=d.dealer,
        hands=(hands[0], hands[1]),
        stock=hidden[n:],
        discard_pile=list(d.discard_pile),
        up_card=d.up_card,
        phase=d.phase,
        to_move=me,
        taken_card=d.taken_card,
        both_passed=d.both_passed,
    )


def _options(name: str) -> dict[str, object]:
    return {"playouts": 24, "budget_ms": 60_000} if name == "expert" else {}


@pytest.mark.parametrize("name", BOT_NAMES)
def test_no_opponent_reads_hidden_cards_mid_deal(name: str) -> None:
    rng = random.Random(7)
    for i in range(6):
        base = gin.Deal.new(CLASSIC if i % 2 else SPADES, rng=random.Random(50 + i))
        eager = EagerBot()
        for _ in range(3 + 2 * i):
            p = base.to_move
            assert p is not None
            base.apply(eager.choose(base.view(p)))
            if base.is_over or base.phase is gin.Phase.LAYOFF:
                break
        if base.is_over or base.phase is gin.Phase.LAYOFF:
            continue
        me = base.to_move
        assert me is not None
        start = _hidden_swapped(base, random.Random(0))
        other = _hidden_swapped(base, rng)
        assert start.hands[1 - me] != other.hands[1 - me] or start.stock != other.stock
        v1, v2 = start.view(me), other.view(me)
        assert v1 == v2
        a1 = make_bot(name, random.Random(9), **_options(name)).choose(v1)
        a2 = make_bot(name, random.Random(9), **_options(name)).choose(v2)
        assert a1 == a2


@pytest.mark.parametrize("name", BOT_NAMES)
def test_no_opponent_reads_hidden_cards_after_play(name: str) -> None:
    """Two deals whose hidden cards differ (the opponent's never-played cards and the
    stock's untouched cards swapped) give equal views and equal decisions."""
    for seed in range(4):
        order = list(gin.Deal.new(CLASSIC, rng=random.Random(seed)).order)
        a = gin.Deal.from_order(CLASSIC, order, dealer=0)
        eager = EagerBot()
        while not a.is_over and len(a.actions) < 12:
            p = a.to_move
            assert p is not None
            a.apply(eager.choose(a.view(p)))
        if a.is_over or a.to_move != 0 or a.phase is gin.Phase.LAYOFF:
            continue
        # player 1 (the non-dealer) holds odd deal positions 0, 2, ... 18
        held = [order[k] for k in range(0, 20, 2) if order[k] in a.hands[1]]
        touched = {x for e in a.events for x in [getattr(e, "card", None)] if x is not None}
        untouched_stock = [x for x in a.stock[: max(0, len(a.stock) - 1)]]
        kept = [x for x in held if x not in touched]
        if not kept or not untouched_stock:
            continue
        x, y = kept[0], untouched_stock[0]
        swapped = [y if z is x else x if z is y else z for z in order]
        b = gin.Deal.from_order(CLASSIC, swapped, dealer=0)
        for act in a.actions:
            b.apply(act)
        assert a.hands[1] != b.hands[1]
        va, vb = a.view(0), b.view(0)
        assert va == vb
        da = make_bot(name, random.Random(2), **_options(name)).choose(va)
        db = make_bot(name, random.Random(2), **_options(name)).choose(vb)
        assert da == db


def test_tactician_plays_for_gin_when_the_knock_limit_is_low() -> None:
    from gin.bots.tactician import gin_weight

    # the chance of reaching the limit on the next draw counts more as the limit falls
    assert gin_weight(0) > gin_weight(4) > gin_weight(10)


def test_tactician_fears_an_undercut_more_in_a_doubled_deal() -> None:
    from gin.bots.tactician import undercut_tolerance

    hand = "AH 2H 3H 5D 6D 7D JC JD JH 2C 9S"
    opp = "KS KH KD QS QH QD 4C 5C 8H 8D"
    plain = position(hand, opp, "9C", gin.Phase.DISCARD, rules=SPADES)
    doubled = position(hand, opp, "9C", gin.Phase.DISCARD, rules=SPADES, up="7S")
    assert not plain.view(0).doubled and doubled.view(0).doubled
    tol_plain = undercut_tolerance(plain.view(0), remember(plain.view(0)))
    tol_doubled = undercut_tolerance(doubled.view(0), remember(doubled.view(0)))
    assert tol_doubled < tol_plain
    assert undercut_tolerance(
        plain.view(0), remember(plain.view(0))
    ) <= undercut_tolerance(  # classic's smaller undercut bonus makes a knock less risky
        position(hand, opp, "9C", gin.Phase.DISCARD).view(0),
        remember(position(hand, opp, "9C", gin.Phase.DISCARD).view(0)),
    )


KNOCK_HAND = "AH 2H 3H 5D 6D 7D JC JD JH 2C 9S"
"""Knocks with 2 deadwood (the 2♣) after discarding 9♠ (limit 9 under the 9♦)."""
KNOCK_OPP = "KS KH KD QS QH QD 4C 5C 8H 8S"


def test_tactician_knocks_early_when_an_undercut_is_unlikely() -> None:
    # classic's undercut bonus is small: first turn, 2 deadwood, the opponent has had no
    # time to improve, so the tactician knocks at once
    d = position(KNOCK_HAND, KNOCK_OPP, "9D", gin.Phase.DISCARD)
    assert TacticianBot(random.Random(1)).choose(d.view(0)) == gin.Knock(c("9S"))


def test_tactician_plays_for_gin_while_the_stock_is_long_when_the_undercut_bonus_is_big() -> None:
    # Knock timing under spades-double (undercut bonus 25): a knock is legal on the first
    # turn, but with a long stock the tactician plays on for gin and discards the 9♠
    from gin.bots.tactician import BIG_UNDERCUT, WAIT_STOCK

    assert SPADES.undercut_bonus >= BIG_UNDERCUT > CLASSIC.undercut_bonus
    d = position(KNOCK_HAND, KNOCK_OPP, "9D", gin.Phase.DISCARD, rules=SPADES)
    view = d.view(0)
    assert gin.Knock(c("9S")) in view.legal_actions and view.stock_count > WAIT_STOCK
    assert TacticianBot(random.Random(1)).choose(view) == gin.Discard(c("9S"))


def test_tactician_knocks_late_in_the_deal_when_an_undercut_is_unlikely() -> None:
    # the same hand under spades-double once the stock is short: no time is left for gin
    from gin.bots.tactician import WAIT_STOCK

    used = set(gin.parse_cards(KNOCK_HAND + " " + KNOCK_OPP))
    rest = [x for x in DECK if x not in used]
    pile = " ".join("A23456789TJQK"[x.rank - 1] + x.suit.letter for x in rest[WAIT_STOCK:])
    d = position(KNOCK_HAND, KNOCK_OPP, pile, gin.Phase.DISCARD, rules=SPADES, up="9D")
    view = d.view(0)
    assert view.stock_count == WAIT_STOCK
    assert TacticianBot(random.Random(1)).choose(view) == gin.Knock(c("9S"))


# ---------------------------------------------------------------- deterministic search

TAKEN_MAY_GO = gin.Rules.preset("spades-double", may_discard_taken_card=True, spade_doubles=False)


def _mid_deal_view(seed: int) -> tuple[gin.Deal, int]:
    d = gin.Deal.new(SPADES, rng=random.Random(seed))
    eager = EagerBot()
    for _ in range(5):
        p = d.to_move
        assert p is not None
        d.apply(eager.choose(d.view(p)))
    while d.phase is not gin.Phase.DISCARD:
        p = d.to_move
        assert p is not None
        d.apply(eager.choose(d.view(p)))
    assert d.to_move is not None
    return d, d.to_move


@pytest.mark.parametrize("name", ["tactician", "expert"])
def test_the_same_position_gets_the_same_move_whatever_the_bots_generator(name: str) -> None:
    """Determinism: the search is seeded from the position, not from the bot's history."""
    d, me = _mid_deal_view(21)
    opts = {"playouts": 60} if name == "expert" else {}
    moves = {make_bot(name, random.Random(s), **opts).choose(d.view(me)) for s in range(3)}
    bot = make_bot(name, random.Random(0), **opts)
    bot.choose(d.view(me))  # a bot that has decided before decides the same again
    moves.add(bot.choose(d.copy().view(me)))
    assert len(moves) == 1


def test_the_expert_search_does_not_depend_on_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Determinism: the work is a playout count; the safety cap counts CPU time, so a
    busy wall clock (a loaded machine) changes nothing, nor does a slow CPU clock that
    stays under the cap."""
    import gin.bots.expert as expert_module

    d, me = _mid_deal_view(33)
    view = d.view(me)
    calm = ExpertBot(playouts=80).analyse(view)
    ticks = iter(range(10**6))
    monkeypatch.setattr(expert_module.time, "perf_counter", lambda: next(ticks) * 10.0)
    busy_wall = ExpertBot(playouts=80).analyse(view)
    cpu_ticks = iter(range(10**6))
    monkeypatch.setattr(expert_module.time, "process_time", lambda: next(cpu_ticks) * 0.05)
    slow_cpu = ExpertBot(playouts=80).analyse(view)
    assert busy_wall == calm and slow_cpu == calm and not slow_cpu.stopped_early
    assert calm.worlds == max(expert_module.MIN_WORLDS, 80 // len(calm.values))


def test_the_default_time_cap_is_only_a_safety_cap() -> None:
    from gin.bots.expert import DEFAULT_BUDGET_MS

    assert DEFAULT_BUDGET_MS >= 1000


# ---------------------------------------------------------------- take and give back


def _taken_position(rules: gin.Rules) -> gin.Deal:
    """Player 0 has just taken the 7♣ to make four sevens; throwing it back leaves 5
    (2♠ 3♥), throwing the 2♠ leaves 3 (the issue's example)."""
    return gin.Deal.from_position(
        rules,
        dealer=1,
        hands=(
            gin.parse_cards("7S 7H 7D 7C 4D 5D 6D JC QC KC 2S"),
            gin.parse_cards("9S KH KD QS QH QD 4C 5C 8H 8S"),
        ),
        stock=[
            x
            for x in DECK
            if x
            not in gin.parse_cards(
                "7S 7H 7D 7C 4D 5D 6D JC QC KC 2S 9S KH KD QS QH QD 4C 5C 8H 8S 9D"
            )
        ],
        discard_pile=gin.parse_cards("9D"),
        up_card=c("9D"),
        phase=gin.Phase.DISCARD,
        to_move=0,
        taken_card=c("7C"),
    )


@pytest.mark.parametrize("name", ["tactician", "expert"])
def test_a_card_just_taken_is_never_thrown_straight_back(name: str) -> None:
    """Rule mix allowing the discard of the card just taken: the tactician and the
    expert still never give it straight back (that skips a draw for nothing)."""
    d = _taken_position(TAKEN_MAY_GO.replace(spade_doubles=False))
    view = d.view(0)
    assert gin.Discard(c("7C")) in view.legal_actions
    opts = {"playouts": 60} if name == "expert" else {}
    action = make_bot(name, random.Random(1), **opts).choose(view)
    assert isinstance(action, gin.Discard | gin.Knock) and action.card != c("7C")


@pytest.mark.parametrize("name", ["tactician", "expert"])
def test_no_take_and_give_back_over_whole_deals(name: str) -> None:
    """Over whole deals under that rule mix, no card taken from the discard pile (or the
    up card) is discarded on the same turn."""
    from gin.actions import Discarded, DrewFromDiscard, Knocked, UpCardTaken
    from gin.bots.selfplay import play_deal

    opts = {"playouts": 16} if name == "expert" else {}
    deals = 3 if name == "expert" else 20
    for i in range(deals):
        d = gin.Deal.new(TAKEN_MAY_GO, dealer=i % 2, rng=random.Random(400 + i))
        bot = make_bot(name, random.Random(i), **opts)
        play_deal(d, (bot, EagerBot()) if i % 2 else (EagerBot(), bot))
        me = 0 if i % 2 else 1
        taken = None
        for e in d.events:
            if isinstance(e, UpCardTaken | DrewFromDiscard) and e.player == me:
                taken = e.card
            elif isinstance(e, Discarded | Knocked) and e.player == me:
                assert e.card != taken
                taken = None
