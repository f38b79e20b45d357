"""The real table's new page scripts in Chromium (issue 29), each on a page of its own:
the card area's moves (``cardarea.js``: a key, a drag, the live region) and the help
control kept in the browser (``helpchoice.js``: a level chosen is the next page's).

Each widget's front end is drawn with a small stand-in for its model (the traits the
kernel syncs, and the messages the page sends); what the page sends is handed to the
widget's kernel side, and what the kernel then holds is handed back, as the comm would.
No Voilà server is needed: the page is served by a Playwright route on a loopback address.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import gin
from gin.ui.cardarea import CardArea
from gin.ui.table.helpchoice import STORAGE_KEY, HelpChoice

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route

ORIGIN = "http://127.0.0.1:9"
UI = Path(gin.__file__).parent / "ui"

HARNESS = """
import cardarea from "./cardarea.js";
import helpchoice from "./helpchoice.js";

function fakeModel(state) {
  const handlers = {};
  const model = {
    state: state,
    sent: [],
    get: (k) => state[k],
    set: (k, v) => {
      state[k] = v;
      (handlers["change:" + k] || []).forEach((f) => f());
    },
    on: (n, f) => { (handlers[n] = handlers[n] || []).push(f); },
    off: (n, f) => { handlers[n] = (handlers[n] || []).filter((g) => g !== f); },
    send: (m) => model.sent.push(JSON.parse(JSON.stringify(m))),
    save_changes: () => {},
  };
  return model;
}

window.mount = (widget, id, state) => {
  const el = document.getElementById(id);
  el.innerHTML = "";
  const model = fakeModel(state);
  (widget === "area" ? cardarea : helpchoice).render({ model: model, el: el });
  window.models = window.models || {};
  window.models[id] = model;
};
window.ready = true;
"""

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>parts</title>
</head><body><div class="gin-table"><div id="area"></div></div><div id="help"></div>
<button id="elsewhere">elsewhere</button>
<script type="module" src="./harness.js"></script></body></html>"""


def serve(page: Page) -> None:
    files = {
        "/parts.html": (PAGE, "text/html"),
        "/harness.js": (HARNESS, "text/javascript"),
        "/cardarea.js": ((UI / "cardarea.js").read_text("utf-8"), "text/javascript"),
        "/helpchoice.js": (
            (UI / "table" / "helpchoice.js").read_text("utf-8"),
            "text/javascript",
        ),
    }

    def answer(route: Route) -> None:
        path = "/" + route.request.url.split("/", 3)[3].split("?")[0]
        body, kind = files[path]
        route.fulfill(status=200, body=body, content_type=kind)

    page.route(f"{ORIGIN}/**", answer)


def open_parts(page: Page) -> None:
    page.goto(f"{ORIGIN}/parts.html")
    page.wait_for_function("window.ready === true")


def state(widget: Any) -> dict[str, Any]:
    """The widget's synced traits, as the page receives them."""
    return json.loads(json.dumps(widget.get_state(), default=str))


def mount(page: Page, kind: str, id_: str, widget: Any) -> None:
    page.evaluate("([k, id, s]) => window.mount(k, id, s)", [kind, id_, state(widget)])


