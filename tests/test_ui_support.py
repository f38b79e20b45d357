"""Helpers for the widget tests (no tests here): play a table through its widgets and
check that it shows exactly the engine's state (no browser)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets

import gin
from gin.i18n import card_label
from gin.ui import play_table
from gin.ui.table.gintable import GinTable


def all_widgets() -> list[Any]:
    """Every live widget instance."""
    from ipywidgets.widgets import widget as widget_module

    return list(widget_module._instances.values())


def synced_text(widgets: Iterable[Any]) -> str:
    """Everything the page could receive from these widgets, as one string."""
    parts = []
    for wdg in widgets:
        parts.append(json.dumps(wdg.get_state(), default=str, ensure_ascii=False))
    return "\n".join(parts)


_CODE = re.compile(r"(?<![A-Za-z0-9])([A2-9TJQK][SHDC])(?![A-Za-z0-9])")
_NAME = re.compile(
    r"\b(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of "
    r"(spades|hearts|diamonds|clubs)\b",
    re.IGNORECASE,
)
_SYMBOL = re.compile(r"(?<![0-9])(10|[A2-9JQK])([♠♥♦♣])")


def cards_named(text: str) -> dict[gin.Card, str]:
    """Every card written in ``text`` as a code (7S), a name (seven of spades) or with a
    suit symbol (7♠), with the first spelling found."""
    found: dict[gin.Card, str] = {}
    for m in _CODE.finditer(text):
        found.setdefault(gin.Card.parse(m.group(1)), m.group(0))
    for m in _NAME.finditer(text):
        found.setdefault(
            gin.Card.parse(_NAME_CODE[m.group(1).lower()] + m.group(2)[0].upper()), m.group(0)
        )
    for m in _SYMBOL.finditer(text):
        found.setdefault(gin.Card.parse(m.group(0)), m.group(0))
    return found


_NAME_CODE = {
    "ace": "A", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
    "eight": "8", "nine": "9", "ten": "T", "jack": "J", "queen": "Q", "king": "K",
}  # fmt: skip


def hidden_cards(table: GinTable) -> list[gin.Card]:
    """Cards the learner must not see now: the stock and the opponent's unknown cards."""
    deal = table.controller.deal
    view = table.controller.view()
    known = set(view.opponent_known)
    if view.knocker == 1 and view.knocker_shown is not None:
        known |= set(view.knocker_shown.cards)  # laid face up by the opponent's knock
    return [c for c in deal.hands[1] if c not in known] + list(deal.stock)


def leaked_cards(table: GinTable, widgets: Iterable[Any] | None = None) -> list[str]:
    """Hidden cards that appear in any synced widget state.

    The score pad is left out: it names the up cards of finished deals, which were public
    then (they are checked separately by :func:`assert_scores_only_past_up_cards`)."""
    pool = all_widgets() if widgets is None else list(widgets)
    text = synced_text(w for w in pool if w is not table.scores)
    named = cards_named(text)
    return [f"{c.code} as {named[c]!r}" for c in hidden_cards(table) if c in named]


def assert_scores_only_past_up_cards(table: GinTable) -> None:
    """The score pad names no card but the up cards of finished deals."""
    allowed = {r.up_card for r in table.scores.records}
    assert set(cards_named(table.scores.value)) <= allowed


SIMPLE_ACTIONS = {
    "take": gin.TakeUpCard(),
    "pass": gin.Pass(),
    "draw_stock": gin.DrawStock(),
    "draw_discard": gin.DrawDiscard(),
    "big_gin": gin.BigGin(),
    "lay_off": gin.LayOff(),
}
"""The buttons that stand for one action each (the test's own table, not the table's)."""


def expected_buttons(view: gin.PlayerView, selected: gin.Card | None) -> dict[str, bool]:
    """Which action buttons should be enabled, computed from the legal actions: a button
    of one action when that action is legal, Discard for a selected card that may be
    discarded, Knock and Gin when some legal knock leaves deadwood, or none."""
    legal = view.legal_actions
    left = [
        gin.deadwood([c for c in view.hand if c != a.card])
        for a in legal
        if isinstance(a, gin.Knock)
    ]
    found = {name: action in legal for name, action in SIMPLE_ACTIONS.items()}
    found["discard"] = selected is not None and gin.Discard(selected) in legal
    found["knock"] = any(d > 0 for d in left)
    found["gin"] = 0 in left
    return found


