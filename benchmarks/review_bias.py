"""Verdicts that hold under another policy (issue 39): the bias of the review, not its noise.

The review (:mod:`gin.bots.review`) weighs a decision by playing each move to the end in
imagined deals with the ``sensible`` policy on masks (:mod:`gin.bots.sensible`), the
imagined opponent patient or, against ``eager``, knocking as soon as it can
(:func:`gin.bots.opponent_model.imagined`). :mod:`benchmarks.review_check` checks its
verdicts against a search eight times as large, but with the same policy: it measures the
noise, not the bias of the policy. This benchmark replays a sample of the review's costly
verdicts with **another** policy, in the real engine:

1. a noisy learner (the ``tactician`` with a random legal move about one time in five:
   :class:`benchmarks.review_deals.NoisyLearner`) plays deals against each opponent kind
   (``eager``, ``tactician``); each deal is reviewed as the table reviews it, with the
   opponent's name (:func:`gin.bots.review.review_deal` with ``opponent=``);
2. for each costly verdict sampled (up to :data:`PER_KIND` per kind, in deal order), worlds
   are drawn from the learner's view at the decision, as the review draws them, under
   another salt (:data:`BIAS_SALT`), and each world is made a whole deal **with the real
   history** (:func:`world_deal`: the same actions up to the decision, the opponent's
   hidden cards and the stock order from the world, every earlier move still legal), so
   both players remember what they saw;
3. in each world the move made and the review's best move are each played, then the deal
   is stepped to its end by the real engine, the learner's side played by the
   ``tactician`` (:class:`gin.bots.TacticianBot`, not the review's sensible policy) and
   the opponent's by the opponent kind actually faced (:func:`gin.bots.make_bot`);
4. a verdict **holds** when the best move still scores more than the move made on average
   over the worlds (the paired difference's mean is above 0); it holds **as costly** when
   that mean gain is at least the costly line
   (:data:`~gin.bots.verdicts.COSTLY_FROM` points); it is **confirmed** when the low end of
   the paired difference's 95% interval is above 0.

Against ``eager`` the check is also run on the review as it was before issue 39 (the
imagined opponent patient): the share of its costly verdicts that hold against the real
eager measures what imagining the wrong opponent cost.

The ``expert`` is not among the opponents replayed: stepping it to the end of every world
would take minutes per verdict.

Run: ``python -m benchmarks.review_bias [VERDICTS_PER_KIND]``; ``python -m benchmarks
--only review-bias`` writes it into ``docs/BENCHMARKS.md``.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

import gin
from benchmarks import section_head, table
from benchmarks.review_deals import NOISE, NoisyLearner
from gin import actions as act
from gin.bots import Bot, TacticianBot, make_bot
from gin.bots import review as rv
from gin.bots.expert import sample_world
from gin.bots.memory import remember
from gin.bots.seeding import position_rng
from gin.bots.selfplay import play_deal
from gin.bots.verdicts import COSTLY_FROM
from gin.cards import Card, mask_cards

KINDS: tuple[str, ...] = ("eager", "tactician")
"""The opponents the learner's deals are played and replayed against."""
PER_KIND = 12
"""Costly verdicts replayed per opponent kind (the default run)."""
WORLDS = 64
"""Worlds each verdict is replayed in (the same worlds for both moves: paired)."""
MAX_DEALS = 40
"""Deals played per kind at most while looking for costly verdicts."""
RULES = "spades-double"
"""The rule set: one with a big undercut bonus, where the sensible player waits for gin
(:func:`gin.bots.sensible.waits`), so that an opponent who knocks at once is another
opponent. Under ``classic`` it never waits: the two imagined opponents play alike."""
CLASSIC_RUN = (
    "Run first under `classic` (the same seed and sizes, 2026-12-04): against `eager` 12 "
    "costly verdicts, 10 hold (83%), 8 hold as costly (67%), 6 confirmed (50%), the "
    "review's mean loss 7.3 and the replay's mean gain +6.6, the same for the review "
    "imagining eager hasty and patient (under `classic` the sensible player never waits "
    "for gin, so the two imagined opponents play alike and find the same verdicts); "
    "against the `tactician` 12 verdicts, 11 hold (92%), 6 as costly (50%), 4 confirmed "
    "(33%), mean loss 7.5, mean gain +5.0."
)
"""The figures of the first run, under ``classic`` (written under the table)."""
SEED = 39
"""The deals' seed (never used by the review's tuning)."""
BIAS_SALT = "review-bias"
"""The purpose the replay's worlds are drawn with (not the review's own)."""


