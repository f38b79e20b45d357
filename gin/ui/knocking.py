"""Knocking from the table: which knock a button press means, and the question asked
before it is played. Illegal choices raise the engine's :class:`gin.GinError`."""

from __future__ import annotations

from collections.abc import Callable

import gin
from gin.ui import advice
from gin.ui.buttons import knock_actions

Verify = Callable[[gin.Action], None]
"""Raises the engine's error when the learner may not play the action."""


def choose_knock(
    view: gin.PlayerView, selected: gin.Card | None, want_gin: bool, verify: Verify
) -> gin.Knock:
    """The knock to confirm: with the ``selected`` card, or the best one when none is
    selected. Raises the engine's error (or a clear one of ours) when it is illegal."""
    if not (view.my_turn and view.phase is gin.Phase.DISCARD):
        verify(gin.Knock(view.hand[0]))
    if selected is None:
        knocks, gins = knock_actions(view)
        pool = gins if want_gin else knocks
        if not pool:
            if knocks or gins:
                raise gin.IllegalActionError(
                    "not-gin" if want_gin else "is-gin",
                    "no discard leaves you without deadwood: press Knock instead"
                    if want_gin
                    else "every knock you can make here is gin: press Gin! instead",
                )
            _, best = advice.live_deadwood(view)
            raise gin.IllegalActionError(
                "over-knock-limit",
                f"you can't knock yet: your best discard leaves {best} deadwood and the "
                f"knock limit is {view.knock_limit}",
            )
        return min(
            pool,
            key=lambda a: (
                gin.deadwood([c for c in view.hand if c is not a.card]),
                -a.card.points,
            ),
        )
    action = gin.Knock(selected)
    verify(action)
    left = gin.deadwood([c for c in view.hand if c is not selected])
    if want_gin and left:
        raise gin.IllegalActionError(
            "not-gin", f"discarding {selected} leaves {left} deadwood: that is a knock, not gin"
        )
    if not want_gin and not left:
        raise gin.IllegalActionError(
            "is-gin", f"discarding {selected} leaves no deadwood: press Gin! instead"
        )
    return action


def knock_question(view: gin.PlayerView, action: gin.Knock) -> str:
    """The confirmation asked before a knock, with the deadwood it keeps."""
    left = gin.deadwood([c for c in view.hand if c is not action.card])
    under = f"{left} or less" if view.rules.undercut_on_tie else f"less than {left}"
    return (
        f"Knock, discarding {action.card}? You keep {left} deadwood (the limit is "
        f"{view.knock_limit}). If your opponent ends with {under} after "
        f"laying off, you are undercut."
    )


def gin_question(view: gin.PlayerView, action: gin.Knock) -> str:
    """The confirmation asked before going gin."""
    return (
        f"Go gin, discarding {action.card}? All ten cards you keep meld: you score "
        f"your opponent's deadwood plus the gin bonus of {view.rules.gin_bonus}."
    )


def big_gin_question(view: gin.PlayerView) -> str:
    """The confirmation asked before declaring big gin."""
    return (
        "Declare big gin? All eleven cards meld: you score your "
        f"opponent's deadwood plus the big gin bonus of {view.rules.big_gin_bonus}."
    )


__all__ = ["Verify", "big_gin_question", "choose_knock", "gin_question", "knock_question"]
