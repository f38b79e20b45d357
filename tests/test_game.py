"""A game to the target (RULES.md, "The game" and "A void deal"): dealers, the score
sheet, the final score, undo, saving and restoring."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from conftest import play_at_random

import gin
from gin.match import _checksum

StackOrder = Callable[..., list[gin.Card]]

CLASSIC = gin.Rules.preset("classic")
SPADES = gin.Rules.preset("spades-double")

GIN_HAND = "AH 2H 3H 5D 6D 7D JC JD JH KS"
"""Takes the up card 8♦ and goes gin discarding K♠."""
JUNK = "5S 6S 9C TC KH KD 3C 9S 4S QH"
"""Run 4♠5♠6♠; deadwood 9♣ 10♣ K♥ K♦ 3♣ 9♠ Q♥ = 61."""
GIN_POINTS = 61 + 25


def c(code: str) -> gin.Card:
    return gin.Card.parse(code)


def non_dealer_gins(stack: StackOrder) -> list[gin.Card]:
    return stack(GIN_HAND, JUNK, "8D")


def dealer_gins(stack: StackOrder) -> list[gin.Card]:
    return stack(JUNK, GIN_HAND, "8D")


def play_gin(game: gin.Game, by_dealer: bool = False) -> None:
    """Play a stacked gin deal: the non-dealer (or, after a pass, the dealer) takes 8♦."""
    if by_dealer:
        game.apply(gin.Pass())
    game.apply(gin.TakeUpCard())
    game.apply(gin.Knock(c("KS")))
    assert game.deal.phase is gin.Phase.SCORED


def play_void(game: gin.Game) -> None:
    """Both pass, then draw and discard the drawn card until the deal ends void."""
    game.apply(gin.Pass())
    game.apply(gin.Pass())
    while not game.deal.is_over:
        top = game.deal.stock_top_first()[0]
        game.apply(gin.DrawStock())
        events = game.apply(gin.Discard(top))
    assert events[-1] == gin.DealVoided()


# ---------------------------------------------------------------- dealers


def test_first_dealer_is_a_seeded_random_choice() -> None:
    dealers = {gin.Game(CLASSIC, seed=s).first_dealer for s in range(20)}
    assert dealers == {0, 1}
    assert gin.Game(CLASSIC, seed=4).first_dealer == gin.Game(CLASSIC, seed=4).first_dealer
    assert gin.Game(CLASSIC, seed=4, first_dealer=1).deal.dealer == 1


def test_the_callers_generator_is_not_advanced() -> None:
    rng = random.Random(9)
    state = rng.getstate()
    gin.Game(CLASSIC, rng=rng)
    assert rng.getstate() == state
    with pytest.raises(gin.IllegalActionError) as err:
        gin.Game(CLASSIC)
    assert err.value.code == "no-seed"


def test_next_dealer_is_the_winner_in_classic(stack: StackOrder) -> None:
    game = gin.Game(CLASSIC, seed=1, first_dealer=0, orders=[dealer_gins(stack)])
    play_gin(game, by_dealer=True)
    assert game.deal.outcome()[0] == 0
    game.next_deal()
    assert game.deal.dealer == 0  # the dealer won, so deals again


def test_dealers_alternate_in_spades_double(stack: StackOrder) -> None:
    game = gin.Game(SPADES, seed=1, first_dealer=0, orders=[dealer_gins(stack)])
    play_gin(game, by_dealer=True)
    assert game.deal.outcome()[0] == 0
    game.next_deal()
    assert game.deal.dealer == 1


def test_the_non_dealer_winning_in_classic_deals_next(stack: StackOrder) -> None:
    game = gin.Game(CLASSIC, seed=1, first_dealer=0, orders=[non_dealer_gins(stack)])
    play_gin(game)
    game.next_deal()
    assert game.deal.dealer == 1


@pytest.mark.parametrize("preset", ["classic", "spades-double"])
def test_a_void_deal_is_redealt_by_the_same_dealer(stack: StackOrder, preset: str) -> None:
    game = gin.Game(gin.Rules.preset(preset), seed=2, first_dealer=1, orders=[dealer_gins(stack)])
    play_void(game)
    assert game.deal.phase is gin.Phase.VOID
    assert game.totals == (0, 0)
    game.next_deal()
    assert game.deal.dealer == 1
    sheet = game.score_sheet
    assert len(sheet) == 1
    assert (sheet[0].kind, sheet[0].winner, sheet[0].points, sheet[0].totals) == (
        "void", None, 0, (0, 0)
    )  # fmt: skip


def test_next_deal_waits_for_the_deal_to_end() -> None:
    game = gin.Game(CLASSIC, seed=3)
    assert not game.can_start_next_deal()
    with pytest.raises(gin.IllegalActionError) as err:
        game.next_deal()
    assert err.value.code == "deal-not-over"


# ---------------------------------------------------------------- the score sheet


def three_gins(stack: StackOrder, rules: gin.Rules) -> gin.Game:
    """Player 1 gins, player 0 gins, player 1 gins (86 points each), dealer 0 first."""
    game = gin.Game(rules, seed=5, first_dealer=0, orders=[non_dealer_gins(stack)] * 3)
    play_gin(game)  # dealer 0: player 1 wins
    game.next_deal()
    play_gin(game)  # dealer 1 (the winner): player 0 wins
    game.next_deal()
    play_gin(game)  # dealer 0: player 1 wins
    return game


def test_score_sheet_records_every_deal_with_running_totals(stack: StackOrder) -> None:
    game = three_gins(stack, CLASSIC)
    rows = [(r.number, r.dealer, r.up_card.code, r.kind, r.winner, r.points, r.doubled, r.totals)
            for r in game.score_sheet]  # fmt: skip
    assert rows == [
        (1, 0, "8D", "gin", 1, GIN_POINTS, False, (0, 86)),
        (2, 1, "8D", "gin", 0, GIN_POINTS, False, (86, 86)),
        (3, 0, "8D", "gin", 1, GIN_POINTS, False, (86, 172)),
    ]
    assert game.totals == (86, 172)


def test_the_first_player_to_reach_the_target_wins(stack: StackOrder) -> None:
    game = gin.Game(CLASSIC, seed=5, first_dealer=0, orders=[non_dealer_gins(stack)] * 3)
    play_gin(game)
    game.next_deal()
    play_gin(game)
    assert game.winner is None and not game.is_over and game.can_start_next_deal()
    game.next_deal()
    play_gin(game)
    assert game.winner == 1 and game.is_over and not game.can_start_next_deal()
    with pytest.raises(gin.IllegalActionError) as err:
        game.next_deal()
    assert err.value.code == "game-over"


def test_reaching_the_target_exactly_wins(stack: StackOrder) -> None:
    rules = gin.Rules.preset("classic", target=GIN_POINTS)
    game = gin.Game(rules, seed=1, first_dealer=0, orders=[non_dealer_gins(stack)])
    play_gin(game)
    assert game.totals == (0, GIN_POINTS) and game.winner == 1


def one_gin_game(stack: StackOrder, rules: gin.Rules) -> gin.Game:
    """Player 1 gins in the first deal (86 points) and reaches the target."""
    game = gin.Game(rules, seed=1, first_dealer=0, orders=[non_dealer_gins(stack)])
    play_gin(game)
    assert game.is_over
    return game


def test_final_score_without_options_is_the_running_totals(stack: StackOrder) -> None:
    final = one_gin_game(stack, CLASSIC.replace(target=50)).final_score()
    assert (final.winner, final.scores) == (1, (0, GIN_POINTS))
    assert [s.code for s in final.steps] == ["totals", "final"]
    assert [s.number for s in final.steps] == [1, 2]


def test_final_score_adds_box_and_game_bonuses(stack: StackOrder) -> None:
    rules = CLASSIC.replace(target=50, box_bonus=20, game_bonus=100)
    final = one_gin_game(stack, rules).final_score()
    assert final.scores == (0, GIN_POINTS + 20 + 100)
    assert [s.code for s in final.steps] == ["totals", "box", "game-bonus", "final"]


def test_a_shutout_doubles_the_winners_game_score(stack: StackOrder) -> None:
    rules = CLASSIC.replace(target=50, box_bonus=20, game_bonus=100, shutout_doubles=True)
    final = one_gin_game(stack, rules).final_score()
    assert final.winner == 1
    assert final.scores == (0, (GIN_POINTS + 20 + 100) * 2)
    assert [s.code for s in final.steps] == ["totals", "box", "game-bonus", "shutout", "final"]


def test_final_score_box_bonus_counts_deals_won_and_no_shutout_if_the_loser_scored(
    stack: StackOrder,
) -> None:
    game = three_gins(stack, CLASSIC.replace(box_bonus=20, game_bonus=100, shutout_doubles=True))
    final = game.final_score()
    assert final.scores == (86 + 20, 172 + 2 * 20 + 100)
    assert [s.code for s in final.steps] == ["totals", "box", "game-bonus", "final"]


def test_final_score_waits_for_the_end_of_the_game() -> None:
    with pytest.raises(gin.IllegalActionError) as err:
        gin.Game(CLASSIC, seed=1).final_score()
    assert err.value.code == "game-not-over"


def test_a_doubled_deal_is_marked_on_the_score_sheet(stack: StackOrder) -> None:
    order = stack("AH 2H 3H 5D 6D 7D 8D JC JD KC", JUNK, "JS")
    game = gin.Game(SPADES, seed=1, first_dealer=0, orders=[order])
    game.apply(gin.TakeUpCard())
    game.apply(gin.Knock(c("KC")))  # gin with J♠ J♦ J♣
    row = game.score_sheet[0]
    assert row.doubled and row.points == 2 * GIN_POINTS


# ---------------------------------------------------------------- undo


def test_undo_takes_back_the_last_action(stack: StackOrder) -> None:
    game = gin.Game(CLASSIC, seed=1, first_dealer=0, orders=[non_dealer_gins(stack)])
    start = game.deal.snapshot()
    game.apply(gin.Pass())
    after_pass = game.deal.snapshot()
    game.apply(gin.TakeUpCard())
    assert game.undo() == "take"
    assert game.deal.snapshot() == after_pass
    assert game.undo() == "pass"
    assert game.deal.snapshot() == start
    with pytest.raises(gin.IllegalActionError) as err:
        game.undo()
    assert err.value.code == "nothing-to-undo"


def _first_stock_draw(seed: int) -> gin.Game:
    """A game played by simple moves up to just after its first draw from the stock."""
    game = gin.Game(CLASSIC, seed=seed)
    while True:
        legal = game.deal.legal_actions()
        if gin.DrawStock() in legal:
            game.apply(gin.DrawStock())
            return game
        game.apply(gin.Pass() if gin.Pass() in legal else legal[0])


@pytest.mark.parametrize("seed", range(200))
def test_fair_play_a_draw_from_the_stock_is_never_taken_back(seed: int) -> None:
    """Fair play (issue 9): taking back a stock draw would show the stock's top card."""
    game = _first_stock_draw(seed)
    before = game.to_json(), game.deal.snapshot()
    with pytest.raises(gin.UndoRefusedError) as err:
        game.undo()
    assert err.value.code == "undo-stock-drawn" and "stock" in err.value.message
    assert (game.to_json(), game.deal.snapshot()) == before  # nothing changed


