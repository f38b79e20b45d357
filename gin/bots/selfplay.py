"""Deals and games played between computer opponents: the one way to do it.

:func:`play_deal` plays a :class:`~gin.deal.Deal` to its end, each player choosing from
its own :class:`~gin.deal.PlayerView`; :func:`play_game` plays a :class:`~gin.match.Game`
to the target, the game dealing every deal and choosing each next dealer by the rules.
The tournaments (:mod:`gin.tournament`), the benchmarks and the lessons all use them.
Each finished deal is told to the players that learn from it
(:func:`tell_deal_over`: the ``expert``'s opponent model), so a bot that plays on learns
how its opponent plays.

>>> import random
>>> from gin.rules import Rules
>>> from gin.bots import EagerBot
>>> game = play_game((EagerBot(), EagerBot()), Rules.preset("classic"), seed=3)
>>> game.is_over, max(game.totals) >= 100
(True, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from gin.actions import Action
from gin.bots.opponent_model import LearnsOpponent, deal_evidence
from gin.deal import Deal
from gin.errors import GinError
from gin.i18n import M
from gin.match import Game
from gin.rules import Rules

if TYPE_CHECKING:
    from gin.bots import Bot

Times = tuple[list[float], list[float]]
"""Decision times in seconds, one list per player."""

MAX_DEALS_PER_GAME = 1000
"""A safety stop: a game still going after this many deals ends unfinished (never seen
in practice)."""


def play_deal(
    deal: Deal,
    bots: Sequence[Bot],
    *,
    times: Times | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Deal:
    """Play ``deal`` to its end between ``bots`` (``bots[p]`` plays player ``p``).

    Each bot chooses from its own player's view. Decision times (by ``clock``, in
    seconds) are appended to ``times[p]`` when ``times`` is given. Returns the deal,
    which is changed in place.
    """
    _play_out(deal, bots, deal.apply, times, clock)
    tell_deal_over(deal, bots)
    return deal


def play_game_deal(game: Game, bots: Sequence[Bot]) -> Game:
    """Play the current deal of ``game`` to its end between ``bots``, through the game
    (its log and score sheet follow). Returns the game, changed in place."""
    _play_out(game.deal, bots, game.apply, None, time.perf_counter)
    tell_deal_over(game.deal, bots)
    return game


def tell_deal_over(deal: Deal, bots: Sequence[object]) -> None:
    """Tell the finished ``deal`` to each of ``bots`` (``bots[p]`` played player ``p``)
    that learns from finished deals (:class:`~gin.bots.opponent_model.LearnsOpponent`):
    it learns what the deal showed of its opponent, read from its own seat's final view
    (:func:`~gin.bots.opponent_model.deal_evidence`). A deal not over tells nothing."""
    if not deal.is_over:
        return
    for seat, bot in enumerate(bots):
        if isinstance(bot, LearnsOpponent):
            bot.learn_deal(deal_evidence(deal, seat))


def _play_out(
    deal: Deal,
    bots: Sequence[Bot],
    apply: Callable[[Action, int], object],
    times: Times | None,
    clock: Callable[[], float],
) -> None:
    if len(bots) != 2:
        raise GinError(M["error.bad-bots"](count=len(bots)))
    while not deal.is_over:
        p = deal.to_move
        assert p is not None
        view = deal.view(p)
        t0 = clock()
        action = bots[p].choose(view)
        if times is not None:
            times[p].append(clock() - t0)
        apply(action, p)


def play_game(
    bots: Sequence[Bot],
    rules: Rules,
    *,
    rng: random.Random | None = None,
    seed: int | None = None,
    first_dealer: int | None = None,
    times: Times | None = None,
    max_deals: int = MAX_DEALS_PER_GAME,
) -> Game:
    """Play a whole game to the target between ``bots`` and return the finished
    :class:`~gin.match.Game` (its ``score_sheet``, ``totals`` and ``winner``).

    The game shuffles every deal from ``rng`` (or ``random.Random(seed)``; the caller's
    generator is not advanced) and chooses the first dealer from it unless
    ``first_dealer`` is given; the next dealer follows the rules (a void deal is dealt
    again by the same dealer). ``times`` collects decision times as in :func:`play_deal`.
    A game still going after ``max_deals`` deals is returned unfinished
    (``game.is_over`` is false).
    """
    game = Game(rules, rng=rng, seed=seed, first_dealer=first_dealer)
    for n in range(max_deals):
        _play_out(game.deal, bots, game.apply, times, time.perf_counter)
        tell_deal_over(game.deal, bots)
        if game.is_over or n + 1 == max_deals:
            break
        game.next_deal()
    return game


__all__ = [
    "MAX_DEALS_PER_GAME",
    "Times",
    "play_deal",
    "play_game",
    "play_game_deal",
    "tell_deal_over",
]
