"""The expert's inferred opponent model (issue 39): a Beta belief that the opponent knocks
at once, its priors per opponent kind, its updates from what a finished deal shows, and
the expert's search imagining a hasty opponent with the model's probability."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gin
from benchmarks import openspiel_match
from gin import actions as act
from gin import tournament
from gin.bots import EagerBot, ExpertBot, TacticianBot, make_bot
from gin.bots import expert as expert_module
from gin.bots.opponent_model import (
    NO_EVIDENCE,
    DealEvidence,
    LearnsOpponent,
    OpponentModel,
    deal_evidence,
    learn_from_deals,
)
from gin.bots.selfplay import play_deal, play_game
from gin.bots.sensible import waits
from gin.ui.seats import OPPONENT
from gin.ui.table.controller import TableController

CLASSIC = gin.Rules.preset("classic")
SPADES = gin.Rules.preset("spades-double")

KINDS = ("eager", "tactician", "expert", "learner", None, "someone-else")


def test_priors_put_eager_most_hasty_the_patient_kinds_least_and_a_learner_even() -> None:
    eager = OpponentModel.prior("eager")
    tactician = OpponentModel.prior("tactician")
    expert = OpponentModel.prior("expert")
    learner = OpponentModel.prior("learner")
    assert eager.p_hasty > learner.p_hasty > tactician.p_hasty
    assert tactician == expert
    assert learner.p_hasty == 0.5
    assert OpponentModel.prior(None) == OpponentModel.prior("someone-else") == learner
    # the known kinds' priors are strong, the learner's weak: one deal moves it further
    assert (eager.hasty + eager.patient) > (learner.hasty + learner.patient)
    shift_learner = learner.p_hasty - learner.after_passed_up_knock().p_hasty
    shift_eager = eager.p_hasty - eager.after_passed_up_knock().p_hasty
    assert shift_learner > shift_eager > 0


@pytest.mark.parametrize("kind", KINDS)
def test_a_hasty_knock_makes_the_opponent_more_hasty_a_passed_up_knock_more_patient(
    kind: str | None,
) -> None:
    m = OpponentModel.prior(kind)
    assert m.after_hasty_knock().p_hasty > m.p_hasty
    assert m.after_passed_up_knock().p_hasty < m.p_hasty
    assert m.after_knock() == m  # a knock or gin a patient player would make too
    assert m.learn(DealEvidence("hasty-knock", 20, 5)) == m.after_hasty_knock()
    assert m.learn(DealEvidence("passed-up-knock", 12, 3)) == m.after_passed_up_knock()
    assert m.learn(DealEvidence("knock", 4, 7)) == m
    assert m.learn(NO_EVIDENCE) == m


def test_a_certain_model_is_exactly_sure_and_no_evidence_moves_it() -> None:
    hasty = OpponentModel.certain(hasty=True)
    patient = OpponentModel.certain(hasty=False)
    assert hasty.p_hasty == 1.0 and patient.p_hasty == 0.0
    assert hasty.after_passed_up_knock() == hasty
    assert patient.after_hasty_knock() == patient


EVIDENCE = st.sampled_from(
    [
        DealEvidence("hasty-knock", 15, 6),
        DealEvidence("knock", 3, 2),
        DealEvidence("passed-up-knock", 9, 4),
        NO_EVIDENCE,
    ]
)


@settings(max_examples=200, deadline=None)
@given(
    kind=st.sampled_from(KINDS),
    evidence=st.lists(EVIDENCE, max_size=60),
    seed=st.integers(0, 2**32 - 1),
)
def test_p_hasty_stays_strictly_between_0_and_1_and_updates_do_not_depend_on_order(
    kind: str | None, evidence: list[DealEvidence], seed: int
) -> None:
    m = OpponentModel.prior(kind)
    learnt = m.learn_all(evidence)
    shuffled = list(evidence)
    random.Random(seed).shuffle(shuffled)
    assert m.learn_all(shuffled) == learnt
    step = m
    for e in evidence:
        step = step.learn(e)
        assert 0.0 < step.p_hasty < 1.0
    assert step == learnt


def _deals(rules: gin.Rules, n: int, eager_seat: int) -> list[gin.Deal]:
    bots: list[EagerBot | TacticianBot] = [TacticianBot(), TacticianBot()]
    bots[eager_seat] = EagerBot()
    out = []
    for seed in range(n):
        d = gin.Deal.new(rules, dealer=seed % 2, rng=random.Random(700 + seed))
        out.append(play_deal(d, bots))
    return out


def _could_knock_on_last_discard(deal: gin.Deal, player: int) -> bool:
    """Replays ``deal`` up to ``player``'s last discard and asks the engine whether a knock
    with that card was legal there (an independent check of the shown-hand reading)."""
    last = max(
        i
        for i, (a, p) in enumerate(zip(deal.actions, deal.movers, strict=True))
        if p == player and isinstance(a, act.Discard)
    )
    d = gin.Deal.from_order(deal.rules, deal.order, deal.dealer)
    for a in deal.actions[:last]:
        d.apply(a)
    discard = deal.actions[last]
    assert isinstance(discard, act.Discard)
    return d.can(act.Knock(discard.card))


def test_evidence_read_from_real_deals_of_eager_against_tactician_agrees_with_the_deals() -> None:
    """From the tactician's seat, eager (which knocks at the first chance) shows knocks with
    deadwood while the stock is long, and never a passed-up knock; from eager's seat, the
    tactician (which waits for gin in spades-double while the stock is long) shows passed-up
    knocks and never a hasty knock. Each reading is checked against the deal itself."""
    deals = _deals(SPADES, 40, eager_seat=0)
    of_eager = [deal_evidence(d, 1) for d in deals]
    of_tactician = [deal_evidence(d, 0) for d in deals]
    kinds_eager = {e.kind for e in of_eager}
    kinds_tactician = {e.kind for e in of_tactician}
    assert "hasty-knock" in kinds_eager and "passed-up-knock" not in kinds_eager
    assert "passed-up-knock" in kinds_tactician and "hasty-knock" not in kinds_tactician
    for d, e_eager, e_tact in zip(deals, of_eager, of_tactician, strict=True):
        assert d.is_over
        if d.result is None:  # void: nothing to read
            assert e_eager == e_tact == NO_EVIDENCE
            continue
        for seat, e in ((1, e_eager), (0, e_tact)):
            opp = 1 - seat
            if e.kind == "hasty-knock":
                assert d.knocker == opp and d.result.knocker_deadwood > 0
                assert waits(d.rules, len(d.stock)) and e.stock == len(d.stock)
            elif e.kind == "knock":
                assert d.knocker == opp
            elif e.kind == "passed-up-knock":
                assert d.knocker == seat
                assert 0 < e.deadwood <= d.knock_limit
                assert _could_knock_on_last_discard(d, opp)
    learner = OpponentModel.prior("learner")
    assert (
        learn_from_deals(learner, deals, 1).p_hasty
        > 0.5
        > learn_from_deals(learner, deals, 0).p_hasty
    )


def test_evidence_of_an_unfinished_deal_is_none() -> None:
    d = gin.Deal.new(CLASSIC, rng=random.Random(3))
    assert deal_evidence(d, 0) == NO_EVIDENCE


def _positions(rules: gin.Rules, seeds: tuple[int, ...]) -> list[gin.PlayerView]:
    views = []
    for seed in seeds:
        d = gin.Deal.new(rules, rng=random.Random(seed))
        d.apply(gin.Pass())
        d.apply(gin.Pass())
        d.apply(gin.DrawStock())
        p = d.to_move
        assert p is not None
        views.append(d.view(p))
    return views


def test_expert_with_a_model_certain_of_hasty_chooses_exactly_as_with_knocks_at_once() -> None:
    certain = OpponentModel.certain(hasty=True)
    differs = False
    for view in _positions(SPADES, (11, 12, 13)):
        with_model = ExpertBot(playouts=40, opponent_model=certain).analyse(view)
        with_flag = ExpertBot(playouts=40, opponent_knocks_at_once=True).analyse(view)
        assert with_flag.values  # searched, not forced
        assert with_model == with_flag
        differs |= with_flag != ExpertBot(playouts=40).analyse(view)
    assert differs  # the hasty opponent is really imagined: the search finds other values


def test_expert_with_no_model_or_a_model_certain_of_patient_searches_exactly_as_before() -> None:
    assert ExpertBot().opponent_model is None
    patient = OpponentModel.certain(hasty=False)
    for view in _positions(SPADES, (11, 12)):
        before = ExpertBot(playouts=40).analyse(view)
        assert ExpertBot(playouts=40, opponent_model=patient).analyse(view) == before
        assert ExpertBot(playouts=40, opponent_model=None).analyse(view) == before


def test_expert_imagines_a_hasty_opponent_with_the_models_probability_deterministically(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each sampled world's opponent is hasty with probability ``p_hasty``, drawn from the
    search's own seeded generator: the same view gives the same worlds and the same move."""
    seen: list[bool] = []
    real = expert_module.sample_world

    def recording(
        view: gin.PlayerView,
        mem: object,
        rng: random.Random,
        opponent_patient: bool = True,
        reads_play: bool = False,
    ) -> object:
        seen.append(opponent_patient)
        return real(view, mem, rng, opponent_patient, reads_play)  # type: ignore[arg-type]

    monkeypatch.setattr(expert_module, "sample_world", recording)
    (view,) = _positions(SPADES, (11,))
    shares = {}
    for kind in ("eager", "learner", "tactician"):
        seen.clear()
        bot = ExpertBot(playouts=400, opponent_model=OpponentModel.prior(kind))
        first = bot.analyse(view)
        worlds = list(seen)
        seen.clear()
        assert bot.analyse(view) == first and seen == worlds
        shares[kind] = worlds.count(False) / len(worlds)
    assert shares["eager"] > shares["learner"] > shares["tactician"]
    assert 0 < shares["tactician"] and shares["eager"] < 1
    seen.clear()
    ExpertBot(playouts=40).analyse(view)
    assert seen and all(seen)


