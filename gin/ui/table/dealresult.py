"""The result on the felt: who won the deal, its points and the score (and, once the game
is over, the game's result), in the element of class ``gin-deal-result`` next to the Next
deal button; and the defender's turn when nothing fits the knocker's melds.

The facts are the engine's: the score sheet's last :class:`gin.DealRecord`,
:meth:`gin.Game.final_score`, and :attr:`gin.PlayerView.layoff_plan`.

>>> deal_result_html([], 100, None)  # no deal finished yet
''
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets

import gin
from gin.i18n import M, Message
from gin.ui.parts import fixed_layout, set_display, shared_style
from gin.ui.seats import LEARNER
from gin.ui.table.scorepad import KIND_NAMES


def nothing_to_lay_off(view: gin.PlayerView) -> bool:
    """Whether it is the learner's turn to lay off and no card of theirs fits the
    knocker's melds (the one thing left is to go on)."""
    plan = view.layoff_plan
    return (
        view.my_turn
        and view.phase is gin.Phase.LAYOFF
        and plan is not None
        and not plan.fitting_cards
    )


def layoff_button_label(view: gin.PlayerView) -> Message:
    """The lay-off button's label: "Go on" when nothing fits, else "Lay off"."""
    return M["newcomer.button.go-on"] if nothing_to_lay_off(view) else M["button.lay-off"]


def deal_line(record: gin.DealRecord) -> str:
    """Who won the deal ``record`` and its points, rendered."""
    kind = KIND_NAMES[record.kind].key if record.kind in KIND_NAMES else "scores.kind-void"
    if record.winner is None or record.points == 0:
        return M["newcomer.result.nobody"].render({"deal": record.number, "kind": kind})
    m = M["newcomer.result.you"] if record.winner == LEARNER else M["newcomer.result.they"]
    return m.render({"deal": record.number, "count": record.points, "kind": kind})


def deal_result_html(
    records: Sequence[gin.DealRecord], target: int, final: gin.FinalScore | None
) -> str:
    """The result of the last deal in ``records`` and the running score (the game's
    result too when ``final`` is given); empty when no deal is finished."""
    if not records:
        return ""
    last = records[-1]
    mine, theirs = last.totals
    score = M["newcomer.result.score"].render({"mine": mine, "theirs": theirs, "target": target})
    parts = [
        '<div class="gin-deal-result-inner" role="status">',
        f'<b class="gin-deal-result-line">{escape(deal_line(last))}</b> ',
        f'<span class="gin-deal-result-score">{escape(score)}</span>',
    ]
    if final is not None:
        data = {"mine": final.scores[0], "theirs": final.scores[1]}
        said = (M["scores.you-win"] if final.winner == LEARNER else M["scores.they-win"]).render(
            data
        )
        parts.append(f'<div class="gin-game-result">{escape(said)}</div>')
    parts.append("</div>")
    return "".join(parts)


class DealResult(ipywidgets.HTML):  # type: ignore[misc]
    """The deal's result on the felt (CSS class ``gin-deal-result``), hidden during a
    deal. Its text is in a live region, so a screen reader says it when it appears."""

    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault("style", shared_style("html"))
        super().__init__(layout=fixed_layout(display="none"), **kwargs)
        self.add_class("gin-deal-result")
        self.shown = ""
        """The HTML on show (empty while hidden)."""

    def show(
        self,
        records: Sequence[gin.DealRecord],
        target: int,
        final: gin.FinalScore | None,
        *,
        over: bool,
    ) -> None:
        """Show the last deal of ``records`` (and ``final``) while ``over`` (the deal's
        playback is over), else hide."""
        value = deal_result_html(records, target, final) if over else ""
        if self.shown != value:
            self.shown = self.value = value
        set_display(self, "" if value else "none")  # a shared layout each way


__all__ = [
    "DealResult",
    "deal_line",
    "deal_result_html",
    "layoff_button_label",
    "nothing_to_lay_off",
]
