"""Each part of the table built alone on a model, with no table around it (issue 28): it
draws what the model holds when told (its ``draw`` listens to the model's ``changed``)
and sends the learner's intents as commands, to a recorder standing in for
:class:`~gin.ui.table.commands.TableCommands`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w
import pytest
import traitlets

import gin
from gin.i18n import M
from gin.ui.table.actions import ActionButtons
from gin.ui.table.buttons import BUTTONS, enabled_actions
from gin.ui.table.controller import TableController
from gin.ui.table.controls import ControlsBar, DisplayMenu
from gin.ui.table.felt import Felt
from gin.ui.table.learnerhand import LearnerHand, focus_target
from gin.ui.table.piles import Piles
from gin.ui.table.rooms import ArrangeRooms
from gin.ui.table.scorepad import ScorePad
from gin.ui.table.state import TableState
from gin.ui.table.tablecoach import TableCoach


class Recorder:
    """Stands in for the commands: every command sent is recorded, with its arguments."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Any:
        return lambda *args: self.sent.append((name, args))

    def names(self) -> list[str]:
        return [name for name, _ in self.sent]


def learner_to_move(seed: int = 3) -> TableController:
    """A model whose learner is to move (the opponent's first moves played)."""
    c = TableController("classic", "eager", seed=seed)
    while c.opponent_to_move():
        c.opponent_step()
    assert c.learner_to_move()
    return c


def drawn_part(part_of: Callable[[TableController, Recorder], Any]) -> tuple[Any, ...]:
    """A learner-to-move model, the recorder of its commands and the part ``part_of``
    makes of them, drawn once: ``(model, recorder, part)``."""
    c = learner_to_move()
    sent = Recorder()
    part = part_of(c, sent)
    c.on_change(part.draw)
    c.changed()
    return c, sent, part


def test_the_model_says_what_changed_to_its_listeners_in_order() -> None:
    """The signal: every listener hears each change, in the order they were added."""
    s = TableState()
    heard: list[tuple[str, str]] = []
    s.on_change(lambda scope: heard.append(("first", scope)))
    s.on_change(lambda scope: heard.append(("second", scope)))
    s.changed("controls")
    assert heard == [("first", "controls"), ("second", "controls")]
    with pytest.raises(ValueError):
        s.changed("everything")


def test_the_help_level_is_carried_and_observable() -> None:
    """Issue 29's help level lives in the model: full by default, one of three, observed."""
    c = TableController("classic", "eager", seed=1)
    assert c.help == "full"
    seen: list[str] = []
    c.observe(lambda ch: seen.append(ch["new"]), names="help")
    c.help = "none"
    assert seen == ["none"]
    with pytest.raises(traitlets.TraitError):
        c.help = "lots"
    assert c.help == "none"


def test_saying_something_takes_the_error_away() -> None:
    c = TableController("classic", "eager", seed=1)
    c.show_error(gin.IllegalActionError(M["error.no-card"]()))
    assert c.error_code == "no-card"
    c.say(M["table.cancelled"]())
    assert c.error is None and c.error_code == "" and len(c.said) == 1


def test_the_buttons_draw_the_legal_actions_and_send_their_commands() -> None:
    """Rule: only the engine's legal actions are on show; a click is its command."""
    c, sent, part = drawn_part(ActionButtons)
    view = c.view()
    for key, on in enabled_actions(view, None).items():
        assert part.buttons[key].disabled == (not on)
    shown = [k for k, _, _ in BUTTONS if part.buttons[k].layout.display != "none"]
    assert shown and all(not part.buttons[k].disabled for k in shown)
    part.buttons[shown[0]].click()
    part.buttons["undo"].click()
    assert sent.names() == [{"pass": "pass_", "gin": "go_gin"}.get(shown[0], shown[0]), "undo"]
    c.pending, c.question = gin.BigGin(), M["table.cancelled"]()  # a question on show
    c.changed("controls")
    assert all(part.buttons[k].layout.display == "none" for k, _, _ in BUTTONS)
    assert not part.buttons["confirm"].disabled


def test_the_buttons_are_put_away_while_a_room_is_open() -> None:
    c = learner_to_move()
    part = ActionButtons(c, Recorder())  # type: ignore[arg-type]
    c.on_change(part.draw)
    c.room = "builder"
    c.changed()
    assert all(part.buttons[k].disabled for k, _, _ in BUTTONS)
    assert part.buttons["hint"].disabled and part.buttons["hint"].layout.display == "none"


def test_the_teacher_step_and_the_history_label_follow_the_model() -> None:
    c = learner_to_move()
    part = ActionButtons(c, Recorder())  # type: ignore[arg-type]
    assert part.buttons["opponent_step"].layout.display == "none"
    c.teacher = True
    assert part.buttons["opponent_step"].layout.display == "flex"
    c.history_shown = True
    assert part.buttons["history"].description == M["button.hide-pile"].render()


