"""The options of the player to move, from that player's view, as numbered steps.

:func:`turn_steps` is what the coach shows on every turn: the up-card offer, the draw, the
discard (with knock, gin and big gin), the layoffs after the opponent's knock, and the end
of the deal. It reads one :class:`~gin.view.PlayerView` only, so it can never give away a
hidden card.
"""

from __future__ import annotations

from gin.explain import discard_steps, draw_steps
from gin.i18n import M
from gin.steps import Draft, Step, number_steps
from gin.view import Phase, PlayerView


def layoff_steps(view: PlayerView) -> tuple[Step, ...]:
    """What the knocker laid down, which of the player's cards can be laid off (chains
    included), and what the engine's layoffs leave: empty unless the opponent knocked."""
    plan = view.layoff_plan
    if plan is None:
        return ()
    k = plan.knocker
    out: list[Draft] = [
        (
            "knocker-shown",
            M["turn.knocker-shown"](
                melds=[[c.code for c in m.cards] for m in k.melds],
                deadwood=[c.code for c in k.deadwood],
                points=k.deadwood_points,
            ),
        )
    ]
    if not plan.fits:
        out.append(("no-fit", M["turn.no-fit"]()))
    for f in plan.fits:
        m = M["turn.fits-chained"] if f.chained else M["turn.fits"]
        out.append(("fits", m(card=f.card.code, onto=[c.code for c in f.meld.cards])))
    laid = [lo.card.code for lo in plan.layoffs]
    if laid:
        out.append(
            (
                "layoff-plan",
                M["turn.layoff-plan"](
                    cards=laid, before=plan.deadwood_before, after=plan.deadwood_after
                ),
            )
        )
    else:
        out.append(("layoff-plan", M["turn.layoff-none"](before=plan.deadwood_before)))
    kdw, after = k.deadwood_points, plan.deadwood_after
    if after < kdw:
        out.append(("undercut-check", M["turn.undercut-ahead"](after=after, knocker=kdw)))
    elif after == kdw:
        m = M["turn.undercut-tie"] if view.rules.undercut_on_tie else M["turn.tie-nothing"]
        out.append(("undercut-check", m(after=after, knocker=kdw)))
    else:
        out.append(("undercut-check", M["turn.knocker-ahead"](after=after, knocker=kdw)))
    return number_steps(out)


def turn_steps(view: PlayerView) -> tuple[Step, ...]:
    """The options of the player to move, from that player's view, as numbered steps."""
    ph = view.phase
    if ph.is_over:
        if view.result is not None:
            return view.result.steps
        return number_steps([("void", M["turn.void"]())])
    if not view.my_turn:
        return number_steps([("wait", M["turn.wait"]())])
    if ph in (Phase.OFFER_NON_DEALER, Phase.OFFER_DEALER):
        return draw_steps(
            view.hand,
            view.top_discard,
            view.knock_limit,
            offer=True,
            dealer=ph is Phase.OFFER_DEALER,
            keep_taken=not view.rules.may_discard_taken_card,
        )
    if ph is Phase.DRAW:
        if view.stock_only:
            return number_steps([("stock-only", M["draw.stock-only"]())])
        return draw_steps(
            view.hand,
            view.top_discard,
            view.knock_limit,
            keep_taken=not view.rules.may_discard_taken_card,
        )
    if ph is Phase.DISCARD:
        keep = None if view.rules.may_discard_taken_card else view.taken_card
        return discard_steps(
            view.hand, view.knock_limit, keep=keep, rules=view.rules, up_card=view.up_card
        )
    return layoff_steps(view)


__all__ = ["layoff_steps", "turn_steps"]
