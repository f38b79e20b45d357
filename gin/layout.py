"""A layout a player makes: melds chosen by hand, checked and compared with the best, and
layoffs chosen one card at a time.

At a real table nobody arranges your cards. The knocker lays out their melds (a worse
layout than the best costs points, and the deal is scored as laid out), and the defender
picks which cards to lay off, onto which melds. This module owns those facts:

- :func:`meld_refusal` / :func:`check_meld`: is this group a meld, and if not, why;
- :func:`propose_layout`: a whole layout checked (each meld legal, cards from the hand,
  none twice); the cards left out are deadwood;
- :func:`compare_layout`: the layout against the engine's best, in one sentence;
- :func:`check_knock_layout`: a knock must leave deadwood within the knock limit;
- :func:`check_declared_layout` / :func:`verify_declared_layout`: the end a player
  declared (knock, gin, big gin) checked on the layout they made: a knock over the limit,
  a gin laid out with deadwood (:attr:`KnockRefusedError.may_knock`: it may be a knock
  instead) and a big gin that isn't are refused with a :class:`KnockRefusedError`;
- :class:`LayoffBoard`: layoffs chosen one at a time, each checked against the melds as
  they stand (chained runs grow), and :func:`missed_layoffs`: what the best layoffs would
  have saved.

Every refusal is a :class:`LayoutError` with a code and a sentence from the catalog.

>>> from gin.cards import parse_cards
>>> hand = parse_cards("7S 8S 9S 7H 7D 2C 3C 4C KH QD")
>>> layout = propose_layout(hand, [parse_cards("7S 8S 9S"), parse_cards("2C 3C 4C")])
>>> layout.deadwood_points
34
>>> check_meld(parse_cards("QS KS AS"))
Traceback (most recent call last):
...
gin.layout.LayoutError: Q♠ K♠ A♠ is not a run: aces are low, so the ace can't follow the king.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from gin.cards import Card, cards_mask
from gin.errors import IllegalActionError
from gin.i18n import M, Text
from gin.layoffs import Layoff, best_layoffs
from gin.melds import Arrangement, Meld, best_arrangements, can_extend, deadwood_of_mask, extend
from gin.rules import Rules
from gin.steps import Draft, Step, number_steps

EndKind = Literal["knock", "gin", "big-gin"]
"""How a deal ended, for the layoffs: only after a knock may the defender lay off."""


class LayoutError(IllegalActionError):
    """A meld, a layout or a layoff a player proposed is refused; nothing is changed.

    Codes: ``meld-too-few``, ``meld-gap``, ``meld-mixed-suits``, ``meld-ace-high``,
    ``meld-too-many``, ``meld-not-set``, ``meld-mixed`` (why a group is no meld),
    ``card-not-in-hand``, ``card-used-twice``, ``layout-over-limit``,
    ``layout-big-gin-deadwood`` (a layout refused), ``layoff-no-fit``, ``layoff-after-gin``,
    ``layoff-not-yours``, ``layoff-no-meld`` (a layoff refused). A declared end refused on
    its layout is the subclass :class:`KnockRefusedError`.
    """


class KnockRefusedError(LayoutError):
    """A knock, gin or big gin refused on the layout the player made (nothing is changed);
    its code is the slip a tutor records (the player tried to end the deal and could not).

    Codes: ``layout-over-limit`` (a knock leaving more deadwood than the knock limit),
    ``layout-gin-only`` (a knock with deadwood where the up card allows only gin),
    ``layout-gin-only-big-gin`` (the same, where the rules also have big gin),
    ``layout-gin-deadwood`` (gin declared, but the melds leave deadwood within the limit:
    a knock, not gin), ``layout-gin-over-limit`` (gin declared, the melds leave deadwood
    over the limit: neither gin nor a knock), ``layout-big-gin-deadwood`` (big gin
    declared, the eleven cards not all melded).

    >>> "layout-gin-deadwood" in KnockRefusedError.slip_codes()
    True
    """

    CODES = (
        "layout-over-limit",
        "layout-gin-only",
        "layout-gin-only-big-gin",
        "layout-gin-deadwood",
        "layout-gin-over-limit",
        "layout-big-gin-deadwood",
    )

    @classmethod
    def slip_codes(cls) -> tuple[str, ...]:
        """Every code this error carries (each a slip the table records)."""
        return cls.CODES

    @property
    def may_knock(self) -> bool:
        """Whether the same layout would be a legal knock (a gin laid out with deadwood
        within the knock limit): the player may knock with it instead."""
        return self.code == "layout-gin-deadwood"


def _codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def meld_refusal(cards: Sequence[Card]) -> Text | None:
    """Why ``cards`` are not a meld, as an error sentence; ``None`` if they are one.

    >>> from gin.cards import parse_cards
    >>> meld_refusal(parse_cards("5H 6H 7H")) is None
    True
    >>> str(meld_refusal(parse_cards("5H 6H 8H")))
    '5♥ 6♥ 8♥ is not a run: the cards are not in a row, 7♥ is missing.'
    """
    cs = list(cards)
    shown = _codes(cs)
    seen: set[Card] = set()
    for c in cs:
        if c in seen:
            return M["error.card-used-twice"](card=c.code)
        seen.add(c)
    if len(cs) < 3:
        return M["error.meld-too-few"](cards=shown, count=len(cs))
    ranks = [c.rank for c in cs]
    suits = {c.suit for c in cs}
    if len(set(ranks)) == 1:
        if len(cs) <= 4:
            return None
        return M["error.meld-too-many"](cards=shown)  # pragma: no cover - five of a rank
    srt = sorted(ranks)
    if len(suits) == 1:
        if srt == list(range(srt[0], srt[0] + len(srt))):
            return None
        if 1 in ranks and 13 in ranks:
            return M["error.meld-ace-high"](cards=shown)
        suit = cs[0].suit
        missing = [Card(r, suit).code for r in range(srt[0], srt[-1] + 1) if r not in srt]
        return M["error.meld-gap"](cards=shown, missing=missing, count=len(missing))
    if len(set(srt)) == len(srt) and srt == list(range(srt[0], srt[0] + len(srt))):
        return M["error.meld-mixed-suits"](cards=shown)
    counts = {r: ranks.count(r) for r in ranks}
    top = max(counts.values())
    if top >= 2:
        rank = min(r for r, n in counts.items() if n == top)
        odd = [c.code for c in cs if c.rank != rank]
        return M["error.meld-not-set"](cards=shown, odd=odd, count=len(odd))
    return M["error.meld-mixed"](cards=shown)


def check_meld(cards: Sequence[Card]) -> Meld:
    """The meld these cards form (a set sorted by suit, a run by rank), or a
    :class:`LayoutError` saying why they form none.

    >>> from gin.cards import parse_cards
    >>> check_meld(parse_cards("9H 7H 8H")).describe()
    'run 7♥ 8♥ 9♥'
    """
    why = meld_refusal(cards)
    if why is not None:
        raise LayoutError(why)
    cs = list(cards)
    if len({c.rank for c in cs}) == 1:
        return Meld("set", tuple(sorted(cs, key=lambda c: c.suit)))
    return Meld("run", tuple(sorted(cs, key=lambda c: c.rank)))


def propose_layout(hand: Iterable[Card], melds: Sequence[Sequence[Card]]) -> Arrangement:
    """A player's layout of ``hand``, checked: every meld legal, every card from the hand
    and in one meld at most. The cards in no meld are the deadwood (sorted by rank). The
    melds keep the order given: a layoff names a meld by its place in it.

    Raises :class:`LayoutError` (``card-not-in-hand``, ``card-used-twice`` or a meld
    code).
    """
    cards = list(hand)
    held = set(cards)
    used: set[Card] = set()
    out: list[Meld] = []
    for group in melds:
        group = list(group)
        for c in group:
            if c not in held:
                raise LayoutError(M["error.card-not-in-hand"](card=c.code))
            if c in used:
                raise LayoutError(M["error.card-used-twice"](card=c.code))
        out.append(check_meld(group))
        used.update(group)
    deadwood = tuple(sorted((c for c in cards if c not in used), key=lambda c: (c.rank, c.suit)))
    return Arrangement(tuple(out), deadwood)


def check_knock_layout(rules: Rules, up_card: Card, proposed: Arrangement) -> None:
    """Refuse a knock laid out with more deadwood than the knock limit
    (:class:`KnockRefusedError` ``layout-over-limit``, or ``layout-gin-only`` where the up
    card allows only gin, ``layout-gin-only-big-gin`` where big gin too); eleven cards laid
    out for big gin must all be melded (``layout-big-gin-deadwood``)."""
    if len(proposed.cards) == 11:
        verify_declared_layout(rules, up_card, proposed, "big-gin")
        return
    verify_declared_layout(rules, up_card, proposed, "knock")


def verify_declared_layout(
    rules: Rules, up_card: Card, proposed: Arrangement, declared: EndKind
) -> None:
    """Check the end a player ``declared`` (``knock``, ``gin`` or ``big-gin``) on the
    layout they made; raise :class:`KnockRefusedError` with the count and the limit when
    the layout does not make it. Nothing is changed.

    >>> from gin.cards import parse_cards
    >>> hand = parse_cards("7S 8S 9S 7H 7D 7C 2C 3C 4C 2H")
    >>> mine = propose_layout(hand, [parse_cards("7S 8S 9S"), parse_cards("7H 7D 7C")])
    >>> try:
    ...     verify_declared_layout(Rules.preset("classic"), Card.parse("7D"), mine, "knock")
    ... except KnockRefusedError as err:
    ...     print(err.code, err.data)
    layout-over-limit {'points': 11, 'limit': 7}
    """
    points = proposed.deadwood_points
    limit = rules.knock_limit(up_card)
    if declared == "big-gin":
        if points:
            raise KnockRefusedError(M["error.layout-big-gin-deadwood"](points=points))
        return
    if declared == "gin":
        if not points:
            return
        if points <= limit:
            raise KnockRefusedError(M["error.layout-gin-deadwood"](points=points))
        raise KnockRefusedError(M["error.layout-gin-over-limit"](points=points, limit=limit))
    if points <= limit:
        return
    if limit == 0:  # only gin ends the deal, or big gin where the rules have it
        m = M["error.layout-gin-only-big-gin"] if rules.big_gin else M["error.layout-gin-only"]
        raise KnockRefusedError(m(points=points, up_card=up_card.code))
    raise KnockRefusedError(M["error.layout-over-limit"](points=points, limit=limit))


def check_declared_layout(
    rules: Rules,
    up_card: Card,
    hand: Iterable[Card],
    melds: Sequence[Sequence[Card]],
    declared: EndKind,
) -> Arrangement:
    """The layout of ``hand`` into ``melds`` (:func:`propose_layout`), checked for the end
    the player ``declared`` (:func:`verify_declared_layout`): a :class:`LayoutError` for a
    group that is no meld or a card not held, a :class:`KnockRefusedError` for a knock
    over the limit, a gin with deadwood or a big gin that isn't.

    >>> from gin.cards import parse_cards
    >>> hand = parse_cards("7S 8S 9S 7H 7D 7C 2C 3C 4C 2H")
    >>> melds = [parse_cards(m) for m in ("7S 8S 9S", "7H 7D 7C", "2C 3C 4C")]
    >>> check_declared_layout(Rules.preset("classic"), Card.parse("KD"), hand, melds, "gin")
    Traceback (most recent call last):
    ...
    gin.layout.KnockRefusedError: These melds leave 2 deadwood: this is a knock, not gin.
    >>> check_declared_layout(
    ...     Rules.preset("classic"), Card.parse("KD"), hand, melds, "knock").deadwood_points
    2
    """
    proposed = propose_layout(hand, melds)
    verify_declared_layout(rules, up_card, proposed, declared)
    return proposed


def can_declare_layout(
    rules: Rules, up_card: Card, proposed: Arrangement, declared: EndKind
) -> bool:
    """Whether :func:`verify_declared_layout` takes this layout for ``declared``."""
    try:
        verify_declared_layout(rules, up_card, proposed, declared)
    except KnockRefusedError:
        return False
    return True


@dataclass(frozen=True)
class LayoutComparison:
    """A player's layout compared with the engine's best layout of the same cards."""

    proposed: Arrangement
    best: Arrangement
    """The best layout closest to the proposed one (sharing the most melds)."""
    extra: int
    """The proposed layout's deadwood points minus the best's (0 when as good)."""
    text: Text
    """One sentence: as good as the best, or what the best melds would leave."""
    steps: tuple[Step, ...]
    """The proposed layout, the best layout and the verdict, numbered."""
    better_melds: tuple[Meld, ...] = ()
    """The best layout's melds that the proposed one lacks (empty when as good)."""

    @property
    def as_good(self) -> bool:
        """Whether the proposed layout leaves the least deadwood."""
        return self.extra == 0


