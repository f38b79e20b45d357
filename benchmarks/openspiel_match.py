"""Our opponents against OpenSpiel's ``SimpleGinRummyBot``, the field's reference bot.

Needs the optional extra ``bench`` (``pip install -e '.[bench]'``, which installs
``open-spiel``; the module is ``pyspiel``)::

    python -m benchmarks.openspiel_match expert --pairs 300 --seed 1
    python -m benchmarks.openspiel_match tactician --pairs 1000 --json out.json

How a match is played:

- **OpenSpiel referees**: the game is ``gin_rummy`` with ``{"oklahoma": True}``; its state
  decides what is legal and its ``returns()`` score every deal.
- **Duplicate format**: every deal (a seeded deck order) is played twice, once with our
  bot as OpenSpiel's player 0 (the non-dealer, first to be offered the up card) and once
  as player 1 with the same cards, so the luck of the cards cancels out.
- **Our bot sees only a player's view**: a :class:`gin.deal.Deal` under a rule mix that
  mirrors OpenSpiel's (:data:`MIRROR_RULES`) follows every action, and our bot decides
  from ``deal.view(seat)``, which never holds a hidden card. The view's legal actions are
  narrowed to what OpenSpiel allows (its 11-card deadwood sometimes refuses a knock our
  rules allow).
- **The knock phase is played optimally for both sides** by this module: the knocker
  lays the melds leaving the least deadwood (the engine's arrangement, with its
  tie-break), the defender makes the best layoffs and lays its best melds. When
  ``SimpleGinRummyBot`` knocks, this module picks its discard (the one leaving the least
  deadwood). Left to itself the simple bot never lays off, which would flatter us.
- **The expert learns its opponent**: it starts from a learner's prior (the simple bot is
  no kind it knows) and learns from every finished deal of the match what the simple bot's
  knocks and shown hands tell (:class:`gin.bots.opponent_model.OpponentModel`); the
  referee builds our bot for each deal afresh and tells it the evidence of every deal
  played before in the match (:func:`bot_for_deal`), so the same seed gives the same
  match. A match resumed with ``--first`` starts from the prior again.
- **The wall**: when a discard leaves two cards in the stock, OpenSpiel lets the next
  player take that discard and knock; ``SimpleGinRummyBot`` does whenever it can, and so
  do we (our own rules end the deal void there).

The rule differences and how they are mapped are listed in ``docs/BENCHMARKS.md``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from gin.actions import Action, Discard, DrawDiscard, DrawStock, Knock, Pass, TakeUpCard
from gin.bots import BOT_NAMES, Bot, make_bot
from gin.bots.opponent_model import (
    NO_EVIDENCE,
    DealEvidence,
    LearnsOpponent,
    knock_evidence,
    shown_evidence,
)
from gin.cards import DECK, Card, cards_mask
from gin.deal import Deal
from gin.melds import Meld, best_arrangement, deadwood_of_mask
from gin.rules import Rules
from gin.scoring import score_deal
from gin.tournament import percentile

MIRROR_RULES = Rules.preset(
    "spades-double",
    spade_doubles=False,
    big_gin=False,
    gin_bonus=25,
    undercut_bonus=25,
    undercut_on_tie=False,
    may_discard_taken_card=True,
    ace_knock_limit=0,
)
"""Our rule mix closest to OpenSpiel's Oklahoma gin rummy: an ace up card means gin only,
no spade doubling, no big gin, gin and undercut bonuses 25, a tie scores 0, the card just
taken may be discarded."""

SUITS = "scdh"
"""OpenSpiel's suit order: a card is ``suit * 13 + rank - 1``."""


def os_card(card: Card) -> int:
    """OpenSpiel's number of ``card``."""
    return SUITS.index(card.suit.letter.lower()) * 13 + card.rank - 1


