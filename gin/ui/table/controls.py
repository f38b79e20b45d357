"""The controls of the table: the game bar (rule set, opponent, seed, New game, Replay
this deal, teacher mode), the display menu (four-colour deck, large cards, the pace of
the opponent's moves) and the title line that names the game being played."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w
import traitlets

import gin
import gin.bots
from gin.i18n import M
from gin.ui.choices import opponent_name, opponent_options, rules_name, rules_options
from gin.ui.parts import classed_html, fixed_layout, shared_style
from gin.ui.seats import LEARNER
from gin.ui.table.commands import TableCommands
from gin.ui.table.controller import TableController
from gin.ui.table.guard import guarded
from gin.ui.table.helpchoice import HelpChoice
from gin.ui.table.state import TableState


def _initial() -> Any:
    """The menus' shared style: the label as wide as it needs."""
    return shared_style("description", description_width="initial")


def _checkbox(value: bool, key: str, css: str) -> w.Checkbox:
    """A checkbox labelled with the catalog sentence ``key``, carrying the class ``css``."""
    box = w.Checkbox(
        value=value,
        description=M[key].render(),
        indent=False,
        layout=fixed_layout(width="auto"),
        style=shared_style("checkbox"),
    )
    box.add_class(css)
    return box


def _rename_options(choice: w.Dropdown, options: list[Any]) -> None:
    """Give a menu's options new names (the same values, in the same order), keeping the
    choice. Setting the options makes ipywidgets choose the first one for a moment: the
    menu's observers see that choice and then the kept one."""
    index = choice.index
    choice.options = options
    choice.index = index


class ControlsBar(w.HBox):  # type: ignore[misc]
    """The choices for the next game, the New game button and the teacher-mode switch,
    and the title line above the table (:attr:`title`, CSS class ``gin-title``), drawn
    from the model.

    Widgets: :attr:`rules_choice`, :attr:`opponent_choice`, :attr:`seed_field` (linked to
    the model's :attr:`chosen_rules`, :attr:`chosen_opponent` and :attr:`typed_seed`),
    :attr:`teacher_toggle` (CSS classes ``gin-rules-choice``, ``gin-opponent-choice``,
    ``gin-seed``, ``gin-teacher-toggle`` and ``gin-teacher-mode``); the bar itself has the
    class ``gin-controls``. The teacher-mode switch is on the bar only where teacher mode
    is offered (the model's :attr:`teacher_offered`, a page opened with ``?teacher=1``);
    it sends :meth:`~gin.ui.table.commands.TableCommands.set_teacher`.
    """

    def __init__(
        self,
        model: TableController,
        commands: TableCommands,
        new_game: w.Button,
        replay: w.Button | None = None,
        help_choice: HelpChoice | None = None,
    ) -> None:
        self.model = model
        self.commands = commands
        rules = model.rules
        seed = model.seed_to_show(model.teacher)
        self.title = classed_html("gin-title", fixed=True)
        self.rules_choice = w.Dropdown(
            options=rules_options(),
            value=rules.preset_name
            if rules.preset_name in gin.Rules.PRESETS
            else gin.Rules.PRESETS[0],
            style=_initial(),
            layout=fixed_layout(width="auto"),
        )
        self.rules_choice.add_class("gin-rules-choice")
        self.opponent_choice = w.Dropdown(
            options=opponent_options(),
            value=model.opponent_name,
            style=_initial(),
            layout=fixed_layout(width="auto"),
        )
        self.opponent_choice.add_class("gin-opponent-choice")
        self.seed_field = w.Text(
            value="" if seed is None else str(seed),
            continuous_update=False,
            style=shared_style("text", description_width="initial"),
            layout=fixed_layout(width="220px"),
        )
        self.seed_field.add_class("gin-seed")
        self.links = [
            traitlets.link((self.rules_choice, "value"), (model, "chosen_rules")),
            traitlets.link((self.opponent_choice, "value"), (model, "chosen_opponent")),
            traitlets.link((self.seed_field, "value"), (model, "typed_seed")),
        ]
        self.teacher_toggle: w.Checkbox | None = None
        """The teacher-mode switch: made only where teacher mode is offered, so that a
        page without teacher mode has no widget a message could turn on."""
        if model.teacher_offered:
            self.teacher_toggle = _checkbox(model.teacher, "controls.teacher", "gin-teacher-toggle")
            self.teacher_toggle.add_class("gin-teacher-mode")
            self.teacher_toggle.observe(self._on_teacher_toggle, names="value")
        self.help_choice = help_choice
        """The help level (:class:`~gin.ui.table.helpchoice.HelpChoice`), next to the rules
        and the opponent: choosing a level sets the model's ``help``."""
        helps = [help_choice] if help_choice is not None else []
        if help_choice is not None:
            help_choice.on_choose(self._on_help_chosen)
            help_choice.on_error(model.show_error)
            model.observe(self._on_help, names="help")
        choices = [self.rules_choice, self.opponent_choice, *helps, self.seed_field]
        teacher_part = [self.teacher_toggle] if self.teacher_toggle is not None else []
        more = [replay] if replay is not None else []
        super().__init__([*choices, new_game, *more, *teacher_part], layout=fixed_layout())
        self.add_class("gin-controls")
        self.relabel()
        model.observe(self._on_teacher, names="teacher")

    @guarded
    def _on_teacher_toggle(self, change: dict[str, Any]) -> None:
        self.commands.set_teacher(bool(change["new"]))

    @guarded
    def _on_help_chosen(self, level: str) -> None:
        self.model.help = level

    def _on_help(self, change: dict[str, Any]) -> None:
        if self.help_choice is not None and self.help_choice.value != change["new"]:
            self.help_choice.value = change["new"]

    def _on_teacher(self, change: dict[str, Any]) -> None:
        on = bool(change["new"])
        if self.teacher_toggle is not None:
            self.teacher_toggle.value = on
        shown = self.model.seed_to_show(on)
        self.seed_field.value = "" if shown is None else str(shown)

    def draw(self, scope: str) -> None:
        """Show the game's choices when a deal or game starts (``deal``), the title line at
        every change of the ``table``."""
        c = self.model
        if scope == "deal":
            self.show_game(c.rules, c.opponent_name, c.seed_to_show(c.teacher))
        elif scope == "table":
            self.title.value = title_html(
                c.view(), c.opponent_name, c.deal_number, c.seed_to_show(c.teacher), c.teacher
            )

    def relabel(self) -> None:
        """Write the labels and the names in the menus again, in the current language
        (the choices stay as they are)."""
        for choice, options, key in (
            (self.rules_choice, rules_options(), "controls.rules"),
            (self.opponent_choice, opponent_options(), "controls.opponent"),
        ):
            _rename_options(choice, options)
            choice.description = M[key].render()
        self.seed_field.description = M["controls.seed"].render()
        if self.teacher_toggle is not None:
            self.teacher_toggle.description = M["controls.teacher"].render()
        if self.help_choice is not None:
            self.help_choice.relabel()

    def show_game(self, rules: gin.Rules, opponent: str, seed: int | None) -> None:
        """Show the choices of the game being played (``seed``: ``None`` when the page may
        not show it, see :meth:`gin.ui.table.controller.TableController.seed_to_show`)."""
        if rules.preset_name in gin.Rules.PRESETS:
            self.rules_choice.value = rules.preset_name
        self.opponent_choice.value = opponent
        self.seed_field.value = "" if seed is None else str(seed)


