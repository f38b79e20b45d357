"""How likely an opponent knocks at once: a small Beta model learnt from finished deals.

The expert's imagined deals (:func:`~gin.bots.expert.sample_world`) play the opponent
either *patient* (it passes up a knock to wait for gin where that pays,
:func:`gin.bots.sensible.waits`) or *hasty* (it knocks as soon as the limit allows, as
``eager`` and OpenSpiel's ``SimpleGinRummyBot`` do; see
:attr:`gin.bots.simulate.Position.patient`). :class:`OpponentModel` is the belief that the
opponent is hasty, a Beta(``hasty``, ``patient``) posterior whose mean is
:attr:`OpponentModel.p_hasty`:

- :meth:`OpponentModel.prior` starts from what is known of the opponent's kind: ``eager``
  knocks at once (a strong prior towards hasty), ``tactician`` and ``expert`` wait where it
  pays (a strong prior towards patient), a learner or anyone unknown is even (weak);
- it learns from what a deal's end shows (:func:`deal_evidence`, :func:`view_evidence`):
  a knock with deadwood at a stock size where a patient player would have waited is
  evidence of haste; a knock or gin otherwise tells little (both kinds play it); when the
  player knocked, the opponent's ten cards are shown, and deadwood within the knock limit
  means the opponent could have knocked on their last discard and did not: evidence of
  patience.

Every update returns a new model; the counts are exact fractions, so the same evidence in
any order gives the same model, on any machine.

>>> m = OpponentModel.prior("learner")
>>> m.p_hasty
0.5
>>> m.after_hasty_knock().p_hasty > m.p_hasty > m.after_passed_up_knock().p_hasty
True
>>> OpponentModel.prior("eager").p_hasty > OpponentModel.prior("tactician").p_hasty
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, Protocol, runtime_checkable

from gin import actions as act
from gin.bots.sensible import waits
from gin.cards import cards_mask
from gin.deal import Deal, PlayerView
from gin.melds import deadwood_of_mask
from gin.rules import Rules

EvidenceKind = Literal["hasty-knock", "knock", "passed-up-knock", "none"]
"""What a deal's end shows of the opponent: ``hasty-knock`` (knocked with deadwood where a
patient player waits), ``knock`` (knocked or went gin otherwise: little evidence),
``passed-up-knock`` (could have knocked on their last discard and did not), ``none``."""

STRONG_PRIOR = 9
"""Pseudo-deals of a known kind's prior on its side (against one on the other side)."""
EVIDENCE_WEIGHT = Fraction(1)
"""Pseudo-deals one telling deal adds to its side."""


@dataclass(frozen=True)
class DealEvidence:
    """What one finished deal shows of the opponent's knocking (see :data:`EvidenceKind`).

    ``stock`` is the stock size at the telling moment (the knock, or the opponent's last
    discard) and ``deadwood`` the opponent's deadwood then (both 0 for ``none``)."""

    kind: EvidenceKind
    stock: int = 0
    deadwood: int = 0


NO_EVIDENCE = DealEvidence("none")
"""A deal that tells nothing (void, or not over)."""


@dataclass(frozen=True)
class OpponentModel:
    """The belief that an opponent knocks at once: Beta(``hasty``, ``patient``).

    Build it with :meth:`prior` (or :meth:`certain` for a model that is sure); the counts
    are pseudo-deals seen on each side. Updates return new models."""

    hasty: Fraction
    patient: Fraction

    @classmethod
    def prior(cls, kind: str | None = None) -> OpponentModel:
        """The prior for an opponent of ``kind``: ``eager`` strongly hasty (Beta(9, 1)),
        ``tactician`` and ``expert`` strongly patient (Beta(1, 9)), a learner or any other
        (or ``None``) even and weak (Beta(1, 1))."""
        if kind == "eager":
            return cls(Fraction(STRONG_PRIOR), Fraction(1))
        if kind in ("tactician", "expert"):
            return cls(Fraction(1), Fraction(STRONG_PRIOR))
        return cls(Fraction(1), Fraction(1))

    @classmethod
    def certain(cls, hasty: bool) -> OpponentModel:
        """A model sure the opponent is hasty (``hasty=True``) or patient: its
        :attr:`p_hasty` is exactly 1 or 0, and no evidence moves it."""
        return cls(Fraction(1 if hasty else 0), Fraction(0 if hasty else 1))

    @property
    def p_hasty(self) -> float:
        """The probability that the opponent knocks at once (the posterior's mean)."""
        return float(self.hasty / (self.hasty + self.patient))

    @property
    def is_certain(self) -> bool:
        """Whether the model is sure either way (one of its counts is 0)."""
        return self.hasty == 0 or self.patient == 0

    def _add(self, hasty: Fraction, patient: Fraction) -> OpponentModel:
        if self.is_certain:
            return self
        return OpponentModel(self.hasty + hasty, self.patient + patient)

    def after_hasty_knock(self) -> OpponentModel:
        """The model after the opponent knocked with deadwood at a stock size where a
        patient player would have waited for gin: more hasty."""
        return self._add(EVIDENCE_WEIGHT, Fraction(0))

    def after_knock(self) -> OpponentModel:
        """The model after the opponent knocked or went gin where a patient player would
        too: the same model (both kinds play it, so it tells next to nothing)."""
        return self._add(Fraction(0), Fraction(0))

    def after_passed_up_knock(self) -> OpponentModel:
        """The model after the opponent's shown ten cards were within the knock limit: they
        could have knocked on their last discard and did not. More patient."""
        return self._add(Fraction(0), EVIDENCE_WEIGHT)

    def learn(self, evidence: DealEvidence) -> OpponentModel:
        """The model after one deal's ``evidence``."""
        if evidence.kind == "hasty-knock":
            return self.after_hasty_knock()
        if evidence.kind == "passed-up-knock":
            return self.after_passed_up_knock()
        if evidence.kind == "knock":
            return self.after_knock()
        return self

    def learn_all(self, evidence: Iterable[DealEvidence]) -> OpponentModel:
        """The model after every deal of ``evidence`` (in any order: the result is the
        same)."""
        model = self
        for e in evidence:
            model = model.learn(e)
        return model


