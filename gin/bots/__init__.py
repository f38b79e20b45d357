"""Computer opponents. Every opponent decides from a :class:`~gin.deal.PlayerView` only.

>>> import random
>>> from gin.rules import Rules
>>> from gin.deal import Deal
>>> deal = Deal.new(Rules.preset("classic"), rng=random.Random(1))
>>> bot = make_bot("eager", random.Random(1))
>>> deal.apply(bot.choose(deal.view(deal.to_move)))  # doctest: +ELLIPSIS
(...)
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from gin.actions import Action
from gin.bots.eager import EagerBot
from gin.deal import PlayerView
from gin.errors import GinError


class Bot(Protocol):
    """A computer opponent: chooses one legal action from a player's view."""

    name: str

    def choose(self, view: PlayerView) -> Action:
        """The action to play. ``view.legal_actions`` is never empty when called."""
        ...


BOT_NAMES: tuple[str, ...] = ("eager",)
"""The opponents :func:`make_bot` knows, weakest first."""


def make_bot(name: str, rng: random.Random, **options: Any) -> Bot:
    """The opponent called ``name``, using the seeded generator ``rng``.

    Raises :class:`~gin.errors.GinError` with code ``unknown-bot`` for an unknown name.
    """
    if name == "eager":
        return EagerBot(rng, **options)
    raise GinError(
        "unknown-bot", f"there is no opponent called {name!r}; choose one of {', '.join(BOT_NAMES)}"
    )


__all__ = ["BOT_NAMES", "Bot", "EagerBot", "make_bot"]
