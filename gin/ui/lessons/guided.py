"""The guided first deal: a scripted deal in which the coach says what to do next and
highlights the card or the button to click.

The deck is stacked (:data:`GUIDED_ORDER`, a :class:`gin.Game` with ``orders``) so that a
newcomer who follows the highlights takes the up card, draws twice and knocks, in six
clicks or so, and the deal is scored. What to do next is the engine's: the ``eager``
opponent's choice for the learner's own view, shown as a highlight (CSS class
``gin-guide-target``) on the button and, for a discard or a knock, on the card.

The knock is laid out by the learner, as at a real table (the mode "I lay out my cards",
:mod:`gin.ui.table.rooms`): the guide outlines the cards of each meld of the engine's
best layout and *Make meld*, then *Done*; before the score, *Show the score* (the
learner may type a guess first).
"""

from __future__ import annotations

import html
import random
from typing import Any

import ipywidgets as w

import gin
from gin.bots import make_bot
from gin.i18n import M
from gin.ui.arrange import MeldBuilder
from gin.ui.classroom.link import class_parts
from gin.ui.classroom.record import watch_deals
from gin.ui.lessons.base import Lesson
from gin.ui.lessons.catalog import GUIDED_NOTEBOOK, link
from gin.ui.lessons.levelmap import COURSE_NOTEBOOK
from gin.ui.seats import LEARNER
from gin.ui.table.gintable import GinTable

GUIDED_ORDER = (
    "7H 3D 3H 2D 6H 5H QH QD 6D 4C 8C JD 8H 7D AS 7S JH 6C 3C TC 9H 4H 6S 5S TH TD 5D 4S "
    "3S KC QC 2S 8D KS 5C JS KH TS AC AH AD 4D 2C JC 2H QS 7C KD 9D 9S 9C 8S"
)
"""The stacked deck (dealt one card at a time from the non-dealer, the learner)."""

GUIDED_SEED = 1
"""The opponent's seed in the guided deal."""

GUIDE_CLASS = "gin-guide-target"
"""The CSS class of the card or button to click next."""


def guided_game(rules: str = "classic") -> gin.Game:
    """The guided deal's game: the stacked deck, the opponent dealing."""
    return gin.Game(
        gin.Rules.preset(rules), seed=GUIDED_SEED, first_dealer=1 - LEARNER, orders=[GUIDED_ORDER]
    )


