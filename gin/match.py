"""A game of several deals played to the target: :class:`Game`.

A game is fully determined by its rules, the state of its random generator at the
start, the first dealer, any stacked deck orders and its log (every action, and
``next-deal`` between deals). Undo, saving and replaying all rest on that.

>>> import random
>>> from gin.rules import Rules
>>> from gin.actions import Pass
>>> game = Game(Rules.preset("classic"), rng=random.Random(3))
>>> _ = game.apply(Pass())
>>> Game.from_json(game.to_json()) == game
True
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gin.actions import Action, Event, parse_action
from gin.cards import DECK, Card, codes
from gin.deal import NO_SEED, NOT_RULES, Deal, check_order, check_player
from gin.errors import GinError, IllegalActionError, SaveFileError, echo
from gin.i18n import message
from gin.rules import Rules
from gin.steps import Draft, Step, number_steps

SAVE_FORMAT = "oklahoma-gin-game"
SAVE_VERSION = 1
NEXT_DEAL = "next-deal"

DEAL_NOT_OVER = message("error.deal-not-over", "This deal is still being played: finish it first.")
GAME_OVER = message("error.game-over", "The game is over: start a new game.")
GAME_NOT_OVER = message("error.game-not-over", "The game is not over yet.")
NOTHING_TO_UNDO = message("error.nothing-to-undo", "There is nothing to undo yet.")
NOT_JSON = message("error.not-json", "This is not a saved game: it is not valid JSON.")
WRONG_FORMAT = message("error.wrong-format", "This is not an Oklahoma Gin saved game.")
UNKNOWN_VERSION = message(
    "error.unknown-version",
    "This saved game has version {version}, but this program reads version {expected}.",
)
TAMPERED = message("error.tampered", "This saved game was changed or damaged after it was saved.")
DAMAGED = message("error.damaged", "This saved game is incomplete or damaged.")
FINAL_TOTALS = message("game.totals", "Running totals: {first} to {second}.")
FINAL_BOX = message(
    "game.box",
    "Box bonus: {bonus} for each deal won (deals won: {first_wins} and {second_wins}).",
)
FINAL_GAME_BONUS = message("game.game-bonus", "Game bonus to the winner: +{bonus}.")
FINAL_SHUTOUT = message(
    "game.shutout", "Shutout: the loser scored nothing, so the winner's score doubles."
)
FINAL_SCORE = message("game.final", "Final score: {first} to {second}.")
CANNOT_RESTORE = message("error.cannot-restore", "This saved game can't be restored. {reason:text}")


@dataclass(frozen=True)
class DealRecord:
    """One line of the score sheet."""

    number: int
    dealer: int
    up_card: Card
    kind: str
    """knock, undercut, gin, big-gin, tie or void."""
    winner: int | None
    points: int
    doubled: bool
    totals: tuple[int, int]


@dataclass(frozen=True)
class FinalScore:
    """The game's final score, with the optional end-of-game bonuses."""

    winner: int
    scores: tuple[int, int]
    steps: tuple[Step, ...]


