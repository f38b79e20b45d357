"""Whole numbers typed by a person: :func:`parse_whole_number`, the one parser for them.

Every place that reads a whole number from a learner or a teacher (answers to exercises,
seed boxes, the ``?seed=`` of a page's address) uses it, so the same text is read the
same way everywhere.

What it accepts: optional spaces around decimal digits, in any script that has them
(``42``, ``١٢``, ``໔໒``), as Python's :func:`int` reads them. What it refuses, with a
:class:`~gin.errors.NumberError` that says why and quotes at most a short prefix of the
text: nothing at all, signs, underscores (``1_0``), decimals (``1.5``), exponents
(``1e12``), other characters, more than :data:`MAX_DIGITS` digits, and numbers outside
the range asked for.

>>> parse_whole_number(" 42 ")
42
>>> parse_whole_number("١٢")
12
>>> try:
...     parse_whole_number("1e12")
... except NumberError as e:
...     print(e.code)
not-a-number
"""

from __future__ import annotations

from gin.errors import NumberError, echo
from gin.i18n import M

MAX_DIGITS = 30
"""Longer digit strings are refused before being converted."""


def parse_whole_number(
    text: object,
    *,
    minimum: int = 0,
    maximum: int | None = None,
) -> int:
    """The whole number written in ``text``, from ``minimum`` to ``maximum`` (inclusive).

    An ``int`` (not a ``bool``) is accepted as it is, within the range. Raises
    :class:`~gin.errors.NumberError` otherwise, with code ``not-a-number``, ``no-number``,
    ``number-too-long``, ``number-out-of-range`` or ``number-too-small``.
    """
    if isinstance(text, bool) or not isinstance(text, int | str):
        raise NumberError(M["error.not-a-number"](value=echo(text)))
    if isinstance(text, int):
        n = text
    else:
        t = text.strip()
        if not t:
            raise NumberError(M["error.no-number"]())
        if not t.isdecimal():
            raise NumberError(M["error.not-a-number"](value=echo(t)))
        if len(t) > MAX_DIGITS:
            raise NumberError(M["error.number-too-long"](digits=MAX_DIGITS))
        n = int(t)
    if maximum is not None and not minimum <= n <= maximum:
        data = {"least": minimum, "most": maximum, "value": echo(str(n))}
        raise NumberError(M["error.number-out-of-range"](**data))
    if n < minimum:
        raise NumberError(M["error.number-too-small"](least=minimum, value=echo(str(n))))
    return n


__all__ = ["MAX_DIGITS", "parse_whole_number"]
