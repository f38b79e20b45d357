"""The printable cheat sheet: card values, both rule sets, the knock limit and every scoring
formula with the doubling, each with a worked example scored by :func:`gin.score_deal`.

It is one self-contained HTML page with print CSS (no fonts or scripts from the network):
shown in the cheat-sheet notebook and offered there as a file to download and print.

>>> "gin-cheat-sheet" in cheat_sheet_html()
True
"""

from __future__ import annotations

import html
import urllib.parse
from dataclasses import dataclass
from typing import Any

from gin import Card, DealResult, Rules, parse_cards, score_deal
from gin.i18n import M, Message, current_language, text_direction
from gin.ui.choices import rules_name
from gin.ui.lessons.base import paragraph, read_page_params
from gin.ui.lessons.catalog import CHEAT_SHEET, LESSONS, link
from gin.ui.lessons.pictures import Raw, cards_html, table_html
from gin.ui.lessons.start import rules_table_html
from gin.ui.lessons.style import LESSON_CSS
from gin.ui.page.language import LanguageMenu, choose_language, font_css, mark_language, open_in

PRINT_CSS = """
.gin-cheat-sheet { font: 13px/1.4 sans-serif; color: #111; max-width: 60em; }
.gin-cheat-sheet h1 { font-size: 1.6em; margin: 0 0 .3em; }
.gin-cheat-sheet h2 { font-size: 1.15em; margin: 1em 0 .3em; border-bottom: 1px solid #999; }
.gin-cheat-sheet .gin-lesson-card svg { width: 40px; }
.gin-cheat-sheet table { border-collapse: collapse; }
.gin-cheat-sheet th, .gin-cheat-sheet td { border: 1px solid #aaa; padding: 2px 8px; }
.gin-cheat-sheet .gin-formula { font-family: monospace; font-size: 1.05em; }
@media print {
  @page { size: A4; margin: 12mm; }
  body * { visibility: hidden; }
  .gin-cheat-sheet, .gin-cheat-sheet * { visibility: visible; }
  .gin-cheat-sheet { position: absolute; left: 0; top: 0; font-size: 11px; }
  .gin-cheat-sheet .gin-no-print { display: none; }
  .gin-cheat-sheet section { break-inside: avoid; }
}
"""


@dataclass(frozen=True)
class Example:
    """A worked example: the rule set, the up card and both hands (the engine scores it)."""

    rules: str
    up_card: str
    knocker: str
    defender: str
    formula: Message

    def result(self) -> DealResult:
        """The example scored by :func:`gin.score_deal`."""
        return score_deal(
            Rules.preset(self.rules),
            Card.parse(self.up_card),
            parse_cards(self.knocker),
            parse_cards(self.defender),
        )


EXAMPLES = (
    Example(
        "classic",
        "6C",
        "2H 3H 4H 8C 8D 8H 9D TD JD 3C",
        "JS QS KS 5D 6D 7D 9S 5C 4S AC",
        M["lesson.cheat.formula.knock"],
    ),
    Example(
        "classic",
        "KH",
        "2H 3H 4H 8C 8D 8H 9D TD JD 7C",
        "JS QS KS 2C 3C 4C 5D 6D 7D 7S",
        M["lesson.cheat.formula.undercut"],
    ),
    Example(
        "spades-double",
        "7S",
        "2H 3H 4H 8C 8D 8H 9D TD JD 5C",
        "JS QS KS 2C 3C 4C 5D 6D 7D 2D",
        M["lesson.cheat.formula.undercut"],
    ),
    Example(
        "spades-double",
        "4S",
        "2H 3H 4H 8C 8D 8H 9D TD JD QD",
        "JS QS KS 2C 3C 4C 5C 5D 6D 7D",
        M["lesson.cheat.formula.gin"],
    ),
    Example(
        "spades-double",
        "9H",
        "2H 3H 4H 8C 8D 8H 9D TD JD QD KD",
        "JS QS KS 2C 3C 4C 5D 6D 7D 2D",
        M["lesson.cheat.formula.big-gin"],
    ),
)
"""The worked examples (the first four are the checks in the project's rules)."""


def _ace_limits() -> dict[str, int]:
    """The knock limit under an ace up card in each preset rule set."""
    return {
        "classic_ace_limit": Rules.preset("classic").ace_knock_limit,
        "spades_ace_limit": Rules.preset("spades-double").ace_knock_limit,
    }


def _h2(key: str) -> str:
    return f"<h2>{html.escape(M[key].render())}</h2>"


def _values_html() -> str:
    cards = parse_cards("AH 2S 5D 9C TH JS QD KC")
    row = [Raw(cards_html([c], size="small")) for c in cards]
    points = [str(c.points) for c in cards]
    header = [M["lesson.cheat.card"].render()] + [""] * (len(cards) - 1)
    return table_html(header, [row, points])


def _limits_html() -> str:
    presets = [Rules.preset(p) for p in Rules.PRESETS]
    rows: list[list[Any]] = []
    for rank in range(1, 14):
        up = Card(rank, 2)  # diamonds: no doubling, the limit only
        rows.append([Raw(cards_html([up], size="small")), *(r.knock_limit(up) for r in presets)])
    header = [
        M["lesson.cheat.up-card"].render(),
        *(M["lesson.start.table.preset"].render({"name": rules_name(p)}) for p in Rules.PRESETS),
    ]
    return table_html(header, rows, numeric=True)


