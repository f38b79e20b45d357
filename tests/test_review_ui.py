"""The review at the table (issue 20): offered once a deal is over, worked out in small
steps with a progress bar, every decision marked with its class and loss, the costly ones
with "Play it again from here", the legend and the game summary, in every language."""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Callable, Iterator

import ipywidgets
import pytest
from test_ui_support import play_game

import gin
from gin.bots.review import REVIEW_WORLDS, review_deal, summarize
from gin.bots.verdicts import VERDICTS
from gin.i18n import M, language
from gin.ui.review import ReviewLauncher, ReviewPanel
from gin.ui.review.render import THEME_LINKS, summary_html
from gin.ui.table.gintable import GinTable

WORLDS = 6


@pytest.fixture(autouse=True)
def fresh_widgets() -> Iterator[None]:
    ipywidgets.Widget.close_all()
    yield
    ipywidgets.Widget.close_all()


MOVE = re.compile(r'<li class="gin-review-move[^"]*" data-verdict="(\w+)" data-loss="([0-9.]+)"')


def _finished_game(deals: int = 1, seed: int = 11) -> gin.Game:
    t = GinTable(seed=seed, pause=0)
    play_game(t, seed, stop_after=deals, check_leaks=False)
    return t.controller.game


def _panel(game: gin.Game, teacher: bool = False) -> ReviewPanel:
    review = review_deal(game.deals[0], 0, worlds=WORLDS)
    cards = (lambda d: (("AS",), ("2S",))) if teacher else None
    return ReviewPanel(review, 1, summarize([review]), "classic", lambda: None, cards)


def test_the_panel_marks_every_decision_with_its_class_and_its_loss() -> None:
    """Rule: each learner decision is an element of class gin-review-move with
    data-verdict (one of the five classes) and data-loss (the points lost)."""
    game = _finished_game()
    panel = _panel(game)
    assert "gin-review" in panel._dom_classes
    marks = MOVE.findall(panel.moves.value)
    assert len(marks) == len(panel.review.decisions) > 0
    for (v, loss), d in zip(marks, panel.review.decisions, strict=True):
        assert v in VERDICTS and v == d.verdict
        assert float(loss) == pytest.approx(d.loss, abs=0.051)
    legend = panel.head.value
    for name in ("Best", "Good", "Inaccuracy", "Mistake", "Blunder"):
        assert name in legend


def test_play_it_again_opens_a_puzzle_that_judges_the_new_choice() -> None:
    """Rule: a costly decision has "Play it again from here"; the learner chooses again
    and is told whether it is the best move now or how far from it."""
    game = _finished_game(seed=5)
    panel = _panel(game)
    assert panel.costly, "this seed's deal has a costly decision"
    decision, text, again, holder = panel.costly[0]
    assert "gin-action-play-again" in again._dom_classes
    again.click()
    (box,) = holder.children
    # the puzzle shows the position and asks; the answer (and the decision's text, which
    # names the best move) only after the choice
    assert box.children[0] is box.position and "gin-review-hand" in box.position.value
    assert box.answer.value == "" and text.layout.display == "none"
    best = next(b for b, a in zip(box.choices, box._actions, strict=True) if a == decision.best)
    best.click()
    assert 'data-verdict="best"' in box.answer.value
    assert text.layout.display != "none"
    made = next(b for b, a in zip(box.choices, box._actions, strict=True) if a == decision.made)
    made.click()
    assert f'data-verdict="{decision.verdict}"' in box.answer.value or decision.loss == 0
    assert "gin-coach-error" not in panel.error.value


def test_the_review_is_offered_only_once_the_deal_is_over_and_opens_on_a_click() -> None:
    """Rule: "Review this deal" (button.gin-action-review) shows only after the deal; a
    click works the review out and opens it; an earlier deal gets its own button."""
    t = GinTable(seed=11, pause=0)
    t.review.worlds = WORLDS
    assert t.review.button.layout.display == "none"
    play_game(t, 11, stop_after=1, check_leaks=False)
    assert t.controller.deal.is_over
    assert t.review.button.layout.display != "none"
    t.review.button.click()
    assert t.review.panel is not None
    assert "gin-review" in t.review.panel._dom_classes
    assert t.review.panel.number == 1
    t.buttons["next_deal"].click()
    assert t.review.button.layout.display == "none"
    (earlier,) = t.review.earlier.children
    assert "gin-review-deal-1" in earlier._dom_classes
    earlier.click()
    assert t.review.panel is not None and t.review.panel.number == 1
    t.review.panel.close_button.click()
    assert t.review.panel is None


