"""The playable table, :class:`GinTable`: it builds the model, the commands and the
parts, and wires them; it draws nothing itself.

* the model: :class:`~gin.ui.table.controller.TableController` (the game and the table
  session, :class:`~gin.ui.table.state.TableState`), which says what changed;
* the commands: :class:`~gin.ui.table.commands.TableCommands` (the learner's intents),
  moved on by :class:`~gin.ui.table.flow.TableFlow` (the opponent's moves, the reveal);
* the parts, each drawing from the model and sending commands, none reading another:
  the controls and the title (:class:`~gin.ui.table.controls.ControlsBar`), the display
  menu (:class:`~gin.ui.table.controls.DisplayMenu`), the felt
  (:class:`~gin.ui.table.felt.Felt`), the piles (:class:`~gin.ui.table.piles.Piles`), the
  learner's hand (:class:`~gin.ui.table.hand.LearnerHand`), the buttons
  (:class:`~gin.ui.table.actions.ActionButtons`), the arrange rooms
  (:class:`~gin.ui.table.rooms.ArrangeRooms`), the coach
  (:class:`~gin.ui.table.tablecoach.TableCoach`), the score pad
  (:class:`~gin.ui.table.scorepad.ScorePad`) and the review launcher
  (:class:`~gin.ui.review.ReviewLauncher`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as w

import gin
from gin.i18n import M
from gin.ui.arrange import LayoffChooser, MeldBuilder, ScoreGuess
from gin.ui.cardarea import CardArea
from gin.ui.keys import StepKeys
from gin.ui.page import pageerrors
from gin.ui.page.unsent import send_tree_again
from gin.ui.parts import close_tree, fixed_box, fixed_html, fixed_layout, insert_child, shared_style
from gin.ui.review import ReviewLauncher
from gin.ui.table.actions import ActionButtons
from gin.ui.table.commands import TableCommands
from gin.ui.table.controller import TableController
from gin.ui.table.controls import ControlsBar, DisplayMenu, pace_class
from gin.ui.table.felt import Felt
from gin.ui.table.flow import Scheduler, TableFlow
from gin.ui.table.guard import report
from gin.ui.table.helpchoice import HelpChoice
from gin.ui.table.helplevel import check_help_level
from gin.ui.table.learnerhand import LearnerHand
from gin.ui.table.piles import Piles
from gin.ui.table.rooms import ArrangeRooms
from gin.ui.table.scorepad import ScorePad
from gin.ui.table.tablecoach import TableCoach

_CSS = (Path(__file__).parent / "table.css").read_text(encoding="utf-8")


def _of_model(name: str, doc: str) -> Any:
    """A read-only table attribute that is the model's trait ``name``."""
    return property(lambda table: getattr(table.controller, name), doc=doc)