def our_card(index: int) -> Card:
    """Our card for OpenSpiel's number ``index``."""
    return Card.parse("A23456789TJQK"[index % 13] + SUITS[index // 13].upper())


def meld_id(cards: Sequence[Card]) -> int:
    """OpenSpiel's meld number (0-184) of a set or a run of 3 to 5 cards."""
    ranks = sorted(c.rank - 1 for c in cards)
    suits = [SUITS.index(c.suit.letter.lower()) for c in cards]
    if len(set(ranks)) == 1:
        if len(cards) == 4:
            return ranks[0] * 5 + 4
        missing = next(s for s in range(4) if s not in suits)
        return ranks[0] * 5 + missing
    suit, low = suits[0], ranks[0]
    if len(cards) == 3:
        return 65 + suit * 11 + low
    if len(cards) == 4:
        return 65 + 44 + suit * 10 + low
    return 65 + 44 + 40 + suit * 9 + low


def split_meld(meld: Meld) -> list[tuple[Card, ...]]:
    """``meld`` as OpenSpiel's melds: runs longer than five cards cut into pieces of 3-5."""
    cards = sorted(meld.cards, key=lambda c: c.rank)
    n = len(cards)
    if n <= 5:
        return [tuple(cards)]
    k = math.ceil(n / 5)
    sizes = [n // k + (1 if i < n % k else 0) for i in range(k)]
    out, i = [], 0
    for s in sizes:
        out.append(tuple(cards[i : i + s]))
        i += s
    return out


@dataclass
class DealPlay:
    """One deal as played: our points (OpenSpiel's return for our seat) and how it ended."""

    seat: int
    points: float
    ending: str
    """``knock``, ``gin``, ``undercut``, ``tie``, ``wall-knock...``, ``wall`` (both passed
    at the wall: no score), ``repeat`` (OpenSpiel's draw by repetition)."""
    knocker: str | None
    """``ours``, ``theirs`` or ``None``."""
    times: list[float] = field(default_factory=list)
    """Wall time of each of our decisions, in seconds."""
    cpu_times: list[float] = field(default_factory=list)
    """CPU time of each of our decisions (this process only), in seconds."""
    layoff_skips: int = 0
    """Layoffs the engine chose that OpenSpiel did not accept (laid as deadwood)."""
    refused_knocks: int = 0
    """Decisions where our rules allowed a knock that OpenSpiel refused."""
    evidence: DealEvidence = NO_EVIDENCE
    """What the deal showed of ``SimpleGinRummyBot``'s knocking: its knock (hasty where a
    patient player waits), or its ten cards shown at our knock (``stock`` is the stock
    left at the knock)."""


def bot_for_deal(
    factory: Callable[[int], Bot], deal_seed: int, evidence: Sequence[DealEvidence]
) -> Bot:
    """Our bot for one deal, ``factory(deal_seed)``, told the ``evidence`` of every deal
    played before it in the match, in order, when it learns from deals
    (:class:`~gin.bots.opponent_model.LearnsOpponent`): its opponent model is the one it
    would have learnt playing the whole match as one bot."""
    bot = factory(deal_seed)
    if isinstance(bot, LearnsOpponent):
        for e in evidence:
            bot.learn_deal(e)
    return bot


class Referee:
    """Plays deals between one of our bots and ``SimpleGinRummyBot`` under OpenSpiel."""

    def __init__(self, bot_factory: Callable[[int], Bot]) -> None:
        import pyspiel

        self.pyspiel = pyspiel
        self.gr = pyspiel.gin_rummy
        self.game = pyspiel.load_game("gin_rummy", {"oklahoma": True})
        self.bot_factory = bot_factory
        self.evidence: list[DealEvidence] = []
        """What each deal played so far showed of the simple bot, in order."""

    def play(self, order: Sequence[Card], seat: int, deal_seed: int) -> DealPlay:
        """Play the deal dealt from ``order`` with our bot in OpenSpiel seat ``seat``."""
        gr = self.gr
        state = self.game.new_initial_state()
        for c in [*order[0:20:2], *order[1:20:2], order[20]]:
            state.apply_action(os_card(c))
        stock = iter(order[21:])
        deal = Deal(MIRROR_RULES, order, dealer=1)
        ours = bot_for_deal(self.bot_factory, deal_seed, self.evidence)
        theirs = self.pyspiel.make_simple_gin_rummy_bot(self.game.get_parameters(), 1 - seat)
        rec = DealPlay(seat, 0.0, "", None)
        self.up_card = order[20]
        assert MIRROR_RULES.knock_limit(self.up_card) == state.knock_card()
        knocked_with: Card | None = None
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(os_card(next(stock)))
                continue
            phase = state.current_phase()
            p = state.current_player()
            if phase in (gr.Phase.KNOCK, gr.Phase.LAYOFF):
                self._knock_phase(state, p, knocked_with, rec)
                break
            if phase == gr.Phase.WALL:
                legal = state.legal_actions()
                state.apply_action(gr.KNOCK_ACTION if gr.KNOCK_ACTION in legal else gr.PASS_ACTION)
                continue
            if p == seat:
                action = self._our_move(deal, ours, state, rec)
                knocked_with = self._apply_ours(state, deal, action)
            else:
                a = theirs.step(state)
                self._apply_theirs(state, deal, a)
        self._finish(state, seat, rec)
        self.evidence.append(rec.evidence)
        return rec

    # ---------------------------------------------------------------- our side

    def _our_move(self, deal: Deal, bot: Bot, state: Any, rec: DealPlay) -> Action:
        seat = state.current_player()
        assert deal.to_move == seat, "the mirrored deal is out of step with OpenSpiel"
        view = deal.view(seat)
        if self.gr.KNOCK_ACTION not in state.legal_actions() and any(
            isinstance(a, Knock) for a in view.legal_actions
        ):
            rec.refused_knocks += 1
            view = replace(
                view, legal_actions=tuple(a for a in view.legal_actions if not isinstance(a, Knock))
            )
        t0, c0 = time.perf_counter(), time.process_time()
        action = bot.choose(view)
        rec.times.append(time.perf_counter() - t0)
        rec.cpu_times.append(time.process_time() - c0)
        return action

    def _apply_ours(self, state: Any, deal: Deal, action: Action) -> Card | None:
        gr = self.gr
        if isinstance(action, TakeUpCard | DrawDiscard):
            state.apply_action(gr.DRAW_UPCARD_ACTION)
        elif isinstance(action, Pass):
            state.apply_action(gr.PASS_ACTION)
        elif isinstance(action, DrawStock):
            state.apply_action(gr.DRAW_STOCK_ACTION)
        elif isinstance(action, Knock):
            state.apply_action(gr.KNOCK_ACTION)
            state.apply_action(os_card(action.card))
            return action.card
        elif isinstance(action, Discard):
            state.apply_action(os_card(action.card))
        else:
            raise ValueError(f"no OpenSpiel action for {action!r}")
        deal.apply(action)
        return None

    # ---------------------------------------------------------------- their side

    def _apply_theirs(self, state: Any, deal: Deal, a: int) -> None:
        gr = self.gr
        phase = state.current_phase()
        if a == gr.KNOCK_ACTION:
            state.apply_action(a)  # the knock phase follows: the discard is chosen there
            return
        state.apply_action(a)
        if a == gr.DRAW_UPCARD_ACTION:
            deal.apply(TakeUpCard() if phase == gr.Phase.FIRST_UPCARD else DrawDiscard())
        elif a == gr.PASS_ACTION:
            deal.apply(Pass())
        elif a == gr.DRAW_STOCK_ACTION:
            deal.apply(DrawStock())
        elif 0 <= a < 52:
            if not state.is_terminal():  # a draw by repetition ends OpenSpiel's deal
                deal.apply(Discard(our_card(a)))
        else:
            raise ValueError(f"unexpected action {a} of SimpleGinRummyBot")

    # ---------------------------------------------------------------- knock phase

    def _knock_phase(self, state: Any, knocker: int, card: Card | None, rec: DealPlay) -> None:
        """Play the knock phase optimally for both sides (see the module)."""
        gr = self.gr
        hands = state.hands()
        if state.current_phase() == gr.Phase.KNOCK and len(hands[knocker]) == 11:
            legal = state.legal_actions()
            if card is None or os_card(card) not in legal:
                held = cards_mask(our_card(i) for i in hands[knocker])
                best = min(
                    legal,
                    key=lambda i: (
                        deadwood_of_mask(held ^ our_card(i).mask),
                        -our_card(i).points,
                        -i,
                    ),
                )
                card = our_card(best)
            state.apply_action(os_card(card))
        hands = state.hands()
        kept = [our_card(i) for i in hands[knocker]]
        defender = [our_card(i) for i in hands[1 - knocker]]
        result = score_deal(MIRROR_RULES, self.up_card, kept, defender)
        stock = state.stock_size()
        if knocker != rec.seat:
            rec.evidence = knock_evidence(MIRROR_RULES, stock, result.knocker_deadwood)
        else:
            limit = MIRROR_RULES.knock_limit(self.up_card)
            rec.evidence = shown_evidence(deadwood_of_mask(cards_mask(defender)), limit, stock)
        for meld in result.knocker_arrangement.melds:
            for piece in split_meld(meld):
                state.apply_action(gr.MELD_ACTION_BASE + meld_id(piece))
        state.apply_action(gr.PASS_ACTION)
        if deadwood_of_mask(cards_mask(kept)) > 0:
            for lo in result.layoffs:
                a = os_card(lo.card)
                if a in state.legal_actions():
                    state.apply_action(a)
                else:
                    rec.layoff_skips += 1
            state.apply_action(gr.PASS_ACTION)  # done laying off (nothing to lay off on gin)
        left = [our_card(i) for i in state.hands()[1 - knocker]]
        for meld in best_arrangement(left).melds:
            for piece in split_meld(meld):
                a = gr.MELD_ACTION_BASE + meld_id(piece)
                if a in state.legal_actions():
                    state.apply_action(a)
        state.apply_action(gr.PASS_ACTION)

    def _finish(self, state: Any, seat: int, rec: DealPlay) -> None:
        ret = state.returns()
        rec.points = float(ret[seat])
        knocked = state.knocked()
        if not any(knocked):
            rec.ending = "wall" if state.stock_size() <= 2 else "repeat"
            return
        k = 0 if knocked[0] else 1
        rec.knocker = "ours" if k == seat else "theirs"
        dw = state.deadwood()
        if dw[k] == 0:
            rec.ending = "gin"
        elif dw[k] > dw[1 - k]:
            rec.ending = "undercut"
        elif dw[k] == dw[1 - k]:
            rec.ending = "tie"
        else:
            rec.ending = "knock"
        if state.stock_size() <= 2:
            rec.ending = "wall-" + rec.ending


@dataclass
class MatchResult:
    """A duplicate match's figures, from our bot's side."""

    bot: str
    options: dict[str, Any]
    seed: int
    pairs: int
    plays: list[DealPlay]
    seconds: float

    def pair_points(self) -> list[float]:
        """Our mean points per deal in each duplicate pair."""
        out = []
        for i in range(0, len(self.plays) - 1, 2):
            out.append((self.plays[i].points + self.plays[i + 1].points) / 2)
        return out

    def points_per_deal(self) -> tuple[float, float]:
        """Our points per deal (ours minus theirs) and the half-width of its 95% interval,
        computed over the duplicate pairs (the two plays of one deal are not independent)."""
        pp = self.pair_points()
        if len(pp) < 2:
            return (pp[0] if pp else 0.0, float("inf"))
        return (statistics.fmean(pp), 1.96 * statistics.stdev(pp) / math.sqrt(len(pp)))

    def summary(self) -> dict[str, Any]:
        """Every figure as plain data."""
        mean, half = self.points_per_deal()
        n = len(self.plays)
        wins = sum(1 for p in self.plays if p.points > 0)
        losses = sum(1 for p in self.plays if p.points < 0)
        endings = Counter((p.knocker + " " if p.knocker else "") + p.ending for p in self.plays)
        ms = [t * 1000 for p in self.plays for t in p.times]
        cpu = [t * 1000 for p in self.plays for t in p.cpu_times]
        return {
            "bot": self.bot,
            "options": self.options,
            "seed": self.seed,
            "pairs": self.pairs,
            "deals": n,
            "points_per_deal": mean,
            "ci95_half": half,
            "win_rate": wins / n if n else 0.0,
            "loss_rate": losses / n if n else 0.0,
            "endings": dict(sorted(endings.items())),
            "decisions": len(ms),
            "p50_ms": percentile(ms, 50),
            "p95_ms": percentile(ms, 95),
            "max_ms": max(ms, default=0.0),
            "cpu_p50_ms": percentile(cpu, 50),
            "cpu_p95_ms": percentile(cpu, 95),
            "cpu_max_ms": max(cpu, default=0.0),
            "refused_knocks": sum(p.refused_knocks for p in self.plays),
            "layoff_skips": sum(p.layoff_skips for p in self.plays),
            "seconds": self.seconds,
        }


def run_match(
    bot: str,
    pairs: int,
    *,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    progress: Callable[[int, int, MatchResult], None] | None = None,
    first: int = 0,
) -> MatchResult:
    """Play ``pairs`` duplicate deals (each twice, seats swapped) of ``bot`` against
    ``SimpleGinRummyBot``; deal ``i`` is shuffled by ``random.Random(seed * 1_000_003 + i)``,
    from ``i = first`` (a match stopped after ``first`` pairs goes on where it stopped)."""
    opts = dict(options or {})
    referee = Referee(lambda s: make_bot(bot, random.Random(s), **opts))
    res = MatchResult(bot, opts, seed, 0, [], 0.0)
    start = time.perf_counter()
    for n, i in enumerate(range(first, first + pairs)):
        deal_seed = seed * 1_000_003 + i
        order = list(DECK)
        random.Random(deal_seed).shuffle(order)
        for seat in (0, 1):
            res.plays.append(referee.play(order, seat, deal_seed))
        res.pairs = n + 1
        res.seconds = time.perf_counter() - start
        if progress is not None:
            progress(n + 1, pairs, res)
    return res


def report(s: dict[str, Any]) -> str:
    """A few lines of text for a match summary."""
    opts = ", ".join(f"{k}={v}" for k, v in s["options"].items())
    ends = ", ".join(f"{k} {v}" for k, v in s["endings"].items())
    return "\n".join(
        [
            f"{s['bot']}{f' ({opts})' if opts else ''} vs SimpleGinRummyBot, seed {s['seed']}: "
            f"{s['pairs']} duplicate pairs, {s['deals']} deals, {s['seconds']:.0f} s",
            f"points per deal (ours minus theirs): {s['points_per_deal']:+.2f} "
            f"± {s['ci95_half']:.2f} (95%)",
            f"deals won {s['win_rate']:.1%}, lost {s['loss_rate']:.1%}",
            f"endings: {ends}",
            f"decisions {s['decisions']}: wall p50 {s['p50_ms']:.1f} ms, p95 {s['p95_ms']:.1f} ms, "
            f"max {s['max_ms']:.0f} ms; CPU p50 {s['cpu_p50_ms']:.1f} ms, "
            f"p95 {s['cpu_p95_ms']:.1f} ms, max {s['cpu_max_ms']:.0f} ms",
            f"knocks refused by OpenSpiel's 11-card deadwood: {s['refused_knocks']}; "
            f"layoffs OpenSpiel refused: {s['layoff_skips']}",
        ]
    )


RECORDED: list[dict[str, Any]] = [
    {
        "label": "eager",
        "bot": "eager",
        "options": {},
        "seed": 1,
        "pairs": 200,
        "deals": 400,
        "points_per_deal": -1.75,
        "ci95_half": 1.72,
        "win_rate": 0.46,
        "loss_rate": 0.522,
        "endings": {
            "ours gin": 31,
            "ours knock": 151,
            "ours tie": 2,
            "ours undercut": 5,
            "theirs gin": 36,
            "theirs knock": 167,
            "theirs tie": 3,
            "theirs undercut": 2,
            "theirs wall-knock": 1,
            "wall": 2,
        },
        "p50_ms": 0.0,
        "p95_ms": 0.0,
    },
    {
        "label": "tactician, before the pickup inference",
        "bot": "tactician",
        "options": {},
        "seed": 1,
        "pairs": 1000,
        "deals": 2000,
        "points_per_deal": 0.68,
        "ci95_half": 0.57,
        "win_rate": 0.479,
        "loss_rate": 0.49,
        "endings": {
            "ours gin": 129,
            "ours knock": 783,
            "ours tie": 13,
            "ours undercut": 20,
            "ours wall-gin": 1,
            "ours wall-knock": 3,
            "theirs gin": 128,
            "theirs knock": 827,
            "theirs tie": 21,
            "theirs undercut": 43,
            "theirs wall-gin": 3,
            "theirs wall-knock": 2,
            "wall": 27,
        },
        "p50_ms": 0.4,
        "p95_ms": 6.4,
    },
    {
        "bot": "eager",
        "seed": 2,
        "pairs": 1000,
        "deals": 2000,
        "points_per_deal": -1.507,
        "ci95_half": 0.776,
        "win_rate": 0.475,
        "loss_rate": 0.506,
        "endings": {
            "ours gin": 148,
            "ours knock": 781,
            "ours tie": 14,
            "ours undercut": 25,
            "ours wall-knock": 1,
            "theirs gin": 157,
            "theirs knock": 829,
            "theirs tie": 13,
            "theirs undercut": 20,
            "theirs wall-gin": 1,
            "theirs wall-knock": 1,
            "wall": 10,
        },
        "decisions": 31449,
        "p50_ms": 0.013,
        "p95_ms": 0.024,
        "max_ms": 8.066,
        "cpu_p50_ms": 0.013,
        "cpu_p95_ms": 0.024,
        "cpu_max_ms": 0.136,
        "refused_knocks": 2,
        "layoff_skips": 0,
        "seconds": 13.43,
        "label": "eager",
        "final": False,
        "options": {},
    },
    {
        "bot": "tactician",
        "seed": 2,
        "pairs": 1000,
        "deals": 2000,
        "points_per_deal": 1.069,
        "ci95_half": 0.641,
        "win_rate": 0.49,
        "loss_rate": 0.476,
        "endings": {
            "ours gin": 161,
            "ours knock": 772,
            "ours tie": 14,
            "ours undercut": 18,
            "ours wall-gin": 3,
            "ours wall-knock": 1,
            "theirs gin": 147,
            "theirs knock": 783,
            "theirs tie": 23,
            "theirs undercut": 44,
            "theirs wall-gin": 3,
            "theirs wall-knock": 2,
            "theirs wall-tie": 1,
            "wall": 28,
        },
        "decisions": 31178,
        "p50_ms": 0.324,
        "p95_ms": 4.187,
        "max_ms": 24.699,
        "cpu_p50_ms": 0.323,
        "cpu_p95_ms": 4.148,
        "cpu_max_ms": 24.703,
        "refused_knocks": 0,
        "layoff_skips": 0,
        "seconds": 52.578,
        "label": "tactician",
        "final": True,
        "options": {},
    },
    {
        "bot": "expert",
        "seed": 11,
        "pairs": 600,
        "deals": 1200,
        "points_per_deal": 3.021,
        "ci95_half": 1.141,
        "win_rate": 0.469,
        "loss_rate": 0.488,
        "endings": {
            "ours gin": 184,
            "ours knock": 295,
            "ours tie": 6,
            "ours undercut": 13,
            "ours wall-gin": 3,
            "ours wall-knock": 3,
            "theirs gin": 94,
            "theirs knock": 478,
            "theirs tie": 23,
            "theirs undercut": 76,
            "theirs wall-knock": 1,
            "theirs wall-undercut": 2,
            "wall": 22,
        },
        "decisions": 19073,
        "p50_ms": 118.852,
        "p95_ms": 826.883,
        "max_ms": 6742.055,
        "cpu_p50_ms": 88.367,
        "cpu_p95_ms": 188.245,
        "cpu_max_ms": 337.835,
        "refused_knocks": 0,
        "layoff_skips": 0,
        "seconds": 3906.711,
        "label": "expert (360 playouts)",
        "final": True,
        "options": {},
    },
    {
        "bot": "tactician",
        "options": {},
        "seed": 31,
        "pairs": 1000,
        "deals": 2000,
        "points_per_deal": 3.005,
        "ci95_half": 0.83,
        "win_rate": 0.3595,
        "loss_rate": 0.5735,
        "endings": {
            "ours gin": 299,
            "ours knock": 27,
            "ours tie": 1,
            "ours wall-gin": 2,
            "ours wall-knock": 7,
            "ours wall-undercut": 1,
            "theirs gin": 205,
            "theirs knock": 940,
            "theirs tie": 90,
            "theirs undercut": 384,
            "theirs wall-knock": 1,
            "theirs wall-tie": 1,
            "wall": 42,
        },
        "decisions": 35236,
        "p50_ms": 0.3,
        "p95_ms": 4.1,
        "max_ms": 39.8,
        "cpu_p50_ms": 0.3,
        "cpu_p95_ms": 4.1,
        "cpu_max_ms": 39.8,
        "refused_knocks": 2,
        "layoff_skips": 0,
        "seconds": 60.312,
        "label": "tactician, playing for gin while the stock is long (after issue 13)",
        "final": True,
    },
    {
        "bot": "expert",
        "options": {},
        "seed": 2030,
        "pairs": 600,
        "deals": 1200,
        "points_per_deal": 2.4583333333333335,
        "ci95_half": 1.2436652196011422,
        "win_rate": 0.41583333333333333,
        "loss_rate": 0.5466666666666666,
        "endings": {
            "ours gin": 238,
            "ours knock": 180,
            "ours tie": 1,
            "ours undercut": 7,
            "ours wall-gin": 1,
            "ours wall-knock": 1,
            "theirs gin": 86,
            "theirs knock": 561,
            "theirs tie": 17,
            "theirs undercut": 78,
            "theirs wall-gin": 2,
            "theirs wall-undercut": 1,
            "wall": 27,
        },
        "decisions": 19930,
        "p50_ms": 86.88534999964759,
        "p95_ms": 149.3642240002373,
        "cpu_p50_ms": 86.18355799998767,
        "cpu_p95_ms": 148.26739399995859,
        "max_ms": 221.24751400042442,
        "cpu_max_ms": 221.19307199999838,
        "refused_knocks": 3,
        "layoff_skips": 0,
        "seconds": 929.6536205259999,
        "label": "expert, sensible playouts (issue 30)",
        "target": 6.0,
        "final": True,
    },
    {
        "bot": "expert",
        "options": {"opponent_knocks_at_once": True},
        "seed": 2031,
        "pairs": 600,
        "deals": 1200,
        "points_per_deal": 5.190833333333333,
        "ci95_half": 1.2030648431418534,
        "win_rate": 0.4533333333333333,
        "loss_rate": 0.4891666666666667,
        "endings": {
            "ours gin": 239,
            "ours knock": 136,
            "ours tie": 2,
            "ours undercut": 2,
            "ours wall-gin": 2,
            "ours wall-knock": 4,
            "ours wall-tie": 1,
            "theirs gin": 93,
            "theirs knock": 491,
            "theirs tie": 46,
            "theirs undercut": 163,
            "theirs wall-knock": 1,
            "theirs wall-tie": 2,
            "wall": 18,
        },
        "decisions": 20227,
        "p50_ms": 83.95092700015994,
        "p95_ms": 300.10392900010174,
        "cpu_p50_ms": 80.16836999999555,
        "cpu_p95_ms": 149.77149700000325,
        "max_ms": 3049.255873999982,
        "cpu_max_ms": 224.60965199999805,
        "refused_knocks": 1,
        "layoff_skips": 0,
        "seconds": 1941.2958708320002,
        "label": "expert, sensible playouts, opponent model: knocks at once (issue 30)",
        "target": 6.0,
        "final": True,
    },
    {
        "bot": "expert",
        "options": {},
        "seed": 7070,
        "pairs": 300,
        "deals": 600,
        "points_per_deal": 4.983333333333333,
        "ci95_half": 1.823544491797151,
        "win_rate": 0.455,
        "loss_rate": 0.5016666666666667,
        "endings": {
            "ours gin": 122,
            "ours knock": 60,
            "ours undercut": 1,
            "ours wall-gin": 1,
            "ours wall-knock": 2,
            "theirs gin": 52,
            "theirs knock": 247,
            "theirs tie": 19,
            "theirs undercut": 88,
            "theirs wall-knock": 1,
            "wall": 7,
        },
        "decisions": 9925,
        "p50_ms": 78.38681800058112,
        "p95_ms": 212.87247099826345,
        "max_ms": 9428.535939998255,
        "cpu_p50_ms": 66.75637600000073,
        "cpu_p95_ms": 111.20153700002788,
        "cpu_max_ms": 202.15999699999543,
        "refused_knocks": 0,
        "layoff_skips": 0,
        "seconds": 814.9091555000014,
        "label": "expert at its default: the inferred opponent model (issue 39)",
        "target": 6.0,
        "final": True,
    },
    {
        "bot": "expert",
        "options": {"reads_play": False},
        "seed": 9090,
        "pairs": 600,
        "deals": 1200,
        "points_per_deal": 5.5625,
        "ci95_half": 1.235427629863867,
        "win_rate": 0.44333333333333336,
        "loss_rate": 0.49166666666666664,
        "endings": {
            "ours gin": 235,
            "ours knock": 111,
            "ours tie": 1,
            "ours undercut": 2,
            "ours wall-gin": 2,
            "ours wall-knock": 1,
            "theirs gin": 95,
            "theirs knock": 492,
            "theirs tie": 43,
            "theirs undercut": 181,
            "theirs wall-knock": 1,
            "theirs wall-undercut": 2,
            "wall": 34,
        },
        "decisions": 20915,
        "p50_ms": 85.4124170000432,
        "p95_ms": 243.08116899919696,
        "max_ms": 3229.761047001375,
        "cpu_p50_ms": 64.47325600001363,
        "cpu_p95_ms": 106.91600300003756,
        "cpu_max_ms": 205.94632899997123,
        "refused_knocks": 0,
        "layoff_skips": 0,
        "seconds": 948.4648724969993,
        "label": "expert, the inferred model without reading the opponent's play "
        "(issue 39, `--no-reads-play`)",
        "target": 6.0,
        "final": False,
    },
    {
        "bot": "expert",
        "options": {},
        "seed": 9090,
        "pairs": 600,
        "deals": 1200,
        "points_per_deal": 6.56,
        "ci95_half": 1.1089764211570272,
        "win_rate": 0.445,
        "loss_rate": 0.4891666666666667,
        "endings": {
            "ours gin": 236,
            "ours knock": 94,
            "ours tie": 2,
            "ours undercut": 1,
            "ours wall-gin": 2,
            "ours wall-knock": 2,
            "theirs gin": 85,
            "theirs knock": 500,
            "theirs tie": 45,
            "theirs undercut": 198,
            "theirs wall-knock": 1,
            "theirs wall-undercut": 2,
            "wall": 32,
        },
        "decisions": 21136,
        "p50_ms": 67.2829359973548,
        "p95_ms": 160.24181400280213,
        "max_ms": 420.87732199797756,
        "cpu_p50_ms": 64.95903399996905,
        "cpu_p95_ms": 107.09043800000018,
        "cpu_max_ms": 420.3460269999937,
        "refused_knocks": 0,
        "layoff_skips": 0,
        "seconds": 625.9457930319986,
        "label": "expert at its default: the inferred model, reading the opponent's play "
        "(issue 39)",
        "target": 6.0,
        "final": True,
    },
]
"""Matches measured on the shared machine (summaries of :meth:`MatchResult.summary`, with
a ``label``): re-run with ``python -m benchmarks.openspiel_match BOT --pairs N --seed S``."""

TARGETS = {"expert": 3.0, "tactician": 1.5}
"""Points per deal the issue asks for against ``SimpleGinRummyBot`` (never lowered here)."""

RULE_MAPPING: list[str] = [
    "- **An ace up card means gin only.** OpenSpiel's Oklahoma knock card is the up "
    "card's value with an ace giving 0. Our `classic` preset gives 1 for an ace; the "
    "mirrored rules use `ace_knock_limit=0` (as `spades-double` does).",
    "- **No spade doubling.** OpenSpiel never doubles; the mirrored rules have "
    "`spade_doubles=False`.",
    "- **A tie scores 0.** OpenSpiel scores a knock as the difference of the deadwood, with "
    "the undercut bonus only when the knocker has more; equal counts score nothing. The "
    "mirrored rules have `undercut_on_tie=False`. Bonuses: gin 25, undercut 25, no big gin "
    "(an eleven-card gin knocks and discards).",
    "- **The card just taken may be discarded.** OpenSpiel allows it; the mirrored rules "
    "have `may_discard_taken_card=True`. Our `tactician` and `expert` never take a card "
    "only to throw it straight back (tested). OpenSpiel ends a deal as a draw when both "
    "players do that in succession (`repeat` below), and after 50 up-card draws.",
    "- **OpenSpiel's wall rule.** When a discard leaves two cards in the stock our rules "
    "end the deal void; OpenSpiel lets the next player take that discard and knock if it "
    "can, and otherwise scores nothing. At the wall the referee knocks for our bot "
    "whenever OpenSpiel allows it, as `SimpleGinRummyBot` does (our view of the deal is "
    "over by then). Such deals show as `wall-...`; a wall with no knock as `wall`.",
    "- **OpenSpiel's 11-card deadwood sometimes refuses a legal knock.** To decide whether "
    "a knock is legal OpenSpiel arranges all eleven cards into its best melds and then "
    "drops the highest-ranked deadwood card, which is not always the least deadwood left "
    "after a discard. When it refuses a knock our rules allow, the knocks are taken out "
    "of our bot's legal actions for that decision (counted as *refused knocks*).",
    "- **Laying the hand.** OpenSpiel lays melds of at most five cards, so a longer run is "
    "laid in pieces of three to five; its layoffs may extend one end of a run by at most "
    "two cards. A layoff our engine chose that OpenSpiel refuses stays deadwood (counted "
    "as *refused layoffs*).",
    "- **Seats.** OpenSpiel's player 0 is always offered the up card first: it is our "
    "non-dealer, and the mirrored deal has player 1 as dealer. Deals are single deals; "
    "no game score is kept.",
]
"""How each rule difference between OpenSpiel and our rules is mapped."""


def _rows(records: Sequence[dict[str, Any]]) -> list[str]:
    rows = [
        "| ours | seed | duplicate pairs (deals) | points per deal, ours minus theirs (95% "
        "interval) | target | deals won / lost | knocks: ours (undercut) / theirs (undercut) "
        "| gins ours / theirs | no score (wall / repeat) | our decision ms p50 / p95 "
        "(CPU; wall) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in records:
        e = r["endings"]

        def count(prefix: str, kinds: tuple[str, ...], e: dict[str, int] = e) -> int:
            return sum(v for k, v in e.items() for kind in kinds if k == f"{prefix} {kind}")

        kinds_knock = ("knock", "tie", "undercut", "wall-knock", "wall-tie", "wall-undercut")
        target = r.get("target", TARGETS.get(r["bot"]))
        lo = r["points_per_deal"] - r["ci95_half"]
        cpu = f"{r['cpu_p50_ms']:.1f} / {r['cpu_p95_ms']:.1f};" if "cpu_p50_ms" in r else "-;"
        tgt = ""
        if target is not None and r.get("final"):
            met = r["points_per_deal"] >= target
            tgt = f">= +{target:.1f}: {'met' if met else '**missed**'}"
            if r["bot"] == "expert" and "target" not in r:  # issue 13's lower end
                tgt += f"; lower end {lo:+.2f} {'>' if lo > 1.5 else '**<=**'} +1.5"
        rows.append(
            f"| {r.get('label', r['bot'])} | {r['seed']} | {r['pairs']:,} ({r['deals']:,}) | "
            f"{r['points_per_deal']:+.2f} ± {r['ci95_half']:.2f} | {tgt} | "
            f"{r['win_rate']:.1%} / {r['loss_rate']:.1%} | "
            f"{count('ours', kinds_knock)} ({count('ours', ('undercut', 'wall-undercut'))}) / "
            f"{count('theirs', kinds_knock)} ({count('theirs', ('undercut', 'wall-undercut'))})"
            f" | {count('ours', ('gin', 'wall-gin'))} / {count('theirs', ('gin', 'wall-gin'))} | "
            f"{e.get('wall', 0)} / {e.get('repeat', 0)} | "
            f"{cpu} {r['p50_ms']:.1f} / {r['p95_ms']:.1f} |"
        )
    return rows


def run() -> str:
    """The ``openspiel`` section of ``docs/BENCHMARKS.md`` as Markdown (the recorded
    matches: a match of the expert takes about an hour, so they are run on demand)."""
    lines = [
        "## Opponents against OpenSpiel's SimpleGinRummyBot",
        "",
        "`SimpleGinRummyBot` (OpenSpiel's C++ reference bot for `gin_rummy`) knocks as soon "
        "as it can, takes the up card when it allows a knock or joins its best melds, and "
        "discards its highest deadwood card. Matches: `python -m benchmarks.openspiel_match "
        "BOT --pairs N --seed S` (needs `pip install -e '.[bench]'`). OpenSpiel referees "
        "(`gin_rummy` with `oklahoma=True`) and scores every deal; every deal is played "
        "twice with the seats swapped (duplicate format) and the 95% interval is computed "
        "over these pairs. Our bot decides from a `PlayerView` of a mirrored deal of our "
        "engine, so it never sees a hidden card. The knock phase is played optimally for "
        "both sides by the referee: least-deadwood melds for the knocker, best layoffs and "
        "melds for the defender (left to itself the simple bot never lays off, which would "
        "flatter us). Decision times are per decision of our bot, CPU time of the process "
        "and wall time; the wall times were taken with `nice -n 10` on the shared 2-core "
        "machine while other jobs ran (load averages 5-20), so they run up to several times "
        "the CPU times.",
        "",
        *_rows(RECORDED),
        "",
        "Rule differences and how they are mapped (`MIRROR_RULES` in "
        "`benchmarks/openspiel_match.py`):",
        "",
        *RULE_MAPPING,
        "",
        *NOTES,
    ]
    return "\n".join(lines) + "\n"


NOTES: list[str] = [
    "Notes on the matches:",
    "",
    "- **Before issue 13** (figures of the issue, measured with an earlier harness): "
    "`eager` −0.61 ± 0.72 over 2,000 deals, `tactician` +0.85 ± 0.55 over 2,000, `expert` "
    "+0.91 ± 1.77 over 400 with a 200 ms wall-clock cap on a loaded machine (the cap cut "
    "most searches short).",
    "- **What changed the expert**: its search now always completes its 360 playouts "
    "(seeded from the position; the safety cap counts CPU time and is never reached: the "
    "largest CPU time of a decision in the match was far below it), it never takes a card "
    "to throw it straight back, and the opponent's pickups are read into the guesses of "
    "its hand (`PICK_WEIGHT` in `gin/bots/evaluate.py`: an unseen card that could meld "
    "with a card the opponent picked up is twice as likely to be in its hand). A first "
    "run of the expert before the pickup inference stood at +4.57 ± 2.98 after 60 pairs "
    "(seed 1; stopped to free the machine).",
    "- **The expert's figure**: +3.02 ± 1.14 points per deal over 600 duplicate pairs "
    "(1,200 deals, seed 11, run once, not tuned on), so the interval's lower end is +1.88. "
    "It meets the +3.0 target only just: the running mean was +2.57 after 450 pairs and "
    "+2.96 after 520. It wins by gin (184 gins against 94) and by undercutting the simple "
    "bot's quick knocks (76 of its knocks undercut, against 13 of ours), while knocking "
    "about half as often.",
    "- **Decision times of the expert**: CPU time per decision p50 88 ms, p95 188 ms, "
    "largest 338 ms (the p95 target of 250 ms is met in CPU time; the 3,000 ms CPU safety "
    "cap was never reached, so every search ran its full 360 playouts). The wall times "
    "(p50 119 ms, p95 827 ms, largest 6.7 s) are those of a `nice -n 10` process on the "
    "shared 2-core machine at load averages of 7 to 20 during the hour of the match; on "
    "an idle machine wall and CPU times agree.",
    "- **The tactician before its gin play missed its target**: +1.07 ± 0.64 over 1,000 "
    "pairs (seed 2, the "
    "seed its pickup weight was tuned on) against the +1.5 asked for. The pickup "
    "inference is its only gain in this issue (about +0.3 to +0.4 on the same deals); "
    "discard safety against its own progress and knock timing were not retuned in the "
    "time available.",
    "- `eager` (unchanged by this issue) measures −1.51 ± 0.78 here against −0.61 ± 0.72 "
    "in the issue's earlier harness; the two harnesses differ in details this module does "
    "not know (for instance who chose the simple bot's discard after its knock).",
    "- **Tactician tuning** (1,000 pairs each, seed 2, same deals): pickup weight 1.0 "
    "(none) +0.67 ± 0.63, 1.6 +0.94 ± 0.63, 2.5 +1.03 ± 0.65; a higher undercut "
    "tolerance (+0.10, with weight 1.6) +0.95 ± 0.63, so the knock rule was kept. The "
    "weight chosen is 2.0.",
    '- **The tactician playing for gin** (row "playing for gin", `waits_to_knock` in '
    "`gin/bots/tactician.py`): where the undercut bonus is 20 or more (`spades-double` "
    "and the mirrored rules, 25) it passes up every knock with deadwood while the stock "
    "holds more than 6 cards, and plays on for gin with its count kept low; late in the "
    "deal it knocks as before when an undercut is unlikely. Under `classic` (undercut "
    "bonus 10) it plays as before. Against the simple bot, which knocks as soon as it "
    "can, this wins by gin (301 gins against 205) and by undercutting (384 of the simple "
    "bot's 1,416 knocks undercut, 1 of our 36): it wins fewer deals (35.9%) but far more "
    "points. Measured once on a fresh seed (31, 1,000 pairs, not tuned on): **+3.00 ± "
    "0.83**, the interval's lower end +2.17 above the +1.5 target. Decision CPU time p50 "
    "0.3 ms, p95 4.1 ms (a second run of the same seed gave the same figures).",
    "- **How it was tuned** (seeds 21-24, 400 pairs each, 1,600 pairs in all; the "
    "difference is per pair against the old tactician on the same deals): the old "
    "tactician +1.26 ± 0.49. Waiting while the stock holds more than S cards and the "
    "deadwood is above D: S 14, D 4: +1.33 ± 0.55 (difference +0.07 ± 0.27); S 10, D 4: "
    "+1.52 ± 0.56 (+0.26 ± 0.29); S 18, D 6: +0.97 ± 0.52 (−0.28 ± 0.18); S 14, D 2: "
    "+1.46 ± 0.58 (+0.20 ± 0.34); S 6, D 4: +1.52 ± 0.56 (+0.26 ± 0.29); S 10, D 2: +1.74"
    " ± 0.59 (+0.49 ± 0.37); S 6, D 1: +2.30 ± 0.62 (+1.04 ± 0.41); S 10, D 0: +3.08 ± "
    "0.64 (+1.83 ± 0.44); S 3, D 0: +3.15 ± 0.65 (+1.89 ± 0.46); **S 6, D 0: +3.16 ± 0.65"
    " (+1.90 ± 0.46), chosen**. Playing for gin pays and any knock with a count before "
    "the end of the stock costs. Discard safety and taking the up card were not retuned.",
    '- **Issue 30: the expert with playouts of sensible play** (row "sensible playouts"): its'
    " imagined deals are now played by `gin.bots.sensible` (tactician-like: takes a card only"
    " when it melds, avoids feeding known collections, waits for gin where the undercut bonus"
    " is big) instead of `eager`. Target **+6.0** over 600 duplicate pairs on a fresh seed: "
    "**missed**. Run on seed 2030 (never used before, no tuning on it), with `nice -n 5` on "
    "the 2-core machine, in two parts run side by side (`--first 0 --pairs 400` and `--first "
    "400 --pairs 200`; the first part repeats to the point the 400 pairs of an earlier stop, "
    "+2.42 ± 1.48, so the expert's play did not change since): **+2.46 ± 1.24** points per "
    "deal over the 600 pairs (95% interval +1.21 to +3.70), against +3.02 ± 1.14 for the "
    "expert with `eager` playouts (seed 11, 600 pairs); the intervals overlap, so the change "
    "is not shown to help or hurt here. Gins 239 ours against 88 theirs, undercuts 7 of ours "
    "against 79 of theirs, while it knocks a third as often. Decision CPU time p50 86 ms, "
    "p95 148 ms (the larger of the two parts; the 250 ms p95 target met). A likely cause of "
    "the gap to +6.0, not tried: the sensible policy waits for gin on both sides of an "
    "imagined deal under the mirrored rules (undercut bonus 25), while `SimpleGinRummyBot` "
    "knocks at once, so the imagined opponent is not the real one; the next step is an "
    "imagined opponent that knocks as the known opponent does.",
    '- **Issue 30: the opponent model** (row "opponent model: knocks at once"; `python -m '
    "benchmarks.openspiel_match expert --opponent-knocks-at-once`): the expert's imagined "
    "opponent knocks as soon as the limit allows, as `SimpleGinRummyBot` does, while the "
    "expert's own seat still plays the sensible policy (`Position.patient` per seat; off by "
    "default, so the hint and the review imagine a patient opponent). Tried first on 150 "
    "duplicate pairs of seed 4040 against the expert without it, on the same deals: +5.03 "
    "against +2.98 (the paired difference +2.05 ± 2.48). Then 600 pairs on seed 2031, never "
    "used before, in two parts side by side (`--first 0` and `--first 300`, 300 pairs each; "
    "+5.85 ± 1.59 and +4.53 ± 1.81): **+5.19 ± 1.20** points per deal (95% interval +3.99 to "
    "+6.39). The +6.0 target is **missed** on the estimate and inside the interval. It "
    "undercuts the simple bot's knocks 163 times against 79 without the model. Decision CPU "
    "time p50 80 ms, p95 150 ms (the larger part's); the wall p95 of 300 ms is the machine's "
    "other work: browser walks ran beside the first 75 pairs of each part. Tried after it "
    "on the same 150 pairs of seed 4040, against the model alone on the same deals: the "
    "search always trusted over the tactician's choice (`--confidence 0`) +5.71 (difference "
    "+0.68 ± 2.97); twice the playouts (`--playouts 720`, stopped at 100 pairs) +6.62 "
    "against +5.86 (+0.77 ± 2.81). Both are within the noise, so neither was run on a fresh "
    "seed.",
    '- **Issue 39: the inferred opponent model is the default** (`make_bot("expert", '
    "...)`, as a learner or `python -m benchmarks.openspiel_match expert` meets it): the "
    "expert starts from a learner's even prior (the simple bot is no kind it knows) and "
    "learns from every finished deal of the match (the referee tells each deal's bot the "
    "evidence of the deals before it), so against the simple bot, which knocks as soon as "
    "it can, it comes to imagine a hasty opponent. Measured "
    "on 300 duplicate pairs of seed 7070, never used before (one part, `nice -n 19` beside "
    "the test suite and other benchmarks; OpenSpiel installed in a separate venv): "
    "**+4.98 ± 1.82** points per deal, half the pairs "
    "the issue asks for; the +6.0 target is **missed** on the estimate and inside the "
    "interval, about where the switched model of issue 30 (+5.19 ± 1.20) was. Decision CPU "
    "time p50 67 ms, p95 111 ms (the 250 ms bound "
    "held); the wall's max of 9.4 s is the machine's other work.",
    "- **Issue 39: the expert reads the opponent's hand from how it plays** (row \"reading "
    "the opponent's play\", the default; `ExpertBot(reads_play=True)`, "
    "`gin.bots.evaluate.misfit`): each world's guess of the opponent's hidden cards must "
    "fit the imagined opponent: a hasty one (as the simple bot is) held no knock it passed "
    "up and threw away the card leaving the least deadwood (its real hand always fits: "
    "`tests/test_hand_reading.py`); a patient one may hold a knock while it waits. Screened "
    "first on 150 pairs of seed 4040 (paired, same deals: +0.92 ± 2.46 over the model "
    "alone); two more variants screened there and dropped: half the playouts spent on the "
    "best two candidates (−1.05 ± 1.97 against the reading alone) and that with 600 "
    "playouts (−0.86 ± 2.56). Then 600 duplicate pairs of seed 9090, never used before, "
    "in two parts of 300 side by side (`--first 0` and `--first 300`, each starting its "
    "model from the prior), `nice -n 19`: **+6.56 ± 1.11** points per deal (95% interval "
    "+5.45 to +7.67): the +6.0 target is **met on the estimate**, the interval reaching "
    "below it. The same 600 pairs without the reading (`--no-reads-play`): +5.56 ± 1.24; "
    "the paired difference is **+1.00 ± 1.25** (seed 9090 deals a little better to the "
    "expert than seed 7070, where the model alone scored +4.98 ± 1.82 over 300 pairs). "
    "Decision CPU time p50 65 ms, p95 107 ms (the larger part's), so the 250 ms bound holds.",
    "- **In our own rules against `eager`** (`python -m gin.tournament tactician eager "
    "--games 300 --seed 5`): `spades-double`, playing for gin: won 232 of 300 games, "
    "77.3% (72.3%-81.7%), points per deal 16.56 / 10.07. `classic`, unchanged play: 184 "
    "of 300, 61.3% (55.7%-66.7%), 8.62 / 6.85, on the 62% target within the interval. "
    "Playing for gin under `classic` too was tried and dropped: 178 of 300, 59.3% "
    "(53.7%-64.7%), 9.54 / 7.67 points per deal (a small undercut bonus pays less for "
    "waiting).",
]
"""Notes on the recorded figures (how they were measured, what was missed and why)."""


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m benchmarks.openspiel_match BOT [--pairs N] [--seed S] [--json FILE]``."""
    ap = argparse.ArgumentParser(prog="python -m benchmarks.openspiel_match")
    ap.add_argument("bot", choices=BOT_NAMES)
    ap.add_argument("--pairs", type=int, default=100, help="duplicate deals (default 100)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--first", type=int, default=0, help="the first pair's number (to go on with a match)"
    )
    ap.add_argument("--playouts", type=int, default=None, help="the expert's playouts")
    ap.add_argument(
        "--confidence",
        type=float,
        default=None,
        help="standard errors by which the expert's search must beat the tactician's choice",
    )
    ap.add_argument(
        "--opponent-knocks-at-once",
        action="store_true",
        help="the expert imagines an opponent that knocks as soon as it can, as "
        "SimpleGinRummyBot does (an opponent model)",
    )
    ap.add_argument(
        "--no-reads-play",
        action="store_true",
        help="the expert's guesses of the opponent's hand don't read how it plays "
        "(as before issue 39's reading)",
    )
    ap.add_argument("--json", default=None, help="write the summary to this file")
    ap.add_argument("--every", type=int, default=50, help="print progress every N pairs")
    args = ap.parse_args(argv)
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("open-spiel is not installed: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    opts: dict[str, Any] = {"playouts": args.playouts} if args.playouts is not None else {}
    if args.confidence is not None:
        opts["confidence"] = args.confidence
    if args.opponent_knocks_at_once:
        opts["opponent_knocks_at_once"] = True
    if args.no_reads_play:
        opts["reads_play"] = False

    def show(done: int, total: int, res: MatchResult) -> None:
        if done % args.every == 0 or done == total:
            mean, half = res.points_per_deal()
            print(f"{done}/{total} pairs: {mean:+.2f} ± {half:.2f}", file=sys.stderr, flush=True)
            if args.json:  # written as the match goes, so a stopped match keeps its figures
                with open(args.json, "w", encoding="utf-8") as f:
                    json.dump(written(res), f, indent=1)

    def written(res: MatchResult) -> dict[str, Any]:
        # the pairs' points too, so that two parts of one match can be put together
        return {**res.summary(), "first_pair": args.first, "pair_points": res.pair_points()}

    res = run_match(
        args.bot, args.pairs, seed=args.seed, options=opts, progress=show, first=args.first
    )
    print(report(res.summary()))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(written(res), f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
