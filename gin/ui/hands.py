"""The hands on the table while a deal is played: what each card area shows face up
(grouped the way the engine arranges the cards) and the labels above them."""

from __future__ import annotations

from dataclasses import dataclass, field

import gin
from gin.ui import advice
from gin.ui.advice import LEARNER
from gin.ui.cardarea import CardArea

Extra = tuple[str, str, tuple[gin.Card, ...]]
"""An extra group of cards after the arrangement: (label, kind, cards)."""

NEW_CARD = "gin-new-card"
"""CSS class of a card just drawn, or just laid off at the end of a deal."""
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


def show_hand(area: CardArea, shown: HandShow, *, four_color: bool, large: bool) -> None:
    """Draw ``shown`` in ``area``: each meld, the deadwood marked, then the extra groups."""
    arr = shown.arrangement
    ordered: list[gin.Card] = []
    groups: list[list[int]] = []
    labels: list[tuple[str, str]] = []

    def add(cards: tuple[gin.Card, ...], label: str, kind: str) -> None:
        groups.append(list(range(len(ordered), len(ordered) + len(cards))))
        ordered.extend(cards)
        labels.append((label, kind))

    for i, m in enumerate(arr.melds):
        add(m.cards, shown.meld_labels[i] if i < len(shown.meld_labels) else m.kind, "meld")
    if arr.deadwood:
        add(arr.deadwood, f"deadwood {arr.deadwood_points}", "deadwood")
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


def learner_show(view: gin.PlayerView) -> HandShow:
    """The learner's hand during the deal: the engine's best arrangement, the card just
    drawn highlighted; after the opponent's knock, the cards that fit onto the knocker's
    melds highlighted; after the learner's own knock, the melds the engine laid down."""
    if view.knocker == LEARNER and view.knocker_shown is not None:
        return HandShow(view.knocker_shown)
    arr = gin.best_arrangement(view.hand)
    preview = advice.layoff_preview(view)
    if preview is not None:
        fits = tuple(dict.fromkeys(c for c, _ in preview.fits))
        return HandShow(arr, highlight=fits, highlight_class=CAN_LAY_OFF)
    return HandShow(arr, highlight=new_card(view))


def knocker_show(view: gin.PlayerView) -> HandShow | None:
    """The opponent's melds and deadwood laid face up after their knock (``None`` before
    it, or when the learner knocked)."""
    if view.knocker_shown is None or view.knocker == LEARNER or view.phase.is_over:
        return None
    return HandShow(view.knocker_shown)


def hand_label_html(view: gin.PlayerView, selected: gin.Card | None) -> str:
    """The line above the learner's hand: live deadwood, what the selected discard
    leaves, the knock limit; after a knock, what is laid down or can be laid off."""
    now, best = advice.live_deadwood(view)
    parts = [f'Deadwood <span class="gin-count gin-deadwood-count">{now}</span>']
    if best is not None:
        parts[0] += " with 11 cards"
        parts.append(f"best discard leaves <b>{best}</b>")
    if selected is not None and len(view.hand) == 11:
        left = gin.deadwood([c for c in view.hand if c is not selected])
        parts.append(f"discarding {selected} leaves <b>{left}</b>")
    parts.append(f'knock limit <span class="gin-count">{view.knock_limit}</span>')
    preview = advice.layoff_preview(view)
    if preview is not None:
        fits = list(dict.fromkeys(c for c, _ in preview.fits))
        parts.append(
            f"fits the knocker's melds: <b>{gin.format_cards(fits)}</b>"
            if fits
            else "nothing fits the knocker's melds"
        )
    if view.knocker == LEARNER and view.knocker_shown is not None:
        parts.append("you knocked: your melds are laid face up")
    return "<b>Your hand</b> · " + " · ".join(parts)


def opponent_label_html(view: gin.PlayerView, teacher_cards: tuple[gin.Card, ...] | None) -> str:
    """The line above the opponent's hand during the deal. ``teacher_cards`` is the
    opponent's hand in teacher mode (``None`` otherwise)."""
    shown = view.knocker_shown
    if shown is not None and view.knocker != LEARNER:
        return (
            f"<b>Opponent</b> · knocked: {len(shown.cards)} cards laid face up · "
            f'deadwood <span class="gin-count">{shown.deadwood_points}</span>'
        )
    if teacher_cards is not None:
        return (
            f"<b>Opponent</b> · {len(teacher_cards)} cards · deadwood "
            f"{gin.deadwood(teacher_cards)} (teacher view)"
        )
    return f"<b>Opponent</b> · {view.opponent_card_count} cards, face down"


__all__ = [
    "CAN_LAY_OFF",
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
