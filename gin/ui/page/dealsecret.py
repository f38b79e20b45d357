"""The server's secret in a shuffle the learner did not choose (issue 22).

The play table shows the seed of its game so that a class can replay a deal. A seed the
learner did not choose (a fresh one) would give the game away: anyone could make a
``TableController`` with it and see the opponent's hand and the stock. Under Voilà the
kernel runs on the server, out of the learner's reach, so the table mixes a secret made
there (:func:`server_secret`, from :func:`os.urandom`, once per kernel) into such a
game's shuffle: the number is then no key to the cards. A seed the address or the learner
chose is used as it is (a class link deals every learner the same cards), and where Python
runs in the browser (the static site) there is no secret to keep.

Determinism stays: the engine still shuffles with a seeded :class:`random.Random`; the
secret only changes which seed the table hands it (:func:`shuffle_seed`).

>>> shuffle_seed(9, None)
9
>>> shuffle_seed(9, b"k") == shuffle_seed(9, b"k") != shuffle_seed(9, b"other")
True
"""

from __future__ import annotations

import hashlib
import os

_SECRET = os.urandom(32)
"""This kernel's secret (never sent to the page)."""


def under_voila() -> bool:
    """Whether this kernel serves a Voilà page (Voilà puts its server's address in every
    kernel's environment, pre-heated or not)."""
    return "VOILA_SERVER_URL" in os.environ


def server_secret() -> bytes | None:
    """The secret mixed into a shuffle the learner did not choose: this kernel's under
    Voilà, ``None`` elsewhere (a notebook, a test, the static site)."""
    return _SECRET if under_voila() else None


def shuffle_seed(seed: int, secret: bytes | None) -> int:
    """The seed the engine shuffles with: ``seed`` itself without a secret, else a number
    made from both that nobody without the secret can work out."""
    if secret is None:
        return seed
    digest = hashlib.sha256(secret + b":" + str(seed).encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") >> 1  # 0 to 2**63 - 1, like any seed


__all__ = ["server_secret", "shuffle_seed", "under_voila"]
