"""The levels where the learner lays the cards out, as at a real table (issue 19): "Lay out
your melds" (the knocker's layout, built with the table's meld builder) and the layoff
level's exercise (the defender's layoffs, chosen with the table's layoff chooser).

Every check is the engine's: :func:`gin.propose_layout` and :func:`gin.compare_layout` for
a layout, :class:`gin.LayoffBoard` and :func:`gin.missed_layoffs` for layoffs. The answer
widgets are the table's own rooms (:mod:`gin.ui.arrange`); their *Done* checks the answer.
An answer's text form (for tests and the exercise's ``set_answers``) is the layout as in a
saved knock (``7S-8S-9S 7H-7D-7C``, ``none`` for no meld) or the layoffs as in a saved
layoff (``8S@0 9S@0``, ``none``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gin import (
    DECK,
    Arrangement,
    Card,
    GinError,
    LayoffBoard,
    Rules,
    best_arrangement,
    can_extend,
    compare_layout,
    deadwood,
    missed_layoffs,
    parse_cards,
    plan_layoffs,
    propose_layout,
)
from gin.i18n import M, Text
from gin.ui.arrange import LayoffChooser, MeldBuilder
from gin.ui.lessons.exercise import Field, Question, Verdict, choices
from gin.ui.lessons.guard import AnswerError
from gin.ui.lessons.hands import built_hand, low_card_weight
from gin.ui.lessons.level import (
    Level,
    Predict,
    para,
    para_text,
    slip_html,
    slip_text_html,
    verdict,
)
from gin.ui.lessons.pictures import arrangement_html, cards_html

NONE = "none"
"""The text form of an answer with no meld, or no layoff."""


def _codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


def layout_text(melds: Sequence[Sequence[Card]]) -> str:
    """A layout as text: ``7S-8S-9S 7H-7D-7C`` (``none`` for no meld)."""
    return " ".join("-".join(c.code for c in m) for m in melds) or NONE


def read_layout(text: str) -> tuple[tuple[Card, ...], ...]:
    """The melds of a layout's text form (an :class:`AnswerError` when unreadable)."""
    if text.strip() == NONE:
        return ()
    try:
        return tuple(tuple(parse_cards(m.split("-"))) for m in text.split())
    except GinError as e:
        raise AnswerError(e.text) from None


def layoffs_text(layoffs: Sequence[tuple[Card, int]]) -> str:
    """Layoffs as text: ``8S@0 9S@0`` (``none`` for no layoff)."""
    return " ".join(f"{c.code}@{i}" for c, i in layoffs) or NONE


def read_layoffs(text: str) -> tuple[tuple[Card, int], ...]:
    """The layoffs of their text form (an :class:`AnswerError` when unreadable)."""
    if text.strip() == NONE:
        return ()
    out = []
    for word in text.split():
        code, _, index = word.partition("@")
        if not (index.isascii() and index.isdigit() and len(index) <= 2):
            raise AnswerError(M["lesson.exercise.not-a-number"](text=word[:24]))
        try:
            out.append((Card.parse(code), int(index)))
        except GinError as e:
            raise AnswerError(e.text) from None
    return tuple(out)


# --------------------------------------------------------------------------- answer widgets


class LayoutAnswer(MeldBuilder):
    """The table's meld builder as an exercise's answer: its ``value`` is the layout as
    text, and *Done* checks it."""

    def __init__(self, hand: Sequence[Card], submit: Callable[[], Any]) -> None:
        super().__init__(
            hand, on_done=lambda _arr: submit(), keys=True, verdict=False, declared="knock"
        )
        self.typed: str | None = None
        """An answer set as text that could not be laid out as given (checked as typed)."""

    @property
    def value(self) -> str:
        """The melds made so far, as text."""
        return self.typed if self.typed is not None else layout_text(self.layout_melds())

    @value.setter
    def value(self, text: str) -> None:
        """Make these melds (as a learner would, one at a time); text that can't be laid
        out so is kept as typed, for the check to refuse with its reason."""
        self.melds, self.typed = [], text
        try:
            melds = read_layout(text)
        except AnswerError:
            return
        for meld in melds:
            self.area.chosen = [c.code for c in meld]
            self.make_meld()
        self.typed = None if len(self.melds) == len(melds) else text
        self._draw()

    def make_meld(self) -> None:
        """Set the selected cards apart as a meld (see :meth:`MeldBuilder.make_meld`)."""
        self.typed = None
        super().make_meld()


