"""The teacher key: a secret the app makes when it starts, like Jupyter's token.

The app (:func:`gin.ui.classroom.server.prepare`) puts it in its environment, which the
kernels it starts inherit and which only this user's processes can read; the teacher page
shows a class only when its address holds it.
"""

from __future__ import annotations

import hmac
import os

KEY_ENV = "GIN_TEACHER_KEY"
"""The environment variable holding the teacher key (set by the app for its kernels)."""


def teacher_key() -> str:
    """The teacher key of this app (``""`` when the app made none: no class view)."""
    return os.environ.get(KEY_ENV, "")


def key_matches(given: str | None) -> bool:
    """Whether ``given`` is this app's teacher key (compared in constant time; no key made,
    or none given, never matches).

    >>> os.environ[KEY_ENV] = "s3cret"
    >>> key_matches("s3cret"), key_matches("s3cre"), key_matches(None)
    (True, False, False)
    >>> del os.environ[KEY_ENV]
    """
    key = teacher_key()
    if not key or not given:
        return False
    return hmac.compare_digest(key.encode(), str(given).encode())


__all__ = ["KEY_ENV", "key_matches", "teacher_key"]
