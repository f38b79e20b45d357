"""A classroom demo as the class store keeps it: what every follower may see, as plain data.

The teacher plays a deal at the demo table (:mod:`gin.ui.demo.desk`). After each of the
teacher's moves the teacher's kernel publishes the demo's :class:`DemoState` into the class
store: the position as the teacher's seat sees it (:func:`frame_of`, made from that seat's
:class:`~gin.view.PlayerView`, so no hidden card can be in it; the opponent's cards only
when the teacher opened the hands), the question asked of the class, if any, and, once
revealed, the expert's verdict of each choice. It travels as JSON in one row per class,
numbered: each follower's kernel polls the number (:mod:`gin.ui.demo.follow`) and reads the
state when it changes. No kernel speaks to another: the store is the only link, so a demo
works alike on SQLite, on PostgreSQL and behind JupyterHub.

A follower's answer is checked against the state the store holds
(:func:`check_answer`): the question must be the open one and the choice one of its
options; the store keeps one answer per learner per question (the first counts). Each
refusal is a :class:`DemoError` with its own code.

>>> import gin
>>> deal = gin.Deal.new(gin.Rules.preset("classic"), dealer=0, rng=random.Random(3))
>>> frame = frame_of(deal.view(0), open_hands=False)
>>> len(frame.hand), frame.opponent, frame.opponent_count
(10, None, 10)
>>> state = DemoState("d1", frame, Question(1, ("take", "pass")))
>>> DemoState.from_json(state.to_json()) == state
True
>>> check_answer(state, "d1:1", "discard 7S")
Traceback (most recent call last):
...
gin.ui.classroom.demo.DemoError: That is not one of the moves the teacher asked about.
"""

from __future__ import annotations

import json
import random  # noqa: F401 - used by the doctest
from dataclasses import dataclass, field, replace
from typing import Any

from gin import actions as act
from gin.cards import Card
from gin.errors import GinError
from gin.i18n import M
from gin.melds import all_maximal_arrangements, deadwood
from gin.view import PlayerView

TEACHER_SEAT = 0
"""The seat the teacher plays at the demo table (the table's learner seat)."""

VERDICTS = ("best", "good", "close", "inaccuracy", "mistake", "blunder")
"""The review's verdicts (:data:`gin.bots.verdicts.Verdict`), as a revealed choice names them."""


class DemoError(GinError):
    """A demo move or answer refused: ``demo-none`` (no demo runs), ``demo-closed`` (the
    question is not the open one), ``demo-not-an-option`` (a forged answer),
    ``demo-answered`` (a second answer), ``demo-malformed`` (a stored state that can't be
    read)."""


@dataclass(frozen=True)
class Frame:
    """The demo's position, as the teacher's seat sees it (card codes, no card objects)."""

    rules: str
    deal: int
    phase: str
    """The deal's phase (the value of :class:`gin.view.Phase`: ``draw``, ``discard`` ...)."""
    to_move: int | None
    """0: the teacher's seat, 1: the opponent, ``None``: the deal is over."""
    hand: tuple[str, ...]
    opponent: tuple[str, ...] | None
    """The opponent's cards: only when the teacher opened the hands, or once the deal is
    over (then both hands are shown to both players anyway)."""
    opponent_count: int
    stock: int
    discard: tuple[str, ...]
    """The discard pile, its top card last."""
    up_card: str
    knock_limit: int
    result: tuple[str, int] | None = None
    """At the deal's end: who won (``teacher``, ``opponent``, ``tie``, ``void``) and the
    points."""

    def cards(self, codes: tuple[str, ...]) -> list[Card]:
        """The cards of ``codes`` (from this frame)."""
        return [Card.parse(c) for c in codes]


@dataclass(frozen=True)
class Reveal:
    """The expert's verdict of one option, from the review's own search."""

    option: str
    verdict: str
    loss: float
    """Points it gives up on average against the best move (0 for the best)."""


@dataclass(frozen=True)
class Question:
    """"Your move?" asked of the class at the frame on show: ``options`` are the moves the
    teacher's seat may make (action texts, :func:`gin.actions.parse_action`)."""

    number: int
    options: tuple[str, ...]
    revealed: tuple[Reveal, ...] | None = None
    best: str = ""
    gins: tuple[str, ...] = ()
    """The knock options that go gin (their discard leaves no deadwood: the engine's
    :attr:`~gin.view.PlayerView.discard_choices`)."""
    layout: bool = False
    """A question of the layout after a knock (each option a knock, gin or big gin with its
    melds: :func:`ask_layout`) rather than of the move."""
    deadwood: tuple[int, ...] = ()
    """In a layout question, the deadwood each layout leaves (as the options)."""

    def id_in(self, demo: str) -> str:
        """The question's name in the store (``<demo>:<number>``)."""
        return f"{demo}:{self.number}"


