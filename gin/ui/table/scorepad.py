"""The score pad: every finished deal, running totals, the target and the game's end."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from html import escape

import ipywidgets

import gin
from gin.i18n import M, card_label, format_number
from gin.ui.table.controller import TableController

KIND_NAMES = {
    "knock": M["scores.kind-knock"],
    "undercut": M["scores.kind-undercut"],
    "gin": M["scores.kind-gin"],
    "big-gin": M["scores.kind-big-gin"],
    "tie": M["scores.kind-tie"],
    "void": M["scores.kind-void"],
}
HEAD = (
    M["scores.deal"],
    M["scores.up-card"],
    M["scores.result"],
    M["scores.winner"],
    M["scores.points"],
)


def scorepad_html(
    records: Sequence[gin.DealRecord],
    target: int,
    final: gin.FinalScore | None = None,
    open_deals: Collection[int] = (),
    replayed: bool = False,
) -> str:
    """The score pad as HTML: one row per deal (a doubled deal as ``17 ×2 = 34``), totals
    and target; the learner is player 0.

    Deals whose numbers are in ``open_deals`` were played with both hands open (teacher
    mode) and are marked (CSS class ``gin-open-hands``); every deal of a game started again
    by "Replay this game" (``replayed``) is marked ``gin-replayed``."""
    names = (M["scores.you"].render(), M["scores.opponent"].render())
    totals = records[-1].totals if records else (0, 0)
    rows = []
    for r in records:
        who = "—" if r.winner is None else names[r.winner]
        if r.winner is None:
            pts = "0"
        elif r.doubled:
            text = M["scores.doubled"].render({"points": r.points // 2, "doubled": r.points})
            tip = escape(M["scores.doubled-tip"].render())
            pts = f'<span class="gin-doubled" title="{tip}">{escape(text)}</span>'
        else:
            pts = format_number(r.points)
        opened = ""
        if r.number in open_deals:
            mark = escape(M["scores.open-hands"].render())
            tip = escape(M["scores.open-hands-tip"].render())
            opened = f' <span class="gin-open-hands" title="{tip}">{mark}</span>'
        if replayed:
            mark = escape(M["scores.replayed"].render())
            tip = escape(M["scores.replayed-tip"].render())
            opened += f' <span class="gin-replayed" title="{tip}">{mark}</span>'
        kind = KIND_NAMES[r.kind].render() if r.kind in KIND_NAMES else r.kind
        rows.append(
            f'<tr class="gin-score-row"><td>{r.number}{opened}</td>'
            f"<td>{escape(card_label(r.up_card.code))}</td>"
            f"<td>{escape(kind)}</td><td>{escape(who)}</td>"
            f"<td>{pts}</td><td>{format_number(r.totals[0])}</td>"
            f"<td>{format_number(r.totals[1])}</td></tr>"
        )
    if not rows:
        rows.append(
            '<tr><td colspan="7" class="gin-score-empty">'
            + escape(M["scores.empty"].render())
            + "</td></tr>"
        )
    head = "".join(f"<th>{escape(h.render())}</th>" for h in HEAD)
    head = f"<tr>{head}<th>{escape(names[0])}</th><th>{escape(names[1])}</th></tr>"
    title = escape(M["scores.title"].render({"target": target}))
    total = escape(M["scores.totals"].render())
    parts = [
        '<div class="gin-scores-inner">',
        f"<h3>{title}</h3>",
        f'<table class="gin-score-table"><thead>{head}</thead><tbody>{"".join(rows)}</tbody>'
        f'<tfoot><tr class="gin-score-totals"><th colspan="5">{total}</th>'
        f"<th>{format_number(totals[0])}</th><th>{format_number(totals[1])}</th></tr></tfoot></table>",
    ]
    if final is not None:
        data = {"mine": final.scores[0], "theirs": final.scores[1]}
        said = (M["scores.you-win"] if final.winner == 0 else M["scores.they-win"]).render(data)
        parts.append(f'<div class="gin-game-over" role="status">{escape(said)}</div>')
        # the result once: the totals row has the running totals, the banner the final
        steps = [s for s in final.steps if s.code not in ("totals", "final")]
        if steps:
            parts.append(
                "<ol>" + "".join(f"<li>{escape(s.render())}</li>" for s in steps) + "</ol>"
            )
    parts.append("</div>")
    return "".join(parts)


def shown_scores(c: TableController) -> tuple[list[gin.DealRecord], gin.FinalScore | None]:
    """The deals the score pad shows (a deal's row once its end is played back) and the
    final score (once the game is over and shown)."""
    g = c.game
    records = list(g.score_sheet)
    revealed = c.revealed()
    if g.deal.is_over and not revealed:
        records = records[:-1]
    final = g.final_score() if g.is_over and (revealed or not g.deal.is_over) else None
    return records, final


class ScorePad(ipywidgets.HTML):  # type: ignore[misc]
    """The score pad widget (CSS class ``gin-scores``): with a ``model``, :meth:`draw` shows
    its deals (the deals played, the open-hands and replayed marks)."""

    def __init__(self, model: TableController | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.add_class("gin-scores")
        self.records: list[gin.DealRecord] = []
        self.final: gin.FinalScore | None = None
        self.model = model

    def draw(self, scope: str) -> None:
        """Show the model's score sheet (at a change of the whole ``table``): its deals
        (and the final score once the game is over); deals in its ``open_deals`` were
        played with both hands open, and all of a ``replayed`` game's."""
        c = self.model
        if scope != "table" or c is None:
            return
        records, final = shown_scores(c)
        self.records = list(records)
        self.final = final
        self.value = scorepad_html(records, c.rules.target, final, c.open_deals, c.replayed)


__all__ = ["KIND_NAMES", "ScorePad", "scorepad_html", "shown_scores"]
