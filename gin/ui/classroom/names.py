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

from gin.errors import GinError
from gin.i18n import M

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""The characters of a class code: capitals and digits that no one confuses."""

CODE_LENGTH = 6
NICKNAME_LENGTH = 24
"""At most this many characters of a nickname are kept."""

GUESSES_PER_MINUTE = 5
"""Wrong class codes an address may send in one minute before it must wait."""

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


class GuessLimit:
    """At most ``per_minute`` wrong codes from one address in any 60 seconds.

    >>> limit = GuessLimit(per_minute=2)
    >>> limit.wrong("10.0.0.7", now=0.0); limit.wrong("10.0.0.7", now=1.0)
    >>> limit.allowed("10.0.0.7", now=30.0), limit.allowed("10.0.0.8", now=30.0)
    (False, True)
    >>> limit.allowed("10.0.0.7", now=60.5)
    True
    """

    WINDOW_S = 60.0

    def __init__(self, per_minute: int = GUESSES_PER_MINUTE) -> None:
        self.per_minute = per_minute
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
        return len(self._recent(address, now)) < self.per_minute

    def wrong(self, address: str, now: float) -> None:
        """Count a wrong code from ``address``."""
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
    "clean_nickname",
    "make_code",
    "read_code",
]
