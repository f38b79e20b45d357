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

from gin.actions import Action, BigGin, DrawStock, Event, Knock, parse_action
from gin.cards import DECK, Card, codes
from gin.deal import Deal, check_order, check_player
from gin.errors import GinError, IllegalActionError, SaveFileError, UndoRefusedError, echo
from gin.i18n import M
from gin.rules import Rules
from gin.steps import Draft, Step, number_steps

SAVE_FORMAT = "oklahoma-gin-game"
SAVE_VERSION = 1
NEXT_DEAL = "next-deal"


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
            raise IllegalActionError(M["error.not-rules"](value=echo(repr(rules))))
        if rng is None:
            if seed is None:
                raise IllegalActionError(M["error.no-seed"]())
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
            raise IllegalActionError(M["error.deal-not-over"]())
        winner, _, kind = d.outcome()
        if kind == "void":
            return d.dealer
        if self.rules.next_dealer == "alternate":
            return 1 - d.dealer
        return d.dealer if winner is None else winner

    def apply(self, action: Action, player: int | None = None) -> tuple[Event, ...]:
        """Apply an action to the current deal (see :meth:`gin.deal.Deal.apply`)."""
        if self.is_over:
            raise IllegalActionError(M["error.game-over"]())
        events = self.deal.apply(action, player)
        self.log.append(action.text)
        return events

    def can_start_next_deal(self) -> bool:
        """Whether the current deal is over and the game goes on."""
        return self.deal.is_over and not self.is_over

    def next_deal(self) -> Deal:
        """Start the next deal once the current one is over."""
        if self.is_over:
            raise IllegalActionError(M["error.game-over"]())
        if not self.deal.is_over:
            raise IllegalActionError(M["error.deal-not-over"]())
        before = self._records[-1].totals if self._records else (0, 0)
        record = self._record(len(self.deals), self.deal, before)
        self._start_deal(self.next_dealer())
        self._records.append(record)
        self.log.append(NEXT_DEAL)
        return self.deal

    def check_undo(self, count: int = 1, viewer: int | None = None) -> None:
        """Raise unless the last ``count`` entries of the log may be taken back.

        Fair play: an undo must never return to a position in which a player knows
        something they could not know there, so it never goes back past

        - a draw from the stock (code ``undo-stock-drawn``): the drawer has seen the card, and
          taking it back would put it on top of the stock again, where the next draw (by
          either player) would find a card someone already knows;
        - a knock, gin or big gin (code ``undo-cards-shown``): the knocker's hand was laid face
          up;
        - the end of a deal (code ``undo-deal-over``): both hands were shown;
        - when the undo is for ``viewer`` (the player who asks; ``None``: no one in
          particular), any move of the other player (code ``undo-opponent-moved``): their
          discard, their draw or take of a face-up card, even a pass or a stock draw shows
          what they chose, and taking it back would let ``viewer`` know it before it is made.

        The start of a deal (``next-deal``) may be taken back: nothing hidden was shown.
        Raises :class:`~gin.errors.UndoRefusedError` (an ``IllegalActionError``), or
        ``IllegalActionError`` with code ``nothing-to-undo``; nothing is changed.
        """
        if count < 1 or count > len(self.log):
            raise IllegalActionError(M["error.nothing-to-undo"]())
        deal_index = len(self.deals) - 1
        movers = list(self.deal.movers)
        for entry in reversed(self.log[len(self.log) - count :]):
            if entry == NEXT_DEAL:
                deal_index -= 1
                continue
            if self.deals[deal_index].is_over:
                raise UndoRefusedError(M["error.undo-deal-over"]())
            if entry == DrawStock.text:
                raise UndoRefusedError(M["error.undo-stock-drawn"]())
            if isinstance(parse_action(entry), Knock | BigGin):
                raise UndoRefusedError(M["error.undo-cards-shown"]())
            if viewer is not None and movers and movers.pop() != viewer:
                raise UndoRefusedError(M["error.undo-opponent-moved"]())

    def check_deal_again(self) -> None:
        """Raise unless the game on show may be dealt again from its first deal, shuffled
        as it was ("Replay this game").

        Fair play: dealing the same cards again in the middle of a deal would let the
        player learn what is still hidden there (the stock's order, then the opponent's
        hand), so it waits until the deal on show is over, or the game. Raises
        :class:`~gin.errors.IllegalActionError` with code ``replay-mid-deal``; nothing is
        changed. (A teacher, who sees both hands anyway, is not asked.)

        >>> game = Game(Rules.preset("classic"), seed=5, first_dealer=0)
        >>> game.can_deal_again()
        False
        """
        if not (self.deal.is_over or self.is_over):
            raise IllegalActionError(M["error.replay-mid-deal"]())

    def can_deal_again(self) -> bool:
        """Whether :meth:`check_deal_again` allows dealing the game on show again."""
        try:
            self.check_deal_again()
        except IllegalActionError:
            return False
        return True

    def can_undo(self, count: int = 1, viewer: int | None = None) -> bool:
        """Whether :meth:`check_undo` allows taking back the last ``count`` entries (for
        ``viewer``). A table asks this to enable its Undo button, and never works it out
        again.

        >>> game = Game(Rules.preset("classic"), seed=5, first_dealer=0)
        >>> game.can_undo()
        False
        >>> _ = game.apply(parse_action("pass"))   # the non-dealer (1) passes
        >>> game.can_undo(1, viewer=1), game.can_undo(1, viewer=0)
        (True, False)
        """
        try:
            self.check_undo(count, viewer)
        except IllegalActionError:
            return False
        return True

    def undo(self) -> str:
        """Take back the last entry of the log (an action, or the start of a deal).

        Returns the text of what was undone. Refuses what :meth:`check_undo` refuses (a
        draw from the stock, a knock, a finished deal) with
        :class:`~gin.errors.UndoRefusedError`, and raises
        :class:`~gin.errors.IllegalActionError` with code ``nothing-to-undo`` at the start.
        """
        self.check_undo(1)
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
            raise IllegalActionError(M["error.game-not-over"]())
        t = list(self.totals)
        steps: list[Draft] = [("totals", M["game.totals"](first=t[0], second=t[1]))]
        r = self.rules
        if r.box_bonus:
            wins = [0, 0]
            for rec in self.score_sheet:
                if rec.winner is not None:
                    wins[rec.winner] += 1
            for p in (0, 1):
                t[p] += wins[p] * r.box_bonus
            box = M["game.box"](bonus=r.box_bonus, first_wins=wins[0], second_wins=wins[1])
            steps.append(("box", box))
        if r.game_bonus:
            t[w] += r.game_bonus
            steps.append(("game-bonus", M["game.game-bonus"](bonus=r.game_bonus)))
        if r.shutout_doubles and self.totals[1 - w] == 0:
            t[w] *= 2
            steps.append(("shutout", M["game.shutout"]()))
        steps.append(("final", M["game.final"](first=t[0], second=t[1])))
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
        """The game as versioned JSON, with a SHA-256 checksum of its content.

        The checksum guards against accidents (a truncated file, an edit by mistake), not
        forgery: anyone can recompute it. What a forged save can do is limited by
        :meth:`from_json`, which replays every action through the rules.
        """
        payload = self._payload()
        payload["checksum"] = _checksum(payload)
        return json.dumps(payload)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Restore a game saved with :meth:`to_json`.

        Raises :class:`~gin.errors.SaveFileError` if the text is damaged, was changed
        after saving, or is of an unknown format or version, and whenever a value in it is
        one the rules or the game would refuse on construction (a target out of range, a
        damaged random state): a save is never patched up with defaults.

        The SHA-256 checksum guards against accidents, not forgery: whoever edits a save
        can recompute it. Everything in a save is therefore checked as if it were typed
        by hand, and the log is replayed through the rules.
        """
        try:
            data = json.loads(text)
        except RecursionError:
            raise SaveFileError(M["error.json-too-deep"]()) from None
        except (ValueError, TypeError):
            raise SaveFileError(M["error.not-json"]()) from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveFileError(M["error.wrong-format"]())
        version = data.get("version")
        if type(version) is not int or version != SAVE_VERSION:
            shown = echo(json.dumps(version))
            raise SaveFileError(M["error.unknown-version"](version=shown, expected=SAVE_VERSION))
        checksum = data.pop("checksum", None)
        if checksum != _checksum(data):
            raise SaveFileError(M["error.tampered"]())
        try:
            rules = Rules.from_dict(data["rules"])
            v, state, gauss = data["rng_state"]
            if not (
                isinstance(state, list)
                and len(state) == 625
                and all(isinstance(x, int) for x in state)
            ):
                raise SaveFileError(M["error.damaged"]())
            if not (
                type(v) is int
                and all(0 <= x < 2**32 for x in state[:624])
                and 0 <= state[624] <= 624
                and (gauss is None or type(gauss) is float)
            ):
                raise SaveFileError(M["error.damaged"]())
            rng = random.Random()
            rng.setstate((v, tuple(state), gauss))
            log = data["log"]
            if not isinstance(log, list) or not all(isinstance(x, str) for x in log):
                raise SaveFileError(M["error.damaged"]())
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
            raise SaveFileError(M["error.cannot-restore"](reason=reason)) from e
        except (KeyError, TypeError, ValueError, OverflowError, RecursionError) as e:
            raise SaveFileError(M["error.damaged"]()) from e

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
