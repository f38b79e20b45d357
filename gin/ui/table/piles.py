"""The middle of the table: the stock, the discard pile (and its history), the up card
with its knock-limit badge. Only the learner's view is drawn: the stock is face down.

The up card is drawn once: on the discard pile while it lies there, and as a small
picture beside the badge once it has been taken."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

import gin
from gin.i18n import M, card_label, format_number
from gin.ui.cardarea import CardArea
from gin.ui.parts import classed_html, fixed_box, fixed_layout
from gin.ui.svg import card_svg
from gin.ui.table.buttons import limit_badge_text
from gin.ui.table.commands import TableCommands
from gin.ui.table.controller import TableController
from gin.ui.table.guard import report

ARRIVES = "gin-anim-arrives"
"""CSS class of a card moving onto the discard pile (the opponent's discard)."""
HINTED = "gin-hint-card"
"""CSS class of the card (or pile) the hint suggests."""


_UP_CARD_PLACE = {
    "buried": "piles.up-card-buried",
    "hand": "piles.up-card-hand",
    "opponent": "piles.up-card-opponent",
}
"""The up card's label once it no longer lies on top of the discard pile, by where it is
(:attr:`gin.PlayerView.up_card_place`)."""


def count_html(n: int) -> str:
    """A count of cards, the number in large type: ``31 cards``."""
    number = format_number(n)
    return (
        M["piles.cards"]
        .render({"count": n})
        .replace(number, f'<span class="gin-count">{number}</span>', 1)
    )


def pile_head_html(title: str, count: int) -> str:
    """A pile's head: its title (rendered) over its count of cards (:func:`count_html`),
    in one widget (issue 41: two models fewer a pile)."""
    return f'<b class="gin-pile-title">{escape(title)}</b> <span>{count_html(count)}</span>'


class Piles:
    """The stock, discard pile, up card and discard history widgets.

    :attr:`box` is the row shown on the felt (CSS class ``gin-middle``);
    :attr:`history_area` goes under it and is hidden until :meth:`toggle_history`. It is
    built when first asked for (issue 23: a page that never opens it receives one card
    area fewer); :attr:`history_built` is then called with it, for the felt to place it.
    """

    def __init__(self, on_error: Callable[[gin.GinError], Any]) -> None:
        fixed = {"layout": fixed_layout()}  # never hidden
        self.stock_area = CardArea(mode="none", clickable=True, card_class="gin-pile-card", **fixed)
        self.stock_area.add_class("gin-stock")
        self.stock_label = classed_html("gin-stock-count", fixed=True)
        self.discard_area = CardArea(
            mode="none", clickable=True, card_class="gin-pile-card", **fixed
        )
        self.discard_area.add_class("gin-discard")
        self.discard_label = classed_html("gin-discard-count", fixed=True)
        self.up_card_html = classed_html("gin-up-card", fixed=True)
        self.limit_badge = classed_html("gin-knock-limit", fixed=True)
        self._on_error = on_error
        self._history: CardArea | None = None
        self._history_pile: tuple[list[gin.Card], bool, bool] = ([], False, False)
        """The discard pile last shown, with the four-colour and large settings."""
        self.model: TableController | None = None
        self.history_built: Callable[[CardArea], Any] | None = None
        """Called with :attr:`history_area` when it has just been built."""
        for area in self.areas:
            area.on_error(on_error)

        for label in (self.stock_label, self.discard_label):
            label.add_class("gin-pile-head")  # the pile's title and its count
        self._counts = (0, 0)
        stock_box = fixed_box(w.VBox, [self.stock_label, self.stock_area], "gin-stock-box")
        discard_box = fixed_box(
            w.VBox, [self.discard_label, self.discard_area], "gin-discard-box"
        )
        up_box = fixed_box(w.VBox, [self.up_card_html, self.limit_badge], "gin-up-box")
        self.box = fixed_box(w.HBox, [stock_box, discard_box, up_box], "gin-middle")
        self.relabel()

    def relabel(self) -> None:
        """Write the piles' titles again, in the current language."""
        self._show_counts(*self._counts)
        if self._history is not None:
            self._history.empty_text = M["piles.no-discards"].render()

    @property
    def areas(self) -> tuple[CardArea, ...]:
        """The card areas of the piles (the history's once it is built)."""
        built = () if self._history is None else (self._history,)
        return (self.stock_area, self.discard_area, *built)

    @property
    def history_area(self) -> CardArea:
        """The whole discard pile, hidden until :meth:`toggle_history` shows it; built (with
        the pile last shown) when first asked for."""
        if self._history is None:
            pile, four_color, large = self._history_pile
            area = CardArea(mode="none", card_class="gin-pile-card", overlap=True, large=large)
            area.add_class("gin-discard-history")
            area.layout.display = "none"
            area.on_error(self._on_error)
            area.show(pile, four_color=four_color, large=large)
            self._history = area
            self.relabel()
            if self.history_built is not None:
                self.history_built(area)
        return self._history

    def _show_counts(self, stock: int, discards: int) -> None:
        self._counts = (stock, discards)
        self.stock_label.value = pile_head_html(M["piles.stock"].render(), stock)
        self.discard_label.value = pile_head_html(M["piles.discard-pile"].render(), discards)

    def show(
        self,
        view: gin.PlayerView,
        *,
        four_color: bool,
        large: bool,
        moved: gin.Event | None = None,
        hinted: gin.Action | None = None,
    ) -> None:
        """Draw the piles as the learner sees them; ``moved`` is the opponent's move just
        made (its discard slides onto the pile), ``hinted`` the move the hint suggests
        (the pile it draws from is marked)."""
        stock_class = HINTED if isinstance(hinted, gin.DrawStock) else ""
        self.stock_area.show_backs(
            1 if view.stock_count else 0, large=large, last_class=stock_class
        )
        top = view.top_discard
        if top is not None:
            cls = ""
            if isinstance(hinted, gin.DrawDiscard | gin.TakeUpCard):
                cls = HINTED
            elif isinstance(moved, gin.Discarded | gin.Knocked) and moved.card == top:
                cls = ARRIVES
            self.discard_area.show(
                [top],
                four_color=four_color,
                large=large,
                highlight=[top] if cls else (),
                highlight_class=cls or ARRIVES,
            )
        else:
            self.discard_area.show([], large=large)
            self.discard_area.empty_text = M["piles.empty"].render()
        self._show_counts(view.stock_count, len(view.discard_pile))
        self._history_pile = (list(view.discard_pile), four_color, large)
        if self._history is not None:
            self._history.show(list(view.discard_pile), four_color=four_color, large=large)
        code = view.up_card.code
        head = f"<b>{M['piles.up-card'].render()}</b> "
        place = view.up_card_place
        if place == "top":
            self.up_card_html.value = head + card_label(code)
        else:
            self.up_card_html.value = (
                head
                + M[_UP_CARD_PLACE[place]].render({"card": code})
                + '<span class="gin-up-card-pic">'
                + card_svg(view.up_card, four_color=four_color)
                + "</span>"
            )
        self.limit_badge.value = f'<span class="gin-badge">{limit_badge_text(view)}</span>'

    def place_beside(self, widget: Any) -> None:
        """Put ``widget`` at the end of the piles' row (the felt's turn line)."""
        self.box.children = (*self.box.children, widget)

    def attach(self, model: TableController, commands: TableCommands) -> None:
        """Draw the piles from ``model`` (:meth:`draw`), and send the clicks on the stock
        and the discard pile to ``commands`` (the table's piles)."""
        self.model = model

        def large(change: dict[str, Any]) -> None:
            for area in self.areas:
                area.large = bool(change["new"])

        def history(change: dict[str, Any]) -> None:
            shown = self.history_area.layout.display != "none"
            if shown != change["new"]:
                self.toggle_history()

        for area in self.areas:
            area.large = model.large_cards
        self.stock_area.on_click(lambda _i, _c: report(model.show_error, commands.draw_stock))
        self.discard_area.on_click(
            lambda _i, _c: report(model.show_error, commands.take_or_draw_discard)
        )
        model.observe(large, names="large_cards")
        model.observe(history, names="history_shown")

    def draw(self, scope: str) -> None:
        """Draw the piles from the model :meth:`attach` gave, at a change of the ``table``."""
        model = self.model
        if scope == "table" and model is not None:
            self.show(
                model.view(),
                four_color=model.four_color,
                large=model.large_cards,
                moved=model.moved,
                hinted=model.hinted(),
            )

    def toggle_history(self) -> bool:
        """Show or hide the whole discard pile; returns whether it is shown now."""
        hidden = bool(self.history_area.layout.display == "none")
        self.history_area.layout.display = "flex" if hidden else "none"
        return hidden


__all__ = ["ARRIVES", "HINTED", "Piles", "count_html", "pile_head_html"]
