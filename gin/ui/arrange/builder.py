"""The meld builder: the learner lays out their own melds (issue 19).

The learner selects cards (a click, or the keys that pick cards at the table) and
presses *Make meld* (or Enter); the engine checks the group (:func:`gin.check_meld`) and
a meld is set apart, or the group is refused with the engine's sentence and nothing
changes. A meld set apart can be taken apart again. *Done* (or the key C) proposes the
layout (:func:`gin.propose_layout`: the cards left out are deadwood) to the owner's
``on_done``, which may refuse it (a knock over the limit); once it is taken, the builder
shows how it compares with the best layout (:func:`gin.compare_layout`), in one sentence
and a picture.

Names kept for the browser tests: the box has the CSS class ``gin-arrange``; the buttons
``gin-action-make-meld`` and ``gin-action-done-arranging``; each meld made is a
``gin-arranged-meld`` holding its ``.gin-card[data-card]``; the comparison appears in
``gin-arrange-verdict``. The table uses it for the learner's knock; the course's level
"Lay out your melds" uses it on its own (``keys=True``: the builder listens to the keys
itself).

The end the learner declared (``declared``: a knock, gin or big gin) is checked on the
layout by the engine (:func:`gin.verify_declared_layout`, with ``rules`` and ``up_card``):
a refusal (a :class:`gin.KnockRefusedError`, the slip) is shown and told to
``on_refused``. A gin laid out with deadwood within the limit asks once, in the box
``gin-arrange-question``: "These melds leave 2 deadwood: this is a knock, not gin. Lay out
again, or knock?" (buttons ``gin-action-lay-out-again`` and ``gin-action-knock-instead``).
A gin or big gin shows no "Don't knock". Once the layout is taken the instruction, the
buttons and the last "Meld made" go: what is left to read is the verdict.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape
from typing import Any

import ipywidgets as w

import gin
from gin.i18n import M
from gin.layout import EndKind
from gin.ui.arrange.picking import is_pick_key, pick_index
from gin.ui.arrange.room import ErrorSink, Room, room_button, room_guarded, verdict_html
from gin.ui.parts import classed_html
from gin.ui.svg import arrangement_svg

OnDone = Callable[[gin.Arrangement], Any]
"""Takes the learner's layout, or refuses it by raising a :class:`gin.GinError`."""

OnRefused = Callable[[gin.KnockRefusedError], Any]
"""Told each knock, gin or big gin the engine refuses on the learner's layout (the slip)."""



def declared_end(hand: Iterable[gin.Card]) -> EndKind:
    """The end a layout of ``hand`` is for, where the owner does not say: eleven cards are
    big gin, ten that all meld gin, else a knock."""
    cards = list(hand)
    if len(cards) == 11:
        return "big-gin"
    return "gin" if gin.deadwood(cards) == 0 else "knock"


