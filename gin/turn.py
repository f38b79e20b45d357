"""The options of the player to move, from that player's view, as numbered steps.

:func:`turn_steps` is what the coach shows on every turn: the up-card offer, the draw, the
discard (with knock, gin and big gin), the layoffs after the opponent's knock, and the end
of the deal. It reads one :class:`~gin.view.PlayerView` only, so it can never give away a
hidden card.
"""

from __future__ import annotations

from gin.explain import STOCK_ONLY, discard_steps, draw_steps
from gin.i18n import message
from gin.steps import Draft, Step, number_steps
from gin.view import Phase, PlayerView

VOID = message(
    "turn.void",
    "The deal is void: only two cards were left in the stock. Nobody scores, and the same "
    "dealer deals again.",
)
WAIT = message("turn.wait", "Your opponent is playing.")
KNOCKER_SHOWN = message(
    "turn.knocker-shown",
    "Your opponent knocked and laid down {melds:melds}, with {deadwood:cards} = {points} as "
    "deadwood.",
)
NO_FIT = message("turn.no-fit", "None of your cards can be laid off onto those melds.")
FITS = message("turn.fits", "{card:card} can be laid off onto {onto:meld}.")
FITS_CHAINED = message(
    "turn.fits-chained",
    "{card:card} can be laid off onto {onto:meld} once the cards between are laid off too.",
)
LAYOFF_PLAN = message(
    "turn.layoff-plan",
    "Laying off {cards:cards} brings your deadwood from {before} down to {after}. Your melds "
    "and layoffs are chosen together for the least deadwood.",
)
LAYOFF_NONE = message("turn.layoff-none", "No layoff lowers your deadwood: you keep {before}.")
UNDERCUT_AHEAD = message(
    "turn.undercut-ahead",
    "With {after} against the knocker's {knocker}, you undercut: you score the difference "
    "and the undercut bonus.",
)
UNDERCUT_TIE = message(
    "turn.undercut-tie",
    "With {after}, the same as the knocker's {knocker}, you undercut: a tie goes against "
    "the knocker.",
)
TIE_NOTHING = message(
    "turn.tie-nothing",
    "With {after}, the same as the knocker's {knocker}, nobody scores: in these rules a tie "
    "is not an undercut.",
)
KNOCKER_AHEAD = message(
    "turn.knocker-ahead",
    "With {after} against the knocker's {knocker}, the knocker scores the difference.",
)


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
            KNOCKER_SHOWN(
                melds=[[c.code for c in m.cards] for m in k.melds],
                deadwood=[c.code for c in k.deadwood],
                points=k.deadwood_points,
            ),
        )
    ]
    if not plan.fits:
        out.append(("no-fit", NO_FIT()))
    for f in plan.fits:
        m = FITS_CHAINED if f.chained else FITS
        out.append(("fits", m(card=f.card.code, onto=[c.code for c in f.meld.cards])))
    laid = [lo.card.code for lo in plan.layoffs]
    if laid:
        out.append(
            (
                "layoff-plan",
                LAYOFF_PLAN(cards=laid, before=plan.deadwood_before, after=plan.deadwood_after),
            )
        )
    else:
        out.append(("layoff-plan", LAYOFF_NONE(before=plan.deadwood_before)))
    kdw, after = k.deadwood_points, plan.deadwood_after
    if after < kdw:
        out.append(("undercut-check", UNDERCUT_AHEAD(after=after, knocker=kdw)))
    elif after == kdw:
        m = UNDERCUT_TIE if view.rules.undercut_on_tie else TIE_NOTHING
        out.append(("undercut-check", m(after=after, knocker=kdw)))
    else:
        out.append(("undercut-check", KNOCKER_AHEAD(after=after, knocker=kdw)))
    return number_steps(out)


def turn_steps(view: PlayerView) -> tuple[Step, ...]:
    """The options of the player to move, from that player's view, as numbered steps."""
    ph = view.phase
    if ph.is_over:
        if view.result is not None:
            return view.result.steps
        return number_steps([("void", VOID())])
    if not view.my_turn:
        return number_steps([("wait", WAIT())])
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
            return number_steps([("stock-only", STOCK_ONLY())])
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