class LayoffAnswer(LayoffChooser):
    """The table's layoff chooser as an exercise's answer: its ``value`` is the layoffs as
    text, and *Done* checks them."""

    def __init__(self, board: LayoffBoard, submit: Callable[[], Any]) -> None:
        super().__init__(board, on_done=lambda _layoffs: submit(), keys=True)
        self.start = board
        self.typed: str | None = None
        """An answer set as text that could not be laid off as given (checked as typed)."""

    @property
    def value(self) -> str:
        """The layoffs chosen so far, as text."""
        return self.typed if self.typed is not None else layoffs_text(self.layoffs)

    @value.setter
    def value(self, text: str) -> None:
        """Choose these layoffs (as a learner would, one at a time); text that can't be
        laid off so is kept as typed, for the check to refuse with its reason."""
        self.board, self.layoffs, self.typed = self.start, [], text
        try:
            layoffs = read_layoffs(text)
        except AnswerError:
            return
        for card, index in layoffs:
            self.area.selected = card.code
            self.lay_off(index)
        self.typed = None if len(self.layoffs) == len(layoffs) else text
        self._draw()

    def lay_off(self, meld_index: int) -> None:
        """Lay the selected card off (see :meth:`LayoffChooser.lay_off`)."""
        self.typed = None
        super().lay_off(meld_index)


# --------------------------------------------------------------------------- lay out


def _knock_up_card(rules: Rules, hand: Sequence[Card], points: int, rng: random.Random) -> Card:
    ups = [c for c in DECK if c not in hand and rules.knock_limit(c) >= points]
    return rng.choice(ups)


def layout_hand(rng: random.Random) -> list[Card]:
    """Ten cards that may knock, where a card could go into a set or into a run (so the
    layout takes thought): seeded."""
    for _ in range(400):
        hand = built_hand(rng, 10, rng.choice((2, 3)), low_card_weight)
        if deadwood(hand) > 10:
            continue
        best = best_arrangement(hand)
        if not best.melds:
            continue
        # a crossing card: one in a meld of the best layout that could join another meld
        sets = {c.rank for c in hand if sum(1 for d in hand if d.rank == c.rank) >= 3}
        cross = any(m.kind == "run" and c.rank in sets for m in best.melds for c in m.cards) or any(
            m.kind == "set"
            and any(
                Card(c.rank + d, c.suit) in hand
                for c in m.cards
                for d in (-1, 1)
                if 1 <= c.rank + d <= 13
            )
            for m in best.melds
        )
        if cross or rng.random() < 0.15:
            return hand
    return parse_cards("7S 8S 9S 7H 7D 2C 3C 4C AH 2D")  # pragma: no cover


def _melds_data(arr: Arrangement) -> list[list[str]]:
    return [_codes(m.cards) for m in arr.melds]


def _layout_slip(hand: Sequence[Card], proposed: Arrangement) -> tuple[str, str]:
    """The slip of a layout worse than the best: a meld left in the deadwood, a card that
    still fits a meld, or a crossing card put into the wrong meld."""
    own = best_arrangement(proposed.deadwood)
    if own.melds:
        return "left-out", slip_html("lesson.level.lay-out.slip-left-out", melds=_melds_data(own))
    for c in proposed.deadwood:
        for m in proposed.melds:
            if can_extend(m, c):
                return "could-extend", slip_html(
                    "lesson.level.lay-out.slip-could-extend", card=c.code, meld=_codes(m.cards)
                )
    return "set-or-run", slip_html("lesson.level.lay-out.slip-set-or-run")


