"""The layout and the layoffs in a review (with ``?arrange=self``): weighed exactly, no search.

When the player lays out their own melds (a :class:`~gin.actions.Knock` or
:class:`~gin.actions.BigGin` with ``melds``) or chooses their own layoffs (a
:class:`~gin.actions.LayOff` with ``layoffs``), the review adds a decision of kind
``layout`` or ``layoffs``. Nothing is left to chance once the cards are laid out, so the
loss is exact, in points of the player's score:

- **layout** (the knocker's melds): the points the layout surely gave away against the
  engine's best layout of the same cards (:func:`gin.layout.compare_layout`, least
  deadwood): every point of deadwood above the best is a point off the knocker's score
  (doubled when the deal is), and cards that were gin laid out as a knock also lose the
  gin bonus. Every layout with the least deadwood is the best. What the defender then lays
  off, or whether the knock is undercut, depends on the defender's cards, which the knocker
  had not seen when laying out: it is left out (a worse layout may, by luck, block a
  layoff; the review does not reward that).
- **layoffs** (the defender's): the points the player's score got worse than with the best
  layoffs onto the knocker's melds as laid down (:func:`gin.layoffs.best_layoffs`, least
  deadwood), both deals scored by :func:`gin.scoring.score_deal` (so an undercut missed
  counts its bonus).

Fair play: both decisions are taken when cards are face up, and each is weighed from what
the player saw at that moment: a layout from the player's own hand only (and the rules
and the up card), the layoffs from the player's hand and the knocker's cards laid face up
(:attr:`PlayerView.knocker_shown <gin.view.PlayerView.knocker_shown>`). No hidden card,
no stock card and nothing of the opponent not laid face up is read.

>>> from gin.cards import Card, parse_cards
>>> from gin.rules import Rules
>>> hand = parse_cards("5H 6H 7H 8H 9H 2S 2D 2C 2H AC")
>>> j = judge_layout(Rules.preset("classic"), Card.parse("JD"), hand,
...                  [parse_cards("5H 6H 7H 8H"), parse_cards("2S 2D 2C 2H")])
>>> j.loss, j.deadwood, j.best_deadwood, [str(c) for c in j.left]
(9, 10, 1, ['9♥'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from gin import actions as act
from gin.cards import Card
from gin.errors import IllegalActionError
from gin.i18n import M, Text
from gin.layoffs import Layoff, best_layoffs
from gin.layout import LayoffBoard, check_knock_layout, compare_layout, propose_layout
from gin.melds import Arrangement, Meld
from gin.rules import Rules
from gin.scoring import DealResult, gin_bonus_lost, score_deal
from gin.view import PlayerView

ExactKind = Literal["layout", "layoffs"]
"""A decision weighed exactly: the knocker's layout or the defender's layoffs."""

LAYOUT_THEME = "layout"
"""The recurring theme of a costly layout (see :data:`gin.bots.review.THEMES`)."""

LAYOFF_THEME = "layoffs"
"""The recurring theme of costly layoffs."""


@dataclass(frozen=True)
class ExactJudgement:
    """A layout or a set of layoffs, against the best, with its exact loss."""

    kind: ExactKind
    hand: tuple[Card, ...]
    """The player's cards in the decision: the cards laid out (ten after a knock, eleven
    for big gin), or the defender's ten cards before any layoff."""
    melds: tuple[Meld, ...]
    """The player's own melds (layout), or the knocker's melds as laid down (layoffs)."""
    best_melds: tuple[Meld, ...]
    """The best layout's melds (layout; for layoffs, :attr:`melds` again)."""
    laid: tuple[Layoff, ...]
    """The layoffs the player made, in order (empty for a layout)."""
    best_laid: tuple[Layoff, ...]
    """The best layoffs, in order (empty for a layout)."""
    deadwood: int
    """The player's deadwood as they laid out (or after their layoffs)."""
    best_deadwood: int
    """The player's deadwood with the best layout (or the best layoffs)."""
    loss: int
    """Points of the player's score given away against the best (0: as good)."""
    left: tuple[Card, ...]
    """The cards left in the deadwood (layout) or kept in the hand (layoffs) that the best
    melds or layoffs use."""
    reasons: tuple[Text, ...]
    """One or two sentences on why the best was better (empty when as good)."""
    arrangement: Arrangement
    """The player's layout, melds and deadwood (layout), or the knocker's cards as laid
    face up (layoffs)."""
    best_arrangement: Arrangement
    """The best layout (layout), or the knocker's cards again (layoffs)."""

    @property
    def theme(self) -> str:
        """The recurring theme this decision shows (when costly)."""
        return LAYOUT_THEME if self.kind == "layout" else LAYOFF_THEME

    @property
    def as_good(self) -> bool:
        """Whether the player's choice was as good as the best."""
        return self.loss == 0


