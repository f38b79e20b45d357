"""The controls bar above the table (rule set, opponent, seed, new game, teacher mode)
and the title line that names the game being played."""

from __future__ import annotations

from html import escape

import ipywidgets as w

import gin
import gin.bots
from gin.i18n import M
from gin.ui.seats import LEARNER


class ControlsBar(w.HBox):  # type: ignore[misc]
    """The choices for the next game, the New game button and the teacher-mode switch.

    Widgets: :attr:`rules_choice`, :attr:`opponent_choice`, :attr:`seed_field`,
    :attr:`teacher_toggle` (CSS classes ``gin-rules-choice``, ``gin-opponent-choice``,
    ``gin-seed``, ``gin-teacher-toggle`` and ``gin-teacher-mode``); the bar itself has the
    class ``gin-controls``. The teacher-mode switch is on the bar only with
    ``teacher_controls`` (a page opened with ``?teacher=1``).
    """

    def __init__(
        self,
        rules: gin.Rules,
        opponent: str,
        seed: int,
        teacher: bool,
        new_game: w.Button,
        teacher_controls: bool = True,
    ) -> None:
        self.rules_choice = w.Dropdown(
            options=list(gin.Rules.PRESETS),
            value=rules.name if rules.name in gin.Rules.PRESETS else gin.Rules.PRESETS[0],
            description=M["controls.rules"].render(),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto"),
        )
        self.rules_choice.add_class("gin-rules-choice")
        self.opponent_choice = w.Dropdown(
            options=list(gin.bots.BOT_NAMES),
            value=opponent,
            description=M["controls.opponent"].render(),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto"),
        )
        self.opponent_choice.add_class("gin-opponent-choice")
        self.seed_field = w.Text(
            value=str(seed),
            description=M["controls.seed"].render(),
            continuous_update=False,
            style={"description_width": "initial"},
            layout=w.Layout(width="220px"),
        )
        self.seed_field.add_class("gin-seed")
        self.teacher_toggle = w.Checkbox(
            value=teacher,
            description=M["controls.teacher"].render(),
            indent=False,
            layout=w.Layout(width="auto"),
        )
        self.teacher_toggle.add_class("gin-teacher-toggle")
        self.teacher_toggle.add_class("gin-teacher-mode")
        choices = [self.rules_choice, self.opponent_choice, self.seed_field]
        teacher_part = [self.teacher_toggle] if teacher_controls else []
        super().__init__([*choices, new_game, *teacher_part])
        self.add_class("gin-controls")

    def show_game(self, rules: gin.Rules, opponent: str, seed: int) -> None:
        """Show the choices of the game being played."""
        if rules.name in gin.Rules.PRESETS:
            self.rules_choice.value = rules.name
        self.opponent_choice.value = opponent
        self.seed_field.value = str(seed)


def title_html(
    view: gin.PlayerView, opponent: str, deal_number: int, seed: int, teacher: bool
) -> str:
    """The title line: rule set, target, opponent, deal number, dealer and seed."""
    rules = view.rules
    m = M["controls.title-you-deal"] if view.dealer == LEARNER else M["controls.title-they-deal"]
    data = {
        "rules": rules.name,
        "target": rules.target,
        "opponent": opponent,
        "deal": deal_number,
        "seed": str(seed),
    }
    text = escape(m.render(data))
    if teacher:
        text += f" · <b>{escape(M['controls.teacher-mode'].render())}</b>"
    return f'<div class="gin-title-inner"><span class="gin-rules-name">{text}</span></div>'


__all__ = ["ControlsBar", "title_html"]
