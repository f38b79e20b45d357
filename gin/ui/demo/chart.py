"""The class's answers as a bar chart (SVG) and, beside it, the same counts as a table.

Pure rendering: strings in, markup out. The chart is an image with its own accessible
name; the table says everything the chart shows (and, once revealed, the expert's verdict
of each move and the points it gives up), so nothing is only seen.

>>> svg = bars_svg("Question 1", [("Pass", 3), ("Take", 1)])
>>> svg.count("<rect"), 'role="img"' in svg
(2, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from gin.i18n import M

BAR_HEIGHT = 28
"""Each bar's height in pixels (and its row's, with the gap)."""
WIDTH = 560
LABEL_WIDTH = 250
COUNT_WIDTH = 40
BAR_COLOUR = "#1f5fa8"
BEST_COLOUR = "#1b7a3a"


def bars_svg(title: str, rows: Sequence[tuple[str, int]], best: str = "") -> str:
    """A horizontal bar per ``(label, count)``, longest for the most answers; the bar of
    ``best`` (a label) drawn in green once revealed. The picture's name is ``title``; each
    bar has its own name ("Pass: 3 learners")."""
    top = max([c for _l, c in rows] + [1])
    gap = 8
    height = max(1, len(rows)) * (BAR_HEIGHT + gap) + gap
    span = WIDTH - LABEL_WIDTH - COUNT_WIDTH - 16
    parts = [
        f'<svg class="gin-demo-chart" role="img" aria-label="{escape(title)}" '
        f'viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
        'xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
    ]
    for i, (label, count) in enumerate(rows):
        y = gap + i * (BAR_HEIGHT + gap)
        length = round(span * count / top)
        colour = BEST_COLOUR if best and label == best else BAR_COLOUR
        name = M["demo.chart.bar"].render({"option": label, "count": count})
        shown = label if len(label) <= 34 else label[:33] + "…"
        parts.append(
            f'<g class="gin-demo-bar" data-count="{count}">'
            f"<title>{escape(name)}</title>"
            f'<text x="{LABEL_WIDTH - 6}" y="{y + BAR_HEIGHT * 0.68:.0f}" text-anchor="end" '
            f'font-size="14" fill="#1f2328">{escape(shown)}</text>'
            f'<rect x="{LABEL_WIDTH}" y="{y}" width="{max(length, 2)}" height="{BAR_HEIGHT}" '
            f'fill="{colour}" rx="3"/>'
            f'<text x="{LABEL_WIDTH + max(length, 2) + 6}" y="{y + BAR_HEIGHT * 0.68:.0f}" '
            f'font-size="14" fill="#1f2328">{count}</text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def answers_table(
    caption: str,
    rows: Sequence[tuple[str, int]],
    verdicts: dict[str, tuple[str, float]] | None = None,
) -> str:
    """The chart's counts as a table (a caption, header cells with scope); with
    ``verdicts`` (label to the verdict's name and the points given up), two more columns."""
    head = [M["demo.chart.move"].render(), M["demo.chart.count"].render()]
    if verdicts is not None:
        head += [M["demo.chart.verdict"].render(), M["demo.chart.loss"].render()]
    cells = "".join(f'<th scope="col">{escape(h)}</th>' for h in head)
    body = []
    for label, count in rows:
        extra = ""
        if verdicts is not None:
            name, loss = verdicts.get(label, ("", 0.0))
            extra = f'<td class="gin-demo-verdict">{escape(name)}</td><td>{loss:.1f}</td>'
        body.append(
            f'<tr class="gin-demo-row" data-count="{count}"><th scope="row">{escape(label)}'
            f"</th><td>{count}</td>{extra}</tr>"
        )
    return (
        f'<table class="gin-demo-table"><caption>{escape(caption)}</caption>'
        f"<thead><tr>{cells}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


__all__ = ["answers_table", "bars_svg"]
