"""Fast playouts: a deal played to its end on masks.

- :func:`sensible_playout`: both sides play the ``sensible`` policy
  (:mod:`gin.bots.sensible`, close to the ``tactician``'s: it takes a card that melds,
  avoids feeding what the opponent is known to collect, waits for gin where the undercut
  bonus is big). The expert's imagined deals, and so the hint's and the review's, are
  played with it.

It is the policy and the deal's rules (see :class:`gin.deal.Deal`) rewritten on 52-bit
masks, several times faster than stepping a :class:`~gin.deal.Deal`; the tests check that
it gives the same results as the policy stepped on a deal. The end of the deal is scored
by :func:`gin.scoring.score_deal` itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gin.bots.outcome import VOID, Outcome, score
from gin.bots.sensible import choose_discard, take_options, waits
from gin.cards import Card, mask_cards
from gin.deal import VOID_STOCK, Deal, Phase
from gin.melds import deadwood_of_mask, has_loose_card
from gin.rules import Rules

OFFER_NON_DEALER = 0
OFFER_DEALER = 1
DRAW = 2
DISCARD = 3

PHASE_CODES = {
    Phase.OFFER_NON_DEALER: OFFER_NON_DEALER,
    Phase.OFFER_DEALER: OFFER_DEALER,
    Phase.DRAW: DRAW,
    Phase.DISCARD: DISCARD,
}
"""The code of each phase a playout position can be in."""


@dataclass
class Position:
    """A deal in progress, on masks. ``stock`` and ``pile`` list card indexes with the
    top card last."""

    rules: Rules
    up_card: Card
    dealer: int
    hands: list[int]
    stock: list[int]
    pile: list[int]
    phase: int
    to_move: int
    taken: int = -1
    """The index of the card just taken from the discard pile, or -1."""
    stock_only: bool = False
    known: list[int] = field(default_factory=lambda: [0, 0])
    """For each player, the cards its opponent took from the discard pile and still holds
    (what the player knows the opponent collects)."""
    patient: tuple[bool, bool] = (True, True)
    """For each player, whether it passes up a knock to wait for gin where the rules make
    that worth it (:func:`gin.bots.sensible.waits`); a player that is not patient knocks as
    soon as the limit allows, as ``eager`` and OpenSpiel's ``SimpleGinRummyBot`` do."""

    def copy(self) -> Position:
        """An independent copy."""
        return Position(
            self.rules,
            self.up_card,
            self.dealer,
            list(self.hands),
            list(self.stock),
            list(self.pile),
            self.phase,
            self.to_move,
            self.taken,
            self.stock_only,
            list(self.known),
            self.patient,
        )

    def to_deal(self) -> Deal:
        """The same position as a :class:`~gin.deal.Deal` (for checks and lessons)."""
        phase = {v: k for k, v in PHASE_CODES.items()}[self.phase]
        return Deal.from_position(
            self.rules,
            dealer=self.dealer,
            hands=(mask_cards(self.hands[0]), mask_cards(self.hands[1])),
            stock=[Card.from_index(i) for i in reversed(self.stock)],
            discard_pile=[Card.from_index(i) for i in self.pile],
            up_card=self.up_card,
            phase=phase,
            to_move=self.to_move,
            taken_card=Card.from_index(self.taken) if self.taken >= 0 else None,
            both_passed=self.stock_only,
        )


_ALL = (1 << 52) - 1


def sensible_playout(pos: Position) -> Outcome:
    """Play ``pos`` to the end with the ``sensible`` policy on both sides (``pos`` is
    changed); :class:`gin.bots.sensible.SensibleBot` plays the same moves on a deal (made
    with ``patient=pos.patient[p]`` for player ``p``).

    Each player's deadwood is carried from its discard to its next draw, and the discards
    worked out to decide whether to take a card are the ones it then chooses from."""
    rules = pos.rules
    limit = rules.knock_limit(pos.up_card)
    big_gin = rules.big_gin
    hands = pos.hands
    stock = pos.stock
    pile = pos.pile
    known = pos.known
    phase = pos.phase
    p = pos.to_move
    taken = pos.taken
    stock_only = pos.stock_only
    pile_mask = 0
    for i in pile:
        pile_mask |= 1 << i
    dws = [-1, -1]
    """Each player's deadwood with ten cards, once known."""
    options: list[tuple[int, int]] | None = None
    """The discards of the hand to move, when taking a card worked them out."""
    patient = pos.patient
    while True:
        if phase == DISCARD:
            m = hands[p]
            if big_gin and m.bit_count() == 11 and not has_loose_card(m):
                if deadwood_of_mask(m) == 0:
                    return score(rules, pos.up_card, p, m, hands[1 - p])
            blocked = (1 << taken) if taken >= 0 else 0
            kn = known[p]
            unseen = ~(m | pile_mask | kn) & _ALL
            wait = patient[p] and waits(rules, len(stock))
            knock, i, v = choose_discard(m, blocked, kn, unseen, limit, wait, options)
            options = None
            if knock:
                return score(rules, pos.up_card, p, m ^ (1 << i), hands[1 - p])
            hands[p] = m ^ (1 << i)
            dws[p] = v
            pile.append(i)
            pile_mask |= 1 << i
            known[1 - p] &= ~(1 << i)
            taken = -1
            if len(stock) <= VOID_STOCK:
                return VOID
            p = 1 - p
            phase = DRAW
        else:
            top = pile[-1] if pile else -1
            if phase == DRAW and (top < 0 or stock_only):
                options = None
            else:
                dw = dws[p]
                if dw < 0:
                    dw = dws[p] = deadwood_of_mask(hands[p])
                options = take_options(hands[p], dw, top)
            if options is not None:
                pile.pop()
                pile_mask ^= 1 << top
                hands[p] |= 1 << top
                known[1 - p] |= 1 << top
                taken = top
                phase = DISCARD
            elif phase == DRAW:
                c = stock.pop()
                hands[p] |= 1 << c
                taken = -1
                stock_only = False
                phase = DISCARD
            elif phase == OFFER_NON_DEALER:
                phase = OFFER_DEALER
                p = pos.dealer
            else:
                phase = DRAW
                p = 1 - pos.dealer
                stock_only = True


__all__ = [
    "DISCARD",
    "DRAW",
    "OFFER_DEALER",
    "OFFER_NON_DEALER",
    "PHASE_CODES",
    "VOID",
    "Outcome",
    "Position",
    "score",
    "sensible_playout",
]
