"""The coach panel: renders the engine's explanation steps beside the table.

The coach keeps its content as data (:class:`CoachSection` lists of :class:`gin.Step`)
so tests can compare it with the engine, and renders it as escaped HTML in one
``ipywidgets.HTML`` with the CSS class ``gin-coach``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

import ipywidgets

import gin


@dataclass(frozen=True)
class CoachSection:
    """A titled list of steps, with optional pictures (trusted SVG from :mod:`gin.ui.svg`)."""

    key: str
    title: str
    """The section's heading, already rendered from the catalog."""
    steps: tuple[gin.Step, ...]
    pictures: tuple[tuple[str, str], ...] = field(default=())
    """(caption, svg) pairs shown under the steps."""
    note: str = ""
    """A sentence shown before the steps (already rendered)."""
    details: str = ""
    """When set, the steps fold away under this label, one click away."""


def coach_html(message: str, error: str, sections: Sequence[CoachSection]) -> str:
    """The coach's HTML: the latest message or error first, then each section."""
    parts = ['<div class="gin-coach-inner">']
    if error:
        parts.append(f'<div class="gin-coach-error" role="alert">{escape(error)}</div>')
    if message:
        parts.append(f'<div class="gin-coach-message" aria-live="polite">{escape(message)}</div>')
    for s in sections:
        if not s.steps and not s.pictures and not s.note:
            continue
        parts.append(f'<section class="gin-coach-section gin-coach-{escape(s.key)}">')
        parts.append(f"<h3>{escape(s.title)}</h3>")
        if s.note:
            parts.append(f'<p class="gin-coach-note">{escape(s.note)}</p>')
        if s.steps:
            if s.details:
                parts.append(
                    f'<details class="gin-coach-details"><summary>{escape(s.details)}</summary>'
                )
            parts.append("<ol>")
            for st in s.steps:
                parts.append(
                    f'<li class="gin-step gin-step-{escape(st.code)}">{escape(st.render())}</li>'
                )
            parts.append("</ol>")
            if s.details:
                parts.append("</details>")
        for caption, svg in s.pictures:
            parts.append(
                f'<figure class="gin-coach-pic">{svg}<figcaption>{escape(caption)}'
                "</figcaption></figure>"
            )
        parts.append("</section>")
    parts.append("</div>")
    return "".join(parts)


class Coach(ipywidgets.HTML):  # type: ignore[misc]
    """The coach panel widget (CSS class ``gin-coach``)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.add_class("gin-coach")
        self.message = ""
        self.error = ""
        self.sections: list[CoachSection] = []

    def show(
        self,
        *,
        message: str | None = None,
        error: str | None = None,
        sections: Sequence[CoachSection] | None = None,
    ) -> None:
        """Change what the coach shows (``None`` keeps a part as it is)."""
        if message is not None:
            self.message = message
        if error is not None:
            self.error = error
        if sections is not None:
            self.sections = list(sections)
        self.value = coach_html(self.message, self.error, self.sections)

    def section(self, key: str) -> CoachSection | None:
        """The section called ``key`` (``limit``, ``hand``, ``turn``, ``opponent``,
        ``hint``, ``result``), if shown."""
        return next((s for s in self.sections if s.key == key), None)

    def steps(self, key: str) -> tuple[gin.Step, ...]:
        """The steps of section ``key`` (empty if not shown)."""
        s = self.section(key)
        return s.steps if s is not None else ()


__all__ = ["Coach", "CoachSection", "coach_html"]
