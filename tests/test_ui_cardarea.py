"""The CardArea widget: clicks, selection, and checking everything the page sends."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import gin
from gin.ui.cardarea import CardArea

pytestmark = pytest.mark.usefixtures("fresh_widgets")


def area_with(codes: str, **kwargs: object) -> tuple[CardArea, list[str], list[str]]:
    area = CardArea(**kwargs)
    area.show(gin.parse_cards(codes))
    errors: list[str] = []
    activated: list[str] = []
    area.on_error(lambda e: errors.append(e.code))
    area.on_activate(activated.append)
    return area, errors, activated


def test_a_click_selects_and_a_second_click_activates() -> None:
    area, errors, activated = area_with("7S 8S 9S KH")
    area.click("KH")
    assert area.selected == "KH" and activated == []
    area.click("KH")
    assert activated == ["KH"] and errors == []
    area.click("7S")
    assert area.selected == "7S"


def test_selection_from_the_page_is_checked() -> None:
    area, errors, _ = area_with("7S 8S 9S KH")
    area.selected = "9x"
    assert area.selected == "" and errors[-1] == "bad-card"
    area.selected = "QD"
    assert area.selected == ""
    assert errors[-1] == "not-shown"
    area.selected = "kh"
    assert area.selected == "KH"


def test_messages_from_the_page_are_checked() -> None:
    area, errors, activated = area_with("7S 8S 9S KH")
    area.send_from_page({"event": "activate", "card": "QD"})
    area.send_from_page({"event": "activate", "card": None})
    area.send_from_page({"event": "click", "index": "0"})
    area.send_from_page({"event": "click", "index": 4})
    area.send_from_page({"event": "reorder", "order": ["7S", "8S"]})
    area.send_from_page({"event": "unknown"})
    area._handle_page_message(area, "not a dict", [])
    assert activated == [] and len(errors) == 7


def test_activating_a_card_not_selected_only_selects_it() -> None:
    area, _, activated = area_with("7S 8S")
    area.send_from_page({"event": "activate", "card": "8S"})
    assert area.selected == "8S" and activated == []


def test_a_reorder_from_the_page_is_reported_when_it_matches_the_cards() -> None:
    area, errors, _ = area_with("7S 8S 9S")
    orders: list[list[str]] = []
    area.on_reorder(orders.append)
    area.send_from_page({"event": "reorder", "order": ["9S", "7S", "8S"]})
    assert orders == [["9S", "7S", "8S"]] and errors == []


def test_face_down_cards_carry_no_code_and_report_clicks_by_position() -> None:
    area = CardArea(mode="none", clickable=True)
    area.show_backs(3)
    clicks: list[tuple[int, str]] = []
    area.on_click(lambda i, code: clicks.append((i, code)))
    assert [c["code"] for c in area.cards] == ["", "", ""]
    area.click(2)
    assert clicks == [(2, "")]


def test_multiple_mode_toggles_cards_in_and_out() -> None:
    area, errors, _ = area_with("7S 8S 9S KH", mode="multiple")
    area.click("7S")
    area.click("9S")
    area.click("7S")
    assert area.chosen == ["9S"]
    area.chosen = ["9S", "XX", "QD"]
    assert area.chosen == ["9S"] and len(errors) == 2


def test_showing_new_cards_drops_a_selection_no_longer_there() -> None:
    area, _, _ = area_with("7S 8S 9S KH")
    area.click("KH")
    area.show(gin.parse_cards("7S 8S 9S"))
    assert area.selected == ""


def test_groups_and_marks_are_sent_with_the_cards() -> None:
    area = CardArea()
    cards = gin.parse_cards("7S 8S 9S KH")
    area.show(cards, groups=[[0, 1, 2], [3]], group_labels=[("run", "meld"),
              ("deadwood 10", "deadwood")], marked=cards[3:])  # fmt: skip
    assert [c["group"] for c in area.cards] == [0, 0, 0, 1]
    assert [c["marked"] for c in area.cards] == [False, False, False, True]
    assert area.groups == [{"label": "run", "kind": "meld"},
                           {"label": "deadwood 10", "kind": "deadwood"}]  # fmt: skip


def test_the_page_script_marks_each_card_with_its_class_and_code() -> None:
    js = (Path(gin.__file__).parent / "ui" / "cardarea.js").read_text()
    assert "node.dataset.card = code" in js
    assert 'model.get("card_class")' in js
    assert "export default" in js


# ---------------------------------------------------------------- physical keys (issue 21)


def test_every_shortcut_is_a_physical_key_so_it_works_on_any_layout() -> None:
    """Issue 21: shortcuts answer ``KeyboardEvent.code``: every key a card area passes on
    has a physical key, and a Hebrew, Bulgarian or Lao character typed by that key still
    stands for the Latin letter or digit printed on it."""
    from gin.ui.cardarea import KEYS, CardArea
    from gin.ui.keys import KEY_CODES, StepKeys, key_name

    assert KEYS <= set(KEY_CODES.values())
    assert key_name("KeyT", "א") == "t"  # Hebrew layout
    assert key_name("KeyS", "с") == "s"  # Bulgarian (phonetic) layout
    assert key_name("KeyH", "້") == "h"  # Lao layout
    assert key_name("Digit1", "ຢ") == "1" and key_name("Numpad0", "0") == "0"
    assert key_name("Minus", "ຊ") == "-" and key_name("Escape", "Escape") == "escape"
    assert key_name("", "Enter") == "enter"  # no physical code: the typed key
    assert CardArea(key_input=True).key_codes == KEY_CODES
    assert StepKeys(lambda _s: None).key_codes == KEY_CODES


def test_the_cards_chosen_on_the_page_come_as_a_message_in_order_with_the_next_click(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 23: a state sync waits while an earlier one is unanswered, so a Make meld
    clicked at once reached a busy kernel before the last cards chosen (a meld of three
    made from a run of four, then a layout over the knock limit). The page sends each
    choice as a ``choose`` message instead; the kernel takes it without echoing it back,
    so a quicker learner's later choice is never undone on the page."""
    script = (Path(gin.__file__).parent / "ui" / "cardarea.js").read_text(encoding="utf-8")
    at = script.index('} else if (mode === "multiple" && code)')
    multiple = script[at : script.index("} else {", at + 10)]
    assert 'model.send({ event: "choose", chosen: chosen })' in multiple
    assert "save_changes" not in multiple
    area, errors, _ = area_with("7H 8H 9H TH 3C", mode="multiple")
    sent: list[dict[str, object]] = []
    monkeypatch.setattr(area, "_send", lambda msg, buffers=None: sent.append(msg))
    area.send_from_page({"event": "choose", "chosen": ["7H", "8H", "9H", "TH"]})
    assert area.chosen == ["7H", "8H", "9H", "TH"] and errors == []
    assert [m for m in sent if "chosen" in m.get("state", {})] == []  # not echoed


