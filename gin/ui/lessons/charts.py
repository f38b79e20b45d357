"""Charts for the lessons: small SVG bar charts, vertical and horizontal.

They need no plotting library, so they load fast and run anywhere the engine runs,
in a Voilà kernel as in the browser (Pyodide) of the static site.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass

PALETTE = ("#3b6fb6", "#d9822b", "#3a9a5b", "#a23b72", "#6c757d")

HALO = 'stroke="#fff" stroke-width="3" paint-order="stroke"'
"""A white outline under a value's digits: a line passing near stays off them."""


@dataclass(frozen=True)
class Series:
    """One series of bars: a name, one value per category, and a colour."""

    name: str
    values: Sequence[float]
    colour: str = PALETTE[0]
    intervals: Sequence[tuple[float, float]] = ()
    """The 95% interval of each value, drawn as an error bar (none when empty)."""


def _error_bar(
    x: float, interval: tuple[float, float], top: float, plot_h: float, top_value: float
) -> str:
    """A vertical 95% interval with caps, centred on ``x``."""
    lo, hi = (top + plot_h - plot_h * max(v, 0.0) / top_value for v in interval)
    return (
        f'<path class="gin-interval" d="M{x:.1f} {lo:.1f} V{hi:.1f} M{x - 4:.1f} {lo:.1f} '
        f'H{x + 4:.1f} M{x - 4:.1f} {hi:.1f} H{x + 4:.1f}" stroke="#222" stroke-width="1.4" '
        'fill="none"/>'
    )


def bar_chart_svg(
    categories: Sequence[str],
    series: Sequence[Series],
    *,
    title: str,
    x_label: str = "",
    y_label: str = "",
    fmt: Callable[[float], str] = lambda v: f"{v:g}",
    notes: Sequence[str] = (),
    width: int = 640,
    height: int = 260,
) -> str:
    """Grouped vertical bars as a standalone, accessible SVG string.

    ``notes`` are a second line under the categories' names (such as a count).
    """
    left, right, bottom = 48, 12, 44 + (13 if notes else 0)
    top = 42 + (16 * len(series) if len(series) > 1 else 0)  # room for the bars' values
    plot_w, plot_h = width - left - right, height - top - bottom
    tops = [v for s in series for v in s.values] + [hi for s in series for _lo, hi in s.intervals]
    top_value = max(tops, default=0.0) or 1.0
    n_cat = max(len(categories), 1)
    group_w = plot_w / n_cat
    bar_w = group_w * 0.8 / max(len(series), 1)
    value_size = 10 if bar_w >= 26 else 8  # narrow bars: smaller values, so they do not touch
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{html.escape(title)}" '
        'font-family="system-ui, sans-serif" font-size="12">',
        f"<title>{html.escape(title)}</title>",
        f'<text x="{left}" y="18" font-size="14" font-weight="600">{html.escape(title)}</text>',
        f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" '
        'stroke="#444"/>',
    ]
    for i, cat in enumerate(categories):
        x0 = left + i * group_w + group_w * 0.1
        for j, s in enumerate(series):
            v = s.values[i] if i < len(s.values) else 0.0
            h = plot_h * v / top_value
            x = x0 + j * bar_w
            y = top + plot_h - h
            parts.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_w * 0.92:.1f}" height="{h:.1f}" '
                f'fill="{s.colour}"><title>{html.escape(s.name)}, {html.escape(cat)}: '
                f"{html.escape(fmt(v))}</title></rect>"
            )
            if i < len(s.intervals):
                parts.append(_error_bar(x + bar_w * 0.46, s.intervals[i], top, plot_h, top_value))
                y = min(y, top + plot_h - plot_h * s.intervals[i][1] / top_value)
            if v:
                parts.append(
                    f'<text class="gin-value" x="{x + bar_w * 0.46:.1f}" y="{y - 3:.1f}" '
                    f'font-size="{value_size}" text-anchor="middle" fill="#333" {HALO}>'
                    f"{html.escape(fmt(v))}</text>"
                )
        parts.append(
            f'<text x="{left + (i + 0.5) * group_w:.1f}" y="{top + plot_h + 15}" '
            f'text-anchor="middle">{html.escape(cat)}</text>'
        )
        if i < len(notes) and notes[i]:
            parts.append(
                f'<text x="{left + (i + 0.5) * group_w:.1f}" y="{top + plot_h + 28}" '
                f'text-anchor="middle" font-size="10" fill="#555">{html.escape(notes[i])}</text>'
            )
    if x_label:
        parts.append(
            f'<text x="{left + plot_w / 2:.1f}" y="{height - 6}" text-anchor="middle" '
            f'fill="#444">{html.escape(x_label)}</text>'
        )
    if y_label:
        parts.append(
            f'<text transform="translate(14 {top + plot_h / 2:.1f}) rotate(-90)" '
            f'text-anchor="middle" fill="#444">{html.escape(y_label)}</text>'
        )
    for j, s in enumerate(series if len(series) > 1 else ()):
        y = 36 + j * 15
        parts.append(
            f'<rect x="{left + 4}" y="{y - 9}" width="10" height="10" fill="{s.colour}"/>'
            f'<text x="{left + 18}" y="{y}">{html.escape(s.name)}</text>'
        )
    parts.append("</svg>")
    return '<div class="gin-chart">' + "".join(parts) + "</div>"