def layout_question(rules: Rules, rng: random.Random) -> Question:
    """Ten cards to knock with: lay out the melds, with the table's meld builder. Right
    when the layout leaves the least deadwood (:func:`gin.compare_layout`)."""
    hand = sorted(layout_hand(rng))
    best = best_arrangement(hand)
    up = _knock_up_card(rules, hand, best.deadwood_points, rng)
    limit = rules.knock_limit(up)
    worked = para(
        "lesson.level.lay-out.worked", points=best.deadwood_points, melds=_melds_data(best)
    ) + arrangement_html(best, size="small")
    # a wrong answer for tests: the best layout with its first meld left out
    wrong = layout_text([m.cards for m in best.melds[1:]])

    def check(answers: Mapping[str, str]) -> Verdict:
        try:
            proposed = propose_layout(hand, read_layout(answers["layout"]))
        except GinError as e:
            raise AnswerError(e.text) from None
        cmp = compare_layout(hand, proposed)
        said = para_text(cmp.text)
        if proposed.deadwood_points > limit:
            over = M["error.layout-over-limit"](points=proposed.deadwood_points, limit=limit)
            return verdict(False, slip_text_html(over) + said + worked, "over-limit")
        if cmp.as_good:
            return verdict(True, said + arrangement_html(proposed, size="small"))
        code, slip = _layout_slip(hand, proposed)
        return verdict(False, slip + said + worked, code)

    return Question(
        para("lesson.level.lay-out.prompt", card=up.code, limit=limit)
        + cards_html([up], css="gin-up-card"),
        (Field("layout", widget=lambda submit: LayoutAnswer(hand, submit)),),
        check,
        {
            "cards": tuple(hand),
            "up_card": up,
            "best": best,
            "answer": layout_text([m.cards for m in best.melds]),
            "wrong": wrong,
        },
        para("lesson.level.lay-out.nudge"),
        worked,
    )


_PREDICT_HAND = "3S 4S 5S 3H 3D 9C TC JC AH 2D"
_PICTURE_HAND = "4H 5H 6H KC KD KS 2S 8D 7C QC"
"""The level's picture: a layout of another hand, not the answer to the prediction."""
WHERE_CHOICES = choices(
    "lesson.level.lay-out.choice.run",
    "lesson.level.lay-out.choice.set",
)


def _layout_predict(_rules: Rules) -> tuple[str, Text]:
    hand = parse_cards(_PREDICT_HAND)
    run, three, clubs = parse_cards("3S 4S 5S"), parse_cards("3S 3H 3D"), parse_cards("9C TC JC")
    as_run = propose_layout(hand, [run, clubs]).deadwood_points
    as_set = propose_layout(hand, [three, clubs]).deadwood_points
    best = best_arrangement(hand).meld_of(Card.parse("3S"))
    answer = "run" if best is not None and best.kind == "run" else "set"
    return answer, M["lesson.level.lay-out.reveal"](
        run=_codes(run), set=_codes(three), points=min(as_run, as_set), other=max(as_run, as_set)
    )


LEVEL_LAYOUT = Level(
    "lay-out",
    M["lesson.level.lay-out.title"],
    M["lesson.level.lay-out.text"],
    lambda _r: arrangement_html(best_arrangement(parse_cards(_PICTURE_HAND))),
    Predict(
        M["lesson.level.lay-out.predict"],
        WHERE_CHOICES,
        _layout_predict,
        lambda _r: parse_cards(_PREDICT_HAND),
    ),
    layout_question,
)


# --------------------------------------------------------------------------- layoffs


