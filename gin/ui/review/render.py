"""The review drawn as HTML: the legend, every decision, a costly decision's position and
reasons, the game summary with its links. Every sentence comes from the catalog; the
numbers come from the engine's review (:mod:`gin.bots.review`)."""

from __future__ import annotations

import urllib.parse
from collections.abc import Sequence
from html import escape

from gin import actions as act
from gin.bots.review import DealReview, Decision, GameSummary
from gin.bots.verdicts import COSTLY_FROM, interval, legend
from gin.cards import Card
from gin.i18n import M, Text
from gin.ui.lessons.catalog import language_query
from gin.ui.lessons.pictures import arrangement_html, cards_html

LAB_NOTEBOOK = "05_strategy_lab.ipynb"
"""The strategy lab, where the lab sections of :data:`THEME_LINKS` are."""

VERDICT_NAMES = {
    "best": "review.verdict.best",
    "close": "review.verdict.close",
    "good": "review.verdict.good",
    "inaccuracy": "review.verdict.inaccuracy",
    "mistake": "review.verdict.mistake",
    "blunder": "review.verdict.blunder",
}
KIND_NAMES = {
    "offer": "review.kind.offer",
    "draw": "review.kind.draw",
    "discard": "review.kind.discard",
    "knock": "review.kind.knock",
    "layout": "review.kind.layout",
    "layoffs": "review.kind.layoffs",
}

THEME_LINKS: dict[str, tuple[str, str]] = {
    "broke-meld": ("level", "deadwood"),
    "knock-undercut": ("level", "undercuts"),
    "missed-knock": ("level", "knocking"),
    "kept-high": ("level", "deadwood"),
    "draw": ("level", "turn"),
    "layout": ("level", "lay-out"),
    "layoffs": ("level", "layoffs"),
}
"""Where each recurring theme is taught: a course level (by key) or a lab section (by the
key of its heading). A theme no level or lab section speaks of has no entry and is named
without a link: "fed" (discards that may help the opponent) went to the lab's tips, which
measure scoring tips and say nothing of feeding (issue 40). A broken meld goes to the level
that says what a meld and deadwood are (the runs level says only what a run is), a costly
draw to the level of a turn, which says a draw comes from the stock or the discard pile (the up-card
offer's level speaks only of the first draw)."""

THEME_SENTENCES = {
    "fed": "review.theme.fed",
    "broke-meld": "review.theme.broke-meld",
    "knock-undercut": "review.theme.knock-undercut",
    "missed-knock": "review.theme.missed-knock",
    "kept-high": "review.theme.kept-high",
    "draw": "review.theme.draw",
    "layout": "review.theme.layout",
    "layoffs": "review.theme.layoffs",
}
"""The sentence naming each recurring theme (counted)."""

LEVEL_TITLES = {
    "undercuts": "lesson.level.undercut.title",
    "knocking": "lesson.level.knock.title",
    "deadwood": "lesson.level.deadwood.title",
    "turn": "lesson.level.turn.title",
    "lay-out": "lesson.level.lay-out.title",
    "layoffs": "lesson.level.layoff.title",
}


def loss_attr(loss: float) -> str:
    """The points lost as the ``data-loss`` attribute (a plain number, one decimal)."""
    return f"{loss:.1f}"


LEGEND_KEYS = {
    "best": "review.legend-best",
    "close": "review.legend-close",
    "good": "review.legend-good",
    "inaccuracy": "review.legend-range",
    "mistake": "review.legend-range",
    "blunder": "review.legend-last",
}
"""The legend's sentence of each class."""


def legend_html() -> str:
    """The classes and their thresholds (from :func:`gin.bots.verdicts.legend`)."""
    items = []
    for name, low, below in legend():
        data = {"name": VERDICT_NAMES[name], "low": low, "below": below}
        text = M[LEGEND_KEYS[name]].render(data)
        items.append(f'<li class="gin-review-legend-{name}">{escape(text)}</li>')
    title = escape(M["review.legend-title"].render())
    return f'<div class="gin-review-legend"><p>{title}</p><ul>{"".join(items)}</ul></div>'


def move_text(number: int, d: Decision) -> str:
    """One decision in a sentence: the move made, its class and, an estimate said to be
    one, what it lost (``best`` never with points lost)."""
    if d.exact is not None:
        return exact_move_text(number, d)
    data = {
        "number": number,
        "kind": KIND_NAMES[d.kind],
        "action": d.made.text,
        "verdict": VERDICT_NAMES[d.verdict],
        "loss": d.loss,
        "best": d.best.text,
        "costly": COSTLY_FROM,
    }
    if d.verdict == "best":
        key = "review.move-best"
    elif d.verdict == "close":
        key = "review.move-close" if d.weighing.made_is_close else "review.move-unsure"
    else:
        key = "review.move-loss"
    return M[key].render(data)


