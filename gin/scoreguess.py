"""A score a person works out for a deal, checked against the engine's, with the usual
slips named: the undercut bonus forgotten, the two counts added instead of subtracted, the
spade doubling forgotten, a bonus the rules don't have, the wrong winner...

:func:`check_score_guess` is the one place these slips are recognised: the table's score
guess and the course's scoring levels both ask it.

>>> from gin.cards import Card, parse_cards
>>> from gin.rules import Rules
>>> from gin.scoring import score_deal
>>> r = score_deal(Rules.preset("classic"), Card.parse("KH"),
...     parse_cards("AS 2S 3S 4H 5H 6H 9C 9D 9H 7C"),
...     parse_cards("JD QD KD 2C 3C 4C 8S 8H 8C 7D"))
>>> r.kind, r.winner, r.points
('undercut', 'defender', 10)
>>> v = check_score_guess(r, "defender", 0)
>>> v.right, v.slip, str(v.text)
(False, 'forgot-undercut-bonus', 'You left out the undercut bonus of 10.')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gin.cards import Suit
from gin.i18n import M, Text
from gin.rules import Rules
from gin.scoring import DealResult
from gin.steps import Step

Winner = Literal["knocker", "defender"]

COMMON_BONUSES = (10, 20, 25, 31, 50)
"""Bonuses some rule set gives (for gin, big gin or an undercut): a guess that adds one the
deal's rules don't give is the slip ``bonus-not-in-rules``."""

SLIPS = (
    "tie-scores-nothing",
    "undercut-on-tie",
    "missed-undercut",
    "wrong-winner",
    "forgot-spade-doubling",
    "doubled-without-spade",
    "bonus-not-doubled",
    "forgot-undercut-bonus",
    "forgot-gin-bonus",
    "forgot-big-gin-bonus",
    "bonus-not-in-rules",
    "counted-knocker-deadwood",
    "forgot-to-subtract",
    "forgot-layoffs",
    "wrong-points",
)
"""Every slip code :func:`check_score_guess` may name."""


@dataclass(frozen=True)
class ScoreGuessVerdict:
    """Whether a guessed score is right, and if not, the slip it shows."""

    right: bool
    slip: str | None
    """One of :data:`SLIPS`, or ``None`` when right."""
    text: Text
    """One sentence: right, or the slip (or the answer, when no slip is recognised)."""
    answer: Text
    """Who scores and how much (the engine's score)."""


def _answer(r: DealResult) -> Text:
    if r.winner is None:
        return M["scoreguess.answer-tie"]()
    key = "scoreguess.answer-knocker" if r.winner == "knocker" else "scoreguess.answer-defender"
    return M[key](points=r.points)


def _right(r: DealResult) -> Text:
    if r.winner is None:
        return M["scoreguess.right-tie"]()
    key = "scoreguess.right-knocker" if r.winner == "knocker" else "scoreguess.right-defender"
    return M[key](points=r.points)


def _extra_bonuses(r: DealResult, rules: Rules | None) -> list[int]:
    """Bonuses a guess might add that this deal does not give."""
    found: list[int] = list(COMMON_BONUSES)
    if rules is not None:
        found += [rules.gin_bonus, rules.undercut_bonus]
        if rules.big_gin:
            found.append(rules.big_gin_bonus)
    return sorted({b for b in found if b > 0 and b != r.bonus})


def _slip(
    r: DealResult, winner: Winner | None, points: int, rules: Rules | None
) -> tuple[str, Text] | None:
    k, d, m = r.knocker_deadwood, r.defender_deadwood, r.multiplier
    if r.winner is None:
        return "tie-scores-nothing", M["scoreguess.slip.tie-scores-nothing"](deadwood=k)
    if winner != r.winner:
        if r.kind == "undercut" and k == d:
            return "undercut-on-tie", M["scoreguess.slip.undercut-on-tie"](deadwood=k)
        if r.kind == "undercut":
            return "missed-undercut", M["scoreguess.slip.missed-undercut"](knocker=k, defender=d)
        if r.kind == "big-gin":
            return "wrong-winner", M["scoreguess.slip.wrong-winner-big-gin"]()
        if r.kind == "gin":
            return "wrong-winner", M["scoreguess.slip.wrong-winner-gin"]()
        return "wrong-winner", M["scoreguess.slip.wrong-winner"](knocker=k, defender=d)
    bonus = r.bonus
    if m == 2 and points * 2 == r.points:
        return "forgot-spade-doubling", M["scoreguess.slip.forgot-spade-doubling"](
            card=r.up_card.code
        )
    if m == 1 and r.points and points == 2 * r.points:
        if r.up_card.suit == Suit.SPADES and rules is not None:
            return "doubled-without-spade", M["scoreguess.slip.no-doubling-in-rules"](
                card=r.up_card.code, rules=f"rules.name.{rules.name}"
            )
        if rules is not None and not rules.spade_doubles:  # no spade would have doubled it
            return "doubled-without-spade", M["scoreguess.slip.nothing-doubles"](
                rules=f"rules.name.{rules.name}"
            )
        return "doubled-without-spade", M["scoreguess.slip.doubled-without-spade"](
            card=r.up_card.code
        )
    if m == 2 and bonus and points == r.base_points * 2 + bonus:
        return "bonus-not-doubled", M["scoreguess.slip.bonus-not-doubled"](bonus=bonus)
    if bonus and points == r.points - bonus * m:
        code, key = {
            "undercut": ("forgot-undercut-bonus", "scoreguess.slip.forgot-undercut-bonus"),
            "gin": ("forgot-gin-bonus", "scoreguess.slip.forgot-gin-bonus"),
            "big-gin": ("forgot-big-gin-bonus", "scoreguess.slip.forgot-big-gin-bonus"),
        }[r.kind]
        return code, M[key](bonus=bonus)
    if r.kind in ("knock", "undercut") and k and d:
        knock = r.kind == "knock"  # an undercut's sentence names its bonus too
        if points == (k + d + bonus) * m:
            key = {
                (True, 1): "scoreguess.slip.counted-knocker-deadwood",
                (True, 2): "scoreguess.slip.counted-knocker-deadwood-doubled",
                (False, 1): "scoreguess.slip.counted-knocker-deadwood-undercut",
                (False, 2): "scoreguess.slip.counted-knocker-deadwood-undercut-doubled",
            }[knock, m]  # on a spade deal the sentence says the doubling too
            return "counted-knocker-deadwood", M[key](knocker=k, defender=d, bonus=bonus)
        loser = d if knock else k
        if points == (loser + bonus) * m:
            key = {
                (True, 1): "scoreguess.slip.forgot-to-subtract",
                (True, 2): "scoreguess.slip.forgot-to-subtract-doubled",
                (False, 1): "scoreguess.slip.forgot-to-subtract-undercut",
                (False, 2): "scoreguess.slip.forgot-to-subtract-undercut-doubled",
            }[knock, m]
            return "forgot-to-subtract", M[key](knocker=k, defender=d, bonus=bonus)
    for extra in _extra_bonuses(r, rules):
        if points in (r.points + extra * m, r.points + (extra - bonus) * m):
            return "bonus-not-in-rules", M["scoreguess.slip.bonus-not-in-rules"](bonus=extra)
    if r.layoffs:
        before = r.defender_deadwood_before_layoffs
        if r.kind == "knock" and points == (before - k) * m:
            return "forgot-layoffs", M["scoreguess.slip.forgot-layoffs"](before=before, after=d)
    return None


def check_score_guess(
    result: DealResult,
    winner: Winner | None,
    points: int,
    rules: Rules | None = None,
) -> ScoreGuessVerdict:
    """Check a guessed score: ``winner`` (``"knocker"``, ``"defender"``, or ``None`` for a
    tie) and the ``points`` they score. ``rules``, when given, lets the slip
    ``bonus-not-in-rules`` recognise the rule set's own bonuses too.
    """
    answer = _answer(result)
    expected_points = result.points if result.winner is not None else 0
    if winner == result.winner and (result.winner is None or points == expected_points):
        return ScoreGuessVerdict(True, None, _right(result), answer)
    found = _slip(result, winner, points, rules)
    if found is None:
        return ScoreGuessVerdict(False, "wrong-points", answer, answer)
    return ScoreGuessVerdict(False, found[0], found[1], answer)


def _with_text(step: Step, text: Text) -> Step:
    return Step(step.number, step.code, dict(text.data), text.key)


COUNTED = ("laid-out", "tie-break")
"""Steps of the score that give a count away before the guess (left out of
:func:`guess_steps`)."""


def guess_steps(result: DealResult) -> tuple[Step, ...]:
    """What may be shown before the learner guesses the score: the knock limit, the melds
    and deadwood cards of both players and the layoffs, but not the two counts (the
    learner works those out). The steps keep their numbers in ``result.steps``.

    >>> from gin.cards import Card, parse_cards
    >>> from gin.scoring import score_deal
    >>> r = score_deal(Rules.preset("classic"), Card.parse("KH"),
    ...     parse_cards("AS 2S 3S 4H 5H 6H 9C 9D 9H 7C"),
    ...     parse_cards("JD QD KD 2C 3C 4C 8S 8H 8C 7D"))
    >>> [s.text for s in guess_steps(r) if s.code in ("knocker", "defender")][0]
    'The knocker melds run A♠ 2♠ 3♠; run 4♥ 5♥ 6♥; set 9♥ 9♦ 9♣ and keeps 7♣ as deadwood.'
    """
    out: list[Step] = []
    for step in result.steps:
        if step.code == "compare":
            break
        if step.code in COUNTED:
            continue
        if step.code == "knocker" and result.knocker_arrangement.deadwood:
            arr = result.knocker_arrangement
            keys = ("scoreguess.guess-step-knocker", "scoreguess.guess-step-knocker-no-melds")
        elif step.code == "defender":
            arr = result.defender_arrangement
            keys = ("scoreguess.guess-step-defender", "scoreguess.guess-step-defender-no-melds")
        else:
            out.append(step)
            continue
        deadwood = [c.code for c in arr.deadwood]
        if not deadwood:  # a defender with every card melded: no empty list in a sentence
            melds = [[c.code for c in m.cards] for m in arr.melds]
            text = M["scoreguess.guess-step-defender-no-deadwood"](melds=melds)
        elif arr.melds:
            text = M[keys[0]](
                melds=[[c.code for c in m.cards] for m in arr.melds], deadwood=deadwood
            )
        else:
            text = M[keys[1]](deadwood=deadwood)
        out.append(_with_text(step, text))
    return tuple(out)


def worked_answer(result: DealResult) -> tuple[Step, ...]:
    """The score worked out, from the comparison of the two counts to the total: what the
    score guess shows once the guess is over.

    >>> from gin.cards import Card, parse_cards
    >>> from gin.scoring import score_deal
    >>> r = score_deal(Rules.preset("classic"), Card.parse("KH"),
    ...     parse_cards("AS 2S 3S 4H 5H 6H 9C 9D 9H 7C"),
    ...     parse_cards("JD QD KD 2C 3C 4C 8S 8H 8C 7D"))
    >>> [s.code for s in worked_answer(r)]
    ['compare', 'bonus', 'total']
    """
    codes = [s.code for s in result.steps]
    start = codes.index("compare") if "compare" in codes else len(codes)
    return tuple(result.steps[start:])


__all__ = [
    "COMMON_BONUSES",
    "COUNTED",
    "SLIPS",
    "ScoreGuessVerdict",
    "Winner",
    "check_score_guess",
    "guess_steps",
    "worked_answer",
]
