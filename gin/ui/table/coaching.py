"""What the coach panel shows for a view of the deal: its sections, built only from the
engine's explanation steps and drawn by :class:`~gin.ui.table.coach.Coach`."""

from __future__ import annotations

import gin
from gin.bots.headline import headline
from gin.bots.hint import Hint
from gin.bots.reading import opponent_steps
from gin.i18n import M, Text
from gin.ui.svg import arrangement_svg
from gin.ui.table.coach import CoachSection


def end_section(view: gin.PlayerView, beat: int) -> CoachSection:
    """The end of the deal: the first ``beat`` score lines of the engine's result (or
    the void deal)."""
    r = view.result
    steps = r.steps[:beat] if r is not None else gin.turn_steps(view)
    note = ""
    if r is not None and view.knocker is not None:
        note = (M["end.roles-you"] if view.knocker == view.player else M["end.roles-they"]).render()
    return CoachSection("result", M["coach.end"].render(), steps, note=note)


def hint_summary(h: Hint, view: gin.PlayerView) -> Text:
    """The hint in one short sentence, chosen by the engine from the hint's own figures
    (:func:`gin.bots.headline.headline`)."""
    return headline(h, view.hand)


def _melds(arr: gin.Arrangement) -> list[list[str]]:
    return [[c.code for c in m.cards] for m in arr.melds]


def meld_section(view: gin.PlayerView, four_color: bool) -> CoachSection | None:
    """Why the hand is arranged this way, with a set-versus-run picture when a card
    could go either way."""
    if not view.hand:
        return None
    ex = gin.explain_melds(view.hand)
    pics: list[tuple[str, str]] = []
    choice = ex.set_versus_run
    if choice is not None:
        card, alt = choice
        best = {"melds": _melds(ex.best), "points": ex.best.deadwood_points}
        other = {"card": card.code, "melds": _melds(alt), "points": alt.deadwood_points}
        pics.append(
            (M["coach.pic-best"].render(best), arrangement_svg(ex.best, four_color=four_color))
        )
        pics.append(
            (M["coach.pic-other"].render(other), arrangement_svg(alt, four_color=four_color))
        )
    return CoachSection("hand", M["coach.melds"].render(), ex.steps, tuple(pics))


def coach_sections(
    view: gin.PlayerView,
    *,
    beat: int,
    hint: Hint | None,
    since: int,
    four_color: bool,
) -> list[CoachSection]:
    """The coach's sections: the turn's options (or the end of the deal, ``beat`` lines
    of it), the hint, the opponent's visible moves since event ``since``, and while the
    deal is played the knock limit and the meld choice."""
    sections: list[CoachSection] = []
    if view.phase.is_over:
        sections.append(end_section(view, beat))
    elif view.phase is gin.Phase.LAYOFF and view.my_turn:
        sections.append(CoachSection("layoff", M["coach.layoff"].render(), gin.turn_steps(view)))
    else:
        sections.append(CoachSection("turn", M["coach.options"].render(), gin.turn_steps(view)))
    if hint is not None:
        sections.append(
            CoachSection(
                "hint",
                M["coach.hint"].render(),
                hint.steps,
                note=hint_summary(hint, view).render(),
                details=M["hint.details"].render(),
            )
        )
    sections.append(
        CoachSection("opponent", M["coach.opponent"].render(), opponent_steps(view, since))
    )
    if view.phase.is_over:  # the score lines start with the knock limit
        return sections
    sections.append(
        CoachSection(
            "limit", M["coach.limit"].render(), gin.knock_limit_steps(view.rules, view.up_card)
        )
    )
    melds = meld_section(view, four_color)
    if melds is not None:
        sections.append(melds)
    return sections


__all__ = ["coach_sections", "end_section", "hint_summary", "meld_section"]
