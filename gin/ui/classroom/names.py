"""Class codes, nicknames and the limit on guessing codes.

A class code is six characters from an alphabet without look-alikes (no 0/O, 1/I/L), so a
teacher can read it aloud and write it on the board. A learner types it any way (spaces,
dashes, small letters): :func:`read_code` makes it the code.

A nickname is all a learner gives: :func:`clean_nickname` keeps at most
:data:`NICKNAME_LENGTH` characters, without control characters or any invisible format
character (Unicode category Cf: the bidi overrides that turn text around, zero-width
spaces and joiners, the byte-order mark, the tag characters), which could garble the
teacher's table or make ``Ana`` and ``Ana\\u200b`` two learners who look the same.

>>> read_code(" k7w-q3m "), clean_nickname("  Ana\\u202e\\tMaria\\u200b  ")
('K7WQ3M', 'Ana Maria')
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections import deque
from typing import Protocol

from gin.errors import GinError
from gin.i18n import M

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""The characters of a class code: capitals and digits that no one confuses."""

CODE_LENGTH = 6
NICKNAME_LENGTH = 24
"""At most this many characters of a nickname are kept."""

GUESSES_PER_MINUTE = 120
"""Wrong class codes an address may send in one minute before it must wait: a school of a
thousand learners behind one address, joining in the same minutes with one in ten mistyping
the code, stays under it (:class:`GuessLimit`)."""

_BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
_SPACES = re.compile(r"\s+")


class ClassJoinError(GinError):
    """A learner's class code or nickname can't be used (codes ``class-...``)."""


def make_code(rng: random.Random) -> str:
    """A fresh class code drawn from ``rng`` (the app passes ``random.SystemRandom()``, so
    codes can't be foreseen).

    >>> make_code(random.Random(1))
    'EV643C'
    """
    return "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def read_code(text: str) -> str:
    """The class code in what a learner typed (spaces and dashes dropped, capitals).
    Raises :class:`ClassJoinError` when it can't be a code."""
    code = re.sub(r"[\s\-]", "", str(text)).upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        if not code:
            raise ClassJoinError(M["error.class-no-code"]())
        raise ClassJoinError(M["error.class-unknown-code"]())
    return code


_DROPPED_CATEGORIES = frozenset({"Cf", "Cs", "Cn"})
"""Taken out of a nickname: format characters (invisible), lone surrogates, unassigned code
points."""


def clean_nickname(text: object) -> str:
    """``text`` as a nickname: control characters made spaces, invisible and format
    characters (category Cf, with the bidi overrides, U+200B, U+FEFF and the tag characters
    U+E0000-U+E007F), lone surrogates and unassigned code points taken out, runs of spaces
    made one, trimmed, at most :data:`NICKNAME_LENGTH` characters. Raises
    :class:`ClassJoinError` when ``text`` is not text (a list, a number) or nothing is
    left."""
    if not isinstance(text, str):
        raise ClassJoinError(M["error.class-bad-nickname"]())
    kept = []
    for ch in unicodedata.normalize("NFC", text):
        category = unicodedata.category(ch)
        if ch in _BIDI_CONTROLS or category in _DROPPED_CATEGORIES or _is_tag(ch):
            continue
        if category == "Cc":
            kept.append(" ")  # a tab or newline parts words like a space
            continue
        kept.append(ch)
    name = _SPACES.sub(" ", "".join(kept)).strip()[:NICKNAME_LENGTH].strip()
    if not name:
        raise ClassJoinError(M["error.class-no-nickname"]())
    return name


def _is_tag(ch: str) -> bool:
    return 0xE0000 <= ord(ch) <= 0xE007F


class GuessStore(Protocol):
    """Where a :class:`GuessLimit` counts, shared by every server of one class store."""

    def wrong_guess(self, address: str, at: float) -> None: ...  # pragma: no cover

    def wrong_guesses(self, address: str, since: float) -> int: ...  # pragma: no cover


class GuessLimit:
    """At most ``per_minute`` wrong codes from one address in any 60 seconds, then a
    wait.

    The limit is sized for a whole school behind one address (a school network's, or a
    hub's proxy's: :data:`GUESSES_PER_MINUTE`), so that a class's right codes are never
    held up by the mistakes of the other classes at that address; the code space is what
    keeps guessing hopeless even at that pace (:data:`CODE_ALPHABET` to the
    :data:`CODE_LENGTH`, about 8.9e8 codes: at the limit one address needs about 50 days,
    on average, to find one of 100 open classes). A script at one address that sends wrong
    codes past the limit makes that address wait a minute, right codes included: at one
    address a guesser can't be told from a learner. With a ``store`` (the class store's
    ``wrong_guess`` / ``wrong_guesses``) the counts live in the database, so every server
    of a school shares them; ``now`` is then the time since the epoch
    (:func:`time.time`). Without one they stay in this process's memory.

    >>> limit = GuessLimit(per_minute=2)
    >>> limit.wrong("10.0.0.7", now=0.0); limit.wrong("10.0.0.7", now=1.0)
    >>> limit.allowed("10.0.0.7", now=30.0), limit.allowed("10.0.0.8", now=30.0)
    (False, True)
    >>> limit.allowed("10.0.0.7", now=60.5)
    True
    """

    WINDOW_S = 60.0

    def __init__(
        self, per_minute: int = GUESSES_PER_MINUTE, store: GuessStore | None = None
    ) -> None:
        self.per_minute = per_minute
        self.store = store
        self._wrong: dict[str, deque[float]] = {}

    def _recent(self, address: str, now: float) -> deque[float]:
        times = self._wrong.get(address, deque())
        while times and times[0] <= now - self.WINDOW_S:
            times.popleft()
        if not times:
            self._wrong.pop(address, None)
        return times

    def allowed(self, address: str, now: float) -> bool:
        """Whether ``address`` may try a code now."""
        if self.store is not None:
            return self.store.wrong_guesses(address, now - self.WINDOW_S) < self.per_minute
        return len(self._recent(address, now)) < self.per_minute

    def wrong(self, address: str, now: float) -> None:
        """Count a wrong code from ``address``."""
        if self.store is not None:
            self.store.wrong_guess(address, now)
            return
        times = self._recent(address, now)
        times.append(now)
        self._wrong[address] = times
        if len(self._wrong) > 10_000:  # forget the oldest addresses: memory stays bounded
            oldest = min(self._wrong, key=lambda a: self._wrong[a][-1])
            del self._wrong[oldest]


__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "GUESSES_PER_MINUTE",
    "NICKNAME_LENGTH",
    "ClassJoinError",
    "GuessLimit",
    "GuessStore",
    "clean_nickname",
    "make_code",
    "read_code",
]