def test_the_review_is_worked_out_in_steps_with_a_progress_bar() -> None:
    """Rule: the review never holds up the table: it is worked out one decision per
    scheduled step (started as soon as the deal is over), with a progress bar while the
    learner waits for it."""
    game = _finished_game(seed=7)
    queue: list[Callable[[], None]] = []
    launcher = ReviewLauncher(lambda: game, worlds=WORLDS, scheduler=queue.append)
    launcher.update(True)
    assert len(queue) == 1  # started in the background, not all at once
    launcher.open_review(1)
    assert launcher.progress_box.layout.display != "none"
    steps = 0
    while queue:
        queue.pop(0)()
        steps += 1
        if queue:
            assert launcher.progress.value == steps
    assert launcher.panel is not None
    assert launcher.progress_box.layout.display == "none"
    assert launcher.reviews[1] == review_deal(game.deals[0], 0, worlds=WORLDS)


def test_the_progress_bar_is_built_only_when_the_learner_waits_for_a_review() -> None:
    """Issue 23 (speed of a page): the hidden progress bar is not sent with the page, nor
    while reviews are worked out in the background; asking for a review builds it, shown,
    above the error line."""
    game = _finished_game(seed=7)
    queue: list[Callable[[], None]] = []
    launcher = ReviewLauncher(lambda: game, worlds=WORLDS, scheduler=queue.append)

    def bars() -> list[ipywidgets.VBox]:
        return [
            c
            for c in launcher.children
            if isinstance(c, ipywidgets.VBox) and c is not launcher.panel_box
        ]

    launcher.update(True)
    queue.pop(0)()  # a step in the background
    assert bars() == []
    launcher.button.click()
    (box,) = bars()
    assert box is launcher.progress_box and box.layout.display != "none"
    parts = list(launcher.children)
    assert parts.index(box) == parts.index(launcher.error) - 1


def test_a_new_game_forgets_the_old_reviews_and_a_bad_deal_number_is_refused() -> None:
    """Rule: reviews belong to their game; asking for a deal that is not finished gives a
    clear sentence, never a traceback."""
    game = _finished_game(seed=2)
    holder = {"game": game}
    launcher = ReviewLauncher(lambda: holder["game"], worlds=WORLDS)
    launcher.open_review(1)
    assert 1 in launcher.reviews
    with pytest.raises(gin.IllegalActionError) as e:
        launcher.open_review(5)
    assert e.value.code == "review-no-deal"
    holder["game"] = gin.Game(gin.Rules.preset("classic"), seed=1)
    launcher.update(False)
    assert launcher.reviews == {} and launcher.panel is None


def test_teacher_mode_shows_the_true_cards_marked_as_such() -> None:
    """Rule (fair play): the true hidden cards appear only in teacher mode, marked."""
    game = _finished_game(seed=5)
    plain = _panel(game)
    teacher = _panel(game, teacher=True)
    assert "gin-review-true-cards" not in "".join(t.value for _, t, _, _ in plain.costly)
    assert all("gin-review-true-cards" in t.value for _, t, _, _ in teacher.costly)


def test_the_summary_links_each_theme_to_where_it_is_taught() -> None:
    """Rule: the game summary counts each class and names recurring themes with a link to
    the course level or lab section that teaches each."""
    summary = gin.bots.review.GameSummary(
        tuple((v, i) for i, v in enumerate(VERDICTS)), (("fed", 4), ("knock-undercut", 2)), 3
    )
    page = summary_html(summary, "classic")
    assert "4 discards may have helped your opponent" in html.unescape(page)
    assert "level=undercuts" in page
    assert set(THEME_LINKS) <= set(gin.bots.review.THEMES)


THEME_TERMS = {
    "fed": ("opponent",),
    "broke-meld": ("meld",),
    "knock-undercut": ("undercut",),
    "missed-knock": ("knock",),
    "kept-high": ("points",),
    "draw": ("stock", "discard pile"),
    "layout": ("lay out",),
    "layoffs": ("lay off",),
}
"""What the place a theme links to must speak of (English)."""


def _linked_text(theme: str) -> str:
    """The English title and text of the course level or lab section ``theme`` links to."""
    from gin.ui.lessons.level import fill, rule_facts
    from gin.ui.lessons.levels import LEVELS

    kind, key = THEME_LINKS[theme]
    if kind == "level":
        level = next(lv for lv in LEVELS if lv.key == key)
        return f"{level.title.render()} {fill(level.text, rule_facts(gin.Rules.preset('classic')))}"
    raise AssertionError(f"{theme}: no lab section is checked for its words yet ({key})")