def position_html(d: Decision, marked: Sequence[Card] = ()) -> str:
    """The position of a searched decision as the player saw it: the hand (the cards of
    ``marked`` marked), the top discard, the stock and the opponent's cards seen."""
    v = d.view
    hand = [c.code for c in v.hand]
    if v.top_discard is None:  # the up card was just taken
        pos = M["review.position-no-pile"].render({"hand": hand, "count": v.stock_count})
    else:
        pos = M["review.position"].render(
            {"hand": hand, "top": v.top_discard.code, "count": v.stock_count}
        )
    parts = [
        f'<p class="gin-review-position">{escape(pos)}</p>',
        cards_html(v.hand, size="small", marked=list(marked), css="gin-review-hand"),
    ]
    if v.opponent_known:
        known = M["review.position-opponent"].render({"known": [c.code for c in v.opponent_known]})
        parts.append(f'<p class="gin-review-position">{escape(known)}</p>')
    return "".join(parts)


def exact_move_text(number: int, d: Decision) -> str:
    """A ``layout`` or ``layoffs`` decision in a sentence: the melds laid out (or the
    cards laid off), its class and the points it lost."""
    j = d.exact
    assert j is not None
    data: dict[str, object] = {
        "number": number,
        "kind": KIND_NAMES[d.kind],
        "verdict": VERDICT_NAMES[d.verdict],
        "count": j.loss,
    }
    if j.kind == "layout":
        data["melds"] = [[c.code for c in m.cards] for m in j.melds]
        key = "review.move-layout-loss" if j.loss else "review.move-layout"
    else:
        data["cards"] = [lo.card.code for lo in j.laid]
        if j.laid:
            key = "review.move-layoffs-loss" if j.loss else "review.move-layoffs"
        else:
            key = "review.move-no-layoffs-loss" if j.loss else "review.move-no-layoffs"
    return M[key].render(data)


def moves_html(review: DealReview) -> str:
    """Every decision of the deal, in order, each an element of class
    ``gin-review-move`` with ``data-verdict``, ``data-loss``, ``data-index`` (the move's
    place in the deal) and ``data-action`` (the move made, as in a saved game). The list
    is numbered once, by its sentences (the list's own markers are off)."""
    if not review.decisions:
        return f'<p class="gin-review-none">{escape(M["review.none"].render())}</p>'
    items = [
        f'<li class="gin-review-move gin-verdict-{d.verdict}" data-verdict="{d.verdict}" '
        f'data-loss="{loss_attr(d.loss)}" data-index="{d.index}" '
        f'data-action="{escape(d.made.text)}">{escape(move_text(n, d))}</li>'
        for n, d in enumerate(review.decisions, 1)
    ]
    return f'<ol class="gin-review-moves">{"".join(items)}</ol>'


def costly_html(
    number: int, d: Decision, true_cards: tuple[Sequence[str], Sequence[str]] | None
) -> str:
    """A costly decision: the move and the better one, the points at stake, the position
    as it was and the reasons (and, for a teacher, the true hidden cards, marked)."""
    if d.exact is not None:
        return exact_costly_html(number, d)
    low = max(0.0, interval(d.weighing.diffs(d.made)).low)
    head = M["review.costly-head"].render(
        {"number": number, "made": d.made.text, "best": d.best.text, "loss": d.loss, "low": low}
    )
    marked = [a.card for a in (d.made, d.best) if isinstance(a, act.Discard | act.Knock)]
    parts = [
        f'<p class="gin-review-costly-head">{escape(head)}</p>',
        position_html(d, marked),
    ]
    reasons = "".join(f"<li>{escape(t.render())}</li>" for t in d.reasons)
    if reasons:
        parts.append(f'<ul class="gin-review-reasons">{reasons}</ul>')
    if true_cards is not None:
        opp, stock = true_cards
        text = M["review.teacher-cards"].render({"opponent": list(opp), "stock": list(stock)})
        parts.append(f'<p class="gin-review-true-cards">{escape(text)}</p>')
    return "".join(parts)


def _para(css: str, text: str) -> str:
    return f'<p class="{css}">{escape(text)}</p>'


