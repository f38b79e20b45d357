"""Why a reviewed decision lost points: sentences that say only what the engine checked.

Every fact is worked out from the player's view at the time (no hidden card) or read from
the values of the review's search, and each sentence states just that fact:

- the main reason (one): a knock's undercut share in the imagined deals, a missed knock or
  gin, a meld broken, a card that could meld with cards the opponent took and still holds
  (never for a knock's discard: a knock ends the deal), a higher card kept, more deadwood;
- for a discard, what each of the two cards kept or gave up (:func:`prospects`): the
  melds it could still join with the cards held and the live cards (never seen: in the
  stock or the opponent's hidden hand) that would complete them, counted from the cards
  seen; and the deadwood each discard leaves;
- for a draw or the up-card offer, the same of the top card, and the deadwood with it;
- last, the values: averages over the imagined deals, said to be averages.

Each main reason also names the recurring *theme* it shows, which the game summary counts
(``fed``, ``broke-meld``, ``knock-undercut``, ``missed-knock``, ``kept-high``, ``draw``).
"""

from __future__ import annotations

from dataclasses import dataclass

from gin import actions as act
from gin.bots.evaluate import best_discard
from gin.bots.expert import CandidateValue
from gin.bots.memory import MELD_PARTNERS, remember
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


@dataclass(frozen=True)
class Prospect:
    """What one card could still do in a hand: the cards held it could meld with, and the
    live cards that would complete such a meld."""

    card: Card
    partners: tuple[Card, ...]
    """Cards held (the card itself left out) that make a meld with it and one more card."""
    live: tuple[Card, ...]
    """Cards never seen (in the stock or the opponent's hidden hand) that would complete a
    meld of the card and a partner."""
    in_meld: bool
    """Whether the card already makes a meld of three with two cards held."""
    melds: tuple[tuple[Card, ...], ...] = ()
    """The melds of three it makes with two cards held (when :attr:`in_meld`)."""


def prospects(card: Card, held: int, unseen: int) -> Prospect:
    """The :class:`Prospect` of ``card`` beside the cards of ``held`` (a mask; ``card``
    itself left out), the live cards being those of ``unseen``.

    >>> from gin.cards import cards_mask, parse_cards, DECK
    >>> held = cards_mask(parse_cards("QH 2C 2D 9S"))
    >>> unseen = cards_mask([c for c in DECK if c.code not in ("QH", "2C", "2D", "9S", "TH")])
    >>> p = prospects(Card.parse("JH"), held, unseen)
    >>> [c.code for c in p.partners], [c.code for c in p.live], p.in_meld
    (['QH'], ['KH'], False)
    """
    held &= ~card.mask
    partners = 0
    live = 0
    in_meld = False
    melds: list[tuple[Card, ...]] = []
    for a, b in MELD_PARTNERS[card.index]:
        if held & a and held & b:
            in_meld = True
            melds.append(tuple(sorted(mask_cards(a | b | card.mask))))
        for have, need in ((a, b), (b, a)):
            if held & have and not held & need and need & unseen:
                partners |= have
                live |= need
    return Prospect(
        card,
        tuple(mask_cards(partners)),
        tuple(mask_cards(live)),
        in_meld,
        tuple(melds),
    )


def _prospect_text(p: Prospect, taking: bool = False) -> Text:
    if p.in_meld and taking:
        melds = [[c.code for c in m] for m in p.melds]
        return M["review.card-completes"](card=p.card.code, melds=melds)
    if p.in_meld:
        return M["review.card-in-meld"](card=p.card.code)
    if not p.live:
        return M["review.card-no-partner"](card=p.card.code)
    return M["review.card-keeps"](
        card=p.card.code,
        partners=[c.code for c in p.partners],
        live=[c.code for c in p.live],
        count=len(p.live),
    )


def _known_collects(card: Card, known: int, unseen: int) -> tuple[Card, ...]:
    """The cards the opponent took and still holds that ``card`` could meld with (with
    another such card or a live one)."""
    out = 0
    possible = known | unseen
    for a, b in MELD_PARTNERS[card.index]:
        if (a | b) & known and a & possible and b & possible:
            out |= (a | b) & known
    return tuple(mask_cards(out))


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
    facts: list[Text] = []
    if view.phase is Phase.DISCARD:
        _discard_reasons(view, made, best, made_value, texts, themes)
        facts = _discard_facts(view, made, best, texts)
    else:
        _draw_reasons(view, made, best, texts, themes)
        facts = _draw_facts(view)
    texts = texts[:1] + facts
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
            texts.append(M["review.knock-undercut"](card=c.code, deadwood=dw_made, undercut=under))
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
    mem = remember(view)
    known = _known_collects(c, mem.opp_known, mem.unseen)
    other = _known_collects(d, mem.opp_known, mem.unseen) if d is not None else ()
    if known and not knocked and len(known) > len(other):
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
        elif view.phase is Phase.DRAW:
            texts.append(M["review.took-shown"](card=top.code, now=now, after=after))
        else:
            texts.append(M["review.took-shown-offer"](card=top.code, now=now, after=after))
    elif isinstance(best, act.TakeUpCard | act.DrawDiscard) and after < now:
        discard = DECK[di].code if di >= 0 else top.code
        key = "review.passed-meld" if melds else "review.passed-low"
        texts.append(M[key](card=top.code, discard=discard, now=now, after=after))
    themes.append("draw")


def _discard_facts(
    view: PlayerView, made: act.Action, best: act.Action, said: list[Text]
) -> list[Text]:
    """What each of the two discarded cards kept or gave up, and the deadwood each leaves
    (unless the main reason said it already)."""
    c = _card(made)
    d = _card(best)
    if c is None or d is None or c == d:
        return []
    mem = remember(view)
    hand = mem.hand
    # each card beside the cards kept either way (the other card of the two left out)
    rest = hand & ~c.mask & ~d.mask
    out = [_prospect_text(prospects(x, rest, mem.unseen)) for x in (c, d)]
    dw_made = deadwood_of_mask(hand ^ c.mask)
    dw_best = deadwood_of_mask(hand ^ d.mask)
    if dw_made == dw_best:
        out.append(M["review.both-deadwood"](made=c.code, best=d.code, deadwood=dw_made))
    elif not any(t.key in _SAYS_DEADWOOD for t in said[:1]):
        out.append(
            M["review.more-deadwood"](card=c.code, better=d.code, before=dw_best, after=dw_made)
        )
    return out


_SAYS_DEADWOOD = ("review.broke-meld", "review.kept-high", "review.more-deadwood")


def _draw_facts(view: PlayerView) -> list[Text]:
    """What the top card could do in the hand (the melds it could join and the live cards
    that would complete them)."""
    top = view.top_discard
    if top is None or view.stock_only:
        return []
    mem = remember(view)
    return [_prospect_text(prospects(top, mem.hand, mem.unseen), taking=True)]


__all__ = [
    "UNDERCUT_NOTED",
    "Prospect",
    "Reasons",
    "explain",
    "prospects",
    "related",
]
