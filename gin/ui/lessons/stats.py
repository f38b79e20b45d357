"""Up-card statistics: exact, by counting the 52 possible up cards, and simulated with
seeded deals (the two must agree)."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from gin import DECK, Deal, Rules
from gin.i18n import M, Message


def limit_shares(rules: Rules) -> dict[int, Fraction]:
    """The share of deals with each knock limit (0 to 10): each up card is equally likely."""
    counts = Counter(rules.knock_limit(c) for c in DECK)
    return {lim: Fraction(counts.get(lim, 0), len(DECK)) for lim in range(11)}


@dataclass(frozen=True)
class UpCardClaim:
    """A claim about up cards: its exact share and the share seen in simulated deals."""

    code: str
    """``doubled``, ``ace``, ``ten`` or ``two-to-nine``."""
    text: str
    """The claim in the current language."""
    exact: Fraction
    seen: int
    deals: int

    @property
    def simulated(self) -> float:
        """The share seen in the simulated deals."""
        return self.seen / self.deals if self.deals else 0.0


def simulated_up_cards(
    rules: Rules,
    deals: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
) -> Counter[int]:
    """How often each up card (by index) came up in ``deals`` seeded deals (kept when
    counted without a progress bar: the same arguments give the same count)."""
    if progress is None:
        return Counter(_kept_up_cards(rules, deals, seed))
    return _count_up_cards(rules, deals, seed, progress)


def _count_up_cards(
    rules: Rules, deals: int, seed: int, progress: Callable[[int], None] | None
) -> Counter[int]:
    rng = random.Random(seed)
    seen: Counter[int] = Counter()
    step = max(deals // 20, 1)
    for i in range(deals):
        seen[Deal.new(rules, rng=rng).up_card.index] += 1
        if progress is not None and (i + 1) % step == 0:
            progress(i + 1)
    return seen


@functools.lru_cache(maxsize=16)
def _kept_up_cards(rules: Rules, deals: int, seed: int) -> Counter[int]:
    return _count_up_cards(rules, deals, seed, None)


def up_card_claims(rules: Rules, seen: Counter[int]) -> list[UpCardClaim]:
    """The tutor's claims about up cards, exact and as seen in ``seen``.

    Claims: a quarter of deals doubled (under rules that double spades), one in
    thirteen an ace deal, nearly a third with the full limit of 10.
    """
    deals = sum(seen.values())

    def claim(code: str, text: Message, test: Callable[[int], bool]) -> UpCardClaim:
        exact = Fraction(sum(1 for c in DECK if test(c.index)), len(DECK))
        seen_count = sum(n for i, n in seen.items() if test(i))
        return UpCardClaim(code, text.render(), exact, seen_count, deals)

    out = []
    if rules.spade_doubles:
        out.append(claim("doubled", M["lesson.claim.doubled"], lambda i: rules.is_doubled(DECK[i])))
    if rules.ace_knock_limit != 0:
        ace = M["lesson.claim.ace"]
    else:
        ace = (
            M["lesson.claim.ace-gin-only-big-gin"]
            if rules.big_gin
            else M["lesson.claim.ace-gin-only"]
        )
    out.append(claim("ace", ace, lambda i: DECK[i].rank == 1))
    out.append(claim("ten", M["lesson.claim.ten"], lambda i: rules.knock_limit(DECK[i]) == 10))
    out.append(
        claim(
            "two-to-nine",
            M["lesson.claim.two-to-nine"],
            lambda i: 2 <= rules.knock_limit(DECK[i]) <= 9,
        )
    )
    return out


def limit_counts(rules: Rules, seen: Counter[int]) -> dict[int, int]:
    """Simulated deals per knock limit."""
    out = dict.fromkeys(range(11), 0)
    for i, n in seen.items():
        out[rules.knock_limit(DECK[i])] += n
    return out


__all__ = ["UpCardClaim", "limit_counts", "limit_shares", "simulated_up_cards", "up_card_claims"]
