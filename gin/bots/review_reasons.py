"""Why a reviewed decision lost points: one or two sentences from the facts of the hint.

The facts are those :mod:`gin.bots.hint` gives (deadwood before and after a discard, a
meld broken, a card next to one the opponent took, the undercut share of a knock, a top
card that melds), worked out from the player's view at the time and the values of the
review's search. Each reason also names the recurring *theme* it shows, which the game
summary counts (``fed``, ``broke-meld``, ``knock-undercut``, ``missed-knock``,
``kept-high``, ``draw``).
"""

from __future__ import annotations

from dataclasses import dataclass

from gin import actions as act
from gin.bots.evaluate import best_discard
from gin.bots.expert import CandidateValue
from gin.cards import DECK, Card, cards_mask, mask_cards
from gin.deal import Phase, PlayerView
from gin.i18n import M, Text
from gin.melds import best_arrangements, deadwood_of_mask

UNDERCUT_NOTED = 0.1
"""The share of undercuts in a knock's playouts from which the review names the risk."""


@dataclass(frozen=True)
class Reasons:
    """The sentences and the themes of one decision."""

    texts: tuple[Text, ...]
    themes: tuple[str, ...]


def related(a: Card, b: Card) -> bool:
    """Whether two cards can meld together: the same rank, or the same suit at most two
    apart.

    >>> related(Card.parse("7S"), Card.parse("8S")), related(Card.parse("7S"), Card.parse("TS"))
    (True, False)
    """
    return a.rank == b.rank or (a.suit == b.suit and abs(a.rank - b.rank) <= 2)


def _card(action: act.Action) -> Card | None:
    return action.card if isinstance(action, act.Discard | act.Knock) else None


def explain(
    view: PlayerView,
    made: act.Action,
    best: act.Action,
    made_value: CandidateValue | None,
    best_value: CandidateValue,
    worlds: int,
) -> Reasons:
    """The reasons ``best`` was better than ``made`` at ``view`` (see the module)."""
    texts: list[Text] = []
    themes: list[str] = []
    if view.phase is Phase.DISCARD:
        _discard_reasons(view, made, best, made_value, texts, themes)
    else:
        _draw_reasons(view, made, best, texts, themes)
    texts = texts[:1]
    if made_value is not None and worlds:
        texts.append(
            M["review.values"](
                worlds=worlds,
                best=best.text,
                best_points=best_value.mean,
                made=made.text,
                made_points=made_value.mean,
            )
        )
    return Reasons(tuple(texts), tuple(themes))


def _discard_reasons(
    view: PlayerView,
    made: act.Action,
    best: act.Action,
    made_value: CandidateValue | None,
    texts: list[Text],
    themes: list[str],
) -> None:
    hand = cards_mask(view.hand)
    c = _card(made)
    d = _card(best)
    if c is None:
        return
    dw_made = deadwood_of_mask(hand ^ c.mask)
    dw_best = deadwood_of_mask(hand ^ d.mask) if d is not None else dw_made
    knocked = isinstance(made, act.Knock)
    if knocked and made_value is not None and not isinstance(best, act.Knock):
        under = made_value.share("undercut")
        if under >= UNDERCUT_NOTED:
            texts.append(M["review.knock-undercut"](deadwood=dw_made, undercut=under))
            themes.append("knock-undercut")
    if isinstance(best, act.Knock) and not knocked and d is not None:
        key = "review.missed-gin" if dw_best == 0 else "review.missed-knock"
        texts.append(M[key](card=d.code, deadwood=dw_best))
        themes.append("missed-knock")
    if d is not None and dw_made > dw_best:
        kept = best_arrangements(mask_cards(hand ^ d.mask))[0]
        broken = next((m for m in kept.melds if c in m.cards), None)
        if broken is not None:
            texts.append(
                M["review.broke-meld"](
                    card=c.code,
                    meld=[x.code for x in broken.cards],
                    better=d.code,
                    before=dw_best,
                    after=dw_made,
                )
            )
            themes.append("broke-meld")
    known = [k for k in view.opponent_known if related(c, k)]
    if known and (d is None or len(known) > sum(related(d, k) for k in view.opponent_known)):
        texts.append(M["review.fed"](card=c.code, known=[k.code for k in known]))
        themes.append("fed")
    if d is not None and dw_made > dw_best and "broke-meld" not in themes:
        if c.points < d.points:
            texts.append(
                M["review.kept-high"](card=c.code, better=d.code, before=dw_best, after=dw_made)
            )
            themes.append("kept-high")
        else:
            texts.append(
                M["review.more-deadwood"](card=c.code, better=d.code, before=dw_best, after=dw_made)
            )


def _draw_reasons(
    view: PlayerView,
    made: act.Action,
    best: act.Action,
    texts: list[Text],
    themes: list[str],
) -> None:
    top = view.top_discard
    if top is None or view.stock_only:
        return
    hand = cards_mask(view.hand)
    now = deadwood_of_mask(hand)
    blocked = 0 if view.rules.may_discard_taken_card else top.mask
    after, di = best_discard(hand | top.mask, blocked)
    melds = deadwood_of_mask(hand | top.mask) < now + top.points
    took = isinstance(made, act.TakeUpCard | act.DrawDiscard)
    if took:
        if after >= now:
            texts.append(M["review.took-useless"](card=top.code, now=now, after=after))
        else:
            texts.append(M["review.took-shown"](card=top.code))
    elif isinstance(best, act.TakeUpCard | act.DrawDiscard) and after < now:
        discard = DECK[di].code if di >= 0 else top.code
        key = "review.passed-meld" if melds else "review.passed-low"
        texts.append(M[key](card=top.code, discard=discard, now=now, after=after))
    themes.append("draw")


__all__ = ["UNDERCUT_NOTED", "Reasons", "explain", "related"]