def arrangement_codes(arr: gin.Arrangement) -> list[list[str]]:
    """The card codes of an arrangement as the table groups them: melds, then deadwood."""
    want = [[c.code for c in m.cards] for m in arr.melds]
    if arr.deadwood:
        want.append([c.code for c in arr.deadwood])
    return want


def group_codes(area: Any) -> list[list[str]]:
    """The card codes of a CardArea, group by group."""
    groups: dict[int, list[str]] = {}
    for c in area.cards:
        groups.setdefault(c["group"], []).append(c["code"])
    return [groups[k] for k in sorted(groups)]


def assert_shows_engine_state(table: GinTable) -> None:
    """The table shows exactly the learner's view of the engine's state."""
    view = table.controller.view()
    over = view.phase.is_over
    # the learner's hand, arranged by the engine: melds, then deadwood marked
    if not over:
        # after the learner's own knock, the melds the engine laid down
        mine = view.knocker == 0 and view.knocker_shown is not None
        arr = view.knocker_shown if mine else gin.best_arrangement(view.hand)
        assert arr is not None
        assert group_codes(table.hand) == arrangement_codes(arr)
        assert sorted(table.hand.codes) == sorted(c.code for c in view.hand)
        marked = {c["code"] for c in table.hand.cards if c["marked"]}
        assert marked == {c.code for c in arr.deadwood}
        count = f'gin-deadwood-count">{gin.deadwood(view.hand)}<'
        assert count in table.hand_label.value
    # the opponent's hand face down with its count; after their knock, laid face up
    laid = view.knocker_shown if view.knocker == 1 else None
    if not over and laid is not None:
        assert group_codes(table.opponent_area) == arrangement_codes(laid)
        assert f"{view.opponent_card_count} cards laid face up" in table.opponent_label.value
    elif not over and not table.teacher:
        assert len(table.opponent_area.cards) == view.opponent_card_count
        assert all(c["code"] == "" for c in table.opponent_area.cards)
        assert f"{view.opponent_card_count} cards" in table.opponent_label.value
    if over and view.opponent_hand is not None:
        # both hands face up; laid-off cards move to the knocker's melds as they are laid
        shown = sorted(table.opponent_area.codes + table.hand.codes)
        assert shown == sorted(c.code for c in (*view.hand, *view.opponent_hand))
        r = view.result
        if r is not None and table.controller.revealed():
            knocker_area = table.hand if view.knocker == 0 else table.opponent_area
            knocker_codes = [c.code for m in r.knocker_melds_after_layoffs for c in m.cards]
            knocker_codes += [c.code for c in r.knocker_arrangement.deadwood]
            assert sorted(knocker_area.codes) == sorted(knocker_codes)
    # stock, discard pile, history, up card and badge
    assert f">{view.stock_count}</span>" in table.stock_label.value
    assert len(table.stock_area.cards) == (1 if view.stock_count else 0)
    assert all(c["code"] == "" for c in table.stock_area.cards)
    top = view.top_discard
    assert table.discard_area.codes == ([top.code] if top is not None else [])
    assert table.history_area.codes == [c.code for c in view.discard_pile]
    assert f">{len(view.discard_pile)}</span>" in table.discard_label.value
    badge = table.limit_badge.value
    assert f"Knock limit {view.knock_limit}" in badge  # one whole number: no grouping
    assert ("only gin" in badge) == (view.knock_limit == 0)
    assert ("or big gin" in badge) == (view.knock_limit == 0 and view.rules.big_gin)
    assert ("doubled" in badge) == view.doubled
    # the up card is drawn once: on the discard pile while it lies there, beside the
    # badge once taken
    up_pic = f'aria-label="{view.up_card.name}"' in table.up_card_html.value
    assert card_label(view.up_card.code) in table.up_card_html.value
    assert up_pic == (top is not view.up_card)
    # buttons enabled exactly when the engine says the action is legal
    sel = gin.Card.parse(table.hand.selected) if table.hand.selected else None
    expected = expected_buttons(view, sel)
    pending = table.controller.pending is not None
    for key, on in expected.items():
        assert table.buttons[key].disabled == (not on or pending), (key, on, view.phase)
        # only legal actions are on show (Discard while a discard is legal, waiting for a
        # selected card); an action the rules lack (big gin in classic) never is
        legal = on or (
            key == "discard" and any(isinstance(a, gin.Discard) for a in view.legal_actions)
        )
        hidden = table.buttons[key].layout.display == "none"
        assert hidden == (not legal or pending), (key, legal, view.phase)
        if key == "big_gin" and not view.rules.big_gin:
            assert hidden
    # whose turn it is, in words
    turn = table.turn_html.value
    if not over and view.my_turn:
        assert "Your turn" in turn
    elif not over and not table.teacher:
        assert "Your opponent is thinking" in turn
    assert table.buttons["confirm"].disabled == (not pending)
    # the coach renders the engine's own explanation data
    if not over:
        assert table.coach.steps("limit") == gin.knock_limit_steps(view.rules, view.up_card)
        assert table.coach.steps("hand") == gin.explain_melds(view.hand).steps
    turn = table.coach.steps("turn")
    if not over:
        # the turn's options (or the layoffs open after the opponent's knock) are the
        # engine's own steps
        shown = turn or table.coach.steps("layoff")
        assert shown == gin.turn_steps(view)
    if view.my_turn and view.phase is gin.Phase.DISCARD:
        (best,) = [s for s in turn if s.code == "best-discards"]
        legal = {a.card for a in view.legal_actions if isinstance(a, gin.Discard)}
        left = {c: gin.deadwood([x for x in view.hand if x != c]) for c in legal}
        assert best.data["deadwood"] == min(left.values())
        assert {gin.Card.parse(code) for code in best.data["cards"]} == {
            c for c, d in left.items() if d == min(left.values())
        }
    for step in turn:
        if step.code == "now":
            assert step.data["deadwood"] == gin.deadwood(view.hand)
        if step.code == "take":
            card = gin.Card.parse(step.data["card"])
            options = [
                gin.deadwood([*view.hand, card][:i] + [*view.hand, card][i + 1 :])
                for i in range(len(view.hand))  # every discard but the card taken
            ]
            assert step.data["after"] == min(options)
    if over and table.controller.revealed() and view.result is not None:
        assert table.coach.steps("result") == view.result.steps
    # the score pad
    if table.controller.revealed() or not over:
        assert table.scores.records == table.controller.game.score_sheet
    assert f"target {view.rules.target}" in table.scores.value