def _meld_codes(melds: Iterable[Meld]) -> list[list[str]]:
    return [_codes(m.cards) for m in melds]


def compare_layout(hand: Iterable[Card], proposed: Arrangement) -> LayoutComparison:
    """Compare a proposed layout of ``hand`` with the engine's best.

    >>> from gin.cards import parse_cards
    >>> hand = parse_cards("7S 8S 9S 7H 7D 7C 2C 3C 4C KH")
    >>> mine = propose_layout(hand, [parse_cards("7S 7H 7D 7C"), parse_cards("2C 3C 4C")])
    >>> str(compare_layout(hand, mine).text)
    'Your melds leave 27 deadwood; these melds instead would leave 10: set 7♥ 7♦ 7♣; run 7♠ 8♠ 9♠.'
    """
    cards = list(hand)
    bests = best_arrangements(cards)
    mine = {(m.kind, m.cards) for m in proposed.melds}

    def shared(arr: Arrangement) -> int:
        return sum(1 for m in arr.melds if (m.kind, m.cards) in mine)

    best = max(bests, key=shared)  # first of the most similar, in the engine's order
    extra = proposed.deadwood_points - best.deadwood_points
    points, least = proposed.deadwood_points, best.deadwood_points
    drafts: list[Draft] = [
        ("proposed", M["layout.step-proposed"](melds=_meld_codes(proposed.melds), points=points)),
        ("best", M["layout.step-best"](melds=_meld_codes(best.melds), points=least)),
    ]
    better: tuple[Meld, ...] = ()
    if extra == 0:
        text = M["layout.as-good"](points=points)
    else:
        better = tuple(m for m in best.melds if (m.kind, m.cards) not in mine)
        text = M["layout.worse"](points=points, best=least, melds=_meld_codes(better))
    drafts.append(("verdict", text))
    return LayoutComparison(proposed, best, extra, text, number_steps(drafts), better)


