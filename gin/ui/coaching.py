"""What the coach panel shows for a view of the deal: its sections, built only from the
engine's explanation steps and drawn by :class:`~gin.ui.coach.Coach`."""

from __future__ import annotations

import gin
from gin.bots.hint import Hint
from gin.bots.reading import opponent_steps
from gin.i18n import M, Text
from gin.ui.coach import CoachSection
from gin.ui.svg import arrangement_svg


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
    """The hint in one short sentence, chosen from the hint's own figures."""
    a = h.action
    d = h.draw
    if isinstance(a, gin.BigGin):
        return M["hint.summary-big-gin"]()
    if isinstance(a, gin.LayOff):
        return M["hint.summary-lay-off"]()
    if isinstance(a, gin.Knock):
        if h.knock is not None and h.knock.gin:
            return M["hint.summary-gin"](card=a.card.code)
        left = next((x.deadwood for x in h.discards if x.card == a.card), h.deadwood)
        return M["hint.summary-knock"](card=a.card.code, deadwood=left)
    if isinstance(a, gin.Discard):
        if h.knock is not None and not h.knock.knock:
            return M["hint.summary-wait"](card=a.card.code)
        advice = next((x for x in h.discards if x.card == a.card), None)
        deadwood = gin.best_arrangement(view.hand).deadwood
        highest = bool(deadwood) and a.card in deadwood
        highest = highest and a.card.points == max(c.points for c in deadwood)
        if highest and advice is not None and advice.declined:
            return M["hint.summary-discard-highest-declined"](
                card=a.card.code, declined=advice.declined[-1].code
            )
        if highest:
            return M["hint.summary-discard-highest"](card=a.card.code)
        if advice is not None and advice.feed_risk < 0.2:
            return M["hint.summary-discard-safe"](card=a.card.code, deadwood=advice.deadwood)
        if advice is not None:
            return M["hint.summary-discard"](card=a.card.code, deadwood=advice.deadwood)
    if isinstance(a, gin.TakeUpCard | gin.DrawDiscard) and d is not None:
        if d.melds:
            return M["hint.summary-take-meld"](card=d.card.code)
        return M["hint.summary-take"](
            card=d.card.code, now=d.deadwood_now, after=d.deadwood_if_taken
        )
    if isinstance(a, gin.Pass) and d is not None:
        return M["hint.summary-pass"](card=d.card.code)
    if isinstance(a, gin.DrawStock) and d is not None:
        if d.stock_only:
            return M["hint.summary-stock-only"]()
        return M["hint.summary-stock"](card=d.card.code)
    return M["hint.summary-action"](action=a.text)


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
