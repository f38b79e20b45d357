"""The table's action buttons and which of them the engine allows now (pure, no widgets)."""

from __future__ import annotations

import gin

BUTTONS: tuple[tuple[str, str, str], ...] = (
    # key, label, CSS class
    ("take", "Take up card", "gin-action-take"),
    ("pass", "Pass", "gin-action-pass"),
    ("draw_stock", "Draw from stock", "gin-action-draw-stock"),
    ("draw_discard", "Take discard", "gin-action-draw-discard"),
    ("discard", "Discard", "gin-action-discard"),
    ("knock", "Knock…", "gin-action-knock"),
    ("gin", "Gin!…", "gin-action-gin"),
    ("big_gin", "Big gin!…", "gin-action-big-gin"),
    ("lay_off", "Lay off", "gin-action-lay-off"),
)
"""The action buttons, in the order shown."""

CONTROL_BUTTONS: tuple[tuple[str, str, str], ...] = (
    ("confirm", "Confirm", "gin-action-confirm"),
    ("cancel", "Cancel", "gin-action-cancel"),
    ("next_deal", "Next deal", "gin-action-next-deal"),
    ("new_game", "New game", "gin-action-new-game"),
    ("hint", "Hint", "gin-action-hint"),
    ("undo", "Undo", "gin-action-undo"),
    ("opponent_step", "Next opponent move", "gin-action-opponent-step"),
    ("history", "Show discard pile", "gin-action-history"),
)
"""The other buttons."""


def knock_actions(view: gin.PlayerView) -> tuple[list[gin.Knock], list[gin.Knock]]:
    """The legal knocks split into (knocks with deadwood left, gin knocks)."""
    knocks: list[gin.Knock] = []
    gins: list[gin.Knock] = []
    for a in view.legal_actions:
        if isinstance(a, gin.Knock):
            left = [c for c in view.hand if c is not a.card]
            (gins if gin.deadwood(left) == 0 else knocks).append(a)
    return knocks, gins


def enabled_actions(view: gin.PlayerView, selected: gin.Card | None) -> dict[str, bool]:
    """Which action buttons are enabled: exactly the actions the engine calls legal.

    ``discard`` needs a selected card that may be discarded; ``knock`` and ``gin`` are
    enabled when some knock (with deadwood left, or gin) is legal.
    """
    legal = view.legal_actions
    knocks, gins = knock_actions(view)
    return {
        "take": gin.TakeUpCard() in legal,
        "pass": gin.Pass() in legal,
        "draw_stock": gin.DrawStock() in legal,
        "draw_discard": gin.DrawDiscard() in legal,
        "discard": selected is not None and gin.Discard(selected) in legal,
        "knock": bool(knocks),
        "gin": bool(gins),
        "big_gin": gin.BigGin() in legal,
        "lay_off": gin.LayOff() in legal,
    }


def limit_badge_text(view: gin.PlayerView) -> str:
    """The knock-limit badge: the limit, "only gin" for a limit of 0, and the doubling."""
    if view.knock_limit == 0:
        text = "Knock limit 0: only gin may end this deal"
    else:
        text = f"Knock limit {view.knock_limit}"
    if view.doubled:
        text += " · doubled ×2"
    return text


__all__ = ["BUTTONS", "CONTROL_BUTTONS", "enabled_actions", "knock_actions", "limit_badge_text"]