# ------------------------------------------------------------------ layoffs


@dataclass(frozen=True)
class LayoffBoard:
    """The defender's layoffs, chosen one at a time, each checked against the knocker's
    melds as they stand (a run grows, so a chained layoff fits once the card before it is
    laid). Each :meth:`lay_off` returns a new board; nothing is changed on a refusal.

    >>> from gin.cards import parse_cards
    >>> run = check_meld(parse_cards("5S 6S 7S"))
    >>> board = LayoffBoard.start([run], parse_cards("8S 9S KD QD JD 2C 3C 4D 5D 6C"))
    >>> board.fits(Card.parse("9S")), board.fits(Card.parse("8S"))
    ((), (0,))
    >>> board = board.lay_off(Card.parse("8S"), 0).lay_off(Card.parse("9S"), 0)
    >>> str(board.melds[0]), board.deadwood_points
    ('5♠ 6♠ 7♠ 8♠ 9♠', 20)
    """

    melds: tuple[Meld, ...]
    """The knocker's melds with the layoffs so far."""
    hand: tuple[Card, ...]
    """The defender's cards not laid off."""
    laid: tuple[Layoff, ...] = ()
    """The layoffs so far, in order."""
    kind: EndKind = "knock"
    start_melds: tuple[Meld, ...] = field(default=(), repr=False)
    """The knocker's melds as laid down."""
    start_hand: tuple[Card, ...] = field(default=(), repr=False)
    """The defender's cards before any layoff."""

    @classmethod
    def start(
        cls, knocker_melds: Iterable[Meld], defender_cards: Iterable[Card], kind: EndKind = "knock"
    ) -> LayoffBoard:
        """The board before any layoff. After ``gin`` or ``big-gin`` nothing may be laid off."""
        melds = tuple(knocker_melds)
        hand = tuple(defender_cards)
        return cls(melds, hand, (), kind, melds, hand)

    @property
    def open(self) -> bool:
        """Whether layoffs may be made at all (only after a knock)."""
        return self.kind == "knock"

    @property
    def deadwood_points(self) -> int:
        """The defender's deadwood now: the least deadwood of the cards not laid off."""
        return deadwood_of_mask(cards_mask(self.hand))

    @property
    def laid_cards(self) -> tuple[Card, ...]:
        """The cards laid off so far, in order."""
        return tuple(lo.card for lo in self.laid)

    def fits(self, card: Card) -> tuple[int, ...]:
        """The places (indexes into :attr:`melds`) where ``card`` fits now; empty when it
        fits nowhere, is not the defender's, or nothing may be laid off."""
        if not self.open or card not in self.hand:
            return ()
        return tuple(i for i, m in enumerate(self.melds) if can_extend(m, card))

    def fitting_cards(self) -> tuple[Card, ...]:
        """The defender's cards that fit some meld now, in hand order."""
        return tuple(c for c in self.hand if self.fits(c))

    def lay_off(self, card: Card, meld_index: int) -> LayoffBoard:
        """The board with ``card`` laid off onto the meld at ``meld_index``.

        Raises :class:`LayoutError`: ``layoff-after-gin``, ``layoff-not-yours`` (the card
        is not among the defender's cards left), ``layoff-no-meld`` (no meld at that place)
        or ``layoff-no-fit`` (with the reason).
        """
        if not self.open:
            raise LayoutError(M["error.layoff-after-gin"]())
        if card not in self.hand:
            raise LayoutError(M["error.layoff-not-yours"](card=card.code))
        if (
            not isinstance(meld_index, int)
            or isinstance(meld_index, bool)
            or not 0 <= meld_index < len(self.melds)
        ):
            raise LayoutError(M["error.layoff-no-meld"](count=len(self.melds)))
        meld = self.melds[meld_index]
        if not can_extend(meld, card):
            raise LayoutError(
                M["error.layoff-no-fit"](
                    card=card.code, meld=_codes(meld.cards), reason=_no_fit_reason(meld, card)
                )
            )
        grown = extend(meld, card)
        melds = (*self.melds[:meld_index], grown, *self.melds[meld_index + 1 :])
        hand = tuple(c for c in self.hand if c != card)
        return LayoffBoard(
            melds,
            hand,
            (*self.laid, Layoff(card, meld, grown)),
            self.kind,
            self.start_melds,
            self.start_hand,
        )