@dataclass(frozen=True)
class DemoState:
    """What the store holds of a class's demo (see the module's text)."""

    demo: str
    frame: Frame
    question: Question | None = None
    open_hands: bool = False
    at: float = field(default=0.0, compare=False)
    """When the teacher's kernel published it (seconds since the epoch)."""

    @property
    def question_id(self) -> str:
        """The open question's name in the store (``""`` when none is open)."""
        return "" if self.question is None else self.question.id_in(self.demo)

    def to_json(self) -> str:
        """The state as the store keeps it."""
        q = self.question
        data: dict[str, Any] = {
            "demo": self.demo,
            "open_hands": self.open_hands,
            "at": self.at,
            "frame": {
                **self.frame.__dict__,
                "result": list(self.frame.result) if self.frame.result else None,
            },
            "question": None
            if q is None
            else {
                "number": q.number,
                "options": list(q.options),
                "best": q.best,
                "gins": list(q.gins),
                "layout": q.layout,
                "deadwood": list(q.deadwood),
                "revealed": None
                if q.revealed is None
                else [[r.option, r.verdict, r.loss] for r in q.revealed],
            },
        }
        return json.dumps(data, sort_keys=True, ensure_ascii=True)

    @classmethod
    def from_json(cls, text: str) -> DemoState:
        """The state read back; anything malformed is refused with :class:`DemoError`
        (code ``demo-malformed``), never guessed at."""
        try:
            data = json.loads(text)
            f = data["frame"]
            result = f["result"]
            frame = Frame(
                rules=_str(f["rules"]),
                deal=_int(f["deal"]),
                phase=_str(f["phase"]),
                to_move=None if f["to_move"] is None else _int(f["to_move"]),
                hand=_codes(f["hand"]),
                opponent=None if f["opponent"] is None else _codes(f["opponent"]),
                opponent_count=_int(f["opponent_count"]),
                stock=_int(f["stock"]),
                discard=_codes(f["discard"]),
                up_card=_code(f["up_card"]),
                knock_limit=_int(f["knock_limit"]),
                result=None if result is None else (_str(result[0]), _int(result[1])),
            )
            q = data["question"]
            question = None
            if q is not None:
                revealed = q["revealed"]
                question = Question(
                    number=_int(q["number"]),
                    options=tuple(_str(o) for o in q["options"]),
                    best=_str(q["best"]),
                    gins=tuple(_str(o) for o in q["gins"]),
                    layout=bool(q["layout"]),
                    deadwood=tuple(_int(d) for d in q["deadwood"]),
                    revealed=None
                    if revealed is None
                    else tuple(
                        Reveal(_str(o), _verdict(v), float(loss)) for o, v, loss in revealed
                    ),
                )
            return cls(
                demo=_str(data["demo"]),
                frame=frame,
                question=question,
                open_hands=bool(data["open_hands"]),
                at=float(data["at"]),
            )
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            if isinstance(exc, DemoError):
                raise
            raise DemoError(M["error.demo-malformed"]()) from exc


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(value)
    return value


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(value)
    return value


def _code(value: Any) -> str:
    return Card.parse(_str(value)).code