def layoff_position(rng: random.Random) -> tuple[list[Card], list[Card]]:
    """A knocker's ten cards (with a run, knocking) and a defender's ten, some of which
    lay off onto the run, often chained: seeded."""
    for _ in range(400):
        knocker = built_hand(rng, 10, 3, low_card_weight)
        k_arr = best_arrangement(knocker)
        runs = [m for m in k_arr.melds if m.kind == "run"]
        if not runs or not 0 < k_arr.deadwood_points <= 10:
            continue
        run = rng.choice(runs)
        top, low = run.cards[-1], run.cards[0]
        chain = [Card(r, top.suit) for r in range(top.rank + 1, min(top.rank + 3, 14))]
        chain += [Card(r, low.suit) for r in range(low.rank - 1, max(low.rank - 2, 0), -1)]
        start = [c for c in chain if c not in knocker and rng.random() < 0.8]
        used = {*knocker, *start}
        rest = built_hand(rng, 10 - len(start), 1, exclude=sum(c.mask for c in used))
        defender = sorted([*start, *rest])
        if plan_layoffs(k_arr, defender).layoffs:
            return knocker, defender
    return (  # pragma: no cover - the worked example of the level
        parse_cards("5S 6S 7S 2H 3H 4H 9C 9D 9H AC"),
        parse_cards("8S 9S KD QD JD 2C 3C 4D 5D 6C"),
    )


def _indexes(board: LayoffBoard) -> list[int]:
    """The meld index of each layoff of a board, the melds as they stood then."""
    melds, out = list(board.start_melds), []
    for lo in board.laid:
        i = melds.index(lo.onto)
        melds[i] = lo.result
        out.append(i)
    return out


def layoff_choice_question(rules: Rules, rng: random.Random) -> Question:
    """The knocker's melds and the defender's ten cards: the learner lays off, one card at
    a time, with the table's layoff chooser. Right when nothing is missed
    (:func:`gin.missed_layoffs`)."""
    knocker, defender = layoff_position(rng)
    k_arr = best_arrangement(knocker)
    start = LayoffBoard.start(k_arr.melds, defender)
    plan = plan_layoffs(k_arr, defender)
    best = start
    for lo in plan.layoffs:
        best = best.lay_off(lo.card, best.melds.index(lo.onto))
    right = layoffs_text(list(zip(best.laid_cards, _indexes(best), strict=True)))
    worked = para(
        "lesson.level.layoff.worked",
        cards=[lo.card.code for lo in plan.layoffs],
        before=plan.deadwood_before,
        after=plan.deadwood_after,
    )
    chained = {f.card for f in plan.fits if f.chained}

    def check(answers: Mapping[str, str]) -> Verdict:
        board = start
        try:
            for card, index in read_layoffs(answers["layoffs"]):
                board = board.lay_off(card, index)
        except GinError as e:
            raise AnswerError(e.text) from None
        missed = missed_layoffs(board)
        said = para_text(missed.text)
        if missed.saved == 0:
            return verdict(True, said)
        if not board.laid:
            return verdict(
                False, slip_html("lesson.level.layoff.slip-no-layoff") + said + worked, "no-layoff"
            )
        if missed.text.key == "layout.missed-keep" or not missed.cards:
            return verdict(
                False, slip_html("lesson.level.layoff.slip-own-meld") + said + worked, "own-meld"
            )
        if any(c in chained for c in missed.cards):
            return verdict(
                False, slip_html("lesson.level.layoff.slip-chain") + said + worked, "chain"
            )
        return verdict(False, said + worked, "other")

    return Question(
        para("lesson.level.layoff.prompt-choose"),
        (Field("layoffs", widget=lambda submit: LayoffAnswer(start, submit)),),
        check,
        {
            "knocker": tuple(knocker),
            "defender": tuple(defender),
            "answer": right,
            "wrong": NONE,
            "before": plan.deadwood_before,
            "after": plan.deadwood_after,
            "chained": bool(chained & {lo.card for lo in plan.layoffs}),
            "best": best,
        },
        para("lesson.level.layoff.nudge"),
        worked,
    )


__all__ = [
    "LEVEL_LAYOUT",
    "NONE",
    "WHERE_CHOICES",
    "LayoffAnswer",
    "LayoutAnswer",
    "layoff_choice_question",
    "layoff_position",
    "layoffs_text",
    "layout_hand",
    "layout_question",
    "layout_text",
    "read_layoffs",
    "read_layout",
]