def test_fair_play_undo_stops_at_a_stock_draw_even_several_moves_back() -> None:
    game = _first_stock_draw(3)
    game.apply(gin.Discard(game.deal.hand(game.deal.to_move)[0]))
    assert game.undo().startswith("discard")  # the discard itself may be taken back
    with pytest.raises(gin.UndoRefusedError):
        game.check_undo(1)
    game.apply(gin.Discard(game.deal.hand(game.deal.to_move)[0]))
    log = list(game.log)
    with pytest.raises(gin.UndoRefusedError) as err:
        game.check_undo(2)  # the discard and the draw before it: all or nothing
    assert err.value.code == "undo-stock-drawn" and game.log == log


def test_fair_play_a_knock_and_a_finished_deal_are_never_taken_back(stack: StackOrder) -> None:
    """The knocker's hand (and, at the end, both hands) were shown face up."""
    orders = [non_dealer_gins(stack)]
    game = gin.Game(CLASSIC.replace(target=1000), seed=1, first_dealer=0, orders=orders)
    play_gin(game)
    with pytest.raises(gin.UndoRefusedError) as err:
        game.undo()
    assert err.value.code == "undo-deal-over"
    game.next_deal()
    assert game.undo() == "next-deal"  # nothing hidden was shown: allowed
    with pytest.raises(gin.UndoRefusedError):
        game.undo()