def _example_html(ex: Example) -> str:
    r = ex.result()
    data = {
        "rules": rules_name(ex.rules),
        "card": r.up_card.code,
        "knocker": r.knocker_deadwood,
        "defender": r.defender_deadwood,
        "difference": abs(r.knocker_deadwood - r.defender_deadwood),
        "bonus": r.bonus,
        "multiplier": r.multiplier,
        "points": r.points,
    }
    names = {p.split(":")[0] for p in ex.formula.placeholders}
    formula = ex.formula.render({k: v for k, v in data.items() if k in names})
    example = M["lesson.cheat.example"].render(
        {k: data[k] for k in ("rules", "card", "knocker", "defender", "points")}
    )
    return (
        f'<p class="gin-formula">{html.escape(formula)}</p>'
        f'<p class="gin-muted">{html.escape(example)}</p>'
    )


def cheat_sheet_body() -> str:
    """The sheet itself (an HTML fragment with its own print CSS)."""
    formulas = "".join(
        f"<li>{html.escape(M[k].render())}</li>"
        for k in (
            "lesson.cheat.rule.knock",
            "lesson.cheat.rule.undercut",
            "lesson.cheat.rule.gin",
            "lesson.cheat.rule.big-gin",
            "lesson.cheat.rule.double",
            "lesson.cheat.rule.void",
        )
    )
    examples = "".join(_example_html(ex) for ex in EXAMPLES)
    return (
        f"<style>{PRINT_CSS}</style>"
        '<article class="gin-cheat-sheet">'
        f"<h1>{html.escape(M['lesson.cheat.title'].render())}</h1>"
        f'<p class="gin-no-print">{html.escape(M["lesson.cheat.print"].render())}</p>'
        f"<section>{_h2('lesson.cheat.values')}{_values_html()}"
        f"<p>{html.escape(M['lesson.cheat.values-text'].render())}</p></section>"
        f"<section>{_h2('lesson.cheat.limit')}"
        f"<p>{html.escape(M['lesson.cheat.limit-text'].render(_ace_limits()))}</p>"
        f"{_limits_html()}</section>"
        f"<section>{_h2('lesson.cheat.rule-sets')}{rules_table_html()}</section>"
        f"<section>{_h2('lesson.cheat.scoring')}<ul>{formulas}</ul>{examples}</section>"
        "</article>"
    )


def cheat_sheet_html() -> str:
    """The sheet as a whole, self-contained HTML page, ready to print, in the current
    language (its ``lang`` and direction marked, with the Lao font for Lao)."""
    title = html.escape(M["lesson.cheat.title"].render())
    lang = current_language()
    rtl = text_direction(lang) == "rtl"
    css = LESSON_CSS + (font_css() if lang == "lo" else "")  # Lao: the shipped font
    return (
        f'<!DOCTYPE html><html lang="{lang}" dir="{text_direction(lang)}"><head>'
        f'<meta charset="utf-8"><title>{title}</title><style>{css}</style></head>'
        f'<body class="gin-lesson gin-lang-{lang}{" gin-rtl" if rtl else ""}">'
        f"{cheat_sheet_body()}</body></html>"
    )


def cheat_sheet_download_html() -> str:
    """A link that saves the sheet as an HTML file (a ``data:`` URL: works offline)."""
    url = "data:text/html;charset=utf-8," + urllib.parse.quote(cheat_sheet_html())
    label = html.escape(M["lesson.cheat.download"].render())
    return (
        f'<p class="gin-no-print"><a class="gin-cheat-download" download="gin-cheat-sheet.html" '
        f'href="{html.escape(url)}">⤓ {label}</a></p>'
    )


class CheatSheetPage:
    """The cheat-sheet notebook's page: the language menu, the sheet and a link to save it.

    It opens in the page's ``?lang=`` (else the learner's earlier choice) and is drawn
    again when the learner picks another language.
    """

    def __init__(self) -> None:
        import ipywidgets as W

        page, problem = read_page_params()
        self.lang = open_in(page.lang)
        self.menu = LanguageMenu(self.lang, from_address=page.lang is not None)
        self.sheet = W.HTML()
        self.problem = problem
        self.widget = W.VBox([self.menu, self.sheet])
        self.widget.add_class("gin-lesson")
        self.widget.add_class("gin-cheat-sheet-page")
        self.menu.on_choose(self.switch_language)
        self._draw()

    def _draw(self) -> None:
        if self.problem:  # a bad setting in the address: say so, don't guess
            self.sheet.value = f"<style>{LESSON_CSS}</style>" + paragraph(self.problem)
            return
        home = link(LESSONS[0].notebook, M["lesson.nav.all"].render(), css="gin-nav-home")
        nav = f'<nav class="gin-lesson-nav gin-no-print">{home}</nav>'
        self.sheet.value = (
            f"<style>{LESSON_CSS}</style>" + cheat_sheet_download_html() + cheat_sheet_body() + nav
        )
        mark_language(self.widget, self.lang)

    def switch_language(self, lang: str) -> None:
        """Draw the sheet in ``lang``."""
        choose_language(lang)
        self.lang = lang
        self._draw()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


def cheat_sheet_page() -> CheatSheetPage:
    """The cheat-sheet notebook's page (:class:`CheatSheetPage`)."""
    return CheatSheetPage()


__all__ = [
    "CHEAT_SHEET",
    "EXAMPLES",
    "CheatSheetPage",
    "Example",
    "cheat_sheet_body",
    "cheat_sheet_download_html",
    "cheat_sheet_html",
    "cheat_sheet_page",
]
