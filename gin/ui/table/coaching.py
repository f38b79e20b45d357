"""What the coach panel shows for a view of the deal: its sections, built only from the
engine's explanation steps and drawn by :class:`~gin.ui.table.coach.Coach`."""

from __future__ import annotations

import gin
from gin.bots.headline import headline
from gin.bots.hint import Hint
from gin.bots.reading import opponent_steps
from gin.i18n import M, Text
from gin.steps import number_steps
from gin.ui.svg import arrangement_svg
from gin.ui.table.coach import CoachSection
from gin.ui.table.dealresult import nothing_to_lay_off
from gin.ui.table.helplevel import POLICIES, HelpPolicy


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


def turn_instruction(view: gin.PlayerView, policy: HelpPolicy) -> tuple[gin.Step, ...]:
    """What the turn asks for, without a figure (the help levels that leave the counting
    to the learner): take or pass, draw (from the stock alone after both passes), discard
    (or knock, where Knock is offered on every discard, and declare big gin where the rules
    have it), lay off (or go on, where nothing fits), or wait."""
    ph = view.phase
    if not view.my_turn:
        key = "coach.turn-wait"
    elif ph in (gin.Phase.OFFER_NON_DEALER, gin.Phase.OFFER_DEALER):
        key = "coach.turn-offer"
    elif ph is gin.Phase.DRAW:
        # after both players passed the up card, the first draw is from the stock alone
        key = "coach.turn-draw-stock" if view.stock_only else "coach.turn-draw"
    elif ph is gin.Phase.DISCARD:
        if not policy.knock_on_every_discard:
            key = "coach.turn-discard"
        elif view.rules.big_gin:
            key = "coach.turn-discard-knock-big-gin"
        else:
            key = "coach.turn-discard-knock"
    elif nothing_to_lay_off(view):
        key = "coach.turn-layoff-none"
    else:
        key = "coach.turn-layoff"
    return number_steps([("instruction", M[key]())])


def at_table_section(slips: tuple[tuple[str, gin.Text], ...]) -> CoachSection:
    """The deal's end where the learner's slips are checked: "at the table", the slips of
    this deal (each the sentence that said it), or none."""
    if slips:
        note = " ".join([M["coach.at-table-slips"].render({"count": len(slips)})] + [
            text.render() for _code, text in slips
        ])
    else:
        note = M["coach.at-table-none"].render()
    return CoachSection("at-table", M["coach.at-table"].render(), (), note=note)


def coach_sections(
    view: gin.PlayerView,
    *,
    beat: int,
    hint: Hint | None,
    since: int,
    four_color: bool,
    policy: HelpPolicy = POLICIES["full"],
    laying_out: bool = False,
) -> list[CoachSection]:
    """The coach's sections: the turn's options (or the end of the deal, ``beat`` lines
    of it), the hint, the opponent's visible moves since event ``since``, and while the
    deal is played the knock limit and the meld choice. The help level's ``policy`` says
    which: where the counting is the learner's, the turn's instruction without figures,
    no best arrangement (unless the hint asked for, at the level whose hint shows them).
    While the learner is ``laying_out`` a knock, its discard is chosen: the opponent's
    reading keeps no warning about discards."""
    sections: list[CoachSection] = []
    counts = hint is not None and policy.hint_reveals_counts
    if view.phase.is_over:
        sections.append(end_section(view, beat))
    elif not (policy.coach_discard_deadwood or counts):
        sections.append(
            CoachSection("turn", M["coach.options"].render(), turn_instruction(view, policy))
        )
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
    if policy.coach_opponent_reading:
        reading = opponent_steps(view, since, discard_warnings=not laying_out)
        sections.append(CoachSection("opponent", M["coach.opponent"].render(), reading))
    if view.phase.is_over:  # the score lines start with the knock limit
        return sections
    sections.append(
        CoachSection(
            "limit", M["coach.limit"].render(), gin.knock_limit_steps(view.rules, view.up_card)
        )
    )
    melds = meld_section(view, four_color) if policy.coach_best_arrangement or counts else None
    if melds is not None:
        sections.append(melds)
    return sections


__all__ = [
    "at_table_section",
    "coach_sections",
    "end_section",
    "hint_summary",
    "meld_section",
    "turn_instruction",
]
