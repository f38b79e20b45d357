"""One deal as a state machine: :class:`Deal`, its :class:`Phase` and the :class:`PlayerView`.

The phases follow the rules: the up-card offer to the non-dealer and then the dealer,
draw, discard (or knock, or big gin), the defender's layoffs, and the end, scored or
void. In each phase :meth:`Deal.legal_actions` lists what the player to move may do,
:meth:`Deal.verify` says why anything else is illegal, and :meth:`Deal.apply` performs
an action and records its events.

>>> import random
>>> from gin.rules import Rules
>>> from gin.actions import Pass
>>> deal = Deal.new(Rules.preset("classic"), dealer=0, rng=random.Random(7))
>>> deal.phase, deal.to_move
(<Phase.OFFER_NON_DEALER: 'offer-non-dealer'>, 1)
>>> deal.apply(Pass())
(Passed(player=1),)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from gin import actions as act
from gin.cards import DECK, Card, cards_mask, check_distinct, parse_cards
from gin.errors import CardParseError, IllegalActionError, echo
from gin.i18n import M
from gin.layout import LayoffBoard, check_knock_layout, propose_layout
from gin.melds import Arrangement, deadwood_of_mask
from gin.rules import Rules
from gin.scoring import DealResult, knock_refusal, plan_layoffs, score_deal
from gin.view import DiscardChoice, DiscardEnd, Phase, PlayerView

_ACTION_TYPES = (
    act.TakeUpCard,
    act.Pass,
    act.DrawStock,
    act.DrawDiscard,
    act.Discard,
    act.Knock,
    act.BigGin,
    act.LayOff,
)

VOID_STOCK = 2
"""A discard that leaves this many cards in the stock ends the deal void."""


def _layout(melds: Any) -> list[list[Card]]:
    """A layout given in an action, its shape checked (``bad-action`` otherwise)."""
    if not isinstance(melds, tuple | list) or not all(
        isinstance(m, tuple | list) and all(isinstance(c, Card) for c in m) for m in melds
    ):
        raise IllegalActionError(M["error.bad-action"](action=echo(melds)))
    return [list(m) for m in melds]


def check_player(player: Any) -> int:
    """``player`` as an int, if it is 0 or 1; otherwise an IllegalActionError (``bad-player``)."""
    if player not in (0, 1) or isinstance(player, bool):
        raise IllegalActionError(M["error.bad-player"](player=echo(repr(player))))
    return int(player)


def check_order(order: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """A 52-card order read and checked: every card exactly once."""
    cards = parse_cards(order) if isinstance(order, str) else parse_cards(list(order))
    if len(cards) != 52:
        raise CardParseError(M["error.bad-order"](count=len(cards)))
    return tuple(cards)


class Deal:
    """One deal of Oklahoma Gin, from the up-card offer to the score.

    Build it with :meth:`new` (a shuffled deck from a seeded generator) or
    :meth:`from_order` (an explicit 52-card order). Players are 0 and 1. The order
    deals one card at a time starting with the non-dealer (cards 1, 3, ... 19 to the
    non-dealer, 2, 4, ... 20 to the dealer); card 21 is the up card and card 22 the top
    of the stock.
    """

    rules: Rules
    dealer: int
    order: tuple[Card, ...]
    up_card: Card
    knock_limit: int
    phase: Phase
    to_move: int | None
    taken_card: Card | None
    both_passed: bool
    stock_only: bool
    knocker: int | None
    result: DealResult | None

    def __init__(self, rules: Rules, order: Sequence[Card], dealer: int = 0) -> None:
        if not isinstance(rules, Rules):
            raise IllegalActionError(M["error.not-rules"](value=echo(repr(rules))))
        self.rules = rules
        self.dealer = check_player(dealer)
        self.order = check_order(order)
        nd = 1 - self.dealer
        self.hands: list[list[Card]] = [[], []]
        for i in range(20):
            self.hands[nd if i % 2 == 0 else self.dealer].append(self.order[i])
        self.up_card = self.order[20]
        self.discard_pile: list[Card] = [self.up_card]
        self.stock: list[Card] = list(reversed(self.order[21:]))  # top of the stock is last
        self.knock_limit = rules.knock_limit(self.up_card)
        self.phase = Phase.OFFER_NON_DEALER
        self.to_move = nd
        self.taken_card = None
        self.both_passed = False
        self.stock_only = False
        self.knocker = None
        self.result = None
        self._pending: DealResult | None = None
        self.events: list[act.Event] = []
        self.actions: list[act.Action] = []
        self.movers: list[int] = []
        """Who made each of :attr:`actions` (for fair-play undo, :meth:`gin.Game.check_undo`)."""

    # ------------------------------------------------------------------ building

    @classmethod
    def new(
        cls,
        rules: Rules,
        dealer: int = 0,
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
    ) -> Deal:
        """A deal from a deck shuffled by ``rng`` (or by ``random.Random(seed)``)."""
        if rng is None:
            if seed is None:
                raise IllegalActionError(M["error.no-seed"]())
            rng = random.Random(seed)
        order = list(DECK)
        rng.shuffle(order)
        return cls(rules, order, dealer)

    @classmethod
    def from_order(cls, rules: Rules, order: Iterable[Card | str] | str, dealer: int = 0) -> Deal:
        """A deal from an explicit 52-card order (cards, codes, or one string)."""
        return cls(rules, check_order(order), dealer)

    @classmethod
    def replay(
        cls,
        rules: Rules,
        order: Sequence[Card],
        dealer: int,
        actions: Iterable[act.Action | str],
    ) -> Deal:
        """A deal rebuilt by applying ``actions`` to a fresh deal from ``order``."""
        deal = cls(rules, order, dealer)
        for a in actions:
            deal.apply(act.parse_action(a) if isinstance(a, str) else a)
        return deal

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        *,
        dealer: int,
        hands: tuple[Sequence[Card], Sequence[Card]],
        stock: Sequence[Card],
        discard_pile: Sequence[Card],
        up_card: Card,
        phase: Phase,
        to_move: int,
        taken_card: Card | None = None,
        both_passed: bool = False,
    ) -> Deal:
        """A deal set up in the middle of play, for simulations and lessons.

        ``stock`` is listed top card first. The deal has no history: it can't be undone
        past this point or saved as a game.
        """
        all_cards = [*hands[0], *hands[1], *stock, *discard_pile]
        check_distinct(all_cards)
        if len(all_cards) != 52:
            raise CardParseError(M["error.bad-position"](count=len(all_cards)))
        if phase.is_over or phase is Phase.LAYOFF:
            raise IllegalActionError(M["error.position-over"]())
        if phase in (Phase.OFFER_NON_DEALER, Phase.OFFER_DEALER) and list(discard_pile) != [
            up_card
        ]:
            raise IllegalActionError(M["error.position-offer-pile"]())
        if len(stock) < VOID_STOCK or (len(stock) == VOID_STOCK and phase is not Phase.DISCARD):
            raise IllegalActionError(M["error.position-stock-low"](stock=len(stock)))
        deal = cls.__new__(cls)
        deal.rules = rules
        deal.dealer = check_player(dealer)
        deal.order = ()
        deal.hands = [list(hands[0]), list(hands[1])]
        deal.up_card = up_card
        deal.discard_pile = list(discard_pile)
        deal.stock = list(reversed(stock))
        deal.knock_limit = rules.knock_limit(up_card)
        deal.phase = phase
        deal.to_move = check_player(to_move)
        deal.taken_card = taken_card
        deal.both_passed = both_passed
        deal.stock_only = both_passed and phase is Phase.DRAW and len(stock) == 31
        deal.knocker = None
        deal.result = None
        deal._pending = None
        deal.events = []
        deal.actions = []
        deal.movers = []
        return deal

    def copy(self) -> Deal:
        """An independent copy of the deal."""
        other = Deal.__new__(Deal)
        other.__dict__.update(self.__dict__)
        other.hands = [list(self.hands[0]), list(self.hands[1])]
        other.discard_pile = list(self.discard_pile)
        other.stock = list(self.stock)
        other.events = list(self.events)
        other.actions = list(self.actions)
        other.movers = list(self.movers)
        return other

    # ------------------------------------------------------------------ queries

    @property
    def non_dealer(self) -> int:
        """The player who is not dealing (first to be offered the up card)."""
        return 1 - self.dealer

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended, scored or void."""
        return self.phase.is_over

    @property
    def doubled(self) -> bool:
        """Whether the deal's points are doubled."""
        return self.rules.is_doubled(self.up_card)

    def hand(self, player: int) -> tuple[Card, ...]:
        """A player's hand, sorted."""
        return tuple(sorted(self.hands[check_player(player)]))

    def stock_top_first(self) -> tuple[Card, ...]:
        """The stock, top card first (hidden information)."""
        return tuple(reversed(self.stock))

    def outcome(self) -> tuple[int | None, int, str]:
        """(winning player or ``None``, points, kind) of a finished deal; kind ``void``
        for a void deal."""
        if self.phase is Phase.VOID:
            return (None, 0, "void")
        if self.result is None or self.knocker is None:
            raise IllegalActionError(M["error.not-over"]())
        r = self.result
        if r.winner is None:
            return (None, 0, r.kind)
        player = self.knocker if r.winner == "knocker" else 1 - self.knocker
        return (player, r.points, r.kind)

    def legal_actions(self) -> list[act.Action]:
        """Every legal action of the player to move, in a fixed order."""
        return self._legal_actions(self.discard_choices())

    def _legal_actions(self, choices: Sequence[DiscardChoice]) -> list[act.Action]:
        """:meth:`legal_actions`, given the :meth:`discard_choices` already worked out."""
        ph = self.phase
        if ph in (Phase.OFFER_NON_DEALER, Phase.OFFER_DEALER):
            return [act.TakeUpCard(), act.Pass()]
        if ph is Phase.DRAW:
            if self.stock_only or not self.discard_pile:
                return [act.DrawStock()]
            return [act.DrawStock(), act.DrawDiscard()]
        if ph is Phase.DISCARD:
            by_card = sorted(choices, key=lambda ch: ch.card)
            out: list[act.Action] = [act.Discard(ch.card) for ch in by_card]
            out.extend(act.Knock(ch.card) for ch in by_card if ch.ends != "discard")
            if self.can_big_gin():
                out.append(act.BigGin())
            return out
        if ph is Phase.LAYOFF:
            return [act.LayOff()]
        return []

    def verify(self, action: act.Action, player: int | None = None) -> None:
        """Raise :class:`~gin.errors.IllegalActionError` if ``action`` is illegal now.

        If ``player`` is given, it must be the player to move.
        """
        if self.is_over:
            raise IllegalActionError(M["error.deal-over"]())
        if player is not None and check_player(player) != self.to_move:
            raise IllegalActionError(M["error.not-your-turn"]())
        if not isinstance(action, _ACTION_TYPES):
            raise IllegalActionError(M["error.bad-action"](action=echo(action)))
        ph = self.phase
        if isinstance(action, act.TakeUpCard | act.Pass):
            if ph not in (Phase.OFFER_NON_DEALER, Phase.OFFER_DEALER):
                raise IllegalActionError(
                    M["error.already-drew"]()
                    if ph is Phase.DISCARD
                    else M["error.up-card-not-offered"]()
                )
            return
        if ph in (Phase.OFFER_NON_DEALER, Phase.OFFER_DEALER):
            raise IllegalActionError(M["error.offer-pending"]())
        if isinstance(action, act.DrawStock | act.DrawDiscard):
            if ph is Phase.DISCARD:
                raise IllegalActionError(M["error.already-drew"]())
            if ph is Phase.LAYOFF:
                raise IllegalActionError(M["error.layoff-pending"]())
            if isinstance(action, act.DrawDiscard) and not self.discard_pile:
                raise IllegalActionError(M["error.empty-discard"]())
            if isinstance(action, act.DrawDiscard) and self.stock_only:
                raise IllegalActionError(M["error.stock-only"]())
            return
        if isinstance(action, act.Discard | act.Knock):
            card = action.card
            if not isinstance(card, Card):
                raise IllegalActionError(M["error.bad-action"](action=echo(action)))
            if ph is Phase.DRAW:
                only_stock = self.stock_only or not self.discard_pile
                raise IllegalActionError(
                    M["error.draw-first-stock"]() if only_stock else M["error.draw-first"]()
                )
            if ph is not Phase.DISCARD:
                raise IllegalActionError(M["error.layoff-pending"]())
            assert self.to_move is not None
            hand = self.hands[self.to_move]
            if card not in hand:
                raise IllegalActionError(M["error.not-in-hand"](card=card.code))
            if card is self.taken_card and not self.rules.may_discard_taken_card:
                raise IllegalActionError(M["error.taken-card"](card=card.code))
            if isinstance(action, act.Knock):
                dw = deadwood_of_mask(cards_mask(hand) ^ card.mask)
                if dw > self.knock_limit:
                    raise IllegalActionError(knock_refusal(self.rules, self.up_card, dw))
                if action.melds is not None:
                    kept = [c for c in hand if c != card]
                    layout = propose_layout(kept, _layout(action.melds))
                    check_knock_layout(self.rules, self.up_card, layout)
            return
        if isinstance(action, act.BigGin):
            if ph is not Phase.DISCARD:
                raise IllegalActionError(M["error.big-gin-after-draw"]())
            if not self.rules.big_gin:
                raise IllegalActionError(M["error.no-big-gin"]())
            assert self.to_move is not None
            dw = deadwood_of_mask(cards_mask(self.hands[self.to_move]))
            if dw:
                raise IllegalActionError(M["error.not-big-gin"](deadwood=dw))
            if action.melds is not None:
                layout = propose_layout(self.hands[self.to_move], _layout(action.melds))
                check_knock_layout(self.rules, self.up_card, layout)
            return
        if isinstance(action, act.LayOff):
            if ph is not Phase.LAYOFF:
                raise IllegalActionError(M["error.no-knock"]())
            if action.layoffs is not None:
                self._layoff_board(action.layoffs)
            return
        raise IllegalActionError(M["error.bad-action"](action=echo(action)))

    def can(self, action: act.Action, player: int | None = None) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.verify(action, player)
        except IllegalActionError:
            return False
        return True

    # ------------------------------------------------------------------ acting

    def apply(self, action: act.Action, player: int | None = None) -> tuple[act.Event, ...]:
        """Perform ``action`` for the player to move and return the events it caused.

        Raises :class:`~gin.errors.IllegalActionError` (the state is then unchanged) if
        the action is illegal, or if ``player`` is given and is not the player to move.
        """
        self.verify(action, player)
        p = self.to_move
        assert p is not None
        new: list[act.Event] = []
        ph = self.phase
        if isinstance(action, act.TakeUpCard | act.DrawDiscard):
            card = self.discard_pile.pop()
            self.hands[p].append(card)
            self.taken_card = card
            self.phase = Phase.DISCARD
            if isinstance(action, act.TakeUpCard):
                new.append(act.UpCardTaken(p, card))
            else:
                new.append(act.DrewFromDiscard(p, card))
        elif isinstance(action, act.Pass):
            new.append(act.Passed(p))
            if ph is Phase.OFFER_NON_DEALER:
                self.phase = Phase.OFFER_DEALER
                self.to_move = self.dealer
            else:
                self.phase = Phase.DRAW
                self.to_move = self.non_dealer
                self.both_passed = True
                self.stock_only = True
        elif isinstance(action, act.DrawStock):
            card = self.stock.pop()
            self.hands[p].append(card)
            self.taken_card = None
            self.stock_only = False
            self.phase = Phase.DISCARD
            new.append(act.DrewFromStock(p, card))
        elif isinstance(action, act.Discard):
            self.hands[p].remove(action.card)
            self.discard_pile.append(action.card)
            self.taken_card = None
            new.append(act.Discarded(p, action.card))
            if len(self.stock) <= VOID_STOCK:
                self.phase = Phase.VOID
                self.to_move = None
                new.append(act.DealVoided())
            else:
                self.phase = Phase.DRAW
                self.to_move = 1 - p
        elif isinstance(action, act.Knock):
            self.hands[p].remove(action.card)
            self.discard_pile.append(action.card)
            self.taken_card = None
            self.knocker = p
            self._pending = score_deal(
                self.rules, self.up_card, self.hands[p], self.hands[1 - p], action.melds
            )
            dw = self._pending.knocker_deadwood
            new.append(act.Knocked(p, action.card, dw, dw == 0))
            if dw == 0:
                new.extend(self._finish())
            else:
                self.phase = Phase.LAYOFF
                self.to_move = 1 - p
        elif isinstance(action, act.BigGin):
            self.knocker = p
            self.taken_card = None
            new.append(act.BigGinDeclared(p))
            self._pending = score_deal(
                self.rules, self.up_card, self.hands[p], self.hands[1 - p], action.melds
            )
            new.extend(self._finish())
        else:  # LayOff
            if action.layoffs is not None:
                k = self.knocker
                assert k is not None and self._pending is not None
                shown = self._pending.knocker_arrangement
                melds = tuple(m.cards for m in shown.melds) if self._pending.laid_out else None
                self._pending = score_deal(
                    self.rules, self.up_card, self.hands[k], self.hands[p], melds, action.layoffs
                )
            new.extend(self._finish())
        self.events.extend(new)
        self.actions.append(action)
        self.movers.append(p)
        return tuple(new)

    def _finish(self) -> list[act.Event]:
        k = self.knocker
        assert k is not None
        result = self._pending
        if result is None:
            result = score_deal(self.rules, self.up_card, self.hands[k], self.hands[1 - k])
        self._pending = None
        self.result = result
        self.phase = Phase.SCORED
        self.to_move = None
        out: list[act.Event] = [act.LaidOff(1 - k, lo.card, lo.onto) for lo in result.layoffs]
        winner = None if result.winner is None else (k if result.winner == "knocker" else 1 - k)
        out.append(act.DealScored(winner, result.points, result.kind))
        return out

    def _layoff_board(self, layoffs: Sequence[tuple[Card, int]] = ()) -> LayoffBoard:
        """The defender's layoff board after a knock, with ``layoffs`` laid (raises
        :class:`~gin.layout.LayoutError` for a layoff refused)."""
        shown = self.shown_knocker_arrangement()
        if shown is None or self.knocker is None:
            raise IllegalActionError(M["error.no-knock"]())
        board = LayoffBoard.start(shown.melds, self.hands[1 - self.knocker])
        for pair in layoffs:
            if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], Card)):
                raise IllegalActionError(M["error.bad-action"](action=echo(pair)))
            board = board.lay_off(pair[0], pair[1])
        return board

    def discard_choices(self) -> tuple[DiscardChoice, ...]:
        """Every legal discard of the player to move, with the deadwood of the ten cards
        kept and what it may end (``knock``, ``gin`` or a plain ``discard``), best first:
        least deadwood, then the highest card, then card order. Empty outside the discard.
        """
        if self.phase is not Phase.DISCARD or self.to_move is None:
            return ()
        hand = self.hands[self.to_move]
        m = cards_mask(hand)
        blocked = None if self.rules.may_discard_taken_card else self.taken_card
        out: list[DiscardChoice] = []
        for c in hand:
            if c is blocked:
                continue
            dw = deadwood_of_mask(m ^ c.mask)
            ends: DiscardEnd = (
                "gin" if dw == 0 else "knock" if dw <= self.knock_limit else "discard"
            )
            out.append(DiscardChoice(c, dw, ends))
        out.sort(key=lambda ch: (ch.deadwood, -ch.card.points, ch.card.index))
        return tuple(out)

    def can_big_gin(self) -> bool:
        """Whether the player to move may declare big gin now."""
        if self.phase is not Phase.DISCARD or self.to_move is None or not self.rules.big_gin:
            return False
        return deadwood_of_mask(cards_mask(self.hands[self.to_move])) == 0

    # ------------------------------------------------------------------ views

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see. Hidden cards are left out until the deal is over."""
        p = check_player(player)
        o = 1 - p
        known: list[Card] = []
        events: list[act.Event] = []
        for e in self.events:
            if isinstance(e, act.DrewFromStock) and e.player == o:
                e = act.DrewFromStock(o, None)
            events.append(e)
            if getattr(e, "player", None) == o:
                if isinstance(e, act.UpCardTaken | act.DrewFromDiscard):
                    known.append(e.card)
                elif isinstance(e, act.Discarded | act.Knocked) and e.card in known:
                    known.remove(e.card)
        over = self.is_over
        mine = self.to_move == p
        choices = self.discard_choices() if mine else ()  # worked out once per view
        shown = self.shown_knocker_arrangement()
        plan = None
        board = None
        if self.phase is Phase.LAYOFF and self.knocker == o and shown is not None:
            plan = plan_layoffs(shown, self.hands[p])
            board = LayoffBoard.start(shown.melds, sorted(self.hands[p]))
        return PlayerView(
            player=p,
            rules=self.rules,
            dealer=self.dealer,
            phase=self.phase,
            to_move=self.to_move,
            hand=tuple(sorted(self.hands[p])),
            opponent_card_count=len(self.hands[o]),
            stock_count=len(self.stock),
            discard_pile=tuple(self.discard_pile),
            up_card=self.up_card,
            knock_limit=self.knock_limit,
            doubled=self.doubled,
            taken_card=self.taken_card if self.to_move == p else None,
            both_passed=self.both_passed,
            opponent_known=tuple(sorted(known)),
            events=tuple(events),
            legal_actions=tuple(self._legal_actions(choices)) if mine else (),
            knocker=self.knocker,
            result=self.result,
            opponent_hand=tuple(sorted(self.hands[o])) if over else None,
            knocker_shown=shown,
            stock_only=self.stock_only and mine,
            discard_choices=choices,
            can_big_gin=mine and self.can_big_gin(),
            layoff_plan=plan,
            layoff_board=board,
        )

    def shown_knocker_arrangement(self) -> Arrangement | None:
        """The knocker's arrangement laid face up after a knock, or ``None``."""
        shown = self.result if self.result is not None else self._pending
        return None if shown is None else shown.knocker_arrangement

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that makes up the state, as a comparable value."""
        return (
            self.rules,
            self.dealer,
            self.order,
            self.phase,
            self.to_move,
            tuple(self.hands[0]),
            tuple(self.hands[1]),
            tuple(self.stock),
            tuple(self.discard_pile),
            self.taken_card,
            self.both_passed,
            self.stock_only,
            self.knocker,
            self.result,
            tuple(self.events),
            tuple(self.actions),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def card_count(self) -> int:
        """How many cards are in hands, stock and discard pile (always 52)."""
        return len(self.hands[0]) + len(self.hands[1]) + len(self.stock) + len(self.discard_pile)

    def __repr__(self) -> str:
        return f"<Deal dealer={self.dealer} phase={self.phase.value} to_move={self.to_move}>"


__all__ = ["VOID_STOCK", "Deal", "Phase", "PlayerView", "check_order", "check_player"]