def test_the_hand_draws_the_learners_cards_and_sends_keys_and_selection() -> None:
    c = learner_to_move()
    sent = Recorder()
    in_room: list[str] = []
    heard: list[str] = []
    hand = LearnerHand(c, sent, room_keys=in_room.append)  # type: ignore[arg-type]
    c.on_change(hand.draw)
    c.on_change(heard.append)
    c.changed()
    assert sorted(hand.area.codes) == sorted(card.code for card in c.view().hand)
    assert "gin-deadwood-count" in hand.label.value
    code = hand.area.codes[0]
    hand.area.click(code)  # the learner selects a card
    assert c.selected == code and heard[-1] == "selection"
    hand.area.press("k")
    hand.area.press("enter")
    assert sent.names() == ["knock", "discard"]
    c.on_change(hand.follow)
    c.changed()
    assert hand.area.focus_request == focus_target(c, c.view()) != ""  # the control next
    c.room = "builder"  # a room is open: keys go to it, the hand steps aside
    c.changed()
    assert hand.area.focus_request == ".gin-meld-builder .gin-action-make-meld"
    hand.area.press("k")
    assert in_room == ["k"] and sent.names() == ["knock", "discard"]
    assert hand.area.layout.display == "none" and hand.label.layout.display == "none"


def test_the_piles_draw_the_stock_and_send_the_draws() -> None:
    c = learner_to_move()
    sent = Recorder()
    piles = Piles(c.show_error)
    piles.attach(c, sent)  # type: ignore[arg-type]
    c.on_change(piles.draw)
    c.changed()
    view = c.view()
    assert f">{view.stock_count}</span>" in piles.stock_label.value
    piles.stock_area.click(0)
    piles.discard_area.click(0)
    assert sent.names() == ["draw_stock", "take_or_draw_discard"]


def test_the_felt_draws_the_turn_and_the_question_asked() -> None:
    c = learner_to_move()
    piles = Piles(c.show_error)
    confirm = [w.Button(), w.Button()]
    felt = Felt(c, piles=piles.box, hand=[], rooms=w.VBox(), confirm=confirm, actions=w.HBox())
    c.on_change(felt.draw)
    c.changed()
    assert "gin-turn-text" in felt.turn_html.value
    assert felt.confirm_box.layout.display == "none"
    assert len(felt.opponent_area.cards) == c.view().opponent_card_count
    c.pending, c.question = gin.BigGin(), M["table.cancelled"]()
    c.changed("controls")
    assert felt.confirm_box.layout.display == "flex"
    assert M["table.cancelled"].render() in felt.confirm_text.value


def test_the_coach_says_the_models_words_and_keeps_back_what_a_room_works_out() -> None:
    c = learner_to_move()
    coach = TableCoach(c)
    c.on_change(coach.draw)
    c.say(M["table.cancelled"]())
    assert coach.message == M["table.cancelled"].render()
    c.show_error(gin.IllegalActionError(M["error.no-card"]()))
    assert coach.error == M["error.no-card"].render()
    c.changed()
    assert coach.steps("limit") == gin.knock_limit_steps(c.rules, c.view().up_card)
    assert coach.section("turn") is not None
    c.room = "builder"
    c.changed()
    assert coach.section("turn") is None and coach.section("limit") is not None


def test_the_score_pad_draws_the_deals_once_their_end_is_shown() -> None:
    """Rule: a deal's row appears once its end is played back."""
    c = TableController("classic", "eager", seed=3)
    pad = ScorePad(c)
    c.on_change(pad.draw)
    while not c.deal.is_over:
        if c.opponent_to_move():
            c.opponent_step()
        else:
            c.act(c.view().legal_actions[0])
    c.changed()
    assert pad.records == []
    c.reveal_step = c.reveal_total()
    c.changed()
    assert [r.number for r in pad.records] == [1]


def test_the_controls_follow_the_model_and_send_the_teacher_switch() -> None:
    c = TableController("classic", "eager", seed=5, teacher_offered=True)
    sent = Recorder()
    bar = ControlsBar(c, sent, w.Button(), replay=w.Button())  # type: ignore[arg-type]
    c.on_change(bar.draw)
    bar.rules_choice.value = "spades-double"
    assert c.chosen_rules == "spades-double"
    bar.seed_field.value = "42"
    assert c.typed_seed == "42"
    c.changed("deal")  # a deal starts: the menus show the game on show
    assert bar.rules_choice.value == "classic" and bar.seed_field.value == "5"
    assert bar.teacher_toggle is not None
    bar.teacher_toggle.value = True
    assert sent.sent == [("set_teacher", (True,))]
    c.changed()
    assert "gin-rules-name" in bar.title.value
    learner = ControlsBar(TableController(seed=5), sent, w.Button())  # type: ignore[arg-type]
    assert learner.teacher_toggle is None  # not offered: no switch at all


def test_the_display_menu_is_linked_to_the_model() -> None:
    c = TableController(seed=5)
    menu = DisplayMenu(c)
    menu.four_color.value = True
    assert c.four_color
    c.arrange_self = True
    assert menu.arrange_self.value
    menu.pace.value = 0.0
    assert c.pause == 0.0


def test_the_rooms_open_the_meld_builder_the_model_asks_for_and_tell_the_arrange_step() -> None:
    c, sent, rooms = drawn_part(ArrangeRooms)
    assert rooms.builder is None and c.room == ""
    c.arrange_self = True
    c.laying_out = gin.BigGin()  # the learner lays out (the whole hand)
    c.changed()
    assert rooms.builder is not None and c.room == "builder"
    assert tuple(rooms.box.children) == (rooms.builder,)
    rooms.builder.cancel_button.click()
    assert sent.names() == ["stop_laying_out"] and rooms.builder is None