def _codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def judge_layout(
    rules: Rules, up_card: Card, hand: Sequence[Card], melds: Sequence[Sequence[Card]]
) -> ExactJudgement:
    """The layout ``melds`` of the knocker's ``hand`` (the ten cards kept, or eleven for
    big gin) against the engine's best (see the module).

    Raises :class:`~gin.layout.LayoutError` for a layout the engine refuses (a meld that
    is none, a card not in the hand, a knock over the limit).
    """
    cards = tuple(sorted(hand))
    proposed = propose_layout(cards, melds)
    check_knock_layout(rules, up_card, proposed)
    cmp = compare_layout(cards, proposed)
    best = cmp.best
    mult = rules.multiplier(up_card)
    gin_lost = gin_bonus_lost(rules, len(cards), best.deadwood_points, proposed.deadwood_points)
    loss = (cmp.extra + gin_lost) * mult
    left = tuple(
        sorted(
            (c for c in proposed.deadwood if best.meld_of(c) is not None),
            key=lambda c: (-c.points, c),
        )
    )
    reasons: list[Text] = []
    if loss:
        if left:
            home = best.meld_of(left[0])
            assert home is not None
            reasons.append(M["review.layout-left-card"](card=left[0].code, meld=_codes(home.cards)))
        better = [_codes(m.cards) for m in cmp.better_melds]
        if gin_lost:
            if mult > 1:
                reasons.append(
                    M["review.layout-gin-doubled"](
                        better=better, bonus=rules.gin_bonus, lost=gin_lost * mult
                    )
                )
            else:
                reasons.append(M["review.layout-gin"](better=better, bonus=rules.gin_bonus))
        else:
            reasons.append(
                M["review.layout-deadwood"](
                    better=better, made=proposed.deadwood_points, best=best.deadwood_points
                )
            )
    return ExactJudgement(
        "layout",
        cards,
        proposed.melds,
        best.melds,
        (),
        (),
        proposed.deadwood_points,
        best.deadwood_points,
        loss,
        left,
        tuple(reasons[:2]),
        proposed,
        best,
    )


def _defender_points(result: DealResult) -> int:
    """The defender's points in ``result`` (negative when the knocker scores)."""
    if result.winner == "defender":
        return result.points
    if result.winner == "knocker":
        return -result.points
    return 0


def _start_meld(melds: Sequence[Meld], laid: Sequence[Layoff], layoff: Layoff) -> Meld:
    """The knocker's meld as laid down that ``layoff`` (one of ``laid``) grows."""
    origin = {m: m for m in melds}
    for lo in laid:
        origin[lo.result] = origin.get(lo.onto, lo.onto)
        if lo is layoff:
            return origin[lo.onto]
    return layoff.onto  # pragma: no cover - the layoff is one of ``laid``