# ------------------------------------------------ one model, inferred where the expert plays


def _expert(opponent: str | None = None, **options: object) -> ExpertBot:
    bot = make_bot("expert", random.Random(1), opponent=opponent, playouts=24, **options)
    assert isinstance(bot, ExpertBot)
    return bot


@pytest.mark.parametrize("kind", ["eager", "tactician", "expert", None])
def test_make_bot_gives_the_expert_the_prior_of_the_opponent_kind_it_faces(
    kind: str | None,
) -> None:
    assert _expert(kind).opponent_model == OpponentModel.prior(kind)
    # unknown opponent (a learner at the table): the learner's even prior
    assert _expert().opponent_model == OpponentModel.prior("learner")


def test_make_bot_keeps_an_opponent_model_asked_for_and_other_bots_ignore_the_opponent() -> None:
    assert _expert("eager", opponent_model=None).opponent_model is None
    assert _expert("eager", opponent_knocks_at_once=True).opponent_model == OpponentModel.certain(
        hasty=True
    )
    assert isinstance(make_bot("tactician", random.Random(1), opponent="eager"), TacticianBot)
    assert not isinstance(make_bot("eager", random.Random(1), opponent="expert"), LearnsOpponent)
    assert isinstance(_expert(), LearnsOpponent)


def test_play_deal_tells_a_learning_expert_what_the_finished_deal_showed() -> None:
    expert = _expert()
    deal = play_deal(gin.Deal.new(SPADES, dealer=0, rng=random.Random(702)), (expert, EagerBot()))
    assert deal.is_over
    expected = OpponentModel.prior("learner").learn(deal_evidence(deal, 0))
    assert expert.opponent_model == expected


