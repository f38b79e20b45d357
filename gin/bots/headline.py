"""The hint in one sentence: a headline that is true of the position.

:func:`headline` picks the sentence from the hint's own figures (:class:`~gin.bots.hint.Hint`)
and the hand. Each claim it makes is a fact of the position:

- "the least you can keep" only when no legal discard leaves less deadwood;
- "your highest deadwood card" only when the card is deadwood in the engine's
  arrangement of the hand, no deadwood card counts more, and the discard leaves the least;
- where the expert's discard leaves more deadwood than another, the sentence names that
  other discard and the reason the expert prefers its own: the simulations' edge (when
  both were played out), a discard less likely to help the opponent, more useful draws
  kept alive, or a better chance to reach the knock limit on the next draw;
- "goes into a meld" only when the card taken is in a meld of the best arrangement of the
  hand with it; "lowers your deadwood from X to Y" only when Y is below X.
"""

from __future__ import annotations

from collections.abc import Sequence

from gin import actions as act
from gin.bots.hint import DiscardAdvice, Hint
from gin.cards import Card
from gin.i18n import M, Text
from gin.melds import best_arrangement

RISK_MARGIN = 0.02
"""How much less likely to feed the opponent a discard must be for the headline to give
safety as its reason."""


def _why_more(chosen: DiscardAdvice, least: DiscardAdvice, by_search: bool) -> Text:
    """Why the expert discards ``chosen`` though ``least`` keeps less deadwood."""
    base = {
        "card": chosen.card.code,
        "deadwood": chosen.deadwood,
        "other": least.card.code,
        "least": least.deadwood,
    }
    if by_search and chosen.value is not None and least.value is not None:
        if chosen.value > least.value:
            return M["hint.summary-discard-search"](
                **base, value=chosen.value, other_value=least.value
            )
    if chosen.feed_risk + RISK_MARGIN < least.feed_risk:
        return M["hint.summary-discard-safer"](
            **base, risk=chosen.feed_risk, other_risk=least.feed_risk
        )
    if chosen.expected_deadwood < least.expected_deadwood:
        return M["hint.summary-discard-draws"](
            **base, expected=chosen.expected_deadwood, other_expected=least.expected_deadwood
        )
    if chosen.knock_chance > least.knock_chance:
        return M["hint.summary-discard-knock-chance"](
            **base, chance=chosen.knock_chance, other_chance=least.knock_chance
        )
    if chosen.feed_risk < least.feed_risk:
        return M["hint.summary-discard-safer"](
            **base, risk=chosen.feed_risk, other_risk=least.feed_risk
        )
    return M["hint.summary-discard-other"](**base)


def _discard(h: Hint, card: Card, hand: Sequence[Card]) -> Text | None:
    advice = {d.card: d for d in h.discards}
    chosen = advice.get(card)
    if chosen is None:
        return None
    least = min(h.discards, key=lambda d: (d.deadwood, d.feed_risk, -d.card.points))
    if chosen.deadwood > least.deadwood:
        return _why_more(chosen, least, h.decided_by == "search")
    dead = best_arrangement(hand).deadwood
    highest = card in dead and card.points == max(c.points for c in dead)
    if highest and chosen.declined:
        return M["hint.summary-discard-highest-declined"](
            card=card.code, declined=chosen.declined[-1].code
        )
    if highest:
        return M["hint.summary-discard-highest"](card=card.code)
    if chosen.feed_risk < 0.2:
        return M["hint.summary-discard-safe"](card=card.code, deadwood=chosen.deadwood)
    return M["hint.summary-discard"](card=card.code, deadwood=chosen.deadwood)


def headline(h: Hint, hand: Sequence[Card]) -> Text:
    """The hint ``h`` in one short sentence, for the player holding ``hand``."""
    a = h.action
    d = h.draw
    if isinstance(a, act.BigGin):
        return M["hint.summary-big-gin"]()
    if isinstance(a, act.LayOff):
        return M["hint.summary-lay-off"]()
    if isinstance(a, act.Knock):
        if h.knock is not None and h.knock.gin:
            return M["hint.summary-gin"](card=a.card.code)
        left = next((x.deadwood for x in h.discards if x.card == a.card), h.deadwood)
        return M["hint.summary-knock"](card=a.card.code, deadwood=left)
    if isinstance(a, act.Discard):
        if h.knock is not None and not h.knock.knock:
            return M["hint.summary-wait"](card=a.card.code)
        said = _discard(h, a.card, hand)
        if said is not None:
            return said
    if isinstance(a, act.TakeUpCard | act.DrawDiscard) and d is not None:
        if d.melds:
            return M["hint.summary-take-meld"](card=d.card.code)
        if d.deadwood_if_taken < d.deadwood_now:
            return M["hint.summary-take"](
                card=d.card.code, now=d.deadwood_now, after=d.deadwood_if_taken
            )
    if isinstance(a, act.Pass) and d is not None:
        return M["hint.summary-pass"](card=d.card.code)
    if isinstance(a, act.DrawStock) and d is not None:
        if d.stock_only:
            return M["hint.summary-stock-only"]()
        return M["hint.summary-stock"](card=d.card.code)
    return M["hint.summary-action"](action=a.text)


__all__ = ["RISK_MARGIN", "headline"]
