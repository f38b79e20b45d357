"""The real table's new page scripts in Chromium (issue 29), each on a page of its own:
the card area's moves (``cardarea.js``: a key, a drag by mouse or by finger, the live
region) and the help control kept in the browser (``helpchoice.js``: a level chosen is the
next page's).

Each widget's front end is drawn (the card area with its style sheet) with a small stand-in
for its model (the traits the kernel syncs, and the messages the page sends); what the page
sends is handed to the widget's kernel side, and what the kernel then holds is handed back,
as the comm would. No Voilà server is needed: the page is served by a Playwright route on a
loopback address. The finger's tests run on a phone-sized page with a touch screen.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import gin
from gin.ui.cardarea import CardArea
from gin.ui.table.helpchoice import STORAGE_KEY, HelpChoice

if TYPE_CHECKING:
    from playwright.sync_api import Browser, CDPSession, Page, Route

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
<link rel="stylesheet" href="./cardarea.css"></head>
<body><div class="gin-table"><div id="area"></div></div><div id="help"></div>
<button id="elsewhere">elsewhere</button><div id="below" style="height: 2000px"></div>
<script type="module" src="./harness.js"></script></body></html>"""


def serve(page: Page) -> None:
    files = {
        "/parts.html": (PAGE, "text/html"),
        "/harness.js": (HARNESS, "text/javascript"),
        "/cardarea.js": ((UI / "cardarea.js").read_text("utf-8"), "text/javascript"),
        "/cardarea.css": ((UI / "cardarea.css").read_text("utf-8"), "text/css"),
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


# ---------------------------------------------------------------- a finger on a phone


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A page the size of a phone (390 x 844) with a touch screen, reaching nothing but
    the parts served here."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    context.route("**/*", lambda route: route.abort())  # the page's own routes go first
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        yield page
    finally:
        context.close()


class Finger:
    """One finger on the touch screen: real touch input (CDP ``Input.dispatchTouchEvent``),
    so the browser makes the pointer events (pointerType ``touch``), applies the cards'
    ``touch-action`` and fires a click for a tap, as a phone does.

    Each touch event carries its own time, a finger's pace (50 ms from one to the next, half
    a second between two touches): events all at one instant are a flick too fast for any
    finger, and the browser then swallows the next tap as the one that stops the flick."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.cdp: CDPSession = page.context.new_cdp_session(page)
        self.at = (0.0, 0.0)
        self.clock = time.time()  # a start for the events' own times, never waited for

    def _send(self, kind: str, x: float, y: float) -> None:
        points = [] if kind in ("touchEnd", "touchCancel") else [{"x": x, "y": y}]
        self.clock += 0.5 if kind == "touchStart" else 0.05
        self.cdp.send(
            "Input.dispatchTouchEvent",
            {"type": kind, "touchPoints": points, "timestamp": self.clock},
        )
        self.at = (x, y)

    def down(self, x: float, y: float) -> None:
        self._send("touchStart", x, y)

    def tap(self, x: float, y: float) -> None:
        self.down(x, y)
        self.up()

    def move(self, x: float, y: float, steps: int = 6) -> None:
        x0, y0 = self.at
        for i in range(1, steps + 1):
            self._send("touchMove", x0 + (x - x0) * i / steps, y0 + (y - y0) * i / steps)

    def up(self) -> None:
        self._send("touchEnd", *self.at)

    def cancel(self) -> None:
        self._send("touchCancel", *self.at)


def card_box(page: Page, code: str) -> dict[str, float]:
    box = page.locator(f'#area [data-card="{code}"]').bounding_box()
    assert box is not None
    return box


def middle(page: Page, code: str) -> tuple[float, float]:
    box = card_box(page, code)
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def open_hand(page: Page, area: CardArea) -> Finger:
    serve(page)
    open_parts(page)
    mount(page, "area", "area", area)
    assert sent(page, "area") == []
    return Finger(page)


def test_a_finger_drags_a_card_of_the_hand_as_the_mouse_does(phone: Page) -> None:
    """Issue 29: the learner orders the hand on a phone too. A finger that presses a card
    and moves sideways drags it: the card follows the finger, and where the finger lifts
    it is dropped as a mouse drops it (the same ``move`` message, once, that the kernel
    takes); the click a browser may fire after the drag selects nothing, and the next tap
    selects as before. In a ``draggable`` area a finger reorders within the group."""
    area = CardArea(mode="single", reorderable=True)
    area.show(gin.parse_cards("7S 9S 8S KH"))
    finger = open_hand(phone, area)
    x, y = middle(phone, "KH")
    start = card_box(phone, "KH")["x"]
    finger.down(x, y)
    target = card_box(phone, "7S")
    finger.move(target["x"] + 4, y)
    node = '#area [data-card="KH"]'
    assert phone.evaluate(f"document.querySelector('{node}').classList.contains('gin-dragging')")
    assert card_box(phone, "KH")["x"] < start - 100  # the card is under the finger
    assert phone.locator('#area [data-card="7S"].gin-drop-before').count() == 1
    assert sent(phone, "area") == []  # nothing is sent before the finger lifts
    finger.up()
    drags = sent(phone, "area")
    assert drags == [{"event": "move", "code": "KH", "to": 0}]  # as the mouse's drag
    assert row(phone) == ["KH", "7S", "9S", "8S"]
    assert phone.locator("#area .gin-dragging, #area .gin-drop-before").count() == 0
    assert card_box(phone, "KH")["x"] == pytest.approx(target["x"], abs=1)  # there at once
    area.send_from_page(drags[0])
    assert area.codes == ["KH", "7S", "9S", "8S"] == row(phone)
    assert area.selected == "" and area.announcement == "The K♥ is now card 1 of 4."

    phone.evaluate(f"document.querySelector('{node}').click()")  # a click after the drag
    assert sent(phone, "area") == []  # selects nothing (and throws nothing)
    assert phone.locator("#area .gin-selected").count() == 0
    push(phone, "area", cards=area.cards)
    finger.tap(*middle(phone, "9S"))  # the next tap selects, as before
    assert sent(phone, "area") == [{"event": "select", "card": "9S"}]

    plain = CardArea(mode="single", draggable=True)  # full help: within a group
    plain.show(gin.parse_cards("7S 8S 9S KH"), groups=[[0, 1, 2], [3]])
    orders: list[list[str]] = []
    plain.on_reorder(orders.append)
    mount(phone, "area", "area", plain)
    x, y = middle(phone, "7S")
    finger.down(x, y)
    finger.move(card_box(phone, "9S")["x"] + card_box(phone, "9S")["width"] - 4, y)
    finger.up()
    reorders = sent(phone, "area")
    assert reorders == [{"event": "reorder", "order": ["8S", "9S", "7S", "KH"]}]
    plain.send_from_page(reorders[0])
    assert orders == [["8S", "9S", "7S", "KH"]]


def test_a_short_touch_on_a_card_is_a_tap_and_a_swipe_up_scrolls(phone: Page) -> None:
    """Issue 29: ordering by finger takes nothing from a tap or a scroll. A touch that
    moves less than the drag's few pixels is a tap: it selects the card, and a second tap
    throws it (``activate``), with no move sent and the order kept; a finger swiping up
    from a card scrolls the page (the cards take only sideways moves: ``touch-action:
    pan-y``) and moves no card."""
    area = CardArea(mode="single", reorderable=True)
    area.show(gin.parse_cards("7S 8S 9S KH"))
    finger = open_hand(phone, area)
    x, y = middle(phone, "8S")
    finger.down(x, y)
    finger.move(x + 3, y + 1, steps=1)
    finger.up()
    taps = sent(phone, "area")
    assert taps == [{"event": "select", "card": "8S"}]
    area.send_from_page(taps[0])
    assert area.selected == "8S" and row(phone) == ["7S", "8S", "9S", "KH"]
    finger.tap(x, y)
    again = sent(phone, "area")
    assert again == [{"event": "activate", "card": "8S", "index": 1}]
    thrown: list[str] = []
    area.on_activate(thrown.append)
    area.send_from_page(again[0])
    assert thrown == ["8S"] and area.codes == ["7S", "8S", "9S", "KH"]

    style = "n => getComputedStyle(n).touchAction"
    assert phone.eval_on_selector('#area [data-card="9S"]', style) == "pan-y pinch-zoom"
    assert phone.evaluate("window.scrollY") == 0
    x, y = middle(phone, "9S")
    finger.down(x, y)
    finger.move(x, y - 300)
    finger.up()
    phone.wait_for_function("window.scrollY > 100")
    assert sent(phone, "area") == [] and row(phone) == ["7S", "8S", "9S", "KH"]
    assert phone.locator("#area .gin-dragging").count() == 0

    fixed = CardArea(mode="single")  # an area nobody orders keeps the browser's touch
    fixed.show(gin.parse_cards("7S 8S"))
    mount(phone, "area", "area", fixed)
    assert phone.eval_on_selector('#area [data-card="7S"]', style) == "auto"


def test_a_touch_drag_the_browser_cancels_leaves_the_hand_as_it_was(phone: Page) -> None:
    """Issue 29: a finger's drag that the browser takes back (``pointercancel``: a
    gesture of its own, the finger lost) puts the card back where it was and sends
    nothing, so the hand's order in the kernel and on the page stays the same. The
    selected card, dragged, stays raised as the selected card."""
    area = CardArea(mode="single", reorderable=True)
    area.show(gin.parse_cards("7S 8S 9S KH"))
    finger = open_hand(phone, area)
    finger.tap(*middle(phone, "9S"))
    for message in sent(phone, "area"):
        area.send_from_page(message)
    assert area.selected == "9S"
    raised = "n => getComputedStyle(n).transform === 'matrix(1, 0, 0, 1, 0, -16)'"
    phone.wait_for_function(f"({raised})(document.querySelector('#area .gin-selected'))")
    before = card_box(phone, "9S")
    x, y = middle(phone, "9S")
    finger.down(x, y)
    finger.move(card_box(phone, "7S")["x"] + 4, y)
    assert phone.locator('#area [data-card="9S"].gin-dragging').count() == 1
    assert card_box(phone, "9S")["y"] == pytest.approx(before["y"], abs=1)
    finger.cancel()
    assert sent(phone, "area") == []
    assert row(phone) == ["7S", "8S", "9S", "KH"] == area.codes
    assert phone.locator("#area .gin-dragging, #area .gin-drop-before").count() == 0
    assert phone.eval_on_selector('#area [data-card="9S"]', "n => n.style.transform") == ""
    phone.wait_for_function(  # back in its place once the card has slid back
        f"Math.abs(document.querySelector('#area [data-card=\"9S\"]')"
        f".getBoundingClientRect().x - {before['x']}) < 1"
    )
    phone.wait_for_function(  # and raised again once its transition is over
        f"({raised})(document.querySelector('#area [data-card=\"9S\"]'))", timeout=5_000
    )
    finger.tap(*middle(phone, "KH"))  # and a tap after it selects
    assert sent(phone, "area") == [{"event": "select", "card": "KH"}]


@pytest.fixture(autouse=True)
def _close_widgets() -> Any:
    import ipywidgets

    yield
    ipywidgets.Widget.close_all()