def test_a_game_against_eager_ends_up_believing_the_opponent_knocks_at_once() -> None:
    """Starting from a learner's even prior (as if eager were a stranger), the expert learns
    from every deal of the game (eager knocks with deadwood while the stock is long) and
    ends the game believing its opponent hasty."""
    expert = _expert()
    game = play_game((expert, EagerBot()), SPADES, seed=8)
    assert game.is_over and len(game.deals) > 1
    assert expert.opponent_model is not None
    assert expert.opponent_model.p_hasty > 0.5
    expected = learn_from_deals(OpponentModel.prior(None), game.deals, 0)
    assert expert.opponent_model == expected


def test_a_game_between_learning_experts_is_reproducible_deal_for_deal() -> None:
    def once() -> tuple[object, ...]:
        a, b = _expert("eager"), _expert("tactician")
        g = play_game((a, b), SPADES, seed=3)
        return (tuple(g.score_sheet), g.totals, a.opponent_model, b.opponent_model)

    assert once() == once()


def test_the_tournament_tells_each_opponent_whom_it_faces(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[str, str | None]] = []
    real = tournament.make_bot

    def spy(name: str, rng: random.Random, **options: object) -> object:
        seen.append((name, options.get("opponent")))  # type: ignore[arg-type]
        return real(name, rng, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(tournament, "make_bot", spy)
    tournament.run_tournament("expert", "eager", 1, "classic", seed=2, options_a={"playouts": 8})
    assert seen == [("expert", "eager"), ("eager", "expert")]


def test_the_table_expert_learns_from_each_finished_deal_from_the_learners_prior() -> None:
    table = TableController("spades-double", "expert", seed=21)
    table.bot = _expert()  # the table's own bot, with fewer playouts
    learner = EagerBot()
    while not table.game.deal.is_over:
        if table.learner_to_move():
            table.act(learner.choose(table.view()))
        else:
            table.opponent_step()
    bot = table.bot
    assert isinstance(bot, ExpertBot)
    evidence = deal_evidence(table.game.deal, OPPONENT)
    assert bot.opponent_model == OpponentModel.prior("learner").learn(evidence)
    # a new game meets a new opponent: the model starts again from the learner's prior
    table.new_game(seed=22)
    assert isinstance(table.bot, ExpertBot)
    assert table.bot.opponent_model == OpponentModel.prior("learner")


def test_the_openspiel_referee_tells_each_deals_bot_the_evidence_of_the_match_so_far() -> None:
    evidence = [DealEvidence("hasty-knock", 20, 6), NO_EVIDENCE, DealEvidence("knock", 3, 2)]
    bot = openspiel_match.bot_for_deal(lambda s: make_bot("expert", random.Random(s)), 5, evidence)
    assert isinstance(bot, ExpertBot)
    assert bot.opponent_model == OpponentModel.prior(None).learn_all(evidence)
    eager = openspiel_match.bot_for_deal(lambda s: make_bot("eager", random.Random(s)), 5, evidence)
    assert isinstance(eager, EagerBot)
