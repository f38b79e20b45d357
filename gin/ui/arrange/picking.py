"""Picking cards with the keys, the same way in every room of the table: the digits 1-9,
0 and ``-`` pick the 1st to 11th card, the arrow keys the card before or after.

>>> pick_index("3", 10, -1)
2
>>> pick_index("arrowleft", 10, 0)
9
>>> pick_index("-", 10, -1) is None
True
"""

from __future__ import annotations

PICK_KEYS = "1234567890-"
"""The keys that pick the 1st to 11th card."""
ARROWS = ("arrowleft", "arrowright")


def is_pick_key(key: str) -> bool:
    """Whether ``key`` picks a card (a digit, ``-`` or an arrow)."""
    return key in ARROWS or (len(key) == 1 and key in PICK_KEYS)


def pick_index(key: str, count: int, at: int) -> int | None:
    """The index of the card ``key`` picks among ``count`` cards (``at``: the index of
    the card picked before, -1 for none); ``None`` when it picks nothing."""
    if count <= 0:
        return None
    if key in ARROWS:
        step = 1 if key == "arrowright" else -1
        if at < 0:
            return 0 if step > 0 else count - 1
        return (at + step) % count
    if len(key) == 1 and key in PICK_KEYS:
        i = PICK_KEYS.index(key)
        return i if i < count else None
    return None


__all__ = ["ARROWS", "PICK_KEYS", "is_pick_key", "pick_index"]
