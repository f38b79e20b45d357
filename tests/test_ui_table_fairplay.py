"""Fair play at the table against a curious learner (issue 22): no teacher switch unless
teacher mode is offered, and a forged message cannot turn it on; the seed is shown only
when the address (or the learner) chose it, or to a teacher; under Voilà a seed nobody
chose is no key to the cards, and "Replay this game" replays the game on show, once its deal
is over (issue 33: mid-deal it would give the stock away); the
Undo button is disabled whenever the engine would refuse the undo."""

from __future__ import annotations

from typing import Any

import pytest
from test_ui_support import finish_deal, leaked_cards, widget_tree

import gin
from gin.i18n import M
from gin.ui import play_table
from gin.ui.page import pageerrors
from gin.ui.table.controller import TableController


def forge_update(widget: Any, state: dict[str, Any]) -> None:
    """Send ``widget`` an ``update`` message as a page (or a curious learner) would."""
    msg = {"content": {"data": {"method": "update", "state": state}}, "buffers": []}
    widget._handle_msg(msg)


def test_no_teacher_switch_exists_unless_teacher_mode_is_offered() -> None:
    pageerrors.install()
    t = play_table(seed=3, pause=0)
    assert t.teacher_toggle is None
    tree = widget_tree(t)
    assert not any("gin-teacher-toggle" in getattr(w, "_dom_classes", ()) for w in tree)
    offered = play_table(seed=3, pause=0, teacher_controls=True)
    assert offered.teacher_toggle is not None and offered.teacher_toggle in widget_tree(offered)


def test_a_forged_value_true_to_every_switch_on_the_page_shows_no_hidden_card() -> None:
    """The review's message ``{"method": "update", "state": {"value": true}}`` sent to
    every checkbox and toggle of a play page without ``?teacher=1``: the opponent's hand
    stays hidden, and teacher mode stays off."""
    pageerrors.install()
    t = play_table(seed=9, pause=0)
    for w in widget_tree(t):
        if isinstance(getattr(w, "value", None), bool):
            forge_update(w, {"value": True})
    assert not t.teacher
    assert all(card["code"] == "" for card in t.opponent_area.cards)
    assert leaked_cards(t, widget_tree(t)) == []


def test_the_kernel_refuses_a_teacher_change_it_did_not_offer() -> None:
    t = play_table(seed=9, pause=0)
    with pytest.raises(gin.GinError) as err:
        t.set_teacher(True)
    assert err.value.code == "teacher-not-offered"
    assert not t.teacher and leaked_cards(t, widget_tree(t)) == []


# ---------------------------------------------------------------- the seed on the page


def test_a_seed_nobody_chose_is_not_shown() -> None:
    t = play_table(pause=0)
    assert t.seed_field.value == ""
    assert str(t.controller.seed) not in t.title.value
    assert M["controls.seed"].render().lower() not in t.title.value.lower()


def test_a_seed_from_the_address_is_shown_for_a_class() -> None:
    t = play_table(seed=9, pause=0)
    assert t.seed_field.value == "9" and "seed 9" in t.title.value


def test_a_teacher_sees_the_seed() -> None:
    t = play_table(pause=0, teacher=True)
    assert t.seed_field.value == str(t.controller.seed)
    assert f"seed {t.controller.seed}" in t.title.value
    offered = play_table(pause=0, teacher_controls=True)
    assert offered.seed_field.value == ""
    offered.set_teacher(True)
    assert offered.seed_field.value == str(offered.controller.seed)


def test_under_voila_a_seed_nobody_chose_cannot_be_replayed_to_see_the_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The review made ``TableController('classic', 'eager', seed=9)`` with the seed the
    title showed, and saw the opponent's hand and the stock. Under Voilà a fresh seed's
    shuffle has the kernel's secret in it: the number gives another deal."""
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    for _ in range(3):
        c = TableController("classic", "eager")
        assert not c.seed_chosen and c.seed_to_show() is None
        copy = TableController("classic", "eager", seed=c.seed)
        assert copy.deal.order != c.deal.order
    chosen = TableController("classic", "eager", seed=9)  # a class link: the same cards
    assert chosen.deal.order == TableController("classic", "eager", seed=9).deal.order
    monkeypatch.delenv("VOILA_SERVER_URL")
    plain = TableController("classic", "eager", seed=9)
    assert plain.deal.order == chosen.deal.order  # determinism: the secret only under Voilà


def test_replay_this_deal_replays_the_learners_own_game_once_the_deal_is_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    t = play_table(pause=0)
    first, opening = t.controller.deal.order, list(t.controller.game.log)  # the bot may open
    finish_deal(t)
    assert not t.buttons["replay"].disabled
    t.replay()  # the seed field is empty: the game on show, from its first deal
    assert t.controller.deal.order == first and t.controller.game.log == opening
    assert t.seed_field.value == "" and not t.controller.seed_chosen
    assert t.controller.replayed
    t.seed_field.value = "77"
    t.replay()  # a seed typed in: that game, shown (a new game, not a replay)
    assert t.controller.seed == 77 and t.seed_field.value == "77"
    assert t.controller.deal.order == TableController("classic", "eager", seed=77).deal.order
    assert not t.controller.replayed


