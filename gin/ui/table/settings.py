"""The table's display settings: :class:`TableSettings` follows the display menu (four
colours, large cards, the pace of the opponent's moves), the teacher-mode switch and the
whole discard pile shown or hidden."""

from __future__ import annotations

from typing import Any

import gin
from gin.i18n import M
from gin.ui.parts import set_display
from gin.ui.table.base import _guarded
from gin.ui.table.buttons import CONTROL_BUTTONS
from gin.ui.table.controls import pace_class
from gin.ui.table.showing import TableShowing


class TableSettings(TableShowing):
    """The display settings of the table."""

    @_guarded
    def _on_four_color(self, change: dict[str, Any]) -> None:
        self.four_color = bool(change["new"])
        self.refresh()

    @_guarded
    def _on_large_cards(self, change: dict[str, Any]) -> None:
        self.set_large_cards(bool(change["new"]))

    def set_large_cards(self, on: bool) -> None:
        """Draw every card large (for a projector), or at the normal size."""
        self.large_cards = on
        self.felt.large = on
        for area in (self.hand, self.opponent_area, *self.piles.areas):
            area.large = on
        if on:
            self.add_class("gin-table-large")
        else:
            self.remove_class("gin-table-large")
        self.refresh()

    @_guarded
    def _on_pace(self, change: dict[str, Any]) -> None:
        self.set_pace(float(change["new"]))

    def set_pace(self, pause: float) -> None:
        """Seconds between the opponent's moves (0: at once, without animation)."""
        self.pause = max(float(pause), 0.0)
        self.remove_class(self._pace_class)
        self._pace_class = pace_class(self.pause)
        self.add_class(self._pace_class)

    @_guarded
    def _on_teacher_toggle(self, change: dict[str, Any]) -> None:
        self.set_teacher(bool(change["new"]))

    def set_teacher(self, on: bool) -> None:
        """Turn teacher mode on (both hands open, the opponent moves on a click) or off.

        Only where teacher mode is offered (:attr:`teacher_controls`, a page opened with
        ``?teacher=1``): elsewhere a change is refused with :class:`gin.GinError` (code
        ``teacher-not-offered``), whatever the page sends.
        """
        if on == self.teacher:
            return
        if not self.teacher_controls:
            raise gin.GinError(M["error.teacher-not-offered"]())
        self.teacher = on
        if on:
            self.controller.note_open_hands()
        if self.teacher_toggle is not None:
            self.teacher_toggle.value = on
        shown = self.controller.seed_to_show(on)
        self.seed_field.value = "" if shown is None else str(shown)
        self._token += 1  # drop any scheduled opponent move
        set_display(self.buttons["opponent_step"], "flex" if on else "none")
        self.refresh()
        self._advance()

    @_guarded
    def toggle_history(self) -> None:
        """Show or hide the whole discard pile."""
        shown = self.piles.toggle_history()
        label = M["button.hide-pile"] if shown else CONTROL_BUTTONS[-1][1]
        self.buttons["history"].description = label.render()
