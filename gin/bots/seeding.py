"""Seeds drawn from a position, so that a bot's search is the same on every machine.

:func:`position_seed` hashes everything a player may see of a deal (its
:class:`~gin.deal.PlayerView` without the result): the same view always gives the same
seed, in any process, on any machine, whatever else the bot did before. The ``expert``,
the ``tactician`` and :func:`gin.bots.hint` seed their simulations with it, so the same
position always gets the same move and the same hint.

>>> import random
>>> from gin.rules import Rules
>>> from gin.deal import Deal
>>> deal = Deal.new(Rules.preset("classic"), rng=random.Random(1))
>>> position_seed(deal.view(1)) == position_seed(deal.copy().view(1))
True
"""

from __future__ import annotations

import hashlib
import json
import random

from gin.cards import Card
from gin.deal import PlayerView


def _codes(cards: tuple[Card, ...]) -> str:
    return " ".join(c.code for c in cards)


def position_key(view: PlayerView) -> str:
    """The public information of ``view`` as one canonical string (no hidden card)."""
    parts = [
        f"player={view.player}",
        "rules=" + json.dumps(view.rules.to_dict(), sort_keys=True),
        f"dealer={view.dealer}",
        f"phase={view.phase.value}",
        f"to_move={view.to_move}",
        "hand=" + _codes(view.hand),
        f"opponent_cards={view.opponent_card_count}",
        f"stock={view.stock_count}",
        "pile=" + _codes(view.discard_pile),
        f"up={view.up_card.code}",
        f"taken={view.taken_card.code if view.taken_card is not None else '-'}",
        f"both_passed={view.both_passed}",
        "known=" + _codes(view.opponent_known),
        "events=" + "|".join(repr(e) for e in view.events),
        "legal=" + "|".join(repr(a) for a in view.legal_actions),
    ]
    return "\n".join(parts)


def position_seed(view: PlayerView, salt: str = "") -> int:
    """A 64-bit seed from the public information of ``view`` (and an optional ``salt``
    naming the purpose, so two uses of one position draw independent numbers)."""
    digest = hashlib.sha256((salt + "\n" + position_key(view)).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


def position_rng(view: PlayerView, salt: str = "") -> random.Random:
    """A generator seeded by :func:`position_seed`."""
    return random.Random(position_seed(view, salt))


__all__ = ["position_key", "position_rng", "position_seed"]