class Game:
    """Deals played until one player's running total reaches the target.

    ``rng`` (or ``seed``) chooses the first dealer, unless given, and shuffles every
    deal; the generator is copied, so the caller's is not advanced. ``orders`` stacks
    explicit 52-card orders for the first deals.
    """

    def __init__(
        self,
        rules: Rules,
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
        first_dealer: int | None = None,
        orders: Iterable[Sequence[Card] | str] = (),
    ) -> None:
        if not isinstance(rules, Rules):
            raise IllegalActionError(NOT_RULES(value=echo(repr(rules))))
        if rng is None:
            if seed is None:
                raise IllegalActionError(NO_SEED())
            rng = random.Random(seed)
        self.rules = rules
        self._rng = random.Random()
        self._rng.setstate(rng.getstate())
        self.first_dealer = (
            self._rng.randrange(2) if first_dealer is None else check_player(first_dealer)
        )
        self._rng_start = self._rng.getstate()
        self._stacked = [check_order(o) for o in orders]
        self._rng_before: list[Any] = []
        self._records: list[DealRecord] = []  # the finished deals before the current one
        self.deals: list[Deal] = []
        self.log: list[str] = []
        self._start_deal(self.first_dealer)

    # ------------------------------------------------------------------ deals

    def _start_deal(self, dealer: int) -> None:
        self._rng_before.append(self._rng.getstate())
        n = len(self.deals)
        if n < len(self._stacked):
            order: Sequence[Card] = self._stacked[n]
        else:
            shuffled = list(DECK)
            self._rng.shuffle(shuffled)
            order = shuffled
        self.deals.append(Deal(self.rules, order, dealer))

    @property
    def deal(self) -> Deal:
        """The current deal."""
        return self.deals[-1]

    def next_dealer(self) -> int:
        """Who deals the next deal, by the rules (a void deal: the same dealer)."""
        d = self.deal
        if not d.is_over:
            raise IllegalActionError(DEAL_NOT_OVER())
        winner, _, kind = d.outcome()
        if kind == "void":
            return d.dealer
        if self.rules.next_dealer == "alternate":
            return 1 - d.dealer
        return d.dealer if winner is None else winner

    def apply(self, action: Action, player: int | None = None) -> tuple[Event, ...]:
        """Apply an action to the current deal (see :meth:`gin.deal.Deal.apply`)."""
        if self.is_over:
            raise IllegalActionError(GAME_OVER())
        events = self.deal.apply(action, player)
        self.log.append(action.text)
        return events

    def can_start_next_deal(self) -> bool:
        """Whether the current deal is over and the game goes on."""
        return self.deal.is_over and not self.is_over

    def next_deal(self) -> Deal:
        """Start the next deal once the current one is over."""
        if self.is_over:
            raise IllegalActionError(GAME_OVER())
        if not self.deal.is_over:
            raise IllegalActionError(DEAL_NOT_OVER())
        before = self._records[-1].totals if self._records else (0, 0)
        record = self._record(len(self.deals), self.deal, before)
        self._start_deal(self.next_dealer())
        self._records.append(record)
        self.log.append(NEXT_DEAL)
        return self.deal

    def undo(self) -> str:
        """Take back the last entry of the log (an action, or the start of a deal).

        Returns the text of what was undone. Raises
        :class:`~gin.errors.IllegalActionError` with code ``nothing-to-undo`` at the start.
        """
        if not self.log:
            raise IllegalActionError(NOTHING_TO_UNDO())
        entry = self.log.pop()
        if entry == NEXT_DEAL:
            self.deals.pop()
            self._records.pop()
            self._rng.setstate(self._rng_before.pop())
        else:
            d = self.deal
            self.deals[-1] = Deal.replay(self.rules, d.order, d.dealer, d.actions[:-1])
        return entry

    # ------------------------------------------------------------------ scores

    @staticmethod
    def _record(number: int, d: Deal, before: tuple[int, int]) -> DealRecord:
        winner, points, kind = d.outcome()
        totals = list(before)
        if winner is not None:
            totals[winner] += points
        return DealRecord(
            number, d.dealer, d.up_card, kind, winner, points, d.doubled, (totals[0], totals[1])
        )

    @property
    def score_sheet(self) -> list[DealRecord]:
        """Every finished deal, with running totals."""
        out = list(self._records)
        if self.deal.is_over:
            before = out[-1].totals if out else (0, 0)
            out.append(self._record(len(self.deals), self.deal, before))
        return out

    @property
    def totals(self) -> tuple[int, int]:
        """Each player's running total."""
        if self.deal.is_over:
            return self.score_sheet[-1].totals
        return self._records[-1].totals if self._records else (0, 0)

    @property
    def winner(self) -> int | None:
        """The player who reached the target, or ``None`` while the game goes on."""
        t = self.totals
        for p in (0, 1):
            if t[p] >= self.rules.target:
                return p
        return None

    @property
    def is_over(self) -> bool:
        """Whether a player has reached the target."""
        return self.winner is not None

    def final_score(self) -> FinalScore:
        """The final scores with the game, box and shutout bonuses of the rules."""
        w = self.winner
        if w is None:
            raise IllegalActionError(GAME_NOT_OVER())
        t = list(self.totals)
        steps: list[Draft] = [("totals", FINAL_TOTALS(first=t[0], second=t[1]))]
        r = self.rules
        if r.box_bonus:
            wins = [0, 0]
            for rec in self.score_sheet:
                if rec.winner is not None:
                    wins[rec.winner] += 1
            for p in (0, 1):
                t[p] += wins[p] * r.box_bonus
            box = FINAL_BOX(bonus=r.box_bonus, first_wins=wins[0], second_wins=wins[1])
            steps.append(("box", box))
        if r.game_bonus:
            t[w] += r.game_bonus
            steps.append(("game-bonus", FINAL_GAME_BONUS(bonus=r.game_bonus)))
        if r.shutout_doubles and self.totals[1 - w] == 0:
            t[w] *= 2
            steps.append(("shutout", FINAL_SHUTOUT()))
        steps.append(("final", FINAL_SCORE(first=t[0], second=t[1])))
        return FinalScore(w, (t[0], t[1]), number_steps(steps))

    # ------------------------------------------------------------------ saving

    def _payload(self) -> dict[str, Any]:
        version, state, gauss = self._rng_start
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "rules": self.rules.to_dict(),
            "first_dealer": self.first_dealer,
            "rng_state": [version, list(state), gauss],
            "orders": [codes(o) for o in self._stacked],
            "log": list(self.log),
        }

    def to_json(self) -> str:
        """The game as versioned JSON, with a checksum against damage and tampering."""
        payload = self._payload()
        payload["checksum"] = _checksum(payload)
        return json.dumps(payload)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Restore a game saved with :meth:`to_json`.

        Raises :class:`~gin.errors.SaveFileError` if the text is damaged, was changed
        after saving, or is of an unknown format or version.
        """
        try:
            data = json.loads(text)
        except (ValueError, TypeError):
            raise SaveFileError(NOT_JSON()) from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveFileError(WRONG_FORMAT())
        if data.get("version") != SAVE_VERSION:
            version = echo(json.dumps(data.get("version")))
            raise SaveFileError(UNKNOWN_VERSION(version=version, expected=SAVE_VERSION))
        checksum = data.pop("checksum", None)
        if checksum != _checksum(data):
            raise SaveFileError(TAMPERED())
        try:
            rules = Rules.from_dict(data["rules"])
            v, state, gauss = data["rng_state"]
            if not (
                isinstance(state, list)
                and len(state) == 625
                and all(isinstance(x, int) for x in state)
            ):
                raise SaveFileError(DAMAGED())
            rng = random.Random()
            rng.setstate((v, tuple(state), gauss))
            log = data["log"]
            if not isinstance(log, list) or not all(isinstance(x, str) for x in log):
                raise SaveFileError(DAMAGED())
            return cls.from_log(
                rules,
                rng=rng,
                first_dealer=data["first_dealer"],
                orders=data["orders"],
                log=log,
            )
        except SaveFileError:
            raise
        except GinError as e:
            reason = {"key": e.text.key, "data": dict(e.data)}
            raise SaveFileError(CANNOT_RESTORE(reason=reason)) from e
        except (KeyError, TypeError, ValueError) as e:
            raise SaveFileError(DAMAGED()) from e

    @classmethod
    def from_log(
        cls,
        rules: Rules,
        *,
        rng: random.Random,
        first_dealer: int,
        orders: Iterable[Sequence[Card] | str] = (),
        log: Iterable[str] = (),
    ) -> Game:
        """A game rebuilt by replaying ``log`` from the start. ``rng`` must be in the
        state it had just after the first dealer was chosen."""
        game = cls(rules, rng=rng, first_dealer=first_dealer, orders=orders)
        for entry in log:
            if entry == NEXT_DEAL:
                game.next_deal()
            else:
                game.apply(parse_action(entry))
        return game

    def replay(self) -> Game:
        """A new game rebuilt from this game's log (equal to this game)."""
        rng = random.Random()
        rng.setstate(self._rng_start)
        return Game.from_log(
            self.rules, rng=rng, first_dealer=self.first_dealer, orders=self._stacked, log=self.log
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return False
        return (
            self._payload() == other._payload()
            and [d.snapshot() for d in self.deals] == [d.snapshot() for d in other.deals]
            and self._rng.getstate() == other._rng.getstate()
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Game {self.rules.name} deal {len(self.deals)} totals {self.totals}>"


def _checksum(payload: dict[str, Any]) -> str:
    canon = json.dumps(payload, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canon.encode()).hexdigest()


__all__ = ["NEXT_DEAL", "SAVE_FORMAT", "SAVE_VERSION", "DealRecord", "FinalScore", "Game"]
