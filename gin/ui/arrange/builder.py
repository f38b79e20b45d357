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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape
from typing import Any

import ipywidgets as w

import gin
from gin.i18n import M
from gin.ui.arrange.picking import is_pick_key, pick_index
from gin.ui.arrange.room import ErrorSink, Room, room_guarded
from gin.ui.cardarea import CardArea
from gin.ui.parts import classed_html, close_tree
from gin.ui.svg import arrangement_svg
from gin.ui.table.hands import MELD_KIND

OnDone = Callable[[gin.Arrangement], Any]
"""Takes the learner's layout, or refuses it by raising a :class:`gin.GinError`."""


def _button(label_key: str, css: str, handler: Callable[[], Any]) -> w.Button:
    b = w.Button(description=M[label_key].render())
    b.add_class("gin-button")
    b.add_class(css)
    b.on_click(lambda _b: handler())
    return b


class MeldBuilder(Room):
    """The learner lays out ``hand`` into melds (CSS classes ``gin-arrange`` and
    ``gin-meld-builder``).

    Parts: :attr:`area` (the cards not in a meld, chosen several at a time), :attr:`melds`
    (the melds made, in order), :attr:`make_button`, :attr:`done_button`,
    :attr:`cancel_button` (shown with ``on_cancel``), :attr:`message` (what happened or why
    not) and :attr:`verdict` (the comparison, after *Done*). :attr:`arrangement` and
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
    ) -> None:
        """``on_done(arrangement)`` takes the layout (raise a :class:`gin.GinError` to
        refuse it); ``on_cancel`` adds a button (and the key Escape) that gives up;
        ``on_error`` is also told every refusal; ``keys``: the builder's own cards listen
        to the page's keys (on its own, not inside a table); ``verdict``: show the
        comparison with the best layout once done."""
        super().__init__("gin-meld-builder", on_error)
        self.hand: tuple[gin.Card, ...] = tuple(sorted(hand))
        self.melds: list[gin.Meld] = []
        self.on_done = on_done
        self.on_cancel = on_cancel
        self.four_color = four_color
        self.large = large
        self.show_verdict = verdict
        self.arrangement: gin.Arrangement | None = None
        self.comparison: Any = None
        """The :class:`gin.LayoutComparison` of the layout taken (``None`` before)."""
        self._cursor = -1
        self.title = classed_html("gin-arrange-title")
        self.keys_note = classed_html("gin-arrange-keys")
        self.melds_box = w.HBox()
        self.melds_box.add_class("gin-arranged-melds")
        self.area = CardArea(mode="multiple", card_class="gin-card", key_input=keys, large=large)
        self.area.add_class("gin-arrange-hand")
        self.area.on_key(self.press)
        if on_error is not None:
            self.area.on_error(on_error)
        self.make_button = _button("arrange.make-meld", "gin-action-make-meld", self.make_meld)
        self.done_button = _button("arrange.done", "gin-action-done-arranging", self.done)
        self.cancel_button = _button(
            "arrange.cancel-knock", "gin-action-cancel-arranging", self.cancel
        )
        self.cancel_button.layout.display = "" if on_cancel is not None else "none"
        self.buttons = w.HBox([self.make_button, self.done_button, self.cancel_button])
        self.buttons.add_class("gin-arrange-buttons")
        self.verdict = w.HTML()
        self.verdict.layout.display = "none"
        self.children = [
            self.style,
            self.title,
            self.melds_box,
            self.area,
            self.buttons,
            self.message,
            self.verdict,
            self.keys_note,
        ]
        self.relabel()

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
    def make_meld(self) -> None:
        """Set the selected cards apart as a meld, or say why they are not one."""
        self._check_open()
        cards = self.chosen
        if not cards:
            raise gin.IllegalActionError(M["error.arrange-select-first"]())
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
        self._check_open()
        if not 0 <= index < len(self.melds):
            raise gin.IllegalActionError(M["error.arrange-no-such-meld"]())
        meld = self.melds.pop(index)
        self.say(M["arrange.taken-apart"](meld=[c.code for c in meld.cards]))
        self._draw()
        self.changed()

    @room_guarded
    def done(self) -> None:
        """Propose the layout: the owner takes it (then the comparison is shown) or
        refuses it with the reason, and nothing changes."""
        self._check_open()
        proposed = gin.propose_layout(self.hand, self.layout_melds())
        self.arrangement = proposed  # the owner sees the layout taken
        try:
            if self.on_done is not None:
                self.on_done(proposed)
        except BaseException:
            self.arrangement = None
            raise
        self.comparison = gin.compare_layout(self.hand, proposed)
        self.area.chosen = []
        self._draw()

    @room_guarded
    def cancel(self) -> None:
        """Give up (the owner's ``on_cancel``: the knock is not played)."""
        self._check_open()
        if self.on_cancel is not None:
            self.on_cancel()

    @room_guarded
    def press(self, key: str) -> None:
        """A key: the card keys pick cards, Enter makes a meld, C finishes, Escape gives
        up (with ``on_cancel``)."""
        if self.finished:
            return
        if is_pick_key(key):
            self._pick(key)
        elif key == "enter":
            self.make_meld()
        elif key == "c":
            self.done()
        elif key == "escape" and self.on_cancel is not None:
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

    def set_display(self, *, four_color: bool, large: bool) -> None:
        """Draw the cards in four colours or two, large or normal."""
        super().set_display(four_color=four_color, large=large)
        self.area.large = large
        self._draw()

    def relabel(self) -> None:
        """Draw every label and sentence again in the current language."""
        self.title.value = f"<div>{escape(M['arrange.builder-title'].render())}</div>"
        self.keys_note.value = escape(M["arrange.builder-keys"].render())
        self.make_button.description = M["arrange.make-meld"].render()
        self.done_button.description = M["arrange.done"].render()
        self.cancel_button.description = M["arrange.cancel-knock"].render()
        super().relabel()
        self._draw()

    def _meld_box(self, index: int, meld: gin.Meld) -> w.VBox:
        cards = CardArea(mode="none", clickable=not self.finished, large=self.large)
        cards.show(
            meld.cards,
            group_labels=[(MELD_KIND[meld.kind].render(), "meld")],
            four_color=self.four_color,
        )
        cards.on_click(lambda _i, _code: self.take_apart(index))
        if self.on_error is not None:
            cards.on_error(self.on_error)
        parts: list[Any] = [cards]
        if not self.finished:
            apart = _button(
                "arrange.take-apart", "gin-action-take-apart", lambda: self.take_apart(index)
            )
            parts.append(apart)
        box = w.VBox(parts)
        box.add_class("gin-arranged-meld")
        return box

    def _draw(self) -> None:
        old = list(self.melds_box.children)
        self.melds_box.children = [self._meld_box(i, m) for i, m in enumerate(self.melds)]
        for part in old:
            close_tree(part)
        left = self.left
        self.area.show(left, four_color=self.four_color, large=self.large)
        self.area.mode = "none" if self.finished else "multiple"
        self.area.empty_text = M["arrange.no-cards-left"].render()
        for b in (self.make_button, self.done_button, self.cancel_button):
            b.disabled = self.finished
        self.make_button.disabled = self.finished or not left
        shown = "none" if self.finished else ""  # done: the verdict is what is left to read
        for part in (self.buttons, self.keys_note):
            if part.layout.display != shown:
                part.layout.display = shown
        self._draw_verdict()

    def _draw_verdict(self) -> None:
        c = self.comparison
        if c is None or not self.show_verdict:
            self.verdict.layout.display = "none"
            return
        text = escape(c.text.render())
        parts = [f'<p class="gin-arrange-verdict-text" role="status">{text}</p>']
        if c.extra > 0:
            best: gin.Arrangement = c.best
            caption = M["coach.pic-best"].render(
                {
                    "melds": [[x.code for x in m.cards] for m in best.melds],
                    "points": best.deadwood_points,
                }
            )
            svg = arrangement_svg(best, four_color=self.four_color)
            parts.append(
                f'<figure class="gin-arrange-best">{svg}'
                f"<figcaption>{escape(caption)}</figcaption></figure>"
            )
        self.verdict.value = "".join(parts)
        self.verdict.add_class("gin-arrange-verdict")
        self.verdict.layout.display = ""

    def close(self) -> None:
        """Close the builder and every widget in it."""
        for part in list(self.children):
            close_tree(part)
        super().close()


__all__ = ["MeldBuilder", "OnDone"]