def view_evidence(view: PlayerView) -> DealEvidence:
    """What the finished deal seen in ``view`` shows of the opponent of ``view.player``.

    Read from what the player saw at the end: the result, who knocked, the stock left
    (a knock draws nothing, so it is the stock at the knock), the events (the stock at
    the opponent's last discard) and the opponent's ten cards, shown at the end."""
    if not view.phase.is_over or view.result is None or view.knocker is None:
        return NO_EVIDENCE
    me = view.player
    opp = 1 - me
    rules = view.rules
    if view.knocker == opp:
        return knock_evidence(rules, view.stock_count, view.result.knocker_deadwood)
    shown = view.opponent_hand
    if shown is None or len(shown) != 10:
        return NO_EVIDENCE
    # counted back from the stock left: every draw from the stock after the opponent's
    # last discard took one card (so a deal set up mid-play counts right too)
    stock = view.stock_count
    last_discard_stock = -1
    for e in reversed(view.events):
        if isinstance(e, act.DrewFromStock):
            stock += 1
        elif isinstance(e, act.Discarded) and e.player == opp:
            last_discard_stock = stock
            break
    if last_discard_stock < 0:
        return NO_EVIDENCE  # the opponent never discarded: no knock was ever theirs to make
    return shown_evidence(deadwood_of_mask(cards_mask(shown)), view.knock_limit, last_discard_stock)


def knock_evidence(rules: Rules, stock: int, deadwood: int) -> DealEvidence:
    """What the opponent's knock (or gin) with ``deadwood`` left, at a stock of ``stock``
    cards, shows: ``hasty-knock`` where a patient player would have waited for gin
    (:func:`gin.bots.sensible.waits`), ``knock`` otherwise."""
    if deadwood > 0 and waits(rules, stock):
        return DealEvidence("hasty-knock", stock, deadwood)
    return DealEvidence("knock", stock, deadwood)


def shown_evidence(deadwood: int, knock_limit: int, stock: int) -> DealEvidence:
    """What the opponent's ten cards shown at the player's knock show: with ``deadwood``
    within the ``knock_limit`` (and not gin) they could have knocked on their last discard,
    at a stock of ``stock`` cards, and did not (``passed-up-knock``); otherwise nothing."""
    if 0 < deadwood <= knock_limit:
        return DealEvidence("passed-up-knock", stock, deadwood)
    return NO_EVIDENCE


@runtime_checkable
class LearnsOpponent(Protocol):
    """An opponent that learns from finished deals how its opponent plays (the ``expert``
    with an :class:`OpponentModel`): whoever plays it tells it each deal's evidence
    (:func:`gin.bots.selfplay.tell_deal_over`, the table, the OpenSpiel referee)."""

    def learn_deal(self, evidence: DealEvidence) -> None:
        """Learn from what one finished deal showed of the opponent."""
        ...


def deal_evidence(deal: Deal, seat: int) -> DealEvidence:
    """What the finished ``deal`` shows of the opponent of the player at ``seat`` (read
    from that player's final view, :func:`view_evidence`)."""
    return view_evidence(deal.view(seat))


def imagined(kind: str | None) -> OpponentModel | None:
    """The opponent the hint and the review imagine for a learner facing ``kind`` (the
    table's opponent, a bot's name; ``None`` when not known): ``eager`` knocks as soon as
    it can, by its own rules, so a model certain of hasty; any other (the ``tactician``,
    the ``expert``, or not known) ``None``, the patient opponent they always imagined.

    >>> imagined("eager").p_hasty, imagined("tactician"), imagined(None)
    (1.0, None, None)
    """
    return OpponentModel.certain(hasty=True) if kind == "eager" else None


def learn_from_deals(model: OpponentModel, deals: Iterable[Deal], seat: int) -> OpponentModel:
    """``model`` after the finished ``deals`` of a game, seen from ``seat``."""
    return model.learn_all(deal_evidence(d, seat) for d in deals)


__all__ = [
    "EVIDENCE_WEIGHT",
    "NO_EVIDENCE",
    "STRONG_PRIOR",
    "DealEvidence",
    "EvidenceKind",
    "LearnsOpponent",
    "OpponentModel",
    "deal_evidence",
    "imagined",
    "knock_evidence",
    "learn_from_deals",
    "shown_evidence",
    "view_evidence",
]
