"""The hint and the review imagine the opponent the learner faced (issue 39): against
``eager``, which knocks as soon as it can, every imagined deal's opponent knocks as soon as
it can too, and the review says so; against the tactician, the expert or an opponent not
named, the imagined opponent stays patient and the review stays as it was."""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator

import ipywidgets
import pytest

import gin
from gin import actions as act
from gin.bots import EagerBot, TacticianBot
from gin.bots.opponent_model import OpponentModel, imagined
from gin.bots.review import (
    decide,
    imagines_hasty,
    learner_decisions,
    puzzle,
    review_deal,
    summarize,
    weigh,
)
from gin.bots.selfplay import play_deal
from gin.i18n import M
from gin.ui.review import ReviewLauncher, ReviewPanel
from gin.ui.table.controller import TableController

hint_module = importlib.import_module("gin.bots.hint")  # the module, not gin.bots.hint()
SPADES = gin.Rules.preset("spades-double")
WORLDS = 8


@pytest.fixture(autouse=True)
def fresh_widgets() -> Iterator[None]:
    ipywidgets.Widget.close_all()
    yield
    ipywidgets.Widget.close_all()


def _deal(opponent: str, seed: int = 5) -> gin.Deal:
    """A finished deal of a tactician-played learner (seat 0) against ``opponent``."""
    other = EagerBot() if opponent == "eager" else TacticianBot()
    return play_deal(
        gin.Deal.new(SPADES, dealer=1, rng=random.Random(seed)), (TacticianBot(), other)
    )


def test_only_eager_is_imagined_knocking_as_soon_as_it_can() -> None:
    assert imagined("eager") == OpponentModel.certain(hasty=True)
    for kind in ("tactician", "expert", None, "someone"):
        assert imagined(kind) is None and not imagines_hasty(kind)
    assert imagines_hasty("eager")


def test_the_review_of_a_deal_against_eager_imagines_a_hasty_opponent_in_every_decision() -> None:
    deal = _deal("eager")
    review = review_deal(deal, 0, worlds=WORLDS, opponent="eager")
    searched = [d for d in review.decisions if d.weighing.worlds > 0]
    assert searched
    assert review.opponent_hasty
    assert all(d.weighing.opponent_hasty for d in searched)


@pytest.mark.parametrize("opponent", ["tactician", "expert", None])
def test_the_review_of_a_deal_against_a_patient_opponent_stays_as_it_was(
    opponent: str | None,
) -> None:
    deal = _deal("tactician")
    review = review_deal(deal, 0, worlds=WORLDS, opponent=opponent)
    assert not review.opponent_hasty
    assert review == review_deal(deal, 0, worlds=WORLDS)
    assert not any(d.weighing.opponent_hasty for d in review.decisions)


def test_imagining_a_hasty_opponent_changes_the_values_the_worlds_find() -> None:
    """The same views weighed in the same worlds: with eager's hasty opponent the values
    differ somewhere (the imagined opponent really knocks as soon as it can), and the
    fixed-size yardstick ``weigh`` takes the opponent too."""
    deal = _deal("eager")
    differs = False
    for _i, view, made in learner_decisions(deal, 0):
        patient = weigh(view, made, worlds=WORLDS)
        hasty = weigh(view, made, worlds=WORLDS, opponent="eager")
        assert hasty.opponent_hasty and not patient.opponent_hasty
        differs |= [v.mean for v in patient.values] != [v.mean for v in hasty.values]
    assert differs


def test_play_it_again_in_an_eager_review_judges_in_the_reviews_own_hasty_worlds() -> None:
    deal = _deal("eager")
    review = review_deal(deal, 0, worlds=WORLDS, opponent="eager")
    tried = 0
    for d in review.decisions:
        others = [a for a in d.view.legal_actions if a not in (d.made, d.best)]
        if d.weighing.worlds == 0 or not others or d.exact is not None:
            continue
        other = others[0]
        answer = puzzle(d).judge(other)
        again = decide(d.index, d.view, other, d.weighing.start, opponent="eager")
        assert (answer.verdict, answer.loss) == (again.verdict, again.loss)
        tried += 1
        if tried == 2:
            break
    assert tried


def _panel_text(review_opponent: str) -> str:
    deal = _deal(review_opponent)
    review = review_deal(deal, 0, worlds=WORLDS, opponent=review_opponent)
    panel = ReviewPanel(review, 1, summarize([review]), "spades-double", lambda: None)
    return str(panel.head.value)


def test_the_review_against_eager_says_its_imagined_opponent_knocks_as_soon_as_it_can() -> None:
    sentence = M["review.intro-hasty"].render()
    assert "knocks as soon as it can" in sentence
    assert sentence in _panel_text("eager")
    assert 'class="gin-review-hasty"' in _panel_text("eager")
    assert "gin-review-hasty" not in _panel_text("tactician")


def test_the_launcher_reviews_with_the_opponent_the_table_names() -> None:
    table = TableController("spades-double", "eager", seed=3)
    learner = TacticianBot()
    while not table.game.deal.is_over:
        if table.learner_to_move():
            table.act(learner.choose(table.view()))
        else:
            table.opponent_step()
    launcher = ReviewLauncher(
        lambda: table.game, worlds=WORLDS, opponent=lambda: table.opponent_name
    )
    launcher.open_review(1)
    assert launcher.reviews[1].opponent_hasty
    assert launcher.panel is not None
    assert M["review.intro-hasty"].render() in launcher.panel.head.value
    plain = ReviewLauncher(lambda: table.game, worlds=WORLDS)
    plain.open_review(1)
    assert not plain.reviews[1].opponent_hasty


def test_the_hint_imagines_the_opponent_the_table_names(monkeypatch: pytest.MonkeyPatch) -> None:
    models: list[OpponentModel | None] = []
    real = hint_module.ExpertBot

    class Spy(real):  # type: ignore[misc, valid-type]
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            models.append(self.opponent_model)

    monkeypatch.setattr(hint_module, "ExpertBot", Spy)
    for name, expected in (("eager", OpponentModel.certain(hasty=True)), ("tactician", None)):
        table = TableController("spades-double", name, seed=4)
        while not table.learner_to_move():
            table.opponent_step()
        table.hint()
        assert models[-1] == expected
    view = table.view()
    hint_module.hint(view, playouts=16)
    assert models[-1] is None  # no opponent named: the patient opponent, as always


def test_the_hint_against_eager_can_advise_otherwise_than_against_a_patient_opponent() -> None:
    """Over a few positions the hasty opponent's imagined deals change the expert's
    analysis behind the hint (the values it weighs)."""
    differs = False
    for seed in (11, 12, 13):
        d = gin.Deal.new(SPADES, rng=random.Random(seed))
        d.apply(act.Pass())
        d.apply(act.Pass())
        d.apply(act.DrawStock())
        p = d.to_move
        assert p is not None
        view = d.view(p)
        a = hint_module.hint(view, playouts=40, opponent="eager")
        b = hint_module.hint(view, playouts=40)
        differs |= a != b
    assert differs
