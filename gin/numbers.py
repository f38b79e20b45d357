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
...     parse_whole_number("1e12", what="the seed")
... except NumberError as e:
...     print(e.code, e.message[:31])
bad-number the seed must be a whole number
"""

from __future__ import annotations

from gin.errors import NumberError, echo

MAX_DIGITS = 30
"""Longer digit strings are refused before being converted."""


def parse_whole_number(
    text: object,
    *,
    what: str = "the number",
    minimum: int = 0,
    maximum: int | None = None,
) -> int:
    """The whole number written in ``text``, from ``minimum`` to ``maximum`` (inclusive).

    ``what`` names the number in the error message (``"the seed"``, ``"the points"``).
    An ``int`` (not a ``bool``) is accepted as it is, within the range. Raises
    :class:`~gin.errors.NumberError` with code ``bad-number`` otherwise.
    """
    if isinstance(text, bool) or not isinstance(text, int | str):
        raise NumberError("bad-number", f"{what} must be a whole number, not {echo(text)}")
    if isinstance(text, int):
        n = text
    else:
        t = text.strip()
        if not t:
            raise NumberError(
                "bad-number", f"{what} must be a whole number such as 42, but nothing was typed"
            )
        if not t.isdecimal():
            raise NumberError(
                "bad-number",
                f"{what} must be a whole number written with digits only, such as 42, "
                f"not {echo(t)}",
            )
        if len(t) > MAX_DIGITS:
            raise NumberError(
                "bad-number", f"{what} must be a whole number of at most {MAX_DIGITS} digits"
            )
        n = int(t)
    if n < minimum or (maximum is not None and n > maximum):
        allowed = f"from {minimum} to {maximum}" if maximum is not None else f"at least {minimum}"
        raise NumberError("bad-number", f"{what} must be {allowed}, not {echo(n)}")
    return n


__all__ = ["MAX_DIGITS", "parse_whole_number"]
