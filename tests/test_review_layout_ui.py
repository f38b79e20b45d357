"""The review panel with the learner's own layout and layoffs (``?arrange=self``): listed
as ``gin-review-move`` with ``data-verdict`` and ``data-loss``, shown as pictures among
the costly decisions, and "Play it again from here" in the table's own meld builder or
layoff chooser, judged exactly."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import ipywidgets
import pytest
from test_review_layout import RUN4, SET4, WORLDS, _knock_deal, _layoff_deal
from test_ui_arrange import READY, knock_with, make, ready_to_knock

from gin.bots.review import DealReview, Decision, review_deal, summarize
from gin.cards import Card
from gin.i18n import language
from gin.ui.arrange import LayoffChooser, MeldBuilder
from gin.ui.review import ReviewPanel
from gin.ui.review.arrangepuzzle import ArrangePuzzleBox
from gin.ui.review.render import summary_html


@pytest.fixture(autouse=True)
def fresh_widgets() -> Iterator[None]:
    ipywidgets.Widget.close_all()
    yield
    ipywidgets.Widget.close_all()


MOVE = re.compile(
    r'<li class="gin-review-move[^"]*" data-verdict="(\w+)" data-loss="([0-9.]+)"[^>]*>([^<]*)</li>'
)


def _panel(review: DealReview) -> ReviewPanel:
    return ReviewPanel(review, 1, summarize([review]), "classic", lambda: None)


def _costly(
    panel: ReviewPanel, kind: str
) -> tuple[Decision, ipywidgets.HTML, ipywidgets.Button, ipywidgets.Box]:
    return next(c for c in panel.costly if c[0].kind == kind)


def test_a_layout_slip_is_listed_and_shown_among_the_costly_decisions_as_pictures() -> None:
    """Rule: the layout is a decision of the list (data-verdict, data-loss), and among the
    costly ones when its loss is among the largest, with the layout laid out and the best
    layout drawn as cards and the reason."""
    panel = _panel(review_deal(_knock_deal((RUN4, SET4)), 0, worlds=WORLDS))
    moves = MOVE.findall(panel.moves.value)
    layout = [m for m in moves if "Layout" in html.unescape(m[2])]
    assert layout == [("mistake", "9.0", layout[0][2])]
    _d, text, again, _holder = _costly(panel, "layout")
    shown = html.unescape(text.value)
    assert "your layout gave away 9 points" in shown
    assert shown.count('data-card="9H"') == 2  # in the deadwood, then in the best run
    assert "gin-review-best-layout" in shown and "You left 9♥ in your deadwood" in shown
    assert "gin-action-play-again" in again._dom_classes


def test_play_it_again_lays_out_the_same_cards_in_the_meld_builder_and_judges_them() -> None:
    """Rule: "Play it again" for a layout opens the table's meld builder with the same
    cards; the learner lays out again and is told it is now the best, or how many points
    from it; another click sets up a fresh builder."""
    panel = _panel(review_deal(_knock_deal((RUN4, SET4)), 0, worlds=WORLDS))
    _d, _text, again, holder = _costly(panel, "layout")
    again.click()
    (box,) = holder.children
    assert isinstance(box, ArrangePuzzleBox) and isinstance(box.room, MeldBuilder)
    builder = box.room
    assert [c.code for c in builder.hand] == sorted(
        ["5H", "6H", "7H", "8H", "9H", "2S", "2D", "2C", "2H", "AC"],
        key=lambda code: Card.parse(code),
    )
    for meld in ("5H 6H 7H 8H 9H", "2S 2D 2C 2H"):
        builder.area.chosen = meld.split()
        builder.make_button.click()
    builder.done_button.click()
    assert 'data-verdict="best"' in box.answer.value and 'data-loss="0.0"' in box.answer.value
    again.click()
    (fresh,) = holder.children
    assert fresh is not box and isinstance(fresh.room, MeldBuilder)
    fresh.room.area.chosen = "5H 6H 7H 8H 9H".split()
    fresh.room.make_button.click()
    fresh.room.area.chosen = "2S 2D 2C".split()
    fresh.room.make_button.click()
    fresh.room.done_button.click()
    assert 'data-verdict="good"' in fresh.answer.value and 'data-loss="2.0"' in fresh.answer.value
    assert "2 points from the best" in html.unescape(fresh.answer.value)
    assert "gin-coach-error" not in panel.error.value


def test_a_layout_over_the_knock_limit_is_refused_in_the_room_with_the_reason() -> None:
    """Rule (bad input): a layout the engine refuses is refused in the room with its
    sentence; nothing is judged."""
    panel = _panel(review_deal(_knock_deal((RUN4, SET4)), 0, worlds=WORLDS))
    _d, _text, again, holder = _costly(panel, "layout")
    again.click()
    (box,) = holder.children
    box.room.done_button.click()  # no meld at all: 48 deadwood
    assert box.room.error_code == "layout-over-limit"
    assert box.answer.value == "" and not box.finished


def test_play_it_again_chooses_the_layoffs_again_in_the_layoff_chooser() -> None:
    """Rule: a missed layoff is listed and costly; "Play it again" opens the layoff
    chooser on the knocker's melds with the learner's cards, and the new layoffs are
    judged exactly."""
    panel = _panel(review_deal(_layoff_deal(()), 0, worlds=WORLDS))
    moves = MOVE.findall(panel.moves.value)
    assert ("blunder", "14.0") in [(v, loss) for v, loss, _ in moves]
    _d, text, again, holder = _costly(panel, "layoffs")
    shown = html.unescape(text.value)
    assert "The best layoffs: 4♥ and 10♥" in shown and "You laid off nothing" in shown
    again.click()
    (box,) = holder.children
    chooser = box.room
    assert isinstance(chooser, LayoffChooser)
    chooser.area.selected = "4H"
    chooser.lay_off(1)
    chooser.done_button.click()
    assert 'data-verdict="blunder"' in box.answer.value and 'data-loss="10.0"' in box.answer.value


def test_the_summary_links_layout_slips_to_the_lay_out_level() -> None:
    """Rule: the game summary names recurring layout and layoff slips, linked to the
    course levels that teach them."""
    review = review_deal(_layoff_deal(()), 0, worlds=WORLDS)
    page = html.unescape(summary_html(summarize([review, review]), "classic"))
    assert "Costly layoffs in 2 deals." in page and "level=layoffs" in page
    review = review_deal(_knock_deal((RUN4, SET4)), 0, worlds=WORLDS)
    page = html.unescape(summary_html(summarize([review]), "classic"))
    assert "1 layout left more deadwood than the best layout." in page and "level=lay-out" in page


@pytest.mark.parametrize("lang", ["he", "et", "lo", "bg"])
def test_the_layout_review_speaks_every_language(lang: str) -> None:
    """Rule: every new sentence comes from the catalog, in all five languages."""
    panel = _panel(review_deal(_layoff_deal(()), 0, worlds=WORLDS))
    _d, text, again, holder = _costly(panel, "layoffs")
    again.click()
    english = (panel.moves.value, text.value, holder.children[0].prompt.value)
    with language(lang):
        panel.relabel()
        now = (panel.moves.value, text.value, holder.children[0].prompt.value)
    for a, b in zip(english, now, strict=True):
        assert a != b


def test_a_deal_laid_out_at_the_table_is_reviewed_with_its_layout(stack: Any) -> None:
    """Rule: at the play table with "I lay out my cards", the review of a deal the learner
    knocked and laid out weighs the knock and the layout (A♠ 2♠ 3♠ left out: 6 points
    given away against the best, a mistake) and offers the layout again in the builder."""
    assert READY.startswith("AS 2S 3S")
    t = ready_to_knock(stack)
    t.review.worlds = WORLDS
    builder = knock_with(t, "KH")
    make(builder, "4H 4D 4C")
    make(builder, "7C 8C 9C")
    builder.done_button.click()
    assert t.controller.deal.is_over
    t.review.open_review(1)
    panel = t.review.panel
    assert panel is not None
    kinds = [d.kind for d in panel.review.decisions]
    assert kinds[-2:] == ["knock", "layout"]
    layout = panel.review.decisions[-1]
    assert layout.loss == 6.0 and layout.verdict == "mistake"
    assert any(
        v == "mistake" and "Layout" in html.unescape(text)
        for v, _, text in MOVE.findall(panel.moves.value)
    )
    _d, _text, again, holder = _costly(panel, "layout")
    again.click()
    assert isinstance(holder.children[0].room, MeldBuilder)
    assert "gin-coach-error" not in panel.error.value and t.review.error.value == ""


def test_the_head_says_layouts_and_layoffs_are_weighed_exactly_only_when_there_are_some() -> None:
    """Rule: the review says how each decision is weighed: the layout and layoffs exactly,
    from the cards face up at that moment."""
    arranged = _panel(review_deal(_layoff_deal(()), 0, worlds=WORLDS))
    assert "gin-review-exact" in arranged.head.value
    plain = review_deal(_layoff_deal(()), 1, worlds=WORLDS)  # the knocker laid out nothing
    assert "gin-review-exact" not in _panel(plain).head.value
