"""The CardArea widget: clicks, selection, and checking everything the page sends."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import ipywidgets
import pytest

import gin
from gin.ui.cardarea import CardArea


@pytest.fixture(autouse=True)
def fresh_widgets() -> Iterator[None]:
    yield
    ipywidgets.Widget.close_all()


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