def test_fair_play_a_knock_awaiting_layoffs_is_not_taken_back() -> None:
    """After a knock the knocker's melds lie face up while the defender lays off."""
    found = 0
    for seed in range(60):
        game = gin.Game(CLASSIC, seed=seed)
        rng = random.Random(seed)
        while not game.deal.is_over and game.deal.phase is not gin.Phase.LAYOFF:
            legal = game.deal.legal_actions()
            knocks = [a for a in legal if isinstance(a, gin.Knock)]
            game.apply(knocks[0] if knocks else rng.choice(legal))
        if game.deal.phase is gin.Phase.LAYOFF:
            found += 1
            with pytest.raises(gin.UndoRefusedError) as err:
                game.undo()
            assert err.value.code == "undo-cards-shown" and game.log[-1].startswith("knock")
    assert found > 0


def test_undo_crosses_the_start_of_a_deal(stack: StackOrder) -> None:
    rules = CLASSIC.replace(target=1000)
    game = gin.Game(rules, seed=8, first_dealer=0, orders=[non_dealer_gins(stack)])
    play_gin(game)
    finished = game.deal.snapshot()
    totals = game.totals
    game.next_deal()
    game.apply(gin.Pass())
    second = game.deal.order
    assert game.undo() == "pass"
    assert game.undo() == "next-deal"
    assert len(game.deals) == 1 and game.deal.snapshot() == finished
    assert game.totals == totals and len(game.score_sheet) == 1
    game.next_deal()
    assert game.deal.order == second  # the shuffle is the same after undoing
    fresh = gin.Game(game.rules, seed=8, first_dealer=0, orders=[non_dealer_gins(stack)])
    play_gin(fresh)
    fresh.next_deal()
    assert fresh == game