def sent(page: Page, id_: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = page.evaluate(f"window.models['{id_}'].sent.splice(0)")
    return out


def push(page: Page, id_: str, **traits: Any) -> None:
    """The kernel's new values, as the comm hands them to the page."""
    for name, value in traits.items():
        page.evaluate(f"([k, v]) => window.models['{id_}'].set(k, v)", [name, value])


def row(page: Page) -> list[str]:
    out: list[str] = page.eval_on_selector_all(
        "#area [data-card]", "nodes => nodes.map(n => n.dataset.card)"
    )
    return out


def test_a_card_moved_by_key_or_drag_is_sent_as_a_move_and_said_politely(page: Page) -> None:
    """Issue 29: in a reorderable hand the selected card moves with the move keys (by
    physical key; an arrow alone still picks a card, as at the table), a card dragged
    onto another takes its place, each as a ``move`` message the kernel takes; the
    kernel's sentence is said in the area's polite live region."""
    serve(page)
    open_parts(page)
    area = CardArea(mode="single", key_input=True, reorderable=True)
    area.show(gin.parse_cards("7S 8S 9S KH"))
    mount(page, "area", "area", area)
    assert row(page) == ["7S", "8S", "9S", "KH"]
    page.click('#area [data-card="8S"]')
    for message in sent(page, "area"):  # the click selects 8S, in the kernel too
        area.send_from_page(message)
    assert area.selected == "8S"
    page.keyboard.press("Period")  # the card focused moves right
    moves = sent(page, "area")
    assert moves == [{"event": "move", "code": "8S", "to": 2, "step": 1}]
    assert row(page) == ["7S", "9S", "8S", "KH"]  # on the page at once
    assert page.evaluate("document.activeElement.dataset.card") == "8S"
    area.send_from_page(moves[0])
    assert area.codes == ["7S", "9S", "8S", "KH"]
    push(page, "area", cards=area.cards, announcement=area.announcement)
    push(page, "area", announce_seq=area.announce_seq)
    live = page.locator('#area .gin-cardarea-live[aria-live="polite"]')
    page.wait_for_function(
        "document.querySelector('#area .gin-cardarea-live').textContent !== ''"
    )
    assert live.text_content() == "The 8♠ is now card 3 of 4."
    assert row(page) == ["7S", "9S", "8S", "KH"]

    page.focus("#elsewhere")  # the page's keys: the selected card moves, by Shift+arrow
    page.keyboard.press("Shift+ArrowLeft")
    assert sent(page, "area") == [{"event": "move", "code": "8S", "to": 1, "step": -1}]
    page.keyboard.press("ArrowLeft")  # an arrow alone picks a card, as before
    assert sent(page, "area") == [{"event": "key", "key": "arrowleft"}]

    push(page, "area", cards=area.cards)
    page.drag_and_drop('#area [data-card="KH"]', '#area [data-card="7S"]',
                       target_position={"x": 4, "y": 30})  # fmt: skip
    drags = sent(page, "area")
    assert drags == [{"event": "move", "code": "KH", "to": 0}]
    area.send_from_page(drags[0])
    assert area.codes == ["KH", "7S", "9S", "8S"] == row(page)

    area.reorderable = False  # full help: the old drag within a group, no moves
    push(page, "area", reorderable=False, cards=area.cards)
    page.click('#area [data-card="9S"]')
    sent(page, "area")
    page.keyboard.press("Comma")
    assert sent(page, "area") == []


def test_a_help_level_chosen_is_kept_for_the_next_page(page: Page) -> None:
    """Issue 29: the control shows full, some and real table in that order; a level
    chosen with it is stored and told to the kernel of the next page; the address's
    ?help= wins over the stored level and is stored in its turn."""
    serve(page)
    open_parts(page)
    page.evaluate(f"localStorage.removeItem('{STORAGE_KEY}')")
    choice = HelpChoice()
    mount(page, "help", "help", choice)
    buttons = page.locator("#help .gin-help-choice button, #help button.gin-help-option")
    assert buttons.all_text_contents() == ["Full help", "Some help", "Real table"]
    assert page.get_attribute("#help button[data-help=full]", "aria-pressed") == "true"
    for message in sent(page, "help"):
        assert message == {"event": "stored", "value": ""}
        choice.send_from_page(message)
    push(page, "help", loaded=choice.loaded)
    page.click("#help button[data-help=none]")
    clicks = sent(page, "help")
    assert clicks == [{"event": "choose", "value": "none"}]
    choice.send_from_page(clicks[0])
    push(page, "help", value=choice.value)
    assert page.get_attribute("#help button[data-help=none]", "aria-pressed") == "true"
    assert page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')") == "none"

    page.reload()  # the next page: it tells its kernel the level kept
    page.wait_for_function("window.ready === true")
    nxt = HelpChoice()
    told: list[str] = []
    nxt.on_choose(told.append)
    mount(page, "help", "help", nxt)
    for message in sent(page, "help"):
        nxt.send_from_page(message)
    assert nxt.value == "none" and told == ["none"]

    addressed = HelpChoice("some", from_address=True)  # ?help=some wins, and is kept
    mount(page, "help", "help", addressed)
    assert sent(page, "help") == []
    assert page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')") == "some"


@pytest.fixture(autouse=True)
def _close_widgets() -> Any:
    import ipywidgets

    yield
    ipywidgets.Widget.close_all()
