"""What a player remembers of a deal, rebuilt from its :class:`~gin.deal.PlayerView`.

Everything here comes from the view: the player's hand, the discard pile, the cards the
opponent picked up (``view.opponent_known``) and the event log, in which the opponent's
stock draws carry no card. The memory never looks at hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from gin.actions import Discarded as _Discarded
from gin.actions import (
    DrewFromDiscard,
    DrewFromStock,
    Knocked,
    Passed,
    UpCardTaken,
)
from gin.cards import DECK, Card, cards_mask
from gin.deal import PlayerView

SUIT_ROW = 0x1FFF


@dataclass(frozen=True)
class Memory:
    """Every card seen so far, as 52-bit masks (see :func:`gin.cards.cards_mask`)."""

    player: int
    hand: int
    """This player's hand."""
    unseen: int
    """Cards this player has never seen: the stock and the opponent's hidden cards."""
    pile: int
    """The discard pile."""
    opp_known: int
    """Cards the opponent picked up and still holds."""
    opp_discarded: int
    """Every card the opponent discarded this deal."""
    opp_declined: int
    """Cards the opponent could have taken from the discard pile and left."""
    my_discarded: int
    """Every card this player discarded this deal."""
    opp_hidden: int
    """How many of the opponent's cards this player has not seen."""
    opp_stock_draws: int
    """How many times the opponent drew from the stock."""
    stock_count: int
    my_shown: int = 0
    """Cards this player took from the discard pile and still holds: what the opponent
    knows this player collects."""
    opp_last_discard: int = -1
    """The index of the card the opponent threw away on its last move, or -1 when its last
    move was no discard (or it has not moved)."""
    opp_last_blocked: int = 0
    """The card the opponent could not throw away on that move (the card it had just
    taken, where the rules forbid discarding it), as a mask."""

    @property
    def dead(self) -> int:
        """Cards out of play for this player's melds: the discard pile and the cards
        the opponent is known to hold."""
        return self.pile | self.opp_known

    def opponent_share(self) -> float:
        """The chance that one unseen card is in the opponent's hand (not the stock)."""
        n = self.unseen.bit_count()
        return self.opp_hidden / n if n else 0.0


def remember(view: PlayerView) -> Memory:
    """The memory of ``view``'s player, rebuilt from the view alone."""
    me = view.player
    opp = 1 - me
    pile = [view.up_card]
    declined = 0
    opp_discarded = 0
    my_discarded = 0
    stock_draws = 0
    both_passed = False
    forced_draw = False
    shown = 0
    last_discard = -1
    last_blocked = 0
    took = 0
    for e in view.events:
        if getattr(e, "player", None) == opp:
            last_discard = e.card.index if isinstance(e, _Discarded) else -1
            if isinstance(e, UpCardTaken | DrewFromDiscard):
                took = 0 if view.rules.may_discard_taken_card else e.card.mask
            elif isinstance(e, DrewFromStock):
                took = 0
            elif isinstance(e, _Discarded):
                last_blocked = took
        if isinstance(e, UpCardTaken | DrewFromDiscard) and e.player == me:
            shown |= e.card.mask
        elif isinstance(e, _Discarded | Knocked) and e.player == me:
            shown &= ~e.card.mask
        if isinstance(e, UpCardTaken):
            if pile:
                pile.pop()
        elif isinstance(e, Passed):
            if e.player == opp and pile:
                declined |= pile[-1].mask
            if both_passed is False and e.player == view.dealer:
                both_passed = True
                forced_draw = True
        elif isinstance(e, DrewFromStock):
            if e.player == opp:
                stock_draws += 1
                if pile and not forced_draw:
                    declined |= pile[-1].mask
            forced_draw = False
        elif isinstance(e, DrewFromDiscard):
            if pile:
                pile.pop()
            forced_draw = False
        elif isinstance(e, _Discarded | Knocked):
            pile.append(e.card)
            if e.player == opp:
                opp_discarded |= e.card.mask
            else:
                my_discarded |= e.card.mask
    hand = cards_mask(view.hand)
    pile_mask = cards_mask(view.discard_pile)
    known = cards_mask(view.opponent_known)
    seen = hand | pile_mask | known
    unseen = 0
    for c in DECK:
        if not seen & c.mask:
            unseen |= c.mask
    return Memory(
        player=me,
        hand=hand,
        unseen=unseen,
        pile=pile_mask,
        opp_known=known,
        opp_discarded=opp_discarded,
        opp_declined=declined & ~known,
        my_discarded=my_discarded,
        opp_hidden=max(0, view.opponent_card_count - len(view.opponent_known)),
        opp_stock_draws=stock_draws,
        stock_count=view.stock_count,
        my_shown=shown & hand,
        opp_last_discard=last_discard,
        opp_last_blocked=last_blocked if last_discard >= 0 else 0,
    )


def neighbours(card: Card) -> int:
    """The cards that can form a meld with ``card``: its rank in other suits and the
    two cards either side in its suit."""
    m = 0
    base = card.suit * 13
    for r in (card.rank - 2, card.rank - 1, card.rank + 1, card.rank + 2):
        if 1 <= r <= 13:
            m |= 1 << (base + r - 1)
    for s in range(4):
        if s != card.suit:
            m |= 1 << (s * 13 + card.rank - 1)
    return m


NEIGHBOURS: tuple[int, ...] = tuple(neighbours(c) for c in DECK)
""":func:`neighbours` of each card, by card index."""


def meld_partners(card: Card) -> tuple[tuple[int, int], ...]:
    """Every pair of other cards that forms a three-card meld with ``card``, as masks."""
    pairs: list[tuple[int, int]] = []
    others = [Card(card.rank, s).mask for s in range(4) if s != card.suit]
    for i in range(3):
        for j in range(i + 1, 3):
            pairs.append((others[i], others[j]))
    base = card.suit * 13
    r = card.rank
    for a, b in ((r - 2, r - 1), (r - 1, r + 1), (r + 1, r + 2)):
        if 1 <= a <= 13 and 1 <= b <= 13:
            pairs.append((1 << (base + a - 1), 1 << (base + b - 1)))
    return tuple(pairs)


MELD_PARTNERS: tuple[tuple[tuple[int, int], ...], ...] = tuple(meld_partners(c) for c in DECK)
""":func:`meld_partners` of each card, by card index."""


__all__ = ["MELD_PARTNERS", "NEIGHBOURS", "Memory", "meld_partners", "neighbours", "remember"]