# ---------------------------------------------------------------- saving


def random_game(seed: int, steps: int, rules: gin.Rules = CLASSIC) -> gin.Game:
    game = gin.Game(rules, seed=seed)
    play_at_random(game, random.Random(seed), steps)
    return game


def test_a_game_saved_mid_deal_restores_equal_and_plays_on_equal() -> None:
    game = random_game(11, 150)
    if game.deal.is_over:
        game.next_deal()
    game.apply(game.deal.legal_actions()[-1])
    assert not game.deal.is_over and len(game.deals) > 1
    restored = gin.Game.from_json(game.to_json())
    assert restored == game
    assert restored.log == game.log and restored.totals == game.totals
    assert restored.deal.snapshot() == game.deal.snapshot()
    for g in (game, restored):
        if g.deal.is_over:
            g.next_deal()
        g.apply(g.deal.legal_actions()[0])
    assert restored == game


def test_a_game_replayed_from_its_log_is_equal() -> None:
    game = random_game(12, 200)
    assert game.replay() == game


def test_the_save_format_is_versioned_json() -> None:
    data = json.loads(gin.Game(CLASSIC, seed=1).to_json())
    assert data["format"] == "oklahoma-gin-game"
    assert data["version"] == 1
    assert set(data) >= {"rules", "first_dealer", "rng_state", "orders", "log", "checksum"}