def world_deal(deal: gin.Deal, index: int, player: int, rng: random.Random) -> gin.Deal:
    """A whole deal agreeing with everything ``player`` saw before move ``index`` of the
    finished ``deal``, with the same actions up to there: the opponent's hidden cards and
    the stock order drawn from ``player``'s view (:func:`gin.bots.expert.sample_world`,
    from ``rng``), the opponent's earlier stock draws chosen among its hand and the cards
    it discarded so that every earlier move stays legal. The real hidden cards are not
    used: only the public course of the deal (who drew from where, what was discarded).
    """
    rules, dealer = deal.rules, deal.dealer
    replay = gin.Deal(rules, deal.order, dealer)
    opp = 1 - player
    opp_draws: list[tuple[int, int]] = []  # (time, place in the order) of its stock draws
    my_draws: list[tuple[int, Card]] = []
    deadline: dict[Card, int] = {}  # a discarded card of the opponent's: held before then
    from_pile: set[Card] = set()  # cards the opponent took from the pile, still held
    drawn = 0
    for t, a in enumerate(deal.actions[:index]):
        mover = replay.to_move
        if isinstance(a, act.DrawStock):
            place = 21 + drawn
            drawn += 1
            if mover == opp:
                opp_draws.append((t, place))
            else:
                my_draws.append((place, deal.order[place]))
        elif mover == opp and isinstance(a, act.TakeUpCard | act.DrawDiscard):
            top = replay.discard_pile[-1]
            from_pile.add(top)
        elif mover == opp and isinstance(a, act.Discard):
            if a.card in from_pile:
                from_pile.discard(a.card)
            else:
                deadline[a.card] = t
        replay.apply(a)
    view = replay.view(player)
    world = sample_world(view, remember(view), rng)
    held = set(mask_cards(world.hands[opp]))
    # the cards the opponent was dealt or drew, the ones it had to hold soonest first
    pool = sorted(
        (held - from_pile) | set(deadline), key=lambda c: (deadline.get(c, math.inf), c.index)
    )
    order: list[Card | None] = [None] * 52
    nd = 1 - dealer
    seat_of = [nd if i % 2 == 0 else dealer for i in range(20)]
    for i in range(20):
        if seat_of[i] == player:
            order[i] = deal.order[i]
    order[20] = deal.order[20]
    opp_places = [i for i in range(20) if seat_of[i] == opp]
    assert len(pool) == len(opp_places) + len(opp_draws), "the opponent's cards do not add up"
    for place, card in zip(opp_places, pool[:10], strict=True):
        order[place] = card
    rest = pool[10:]  # earliest deadline first: each draw takes the card needed soonest
    for (t, place), card in zip(opp_draws, rest, strict=True):
        assert deadline.get(card, math.inf) > t, "no legal history for the sampled hand"
        order[place] = card
    for place, card in my_draws:
        order[place] = card
    stock_top_first = [Card.from_index(i) for i in reversed(world.stock)]
    for k, card in enumerate(stock_top_first):
        order[21 + drawn + k] = card
    cards = [c for c in order if c is not None]
    assert len(cards) == 52 and len(set(cards)) == 52, "the world's deck is not a deck"
    out = gin.Deal.replay(rules, cards, dealer, deal.actions[:index])
    assert out.view(player).hand == view.hand and out.discard_pile == replay.discard_pile
    return out


def points_for(deal: gin.Deal, player: int) -> int:
    """The points ``player`` scored in the finished ``deal`` (negative: the opponent
    scored; 0 for a void deal or a tie)."""
    r = deal.result
    if r is None or r.winner is None or deal.knocker is None:
        return 0
    seat = deal.knocker if r.winner == "knocker" else 1 - deal.knocker
    return r.points if seat == player else -r.points


def play_out(start: gin.Deal, move: act.Action, player: int, kind: str, seed: int) -> int:
    """``move`` played at ``start`` (copied), then the deal to its end: ``player``'s side by
    the ``tactician``, the other by the opponent ``kind``; ``player``'s points."""
    deal = gin.Deal.replay(start.rules, start.order, start.dealer, start.actions)
    deal.apply(move)
    bots: list[Bot] = [TacticianBot(), TacticianBot()]
    bots[1 - player] = make_bot(kind, random.Random(seed))
    if not deal.is_over:
        play_deal(deal, bots)
    return points_for(deal, player)


@dataclass(frozen=True)
class Replayed:
    """One costly verdict replayed: the review's loss and the replay's paired gains."""

    kind: str
    hasty: bool
    verdict: str
    review_loss: float
    gains: tuple[int, ...]
    """The best move's points minus the move made's, world by world."""

    @property
    def mean(self) -> float:
        """The replay's mean gain of the best move over the move made."""
        return statistics.fmean(self.gains)

    @property
    def low(self) -> float:
        """The low end of the mean gain's 95% interval."""
        return self.mean - 1.96 * statistics.stdev(self.gains) / math.sqrt(len(self.gains))


def replay_verdict(d: rv.Decision, deal: gin.Deal, kind: str, hasty: bool) -> Replayed:
    """The costly decision ``d`` of ``deal`` replayed in :data:`WORLDS` worlds."""
    view = d.view
    rng = position_rng(view, BIAS_SALT)
    gains = []
    for w in range(WORLDS):
        start = world_deal(deal, d.index, view.player, rng)
        seed = rng.getrandbits(32) + w
        best = play_out(start, d.best, view.player, kind, seed)
        made = play_out(start, d.made, view.player, kind, seed)
        gains.append(best - made)
    return Replayed(kind, hasty, d.verdict, d.loss, tuple(gains))


