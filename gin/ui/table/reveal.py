"""The end of a deal, played back one beat at a time: both hands face up and arranged,
the layoffs moving onto the knocker's melds one by one, then the score lines (the
engine's :attr:`gin.DealResult.steps`), then the score pad.

Beat ``n`` shows the first ``n`` result steps; the last beat (:func:`reveal_total`)
updates the score pad.
"""

from __future__ import annotations

import gin
from gin.i18n import M, Text
from gin.ui.seats import LEARNER
from gin.ui.table.hands import MELD_KIND, SEP, HandShow

KNOCKED = {
    "knock": M["end.you-knocked"],
    "gin": M["end.you-went-gin"],
    "big-gin": M["end.you-big-gin"],
}
THEY_KNOCKED = {
    "knock": M["end.they-knocked"],
    "gin": M["end.they-went-gin"],
    "big-gin": M["end.they-big-gin"],
}


def reveal_total(result: gin.DealResult | None) -> int:
    """Beats of the end-of-deal playback: one per result step, then the score pad."""
    return (len(result.steps) if result is not None else 0) + 1


def layoffs_shown(result: gin.DealResult, beat: int) -> int:
    """How many layoffs the first ``beat`` result steps have played out."""
    return result.layoffs_told(beat)


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
    stage = r.layoff_stage(n)
    labels = tuple(
        M["end.meld-grown"].render({"kind": MELD_KIND[m.kind].key, "count": g})
        if g
        else MELD_KIND[m.kind].render()
        for m, g in zip(stage.melds, stage.grown, strict=True)
    )
    knocker = HandShow(
        gin.Arrangement(stage.melds, r.knocker_arrangement.deadwood),
        highlight=stage.laid,
        meld_labels=labels,
    )
    waiting = tuple(lo.card for lo in r.layoffs[n:])
    defender = HandShow(
        r.defender_arrangement, extra=((M["end.to-lay-off"].render(), "laid-off", waiting),)
    )
    return (knocker, defender) if view.knocker == LEARNER else (defender, knocker)


def _count(n: int) -> str:
    return f'<span class="gin-count">{n}</span>'


def end_label(view: gin.PlayerView, player: int, beat: int) -> str:
    """The line above ``player``'s hand at the end of the deal: who knocked with what,
    and the defender's deadwood before and after the layoffs played so far."""
    r = view.result
    who = f"<b>{(M['hand.yours'] if player == LEARNER else M['hand.opponent']).render()}</b>{SEP}"
    if r is None or view.knocker is None:
        cards = view.hand if player == LEARNER else (view.opponent_hand or ())
        return who + M["end.nobody-knocked"].render({"count": gin.deadwood(cards)})
    if player == view.knocker:
        kind = r.kind if r.kind in ("gin", "big-gin") else "knock"
        verb = (KNOCKED if player == LEARNER else THEY_KNOCKED)[kind].render()
        return who + verb + SEP + M["end.deadwood"].render({"count": _count(r.knocker_deadwood)})
    before = r.defender_deadwood_before_layoffs
    n = layoffs_shown(r, beat)
    total = len(r.layoffs)
    if not r.layoffs:
        return who + M["end.nothing-to-lay-off"].render({"count": _count(before)})
    if n < total:
        return who + M["end.laying-off"].render(
            {"count": _count(before), "done": n, "total": total}
        )
    data = {"count": _count(r.defender_deadwood), "total": total, "before": before}
    return who + M["end.laid-off"].render(data)


def end_message(game: gin.Game) -> Text:
    """What the coach says once the playback is over: who scores how much in this deal
    (a doubled deal as ``17 ×2 = 34``), or that the game is over (the score pad says the
    result, once)."""
    if game.is_over:
        return M["end.game-over"]()
    if game.deal.phase is gin.Phase.VOID:
        return M["end.void"]()
    record = game.score_sheet[-1] if game.score_sheet else None
    if record is None or record.winner is None or record.points == 0:
        return M["end.nobody-scored"]()
    mine = record.winner == LEARNER
    if record.doubled:
        m = M["end.you-scored-doubled"] if mine else M["end.they-scored-doubled"]
        return m(points=record.points // 2, doubled=record.points)
    return (M["end.you-scored"] if mine else M["end.they-scored"])(count=record.points)


__all__ = ["end_hands", "end_label", "end_message", "layoffs_shown", "reveal_total"]