def test_replay_this_game_deals_the_game_again_from_its_first_deal_as_its_tip_says() -> None:
    """Issue 40: the button plays the game on show again from its first deal (not the deal
    on show): pressed at the end of deal 2, the table is back at deal 1 with its cards. Its
    label and tip say "game" and "first deal"."""
    t = play_table(seed=12, pause=0)
    first = t.controller.deal.order
    finish_deal(t)
    if not t.controller.game.is_over:
        t.controller.next_deal()
        t.refresh()
        assert t.controller.deal_number == 2 and t.controller.deal.order != first
        finish_deal(t)
    t.replay()
    assert t.controller.deal_number == 1 and t.controller.deal.order == first
    assert t.buttons["replay"].description == "Replay this game"
    tip = t.buttons["replay"].tooltip
    assert "first deal" in tip and "same cards" in tip


def test_the_probes_replay_attack_is_refused_mid_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fair play (issue 33): the probe drew three stock cards, pressed "Replay this game"
    and predicted the next three stock cards exactly. A replay mid-deal is now refused with
    a sentence and the state is untouched; the button is not offered."""
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    pageerrors.install()
    for _attempt in range(30):  # the secret shuffle: a deal the opponent ends early is dealt anew
        t = play_table(pause=0)
        c = t.controller
        drawn = 0
        while drawn < 3 and not c.deal.is_over:
            view = c.view()
            draw = next((a for a in view.legal_actions if isinstance(a, gin.DrawStock)), None)
            action = draw if draw is not None else view.legal_actions[0]
            c.act(action)
            drawn += draw is not None
            if not c.deal.is_over and c.learner_to_move():
                discard = next(
                    (a for a in c.view().legal_actions if isinstance(a, gin.Discard)), None
                )
                if discard is not None:
                    c.act(discard)
            t.advance()
        if drawn == 3 and not c.deal.is_over:
            break
        t.close()
    assert drawn == 3 and not c.deal.is_over
    t.refresh()
    assert t.buttons["replay"].disabled
    before = (c.deal.snapshot(), list(c.game.log), c.seed)
    t.buttons["replay"].click()
    assert t.error_code == "replay-mid-deal"
    assert (c.deal.snapshot(), list(c.game.log), c.seed) == before and not c.replayed
    with pytest.raises(gin.IllegalActionError) as err:
        c.replay()
    assert err.value.code == "replay-mid-deal"
    t.seed_field.value = str(c.seed)  # its own seed typed in: the same stock again
    assert t.buttons["replay"].disabled
    with pytest.raises(gin.IllegalActionError):
        c.replay(seed=str(c.seed))
    assert (c.deal.snapshot(), list(c.game.log)) == before[:2]


def test_a_teacher_may_replay_mid_deal_and_the_score_pad_marks_the_replayed_game() -> None:
    t = play_table(seed=31, pause=0, teacher=True)
    c = t.controller
    assert not c.deal.is_over and not t.buttons["replay"].disabled
    t.replay()
    assert t.error_code is None or t.error_code != "replay-mid-deal"
    assert c.replayed and c.deal_number == 1 and c.open_hands
    finish_deal(t)
    assert "gin-replayed" in scorepad_html_of(c) and "gin-open-hands" in scorepad_html_of(c)


def scorepad_html_of(c: TableController) -> str:
    from gin.ui.table.scorepad import scorepad_html

    return scorepad_html(
        c.game.score_sheet, c.rules.target, open_deals=c.open_deals, replayed=c.replayed
    )


# ---------------------------------------------------------------- the Undo button


@pytest.mark.parametrize("rules", ["classic", "spades-double"])
def test_the_undo_button_is_disabled_whenever_undo_would_be_refused(rules: str) -> None:
    """After a stock draw the button stayed enabled and undo was always refused. Now the
    button is enabled exactly when the engine allows the undo."""
    for seed in range(6):
        t = play_table(rules=rules, opponent="eager", seed=seed, pause=0)
        c = t.controller
        for _ in range(12):
            if c.deal.is_over or not c.learner_to_move():
                break
            legal = [a for a in c.view().legal_actions if not isinstance(a, gin.Knock | gin.BigGin)]
            stock = [a for a in legal if isinstance(a, gin.DrawStock)]
            c.act(stock[0] if stock else legal[-1])
            t.refresh()
            t.advance()
            t.refresh()
            enabled = not t.buttons["undo"].disabled
            assert enabled == c.can_undo()
            if not enabled and any(m[0] == c.deal_number for m in c._marks):
                with pytest.raises(gin.GinError):
                    c.undo()