def resave(data: dict[str, object]) -> str:
    """The JSON of ``data`` with a freshly computed, valid checksum."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    body["checksum"] = _checksum(body)
    return json.dumps(body)


@pytest.mark.parametrize("text", ["", "not json", "{", b"\xff\xfe"])
def test_from_json_refuses_text_that_is_not_json(text: str | bytes) -> None:
    with pytest.raises(gin.SaveFileError) as err:
        gin.Game.from_json(text)
    assert err.value.code == "not-json"


@pytest.mark.parametrize("text", ["[]", "5", '{"format": "chess", "version": 1}', "{}"])
def test_from_json_refuses_another_format(text: str) -> None:
    with pytest.raises(gin.SaveFileError) as err:
        gin.Game.from_json(text)
    assert err.value.code == "wrong-format"


def test_from_json_refuses_an_unknown_version() -> None:
    data = json.loads(gin.Game(CLASSIC, seed=1).to_json())
    data["version"] = 2
    with pytest.raises(gin.SaveFileError) as err:
        gin.Game.from_json(resave(data))
    assert err.value.code == "unknown-version"
    assert err.value.data == {"version": "2", "expected": 1}


def test_from_json_refuses_a_tampered_log() -> None:
    game = random_game(13, 40)
    data = json.loads(game.to_json())
    i = next(i for i, a in enumerate(data["log"]) if a.startswith("discard "))
    data["log"][i] = "discard AS" if data["log"][i] != "discard AS" else "discard 2S"
    with pytest.raises(gin.SaveFileError) as err:
        gin.Game.from_json(json.dumps(data))  # the old checksum kept
    assert err.value.code == "tampered"


def test_from_json_refuses_a_missing_checksum() -> None:
    data = json.loads(gin.Game(CLASSIC, seed=1).to_json())
    del data["checksum"]
    with pytest.raises(gin.SaveFileError) as err:
        gin.Game.from_json(json.dumps(data))
    assert err.value.code == "tampered"


def test_from_json_refuses_an_illegal_action_even_with_a_valid_checksum() -> None:
    data = json.loads(gin.Game(CLASSIC, seed=1).to_json())
    data["log"] = ["draw-discard"]  # the up card is being offered
    with pytest.raises(gin.SaveFileError) as err:
        gin.Game.from_json(resave(data))
    assert err.value.code == "cannot-restore"
    # the replay's own refusal is kept, as a nested sentence
    assert err.value.data == {"reason": {"key": "error.offer-pending", "data": {}}}


@pytest.mark.parametrize(
    ("key", "value", "code"),
    [
        # damaged structure
        ("log", "take", "damaged"),
        ("log", [5], "damaged"),
        ("rng_state", [3, [1, 2, 3], None], "damaged"),
        ("rng_state", "seed", "damaged"),
        # well-formed, but the engine refuses the content: the reason is kept
        ("log", ["fly away"], "cannot-restore"),
        ("rules", {"target": 0}, "cannot-restore"),
        ("rules", "classic", "cannot-restore"),
        ("first_dealer", 2, "cannot-restore"),
        ("orders", ["AS 2S"], "cannot-restore"),
        ("rules", {**CLASSIC.to_dict(), "target": 5}, "cannot-restore"),
        ("rules", {**CLASSIC.to_dict(), "target": 10**30}, "cannot-restore"),
        ("rules", {**CLASSIC.to_dict(), "target": True}, "cannot-restore"),
        ("rng_state", [3, [-1] * 624 + [624], None], "damaged"),
        ("rng_state", [3, [2**40] * 624 + [624], None], "damaged"),
        ("rng_state", [3, [1] * 624 + [625], None], "damaged"),
        ("rng_state", [3.5, [1] * 624 + [624], None], "damaged"),
        ("rng_state", [3, [1] * 624 + [624], "x"], "damaged"),
    ],
)
def test_from_json_refuses_damaged_content_with_a_valid_checksum(
    key: str, value: object, code: str
) -> None:
    data = json.loads(gin.Game(CLASSIC, seed=1).to_json())
    data[key] = value
    with pytest.raises(gin.SaveFileError) as err:
        gin.Game.from_json(resave(data))
    assert err.value.code == code


def test_from_json_refuses_a_version_that_is_true_not_1() -> None:
    """``True == 1`` in Python, but a save's version is a whole number, not a flag."""
    data = json.loads(gin.Game(CLASSIC, seed=1).to_json())
    data["version"] = True
    with pytest.raises(gin.SaveFileError) as err:
        gin.Game.from_json(resave(data))
    assert err.value.code == "unknown-version"


@pytest.mark.parametrize("depth", [10_000, 200_000])
def test_from_json_refuses_deeply_nested_json_as_a_save_file_error(depth: int) -> None:
    with pytest.raises(gin.SaveFileError) as err:
        gin.Game.from_json("[" * depth + "]" * depth)
    assert err.value.code in ("json-too-deep", "not-json", "wrong-format")
    head = '{"format": "oklahoma-gin-game", "version": 1, "log": '
    nested = head + "[" * depth + "]" * depth + "}"
    with pytest.raises(gin.SaveFileError):
        gin.Game.from_json(nested)


def test_a_save_error_quotes_only_a_short_prefix_of_a_huge_save() -> None:
    with pytest.raises(gin.SaveFileError) as err:
        gin.Game.from_json("x" * 1_000_000)
    assert len(err.value.message) < 300


def test_from_json_refuses_a_missing_field_with_a_valid_checksum() -> None:
    data = json.loads(gin.Game(CLASSIC, seed=1).to_json())
    del data["log"]
    with pytest.raises(gin.SaveFileError) as err:
        gin.Game.from_json(resave(data))
    assert err.value.code == "damaged"


def test_a_finished_game_saves_and_restores(stack: StackOrder) -> None:
    game = one_gin_game(stack, SPADES.replace(target=80))
    restored = gin.Game.from_json(game.to_json())
    assert restored == game and restored.score_sheet == game.score_sheet


def test_a_game_over_refuses_more_actions(stack: StackOrder) -> None:
    game = one_gin_game(stack, CLASSIC.replace(target=80))
    with pytest.raises(gin.IllegalActionError) as err:
        game.apply(gin.LayOff())
    assert err.value.code == "game-over"