class GinTable(w.VBox):  # type: ignore[misc]
    """A card table where the learner plays Oklahoma Gin against a bot, with a coach.

    The model is :attr:`controller`; the commands :attr:`commands`; the parts
    :attr:`controls`, :attr:`display_menu`, :attr:`felt`, :attr:`piles`,
    :attr:`learner_hand`, :attr:`actions`, :attr:`rooms`, :attr:`coach`, :attr:`scores`
    and :attr:`review`. Their widgets tests and lessons may use: :attr:`hand` (the
    learner's :class:`CardArea`), :attr:`opponent_area`, :attr:`stock_area`,
    :attr:`discard_area`, :attr:`history_area`, :attr:`buttons` (by key, see
    :data:`~gin.ui.table.buttons.BUTTONS` and :data:`~gin.ui.table.buttons.CONTROL_BUTTONS`),
    :attr:`limit_badge`, :attr:`rules_choice`, :attr:`opponent_choice`, :attr:`seed_field`,
    :attr:`turn_html` (whose turn it is, CSS class ``gin-turn``), :attr:`last_move_html`
    (what the opponent just did).
    """

    def __init__(
        self,
        rules: str | gin.Rules = "classic",
        opponent: str = "eager",
        seed: int | str | None = None,
        pause: float = 0.6,
        teacher: bool = False,
        four_color: bool = False,
        large_cards: bool = False,
        teacher_controls: bool = False,
        projector: bool = False,
        arrange_self: bool = False,
        target: int | None = None,
        help: str = "full",
        help_from_address: bool = False,
    ) -> None:
        """``rules`` is ``"classic"`` or ``"spades-double"``; ``opponent`` one of
        :data:`gin.bots.BOT_NAMES`; ``seed`` makes the deals repeatable (a new one is picked
        and shown when ``None``; the page's ``?seed=`` passes it here); ``pause`` is the
        seconds between the opponent's moves (0: at once); ``teacher`` shows both hands and
        steps the opponent one click at a time; ``teacher_controls`` shows the teacher-mode
        switch (always shown with ``teacher``); ``four_color`` and ``large_cards`` start the
        display menu's choices. ``projector`` (a page opened with ``?projector=1``) draws large
        cards and lets a presentation clicker step the deal
        (:meth:`~gin.ui.table.actions.ActionButtons.clicker_step`).
        ``arrange_self`` (a page opened with ``?arrange=self``) starts the display menu's
        choice "I lay out my cards" (:mod:`gin.ui.table.rooms`). ``target`` (a page
        opened with ``?target=50``) replaces the rule set's game target, in every game.
        ``help`` is the help level (``"full"``, ``"some"``, ``"none"``), kept by the model
        and chosen in the controls (:attr:`help_choice`, kept in the browser);
        ``help_from_address``: the page's ``?help=`` chose it, so the level the browser
        kept does not replace it.
        """
        self._help_from_address = bool(help_from_address)
        help = check_help_level(help)
        self.projector = bool(projector)
        self.controller = c = TableController(
            rules,
            opponent,
            seed,
            target,
            pause=max(float(pause), 0.0),
            teacher=bool(teacher),
            teacher_offered=bool(teacher_controls) or bool(teacher),
            four_color=bool(four_color),
            large_cards=bool(large_cards) or self.projector,
            arrange_self=bool(arrange_self),
            help=help,
        )
        self.flow = TableFlow(c, on_unseen=lambda: send_tree_again(self))
        self.commands = TableCommands(c, self.flow)
        pageerrors.install()  # before any widget is made: they bind its message handler
        children = self._build()
        pageerrors.add_message_area(c.show_error)
        super().__init__(children=children, layout=fixed_layout())
        self.add_class("gin-table")
        if self.projector:
            self.add_class("gin-projector")
        self._pace_class = ""
        self._wire()
        self._hide_until_help_known()
        self.commands.start_deal()

    # ------------------------------------------------------------------ building

    def _build(self) -> list[Any]:
        c, commands = self.controller, self.commands
        self.rooms = ArrangeRooms(c, commands)  # first: it tells the others the room
        self.actions = ActionButtons(c, commands)
        self.buttons = self.actions.buttons
        self.help_choice = HelpChoice(c.help, from_address=self._help_from_address)
        self.controls = ControlsBar(
            c,
            commands,
            self.buttons["new_game"],
            replay=self.buttons["replay"],
            help_choice=self.help_choice,
        )
        self.display_menu = DisplayMenu(c)
        self.piles = Piles(c.show_error)
        self.learner_hand = LearnerHand(
            c, commands, room_keys=self.rooms.press, button=self.actions.press
        )
        self.felt = Felt(
            c,
            piles=self.piles.box,
            hand=[self.learner_hand.label, self.learner_hand.area],
            rooms=None,  # the rooms' box and the sort buttons are laid out when first made
            confirm=lambda: [self.buttons["confirm"], self.buttons["cancel"]],
            actions=self.actions.row,
        )
        hand = self.learner_hand.area
        self.buttons.made = self._place_button
        self.learner_hand.ordering.place = lambda box: insert_child(self.felt, box, before=hand)
        self.rooms.place = lambda box: insert_child(self.felt, box, after=hand)
        self.piles.place_beside(self.felt.status)  # the turn line beside the piles
        self.piles.history_built = self.felt.place_history  # the history under them
        self.piles.attach(c, commands)
        self.learner_hand.area.on_ready(self.flow.on_page_ready)
        fixed = {"layout": fixed_layout(), "style": shared_style("html")}  # never hidden
        self.coach = TableCoach(c, **fixed)
        self.scores = ScorePad(c, **fixed)
        self.review = ReviewLauncher(
            lambda: c.game,
            teacher=lambda: c.teacher,
            table_slips=lambda: sorted(c.game_slips.items()),
            opponent=lambda: c.opponent_name,
        )
        self.keys_help = fixed_html(M["keys.help"].render(), "gin-keys-help")
        self.style_html = fixed_html(f"<style>{_CSS}</style>", "gin-style")
        parts = [self.controls, self.coach, self.scores, self.review, self.display_menu]
        side = fixed_box(w.VBox, [*parts, self.keys_help], "gin-side")
        body = fixed_box(w.HBox, [self.felt, side], "gin-body")
        self.clicker = (
            StepKeys(self.actions.clicker_step, active=True, pages_only=True)
            if self.projector
            else None
        )
        """A presentation clicker's keys (projector mode only)."""
        self._name_widgets()
        clicker = [self.clicker] if self.clicker is not None else []
        return [self.style_html, self.title, body, *clicker]

    def _place_button(self, key: str) -> None:
        """A confirmation button just made (asked for before the question): both of them
        then, in their box on the felt."""
        if key in ("confirm", "cancel"):
            self.buttons["cancel" if key == "confirm" else "confirm"]
            self.felt.confirm_box  # noqa: B018 (made and laid out when first asked for)

    def _hide_until_help_known(self) -> None:
        """Until the page has told the help level it kept (none came by the address), the
        table wears ``gin-help-pending``: its style sheet hides the hand, the line above
        it, the turn line and the coach, so that a learner who chose a lower level never
        sees full help's figures flash while the level is on its way (the style sheet
        shows them again after a few seconds whatever happens)."""
        if self.help_choice.loaded:
            return
        self.add_class("gin-help-pending")
        self.help_choice.on_loaded(lambda _level: self.remove_class("gin-help-pending"))

    def _name_widgets(self) -> None:
        """The parts' widgets that tests and lessons use, by their names on the table."""
        felt, piles, controls = self.felt, self.piles, self.controls
        self.title = controls.title
        self.rules_choice = controls.rules_choice
        self.opponent_choice = controls.opponent_choice
        self.seed_field = controls.seed_field
        self.teacher_toggle = controls.teacher_toggle
        self.opponent_label = felt.opponent_label
        self.opponent_area = felt.opponent_area
        self.turn_html = felt.turn_html
        self.last_move_html = felt.last_move_html
        self.stock_area = piles.stock_area
        self.stock_label = piles.stock_label
        self.discard_area = piles.discard_area
        self.discard_label = piles.discard_label
        self.up_card_html = piles.up_card_html
        self.limit_badge = piles.limit_badge

    def _wire(self) -> None:
        """The parts follow the model, in this order at each change: the rooms first (they
        tell the others the arrange step), the focus last (once the page has every
        part's new look); then the table's own classes and the settings that redraw it."""
        c = self.controller
        for listener in (
            self.rooms.draw,
            self.controls.draw,
            self.learner_hand.draw,
            self.piles.draw,
            self.actions.draw,
            self.felt.draw,
            self.coach.draw,
            self.scores.draw,
            self._offer_review,
            self.learner_hand.follow,
        ):
            c.on_change(listener)
        self._on_large()
        self._on_pace()
        c.observe(self._on_large, names="large_cards")
        c.observe(self._on_pace, names="pause")
        c.observe(self._redraw, names=["four_color", "large_cards"])
        c.observe(self._move_on, names=["arrange_self", "help"])

    def _offer_review(self, scope: str) -> None:
        if scope == "table":
            c = self.controller
            self.review.update(c.view().phase.is_over and c.revealed())

    def _on_large(self, _change: object = None) -> None:
        if self.controller.large_cards:
            self.add_class("gin-table-large")
        else:
            self.remove_class("gin-table-large")

    def _on_pace(self, _change: object = None) -> None:
        self.remove_class(self._pace_class)
        self._pace_class = pace_class(self.controller.pause)
        self.add_class(self._pace_class)

    def _redraw(self, _change: object = None) -> None:
        report(self.controller.show_error, self.refresh)

    def _move_on(self, _change: object = None) -> None:
        report(self.controller.show_error, self.flow.moved_on)

    # ------------------------------------------------------------------ the parts' widgets

    @property
    def confirm_box(self) -> w.HBox:
        """The knock confirmation (made when first asked for)."""
        return self.felt.confirm_box

    @property
    def confirm_text(self) -> w.HTML:
        """The confirmation's question."""
        return self.felt.confirm_text

    @property
    def hand(self) -> CardArea:
        """The learner's hand (:attr:`LearnerHand.area`)."""
        return self.learner_hand.area

    @property
    def hand_label(self) -> w.HTML:
        """The line above the learner's hand."""
        return self.learner_hand.label

    @property
    def history_area(self) -> CardArea:
        """The discard history (:attr:`gin.ui.table.piles.Piles.history_area`), built when
        first asked for."""
        return self.piles.history_area

    @property
    def builder(self) -> MeldBuilder | None:
        """The meld builder of this deal (:attr:`ArrangeRooms.builder`)."""
        return self.rooms.builder

    @property
    def chooser(self) -> LayoffChooser | None:
        """The layoff chooser of this deal."""
        return self.rooms.chooser

    @property
    def score_guess(self) -> ScoreGuess | None:
        """The score guess of this deal."""
        return self.rooms.score_guess

    @property
    def arrange_box(self) -> w.VBox:
        """The box the arrange rooms are shown in."""
        return self.rooms.box

    # ------------------------------------------------------------------ the model's settings

    teacher = _of_model("teacher", "Teacher mode.")
    teacher_controls = _of_model(
        "teacher_offered", "Whether the teacher-mode switch is shown (``?teacher=1``)."
    )
    four_color = _of_model("four_color", "The four-colour deck.")
    large_cards = _of_model("large_cards", "Large cards (a projector).")
    arrange_self = _of_model("arrange_self", 'The mode "I lay out my cards".')
    pause = _of_model("pause", "Seconds between the opponent's moves.")
    help = _of_model("help", "The help level (``full``, ``some``, ``none``).")

    @property
    def error_code(self) -> str:
        """The code of the error shown in the coach (``""`` when none)."""
        return self.controller.error_code

    @property
    def scheduler(self) -> Scheduler | None:
        """Runs a callback after a delay; ``None`` uses the running asyncio loop."""
        return self.flow.scheduler

    @scheduler.setter
    def scheduler(self, value: Scheduler | None) -> None:
        self.flow.scheduler = value

    # ------------------------------------------------------------------ what lessons ask

    def refresh(self) -> None:
        """Draw every part again from the model."""
        self.controller.changed()

    def advance(self) -> None:
        """Move the game on (the opponent's moves, the reveal)."""
        self.flow.advance()

    def relabel(self) -> None:
        """Draw the whole table again in the current language, in place: the labels, the
        names in the menus and everything the coach and the score pad say. The game and
        the session go on as they were (the language menu switched)."""
        self.rooms.relabel()
        self.actions.relabel()
        self.controls.relabel()
        self.display_menu.relabel()
        self.piles.relabel()
        self.learner_hand.ordering.relabel()
        self.keys_help.value = M["keys.help"].render()
        self.review.relabel()
        self.refresh()

    def load_game(self, game: gin.Game, opponent: str | None = None) -> None:
        """Play on from ``game`` (a game with stacked deck orders, say), learner as player 0."""
        self.commands.load_game(game, opponent)

    def set_teacher(self, on: bool) -> None:
        """Teacher mode on or off (refused where it is not offered: ``teacher-not-offered``)."""
        self.commands.set_teacher(on)

    def set_arrange_self(self, on: bool) -> None:
        """The mode "I lay out my cards" on or off."""
        self.controller.arrange_self = on

    def set_help(self, level: str) -> None:
        """The help level (as the learner's choice in :attr:`help_choice` does)."""
        self.help_choice.choose(level)

    def press(self, key: str) -> None:
        """Press the button ``key`` (as a click does; an error goes to the coach)."""
        self.actions.press(key)

    def next_deal(self) -> None:
        """Start the next deal."""
        self.press("next_deal")

    def new_game(self) -> None:
        """Start a new game with the chosen rules and opponent."""
        self.press("new_game")

    def replay(self) -> None:
        """Start again with the seed in the seed field (or the game on show)."""
        self.press("replay")

    def lay_off(self) -> None:
        """Lay off (the engine's best, or the chooser's in the mode "I lay out")."""
        self.press("lay_off")

    def close(self) -> None:
        """Close the table's widgets: the opponent's moves and the reveal still scheduled
        are dropped, and page errors are no longer told in its coach."""
        if not hasattr(self, "flow"):  # refused while being built (a bad setting)
            super().close()
            return
        self.flow.close()
        pageerrors.remove_message_area(self.controller.show_error)
        self.rooms.close()
        for part in list(self.children):
            close_tree(part)
        super().close()


play_table = GinTable
"""A table to play Oklahoma Gin against a computer opponent, with the coach (the
parameters are :class:`GinTable`'s)."""
