"""The opening prose of every lesson: what each notebook used to say in Markdown.

Each lesson opens with its title and these paragraphs, rendered from the message catalog
(:mod:`gin.i18n`) in the current language. Every number in them (bonuses, targets, the
knock limit under an ace) comes from the engine's rule-set presets, so the prose always
says what the engine plays.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from gin import Rules
from gin.i18n import M, Message, text_direction

# --------------------------------------------------------------------------- 00 start here


# --------------------------------------------------------------------------- 01 melds


# --------------------------------------------------------------------------- 02 the up card


# --------------------------------------------------------------------------- 03 knocking


# --------------------------------------------------------------------------- 04 play


# --------------------------------------------------------------------------- 05 lab


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of prose, with an optional bold lead-in (a message of its own)."""

    body: Message
    lead: Message | None = None


@dataclass(frozen=True)
class Bullets:
    """A bulleted list, one message per item."""

    items: tuple[Message, ...]


Block = Paragraph | Bullets

INTROS: dict[str, tuple[Block, ...]] = {
    "00_start_here.ipynb": (
        Paragraph(M["lesson.start.intro.what"]),
        Paragraph(M["lesson.start.intro.up-card"], M["lesson.start.intro.up-card.lead"]),
        Paragraph(M["lesson.start.intro.offer"], M["lesson.start.intro.offer.lead"]),
        Paragraph(M["lesson.start.intro.knock"], M["lesson.start.intro.knock.lead"]),
        Paragraph(M["lesson.start.intro.layoff"], M["lesson.start.intro.layoff.lead"]),
        Paragraph(M["lesson.start.intro.score"], M["lesson.start.intro.score.lead"]),
        Paragraph(M["lesson.start.intro.void"], M["lesson.start.intro.void.lead"]),
        Paragraph(M["lesson.start.intro.game"], M["lesson.start.intro.game.lead"]),
        Paragraph(M["lesson.start.intro.spades"], M["lesson.start.intro.spades.lead"]),
        Paragraph(M["lesson.start.intro.ace-card"]),
        Paragraph(M["lesson.start.intro.how"]),
    ),
    "00_first_deal.ipynb": (
        Paragraph(M["lesson.guided.intro.what"]),
        Paragraph(M["lesson.guided.intro.how"]),
    ),
    "00_levels.ipynb": (
        Paragraph(M["lesson.levels.intro.what"]),
        Paragraph(M["lesson.levels.intro.how"]),
    ),
    "01_cards_and_melds.ipynb": (
        Paragraph(M["lesson.melds.intro.points"], M["lesson.melds.intro.points.lead"]),
        Paragraph(M["lesson.melds.intro.kinds"], M["lesson.melds.intro.kinds.lead"]),
        Paragraph(M["lesson.melds.intro.aces"], M["lesson.melds.intro.aces.lead"]),
        Paragraph(M["lesson.melds.intro.deadwood"], M["lesson.melds.intro.deadwood.lead"]),
    ),
    "02_the_up_card.ipynb": (
        Paragraph(M["lesson.upcard.intro.what"]),
        Bullets(
            (
                M["lesson.upcard.intro.pips"],
                M["lesson.upcard.intro.ten"],
                M["lesson.upcard.intro.ace"],
                M["lesson.upcard.intro.spade"],
            )
        ),
        Paragraph(M["lesson.upcard.intro.offer"]),
        Paragraph(M["lesson.upcard.intro.try"]),
    ),
    "03_knocking_layoffs_undercuts.ipynb": (
        Paragraph(M["lesson.knocking.intro.knock"], M["lesson.knocking.intro.knock.lead"]),
        Paragraph(M["lesson.knocking.intro.big-gin"], M["lesson.knocking.intro.big-gin.lead"]),
        Paragraph(M["lesson.knocking.intro.layoff"], M["lesson.knocking.intro.layoff.lead"]),
        Paragraph(M["lesson.knocking.intro.defender"], M["lesson.knocking.intro.defender.lead"]),
        Paragraph(M["lesson.knocking.intro.compare"], M["lesson.knocking.intro.compare.lead"]),
        Paragraph(M["lesson.knocking.intro.gin"], M["lesson.knocking.intro.gin.lead"]),
        Paragraph(M["lesson.knocking.intro.void"], M["lesson.knocking.intro.void.lead"]),
        Paragraph(M["lesson.knocking.intro.try"]),
    ),
    "04_play.ipynb": (
        Paragraph(M["lesson.play.intro.table"]),
        Paragraph(M["lesson.play.intro.coach"]),
        Paragraph(M["lesson.play.intro.undo"]),
    ),
    "05_strategy_lab.ipynb": (
        Paragraph(M["lesson.lab.intro.why"]),
        Paragraph(M["lesson.lab.intro.how"]),
    ),
}
"""The opening prose of each lesson, by notebook."""


def prose_facts() -> dict[str, Any]:
    """The data that fills the prose: the presets' numbers and the example cards."""
    classic, spades = Rules.preset("classic"), Rules.preset("spades-double")
    return {
        "classic_target": classic.target,
        "spades_target": spades.target,
        "classic_ace_limit": classic.ace_knock_limit,
        "classic_undercut": classic.undercut_bonus,
        "spades_undercut": spades.undercut_bonus,
        "gin_bonus": spades.gin_bonus,
        "big_gin_bonus": spades.big_gin_bonus,
        "set_example": ["9H", "9D", "9C"],
        "run_example": ["4S", "5S", "6S", "7S"],
        "low_run": ["AH", "2H", "3H"],
        "high": ["QH", "KH", "AH"],
        "round": ["KH", "AH", "2H"],
    }


def _used(m: Message, data: dict[str, Any]) -> dict[str, Any]:
    names = {p.split(":")[0] for p in m.placeholders}
    return {k: v for k, v in data.items() if k in names}


def intro_text(notebook: str) -> list[str]:
    """The lesson's opening prose as plain sentences, one string per paragraph or item."""
    data = prose_facts()
    out: list[str] = []
    for block in INTROS.get(notebook, ()):
        if isinstance(block, Bullets):
            out.extend(m.render(_used(m, data)) for m in block.items)
        else:
            lead = block.lead.render() + " " if block.lead is not None else ""
            out.append(lead + block.body.render(_used(block.body, data)))
    return out


def intro_html(notebook: str) -> str:
    """The lesson's opening prose as HTML paragraphs."""
    data = prose_facts()
    parts: list[str] = []
    for block in INTROS.get(notebook, ()):
        if isinstance(block, Bullets):
            items = "".join(
                f"<li>{html.escape(m.render(_used(m, data)))}</li>" for m in block.items
            )
            parts.append(f"<ul>{items}</ul>")
        else:
            lead = f"<b>{html.escape(block.lead.render())}</b> " if block.lead is not None else ""
            parts.append(f"<p>{lead}{html.escape(block.body.render(_used(block.body, data)))}</p>")
    if notebook in CARD_ORDER_NOTED and text_direction() == "rtl":
        # right-to-left prose, left-to-right cards: the reader is told why, once
        parts.append(
            f'<p class="gin-card-order">{html.escape(M["language.card-order"].render())}</p>'
        )
    return "".join(parts)


CARD_ORDER_NOTED = ("00_start_here.ipynb", "01_cards_and_melds.ipynb")
"""The lessons that say, in a right-to-left language, why cards and runs still read left to
right."""


__all__ = [
    "CARD_ORDER_NOTED",
    "INTROS",
    "Bullets",
    "Paragraph",
    "intro_html",
    "intro_text",
    "prose_facts",
]
