"""Should you knock now or wait? Advice from the hint engine, with a fallback.

:func:`knock_advice` asks ``gin.bots.hint`` when it exists (its action says knock or not,
its steps say why). Without it, the lesson estimates both choices itself: it deals the
unseen cards at random many times (the opponent's hand and the stock), and
- *knock now*: scores the knock with :func:`gin.score_deal`;
- *wait*: discards the same card without knocking and lets two ``eager`` players finish
  the deal.
The average points for you decide.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gin import Deal, Discard, Knock, Phase, PlayerView, Step, score_deal
from gin.bots import make_bot
from gin.cards import cards_mask
from gin.melds import deadwood_of_mask

FALLBACK_SAMPLES = 80


@dataclass(frozen=True)
class KnockAdvice:
    """Knock now or wait, and why."""

    knock: bool
    source: str
    """``hint`` (``gin.bots.hint``) or ``estimate`` (this module's fallback)."""
    reasons: tuple[str, ...]
    knock_points: float | None = None
    """Average points for you if you knock now (fallback estimate only)."""
    wait_points: float | None = None
    undercut_share: float | None = None


def knock_card(view: PlayerView) -> Knock:
    """The knock the learner is asked about: the one leaving the least deadwood."""
    m = cards_mask(view.hand)
    knocks = [a for a in view.legal_actions if isinstance(a, Knock)]
    if not knocks:
        raise ValueError("no knock is legal in this position")
    return min(knocks, key=lambda a: (deadwood_of_mask(m ^ a.card.mask), -a.card.points))


def _hint_function() -> Callable[..., Any] | None:
    import gin.bots

    fn = getattr(gin.bots, "hint", None)
    return fn if callable(fn) else None


def _call_hint(fn: Callable[..., Any], view: PlayerView, rng: random.Random, budget_ms: int) -> Any:
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
        params = {}  # type: ignore[assignment]
    kwargs: dict[str, Any] = {}
    if "rng" in params:
        kwargs["rng"] = rng
    if "budget_ms" in params:
        kwargs["budget_ms"] = budget_ms
    return fn(view, **kwargs)


def knock_advice(view: PlayerView, rng: random.Random, budget_ms: int = 300) -> KnockAdvice:
    """Advice for a position where the player to move may knock."""
    fn = _hint_function()
    if fn is not None:
        h = _call_hint(fn, view, rng, budget_ms)
        action = getattr(h, "action", h)
        steps = getattr(h, "steps", ()) or ()
        reasons = tuple(s.text if isinstance(s, Step) else str(s) for s in steps)
        k = getattr(h, "knock", None)  # the hint's own knock-or-wait numbers, if any
        if k is not None and isinstance(getattr(k, "knock", None), bool):
            return KnockAdvice(
                k.knock,
                "hint",
                reasons,
                getattr(k, "knock_points", None),
                getattr(k, "wait_points", None),
                getattr(k, "undercut_chance", None),
            )
        return KnockAdvice(isinstance(action, Knock), "hint", reasons)
    return estimate_knock_or_wait(view, rng)


def _sample_deal(view: PlayerView, rng: random.Random) -> tuple[Deal, list[Any]]:
    """A full deal consistent with what ``view`` shows, the unseen cards dealt at random."""
    unseen = list(view.unseen())
    rng.shuffle(unseen)
    need = view.opponent_card_count - len(view.opponent_known)
    opp = [*view.opponent_known, *unseen[:need]]
    stock = unseen[need : need + view.stock_count]
    me = view.player
    hands: list[list[Any]] = [[], []]
    hands[me] = list(view.hand)
    hands[1 - me] = opp
    deal = Deal.from_position(
        view.rules,
        dealer=view.dealer,
        hands=(hands[0], hands[1]),
        stock=stock,
        discard_pile=view.discard_pile,
        up_card=view.up_card,
        phase=Phase.DISCARD,
        to_move=me,
        taken_card=view.taken_card,
        both_passed=view.both_passed,
    )
    return deal, opp


def _value(deal: Deal, me: int) -> int:
    winner, points, _kind = deal.outcome()
    if winner is None:
        return 0
    return points if winner == me else -points


def estimate_knock_or_wait(
    view: PlayerView, rng: random.Random, samples: int = FALLBACK_SAMPLES
) -> KnockAdvice:
    """The fallback estimate (see the module's description)."""
    me = view.player
    knock = knock_card(view)
    kept = [c for c in view.hand if c != knock.card]
    knock_total = wait_total = 0
    undercuts = 0
    for i in range(samples):
        deal, opp = _sample_deal(view, rng)
        r = score_deal(view.rules, view.up_card, kept, opp)
        knock_total += r.points if r.winner == "knocker" else -r.points if r.winner else 0
        undercuts += r.kind == "undercut"
        deal.apply(Discard(knock.card))
        bots = [
            make_bot("eager", random.Random(i * 2 + 1)),
            make_bot("eager", random.Random(i * 2 + 2)),
        ]
        while not deal.is_over:
            p = deal.to_move
            assert p is not None
            deal.apply(bots[p].choose(deal.view(p)))
        wait_total += _value(deal, me)
    k_avg, w_avg = knock_total / samples, wait_total / samples
    share = undercuts / samples
    reasons = (
        f"Knocking now with {knock.card} as the discard leaves you "
        f"{deadwood_of_mask(cards_mask(kept))} deadwood.",
        f"Over {samples} guesses of the cards you can't see, knocking now scores "
        f"{k_avg:+.1f} points for you on average; the opponent undercuts you in "
        f"{share:.0%} of them.",
        f"Waiting (discarding {knock.card} and playing on) scores {w_avg:+.1f} on average.",
        "So knocking now is better." if k_avg >= w_avg else "So waiting is better.",
    )
    return KnockAdvice(k_avg >= w_avg, "estimate", reasons, k_avg, w_avg, share)


__all__ = ["KnockAdvice", "estimate_knock_or_wait", "knock_advice", "knock_card"]
