"""Computer opponents and hints. Every opponent decides from a
:class:`~gin.deal.PlayerView` only, never from hidden cards.

- ``eager`` knocks at the first chance and takes a discard only if it lowers its deadwood.
- ``tactician`` remembers the cards, avoids feeding the opponent, keeps flexible cards,
  plays for gin when the knock limit is low and knocks only when an undercut is unlikely
  (option ``samples``: opponent hands sampled to judge a knock).
- ``expert`` searches by simulation over guessed hidden cards (options ``playouts``,
  ``budget_ms``, ``candidates``, ``confidence``; see :mod:`gin.bots.expert`). Made by
  :func:`make_bot`, it models its opponent: the prior of the kind it faces (``opponent=``),
  learnt from each finished deal (:mod:`gin.bots.opponent_model`).
- :func:`hint` gives the expert's move with its reasons as data.

The ``tactician``'s and the ``expert``'s random numbers are seeded from the position
(:mod:`gin.bots.seeding`): the same view always gets the same move and the same hint.
:mod:`gin.bots.selfplay` plays deals and games between opponents.

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
from gin.bots.expert import ExpertBot
from gin.bots.hint import CardOuts, DiscardAdvice, DrawAdvice, Hint, KnockAdvice, hint
from gin.bots.opponent_model import OpponentModel
from gin.bots.tactician import TacticianBot
from gin.deal import PlayerView
from gin.errors import GinError, echo
from gin.i18n import M


class Bot(Protocol):
    """A computer opponent: chooses one legal action from a player's view."""

    name: str

    def choose(self, view: PlayerView) -> Action:
        """The action to play. ``view.legal_actions`` is never empty when called."""
        ...


BOT_NAMES: tuple[str, ...] = ("eager", "tactician", "expert")
"""The opponents :func:`make_bot` knows, weakest first."""


def make_bot(name: str, rng: random.Random, *, opponent: str | None = None, **options: Any) -> Bot:
    """The opponent called ``name``, using the seeded generator ``rng``.

    ``opponent`` is the kind of player it will face: a bot's name, or ``None`` for a
    learner (or anyone not known). The ``expert`` starts its opponent model from that
    kind's prior (:meth:`OpponentModel.prior <gin.bots.opponent_model.OpponentModel.prior>`)
    and learns from each finished deal it is told of
    (:func:`gin.bots.selfplay.tell_deal_over`), unless ``options`` give its
    ``opponent_model`` (``None``: a patient opponent) or ``opponent_knocks_at_once``.
    The other opponents play the same whoever they face.

    Raises :class:`~gin.errors.GinError` with code ``unknown-bot`` for an unknown name,
    and ``bad-option`` for an option the opponent doesn't have.
    """
    factory: Any = {"eager": EagerBot, "tactician": TacticianBot, "expert": ExpertBot}.get(name)
    if factory is not None:
        if factory is ExpertBot and not {"opponent_model", "opponent_knocks_at_once"} & set(
            options
        ):
            options["opponent_model"] = OpponentModel.prior(opponent)
        try:
            bot: Bot = factory(rng, **options)
        except TypeError:
            raise GinError(
                M["error.bad-option"](name=name, options=", ".join(sorted(options)))
            ) from None
        return bot
    raise GinError(M["error.unknown-bot"](name=echo(name)))


def check_bot_name(name: object) -> str:
    """``name`` if it names an opponent; raises :class:`~gin.errors.GinError` with code
    ``unknown-bot`` otherwise."""
    if not isinstance(name, str) or name not in BOT_NAMES:
        raise GinError(M["error.unknown-bot"](name=echo(name)))
    return name


__all__ = [
    "BOT_NAMES",
    "Bot",
    "CardOuts",
    "DiscardAdvice",
    "DrawAdvice",
    "EagerBot",
    "ExpertBot",
    "Hint",
    "KnockAdvice",
    "TacticianBot",
    "check_bot_name",
    "hint",
    "make_bot",
]