class MeldBuilder(Room):
    """The learner lays out ``hand`` into melds (CSS classes ``gin-arrange`` and
    ``gin-meld-builder``).

    Parts: :attr:`area` (the cards not in a meld, chosen several at a time), :attr:`melds`
    (the melds made, in order), :attr:`make_button`, :attr:`done_button`,
    :attr:`cancel_button` (shown with ``on_cancel``, for a knock), :attr:`message` (what
    happened or why not), :attr:`question` (a gin laid out with deadwood: lay out again, or
    knock?) and :attr:`verdict` (the comparison, after *Done*). :attr:`arrangement` and
    :attr:`comparison` are set once the layout is taken (:attr:`finished`).
    """

    def __init__(
        self,
        hand: Iterable[gin.Card],
        *,
        on_done: OnDone | None = None,
        on_cancel: Callable[[], Any] | None = None,
        on_error: ErrorSink | None = None,
        four_color: bool = False,
        large: bool = False,
        keys: bool = False,
        verdict: bool = True,
        declared: EndKind | None = None,
        rules: gin.Rules | None = None,
        up_card: gin.Card | None = None,
        on_refused: OnRefused | None = None,
        on_knock_instead: OnDone | None = None,
        allow_skip_knock: bool | None = None,
        sort: bool = True,
    ) -> None:
        """``on_done(arrangement)`` takes the layout (raise a :class:`gin.GinError` to
        refuse it); ``on_cancel`` adds a button (and the key Escape) that gives up;
        ``on_error`` is also told every refusal; ``keys``: the builder's own cards listen
        to the page's keys (on its own, not inside a table); ``verdict``: show the
        comparison with the best layout once done.

        ``declared``: the end the learner declared, ``knock``, ``gin`` or ``big-gin``
        (``None``: read from the hand, :func:`declared_end`). With ``rules`` and
        ``up_card`` the engine checks it on the layout at *Done* before ``on_done``
        (:func:`gin.verify_declared_layout`); each refusal is told to
        ``on_refused(error)`` (the slip; the owner may close the room and go back to the
        discard). A gin laid out with deadwood within the limit is asked about once;
        "Knock" calls ``on_knock_instead(arrangement)`` (default: ``on_done``, which
        plays it as a knock). ``allow_skip_knock``: show "Don't knock" (with
        ``on_cancel``); ``None``: for a knock only, never for gin or big gin. ``sort``:
        show the hand sorted (``False``: in the order given, the learner's own)."""
        super().__init__(
            "gin-meld-builder", on_error, mode="multiple", display=(four_color, large, keys)
        )
        self.hand: tuple[gin.Card, ...] = tuple(sorted(hand) if sort else hand)
        self.melds: list[gin.Meld] = []
        self.on_done = on_done
        self.on_cancel = on_cancel
        self.on_refused = on_refused
        self.on_knock_instead = on_knock_instead
        self.show_verdict_after = verdict
        self.declared: EndKind = declared if declared is not None else declared_end(self.hand)
        self.rules = rules
        self.up_card = up_card
        self.arrangement: gin.Arrangement | None = None
        self.comparison: Any = None
        """The :class:`gin.LayoutComparison` of the layout taken (``None`` before)."""
        self.asking: gin.Arrangement | None = None
        """The layout the gin question is about, while it is asked (``None`` otherwise)."""
        skip = self.declared == "knock" if allow_skip_knock is None else allow_skip_knock
        self.can_cancel = on_cancel is not None and skip
        self.melds_box = w.HBox()
        self.melds_box.add_class("gin-arranged-melds")
        self.area.on_msg(self._check_choice)
        self.make_button = room_button("arrange.make-meld", "gin-action-make-meld", self.make_meld)
        self.done_button = room_button("arrange.done", "gin-action-done-arranging", self.done)
        self.cancel_button = room_button(
            "arrange.cancel-knock", "gin-action-cancel-arranging", self.cancel
        )
        self.cancel_button.layout.display = "" if self.can_cancel else "none"
        self.buttons = w.HBox([self.make_button, self.done_button, self.cancel_button])
        self.buttons.add_class("gin-arrange-buttons")
        self.question_text = classed_html("gin-arrange-question-text")
        self.again_button = room_button(
            "arrange.lay-out-again", "gin-action-lay-out-again", self.lay_out_again
        )
        self.knock_button = room_button(
            "arrange.knock-instead", "gin-action-knock-instead", self.knock_instead
        )
        self.question = w.VBox([self.question_text, w.HBox([self.again_button, self.knock_button])])
        self.question.add_class("gin-arrange-question")
        self.question.layout.display = "none"
        self.place(self.melds_box, self.buttons, self.question)

    # ------------------------------------------------------------------ state

    @property
    def finished(self) -> bool:
        """Whether the layout was taken (*Done* accepted)."""
        return self.arrangement is not None

    @property
    def left(self) -> tuple[gin.Card, ...]:
        """The cards not in a meld, in order."""
        used = {c for m in self.melds for c in m.cards}
        return tuple(c for c in self.hand if c not in used)

    @property
    def chosen(self) -> tuple[gin.Card, ...]:
        """The cards selected for the next meld."""
        return tuple(gin.Card.parse(code) for code in self.area.chosen)

    def take_apart_button(self, index: int) -> w.Button | None:
        """The *Take apart* button of meld ``index`` (``None`` once done, or for no such
        meld)."""
        if self.finished or not 0 <= index < len(self.melds_box.children):
            return None
        box = self.melds_box.children[index]
        return next((b for b in box.children if isinstance(b, w.Button)), None)

    def layout_melds(self) -> tuple[tuple[gin.Card, ...], ...]:
        """The melds made, as card tuples (as :class:`gin.Knock` takes them)."""
        return tuple(m.cards for m in self.melds)

    # ------------------------------------------------------------------ actions

    @room_guarded
    def _check_choice(self, _area: Any, content: Any, _buffers: Any) -> None:
        """A choice sent by the page naming a card the learner does not hold (a forged
        message) is refused at once, with the reason."""
        if not isinstance(content, dict) or content.get("event") != "choose":
            return
        chosen = content.get("chosen")
        if not isinstance(chosen, list):
            return
        held = {c.code for c in self.hand}
        for value in chosen:
            if not isinstance(value, str):
                continue
            try:
                card = gin.Card.parse(value)
            except gin.CardParseError:
                continue  # the card area says so
            if card.code not in held:
                raise gin.LayoutError(M["error.card-not-in-hand"](card=card.code))

    @room_guarded
    def make_meld(self) -> None:
        """Set the selected cards apart as a meld, or say why they are not one."""
        cards = self.chosen
        self.require(cards, "error.arrange-select-first")
        meld = gin.check_meld(cards)
        self.melds.append(meld)
        self.area.chosen = []
        self._cursor = -1
        self.say(M["arrange.meld-made"](meld=[c.code for c in meld.cards]))
        self._draw()
        self.changed()
        self.area.focus(".gin-action-make-meld" if self.left else ".gin-action-done-arranging")

    @room_guarded
    def take_apart(self, index: int) -> None:
        """Put the cards of meld ``index`` back among the cards left."""
        self.require(0 <= index < len(self.melds), "error.arrange-no-such-meld")
        self._end_question()
        meld = self.melds.pop(index)
        self.say(M["arrange.taken-apart"](meld=[c.code for c in meld.cards]))
        self._draw()
        self.changed()

    def _check_declared(self, proposed: gin.Arrangement) -> None:
        """The engine's check of the end declared, told to ``on_refused`` when refused."""
        if self.rules is None or self.up_card is None:
            if self.declared == "gin" and proposed.deadwood_points:
                # no limit known: the owner's on_done checks the knock, if the learner asks
                raise gin.KnockRefusedError(
                    M["error.layout-gin-deadwood"](points=proposed.deadwood_points)
                )
            return
        gin.verify_declared_layout(self.rules, self.up_card, proposed, self.declared)

    @room_guarded
    def done(self) -> None:
        """Propose the layout: the engine checks the end declared, then the owner takes
        it (then the comparison is shown) or refuses it with the reason, and nothing
        changes. A gin with deadwood asks: lay out again, or knock?"""
        self._check_open()
        proposed = gin.propose_layout(self.hand, self.layout_melds())
        try:
            self._check_declared(proposed)
        except gin.KnockRefusedError as refused:
            if self.on_refused is not None:
                self.on_refused(refused)
            if not refused.may_knock:
                raise
            self._ask(proposed, refused)
            return
        self._take(proposed, self.on_done)

    def _take(self, proposed: gin.Arrangement, owner: OnDone | None) -> None:
        self._end_question()
        self.arrangement = proposed  # the owner sees the layout taken
        said = self._said
        self.say(None)  # "Meld made: ..." is done with
        try:
            if owner is not None:
                owner(proposed)
        except BaseException:
            self.arrangement = None
            self.say(said)
            raise
        self.comparison = gin.compare_layout(self.hand, proposed)
        self.area.chosen = []
        self._draw()

    def _ask(self, proposed: gin.Arrangement, refused: gin.KnockRefusedError) -> None:
        """Ask once: a knock, not gin. Lay out again, or knock?"""
        self.asking = proposed
        self.say(None)
        self.question_text.value = (
            f'<div role="alert">'
            f"{escape(M['arrange.gin-question'].render(dict(refused.data)))}</div>"
        )
        self._draw()
        self.area.focus(".gin-action-lay-out-again")

    def _end_question(self) -> None:
        self.asking = None
        self.question_text.value = ""

    @room_guarded
    def lay_out_again(self) -> None:
        """The answer "Lay out again" to the gin question: the melds stay to change."""
        self.require(self.asking is not None, "error.arrange-no-question")
        self._end_question()
        self._draw()
        self.area.focus(".gin-action-make-meld")

    @room_guarded
    def knock_instead(self) -> None:
        """The answer "Knock" to the gin question: the layout is taken as a knock."""
        proposed = self.asking
        self.require(proposed is not None, "error.arrange-no-question")
        assert proposed is not None
        if self.rules is not None and self.up_card is not None:
            gin.verify_declared_layout(self.rules, self.up_card, proposed, "knock")
        self.declared = "knock"
        owner = self.on_knock_instead if self.on_knock_instead is not None else self.on_done
        try:
            self._take(proposed, owner)
        except BaseException:
            self.declared = "gin"
            raise

    @room_guarded
    def cancel(self) -> None:
        """Give up (the owner's ``on_cancel``: the knock is not played)."""
        self._check_open()
        if self.on_cancel is not None and self.can_cancel:
            self.on_cancel()

    @room_guarded
    def press(self, key: str) -> None:
        """A key: the card keys pick cards, Enter makes a meld, C finishes, Escape gives
        up (with ``on_cancel``, for a knock) or, while the gin question is asked, lays out
        again."""
        if self.finished:
            return
        if self.asking is not None:
            if key == "escape":
                self.lay_out_again()
            return
        if is_pick_key(key):
            self._pick(key)
        elif key == "enter":
            self.make_meld()
        elif key == "c":
            self.done()
        elif key == "escape" and self.can_cancel:
            self.cancel()

    def _pick(self, key: str) -> None:
        codes = self.area.codes
        i = pick_index(key, len(codes), self._cursor)
        if i is None:
            return
        self._cursor = i
        code = codes[i]
        if key in ("arrowleft", "arrowright"):
            self.area.focus(f"card:{code}")
            return
        chosen = list(self.area.chosen)
        if code in chosen:
            chosen.remove(code)
        else:
            chosen.append(code)
        self.area.chosen = chosen
        self.area.focus(".gin-action-make-meld")

    # ------------------------------------------------------------------ drawing

    def relabel(self) -> None:
        """Draw every label and sentence again in the current language."""
        self.title.value = f"<div>{escape(M['arrange.builder-title'].render())}</div>"
        key = "arrange.builder-keys" if self.can_cancel else "arrange.builder-keys-no-cancel"
        self.keys_note.value = escape(M[key].render())
        self.make_button.description = M["arrange.make-meld"].render()
        self.done_button.description = M["arrange.done"].render()
        self.cancel_button.description = M["arrange.cancel-knock"].render()
        self.again_button.description = M["arrange.lay-out-again"].render()
        self.knock_button.description = M["arrange.knock-instead"].render()
        if self.asking is not None:
            points = self.asking.deadwood_points
            self.question_text.value = (
                f'<div role="alert">'
                f"{escape(M['arrange.gin-question'].render({'points': points}))}</div>"
            )
        super().relabel()
        self._draw()

    def _meld_box(self, index: int, meld: gin.Meld) -> w.VBox:
        parts: list[Any] = [self.meld_area(meld, lambda: self.take_apart(index))]
        if not self.finished:
            parts.append(
                room_button(
                    "arrange.take-apart", "gin-action-take-apart", lambda: self.take_apart(index)
                )
            )
        box = w.VBox(parts)
        box.add_class("gin-arranged-meld")
        return box

    def _draw(self) -> None:
        self.replace_boxes(self.melds_box, [self._meld_box(i, m) for i, m in enumerate(self.melds)])
        left = self.left
        asking = self.asking is not None
        self.area.show(left, four_color=self.four_color, large=self.large)
        self.area.mode = "none" if self.finished or asking else "multiple"
        self.area.empty_text = M["arrange.no-cards-left"].render()
        for b in (self.make_button, self.done_button, self.cancel_button):
            b.disabled = self.finished or asking
        self.make_button.disabled = self.finished or asking or not left
        self.show_while_open(self.title, self.buttons, self.keys_note)
        shown = "" if asking and not self.finished else "none"
        if self.question.layout.display != shown:
            self.question.layout.display = shown
        self._draw_verdict()

    def _draw_verdict(self) -> None:
        c = self.comparison
        if c is None or not self.show_verdict_after:
            self.show_verdict(None)
            return
        picture = ""
        if c.extra > 0:
            best: gin.Arrangement = c.best
            caption = M["coach.pic-best"].render(
                {
                    "melds": [[x.code for x in m.cards] for m in best.melds],
                    "points": best.deadwood_points,
                }
            )
            svg = arrangement_svg(best, four_color=self.four_color)
            picture = (
                f'<figure class="gin-arrange-best">{svg}'
                f"<figcaption>{escape(caption)}</figcaption></figure>"
            )
        self.show_verdict(verdict_html(c.text, picture))


__all__ = ["MeldBuilder", "OnDone", "OnRefused", "declared_end"]
