"""What the coach panel shows for a view of the deal: its sections, built only from the
engine's explanation steps (see :mod:`gin.ui.advice`) and drawn by :class:`Coach`."""

from __future__ import annotations

import gin
from gin.ui import advice
from gin.ui.advice import NAMES, Hint
from gin.ui.coach import CoachSection
from gin.ui.svg import arrangement_svg


def end_section(view: gin.PlayerView, beat: int) -> CoachSection:
    """The end of the deal: the first ``beat`` score lines of the engine's result (or
    the void deal)."""
    r = view.result
    if r is not None:
        return CoachSection("result", "End of the deal", r.steps[:beat])
    void = gin.describe_event(gin.DealVoided(), NAMES)
    return CoachSection("result", "End of the deal", (gin.Step(1, "void", void),))


def meld_section(view: gin.PlayerView, four_color: bool) -> CoachSection | None:
    """Why the hand is arranged this way, with a set-versus-run picture when a card
    could go either way."""
    ex = advice.meld_steps(view.hand)
    if ex is None:
        return None
    pics: list[tuple[str, str]] = []
    choice = advice.set_versus_run(ex)
    if choice is not None:
        card, alt = choice
        pics.append(
            (f"Best: {ex.best.describe()}", arrangement_svg(ex.best, four_color=four_color))
        )
        pics.append(
            (
                f"With {card} used the other way: {alt.describe()}",
                arrangement_svg(alt, four_color=four_color),
            )
        )
    return CoachSection("hand", "Your melds", ex.steps, tuple(pics))


def coach_sections(
    view: gin.PlayerView,
    *,
    beat: int,
    hint: Hint | None,
    since: int,
    four_color: bool,
) -> list[CoachSection]:
    """The coach's sections: the turn's options (or the end of the deal, ``beat`` lines
    of it), the layoffs open after the opponent's knock, the hint, the opponent's
    visible moves since event ``since``, and while the deal is played the knock limit
    and the meld choice."""
    sections: list[CoachSection] = []
    if view.phase.is_over:
        sections.append(end_section(view, beat))
    else:
        sections.append(CoachSection("turn", "Your options", advice.turn_steps(view)))
        layoffs = advice.layoff_steps(view)
        if layoffs:
            sections.append(CoachSection("layoff", "What you can lay off", layoffs))
    if hint is not None:
        sections.append(CoachSection("hint", "Hint", hint.steps))
    sections.append(CoachSection("opponent", "Your opponent", advice.opponent_steps(view, since)))
    if view.phase.is_over:  # the score lines start with the knock limit
        return sections
    sections.append(
        CoachSection("limit", "The knock limit", gin.knock_limit_steps(view.rules, view.up_card))
    )
    melds = meld_section(view, four_color)
    if melds is not None:
        sections.append(melds)
    return sections


__all__ = ["coach_sections", "end_section", "meld_section"]