def _codes(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise TypeError(value)
    return tuple(_code(v) for v in value)


def _verdict(value: Any) -> str:
    if value not in VERDICTS:
        raise ValueError(value)
    return str(value)


# --------------------------------------------------------------------------- the frame


def frame_of(view: PlayerView, *, open_hands: bool, deal_number: int = 1) -> Frame:
    """The frame a follower sees of ``view`` (the teacher's seat): the opponent's cards
    only with ``open_hands`` (then ``opponent_hand`` is the opponent's hand, which the
    demo table shows) or when the view itself shows them (the deal is over)."""
    shown = view.opponent_hand
    result: tuple[str, int] | None = None
    if view.result is not None:
        r = view.result
        if r.winner is None:
            who = "tie"
        else:
            knocker_won = r.winner == "knocker"
            mine = (view.knocker == view.player) == knocker_won
            who = "teacher" if mine else "opponent"
        result = (who, r.points)
    elif view.phase.value == "void":
        result = ("void", 0)
    return Frame(
        rules=view.rules.name,
        deal=deal_number,
        phase=view.phase.value,
        to_move=None if view.phase.is_over else view.to_move,
        hand=tuple(c.code for c in view.hand),
        opponent=None if shown is None else tuple(c.code for c in shown),
        opponent_count=view.opponent_card_count,
        stock=view.stock_count,
        discard=tuple(c.code for c in view.discard_pile),
        up_card=view.up_card.code,
        knock_limit=view.knock_limit,
        result=result,
    )


def with_open_hand(frame: Frame, opponent: tuple[Card, ...]) -> Frame:
    """``frame`` with the opponent's hand shown (the teacher opened the hands)."""
    return replace(frame, opponent=tuple(c.code for c in opponent))


def question_options(view: PlayerView) -> tuple[str, ...]:
    """The moves a question at ``view`` offers the class: every legal move of the
    teacher's seat but the layout's own choices (a knock is asked as its discard, the
    engine laying out the best melds), in the engine's order."""
    out: list[str] = []
    for a in view.legal_actions:
        if isinstance(a, act.Knock) and a.melds is not None:
            continue
        if isinstance(a, act.LayOff) and a.layoffs:
            continue
        if a.text not in out:
            out.append(a.text)
    return tuple(out)


def ask(view: PlayerView, number: int) -> Question:
    """Question ``number`` at ``view``: its options (:func:`question_options`), the knocks
    among them that go gin."""
    options = question_options(view)
    gins = {f"knock {c.card.code}" for c in view.discard_choices if c.ends == "gin"}
    return Question(number, options, gins=tuple(o for o in options if o in gins))


LAYOUT_OPTIONS = 5
"""At most this many layouts are offered (the least deadwood first)."""


def layout_text(action: act.Knock | act.BigGin) -> str:
    """The action text of a layout, its melds in one order whatever order they came in
    (so the review's best layout and an offered one compare as text)."""
    melds = tuple(sorted(tuple(sorted(m)) for m in action.melds or ()))
    if isinstance(action, act.BigGin):
        return act.BigGin(melds).text
    return act.Knock(action.card, melds).text


def ask_layout(view: PlayerView, declared: act.Knock | act.BigGin, number: int) -> Question:
    """Question ``number``: how to lay out the knock (or gin, or big gin) ``declared`` at
    ``view`` (the teacher's seat, before the knock is played): the layouts of the cards
    kept that the engine would take (no meld but a real one, the deadwood within the knock
    limit; gin and big gin with none), the least deadwood first, at most
    :data:`LAYOUT_OPTIONS`."""
    if isinstance(declared, act.BigGin):
        kept = list(view.hand)
    else:
        kept = [c for c in view.hand if c != declared.card]
    gin_only = isinstance(declared, act.BigGin) or deadwood(kept) == 0
    limit = 0 if gin_only else view.knock_limit
    options: list[str] = []
    left: list[int] = []
    for arr in all_maximal_arrangements(kept):
        if arr.deadwood_points > limit:
            continue
        melds = tuple(m.cards for m in arr.melds)
        made = act.BigGin(melds) if isinstance(declared, act.BigGin) else act.Knock(
            declared.card, melds
        )
        text = layout_text(made)
        if text not in options:
            options.append(text)
            left.append(arr.deadwood_points)
        if len(options) == LAYOUT_OPTIONS:
            break
    return Question(number, tuple(options), layout=True, deadwood=tuple(left))


def check_answer(state: DemoState | None, question: str, choice: str) -> None:
    """Raise :class:`DemoError` unless ``choice`` answers the open question ``question``
    of ``state``: no demo (``demo-none``), another question or one already revealed
    (``demo-closed``), a move not among its options (``demo-not-an-option``)."""
    if state is None:
        raise DemoError(M["error.demo-none"]())
    q = state.question
    if q is None or q.revealed is not None or question != state.question_id:
        raise DemoError(M["error.demo-closed"]())
    if choice not in q.options:
        raise DemoError(M["error.demo-not-an-option"]())


__all__ = [
    "TEACHER_SEAT",
    "VERDICTS",
    "DemoError",
    "DemoState",
    "Frame",
    "Question",
    "Reveal",
    "ask",
    "ask_layout",
    "check_answer",
    "frame_of",
    "layout_text",
    "question_options",
    "with_open_hand",
]