def _no_fit_reason(meld: Meld, card: Card) -> str:
    """The catalog key of why ``card`` does not extend ``meld``."""
    if meld.kind == "set":
        if card.rank != meld.cards[0].rank:
            return "layout.no-fit.set-rank"
        return "layout.no-fit.set-full"
    if card.suit != meld.cards[0].suit:
        return "layout.no-fit.run-suit"
    return "layout.no-fit.run-end"


@dataclass(frozen=True)
class MissedLayoffs:
    """What the best layoffs (from the start of the board) would have done better."""

    deadwood: int
    """The defender's deadwood after the layoffs chosen."""
    best_deadwood: int
    """The least deadwood the best layoffs leave."""
    best: tuple[Layoff, ...]
    """The best layoffs, in order."""
    cards: tuple[Card, ...]
    """Cards the best layoffs lay off that were kept."""
    text: Text

    @property
    def saved(self) -> int:
        """The deadwood points the best layoffs would have saved (0: nothing missed)."""
        return self.deadwood - self.best_deadwood


def missed_layoffs(board: LayoffBoard) -> MissedLayoffs:
    """The layoffs missed on ``board``, and what they would have saved.

    >>> from gin.cards import parse_cards
    >>> run = check_meld(parse_cards("5S 6S 7S"))
    >>> board = LayoffBoard.start([run], parse_cards("8S 9S KD QD JD 2C 3C 4D 5D 6C"))
    >>> missed = missed_layoffs(board.lay_off(Card.parse("8S"), 0))
    >>> missed.saved, str(missed.text)
    (9, 'Laying off 8♠ and 9♠ would have left 20 deadwood instead of 29: 9 points less.')
    """
    dw = board.deadwood_points
    if not board.open:
        key = "score.no-layoffs-gin" if board.kind == "gin" else "score.no-layoffs-big-gin"
        return MissedLayoffs(dw, dw, (), (), M[key]())
    best_dw, best, _ = best_layoffs(board.start_melds, board.start_hand)
    if best_dw >= dw:
        return MissedLayoffs(dw, dw, best, (), M["layout.missed-none"](points=dw))
    kept = tuple(lo.card for lo in best if lo.card in board.hand)
    if best:
        text = M["layout.missed"](
            cards=_codes(lo.card for lo in best), best=best_dw, points=dw, count=dw - best_dw
        )
    else:
        text = M["layout.missed-keep"](
            cards=_codes(board.laid_cards), best=best_dw, points=dw, count=dw - best_dw
        )
    return MissedLayoffs(dw, best_dw, best, kept, text)


__all__ = [
    "EndKind",
    "KnockRefusedError",
    "LayoffBoard",
    "LayoutComparison",
    "LayoutError",
    "MissedLayoffs",
    "can_declare_layout",
    "check_declared_layout",
    "check_knock_layout",
    "check_meld",
    "compare_layout",
    "meld_refusal",
    "missed_layoffs",
    "propose_layout",
    "verify_declared_layout",
]