def judge_layoffs(
    rules: Rules,
    up_card: Card,
    knocker: Arrangement,
    hand: Sequence[Card],
    layoffs: Sequence[tuple[Card, int]],
) -> ExactJudgement:
    """The defender's ``layoffs`` (each a card and the index of the knocker's meld as it
    stands) from ``hand`` onto the knocker's cards laid face up (``knocker``: the melds as
    laid down and the deadwood), against the best layoffs (see the module).

    Raises :class:`~gin.layout.LayoutError` for a layoff the engine refuses.
    """
    cards = tuple(sorted(hand))
    board = LayoffBoard.start(knocker.melds, cards)
    for card, index in layoffs:
        board = board.lay_off(card, index)
    kmelds = [m.cards for m in knocker.melds]
    made = score_deal(rules, up_card, knocker.cards, cards, kmelds, tuple(layoffs))
    best = score_deal(rules, up_card, knocker.cards, cards, kmelds, None)
    _, best_laid, _ = best_layoffs(knocker.melds, cards)
    loss = max(0, _defender_points(best) - _defender_points(made))
    left = tuple(lo.card for lo in best_laid if lo.card in board.hand)
    reasons: list[Text] = []
    if loss:
        kept = next((lo for lo in best_laid if lo.card in board.hand), None)
        if kept is not None:
            onto = _start_meld(knocker.melds, best_laid, kept)
            reasons.append(M["review.layoff-kept"](card=kept.card.code, meld=_codes(onto.cards)))
        else:  # a card laid off that the best keeps in the defender's own meld
            for lo in board.laid:
                own = best.defender_arrangement.meld_of(lo.card)
                if own is not None:
                    reasons.append(
                        M["review.layoff-broke"](card=lo.card.code, meld=_codes(own.cards))
                    )
                    break
        if made.winner == "knocker" and best.winner == "defender":
            reasons.append(
                M["review.layoffs-undercut"](
                    best=best.defender_deadwood, knocker=best.knocker_deadwood
                )
            )
        else:
            reasons.append(
                M["review.layoffs-deadwood"](
                    made=made.defender_deadwood, best=best.defender_deadwood
                )
            )
    return ExactJudgement(
        "layoffs",
        cards,
        knocker.melds,
        knocker.melds,
        board.laid,
        best_laid,
        made.defender_deadwood,
        best.defender_deadwood,
        loss,
        left,
        tuple(reasons[:2]),
        knocker,
        knocker,
    )


def judge_decision(view: PlayerView, made: act.Action) -> ExactJudgement:
    """The layout or layoffs ``made`` at ``view`` (the player's view just before), judged
    from what the view shows only (see the module's fair play).

    Raises :class:`~gin.errors.IllegalActionError` (code ``review-not-legal``) when
    ``made`` lays out or lays off nothing of the player's own.
    """
    if isinstance(made, act.Knock | act.BigGin) and made.melds is not None:
        hand = list(view.hand)
        if isinstance(made, act.Knock):
            if made.card not in hand:
                raise _not_legal(made)
            hand.remove(made.card)
        return judge_layout(view.rules, view.up_card, hand, made.melds)
    shown = view.knocker_shown
    if isinstance(made, act.LayOff) and made.layoffs is not None and shown is not None:
        return judge_layoffs(view.rules, view.up_card, shown, view.hand, made.layoffs)
    raise _not_legal(made)


def _not_legal(made: act.Action) -> IllegalActionError:
    return IllegalActionError(M["error.review-not-legal"](action=made.text))


def is_exact(made: act.Action) -> bool:
    """Whether ``made`` is a layout or layoffs the player chose (a decision weighed by
    :func:`judge_decision`)."""
    if isinstance(made, act.Knock | act.BigGin):
        return made.melds is not None
    return isinstance(made, act.LayOff) and made.layoffs is not None


def without_layout(made: act.Action) -> act.Action:
    """``made`` with the player's own layout left out (the engine's best): the knock (or
    big gin) itself, as the search weighs it.

    >>> from gin.cards import Card, parse_cards
    >>> without_layout(act.Knock(Card.parse("KD"), (tuple(parse_cards("7S 8S 9S")),))).text
    'knock KD'
    """
    if isinstance(made, act.Knock) and made.melds is not None:
        return act.Knock(made.card)
    if isinstance(made, act.BigGin) and made.melds is not None:
        return act.BigGin()
    return made


__all__ = [
    "LAYOFF_THEME",
    "LAYOUT_THEME",
    "ExactJudgement",
    "ExactKind",
    "is_exact",
    "judge_decision",
    "judge_layoffs",
    "judge_layout",
    "without_layout",
]
