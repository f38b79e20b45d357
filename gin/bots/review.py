"""The review of a finished deal: every decision of one player weighed by the expert.

For each decision the player made (take or pass the up card, draw from the stock or the
discard pile, the discard, which is also where a player knocks or plays on), the review
rebuilds the player's :class:`~gin.deal.PlayerView` **as it was at that moment** by
replaying the deal's actions, and weighs the moves worth weighing from that view alone:

- the candidates are the ``expert``'s own (:meth:`ExpertBot.candidate_actions
  <gin.bots.expert.ExpertBot.candidate_actions>`: the best-looking discards, the knocks,
  taking or leaving the top card), the ``tactician``'s choice and the move made; the
  other legal moves are clearly worse by the expert's own ranking and are not searched;
- each candidate is played to the end in the same worlds, drawn from a generator seeded
  by the position (:func:`~gin.bots.seeding.position_rng`) and :data:`REVIEW_SALT`, and
  played out by the ``sensible`` policy on both sides (:mod:`gin.bots.sensible`). A
  move's value is therefore the same whatever else is weighed beside it, on every run and
  machine;
- the search is sequential (:func:`weigh_sequential`): :data:`REVIEW_WORLDS` worlds at
  first, doubled while the interval of the loss of the move made still crosses a class
  boundary, up to :data:`REVIEW_GROWTH` times as many; a clear decision costs no extra.
  The costly line (whether the decision is shown as costly at all) gets up to
  :data:`COSTLY_GROWTH` times as many: while the loss's interval crosses it, while the
  move made leads but another could still beat it by as much, and while a costly loss
  is not costly in the first half of the worlds too (a verdict reached by looking again
  and again must hold on the earlier worlds, or the looks themselves make noise costly).
  At that cap (:data:`~gin.bots.verdicts.WELL_MEASURED` worlds) the loss's standard error
  is well measured and its interval narrows to half a standard error
  (:func:`gin.bots.verdicts.margin`);
- the imagined opponent plays as the one the player faced (``opponent``, a bot's name:
  :func:`gin.bots.opponent_model.imagined`): against ``eager``, which knocks as soon as it
  can, every imagined deal's opponent knocks as soon as it can too; against the
  ``tactician``, the ``expert`` or an opponent not named, it is patient (it waits for gin
  where that pays), as the sensible player on the player's own side;
- a decision where the move made is the only candidate (a forced move, gin, or a top
  card that can't help left on the pile) needs no search: it is the best move.

The loss of a decision is the best candidate's value minus the value of the move made, in
expected points for the player, an average over the worlds. It is classed by
:func:`gin.bots.verdicts.judge_loss` from the paired differences of the worlds: ``best``
only for the best move found, ``close`` when the worlds cannot tell the move apart from
the best or cannot tell whether it was costly, a costly class only when the low end of the
loss's interval clears that class's threshold. No hidden card is read: only views before
each decision are weighed (the deal's end, where both hands are shown, is never looked
at).

With ``?arrange=self`` the player also lays out their own melds when knocking and chooses
their own layoffs when defending: these are decisions of kind ``layout`` and ``layoffs``,
weighed exactly, without search, by :mod:`gin.bots.review_layout` (a layout from the
player's own cards only, the layoffs from the player's cards and the knocker's cards laid
face up). The knock itself is weighed as above, as if laid out at best; the layout comes
right after it, in deal order.

>>> import random
>>> from gin.rules import Rules
>>> from gin.deal import Deal
>>> from gin.bots import EagerBot
>>> from gin.bots.selfplay import play_deal
>>> deal = play_deal(Deal.new(Rules.preset("classic"), seed=4), (EagerBot(), EagerBot()))
>>> review = review_deal(deal, 0, worlds=8)
>>> review == review_deal(deal, 0, worlds=8)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from gin import actions as act
from gin.bots.expert import (
    CandidateValue,
    ExpertBot,
    ending,
    sample_world,
    world_outcomes,
)
from gin.bots.memory import remember
from gin.bots.opponent_model import imagined
from gin.bots.review_layout import (
    LAYOFF_THEME,
    LAYOUT_THEME,
    ExactJudgement,
    is_exact,
    judge_decision,
    without_layout,
)
from gin.bots.review_reasons import Reasons, explain
from gin.bots.seeding import position_rng
from gin.bots.tactician import TacticianBot
from gin.bots.verdicts import (
    COSTLY,
    COSTLY_FROM,
    VERDICTS,
    Verdict,
    above,
    below,
    judge_loss,
    open_boundary,
    verdict,
    within_noise,
)
from gin.cards import Card
from gin.deal import Deal, Phase, PlayerView
from gin.errors import GinError, IllegalActionError
from gin.i18n import M, Text
from gin.match import Game

REVIEW_WORLDS = 56
"""Worlds (sampled deals) in which every candidate of a decision is played to the end at
first. A decision whose verdict is still uncertain gets more (:data:`REVIEW_GROWTH`)."""

REVIEW_GROWTH = 8
"""The most worlds a review spends on one decision, as a multiple of its first worlds:
while the loss's interval crosses a class boundary
(:func:`gin.bots.verdicts.settled`), the worlds are doubled up to this cap."""

COSTLY_GROWTH = 16
"""The most worlds a review spends on a decision whose verdict still hangs on the costly
line (:data:`~gin.bots.verdicts.COSTLY_FROM`: whether it is shown as costly at all), as a
multiple of its first worlds: the loss's interval crosses that line, or the move made leads
but another could still be that much better. The other class boundaries get up to
:data:`REVIEW_GROWTH` times the first worlds."""

PRUNE_SE = 3.0
"""Standard errors by which a move must trail the best for the sequential search to stop
playing it (it can no longer be the best)."""

REVIEW_CANDIDATES = 3
"""The best-looking discards (by the ``tactician``'s ranking) weighed at a discard, besides
the knocks, the tactician's own choice and the move made."""

REVIEW_SALT = "review"
"""The purpose the review's generator is seeded with (see :mod:`gin.bots.seeding`)."""

READS_PLAY = True
"""Whether the imagined opponent's hand is guessed from how it plays, as the expert's is
(:func:`gin.bots.expert.sample_world`); read at each call, so a benchmark can weigh the
review without it."""

MAX_COSTLY = 3
"""The costly decisions shown in full, largest losses first."""

DecisionKind = Literal["offer", "draw", "discard", "knock", "layout", "layoffs"]
"""What a decision was about: the up card, the draw, the discard, a discard where the
player could also knock (knock or play on), and with ``?arrange=self`` the player's own
layout of a knock and their own layoffs (weighed exactly: :mod:`gin.bots.review_layout`)."""

_KINDS: dict[Phase, DecisionKind] = {
    Phase.OFFER_NON_DEALER: "offer",
    Phase.OFFER_DEALER: "offer",
    Phase.DRAW: "draw",
    Phase.DISCARD: "discard",
}


@dataclass(frozen=True)
class Weighing:
    """The expert's values of the moves of one decision, from one view."""

    values: tuple[CandidateValue, ...]
    """Every move weighed, best first (value: expected points for the player)."""
    worlds: int
    """Worlds each move was played in (0: no search was needed)."""
    unsearched: tuple[act.Action, ...]
    """Legal moves not weighed: clearly worse by the expert's ranking."""
    made_is_close: bool = False
    """Whether the move made is the best, or beaten by less than the noise of the worlds
    (less than ``DEFAULT_CONFIDENCE`` standard errors of the paired differences: the
    expert's own test, :meth:`ExpertBot.search <gin.bots.expert.ExpertBot.search>`)."""
    points: tuple[tuple[int, ...], ...] = ()
    """The points of each move of :attr:`values` (same order), world by world."""
    start: int = 0
    """The worlds the search began with (it doubles them while a verdict is uncertain,
    up to :data:`REVIEW_GROWTH` times as many)."""
    opponent_hasty: bool = False
    """Whether the imagined opponent knocked as soon as it could in every world (the
    player faced ``eager``); otherwise it was patient."""

    @property
    def best(self) -> act.Action:
        """The move with the most expected points."""
        return self.values[0].action

    def value_of(self, action: act.Action) -> CandidateValue | None:
        """The value of ``action``, if it was weighed."""
        for v in self.values:
            if v.action == action:
                return v
        return None

    def loss(self, action: act.Action) -> float:
        """Expected points ``action`` gives up against the best move (0 for the best)."""
        v = self.value_of(action)
        if v is None:
            raise IllegalActionError(M["error.review-not-weighed"](action=action.text))
        return max(0.0, self.values[0].mean - v.mean)

    def diffs(self, action: act.Action) -> tuple[int, ...]:
        """The best move's points minus ``action``'s, world by world, over the worlds both
        were played in (empty without a search)."""
        if not self.points:
            return ()
        for k, v in enumerate(self.values):
            if v.action == action:
                best = self.points[0][: len(self.points[k])]
                return tuple(b - m for b, m in zip(best, self.points[k], strict=True))
        raise IllegalActionError(M["error.review-not-weighed"](action=action.text))


def _open_line(
    points: Sequence[Sequence[int]], lead: int, mk: int, live: Sequence[int]
) -> float | None:
    """The class boundary the verdict of the move ``mk`` still hangs on (``None``: settled),
    from the points of the moves ``live`` (played in every world so far) and the best of
    them, ``lead``: the lowest boundary the loss's interval crosses; the costly line for a
    costly loss that the first half of the worlds does not find costly; when the move made
    leads, the costly line if another move's gain over it could still reach it."""
    if lead != mk:
        diffs = [b - x for b, x in zip(points[lead], points[mk], strict=True)]
        line = open_boundary(diffs)
        if (
            line is None
            and above(diffs, COSTLY_FROM)
            and not above(diffs[: len(diffs) // 2], COSTLY_FROM)
        ):
            return COSTLY_FROM  # costly, but not yet in the first half of the worlds
        return line
    for k in live:
        if k != mk and not below(
            [b - x for b, x in zip(points[k], points[mk], strict=True)], COSTLY_FROM
        ):
            return COSTLY_FROM
    return None


def open_line(w: Weighing, made: act.Action) -> float | None:
    """The class boundary the verdict of ``made`` in ``w`` still hangs on, ``None`` once
    settled (see :data:`COSTLY_GROWTH`): what makes the sequential search go on. Only the
    moves played in all of ``w``'s worlds count."""
    full = [k for k, p in enumerate(w.points) if len(p) == w.worlds]
    mk = [v.action for v in w.values].index(made)
    if not w.points or mk not in full:
        return None
    return _open_line(w.points, full[0], mk, full)


def _search(
    view: PlayerView,
    cands: Sequence[act.Action],
    made: act.Action | None,
    start: int,
    cap: int,
    costly_cap: int | None = None,
    hasty: bool = False,
) -> Weighing:
    """Play ``cands`` in ``start`` worlds, then, while the verdict of ``made`` is not
    settled (:func:`open_line`), in twice as many (the first worlds kept, the next drawn
    from the same generator), up to ``cap``, or ``costly_cap`` while it hangs on the costly
    line. The worlds depend only on the view and :data:`REVIEW_SALT`: the first ``n`` are
    the same whatever the candidates and the caps.

    Once more worlds are needed, only the moves that may still be the best go on with the
    move made (a move behind the best by more than :data:`PRUNE_SE` standard errors stops:
    its value stays the one of the worlds it was played in). ``hasty``: the imagined
    opponent knocks as soon as it can in every world (else it is patient); either way the
    guesses of its hand fit how it plays (:func:`~gin.bots.expert.sample_world`)."""
    mem = remember(view)
    rng = position_rng(view, REVIEW_SALT)
    me = view.player
    cs = list(cands)
    points: list[list[int]] = [[] for _ in cs]
    endings: list[dict[str, int]] = [{} for _ in cs]
    live = list(range(len(cs)))
    mk = cs.index(made) if made is not None else -1
    target = max(1, start)
    n = 0
    while True:
        while n < target:
            base = sample_world(view, mem, rng, opponent_patient=not hasty, reads_play=READS_PLAY)
            for k, o in zip(live, world_outcomes(base, [cs[k] for k in live]), strict=True):
                points[k].append(o.value(me))
                e = ending(o, me)
                endings[k][e] = endings[k].get(e, 0) + 1
            n += 1
        # the best among the moves played in every world so far
        totals = [sum(p) for p in points]
        lead = min(live, key=lambda k: (-totals[k], k))
        if mk < 0:
            break
        line = _open_line(points, lead, mk, live)
        limit = cap if line != COSTLY_FROM or costly_cap is None else max(cap, costly_cap)
        if line is None or target >= limit:
            break
        live = [
            k
            for k in live
            if k in (lead, mk)
            or not above(
                [b - x for b, x in zip(points[lead], points[k], strict=True)], 0.0, PRUNE_SE
            )
        ]
        target = min(limit, target * 2)

    # every move ranked by its mean over its own worlds; the moves played to the end first
    def key(k: int) -> tuple[int, Fraction, int]:
        return (0 if k in live else 1, -Fraction(totals[k], len(points[k])), k)

    order = sorted(range(len(cs)), key=key)
    values = tuple(
        CandidateValue(
            cs[k], totals[k] / len(points[k]), len(points[k]), tuple(sorted(endings[k].items()))
        )
        for k in order
    )
    ranked = tuple(tuple(points[k]) for k in order)
    close = mk >= 0 and within_noise([b - x for b, x in zip(points[lead], points[mk], strict=True)])
    legal = tuple(a for a in view.legal_actions if a not in cs)
    return Weighing(values, n, legal, close, ranked, start, hasty)


def candidates(view: PlayerView, made: act.Action | None = None) -> list[act.Action]:
    """The moves a review weighs at ``view``: the expert's candidates, the tactician's
    choice and ``made`` (in that order, without repeats)."""
    mem = remember(view)
    cands, _ = ExpertBot(candidates=REVIEW_CANDIDATES).candidate_actions(view, mem)
    out = list(cands)
    extra: list[act.Action] = []
    if len(view.legal_actions) > 1 and view.phase is not Phase.LAYOFF:
        if len(out) > 1 or (made is not None and made not in out):
            extra.append(TacticianBot().choose(view))
    if made is not None:
        extra.append(made)
    for a in extra:
        if a not in out:
            out.append(a)
    return out


def _obvious(view: PlayerView, only: act.Action, hasty: bool = False) -> Weighing:
    rest = tuple(a for a in view.legal_actions if a != only)
    return Weighing((CandidateValue(only, 0.0, 0, ()),), 0, rest, opponent_hasty=hasty)


def imagines_hasty(opponent: str | None) -> bool:
    """Whether the review imagines an opponent who knocks as soon as it can for a player
    who faced ``opponent`` (:func:`gin.bots.opponent_model.imagined`: ``eager``)."""
    return imagined(opponent) is not None


def _check(view: PlayerView, made: act.Action | None) -> None:
    if not view.my_turn or not view.legal_actions:
        raise GinError(M["error.not-your-turn"]())
    if made is not None and made not in view.legal_actions:
        raise IllegalActionError(M["error.review-not-legal"](action=made.text))


def weigh(
    view: PlayerView,
    made: act.Action | None = None,
    worlds: int = REVIEW_WORLDS,
    *,
    opponent: str | None = None,
) -> Weighing:
    """Weigh the decision at ``view`` (the candidates of :func:`candidates`) in exactly
    ``worlds`` worlds per candidate, seeded by the position and :data:`REVIEW_SALT`: a
    search of fixed size, the yardstick a stronger search is measured with. The imagined
    opponent plays as ``opponent`` (see the module).

    Raises :class:`~gin.errors.GinError` with code ``not-your-turn`` if the view's player
    is not to move.
    """
    _check(view, made)
    hasty = imagines_hasty(opponent)
    cands = candidates(view, made)
    if len(cands) == 1:
        return _obvious(view, cands[0], hasty)
    return _search(view, cands, made, worlds, worlds, hasty=hasty)


def weigh_sequential(
    view: PlayerView,
    made: act.Action,
    worlds: int = REVIEW_WORLDS,
    *,
    opponent: str | None = None,
) -> Weighing:
    """Weigh the decision ``made`` at ``view`` as the review does: the candidates of
    :func:`candidates` in ``worlds`` worlds, doubled while the verdict of ``made`` is
    uncertain (its loss's interval crosses a class boundary), up to
    :data:`REVIEW_GROWTH` times ``worlds``. A clear decision costs no extra world. The
    imagined opponent plays as ``opponent`` (see the module)."""
    return _weigh_sequential(view, made, worlds, imagines_hasty(opponent))


def _weigh_sequential(view: PlayerView, made: act.Action, worlds: int, hasty: bool) -> Weighing:
    _check(view, made)
    cands = candidates(view, made)
    if len(cands) == 1:
        return _obvious(view, cands[0], hasty)
    return _search(
        view, cands, made, worlds, worlds * REVIEW_GROWTH, worlds * COSTLY_GROWTH, hasty=hasty
    )


def weigh_move(
    view: PlayerView,
    action: act.Action,
    worlds: int = REVIEW_WORLDS,
    *,
    opponent: str | None = None,
) -> CandidateValue:
    """The value of one move at ``view``, in the same worlds as :func:`weigh` (so it
    compares with the values there, for the same ``opponent``)."""
    if action not in view.legal_actions:
        raise IllegalActionError(M["error.review-not-legal"](action=action.text))
    hasty = imagines_hasty(opponent)
    return _search(view, [action], None, worlds, worlds, hasty=hasty).values[0]


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed player, weighed."""

    index: int
    """The position of the move in the deal's actions (0 for the first)."""
    kind: DecisionKind
    view: PlayerView
    """What the player saw when deciding."""
    made: act.Action
    weighing: Weighing
    loss: float
    verdict: Verdict
    reasons: tuple[Text, ...]
    """One or two sentences on why the best move was better (empty for best moves)."""
    themes: tuple[str, ...]
    """The recurring themes this decision shows (see :data:`THEMES`)."""
    exact: ExactJudgement | None = None
    """For a ``layout`` or ``layoffs`` decision: the layout or layoffs against the best,
    weighed exactly (``None`` for the decisions weighed by search)."""

    @property
    def best(self) -> act.Action:
        """The best move found."""
        return self.weighing.best

    @property
    def costly(self) -> bool:
        """Whether the decision lost enough to be shown in full."""
        return self.verdict in COSTLY


def decide(
    index: int,
    view: PlayerView,
    made: act.Action,
    worlds: int = REVIEW_WORLDS,
    *,
    opponent: str | None = None,
) -> Decision:
    """Weigh the decision ``made`` at ``view`` (:func:`weigh_sequential`, ``worlds`` worlds
    at first, the imagined opponent playing as ``opponent``) and class it by
    :func:`gin.bots.verdicts.judge_loss`: costly only when the low end of the loss's
    interval clears the class's threshold, ``close`` when the worlds cannot tell. A layout
    or layoffs the player chose is weighed exactly (:func:`decide_exact`)."""
    return _decide(index, view, made, worlds, imagines_hasty(opponent))


def _decide(index: int, view: PlayerView, made: act.Action, worlds: int, hasty: bool) -> Decision:
    if is_exact(made):
        return decide_exact(index, view, made)
    w = _weigh_sequential(view, made, worlds, hasty)
    diffs = w.diffs(made)
    v = judge_loss(diffs)
    loss = 0.0 if v == "best" else w.loss(made)
    if v in COSTLY:
        reasons = explain(view, made, w.best, w.value_of(made), w.values[0], w.worlds)
    else:
        reasons = Reasons((), ())
    kind = _KINDS[view.phase]
    if any(isinstance(a, act.Knock) for a in view.legal_actions):
        kind = "knock"
    return Decision(index, kind, view, made, w, loss, v, reasons.texts, reasons.themes)


def decide_exact(index: int, view: PlayerView, made: act.Action) -> Decision:
    """The ``layout`` or ``layoffs`` decision ``made`` at ``view``, weighed exactly
    (:func:`gin.bots.review_layout.judge_decision`): its weighing holds the best choice
    (value 0) and the choice made (minus the points it gave away), in no worlds."""
    j = judge_decision(view, made)
    best = best_choice(made, j)
    values = [CandidateValue(best, 0.0, 0, ())]
    if best != made:
        values.append(CandidateValue(made, -float(j.loss), 0, ()))
    loss = float(j.loss)
    v = verdict(loss)
    themes = (j.theme,) if j.reasons else ()
    return Decision(
        index, j.kind, view, made, Weighing(tuple(values), 0, ()), loss, v, j.reasons, themes, j
    )


def best_choice(made: act.Action, j: ExactJudgement) -> act.Action:
    """The best layout (or layoffs) of ``j`` as the action that would have played it
    (``made`` itself when it was as good)."""
    if j.as_good:
        return made
    if j.kind == "layout":
        melds = tuple(m.cards for m in j.best_melds)
        if isinstance(made, act.Knock):
            return act.Knock(made.card, melds)
        return act.BigGin(melds)
    stand = list(j.melds)
    chosen: list[tuple[Card, int]] = []
    for lo in j.best_laid:
        i = stand.index(lo.onto)
        chosen.append((lo.card, i))
        stand[i] = lo.result
    return act.LayOff(tuple(chosen))


def learner_decisions(deal: Deal, player: int) -> list[tuple[int, PlayerView, act.Action]]:
    """Every decision of ``player`` in ``deal`` with a choice in it, as (index, the view
    before the move, the move). Forced moves and the engine's own layoffs are left out.

    A knock laid out by the player (``?arrange=self``) gives two decisions at the same
    index: the knock itself (its layout left to the engine: :func:`without_layout`), then
    the layout. Layoffs the player chose give one, when some card could be laid off."""
    replay = Deal(deal.rules, deal.order, deal.dealer)
    out: list[tuple[int, PlayerView, act.Action]] = []
    for i, a in enumerate(deal.actions):
        if replay.to_move == player and replay.phase in _KINDS:
            view = replay.view(player)
            if len(view.legal_actions) > 1:
                out.append((i, view, without_layout(a)))
            if is_exact(a):
                out.append((i, view, a))
        elif replay.to_move == player and replay.phase is Phase.LAYOFF and is_exact(a):
            view = replay.view(player)
            if view.layoff_plan is not None and view.layoff_plan.fits:
                out.append((i, view, a))
        replay.apply(a)
    return out


@dataclass(frozen=True)
class DealReview:
    """The review of one player's decisions in one finished deal."""

    player: int
    decisions: tuple[Decision, ...]
    worlds: int
    opponent_hasty: bool = False
    """Whether the imagined deals' opponent knocked as soon as it could (the player faced
    ``eager``: :func:`imagines_hasty`); the review then says so."""

    @property
    def costly(self) -> tuple[Decision, ...]:
        """Up to :data:`MAX_COSTLY` costly decisions, the largest losses first (ties: the
        earlier decision first)."""
        bad = [d for d in self.decisions if d.costly]
        bad.sort(key=lambda d: (-d.loss, d.index))
        return tuple(bad[:MAX_COSTLY])

    def counts(self) -> dict[Verdict, int]:
        """How many decisions fell in each class."""
        out: dict[Verdict, int] = dict.fromkeys(VERDICTS, 0)
        for d in self.decisions:
            out[d.verdict] += 1
        return out

    @property
    def points_lost(self) -> float:
        """The expected points lost over the deal."""
        return sum(d.loss for d in self.decisions)


@dataclass
class DealReviewer:
    """A review worked out one decision at a time (so a page can show progress and stay
    responsive): call :meth:`step` until it returns ``True``, then read :attr:`result`.

    Raises :class:`~gin.errors.IllegalActionError` with code ``review-deal-not-over``
    while the deal is still being played: a review is only offered once the deal is over.
    ``opponent`` is the opponent the player faced (a bot's name, ``None`` if not known):
    the imagined deals' opponent plays as it does (see the module).
    """

    deal: Deal
    player: int
    worlds: int = REVIEW_WORLDS
    opponent: str | None = None
    pending: list[tuple[int, PlayerView, act.Action]] = field(init=False)
    done: list[Decision] = field(init=False, default_factory=list)
    total: int = field(init=False, default=0)
    """How many decisions the review weighs."""

    def __post_init__(self) -> None:
        if not self.deal.is_over:
            raise IllegalActionError(M["error.review-deal-not-over"]())
        self.pending = learner_decisions(self.deal, self.player)
        self.pending.reverse()
        self.total = len(self.pending)

    @property
    def finished(self) -> bool:
        """Whether every decision has been weighed."""
        return not self.pending

    def step(self) -> bool:
        """Weigh the next decision; ``True`` once all are weighed."""
        if self.pending:
            i, view, made = self.pending.pop()
            self.done.append(_decide(i, view, made, self.worlds, self.hasty))
        return self.finished

    @property
    def hasty(self) -> bool:
        """Whether the imagined opponent knocks as soon as it can (:func:`imagines_hasty`)."""
        return imagines_hasty(self.opponent)

    @property
    def result(self) -> DealReview:
        """The finished review (weighs what is left first)."""
        while not self.step():
            pass
        return DealReview(self.player, tuple(self.done), self.worlds, self.hasty)


def review_deal(
    deal: Deal, player: int, worlds: int = REVIEW_WORLDS, *, opponent: str | None = None
) -> DealReview:
    """Review ``player``'s decisions in the finished ``deal``, the imagined opponent
    playing as ``opponent``, the one the player faced (see the module)."""
    return DealReviewer(deal, player, worlds, opponent).result


# ---------------------------------------------------------------------------- the game


THEMES: tuple[str, ...] = (
    "fed",
    "broke-meld",
    "knock-undercut",
    "missed-knock",
    "kept-high",
    "draw",
    LAYOUT_THEME,
    LAYOFF_THEME,
)
"""The recurring themes a game summary may name, in the order ties are broken."""

MAX_THEMES = 3


@dataclass(frozen=True)
class GameSummary:
    """Every class counted over the reviewed deals of a game, and the recurring themes."""

    counts: tuple[tuple[Verdict, int], ...]
    themes: tuple[tuple[str, int], ...]
    """Up to :data:`MAX_THEMES` themes of costly decisions, as (theme, how many), the
    most frequent first."""
    deals: int


def summarize(reviews: Sequence[DealReview]) -> GameSummary:
    """The :class:`GameSummary` of ``reviews`` (one per deal)."""
    counts: dict[Verdict, int] = dict.fromkeys(VERDICTS, 0)
    themes: dict[str, int] = {}
    for r in reviews:
        for d in r.decisions:
            counts[d.verdict] += 1
            if d.costly:
                for t in d.themes:
                    themes[t] = themes.get(t, 0) + 1
    ranked = sorted(themes.items(), key=lambda kv: (-kv[1], THEMES.index(kv[0])))
    return GameSummary(tuple(counts.items()), tuple(ranked[:MAX_THEMES]), len(reviews))


def finished_deals(game: Game) -> list[int]:
    """The positions (0 for the first) of the game's finished deals."""
    return [i for i, d in enumerate(game.deals) if d.is_over]


def review_game(
    game: Game, player: int, worlds: int = REVIEW_WORLDS, *, opponent: str | None = None
) -> list[DealReview]:
    """A review of every finished deal of ``game`` for ``player`` (who faced
    ``opponent``), in order."""
    return [
        review_deal(game.deals[i], player, worlds, opponent=opponent) for i in finished_deals(game)
    ]


# ---------------------------------------------------------------------------- the puzzle


@dataclass(frozen=True)
class PuzzleAnswer:
    """What a new choice at a reviewed position is worth."""

    action: act.Action
    loss: float
    verdict: Verdict
    best: act.Action
    points: float
    """Expected points of the new choice."""


@dataclass(frozen=True)
class Puzzle:
    """ "Play it again from here": a reviewed decision set up again.

    The position is the player's view at the time; :attr:`deal` is a whole deal that
    agrees with it, the opponent's hidden cards and the stock order sampled from the view
    (never read from the real deal). A new choice is judged against the same values as the
    review (:meth:`judge`); the deal is not played on with knowledge of the future.
    """

    decision: Decision
    deal: Deal

    @property
    def view(self) -> PlayerView:
        """The position, as the player saw it."""
        return self.decision.view

    def judge(self, action: act.Action) -> PuzzleAnswer:
        """Whether ``action`` is the best move now, or how far from it, by the review's
        rule in the review's worlds (:func:`decide`, as if ``action`` had been played):
        the move made gets the review's own verdict, the review's best move ``best``.

        Raises :class:`~gin.errors.IllegalActionError` (code ``review-not-legal``) for a
        move that was not legal at the position.
        """
        if action not in self.view.legal_actions:
            raise IllegalActionError(M["error.review-not-legal"](action=action.text))
        d = self.decision
        if action == d.made:
            made = d.weighing.value_of(action)
            return PuzzleAnswer(action, d.loss, d.verdict, d.best, made.mean if made else 0.0)
        if action == d.best:
            best = d.weighing.value_of(action)
            return PuzzleAnswer(action, 0.0, "best", action, best.mean if best else 0.0)
        # the review's own rule in the review's own worlds: as if this had been the move
        start = d.weighing.start or REVIEW_WORLDS
        again = _decide(d.index, self.view, action, start, d.weighing.opponent_hasty)
        mine = again.weighing.value_of(action)
        return PuzzleAnswer(
            action, again.loss, again.verdict, again.best, mine.mean if mine else 0.0
        )


def puzzle(decision: Decision) -> Puzzle:
    """Set ``decision`` up again as a :class:`Puzzle`."""
    view = decision.view
    world = sample_world(view, remember(view), position_rng(view, "puzzle"))
    return Puzzle(decision, world.to_deal())


def judge_exact(decision: Decision, action: act.Action) -> PuzzleAnswer:
    """ "Play it again" for a ``layout`` or ``layoffs`` decision: a new layout of the same
    cards (the same knock or big gin, with other ``melds``) or new layoffs onto the same
    melds, judged exactly against the best, from the same view (no card is sampled: the
    cards were face up).

    Raises :class:`~gin.errors.IllegalActionError` (code ``review-not-legal``) for an
    action that is not a new layout or new layoffs of this decision, and
    :class:`~gin.layout.LayoutError` for a layout or layoff the engine refuses.
    """
    made = decision.made
    same = (
        (isinstance(made, act.Knock) and isinstance(action, act.Knock) and made.card == action.card)
        or (isinstance(made, act.BigGin) and isinstance(action, act.BigGin))
        or (isinstance(made, act.LayOff) and isinstance(action, act.LayOff))
    )
    if decision.exact is None or not same or not is_exact(action):
        raise IllegalActionError(M["error.review-not-legal"](action=action.text))
    j = judge_decision(decision.view, action)
    loss = float(j.loss)
    return PuzzleAnswer(action, loss, verdict(loss), best_choice(action, j), 0.0 - loss)


__all__ = [
    "COSTLY_GROWTH",
    "MAX_COSTLY",
    "MAX_THEMES",
    "PRUNE_SE",
    "REVIEW_CANDIDATES",
    "REVIEW_GROWTH",
    "REVIEW_SALT",
    "REVIEW_WORLDS",
    "THEMES",
    "DealReview",
    "DealReviewer",
    "Decision",
    "GameSummary",
    "Puzzle",
    "PuzzleAnswer",
    "Weighing",
    "best_choice",
    "candidates",
    "decide",
    "decide_exact",
    "finished_deals",
    "imagines_hasty",
    "judge_exact",
    "learner_decisions",
    "open_line",
    "puzzle",
    "review_deal",
    "review_game",
    "summarize",
    "true_cards_at",
    "weigh",
    "weigh_move",
    "weigh_sequential",
]


def true_cards_at(
    deal: Deal, index: int, player: int, stock: int = 3
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """For teacher mode only, once ``deal`` is over: the opponent's true hand and the next
    ``stock`` stock cards just before move ``index``, as card codes. The review never
    calls it; a page shows it marked as the true cards."""
    if not deal.is_over:
        raise IllegalActionError(M["error.review-deal-not-over"]())
    replay = Deal.replay(deal.rules, deal.order, deal.dealer, deal.actions[:index])
    opp = tuple(c.code for c in sorted(replay.hand(1 - player)))
    return opp, tuple(c.code for c in replay.stock_top_first()[:stock])