class Guide(w.HTML):  # type: ignore[misc]
    """The guide (CSS class ``gin-guide``): one more part of the table ``table``, observing
    its model. After every change it says what to do next and highlights it (CSS class
    ``gin-guide-target``) on the table's button (:attr:`GinTable.buttons`), the card in the
    hand, or a room's button and cards.

    :attr:`next_action` is the move it suggests, :attr:`next_target` the key of the button
    highlighted (``""`` when none): a table button's key, or ``make_meld``,
    ``take_apart``, ``done_arranging`` or ``show_score`` in the rooms; :attr:`next_button`
    that button.
    """

    def __init__(self, table: GinTable) -> None:
        super().__init__("")
        self.add_class("gin-guide")
        self.table = table
        self.model = table.controller
        self._targets: list[Any] = []
        self._advisor = make_bot("eager", random.Random(0))
        self.next_action: gin.Action | None = None
        self.next_target: str = ""
        self.next_button: w.Button | None = None
        self.model.on_change(self._on_change)

    def _on_change(self, scope: str) -> None:
        if scope in ("table", "controls", "room"):
            self.show()

    def _highlight(self, key: str, card: gin.Card | None = None) -> None:
        self._highlight_button(key, self.table.buttons[key])
        if card is not None:
            hand = self.table.hand
            hand.cards = [
                {**c, "extra_class": GUIDE_CLASS} if c.get("code") == card.code else c
                for c in hand.cards
            ]

    def _highlight_button(self, key: str, button: w.Button) -> None:
        button.add_class(GUIDE_CLASS)
        self._targets.append(button)
        self.next_target = key
        self.next_button = button

    def _guide_rooms(self) -> bool:
        """Guide the room open (the meld builder, the score guess); False when none is."""
        room = self.model.room
        rooms = self.table.rooms
        if room == "builder" and rooms.builder is not None:
            b = rooms.builder
            left = set(b.left)
            best = gin.best_arrangement(b.hand).melds
            meld = next((m for m in best if left.issuperset(m.cards)), None)
            if meld is None and self._guide_take_apart(b, best):
                return True
            if meld is None:
                self._highlight_button("done_arranging", b.done_button)
                self._say("arrange.guided-done", button=b.done_button.description)
                return True
            codes = {c.code for c in meld.cards}
            b.area.cards = [
                {**c, "extra_class": GUIDE_CLASS} if c.get("code") in codes else c
                for c in b.area.cards
            ]
            self._highlight_button("make_meld", b.make_button)
            self._say(
                "arrange.guided-make-meld",
                meld=[c.code for c in meld.cards],
                button=b.make_button.description,
            )
            return True
        if room == "guess" and rooms.score_guess is not None:
            g = rooms.score_guess
            self._highlight_button("show_score", g.skip_button)
            self._say(
                "arrange.guided-guess",
                check=g.check_button.description,
                button=g.skip_button.description,
            )
            return True
        return False

    def _guide_take_apart(self, b: MeldBuilder, best: tuple[gin.Meld, ...]) -> bool:
        """A meld of the learner's own that leaves more deadwood than the best layout
        (made by choice, or from a choice the kernel had not heard in full): the guide
        points at its *Take apart*, not at a *Done* the knock limit may refuse."""
        laid = gin.propose_layout(b.hand, b.layout_melds())
        if gin.compare_layout(b.hand, laid).extra <= 0:
            return False
        wanted = {frozenset(m.cards) for m in best}
        at = next((i for i, m in enumerate(b.melds) if frozenset(m.cards) not in wanted), None)
        button = b.take_apart_button(at) if at is not None else None
        if at is None or button is None:
            return False
        self._highlight_button("take_apart", button)
        self._say(
            "arrange.guided-take-apart",
            meld=[c.code for c in b.melds[at].cards],
            button=button.description,
        )
        return True

    def _say(self, key: str, **data: Any) -> None:
        self.value = f'<div role="status">{html.escape(M[key].render(data))}</div>'

    def show(self) -> None:
        """Say what to do next and highlight it."""
        for t in self._targets:
            t.remove_class(GUIDE_CLASS)
        self._targets = []
        self.next_target = ""
        self.next_button = None
        self.next_action = None
        c = self.model
        buttons = self.table.buttons
        view = c.view()
        if self._guide_rooms():
            return
        if view.phase.is_over and not c.revealed():  # the score comes step by step
            self._say("lesson.guided.scoring")
            return
        if view.phase.is_over:
            link_html = link(COURSE_NOTEBOOK, M["lesson.guided.to-levels"].render())
            self.value = (
                f'<div role="status">{html.escape(M["lesson.guided.over"].render())} '
                f"{link_html}</div>"
            )
            return
        if c.pending is not None:
            self._highlight("confirm")
            self._say("lesson.guided.confirm", button=buttons["confirm"].description)
            return
        if view.to_move != LEARNER:
            self._say("lesson.guided.wait")
            return
        action = self._advisor.choose(view)
        self.next_action = action
        up = view.up_card.code
        if isinstance(action, gin.TakeUpCard):
            self._highlight("take")
            self._say("lesson.guided.take", card=up, button=buttons["take"].description)
        elif isinstance(action, gin.Pass):
            self._highlight("pass")
            self._say("lesson.guided.pass", card=up, button=buttons["pass"].description)
        elif isinstance(action, gin.DrawStock):
            self._highlight("draw_stock")
            self._say("lesson.guided.draw-stock", button=buttons["draw_stock"].description)
        elif isinstance(action, gin.DrawDiscard):
            self._highlight("draw_discard")
            self._say(
                "lesson.guided.draw-discard",
                card=view.discard_pile[-1].code,
                button=buttons["draw_discard"].description,
            )
        elif isinstance(action, gin.Knock | gin.Discard):
            choice = next(ch for ch in view.discard_choices if ch.card == action.card)
            if isinstance(action, gin.Knock):
                key = "gin" if choice.deadwood == 0 else "knock"
                self._highlight(key, action.card)
                self._say(
                    "lesson.guided.knock",
                    card=action.card.code,
                    deadwood=choice.deadwood,
                    limit=view.knock_limit,
                    button=buttons[key].description,
                )
            else:
                self._highlight("discard", action.card)
                self._say(
                    "lesson.guided.discard",
                    card=action.card.code,
                    deadwood=choice.deadwood,
                    button=buttons["discard"].description,
                )
        elif isinstance(action, gin.BigGin):
            self._highlight("big_gin")
            self._say("lesson.guided.click", button=buttons["big_gin"].description)
        else:
            self._highlight("lay_off")
            self._say("lesson.guided.click", button=buttons["lay_off"].description)


def guided_table(rules: str = "classic", *, pause: float = 0.6, **options: Any) -> Guide:
    """The guided deal: a :class:`GinTable` on the stacked deal (the learner lays out
    their cards), with its :class:`Guide` attached; returns the guide (its table is
    :attr:`Guide.table`)."""
    options.setdefault("arrange_self", True)
    table = GinTable(rules, "eager", GUIDED_SEED, pause=pause, **options)
    guide = Guide(table)
    table.load_game(guided_game(rules), "eager")
    return guide


class GuidedLesson(Lesson):
    """The guided first deal: the coach's next step above the table."""

    notebook = GUIDED_NOTEBOOK

    def __init__(
        self,
        *,
        rules: str = "classic",
        pause: float = 0.6,
        large_cards: bool = False,
        teacher: bool = False,
        guide: Guide | None = None,
    ) -> None:
        """``guide`` is the guided deal in progress (its guide, on its table), when the
        lesson is drawn again in another language."""
        super().__init__(seed=GUIDED_SEED)
        self.guide = guide or guided_table(
            rules, pause=pause, large_cards=large_cards, teacher=teacher
        )
        self.table = self.guide.table
        watch_deals(self.table.controller, guided=True)
        self.assemble(self.guide, self.table, *class_parts())

    def close(self) -> None:
        """Close the lesson and its guided table (nothing it scheduled plays on)."""
        self.table.close()
        super().close()

    def rebuilt(self) -> Lesson:
        """This lesson in the current language around the same deal in progress, drawn
        again in place (:meth:`gin.ui.table.GinTable.relabel`)."""
        self.table.relabel()
        return GuidedLesson(guide=self.guide)


def guided_lesson(
    *,
    rules: str = "classic",
    pause: float = 0.6,
    large_cards: bool = False,
    teacher: bool = False,
) -> GuidedLesson:
    """The guided first deal (displays as its widget): ``large_cards`` for a projector,
    ``teacher`` opens both hands. The deal is scripted, so it takes no seed."""
    return GuidedLesson(rules=rules, pause=pause, large_cards=large_cards, teacher=teacher)


__all__ = [
    "GUIDED_ORDER",
    "GUIDE_CLASS",
    "Guide",
    "GuidedLesson",
    "guided_game",
    "guided_lesson",
    "guided_table",
]
