"""Explanations as data: numbered :class:`Step` records.

A step has a ``code`` that says what kind of step it is (``limit``, ``layoff``,
``compare`` ...), the ``key`` of its sentence in the message catalog (:mod:`gin.i18n`) and
the ``data`` that fills the sentence's placeholders, and nothing else. A view renders it in
the reader's language with :meth:`Step.render`; ``str(step)`` is the English text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gin.i18n import DEFAULT_LANGUAGE, Text, render


@dataclass(frozen=True)
class Step:
    """One numbered step of an explanation.

    >>> from gin.i18n import message
    >>> m = message("doc.step", "Your deadwood is {deadwood}.")
    >>> s = Step(1, "now", {"deadwood": 12}, "doc.step")
    >>> str(s), s.text
    ('1. Your deadwood is 12.', 'Your deadwood is 12.')
    """

    number: int
    code: str
    data: Mapping[str, Any] = field(default_factory=dict)
    key: str = ""
    """The catalog key of the sentence (the ``code`` when empty)."""

    @property
    def text(self) -> str:
        """The English sentence."""
        return self.render(DEFAULT_LANGUAGE)

    def render(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (the catalog's current language when ``None``)."""
        return render(self.key or self.code, self.data, lang)

    def __str__(self) -> str:
        return f"{self.number}. {self.text}"


Draft = tuple[str, Text]
"""A step before numbering: its code and its sentence with data."""


def number_steps(drafts: Iterable[Draft]) -> tuple[Step, ...]:
    """Number (code, text) drafts from 1."""
    return tuple(
        Step(i, code, dict(text.data), text.key) for i, (code, text) in enumerate(drafts, 1)
    )


__all__ = ["Draft", "Step", "number_steps"]
