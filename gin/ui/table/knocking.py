"""Knocking from the table: which knock a button press means, and the question asked
before it is played. The engine's :attr:`gin.PlayerView.discard_choices` say which
discards knock and which go gin; illegal choices raise :class:`gin.IllegalActionError`."""

from __future__ import annotations

from collections.abc import Callable

import gin
from gin.i18n import M

Verify = Callable[[gin.Action], None]
"""Raises the engine's error when the learner may not play the action."""


def choose_knock(
    view: gin.PlayerView, selected: gin.Card | None, want_gin: bool, verify: Verify
) -> gin.Knock:
    """The knock to confirm: with the ``selected`` card, or the best one when none is
    selected. Raises the engine's error when it is illegal."""
    if selected is None:
        ends = [c for c in view.discard_choices if c.ends != "discard"]
        pool = [c for c in ends if (c.ends == "gin") == want_gin]
        if pool:
            return gin.Knock(pool[0].card)
        if ends:
            raise gin.IllegalActionError(M["error.not-gin"]() if want_gin else M["error.is-gin"]())
        best = view.best_discard
        # no knock at all: the engine says why (not your turn, or over the limit)
        verify(gin.Knock(best.card if best is not None else view.hand[0]))
        raise AssertionError("the engine accepted a knock its view did not list")
    action = gin.Knock(selected)
    verify(action)
    chosen = next(c for c in view.discard_choices if c.card is selected)
    if want_gin and chosen.ends != "gin":
        raise gin.IllegalActionError(
            M["error.selected-not-gin"](card=selected.code, deadwood=chosen.deadwood)
        )
    if not want_gin and chosen.ends == "gin":
        raise gin.IllegalActionError(M["error.selected-is-gin"](card=selected.code))
    return action


def knock_question(view: gin.PlayerView, action: gin.Knock) -> gin.Text:
    """The confirmation asked before a knock, with the deadwood it keeps."""
    chosen = next(c for c in view.discard_choices if c.card is action.card)
    tie = view.rules.undercut_on_tie
    if view.doubled:
        m = M["table.knock-question-doubled"] if tie else M["table.knock-question-strict-doubled"]
    else:
        m = M["table.knock-question"] if tie else M["table.knock-question-strict"]
    return m(card=action.card.code, deadwood=chosen.deadwood, limit=view.knock_limit)


def gin_question(view: gin.PlayerView, action: gin.Knock) -> gin.Text:
    """The confirmation asked before going gin."""
    m = M["table.gin-question-doubled"] if view.doubled else M["table.gin-question"]
    return m(card=action.card.code, bonus=view.rules.gin_bonus)


def big_gin_question(view: gin.PlayerView) -> gin.Text:
    """The confirmation asked before declaring big gin."""
    m = M["table.big-gin-question-doubled"] if view.doubled else M["table.big-gin-question"]
    return m(bonus=view.rules.big_gin_bonus)


__all__ = ["Verify", "big_gin_question", "choose_knock", "gin_question", "knock_question"]
