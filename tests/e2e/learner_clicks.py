"""A learner's clicks in a lesson page, scripted for the browser tests (Voilà's and the
static site's): a whole deal at the card table, from the up-card offer to the score pad,
and the knocking lesson's stepper walked to its score.

The table is read with :data:`voila_harness.TABLE_STATE_JS`; the scripted learner passes
the up card, draws from the stock, throws away its highest deadwood card and knocks (or
goes gin) as soon as the table allows.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest
from voila_harness import TABLE_STATE_JS

import gin

if TYPE_CHECKING:
    from playwright.sync_api import Page

TABLE_ACTIONS = ("confirm", "pass", "draw", "gin", "big_gin", "knock", "lay_off")
"""The actions (named as in ``TABLE_STATE_JS``) the scripted learner takes whenever the
table allows one, first the first."""
_BUTTON_CLASSES = {"draw": "draw-stock", "big_gin": "big-gin", "lay_off": "lay-off"}
"""The CSS class ``gin-action-…`` of an action's button, where it is not the action's name."""
END_KINDS = ("knock", "undercut", "gin", "big gin", "void deal")
"""How a deal can end, as the score pad says."""


def allowed_action(state: dict[str, Any]) -> str | None:
    """The first of :data:`TABLE_ACTIONS` that the table (``TABLE_STATE_JS``) allows now."""
    return next((a for a in TABLE_ACTIONS if state[a]), None)


def card_to_throw(state: dict[str, Any]) -> str:
    """The card the scripted learner discards: its highest deadwood card (of the whole
    hand when every card is melded), the later card in the deck's order among equals."""
    pool = state["deadwood"] or state["hand"]
    return max(pool, key=lambda c: (gin.Card.parse(c).points, gin.Card.parse(c).index))


def wait_for_table_change(page: Page, before: dict[str, Any], timeout_s: float) -> None:
    """Wait (up to ``timeout_s``) until the table shows something else than ``before``."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end and page.evaluate(TABLE_STATE_JS) == before:
        page.wait_for_timeout(50)


def click_enabled(page: Page, css: str) -> bool:
    """Click the enabled button of CSS class ``css``; False if it was disabled meanwhile
    (the table moved on: the caller looks at the table again)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.locator(f"button.{css}:not([disabled])").click(timeout=5_000)
    except PlaywrightTimeout:
        return False
    return True


class TableTurns:
    """The table's states (:data:`TABLE_STATE_JS`) one after another, until the score pad
    has a row: the loop of a test that plays a deal by clicks or keys.

    The caller looks at each state and acts (clicks, presses a key); the next state comes
    once the table shows something else (up to ``settle_s``). When there is nothing to do
    (the opponent's turn, the end of the deal), the caller says :meth:`idle` and the table
    is looked at again shortly. After ``seconds`` the test fails with ``failing()``.
    ``until(state)`` ends the walk instead of the score pad's first row.
    """

    def __init__(
        self,
        page: Page,
        seconds: float,
        failing: Callable[[], str] = lambda: "the deal did not reach the score pad",
        settle_s: float = 10.0,
        until: Callable[[dict[str, Any]], bool] = lambda s: bool(s["rows"] >= 1),
    ) -> None:
        self.page, self.seconds, self.failing, self.settle_s = page, seconds, failing, settle_s
        self.until = until
        self._acted = True

    def idle(self) -> None:
        """Nothing to do at this state: look at the table again in a moment."""
        self._acted = False

    def __iter__(self) -> Iterator[dict[str, Any]]:
        deadline = time.monotonic() + self.seconds
        while time.monotonic() < deadline:
            s: dict[str, Any] = self.page.evaluate(TABLE_STATE_JS)
            if self.until(s):
                return
            self._acted = True
            yield s
            if self._acted:
                wait_for_table_change(self.page, s, self.settle_s)
            else:
                self.page.wait_for_timeout(100)
        pytest.fail(self.failing())


def play_deal_by_clicks(page: Page, seconds: float, settle_s: float = 10.0) -> list[str]:
    """Play the learner's side of the table's deal by clicks until the score pad has a
    row; each click waits up to ``settle_s`` for the table to answer. The clicks made, in
    order (a missed one in parentheses). Fails the test after ``seconds``."""
    actions: list[str] = []

    def failing() -> str:
        said = page.evaluate(
            "() => ['.gin-turn', '.gin-coach'].map(c => document.querySelector(c))"
            ".map(e => e ? e.innerText.slice(0, 300) : '').join(' | ')"
        )
        return f"the deal did not reach the score pad; actions: {actions}; the table: {said}"

    turns = TableTurns(page, seconds, failing, settle_s)
    for s in turns:
        click_learner_move(page, s, actions, turns)
    return actions


def click_learner_move(
    page: Page, state: dict[str, Any], actions: list[str], turns: TableTurns
) -> None:
    """The scripted learner's click at the table showing ``state``: the first action
    allowed, else the card to throw (selected, then discarded); each click noted in
    ``actions`` (a missed one in parentheses). Nothing to click (the opponent's turn, the
    end of the deal): ``turns`` is told it is idle."""
    action = allowed_action(state)
    if action is not None:
        css = f"gin-action-{_BUTTON_CLASSES.get(action, action)}"
        actions.append(action if click_enabled(page, css) else f"({action} missed)")
    elif len(state["hand"]) == 11 and state["selected"] != [worst := card_to_throw(state)]:
        page.locator(f'.gin-hand .gin-card[data-card="{worst}"]').click()
        actions.append(f"select {worst}")
    elif len(state["hand"]) == 11 and state["discard"]:
        done = click_enabled(page, "gin-action-discard")
        actions.append(f"discard {card_to_throw(state)}" if done else "(discard missed)")
    else:
        turns.idle()


def assert_one_deal_scored(page: Page) -> None:
    """The score pad shows one deal, ended in one of :data:`END_KINDS`, its points to
    the winner's total (none to either on a void deal)."""
    rows = page.locator(".gin-scores .gin-score-row")
    assert rows.count() == 1
    cells = rows.first.locator("td").all_inner_texts()
    number, _up, kind, winner, points, mine, theirs = cells
    assert number == "1"
    assert kind in END_KINDS, cells
    pts = int(re.match(r"\d+", points).group())  # type: ignore[union-attr]
    expected = {"You": (pts, 0), "Opponent": (0, pts)}.get(winner, (0, 0))
    assert (int(mine), int(theirs)) == expected, cells


def walk_stepper_to_score(page: Page, timeout_ms: float) -> None:
    """The knocking lesson's stepper: one step forward adds a step, then all the steps
    are played out to the score."""
    steps = page.locator(".gin-stepper-steps li")
    before = steps.count()
    page.locator(".gin-step-next").click()
    page.wait_for_function(
        "n => document.querySelectorAll('.gin-stepper-steps li').length > n", arg=before
    )
    page.locator(".gin-step-all").click()
    page.locator(".gin-stepper-score").wait_for(timeout=timeout_ms)
