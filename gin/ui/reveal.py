"""The end of a deal, played back one beat at a time: both hands face up and arranged,
the layoffs moving onto the knocker's melds one by one, then the score lines (the
engine's :attr:`gin.DealResult.steps`), then the score pad.

Beat ``n`` shows the first ``n`` result steps; the last beat (:func:`reveal_total`)
updates the score pad.
"""

from __future__ import annotations

import gin
from gin.ui.advice import LEARNER, NAMES
from gin.ui.hands import HandShow

KIND_WORDS = {
    "knock": "knocked",
    "undercut": "knocked",
    "tie": "knocked",
    "gin": "went gin",
    "big-gin": "declared big gin",
}


def reveal_total(result: gin.DealResult | None) -> int:
    """Beats of the end-of-deal playback: one per result step, then the score pad."""
    return (len(result.steps) if result is not None else 0) + 1


def layoffs_shown(result: gin.DealResult, beat: int) -> int:
    """How many layoffs the first ``beat`` result steps have played out."""
    return sum(1 for s in result.steps[:beat] if s.code == "layoff")


def end_hands(view: gin.PlayerView, beat: int) -> tuple[HandShow, HandShow]:
    """(the learner's hand, the opponent's hand) at beat ``beat`` of the playback.

    The knocker's melds grow as each layoff is played (the cards just laid highlighted);
    the defender's cards still to be laid off wait in their own group.
    """
    r = view.result
    opp = view.opponent_hand or ()
    if r is None or view.knocker is None:  # a void deal
        return (
            HandShow(gin.best_arrangement(view.hand)),
            HandShow(gin.best_arrangement(opp)),
        )
    n = layoffs_shown(r, beat)
    melds = list(r.knocker_arrangement.melds)
    grown = [0] * len(melds)
    laid: list[gin.Card] = []
    for lo in r.layoffs[:n]:
        i = melds.index(lo.onto)
        melds[i] = lo.result
        grown[i] += 1
        laid.append(lo.card)
    labels = tuple(
        m.kind + (f", {g} laid off" if g else "") for m, g in zip(melds, grown, strict=True)
    )
    knocker = HandShow(
        gin.Arrangement(tuple(melds), r.knocker_arrangement.deadwood),
        highlight=tuple(laid),
        meld_labels=labels,
    )
    waiting = tuple(lo.card for lo in r.layoffs[n:])
    defender = HandShow(r.defender_arrangement, extra=(("to lay off", "laid-off", waiting),))
    return (knocker, defender) if view.knocker == LEARNER else (defender, knocker)


def end_label(view: gin.PlayerView, player: int, beat: int) -> str:
    """The line above ``player``'s hand at the end of the deal: who knocked with what,
    and the defender's deadwood before and after the layoffs played so far."""
    r = view.result
    who = "<b>Your hand</b>" if player == LEARNER else "<b>Opponent</b>"
    if r is None or view.knocker is None:
        cards = view.hand if player == LEARNER else (view.opponent_hand or ())
        return f"{who} · deadwood {gin.deadwood(cards)} · nobody knocked"
    if player == view.knocker:
        verb = ("you " if player == LEARNER else "") + KIND_WORDS.get(r.kind, "knocked")
        return f'{who} · {verb} · deadwood <span class="gin-count">{r.knocker_deadwood}</span>'
    before = r.defender_deadwood_before_layoffs
    n = layoffs_shown(r, beat)
    if not r.layoffs:
        return f'{who} · deadwood <span class="gin-count">{before}</span> · nothing to lay off'
    if n < len(r.layoffs):
        return (
            f'{who} · deadwood <span class="gin-count">{before}</span> before laying off · '
            f"laid off {n} of {len(r.layoffs)}"
        )
    return (
        f'{who} · deadwood <span class="gin-count">{r.defender_deadwood}</span> after '
        f"laying off {len(r.layoffs)} (it was {before})"
    )


def end_message(game: gin.Game) -> str:
    """What the coach says once the playback is over."""
    if game.is_over:
        fs = game.final_score()
        return (
            f"{'You win' if fs.winner == LEARNER else 'Your opponent wins'} "
            f"the game, {fs.scores[0]} to {fs.scores[1]}. Press New game to play again."
        )
    if game.deal.phase is gin.Phase.VOID:
        return gin.describe_event(gin.DealVoided(), NAMES) + " Press Next deal."
    return "The deal is scored. Press Next deal to go on."


__all__ = ["end_hands", "end_label", "end_message", "layoffs_shown", "reveal_total"]
