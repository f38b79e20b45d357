"""The score pad: every finished deal, running totals, the target and the game's end."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from html import escape

import ipywidgets

import gin

KIND_NAMES = {
    "knock": "knock",
    "undercut": "undercut",
    "gin": "gin",
    "big-gin": "big gin",
    "tie": "tie",
    "void": "void deal",
}


def scorepad_html(
    records: Sequence[gin.DealRecord],
    target: int,
    names: tuple[str, str] = ("You", "Opponent"),
    final: gin.FinalScore | None = None,
    open_deals: Collection[int] = (),
) -> str:
    """The score pad as HTML: one row per deal, doubled deals marked, totals and target.

    Deals whose numbers are in ``open_deals`` were played with both hands open (teacher
    mode) and are marked (CSS class ``gin-open-hands``)."""
    totals = records[-1].totals if records else (0, 0)
    rows = []
    for r in records:
        who = "—" if r.winner is None else names[r.winner]
        pts = str(r.points) if r.winner is not None else "0"
        dbl = (
            ' <span class="gin-doubled" title="doubled: spade up card">×2</span>'
            if (r.doubled and r.winner is not None)
            else ""
        )
        opened = (
            ' <span class="gin-open-hands" title="played with both hands open">(open hands)'
            "</span>"
            if r.number in open_deals
            else ""
        )
        rows.append(
            f'<tr class="gin-score-row"><td>{r.number}{opened}</td>'
            f"<td>{escape(str(r.up_card))}</td>"
            f"<td>{escape(KIND_NAMES.get(r.kind, r.kind))}</td><td>{escape(who)}</td>"
            f"<td>{pts}{dbl}</td><td>{r.totals[0]}</td><td>{r.totals[1]}</td></tr>"
        )
    if not rows:
        rows.append('<tr><td colspan="7" class="gin-score-empty">No deal finished yet.</td></tr>')
    head = (
        "<tr><th>Deal</th><th>Up card</th><th>Result</th><th>Winner</th><th>Points</th>"
        f"<th>{escape(names[0])}</th><th>{escape(names[1])}</th></tr>"
    )
    parts = [
        '<div class="gin-scores-inner">',
        f"<h3>Score pad · target {target}</h3>",
        f'<table class="gin-score-table"><thead>{head}</thead><tbody>{"".join(rows)}</tbody>'
        f'<tfoot><tr class="gin-score-totals"><th colspan="5">Totals</th>'
        f"<th>{totals[0]}</th><th>{totals[1]}</th></tr></tfoot></table>",
    ]
    if final is not None:
        winner = names[final.winner]
        verb = "win" if final.winner == 0 else "wins"
        parts.append(
            f'<div class="gin-game-over" role="status">{escape(winner)} {verb} the game, '
            f"{final.scores[0]} to {final.scores[1]}!</div>"
        )
        parts.append("<ol>" + "".join(f"<li>{escape(s.text)}</li>" for s in final.steps) + "</ol>")
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
        names: tuple[str, str] = ("You", "Opponent"),
        open_deals: Collection[int] = (),
    ) -> None:
        """Show these deals (and the final score once the game is over); deals in
        ``open_deals`` were played with both hands open."""
        self.records = list(records)
        self.final = final
        self.value = scorepad_html(records, target, names, final, open_deals)


__all__ = ["KIND_NAMES", "ScorePad", "scorepad_html"]