def hbar_chart_svg(
    labels: Sequence[str],
    values: Sequence[float],
    *,
    title: str,
    x_label: str = "",
    colours: Sequence[str] = PALETTE,
    fmt: Callable[[float], str] = lambda v: f"{v:g}",
    label_width: int = 260,
    width: int = 640,
    intervals: Sequence[tuple[float, float]] = (),
) -> str:
    """Horizontal bars, one per label (long labels fit on the left), as accessible SVG;
    ``intervals`` are the values' 95% intervals, drawn as error bars."""
    top, row_h, bottom, right = 30, 26, 34, 48
    height = top + row_h * max(len(labels), 1) + bottom
    plot_w = width - label_width - right
    top_value = max([*values, *(hi for _lo, hi in intervals)], default=0.0) or 1.0
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{html.escape(title)}" '
        'font-family="system-ui, sans-serif" font-size="12">',
        f"<title>{html.escape(title)}</title>",
        f'<text x="8" y="18" font-size="14" font-weight="600">{html.escape(title)}</text>',
        f'<line x1="{label_width}" y1="{top}" x2="{label_width}" '
        f'y2="{top + row_h * len(labels)}" stroke="#444"/>',
    ]
    for i, (label, v) in enumerate(zip(labels, values, strict=True)):
        y = top + i * row_h
        w = plot_w * v / top_value
        colour = colours[i % len(colours)]
        parts.append(
            f'<text x="{label_width - 6}" y="{y + row_h / 2 + 4:.1f}" text-anchor="end">'
            f"{html.escape(label)}</text>"
            f'<rect x="{label_width}" y="{y + 4}" width="{w:.1f}" height="{row_h - 8}" '
            f'fill="{colour}"><title>{html.escape(label)}: {html.escape(fmt(v))}</title></rect>'
        )
        end = label_width + w  # the value is written past the bar and past its error bar
        if i < len(intervals):
            lo, hi = (label_width + plot_w * max(e, 0.0) / top_value for e in intervals[i])
            mid = y + row_h / 2
            parts.append(
                f'<path class="gin-interval" d="M{lo:.1f} {mid:.1f} H{hi:.1f} M{lo:.1f} '
                f'{mid - 4:.1f} V{mid + 4:.1f} M{hi:.1f} {mid - 4:.1f} V{mid + 4:.1f}" '
                'stroke="#222" stroke-width="1.4" fill="none"/>'
            )
            end = max(end, hi)
        parts.append(
            f'<text class="gin-value" x="{end + 4:.1f}" y="{y + row_h / 2 + 4:.1f}" '
            f'font-size="10" fill="#333" {HALO}>{html.escape(fmt(v))}</text>'
        )
    if x_label:
        parts.append(
            f'<text x="{label_width + plot_w / 2:.1f}" y="{height - 8}" text-anchor="middle" '
            f'fill="#444">{html.escape(x_label)}</text>'
        )
    parts.append("</svg>")
    return '<div class="gin-chart">' + "".join(parts) + "</div>"


__all__ = ["PALETTE", "Series", "bar_chart_svg", "hbar_chart_svg"]
