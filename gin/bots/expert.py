"""``expert``: searches by simulation over guesses of the hidden cards.

At each decision that matters the expert:

1. lists a few candidate moves (the ``tactician``'s best discards, the knock, taking or
   leaving the top discard);
2. samples *worlds*: the opponent's hidden cards, agreeing with everything seen
   (:func:`~gin.bots.evaluate.sample_opponent_hand`), and the stock order;
3. plays every candidate to the end of the deal in every world, with the ``sensible``
   policy playing both sides (:func:`~gin.bots.simulate.sensible_playout`, close to the
   tactician's: it takes a card that melds, avoids feeding what the opponent is known to
   collect, waits for gin where the undercut bonus is big). Every candidate meets the
   same worlds, so the comparison is paired.
4. plays the candidate with the most points on average, unless it is the
   ``tactician``'s own choice that it would replace and the gain is within the noise of
   the simulations (less than ``confidence`` standard errors of the paired differences):
   then the tactician's choice stands. Small samples can't overrule good judgement.

The work is a fixed number of playouts (``playouts``) and the worlds are drawn from a
generator seeded by the position itself (:func:`~gin.bots.seeding.position_seed`), so the
same position always gets the same move, on any machine. ``budget_ms`` is only a safety
cap, far above what the default playouts take; it counts the CPU time of the process
(:func:`time.process_time`), not the wall clock, so a machine busy with other work slows
the search down without changing it. A search it cuts short says so
(``Analysis.stopped_early``).

The expert never takes the top discard (or the up card) to throw the same card back: a
card it takes is never among its discards, whatever the rules allow.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from fractions import Fraction

from gin import actions as act
from gin.bots.evaluate import best_discard, bits, sample_opponent_hand
from gin.bots.memory import Memory, remember
from gin.bots.opponent_model import DealEvidence, OpponentModel
from gin.bots.seeding import position_rng
from gin.bots.sensible import waits
from gin.bots.simulate import (
    DISCARD,
    DRAW,
    OFFER_DEALER,
    OFFER_NON_DEALER,
    PHASE_CODES,
    VOID,
    Outcome,
    Position,
    score,
    sensible_playout,
)
from gin.bots.tactician import TacticianBot, score_discards
from gin.deal import VOID_STOCK, Phase, PlayerView
from gin.errors import GinError, echo
from gin.i18n import M
from gin.melds import deadwood_of_mask

DEFAULT_PLAYOUTS = 360
"""Playouts per decision (shared among the candidates)."""
DEFAULT_BUDGET_MS = 3000.0
"""Safety cap on the CPU time of one decision, in milliseconds: the default playouts take a
small fraction of it (a p95 near 200 ms on this project's 2-core machine), so the cap
never decides a move at the default settings."""
MIN_WORLDS = 4
"""Worlds always searched, whatever the time cap."""
DEFAULT_CONFIDENCE = 1.0
"""Standard errors by which a searched move must beat the tactician's choice."""


@dataclass(frozen=True)
class CandidateValue:
    """What the search found for one candidate move."""

    action: act.Action
    mean: float
    """Average points for the player over the worlds (negative: the opponent scores)."""
    worlds: int
    endings: tuple[tuple[str, int], ...]
    """How the playouts ended, as (kind, count), from the player's point of view:
    ``win-knock``, ``win-gin``, ``undercut`` (the player was undercut), ``lose-knock``,
    ``lose-gin``, ``undercut-won`` (the player undercut the opponent), ``void`` ..."""

    def share(self, kind: str) -> float:
        """The share of playouts that ended as ``kind``."""
        n = sum(c for _, c in self.endings)
        return dict(self.endings).get(kind, 0) / n if n else 0.0


@dataclass(frozen=True)
class Analysis:
    """The expert's search at one decision."""

    action: act.Action
    values: tuple[CandidateValue, ...]
    """Every candidate searched, best first (empty when the move was forced or obvious)."""
    worlds: int
    stopped_early: bool
    """Whether the time cap cut the search short."""
    reason: str
    """``forced``, ``gin``, ``big-gin``, ``no-use`` (the top discard can't help),
    ``search`` (the best searched move) or ``judgement`` (the tactician's choice, which the
    search could not clearly beat)."""
    baseline: act.Action | None = None
    """The tactician's choice, which the search had to beat clearly."""

    def value_of(self, action: act.Action) -> CandidateValue | None:
        """The searched value of ``action``, if it was a candidate."""
        for v in self.values:
            if v.action == action:
                return v
        return None


def _ending(o: Outcome, me: int) -> str:
    if o.winner is None:
        return o.kind
    if o.kind == "undercut":
        return "undercut-won" if o.winner == me else "undercut"
    return ("win-" if o.winner == me else "lose-") + o.kind


def apply_candidate(pos: Position, action: act.Action) -> Outcome | None:
    """Apply the player to move's ``action`` to ``pos``; the outcome if it ends the deal."""
    me = pos.to_move
    rules = pos.rules
    if isinstance(action, act.Knock):
        kept = pos.hands[me] ^ action.card.mask
        return score(rules, pos.up_card, me, kept, pos.hands[1 - me])
    if isinstance(action, act.BigGin):
        return score(rules, pos.up_card, me, pos.hands[me], pos.hands[1 - me])
    if isinstance(action, act.Discard):
        pos.hands[me] ^= action.card.mask
        pos.pile.append(action.card.index)
        pos.taken = -1
        if len(pos.stock) <= VOID_STOCK:
            return VOID
        pos.phase = DRAW
        pos.to_move = 1 - me
        return None
    if isinstance(action, act.TakeUpCard | act.DrawDiscard):
        c = pos.pile.pop()
        pos.hands[me] |= 1 << c
        pos.taken = c
        pos.phase = DISCARD
        return None
    if isinstance(action, act.DrawStock):
        c = pos.stock.pop()
        pos.hands[me] |= 1 << c
        pos.taken = -1
        pos.stock_only = False
        pos.phase = DISCARD
        return None
    if isinstance(action, act.Pass):
        if pos.phase == OFFER_NON_DEALER:
            pos.phase = OFFER_DEALER
            pos.to_move = pos.dealer
        else:
            pos.phase = DRAW
            pos.to_move = 1 - pos.dealer
            pos.stock_only = True
        return None
    raise GinError(M["error.not-searchable"](action=echo(action)))


def world_outcomes(base: Position, cands: list[act.Action]) -> list[Outcome]:
    """How each of ``cands`` ends in the world ``base`` (each played to the end of the deal
    by :func:`~gin.bots.simulate.sensible_playout` on its own copy of the world)."""
    out = []
    for action in cands:
        pos = base.copy()
        o = apply_candidate(pos, action)
        out.append(o if o is not None else sensible_playout(pos))
    return out


def ending(o: Outcome, me: int) -> str:
    """How ``o`` ended from ``me``'s point of view (see :attr:`CandidateValue.endings`)."""
    return _ending(o, me)


def sample_world(
    view: PlayerView,
    mem: Memory,
    rng: random.Random,
    opponent_patient: bool = True,
    reads_play: bool = False,
) -> Position:
    """One guess at the whole deal: the opponent's hidden cards and the stock order.

    ``opponent_patient=False`` plays the imagined opponent as one that knocks as soon as
    the limit allows (see :attr:`~gin.bots.simulate.Position.patient`). With
    ``reads_play`` the guess of its hand also fits how that opponent plays
    (:func:`~gin.bots.evaluate.sample_opponent_hand`): one that knocks at once did not hold
    a knock and threw away the card leaving the least deadwood; a patient one may hold a
    knock while it waits for gin (where waiting pays and the stock is long), and is guessed
    as without the reading otherwise."""
    me = view.player
    hasty: bool | None = None
    if reads_play and not opponent_patient:
        hasty = True
    elif reads_play and waits(view.rules, view.stock_count):
        hasty = False
    opp = sample_opponent_hand(mem, rng, limit=view.knock_limit, hasty=hasty)
    stock = bits(mem.unseen & ~opp)
    rng.shuffle(stock)
    hands = [0, 0]
    hands[me] = mem.hand
    hands[1 - me] = opp
    known = [0, 0]
    known[me] = mem.opp_known
    known[1 - me] = mem.my_shown
    taken = view.taken_card.index if view.taken_card is not None else -1
    stock_only = view.phase is Phase.DRAW and act.DrawDiscard() not in view.legal_actions
    return Position(
        view.rules,
        view.up_card,
        view.dealer,
        hands,
        stock,
        [c.index for c in view.discard_pile],
        PHASE_CODES[view.phase],
        me,
        taken,
        stock_only,
        known,
        (True, opponent_patient) if me == 0 else (opponent_patient, True),
    )


class ExpertBot:
    """Chooses by simulation over sampled worlds (see the module's description).

    ``playouts`` is the number of playouts per decision, ``budget_ms`` the safety cap on
    the time, ``candidates`` how many of the best-looking discards are searched. ``rng``
    is accepted like every opponent's, but the search draws its worlds from the position
    (see the module), so the same view always gives the same move.
    ``opponent_model`` (:class:`~gin.bots.opponent_model.OpponentModel`) is how likely the
    opponent knocks as soon as the limit allows instead of waiting for gin: each imagined
    deal's opponent is hasty with the model's probability
    (:attr:`~gin.bots.opponent_model.OpponentModel.p_hasty`), drawn from the search's own
    seeded generator (so the search stays deterministic); a certain model draws nothing.
    ``opponent_knocks_at_once=True`` means a model certain of hasty (it takes the place of
    any ``opponent_model``); with neither, the imagined opponent is patient (as the hint
    and the review imagine the ``tactician`` and the ``expert``).
    ``reads_play`` (on by default) draws each world's guess of the opponent's hand to fit
    how that world's opponent plays (see :func:`sample_world`): a hasty one held no knock
    and threw away the card leaving the least deadwood; a patient one may hold a knock
    while it waits for gin.

    The expert a learner or a bot meets is :func:`gin.bots.make_bot`'s: its model starts
    from the prior of the opponent kind it faces (a learner's when not known) and learns
    from every finished deal, told by whoever plays it (:meth:`learn_deal`, through
    :func:`gin.bots.selfplay.tell_deal_over`).
    """

    name = "expert"

    def __init__(
        self,
        rng: random.Random | None = None,
        playouts: int = DEFAULT_PLAYOUTS,
        budget_ms: float = DEFAULT_BUDGET_MS,
        candidates: int = 4,
        confidence: float = DEFAULT_CONFIDENCE,
        opponent_knocks_at_once: bool = False,
        opponent_model: OpponentModel | None = None,
        reads_play: bool = True,
    ) -> None:
        self.rng = rng
        self.reads_play = reads_play
        self.opponent_knocks_at_once = opponent_knocks_at_once
        self.opponent_model = (
            OpponentModel.certain(hasty=True) if opponent_knocks_at_once else opponent_model
        )
        if playouts < 1:
            raise GinError(M["error.bad-playouts"](playouts=echo(playouts)))
        self.playouts = playouts
        self.budget_ms = budget_ms
        self.candidates = max(1, candidates)
        self.confidence = confidence

    def learn_deal(self, evidence: DealEvidence) -> None:
        """Learn from what a finished deal showed of the opponent
        (:meth:`OpponentModel.learn <gin.bots.opponent_model.OpponentModel.learn>`): the
        next decisions imagine the opponent by the new model. Without a model (a patient
        opponent) or with a certain one, nothing changes."""
        if self.opponent_model is not None:
            self.opponent_model = self.opponent_model.learn(evidence)

    def choose(self, view: PlayerView) -> act.Action:
        """The expert's choice for this view."""
        return self.analyse(view).action

    def candidate_actions(self, view: PlayerView, mem: Memory) -> tuple[list[act.Action], str]:
        """The moves worth searching, best-looking first, or one move and why."""
        legal = view.legal_actions
        ph = view.phase
        if ph is Phase.LAYOFF:
            return [act.LayOff()], "forced"
        if len(legal) == 1:
            return [legal[0]], "forced"
        if ph is Phase.DISCARD:
            if act.BigGin() in legal:
                return [act.BigGin()], "big-gin"
            taken = view.taken_card  # never thrown straight back
            knocks = [a for a in legal if isinstance(a, act.Knock) and a.card != taken]
            ranked = score_discards(view, mem)
            cands: list[act.Action] = [act.Discard(d.card) for d in ranked[: self.candidates]]
            if knocks:
                best = min(
                    knocks,
                    key=lambda a: (
                        deadwood_of_mask(mem.hand ^ a.card.mask),
                        -a.card.points,
                        -a.card.index,
                    ),
                )
                if deadwood_of_mask(mem.hand ^ best.card.mask) == 0:
                    return [best], "gin"
                cands.insert(0, best)
                top_knock = act.Knock(ranked[0].card)
                if top_knock in legal and top_knock != best:
                    cands.append(top_knock)
            return cands, "search"
        # the up-card offer or the draw
        take: act.Action = act.DrawDiscard() if ph is Phase.DRAW else act.TakeUpCard()
        skip: act.Action = act.DrawStock() if ph is Phase.DRAW else act.Pass()
        top = view.top_discard
        if top is None or take not in legal:
            return [skip], "forced"
        after, _ = best_discard(mem.hand | top.mask, top.mask)  # never thrown straight back
        if after >= deadwood_of_mask(mem.hand):
            return [skip], "no-use"
        return [take, skip], "search"

    def analyse(self, view: PlayerView) -> Analysis:
        """Search the decision and return the chosen move with every candidate's value."""
        if not view.my_turn or not view.legal_actions:
            raise GinError(M["error.not-your-turn"]())
        mem = remember(view)
        cands, reason = self.candidate_actions(view, mem)
        if len(cands) == 1:
            return Analysis(cands[0], (), 0, False, reason)
        rng = position_rng(view, "expert")
        baseline = TacticianBot().choose(view)
        if baseline not in cands:
            cands.append(baseline)
        return self.search(view, mem, cands, rng, baseline)

    def search(
        self,
        view: PlayerView,
        mem: Memory,
        cands: list[act.Action],
        rng: random.Random,
        baseline: act.Action | None = None,
    ) -> Analysis:
        """Evaluate ``cands`` by playouts over sampled worlds (see the module)."""
        me = view.player
        n = len(cands)
        worlds = max(MIN_WORLDS, self.playouts // n)
        deadline = time.process_time() + self.budget_ms / 1000.0
        totals = [0] * n
        per_world: list[list[int]] = [[] for _ in cands]
        endings: list[dict[str, int]] = [{} for _ in cands]
        done = 0
        stopped = False
        model = self.opponent_model
        p_hasty = 0.0 if model is None else model.p_hasty
        for w in range(worlds):
            if 0.0 < p_hasty < 1.0:
                patient = rng.random() >= p_hasty
            else:
                patient = p_hasty < 1.0
            base = sample_world(view, mem, rng, patient, self.reads_play)
            for k, o in enumerate(world_outcomes(base, cands)):
                v = o.value(me)
                totals[k] += v
                per_world[k].append(v)
                e = _ending(o, me)
                endings[k][e] = endings[k].get(e, 0) + 1
            done = w + 1
            if done >= MIN_WORLDS and time.process_time() > deadline and done < worlds:
                stopped = True
                break
        values = [
            CandidateValue(a, totals[k] / done, done, tuple(sorted(endings[k].items())))
            for k, a in enumerate(cands)
        ]
        order = sorted(range(n), key=lambda k: (-values[k].mean, k))
        ranked = tuple(values[k] for k in order)
        choice = ranked[0].action
        reason = "search"
        if baseline is not None and choice != baseline and self.confidence > 0:
            b = cands.index(baseline)
            diffs = [x - y for x, y in zip(per_world[order[0]], per_world[b], strict=True)]
            if within_noise(diffs, self.confidence):
                choice = baseline
                reason = "judgement"
        return Analysis(choice, ranked, done, stopped, reason, baseline)


def within_noise(diffs: list[int], confidence: float) -> bool:
    """Whether the mean of the paired differences ``diffs`` is at most ``confidence``
    standard errors (the sample standard deviation over the square root of their number).

    Worked out exactly, in integers and fractions, so the answer is the same on every
    machine and Python version (a float sum is not: Python 3.12 made ``sum()`` of floats
    compensated, and the static site's Pyodide runs 3.13). It matters: when a single world
    tells two moves apart, the mean is exactly one standard error.

    >>> within_noise([30] + [0] * 55, 1.0), within_noise([30, 30] + [0] * 54, 1.0)
    (True, False)
    >>> within_noise([-2, 1, 0], 1.0)
    True
    """
    n = len(diffs)
    s = sum(diffs)
    if s <= 0:
        return True
    # mean <= c * sqrt(var / n), with mean = s / n and var = (n*q - s*s) / (n * max(1, n-1)),
    # squared (both sides are positive): s*s * max(1, n-1) <= c*c * (n*q - s*s)
    q = sum(d * d for d in diffs)
    c = Fraction(confidence)
    return s * s * max(1, n - 1) <= c * c * (n * q - s * s)


__all__ = [
    "DEFAULT_BUDGET_MS",
    "DEFAULT_CONFIDENCE",
    "DEFAULT_PLAYOUTS",
    "Analysis",
    "CandidateValue",
    "ExpertBot",
    "apply_candidate",
    "ending",
    "sample_world",
    "within_noise",
    "world_outcomes",
]