def sample(kind: str, per_kind: int, rules: str = RULES) -> tuple[list[Replayed], int, int]:
    """Up to ``per_kind`` costly verdicts of reviews of deals against ``kind`` replayed
    (and, against ``eager``, as many of the patient review's); the deals played, the
    costly verdicts found."""
    rng = random.Random(SEED)
    out: list[Replayed] = []
    found = 0
    deals = 0
    hastes = (True, False) if kind == "eager" else (False,)
    taken = dict.fromkeys(hastes, 0)
    for i in range(MAX_DEALS):
        if all(n >= per_kind for n in taken.values()):
            break
        deal = play_deal(
            gin.Deal.new(gin.Rules.preset(rules), dealer=i % 2, seed=SEED * 1000 + i),
            (NoisyLearner(rng), make_bot(kind, rng)),
        )
        deals += 1
        for hasty in hastes:
            review = rv.review_deal(deal, 0, opponent=kind if hasty else None)
            for d in review.decisions:
                if not d.costly or d.exact is not None or taken[hasty] >= per_kind:
                    continue
                found += 1
                taken[hasty] += 1
                out.append(replay_verdict(d, deal, kind, hasty))
    return out, deals, found


def _share(rows: Sequence[Replayed], test: str) -> str:
    if not rows:
        return "–"
    if test == "holds":
        n = sum(r.mean > 0 for r in rows)
    elif test == "costly":
        n = sum(r.mean >= COSTLY_FROM for r in rows)
    else:
        n = sum(r.low > 0 for r in rows)
    return f"{n} / {len(rows)} ({n / len(rows):.0%})"


def section(per_kind: int = PER_KIND) -> str:
    """The Markdown of the check."""
    start = time.perf_counter()
    cpu = time.process_time()
    groups: list[tuple[str, list[Replayed]]] = []
    deals: dict[str, int] = {}
    for kind in KINDS:
        rows, n, _found = sample(kind, per_kind)
        deals[kind] = n
        if kind == "eager":
            groups.append(
                (
                    "eager, review imagining it hasty and reading its play (as now)",
                    [r for r in rows if r.hasty],
                )
            )
            groups.append(
                (
                    "eager, review imagining it patient (as before issue 39, "
                    "reading a patient play)",
                    [r for r in rows if not r.hasty],
                )
            )
        else:
            groups.append((f"{kind}, review imagining it patient", rows))
    body = []
    for label, rows in groups:
        review_mean = statistics.fmean(r.review_loss for r in rows) if rows else 0.0
        replay_mean = statistics.fmean(r.mean for r in rows) if rows else 0.0
        body.append(
            [
                label,
                str(len(rows)),
                _share(rows, "holds"),
                _share(rows, "costly"),
                _share(rows, "confirmed"),
                f"{review_mean:.1f}",
                f"{replay_mean:+.1f}",
            ]
        )
    played = ", ".join(f"{deals[k]} against `{k}`" for k in KINDS)
    lines = section_head(
        "## The review's bias: costly verdicts replayed by another policy",
        "Measures whether the review's costly verdicts hold when the imagined deals are "
        "played by **another policy** in the real engine (`benchmarks/review_bias.py`): "
        "the learner's side by the `tactician`, the opponent's by the opponent kind "
        "actually faced, each world a whole deal with the deal's real history up to the "
        "decision (the hidden cards drawn from the learner's view under another salt). "
        f"Noisy learner (the `tactician` with a random legal move {NOISE:.0%} of the time), "
        f"{RULES} deals of seed {SEED} ({played}); up to {per_kind} costly verdicts per "
        f"review kind, in deal order, each replayed in {WORLDS} worlds with the move made "
        "and the review's best move (paired). *Holds*: the best move still gains on "
        f"average; *costly*: it gains {COSTLY_FROM:g} points or more; *confirmed*: the "
        "low end of the gain's 95% interval is above 0.",
    )
    lines += [
        table(
            [
                "deals against, review",
                "verdicts",
                "hold",
                "hold as costly",
                "confirmed",
                "review's mean loss",
                "replay's mean gain",
            ],
            body,
        ),
        "",
        f"Replayed in {time.perf_counter() - start:.0f} s ({time.process_time() - cpu:.0f} s "
        "of CPU). The `expert` is not replayed as the opponent (stepping it through every "
        "world would take minutes per verdict). A small sample: each share's 95% interval "
        "is wide (about ±20 to 25 points at 12 verdicts).",
        "",
        CLASSIC_RUN,
    ]
    return "\n".join(lines)


def run() -> str:
    """The section for ``python -m benchmarks --only review-bias``."""
    return section()


__all__ = [
    "BIAS_SALT",
    "KINDS",
    "PER_KIND",
    "WORLDS",
    "Replayed",
    "play_out",
    "points_for",
    "replay_verdict",
    "run",
    "sample",
    "section",
    "world_deal",
]


if __name__ == "__main__":
    print(section(int(sys.argv[1]) if len(sys.argv) > 1 else PER_KIND))