def choose(view: gin.PlayerView, rng: random.Random, bot: Any) -> gin.Action:
    """The learner's move in the tests: mostly the eager bot's choice, sometimes another
    legal move, so that games go through every kind of turn."""
    legal = list(view.legal_actions)
    action: gin.Action = bot.choose(view)
    if rng.random() < 0.25 and not isinstance(action, gin.Knock | gin.BigGin):
        plain = [a for a in legal if not isinstance(a, gin.Knock | gin.BigGin)]
        action = rng.choice(plain)
    return action


def play(table: GinTable, action: gin.Action, rng: random.Random) -> None:
    """Play ``action`` through the widgets, the way a learner would."""
    b = table.buttons
    if isinstance(action, gin.TakeUpCard):
        (b["take"].click if rng.random() < 0.7 else lambda: table.discard_area.click(0))()
    elif isinstance(action, gin.Pass):
        b["pass"].click()
    elif isinstance(action, gin.DrawStock):
        (b["draw_stock"].click if rng.random() < 0.7 else lambda: table.stock_area.click(0))()
    elif isinstance(action, gin.DrawDiscard):
        (b["draw_discard"].click if rng.random() < 0.7 else lambda: table.discard_area.click(0))()
    elif isinstance(action, gin.Discard):
        table.hand.click(action.card.code)
        assert table.hand.selected == action.card.code
        assert_shows_engine_state(table)
        if rng.random() < 0.5:
            table.hand.click(action.card.code)  # click again: discard
        else:
            b["discard"].click()
    elif isinstance(action, gin.Knock):
        table.hand.click(action.card.code)
        left = gin.deadwood([c for c in table.controller.view().hand if c != action.card])
        key = "gin" if left == 0 else "knock"
        assert not b[key].disabled
        b[key].click()
        assert table.controller.pending == action
        assert f"keep {left} deadwood" in table.confirm_text.value or left == 0
        assert_shows_engine_state(table)
        b["confirm"].click()
    elif isinstance(action, gin.BigGin):
        b["big_gin"].click()
        assert table.controller.pending == action
        b["confirm"].click()
    elif isinstance(action, gin.LayOff):
        b["lay_off"].click()
    else:  # pragma: no cover
        raise AssertionError(action)


