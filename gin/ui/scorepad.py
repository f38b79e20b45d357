"""The score pad: every finished deal, running totals, the target and the game's end."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets

import gin
from gin.i18n import card_label, message

KIND_NAMES = {
    "knock": message("scores.kind-knock", "knock"),
    "undercut": message("scores.kind-undercut", "undercut"),
    "gin": message("scores.kind-gin", "gin"),
    "big-gin": message("scores.kind-big-gin", "big gin"),
    "tie": message("scores.kind-tie", "tie"),
    "void": message("scores.kind-void", "void deal"),
}
YOU = message("scores.you", "You")
THEM = message("scores.opponent", "Opponent")
DOUBLED_TIP = message("scores.doubled-tip", "doubled: spade up card")
DOUBLED = message("scores.doubled", "{points} ×2 = {doubled}")
EMPTY = message("scores.empty", "No deal finished yet.")
HEAD = (
    message("scores.deal", "Deal"),
    message("scores.up-card", "Up card"),
    message("scores.result", "Result"),
    message("scores.winner", "Winner"),
    message("scores.points", "Points"),
)
TITLE = message("scores.title", "Score pad · target {target}")
TOTALS = message("scores.totals", "Totals")
YOU_WIN = message("scores.you-win", "You win the game, {mine} to {theirs}!")
THEY_WIN = message("scores.they-win", "Your opponent wins the game, {theirs} to {mine}!")


def scorepad_html(
    records: Sequence[gin.DealRecord],
    target: int,
    final: gin.FinalScore | None = None,
) -> str:
    """The score pad as HTML: one row per deal (a doubled deal as ``17 ×2 = 34``), totals
    and target; the learner is player 0."""
    names = (YOU.render(), THEM.render())
    totals = records[-1].totals if records else (0, 0)
    rows = []
    for r in records:
        who = "—" if r.winner is None else names[r.winner]
        if r.winner is None:
            pts = "0"
        elif r.doubled:
            text = DOUBLED.render({"points": r.points // 2, "doubled": r.points})
            tip = escape(DOUBLED_TIP.render())
            pts = f'<span class="gin-doubled" title="{tip}">{escape(text)}</span>'
        else:
            pts = str(r.points)
        kind = KIND_NAMES[r.kind].render() if r.kind in KIND_NAMES else r.kind
        rows.append(
            f'<tr class="gin-score-row"><td>{r.number}</td>'
            f"<td>{escape(card_label(r.up_card.code))}</td>"
            f"<td>{escape(kind)}</td><td>{escape(who)}</td>"
            f"<td>{pts}</td><td>{r.totals[0]}</td><td>{r.totals[1]}</td></tr>"
        )
    if not rows:
        rows.append(
            f'<tr><td colspan="7" class="gin-score-empty">{escape(EMPTY.render())}</td></tr>'
        )
    head = "".join(f"<th>{escape(h.render())}</th>" for h in HEAD)
    head = f"<tr>{head}<th>{escape(names[0])}</th><th>{escape(names[1])}</th></tr>"
    parts = [
        '<div class="gin-scores-inner">',
        f"<h3>{escape(TITLE.render({'target': target}))}</h3>",
        f'<table class="gin-score-table"><thead>{head}</thead><tbody>{"".join(rows)}</tbody>'
        f'<tfoot><tr class="gin-score-totals"><th colspan="5">{escape(TOTALS.render())}</th>'
        f"<th>{totals[0]}</th><th>{totals[1]}</th></tr></tfoot></table>",
    ]
    if final is not None:
        data = {"mine": final.scores[0], "theirs": final.scores[1]}
        said = (YOU_WIN if final.winner == 0 else THEY_WIN).render(data)
        parts.append(f'<div class="gin-game-over" role="status">{escape(said)}</div>')
        steps = [s for s in final.steps if s.code != "final"]
        if steps:
            parts.append(
                "<ol>" + "".join(f"<li>{escape(s.render())}</li>" for s in steps) + "</ol>"
            )
    parts.append("</div>")
    return "".join(parts)


class ScorePad(ipywidgets.HTML):  # type: ignore[misc]
    """The score pad widget (CSS class ``gin-scores``)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.add_class("gin-scores")
        self.records: list[gin.DealRecord] = []
        self.final: gin.FinalScore | None = None

    def show(
        self,
        records: Sequence[gin.DealRecord],
        target: int,
        final: gin.FinalScore | None = None,
    ) -> None:
        """Show these deals (and the final score once the game is over)."""
        self.records = list(records)
        self.final = final
        self.value = scorepad_html(records, target, final)


__all__ = ["KIND_NAMES", "ScorePad", "scorepad_html"]
