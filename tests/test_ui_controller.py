"""The table's model: seeds from the page, undo, hints."""

from __future__ import annotations

import random

import pytest
from conftest import views_of_random_deals

import gin
import gin.bots
from gin.ui.table.controller import TableController, parse_seed

NUMBER_CODES = ("not-a-number", "no-number", "number-too-long", "number-out-of-range")
"""The codes of gin.parse_whole_number's refusals."""


@pytest.mark.parametrize(
    "text", ["abc", "", " ", "-1", "1e5", "1e12", "1.5", "4.0", "1_0", "1" * 25, True, None]
)
def test_a_seed_that_is_not_a_whole_number_is_refused_clearly(text: object) -> None:
    with pytest.raises(gin.GinError) as err:
        parse_seed(text)
    assert err.value.code in NUMBER_CODES


def test_a_seed_is_read_from_text() -> None:
    assert parse_seed(" 42 ") == 42 and parse_seed(0) == 0


@pytest.mark.parametrize(("text", "n"), [("١٢", 12), ("໔໒", 42), (" 7 ", 7)])
def test_a_seed_and_an_answer_read_the_same_digits(text: str, n: int) -> None:
    """One parser for whole numbers (issue 9): what an answer box accepts, a seed box
    accepts too."""
    from gin.ui.lessons.exercise import parse_int

    assert parse_seed(text) == n == parse_int(text)


@pytest.mark.parametrize("text", ["1_0", "1e12", "1.5", "x" * 1_000_000])
def test_a_seed_and_an_answer_refuse_the_same_text(text: str) -> None:
    from gin.ui.lessons.exercise import parse_int
    from gin.ui.lessons.guard import AnswerError

    with pytest.raises(gin.NumberError) as err:
        parse_seed(text)
    with pytest.raises(AnswerError) as answer_err:
        parse_int(text)
    assert len(err.value.message) < 200 and len(answer_err.value.message) < 200


def test_a_bad_rule_set_or_opponent_leaves_the_game_as_it_was() -> None:
    c = TableController(seed=3)
    game = c.game
    with pytest.raises(gin.GinError, match="no rule set called"):
        c.new_game("poker")
    with pytest.raises(gin.GinError, match="no opponent called"):
        c.new_game(opponent="shark")
    assert c.game is game


def test_the_learner_is_player_zero_and_the_view_hides_the_opponent() -> None:
    c = TableController(seed=12)
    v = c.view()
    assert v.player == 0 and v.opponent_hand is None and len(v.hand) in (10, 11)


def test_undo_removes_the_learners_last_move_and_the_opponents_replies() -> None:
    c = TableController(seed=40)
    while c.opponent_to_move():
        c.opponent_step()
    start = c.deal.snapshot()
    first = c.view().legal_actions[0]
    c.act(first)
    while c.opponent_to_move():
        c.opponent_step()
    c.undo()
    assert c.deal.snapshot() == start
    with pytest.raises(gin.GinError, match="nothing to undo"):
        c.undo()


def test_an_illegal_learner_action_changes_nothing() -> None:
    c = TableController(seed=40)
    while c.opponent_to_move():
        c.opponent_step()
    before = c.deal.snapshot()
    with pytest.raises(gin.IllegalActionError):
        c.act(gin.BigGin())
    assert c.deal.snapshot() == before and not c.can_undo()


def test_the_hint_suggests_a_legal_move_in_every_phase() -> None:
    for view in views_of_random_deals(2, random.Random(5)):
        h = gin.bots.hint(view, playouts=4)
        assert h.action in view.legal_actions and h.steps


def test_the_best_discard_leaves_the_least_deadwood_and_honours_the_card_just_taken() -> None:
    """Rule: the card just taken from the discard pile may not be thrown back (classic)."""
    deal = gin.Deal.new(gin.Rules.preset("classic"), dealer=1, seed=3)
    top = deal.view(0).up_card
    deal.apply(gin.TakeUpCard())
    view = deal.view(0)
    assert view.taken_card == top and not view.rules.may_discard_taken_card
    others = [gin.deadwood([c for c in view.hand if c != x]) for x in view.hand if x != top]
    assert view.best_discard is not None and view.best_discard.deadwood == min(others)
    assert top not in [ch.card for ch in view.discard_choices]
    steps = gin.turn_steps(view)
    assert steps[0].code == "taken-card" and steps[0].data == {"card": top.code}


# ---------------------------------------------------------------- fair-play undo (issue 22)


def test_the_issue_case_pass_then_the_opponent_takes_and_throws() -> None:
    """``04_play.ipynb?seed=5&opponent=eager``: the learner passes, the opponent takes the
    up card and throws a card. Undo would hand that card back to the opponent's hidden
    hand, where the learner now knows it is: refused, and the button says so first."""
    c = TableController("classic", "eager", seed=5)
    while c.opponent_to_move():
        c.opponent_step()
    assert gin.Pass() in c.view().legal_actions
    c.act(gin.Pass())
    moved = 0
    while c.opponent_to_move():
        c.opponent_step()
        moved += 1
        assert not c.can_undo()
    assert moved
    before = c.deal.snapshot()
    with pytest.raises(gin.UndoRefusedError) as err:
        c.undo()
    assert err.value.code == "undo-opponent-moved"
    assert c.deal.snapshot() == before


@pytest.mark.parametrize("opponent", ["eager", "tactician"])
@pytest.mark.parametrize("rules", ["classic", "spades-double"])
def test_undo_never_crosses_an_opponents_move_and_the_button_agrees(
    rules: str, opponent: str
) -> None:
    """Over many seeds: after each kind of opponent move (a take or pass of the up card, a
    draw from the stock or the discard pile, a discard) undo is refused and ``can_undo``
    (the Undo button) says so; before the opponent moves, the learner's own moves that
    showed nothing (a take, a draw from the discard pile, a discard) can be taken back,
    and the position is the one before them."""
    seen: set[str] = set()
    for seed in range(12):
        c = TableController(rules, opponent, seed=seed)
        rng = random.Random(seed)
        for _ in range(40):
            if c.deal.is_over or c.game.is_over:
                break
            if c.opponent_to_move():
                action, _events = c.opponent_step()
                seen.add(action.text.split()[0])
                if any(m[0] == c.deal_number for m in c._marks):
                    assert not c.can_undo()
                    with pytest.raises(gin.GinError):
                        c.undo()
                continue
            legal = [a for a in c.view().legal_actions if not isinstance(a, gin.Knock | gin.BigGin)]
            before = c.deal.snapshot()
            c.act(rng.choice(legal))
            if c.can_undo():
                c.undo()
                assert c.deal.snapshot() == before
                c.act(rng.choice(legal))
            else:
                with pytest.raises(gin.GinError):
                    c.undo()
    assert {"take", "pass", "draw-stock", "discard"} <= seen