def play_game(
    table: GinTable,
    seed: int,
    *,
    check_leaks: bool = True,
    max_deals: int = 40,
    stop_after: int | None = None,
) -> int:
    """Play the table's game to its end (or to the end of deal ``stop_after``) through the
    widgets; returns the number of deals played."""
    rng = random.Random(seed)
    bot = gin.bots.make_bot("eager", random.Random(seed))
    deals = 1
    while True:
        c = table.controller
        assert_shows_engine_state(table)
        if check_leaks and not c.deal.is_over:
            assert leaked_cards(table) == []
            assert_scores_only_past_up_cards(table)
        if c.game.is_over:
            assert "the game" in table.scores.value
            return deals
        if c.deal.is_over:
            if stop_after is not None and deals >= stop_after:
                return deals
            assert not table.buttons["next_deal"].disabled
            table.buttons["next_deal"].click()
            deals += 1
            assert deals <= max_deals
            continue
        view = c.view()
        assert view.my_turn, "the opponent's moves are played at once with pause=0"
        before = c.deal.snapshot()
        play(table, choose(view, rng, bot), rng)
        assert c.deal.snapshot() != before or c.deal is not None
        assert table.coach.error == "", table.coach.error


def widget_tree(root: Any) -> list[Any]:
    """A widget and everything it holds (children, layouts, styles)."""
    out: list[Any] = []
    stack = [root]
    seen: set[str] = set()
    while stack:
        wdg = stack.pop()
        if not isinstance(wdg, ipywidgets.Widget) or wdg.model_id in seen:
            continue
        seen.add(wdg.model_id)
        out.append(wdg)
        for name in wdg.keys:
            value = getattr(wdg, name, None)
            if isinstance(value, ipywidgets.Widget):
                stack.append(value)
            elif isinstance(value, list | tuple):
                stack.extend(v for v in value if isinstance(v, ipywidgets.Widget))
    return out


def finish_deal(t: Any) -> None:
    """Play the deal on show to its end through the model: the learner takes the engine's
    first legal action each time, the opponent its own move; then the table is drawn."""
    c = t.controller
    for _ in range(400):
        if c.deal.is_over:
            t.refresh()
            return
        if c.learner_to_move():
            c.act(c.view().legal_actions[0])
        else:
            c.opponent_step()
    raise AssertionError("the deal did not end")


def stacked(
    stack: Callable[..., list[gin.Card]],
    learner: str,
    opponent: str,
    up: str,
    *,
    rules: str = "classic",
    learner_deals: bool = False,
    stock: str = "",
    pause: float = 0,
    **options: Any,
) -> GinTable:
    """A table whose first deal gives these hands and up card (the non-dealer is offered
    the up card first); ``options`` go to :func:`gin.ui.play_table` (``teacher``,
    ``arrange_self``)."""
    nd, de = (opponent, learner) if learner_deals else (learner, opponent)
    order = stack(nd, de, up, stock)
    game = gin.Game(
        gin.Rules.preset(rules), seed=1, first_dealer=0 if learner_deals else 1, orders=[order]
    )
    t = play_table(rules=rules, seed=1, pause=pause, **options)
    t.load_game(game)
    return t
