"""The coach at the table: :class:`TableCoach`, the coach panel drawn from the model.

It shows what the model says (:attr:`~gin.ui.table.state.TableState.said`), the error on
show (:attr:`~gin.ui.table.state.TableState.error`) and the sections of
:func:`~gin.ui.table.coaching.coach_sections`, each rendered in the page's language when
drawn. While an arrange room is open it keeps back what the learner is working out
(:data:`HIDDEN_SECTIONS`).
"""

from __future__ import annotations

from typing import Any

from gin.ui.table.coach import Coach
from gin.ui.table.coaching import at_table_section, coach_sections
from gin.ui.table.controller import TableController

HIDDEN_SECTIONS = {"builder": ("turn", "hand"), "chooser": ("layoff", "turn")}
"""The coach's sections kept back while a room is open (they would give the answer)."""


class TableCoach(Coach):
    """The coach panel (CSS class ``gin-coach``) of the table on ``model``."""

    def __init__(self, model: TableController, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.model = model
        model.observe(self._on_words, names=["said", "error"])

    def _words(self) -> tuple[str, str]:
        c = self.model
        message = " ".join(t.render() for t in c.said)
        return message, c.error.render() if c.error is not None else ""

    def _on_words(self, _change: object = None) -> None:
        message, error = self._words()
        self.show(message=message, error=error)

    def draw(self, scope: str) -> None:
        """Draw the sections (and the words) again at a change of the whole ``table``."""
        if scope != "table":
            return
        c = self.model
        view = c.view()
        policy = c.policy()
        sections = coach_sections(
            view,
            beat=c.reveal_step,
            hint=c.shown_hint,
            since=c.since,
            four_color=c.four_color,
            policy=policy,
            laying_out=c.room == "builder",
        )
        if policy.slips_checked and view.phase.is_over and c.revealed():
            sections.insert(0, at_table_section(c.slips))
        hidden = HIDDEN_SECTIONS.get(c.room, ())
        message, error = self._words()
        self.show(
            message=message,
            error=error,
            sections=[s for s in sections if s.key not in hidden],
        )


__all__ = ["HIDDEN_SECTIONS", "TableCoach"]
