"""The table's action buttons and which of them the engine allows now (pure, no widgets)."""

from __future__ import annotations

import gin
from gin.i18n import M, Message

BUTTONS: tuple[tuple[str, Message, str], ...] = (
    # key, label, CSS class
    ("take", M["button.take"], "gin-action-take"),
    ("pass", M["button.pass"], "gin-action-pass"),
    ("draw_stock", M["button.draw-stock"], "gin-action-draw-stock"),
    ("draw_discard", M["button.draw-discard"], "gin-action-draw-discard"),
    ("discard", M["button.discard"], "gin-action-discard"),
    ("knock", M["button.knock"], "gin-action-knock"),
    ("gin", M["button.gin"], "gin-action-gin"),
    ("big_gin", M["button.big-gin"], "gin-action-big-gin"),
    ("lay_off", M["button.lay-off"], "gin-action-lay-off"),
)
"""The action buttons, in the order shown."""

CONTROL_BUTTONS: tuple[tuple[str, Message, str], ...] = (
    ("confirm", M["button.confirm"], "gin-action-confirm"),
    ("cancel", M["button.cancel"], "gin-action-cancel"),
    ("next_deal", M["button.next-deal"], "gin-action-next-deal"),
    ("new_game", M["button.new-game"], "gin-action-new-game"),
    ("replay", M["button.replay"], "gin-action-replay"),
    ("hint", M["button.hint"], "gin-action-hint"),
    ("undo", M["button.undo"], "gin-action-undo"),
    (
        "opponent_step",
        M["button.opponent-step"],
        "gin-action-opponent-step",
    ),
    ("history", M["button.show-pile"], "gin-action-history"),
)
"""The other buttons."""


def enabled_actions(view: gin.PlayerView, selected: gin.Card | None) -> dict[str, bool]:
    """Which action buttons are enabled: exactly the actions the engine calls legal.

    ``discard`` needs a selected card that may be discarded; ``knock`` and ``gin`` are
    enabled when some knock (with deadwood left, or gin) is legal, as the engine's
    :attr:`gin.PlayerView.discard_choices` say.
    """
    legal = view.legal_actions
    ends = {c.ends for c in view.discard_choices}
    return {
        "take": gin.TakeUpCard() in legal,
        "pass": gin.Pass() in legal,
        "draw_stock": gin.DrawStock() in legal,
        "draw_discard": gin.DrawDiscard() in legal,
        "discard": selected is not None and gin.Discard(selected) in legal,
        "knock": "knock" in ends,
        "gin": "gin" in ends,
        "big_gin": view.can_big_gin,
        "lay_off": gin.LayOff() in legal,
    }


def shown_actions(view: gin.PlayerView) -> dict[str, bool]:
    """Which action buttons are on show: the actions the engine calls legal now (the
    Discard button whenever a discard is legal, waiting for a card to be selected).
    An action the rule set lacks (big gin under ``classic``) is never legal, so never
    shown."""
    shown = enabled_actions(view, None)
    shown["discard"] = any(isinstance(a, gin.Discard) for a in view.legal_actions)
    return shown


def limit_badge_text(view: gin.PlayerView) -> str:
    """The knock-limit badge: the limit, "only gin" (or big gin) for a limit of 0, and the
    doubling."""
    if view.knock_limit == 0:
        text = (
            M["badge.limit-gin-only-big-gin"] if view.rules.big_gin else M["badge.limit-gin-only"]
        ).render()
    else:
        text = M["badge.limit"].render({"limit": view.knock_limit})
    if view.doubled:
        text += " · " + M["badge.doubled"].render()
    return text


__all__ = ["BUTTONS", "CONTROL_BUTTONS", "enabled_actions", "limit_badge_text", "shown_actions"]
