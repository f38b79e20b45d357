"""The table's action buttons and which of them the engine allows now (pure, no widgets)."""

from __future__ import annotations

import gin
from gin.i18n import Message, message

BUTTONS: tuple[tuple[str, Message, str], ...] = (
    # key, label, CSS class
    ("take", message("button.take", "Take up card"), "gin-action-take"),
    ("pass", message("button.pass", "Pass"), "gin-action-pass"),
    ("draw_stock", message("button.draw-stock", "Draw from stock"), "gin-action-draw-stock"),
    ("draw_discard", message("button.draw-discard", "Take discard"), "gin-action-draw-discard"),
    ("discard", message("button.discard", "Discard"), "gin-action-discard"),
    ("knock", message("button.knock", "Knock…"), "gin-action-knock"),
    ("gin", message("button.gin", "Gin!…"), "gin-action-gin"),
    ("big_gin", message("button.big-gin", "Big gin!…"), "gin-action-big-gin"),
    ("lay_off", message("button.lay-off", "Lay off"), "gin-action-lay-off"),
)
"""The action buttons, in the order shown."""

CONTROL_BUTTONS: tuple[tuple[str, Message, str], ...] = (
    ("confirm", message("button.confirm", "Confirm"), "gin-action-confirm"),
    ("cancel", message("button.cancel", "Cancel"), "gin-action-cancel"),
    ("next_deal", message("button.next-deal", "Next deal"), "gin-action-next-deal"),
    ("new_game", message("button.new-game", "New game"), "gin-action-new-game"),
    ("hint", message("button.hint", "Hint"), "gin-action-hint"),
    ("undo", message("button.undo", "Undo"), "gin-action-undo"),
    (
        "opponent_step",
        message("button.opponent-step", "Next opponent move"),
        "gin-action-opponent-step",
    ),
    ("history", message("button.show-pile", "Show discard pile"), "gin-action-history"),
)
"""The other buttons."""

HIDE_PILE = message("button.hide-pile", "Hide discard pile")
LIMIT = message("badge.limit", "Knock limit {limit}")
LIMIT_GIN_ONLY = message("badge.limit-gin-only", "Knock limit 0: only gin may end this deal")
LIMIT_GIN_ONLY_BIG = message(
    "badge.limit-gin-only-big-gin", "Knock limit 0: only gin or big gin may end this deal"
)
DOUBLED = message("badge.doubled", "doubled ×2")


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


def limit_badge_text(view: gin.PlayerView) -> str:
    """The knock-limit badge: the limit, "only gin" (or big gin) for a limit of 0, and the
    doubling."""
    if view.knock_limit == 0:
        text = (LIMIT_GIN_ONLY_BIG if view.rules.big_gin else LIMIT_GIN_ONLY).render()
    else:
        text = LIMIT.render({"limit": view.knock_limit})
    if view.doubled:
        text += " · " + DOUBLED.render()
    return text


__all__ = ["BUTTONS", "CONTROL_BUTTONS", "HIDE_PILE", "enabled_actions", "limit_badge_text"]