def test_a_theme_links_only_to_a_level_that_speaks_of_it_and_feeding_has_no_link() -> None:
    """Issue 40 (the reading: "fed" was sent to the lab's tips, which measure scoring tips
    and say nothing of feeding the opponent): every theme's link goes to a level whose text
    speaks of the theme, and a theme nothing on the site teaches is named without a link."""
    assert set(THEME_TERMS) == set(gin.bots.review.THEMES)
    for theme in THEME_LINKS:
        text = _linked_text(theme).lower()
        assert all(term in text for term in THEME_TERMS[theme]), (theme, text)
    tips = " ".join(
        M[k].render() for k in ("lesson.lab.tips.title", "lesson.lab.tips.intro",
                                "lesson.lab.tip.gin", "lesson.lab.tip.low-limit")
    ) + " " + M["lesson.lab.tip.undercut"].render()
    assert "opponent" not in tips.lower() and "fed" not in THEME_LINKS
    summary = gin.bots.review.GameSummary(
        tuple((v, i) for i, v in enumerate(VERDICTS)), (("fed", 4), ("draw", 2)), 3
    )
    page = summary_html(summary, "classic")
    fed = re.search(r'<li class="gin-review-theme" data-theme="fed">.*?</li>', page)
    draw = re.search(r'<li class="gin-review-theme" data-theme="draw">.*?</li>', page)
    assert fed and "<a " not in fed.group(0) and "05_strategy_lab" not in page
    assert draw and "level=turn" in draw.group(0)


@pytest.mark.parametrize("lang", ["he", "et", "lo", "bg"])
def test_the_panel_speaks_every_language(lang: str) -> None:
    """Rule: every sentence of the review comes from the catalog, in all five languages."""
    game = _finished_game(seed=5)
    panel = _panel(game, teacher=True)
    english = panel.head.value
    with language(lang):
        panel.relabel()
        assert panel.head.value != english
        for _, _, again, _ in panel.costly:
            assert again.description != "Play it again from here"


def test_the_default_worlds_are_the_reviews_own() -> None:
    """The table's review uses the engine's fixed number of worlds (the same review on
    every run and machine)."""
    t = GinTable(seed=1, pause=0)
    assert t.review.worlds == REVIEW_WORLDS


def test_a_position_with_an_empty_discard_pile_says_so() -> None:
    """Rule: the position of a costly decision is shown as it was: after the up card was
    taken, the discard pile is empty."""
    from conftest import stack_order

    from gin.bots.review import decide
    from gin.ui.review.render import costly_html

    order = stack_order("7S 8S 9H 9D 2C 3C KD QH JC 5D", "AH 4C 6D TS KS QD 3H 8C 2D 7H", "9S")
    deal = gin.Deal(gin.Rules.preset("classic"), order, dealer=1)
    deal.apply(gin.TakeUpCard())
    view = deal.view(0)
    assert view.top_discard is None
    d = decide(1, view, gin.Discard(gin.Card.parse("7S")), worlds=WORLDS)
    text = html.unescape(costly_html(1, d, None))
    assert "The discard pile is empty" in text and "gin-review-hand" in text


def test_an_earlier_deal_asked_for_during_background_work_opens_after_it() -> None:
    """Rule: while the last deal's review is worked out in the background, asking for an
    earlier deal shows the progress bar and opens that review once its turn comes."""
    game = _finished_game(deals=2, seed=11)
    assert len(game.deals) == 2 and game.deal.is_over
    queue: list[Callable[[], None]] = []
    launcher = ReviewLauncher(lambda: game, worlds=WORLDS, scheduler=queue.append)
    launcher.update(True)
    (earlier,) = launcher.earlier.children
    earlier.click()
    assert launcher.progress_box.layout.display != "none"
    while queue:
        queue.pop(0)()
    assert set(launcher.reviews) == {1, 2}
    assert launcher.panel is not None and launcher.panel.number == 1
    assert launcher.panel.summary.deals == 2


def _open_models_outside(table: GinTable) -> list[str]:
    """The widget models open in the kernel that the table does not hold (its tree: the
    children, layouts, styles and widget traits, all the way down): what a closed part
    left behind."""
    from ipywidgets.widgets import widget as widget_module
    from test_ui_support import widget_tree

    held = {wdg.model_id for wdg in widget_tree(table)}
    return sorted(
        f"{type(wdg).__name__} {getattr(wdg, '_dom_classes', ())}"
        for wdg in widget_module._instances.values()
        if wdg.model_id not in held
    )


def test_past_deals_reviews_and_buttons_leave_no_widget_open_in_the_kernel() -> None:
    """Rule (issue 41, the kernel's memory after playing): after several deals, each one's
    review opened and closed, every widget model still open in the kernel is one the
    table holds: a closed review panel's layouts and styles are closed with it, and the
    earlier deals' buttons replaced at each deal are closed (before, some 250 models were
    open after six deals, 60 at the start). The open models grow by one button a deal."""
    from ipywidgets.widgets import widget as widget_module

    t = GinTable(seed=11, pause=0)
    t.review.worlds = WORLDS
    counts = []
    for deal in range(1, 5):
        play_game(t, 11 + deal, stop_after=1 if deal == 1 else 2, check_leaks=False)
        game = t.controller.game
        if game.is_over:
            break
        assert len(game.deals) == deal and game.deal.is_over
        t.review.open_review(deal)
        assert t.review.panel is not None
        t.review.close_review()
        assert _open_models_outside(t) == []
        counts.append(len(widget_module._instances))
    assert len(counts) >= 3
    assert all(b - a <= 1 for a, b in itertools.pairwise(counts[1:])), counts