def test_a_game_over_is_not_undone(stack: StackOrder) -> None:
    game = one_gin_game(stack, CLASSIC.replace(target=80))
    with pytest.raises(gin.UndoRefusedError) as err:
        game.undo()
    assert err.value.code == "undo-deal-over" and game.is_over


def test_a_saved_game_has_more_deals_and_restores_equal(stack: StackOrder) -> None:
    game = three_gins(stack, SPADES.replace(target=1000))
    restored = gin.Game.from_json(game.to_json())
    assert restored == game
    assert restored.score_sheet == game.score_sheet
    assert restored.replay() == game


def test_running_totals_are_the_sums_of_the_deal_points() -> None:
    for seed in range(6):
        game = random_game(seed, 3000, CLASSIC.replace(target=60))
        totals = [0, 0]
        for row in game.score_sheet:
            if row.winner is not None:
                totals[row.winner] += row.points
            assert row.totals == (totals[0], totals[1])
        assert game.totals == (totals[0], totals[1])


# ---------------------------------------------------------------- undo for a viewer (issue 22)


@pytest.mark.parametrize("rules", [CLASSIC, SPADES], ids=["classic", "spades-double"])
def test_undo_for_a_player_never_takes_back_a_move_of_the_other(rules: gin.Rules) -> None:
    """Fair play (issue 22): an undo asked by one player never returns to a position in
    which they know something they could not know there: no move of the other player (a
    discard, a draw or take of a face-up card, a pass, a stock draw) is taken back, nor a
    card the asker saw turned (their stock draw, a knock); ``can_undo`` agrees with
    ``check_undo`` everywhere, and a refusal changes nothing. Many seeds, random play."""
    kinds: set[str] = set()
    for seed in range(30):
        game = gin.Game(rules, seed=seed)
        rng = random.Random(seed)
        movers: list[int] = []  # kept here, independently of the engine's own record
        for _ in range(60):
            if game.is_over:
                break
            if game.deal.is_over:
                game.next_deal()
                movers = []
                continue
            movers.append(game.deal.to_move)
            legal = game.deal.legal_actions()
            game.apply(rng.choice(legal))
            kinds.add(game.log[-1].split()[0])
            for viewer in (0, 1):
                for count in range(1, min(4, len(movers)) + 1):
                    allowed = game.can_undo(count, viewer)
                    taken_back = game.log[-count:]
                    fair = all(m == viewer for m in movers[-count:]) and not any(
                        e == "draw-stock" or e.startswith(("knock", "big-gin")) for e in taken_back
                    )
                    assert allowed == (fair and not game.deal.is_over), (seed, taken_back)
                    if not allowed:
                        log = list(game.log)
                        with pytest.raises(gin.UndoRefusedError):
                            game.check_undo(count, viewer)
                        assert game.log == log
    assert {"take", "pass", "draw-stock", "draw-discard", "discard"} <= kinds


def test_undo_without_a_viewer_keeps_the_rules_for_everyone() -> None:
    """With no viewer (the engine's own undo, a replay), only the cards seen stop it."""
    game = gin.Game(CLASSIC, seed=5, first_dealer=0)
    game.apply(gin.Pass())  # player 1
    game.apply(gin.TakeUpCard())  # player 0
    assert game.can_undo(2) and not game.can_undo(2, viewer=0) and not game.can_undo(2, 1)
    assert game.can_undo(1, viewer=0) and not game.can_undo(1, viewer=1)


@pytest.mark.parametrize("seed", range(6))
def test_fair_play_the_game_is_dealt_again_only_once_its_deal_is_over(seed: int) -> None:
    """Fair play ("Replay this game"): dealing the same cards again mid-deal would show what
    is still hidden, so the engine refuses it (``replay-mid-deal``) until the deal is over,
    and changes nothing when it refuses."""
    game = gin.Game(gin.Rules.preset("classic"), seed=seed, first_dealer=0)
    rng = random.Random(seed)
    while not game.deal.is_over:
        assert not game.can_deal_again()
        log = list(game.log)
        with pytest.raises(gin.IllegalActionError) as err:
            game.check_deal_again()
        assert err.value.code == "replay-mid-deal" and game.log == log
        assert "hidden" in str(err.value)
        play_at_random(game, rng, 1)
    assert game.can_deal_again()
    game.check_deal_again()  # once the deal is over: allowed
