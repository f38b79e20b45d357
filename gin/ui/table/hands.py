"""The hands on the table while a deal is played: what each card area shows face up
(grouped the way the engine arranges the cards) and the labels above them."""

from __future__ import annotations

from dataclasses import dataclass, field

import gin
from gin.i18n import M
from gin.ui.cardarea import CardArea
from gin.ui.seats import LEARNER

SEP = " · "
MELD_KIND = {
    "run": M["hand.meld-run"],
    "set": M["hand.meld-set"],
}

Extra = tuple[str, str, tuple[gin.Card, ...]]
"""An extra group of cards after the arrangement: (label, kind, cards)."""

NEW_CARD = "gin-new-card"
"""CSS class of a card just drawn, or just laid off at the end of a deal."""
HINT_CARD = "gin-hint-card"
"""CSS class of the card the hint suggests discarding."""
CAN_LAY_OFF = "gin-can-lay-off"
"""CSS class of a card of the learner's that fits onto the knocker's melds."""


@dataclass(frozen=True)
class HandShow:
    """What one card area shows face up: an arrangement (each meld, then the deadwood
    set apart and marked), extra groups, and cards to highlight."""

    arrangement: gin.Arrangement
    extra: tuple[Extra, ...] = ()
    highlight: tuple[gin.Card, ...] = ()
    highlight_class: str = NEW_CARD
    meld_labels: tuple[str, ...] = field(default=())
    """A label per meld (the meld's kind when missing)."""


def show_hand(
    area: CardArea, shown: HandShow, *, four_color: bool, large: bool, counts: bool = True
) -> None:
    """Draw ``shown`` in ``area``: each meld, the deadwood marked, then the extra groups.
    ``counts``: the deadwood's label gives its points (not where the help level leaves the
    counting to the learner)."""
    arr = shown.arrangement
    ordered: list[gin.Card] = []
    groups: list[list[int]] = []
    labels: list[tuple[str, str]] = []

    def add(cards: tuple[gin.Card, ...], label: str, kind: str) -> None:
        groups.append(list(range(len(ordered), len(ordered) + len(cards))))
        ordered.extend(cards)
        labels.append((label, kind))

    for i, m in enumerate(arr.melds):
        label = shown.meld_labels[i] if i < len(shown.meld_labels) else MELD_KIND[m.kind].render()
        add(m.cards, label, "meld")
    if arr.deadwood:
        label = (
            M["hand.deadwood-group"].render({"points": arr.deadwood_points})
            if counts
            else M["hand.deadwood-plain"].render()
        )
        add(arr.deadwood, label, "deadwood")
    for label, kind, cs in shown.extra:
        if cs:
            add(cs, label, kind)
    area.show(
        ordered,
        groups=groups,
        group_labels=labels,
        marked=arr.deadwood,
        four_color=four_color,
        large=large,
        highlight=shown.highlight,
        highlight_class=shown.highlight_class,
    )


def new_card(view: gin.PlayerView) -> tuple[gin.Card, ...]:
    """The card the learner just drew, while they are to discard (to highlight it)."""
    if view.phase is not gin.Phase.DISCARD or not view.my_turn or not view.events:
        return ()
    e = view.events[-1]
    if isinstance(e, gin.DrewFromStock | gin.DrewFromDiscard | gin.UpCardTaken) and (
        e.player == LEARNER and e.card is not None
    ):
        return (e.card,)
    return ()


def learner_show(view: gin.PlayerView, hinted: gin.Card | None = None) -> HandShow:
    """The learner's hand during the deal: the engine's best arrangement, the card just
    drawn highlighted (or the card the hint suggests, ``hinted``); after the opponent's
    knock, the cards that fit onto the knocker's melds highlighted; after the learner's
    own knock, the melds the engine laid down."""
    if view.knocker == LEARNER and view.knocker_shown is not None:
        return HandShow(view.knocker_shown)
    arr = gin.best_arrangement(view.hand)
    if view.layoff_plan is not None:
        fits = view.layoff_plan.fitting_cards
        return HandShow(arr, highlight=fits, highlight_class=CAN_LAY_OFF)
    if hinted is not None and hinted in view.hand:
        return HandShow(arr, highlight=(hinted,), highlight_class=HINT_CARD)
    return HandShow(arr, highlight=new_card(view))


def knocker_show(view: gin.PlayerView) -> HandShow | None:
    """The opponent's melds and deadwood laid face up after their knock (``None`` before
    it, or when the learner knocked)."""
    if view.knocker_shown is None or view.knocker == LEARNER or view.phase.is_over:
        return None
    return HandShow(view.knocker_shown)


def _count(n: int, extra: str = "") -> str:
    return f'<span class="gin-count{extra}">{n}</span>'


def hand_label_html(view: gin.PlayerView, selected: gin.Card | None) -> str:
    """The line above the learner's hand: live deadwood, what the selected discard
    leaves, the knock limit; after a knock, what is laid down or can be laid off."""
    now = gin.deadwood(view.hand)
    best = view.best_discard
    counted = {"count": _count(now, " gin-deadwood-count")}
    parts = [
        (M["hand.deadwood-eleven"] if best is not None else M["hand.deadwood"]).render(counted)
    ]
    if best is not None:
        parts.append(M["hand.best-leaves"].render({"count": f"<b>{best.deadwood}</b>"}))
    chosen = next((c for c in view.discard_choices if c.card is selected), None)
    if chosen is not None:
        parts.append(
            M["hand.selected-leaves"].render(
                {"card": chosen.card.code, "count": f"<b>{chosen.deadwood}</b>"}
            )
        )
    parts.append(M["hand.limit"].render({"count": _count(view.knock_limit)}))
    plan = view.layoff_plan
    if plan is not None:
        fits = [c.code for c in plan.fitting_cards]
        parts.append(
            M["hand.fits"].render({"cards": fits}) if fits else M["hand.nothing-fits"].render()
        )
    if view.knocker == LEARNER and view.knocker_shown is not None:
        parts.append(M["hand.you-knocked"].render())
    return f"<b>{M['hand.yours'].render()}</b>{SEP}" + SEP.join(parts)


def opponent_label_html(
    view: gin.PlayerView, teacher_cards: tuple[gin.Card, ...] | None, *, counts: bool = True
) -> str:
    """The line above the opponent's hand during the deal. ``teacher_cards`` is the
    opponent's hand in teacher mode (``None`` otherwise); ``counts``: the knocker's
    deadwood is given (not where the help level leaves the counting to the learner)."""
    shown = view.knocker_shown
    head = f"<b>{M['hand.opponent'].render()}</b>{SEP}"
    if shown is not None and view.knocker != LEARNER and not counts:
        return head + M["hand.opponent-knocked-plain"].render({"cards": len(shown.cards)})
    if shown is not None and view.knocker != LEARNER:
        data = {"cards": len(shown.cards), "count": _count(shown.deadwood_points)}
        return head + M["hand.opponent-knocked"].render(data)
    if teacher_cards is not None:
        data = {"cards": len(teacher_cards), "count": gin.deadwood(teacher_cards)}
        return head + M["hand.opponent-teacher"].render(data)
    return head + M["hand.opponent-hidden"].render({"cards": view.opponent_card_count})


__all__ = [
    "CAN_LAY_OFF",
    "HINT_CARD",
    "NEW_CARD",
    "Extra",
    "HandShow",
    "hand_label_html",
    "knocker_show",
    "learner_show",
    "new_card",
    "opponent_label_html",
    "show_hand",
]
