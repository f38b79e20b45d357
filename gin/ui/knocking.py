"""Knocking from the table: which knock a button press means, and the question asked
before it is played. The engine's :attr:`gin.PlayerView.discard_choices` say which
discards knock and which go gin; illegal choices raise :class:`gin.IllegalActionError`."""

from __future__ import annotations

from collections.abc import Callable

import gin
from gin.i18n import message

Verify = Callable[[gin.Action], None]
"""Raises the engine's error when the learner may not play the action."""

USE_KNOCK = message("error.not-gin", "No discard leaves you without deadwood: press Knock instead.")
USE_GIN = message("error.is-gin", "Every knock you can make here is gin: press Gin! instead.")
SELECTED_NOT_GIN = message(
    "error.selected-not-gin",
    "Discarding {card:card} leaves {deadwood} deadwood: that is a knock, not gin.",
)
SELECTED_IS_GIN = message(
    "error.selected-is-gin", "Discarding {card:card} leaves no deadwood: press Gin! instead."
)
KNOCK_QUESTION = message(
    "table.knock-question",
    "Knock, discarding {card:card}? You keep {deadwood} deadwood (the knock limit is "
    "{limit}). If your opponent ends with {deadwood} or less after laying off, you are "
    "undercut.",
)
KNOCK_QUESTION_STRICT = message(
    "table.knock-question-strict",
    "Knock, discarding {card:card}? You keep {deadwood} deadwood (the knock limit is "
    "{limit}). If your opponent ends with less than {deadwood} after laying off, you are "
    "undercut.",
)
KNOCK_QUESTION_DOUBLED = message(
    "table.knock-question-doubled",
    "Knock, discarding {card:card}? You keep {deadwood} deadwood (the knock limit is "
    "{limit}). If your opponent ends with {deadwood} or less after laying off, you are "
    "undercut. On this spade deal every point counts double.",
)
KNOCK_QUESTION_STRICT_DOUBLED = message(
    "table.knock-question-strict-doubled",
    "Knock, discarding {card:card}? You keep {deadwood} deadwood (the knock limit is "
    "{limit}). If your opponent ends with less than {deadwood} after laying off, you are "
    "undercut. On this spade deal every point counts double.",
)
GIN_QUESTION = message(
    "table.gin-question",
    "Go gin, discarding {card:card}? All ten cards you keep meld: you score your opponent's "
    "deadwood plus the gin bonus of {bonus}.",
)
GIN_QUESTION_DOUBLED = message(
    "table.gin-question-doubled",
    "Go gin, discarding {card:card}? All ten cards you keep meld: you score your opponent's "
    "deadwood plus the gin bonus of {bonus}, all doubled on this spade deal.",
)
BIG_GIN_QUESTION = message(
    "table.big-gin-question",
    "Declare big gin? All eleven cards meld, so you discard nothing: you score your "
    "opponent's deadwood plus the big-gin bonus of {bonus}.",
)
BIG_GIN_QUESTION_DOUBLED = message(
    "table.big-gin-question-doubled",
    "Declare big gin? All eleven cards meld, so you discard nothing: you score your "
    "opponent's deadwood plus the big-gin bonus of {bonus}, all doubled on this spade deal.",
)


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
            raise gin.IllegalActionError(USE_KNOCK() if want_gin else USE_GIN())
        best = view.best_discard
        # no knock at all: the engine says why (not your turn, or over the limit)
        verify(gin.Knock(best.card if best is not None else view.hand[0]))
        raise AssertionError("the engine accepted a knock its view did not list")
    action = gin.Knock(selected)
    verify(action)
    chosen = next(c for c in view.discard_choices if c.card is selected)
    if want_gin and chosen.ends != "gin":
        raise gin.IllegalActionError(SELECTED_NOT_GIN(card=selected.code, deadwood=chosen.deadwood))
    if not want_gin and chosen.ends == "gin":
        raise gin.IllegalActionError(SELECTED_IS_GIN(card=selected.code))
    return action


def knock_question(view: gin.PlayerView, action: gin.Knock) -> gin.Text:
    """The confirmation asked before a knock, with the deadwood it keeps."""
    chosen = next(c for c in view.discard_choices if c.card is action.card)
    tie = view.rules.undercut_on_tie
    if view.doubled:
        m = KNOCK_QUESTION_DOUBLED if tie else KNOCK_QUESTION_STRICT_DOUBLED
    else:
        m = KNOCK_QUESTION if tie else KNOCK_QUESTION_STRICT
    return m(card=action.card.code, deadwood=chosen.deadwood, limit=view.knock_limit)


def gin_question(view: gin.PlayerView, action: gin.Knock) -> gin.Text:
    """The confirmation asked before going gin."""
    m = GIN_QUESTION_DOUBLED if view.doubled else GIN_QUESTION
    return m(card=action.card.code, bonus=view.rules.gin_bonus)


def big_gin_question(view: gin.PlayerView) -> gin.Text:
    """The confirmation asked before declaring big gin."""
    m = BIG_GIN_QUESTION_DOUBLED if view.doubled else BIG_GIN_QUESTION
    return m(bonus=view.rules.big_gin_bonus)


__all__ = ["Verify", "big_gin_question", "choose_knock", "gin_question", "knock_question"]