def test_a_choice_from_a_page_not_yet_redrawn_keeps_only_the_cards_on_show(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A card chosen just before the row was redrawn without it is left out quietly (the
    page was behind, the learner did nothing wrong) and the page is told the choice
    kept; something that is no card at all is reported; a late choice after the area
    stopped choosing is ignored."""
    area, errors, _ = area_with("7H 8H 9H", mode="multiple")
    sent: list[dict[str, object]] = []
    monkeypatch.setattr(area, "_send", lambda msg, buffers=None: sent.append(msg))
    area.send_from_page({"event": "choose", "chosen": ["6S", "7H"]})
    assert area.chosen == ["7H"] and errors == []
    assert any(m.get("state", {}).get("chosen") == ["7H"] for m in sent)
    area.send_from_page({"event": "choose", "chosen": ["7H", "XX"]})
    assert area.chosen == ["7H"] and len(errors) == 1
    area.send_from_page({"event": "choose", "chosen": "7H"})
    assert area.chosen == ["7H"] and len(errors) == 2
    area.mode = "none"
    area.send_from_page({"event": "choose", "chosen": ["8H"]})
    assert area.chosen == ["7H"] and len(errors) == 2


def test_the_card_selected_on_the_page_comes_as_a_message_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 23, the same race at the table: a card selected, then Knock… clicked at once,
    knocked with the engine's best card instead when the selection's sync waited. The
    page sends ``select`` as a message; a stale one (the card gone, or the area no longer
    selecting) changes nothing and the page is told the selection kept."""
    script = (Path(gin.__file__).parent / "ui" / "cardarea.js").read_text(encoding="utf-8")
    at = script.index('if (mode === "single" && code)')
    single = script[at : script.index('} else if (mode === "multiple"', at)]
    assert 'model.send({ event: "select", card: code })' in single
    assert "save_changes" not in single
    area, errors, activated = area_with("7S 8S 9S KH")
    sent: list[dict[str, object]] = []
    monkeypatch.setattr(area, "_send", lambda msg, buffers=None: sent.append(msg))
    area.send_from_page({"event": "select", "card": "KH"})
    assert area.selected == "KH" and errors == []
    assert [m for m in sent if "selected" in m.get("state", {})] == []  # not echoed
    area.send_from_page({"event": "select", "card": "2C"})  # gone from the row since
    assert area.selected == "KH" and errors == []
    assert any(m.get("state", {}).get("selected") == "KH" for m in sent)
    area.send_from_page({"event": "select", "card": 7})
    area.send_from_page({"event": "select", "card": "ZZ"})
    assert area.selected == "KH" and len(errors) == 2 and activated == []


# ---------------------------------------------------------------- moving cards (issue 29)


def test_a_card_dragged_in_a_reorderable_area_comes_as_a_move_message() -> None:
    """Issue 29: the learner orders their hand by dragging a card onto another place;
    the page sends ``{"event": "move", "code", "to"}``; the area moves the card among its
    cards, calls ``on_move(code, to)`` and says the move politely in its live region."""
    area, errors, _ = area_with("7S 8S 9S KH", reorderable=True)
    moves: list[tuple[str, int]] = []
    area.on_move(lambda code, to: moves.append((code, to)))
    area.send_from_page({"event": "move", "code": "KH", "to": 0})
    assert area.codes == ["KH", "7S", "8S", "9S"] and moves == [("KH", 0)]
    assert area.announcement == "The K♥ is now card 1 of 4." and area.announce_seq == 1
    area.move("7s", 3)  # a code in any case, as everywhere
    assert area.codes == ["KH", "8S", "9S", "7S"] and moves[-1] == ("7S", 3)
    area.move("7S", 3)  # dropped where it was: nothing moves, nothing said
    assert len(moves) == 2 and area.announce_seq == 2 and errors == []


def test_a_move_from_the_page_is_checked_and_a_bad_one_changes_nothing() -> None:
    area, errors, _ = area_with("7S 8S 9S", reorderable=True)
    moves: list[tuple[str, int]] = []
    area.on_move(lambda code, to: moves.append((code, to)))
    area.send_from_page({"event": "move", "code": "QD", "to": 0})
    area.send_from_page({"event": "move", "code": 7, "to": 0})
    area.send_from_page({"event": "move", "code": "7S", "to": 3})
    area.send_from_page({"event": "move", "code": "7S", "to": "1"})
    area.send_from_page({"event": "move", "code": "7S", "to": True})
    area.send_from_page({"event": "move", "code": "7S", "to": 1, "step": 2})
    assert errors == ["not-shown", "page-not-a-card", *["page-bad-move"] * 4]
    assert area.codes == ["7S", "8S", "9S"] and moves == [] and area.announcement == ""
    area.reorderable = False  # a page behind: the move is ignored quietly
    area.send_from_page({"event": "move", "code": "9S", "to": 0})
    assert area.codes == ["7S", "8S", "9S"] and len(errors) == 6


def test_a_move_key_moves_the_selected_card_and_says_so_even_at_an_end() -> None:
    """Keyboard and screen readers: a key moves the selected card one place; at either
    end nothing moves and the learner hears why."""
    area, errors, _ = area_with("7S 8S 9S", reorderable=True)
    area.click("8S")
    area.move_selected(-1)
    assert area.codes == ["8S", "7S", "9S"] and area.selected == "8S"
    assert area.announcement == "The 8♠ is now card 1 of 3."
    area.move_selected(-1)
    assert area.codes == ["8S", "7S", "9S"]
    assert area.announcement == "The 8♠ is already the first card."
    area.send_from_page({"event": "move", "code": "9S", "to": 2, "step": 1})
    assert area.announcement == "The 9♠ is already the last card." and errors == []


def test_a_moved_card_takes_the_group_of_the_place_it_goes_to() -> None:
    area = CardArea(reorderable=True)
    area.show(gin.parse_cards("7S 8S 9S KH"), groups=[[0, 1, 2], [3]])
    area.move("KH", 1)
    assert [(c["code"], c["group"]) for c in area.cards] == [
        ("7S", 0), ("KH", 0), ("8S", 0), ("9S", 0),
    ]  # fmt: skip


def test_the_move_keys_are_physical_keys_the_table_does_not_play_with() -> None:
    """The move keys (comma, full stop, Shift with an arrow) are named by physical key
    (KeyboardEvent.code), so they work on a Hebrew, Bulgarian or Lao layout, and none is
    a key the table plays with: an arrow without Shift still picks a card."""
    from gin.ui.cardarea import KEYS, MOVE_KEYS
    from gin.ui.keys import KEY_CODES
    from gin.ui.table.learnerhand import KEY_ACTIONS, PICK_KEYS

    assert set(MOVE_KEYS.values()) == {-1, 1}
    plain = [k for k in MOVE_KEYS if not k.startswith("Shift+")]
    assert plain == ["Comma", "Period"] and not set(plain) & set(KEY_CODES)
    shifted = {k.removeprefix("Shift+") for k in MOVE_KEYS if k.startswith("Shift+")}
    assert shifted == {"ArrowLeft", "ArrowRight"}
    assert not {KEY_CODES.get(k, k) for k in plain} & (KEYS | set(KEY_ACTIONS) | set(PICK_KEYS))
    assert CardArea(reorderable=True).move_keys == MOVE_KEYS


def test_the_page_script_sends_moves_as_messages_and_has_a_polite_live_region() -> None:
    script = (Path(gin.__file__).parent / "ui" / "cardarea.js").read_text(encoding="utf-8")
    assert 'model.send({ event: "move", code: code, to: to, step: step })' in script
    assert 'model.send({ event: "move", code: code, to: to })' in script
    assert 'live.setAttribute("aria-live", "polite")' in script
    assert 'model.on("change:announce_seq", say)' in script
    assert '"change:reorderable"' in script
    # the old drag within a group, for areas that are not reorderable, is kept
    assert 'model.send({ event: "reorder", order: order })' in script
    css = (Path(gin.__file__).parent / "ui" / "cardarea.css").read_text(encoding="utf-8")
    assert ".gin-cardarea-live" in css


NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="needs node to run the page script's helpers")
def test_the_page_script_works_out_each_move_as_the_kernel_expects(tmp_path: Path) -> None:
    """The page script's own helpers, run in node: a key steps the selected card and
    stops at either end; only the move keys (by physical key, Shift included) move; a
    card dropped before or after another takes the place the kernel then checks; a
    dragging finger points to the card under it (the one on top where cards overlap,
    never the card it drags), else the nearest, and to its left or right half."""
    from gin.ui.cardarea import MOVE_KEYS

    script = (Path(gin.__file__).parent / "ui" / "cardarea.js").read_text(encoding="utf-8")
    (tmp_path / "cardarea.mjs").write_text(script, encoding="utf-8")
    probe = tmp_path / "probe.mjs"
    probe.write_text(
        "import { moveTarget, moveStep, dropIndex, pointedCard } from './cardarea.mjs';\n"
        "const keys = " + json.dumps(MOVE_KEYS) + ";\n"
        "const box = (left) => ({ left: left, right: left + 80, top: 0, bottom: 120 });\n"
        "const hand = [box(0), box(66), box(132), box(198)];\n"
        "const out = {\n"
        "  target: [moveTarget(0, -1, 5), moveTarget(2, 1, 5), moveTarget(4, 1, 5)],\n"
        "  steps: [\n"
        "    moveStep(keys, { code: 'Comma' }), moveStep(keys, { code: 'Period' }),\n"
        "    moveStep(keys, { code: 'ArrowLeft', shiftKey: true }),\n"
        "    moveStep(keys, { code: 'ArrowLeft' }), moveStep(keys, { code: 'KeyT' }),\n"
        "    moveStep(keys, { code: 'Comma', ctrlKey: true }),\n"
        "  ],\n"
        "  drops: [\n"
        "    dropIndex(['a', 'b', 'c', 'd'], 'a', 'c', true),\n"
        "    dropIndex(['a', 'b', 'c', 'd'], 'a', 'c', false),\n"
        "    dropIndex(['a', 'b', 'c', 'd'], 'd', 'a', false),\n"
        "    dropIndex(['a', 'b', 'c', 'd'], 'b', 'd', true),\n"
        "  ],\n"
        "  points: [\n"
        "    pointedCard(hand, 20, 60, 3), pointedCard(hand, 70, 60, 3),\n"
        "    pointedCard(hand, 150, 60, 1), pointedCard(hand, 220, 60, 3),\n"
        "    pointedCard(hand, 400, -50, 0), pointedCard(hand, -30, 200, 0),\n"
        "    pointedCard([box(0)], 20, 60, 0),\n"
        "  ],\n"
        "};\n"
        "console.log(JSON.stringify(out));\n",
        encoding="utf-8",
    )
    run = subprocess.run(
        [str(NODE), str(probe)], capture_output=True, text=True, timeout=60, check=True
    )
    out = json.loads(run.stdout)
    assert out["target"] == [0, 3, 4]
    assert out["steps"] == [-1, 1, -1, 0, 0, 0]
    assert out["drops"] == [2, 1, 0, 3]
    assert out["points"] == [
        {"index": 0, "after": False},
        {"index": 1, "after": False},  # 0 and 1 overlap there: 1 is on top
        {"index": 2, "after": False},
        {"index": 2, "after": True},  # over the card dragged: its neighbour
        {"index": 3, "after": True},  # past the row's end, above it: the last card
        {"index": 1, "after": False},  # the card dragged is never the one pointed to
        None,
    ]
    # the kernel takes each of these drops as the same order the page shows
    for order, code, to, shown in (
        ("7S 8S 9S KH", "7S", 2, ["8S", "9S", "7S", "KH"]),
        ("7S 8S 9S KH", "KH", 0, ["KH", "7S", "8S", "9S"]),
    ):
        area, errors, _ = area_with(order, reorderable=True)
        area.move(code, to)
        assert area.codes == shown and errors == []