def exact_costly_html(number: int, d: Decision) -> str:
    """A costly ``layout`` or ``layoffs`` decision, as pictures: the layout laid out and
    the best layout, or the knocker's melds, the hand (the cards the best layoffs lay off
    marked) and the layoffs made and best; then the reasons. The cards were face up at
    that moment: there are no hidden cards to show."""
    j = d.exact
    assert j is not None
    key = "review.costly-head-layout" if j.kind == "layout" else "review.costly-head-layoffs"
    parts = [_para("gin-review-costly-head", M[key].render({"number": number, "count": j.loss}))]
    if j.kind == "layout":
        mine, best = j.arrangement, j.best_arrangement
        parts += [
            _para("gin-review-position", M["review.your-layout"].render({"points": j.deadwood})),
            f'<div class="gin-review-layout">{arrangement_html(mine, size="small")}</div>',
            _para(
                "gin-review-position", M["review.best-layout"].render({"points": j.best_deadwood})
            ),
            f'<div class="gin-review-layout gin-review-best-layout">'
            f"{arrangement_html(best, size='small')}</div>",
        ]
    else:
        knocker = j.arrangement
        laid = [lo.card.code for lo in j.laid]
        best_laid = [lo.card.code for lo in j.best_laid]
        made = (
            M["review.your-layoffs"].render({"cards": laid, "points": j.deadwood})
            if laid
            else M["review.your-no-layoffs"].render({"points": j.deadwood})
        )
        best_text = (
            M["review.best-layoffs"].render({"cards": best_laid, "points": j.best_deadwood})
            if best_laid
            else M["review.best-no-layoffs"].render({"points": j.best_deadwood})
        )
        hand_key = "review.your-hand-layoffs" if best_laid else "review.your-hand-before-layoffs"
        parts += [
            _para("gin-review-position", M["review.knocker-melds"].render()),
            f'<div class="gin-review-layout">{arrangement_html(knocker, size="small")}</div>',
            _para("gin-review-position", M[hand_key].render()),
            cards_html(
                j.hand,
                size="small",
                marked=[lo.card for lo in j.best_laid],
                css="gin-review-hand",
            ),
            _para("gin-review-position", made),
            _para("gin-review-position", best_text),
        ]
    reasons = "".join(f"<li>{escape(t.render())}</li>" for t in d.reasons)
    if reasons:
        parts.append(f'<ul class="gin-review-reasons">{reasons}</ul>')
    return "".join(parts)


def theme_href(theme: str, rules: str) -> str:
    """The address of the course level or lab section that teaches ``theme``."""
    kind, key = THEME_LINKS[theme]
    if kind == "level":
        # imported here: the course's level map (its levels and their lessons) is a cold
        # import of the play table's kernel otherwise, for a link drawn only in a review
        from gin.ui.lessons.levelmap import level_href

        return level_href(key, rules)
    query = urllib.parse.urlencode({"rules": rules}) + language_query("&")
    return f"./{LAB_NOTEBOOK}?{query}"


def theme_title(theme: str) -> dict[str, object]:
    """The name of what teaches ``theme``, as a ``text`` placeholder value."""
    kind, key = THEME_LINKS[theme]
    if kind == "level":
        return {"key": LEVEL_TITLES[key], "data": {}}
    return {"key": "review.lab-section", "data": {"section": key}}


def summary_html(
    summary: GameSummary, rules: str, table_slips: Sequence[tuple[int, Sequence[Text]]] = ()
) -> str:
    """The game summary: each class counted, up to three recurring themes, each with a
    link to where it is taught, and the slips the table noted while the learner played on
    their own (``table_slips``: what each said, by deal number; issue 29)."""
    title = escape(M["review.summary-title"].render())
    deals = escape(M["review.summary-deals"].render({"count": summary.deals}))
    counts = "".join(
        f'<li class="gin-review-count" data-verdict="{name}" data-count="{n}">'
        + escape(M["review.summary-count"].render({"name": VERDICT_NAMES[name], "count": n}))
        + "</li>"
        for name, n in summary.counts
    )
    parts = [f"<h4>{title}</h4>", f"<p>{deals}</p>", f'<ul class="gin-review-counts">{counts}</ul>']
    if summary.themes:
        parts.append(f"<p>{escape(M['review.summary-themes'].render())}</p>")
        items = []
        for theme, n in summary.themes:
            said = escape(M[THEME_SENTENCES[theme]].render({"count": n}))
            if theme not in THEME_LINKS:  # nothing on the site teaches it: no link
                items.append(f'<li class="gin-review-theme" data-theme="{theme}">{said}</li>')
                continue
            link = escape(M["review.theme-link"].render({"title": theme_title(theme)}))
            href = escape(theme_href(theme, rules))
            items.append(
                f'<li class="gin-review-theme" data-theme="{theme}">{said} '
                f'<a class="gin-review-theme-link" href="{href}">{link}</a></li>'
            )
        parts.append(f'<ul class="gin-review-themes">{"".join(items)}</ul>')
    else:
        parts.append(f"<p>{escape(M['review.summary-no-themes'].render())}</p>")
    if table_slips:
        parts.append(f"<p>{escape(M['review.table-slips'].render())}</p>")
        said = "".join(
            '<li class="gin-review-table-slip">'
            + escape(M["review.table-slip"].render({"deal": n, "slip": text}))
            + "</li>"
            for n, texts in table_slips
            for text in texts
        )
        parts.append(f'<ul class="gin-review-table-slips">{said}</ul>')
    return f'<div class="gin-review-summary">{"".join(parts)}</div>'


__all__ = [
    "KIND_NAMES",
    "LEGEND_KEYS",
    "THEME_LINKS",
    "THEME_SENTENCES",
    "VERDICT_NAMES",
    "costly_html",
    "exact_costly_html",
    "exact_move_text",
    "legend_html",
    "loss_attr",
    "move_text",
    "moves_html",
    "position_html",
    "summary_html",
    "theme_href",
    "theme_title",
]