PACES: tuple[tuple[str, float], ...] = (
    ("display.pace-slow", 1.2),
    ("display.pace-normal", 0.6),
    ("display.pace-fast", 0.25),
    ("display.pace-instant", 0.0),
)
"""The opponent's paces offered on the page: (message key, seconds between moves)."""


def pace_class(pause: float) -> str:
    """The table's CSS class for the length of its animations, from the pause between the
    opponent's moves (``gin-pace-instant`` for no animation)."""
    if pause <= 0:
        return "gin-pace-instant"
    if pause < 0.4:
        return "gin-pace-fast"
    if pause < 0.9:
        return "gin-pace-normal"
    return "gin-pace-slow"


def nearest_pace(pause: float) -> float:
    """The offered pace closest to ``pause`` seconds."""
    return min((s for _, s in PACES), key=lambda s: abs(s - pause))


class DisplayMenu(w.HBox):  # type: ignore[misc]
    """How the table looks: :attr:`four_color` (CSS class ``gin-four-color``),
    :attr:`large_cards` (``gin-large-cards``), :attr:`pace` (``gin-pace``, seconds
    between the opponent's moves) and :attr:`arrange_self` (``gin-arrange-self``: the
    learner lays out their cards); the menu has the class ``gin-display``. Its choices
    are linked to the model's traits of the same names (the pace sets ``pause``).

    The menu shows its title as a button (:attr:`opener`, ``gin-display-opener``); the
    choices are made when it is first pressed, or first asked for, and it then shows and
    hides them (:meth:`show_choices`); a table started with a setting other than the usual (the
    page's address chose it) shows them from the start. Issue 41: the table's first
    message holds none of them.
    """

    def __init__(self, model: TableState) -> None:
        self.model = model
        self.opener = w.Button(layout=fixed_layout(), style=shared_style("button"))
        self.opener.add_class("gin-button")
        self.opener.add_class("gin-display-opener")
        self.opened = False
        """Whether the choices are on show."""
        self.opener.on_click(lambda _b: self.show_choices(not self.opened))
        self._choices: tuple[w.Checkbox, w.Checkbox, w.Dropdown, w.Checkbox] | None = None
        self.links: list[Any] = []
        super().__init__([self.opener], layout=fixed_layout())
        self.add_class("gin-display")
        self.relabel()
        model.observe(self._on_help, names="help")
        if model.four_color or model.large_cards or model.arrange_self:
            self.show_choices(True)  # the address chose a setting: show it

    def show_choices(self, on: bool) -> None:
        """Show the choices (made the first time), or hide them."""
        self.opened = bool(on)
        self.children = (self.opener, *(self._made() if on else ()))

    def _made(self) -> tuple[w.Checkbox, w.Checkbox, w.Dropdown, w.Checkbox]:
        """The menu's choices, made and linked to the model when first needed."""
        if self._choices is None:
            model = self.model
            four = _checkbox(model.four_color, "display.four-color", "gin-four-color")
            large = _checkbox(model.large_cards, "display.large", "gin-large-cards")
            pace = w.Dropdown(
                options=self._paces(),
                value=nearest_pace(model.pause),
                style=_initial(),
                layout=fixed_layout(width="auto"),
            )
            pace.add_class("gin-pace")
            mine = _checkbox(model.arrange_self, "display.arrange-self", "gin-arrange-self")
            self._choices = (four, large, pace, mine)
            self._label_choices()
            self.links = [
                traitlets.link((four, "value"), (model, "four_color")),
                traitlets.link((large, "value"), (model, "large_cards")),
                traitlets.link((mine, "value"), (model, "arrange_self")),
            ]
            pace.observe(self._on_pace, names="value")
            self._on_help()
        return self._choices

    @property
    def four_color(self) -> w.Checkbox:
        """The four-colour deck's box."""
        return self._made()[0]

    @property
    def large_cards(self) -> w.Checkbox:
        """The large cards' box."""
        return self._made()[1]

    @property
    def pace(self) -> w.Dropdown:
        """The pace of the opponent's moves."""
        return self._made()[2]

    @property
    def arrange_self(self) -> w.Checkbox:
        """"I lay out my cards"."""
        return self._made()[3]

    def _on_help(self, _change: object = None) -> None:
        """Where the help level implies the arrange mode (the real table), its choice
        cannot be changed (the learner lays out whatever it says)."""
        if self._choices is not None:
            self.arrange_self.disabled = self.model.policy().arrange_implied

    def _on_pace(self, change: dict[str, Any]) -> None:
        self.model.pause = float(change["new"])

    @staticmethod
    def _paces() -> list[tuple[str, float]]:
        return [(M[key].render(), s) for key, s in PACES]

    def relabel(self) -> None:
        """Write the menu's labels again, in the current language (the choices stay)."""
        self.opener.description = self.opener.tooltip = M["display.title"].render()
        if self._choices is not None:
            self._label_choices()

    def _label_choices(self) -> None:
        four, large, pace, mine = self._made()
        four.description = M["display.four-color"].render()
        large.description = M["display.large"].render()
        _rename_options(pace, self._paces())
        pace.description = M["display.pace"].render()
        mine.description = M["display.arrange-self"].render()


def title_html(
    view: gin.PlayerView, opponent: str, deal_number: int, seed: int | None, teacher: bool
) -> str:
    """The title line: rule set, target, opponent, deal number, dealer and seed (not when
    ``seed`` is ``None``: a seed the page may not show)."""
    rules = view.rules
    you = view.dealer == LEARNER
    if seed is None:
        m = M["controls.title-you-deal-unseeded"] if you else M["controls.title-they-deal-unseeded"]
    else:
        m = M["controls.title-you-deal"] if you else M["controls.title-they-deal"]
    data: dict[str, object] = {
        "rules": rules_name(rules.preset_name),
        "target": rules.target,
        "opponent": opponent_name(opponent),
        "deal": deal_number,
    }
    if seed is not None:
        data["seed"] = str(seed)
    text = escape(m.render(data))
    if teacher:
        text += f" · <b>{escape(M['controls.teacher-mode'].render())}</b>"
    return f'<div class="gin-title-inner"><span class="gin-rules-name">{text}</span></div>'


__all__ = ["PACES", "ControlsBar", "DisplayMenu", "nearest_pace", "pace_class", "title_html"]
