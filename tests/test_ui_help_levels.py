"""The table's help levels (issue 29), driven through its widgets (``Button.click``): what
each level's parts show, the learner's own order of the hand (kept across a draw, sorted
by suit or by rank), the real table's Knock on every discard with the layout checked at
Done (a refused knock back at the discard with eleven cards, the slip noted), and the
deal's "at the table" line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets
import pytest

import gin
import gin.ui
from gin.i18n import DEFAULT_LANGUAGE, M, set_language
from gin.ui import GinTable, play_table
from gin.ui.arrange import MeldBuilder

# The learner's hand: A-3♠ run, 4s set, 7-9♣ run, and K♥ to throw; A♦ drawn.
READY = "AS 2S 3S 4H 4D 4C 7C 8C 9C KH"
# An opponent whose cards fit none of READY's melds.
OTHER = "5D 6H KC QD JD 9H 6S 2D 3D 5H"


@pytest.fixture(autouse=True)
def fresh_widgets() -> Iterator[None]:
    ipywidgets.Widget.close_all()
    yield
    ipywidgets.Widget.close_all()
    set_language(DEFAULT_LANGUAGE)


def table(stack: Any, help: str, *, up: str = "KD", stock: str = "AD") -> GinTable:
    """A table at help level ``help`` whose first deal gives the learner READY (the
    non-dealer), the opponent OTHER, and ``stock`` (A♦ unless told) on top of the stock."""
    game = gin.Game(
        gin.Rules.preset("classic"), seed=1, first_dealer=1, orders=[stack(READY, OTHER, up, stock)]
    )
    t = play_table(seed=1, pause=0, help=help)
    t.load_game(game)
    return t


def to_discard(t: GinTable) -> None:
    """Pass on the up card (the opponent passes too), then draw A♦ from the stock."""
    t.buttons["pass"].click()
    t.buttons["draw_stock"].click()
    assert t.controller.view().phase is gin.Phase.DISCARD


def snapshot(t: GinTable) -> tuple[Any, ...]:
    return (t.controller.deal.snapshot(), tuple(t.controller.game.log))


def make(builder: MeldBuilder, codes: str) -> None:
    for code in codes.split():
        builder.area.click(code)
    builder.make_button.click()


def labels(t: GinTable) -> list[str]:
    """The group labels the hand shows (``.gin-group-label``, ``.gin-group-deadwood``)."""
    return [g["label"] for g in t.hand.groups if g.get("label")]


# ----------------------------------------------------------------------------- the control


def test_the_help_control_sits_with_the_rules_and_the_opponent_and_sets_the_model() -> None:
    t = play_table(seed=3, pause=0)
    bar = list(t.controls.children)
    choice = t.help_choice
    assert "gin-help-choice" in choice._dom_classes
    assert bar.index(choice) == bar.index(t.opponent_choice) + 1
    assert choice not in t.display_menu.children
    assert [level for level, _name, _note in choice.levels] == ["full", "some", "none"]
    assert t.help == "full" and choice.value == "full"
    choice.choose("none")
    assert t.controller.help == "none" and t.controller.arranges()
    t.controller.help = "some"  # the model's level is the control's
    assert choice.value == "some"


def test_the_help_control_is_relabelled_with_the_language() -> None:
    t = play_table(seed=3, pause=0)
    set_language("et")
    t.relabel()
    assert t.help_choice.label == M["help.choice"].render("et")
    assert t.help_choice.levels[2][1] == "Päris laud"


def test_the_figures_wait_for_the_level_the_page_kept() -> None:
    """Issue 29 (the level kept in the browser): until the page has told the level it
    kept, the table wears ``gin-help-pending`` (its style sheet hides the hand, its line,
    the turn line and the coach), so a learner who chose the real table never sees full
    help's figures flash; the class goes once the level is known, at once when the
    address chose it."""
    t = play_table(seed=3, pause=0)
    assert "gin-help-pending" in t._dom_classes
    t.help_choice.send_from_page({"event": "stored", "value": "none"})
    assert t.controller.help == "none" and "gin-help-pending" not in t._dom_classes
    fresh = play_table(seed=3, pause=0)  # nothing kept: full help, shown once told
    fresh.help_choice.send_from_page({"event": "stored", "value": ""})
    assert fresh.help == "full" and "gin-help-pending" not in fresh._dom_classes
    addressed = play_table(seed=3, pause=0, help="some", help_from_address=True)
    assert "gin-help-pending" not in addressed._dom_classes
    css = (Path(gin.ui.__file__).parent / "table" / "table.css").read_text("utf-8")
    for part in ("gin-hand", "gin-deadwood", "gin-turn", "gin-coach"):
        assert f".gin-help-pending .{part}" in css


def test_an_unknown_help_level_is_refused_with_its_code() -> None:
    with pytest.raises(gin.GinError) as e:
        play_table(seed=3, pause=0, help="lots")
    assert e.value.code == "help-unknown"


# ----------------------------------------------------------------------------- each level


def test_full_help_is_the_table_as_it_was(stack: Any) -> None:
    t = table(stack, "full")
    to_discard(t)
    assert labels(t) and "gin-deadwood-count" in t.hand_label.value
    assert t.coach.section("hand") is not None
    assert any(s.code == "best-discards" for s in t.coach.steps("turn"))
    assert t.learner_hand.ordering.widget.layout.display == "none"
    assert t.buttons["hint"].layout.display != "none"
    assert not t.buttons["knock"].disabled  # the engine finds the knock


def test_some_help_leaves_the_order_and_the_counting_to_the_learner(stack: Any) -> None:
    t = table(stack, "some")
    # sorted by suit once when dealt (spades, hearts, clubs, diamonds), no groups
    assert t.hand.codes == "AS 2S 3S 4S KH 4H 4C 7C 8C 9C".split() or t.hand.codes[:3] == [
        "AS",
        "2S",
        "3S",
    ]
    to_discard(t)
    assert labels(t) == [] and not any(card["marked"] for card in t.hand.cards)
    assert "gin-deadwood-count" not in t.hand_label.value
    assert t.coach.section("hand") is None
    assert [s.code for s in t.coach.steps("turn")] == ["instruction"]
    assert t.coach.section("opponent") is not None
    assert t.hand.reorderable and t.learner_hand.ordering.widget.layout.display == "flex"
    # the hint gives the best arrangement and the discards' deadwood, and counts
    t.buttons["hint"].click()
    assert t.coach.section("hand") is not None
    assert any(s.code == "best-discards" for s in t.coach.steps("turn"))
    assert t.controller.hints_asked == 1


def test_the_real_table_shows_no_figure_and_no_hint(stack: Any) -> None:
    t = table(stack, "none")
    to_discard(t)
    assert labels(t) == [] and "gin-deadwood-count" not in t.hand_label.value
    assert t.coach.section("hand") is None and t.coach.section("opponent") is None
    assert [s.code for s in t.coach.steps("turn")] == ["instruction"]
    assert t.buttons["hint"].layout.display == "none"
    t.press("hint")  # the key H too
    assert t.error_code == "hint-not-offered"
    assert t.controller.arranges()  # the arrange mode is implied


def test_knock_is_offered_on_every_discard_at_the_real_table(stack: Any) -> None:
    t = table(stack, "none")
    assert t.buttons["knock"].disabled  # not before the draw
    to_discard(t)
    assert not t.buttons["knock"].disabled and t.buttons["knock"].layout.display != "none"
    assert not t.buttons["gin"].disabled  # gin is declared by the learner


# ----------------------------------------------------------------------------- the hand's order


def test_the_learners_order_is_kept_across_a_draw_the_new_card_to_the_right(stack: Any) -> None:
    t = table(stack, "none")
    dealt = list(t.hand.codes)
    assert sorted(dealt) == sorted(READY.split()) and dealt != sorted(dealt)
    t.hand.move("KH", 0)  # the learner moves a card
    moved = list(t.hand.codes)
    assert moved[0] == "KH"
    to_discard(t)
    assert t.hand.codes == [*moved, "AD"]  # never re-sorted behind their back
    assert t.controller.hand_order == tuple(t.hand.codes)


def test_sort_by_suit_and_by_rank(stack: Any) -> None:
    t = table(stack, "none")
    to_discard(t)
    t.learner_hand.ordering.sort_suit.click()
    assert t.hand.codes == "AS 2S 3S 4H KH 4C 7C 8C 9C AD 4D".split()
    assert t.hand.announcement == "Your hand is sorted by suit."
    t.learner_hand.ordering.sort_rank.click()
    assert t.hand.codes == "AS AD 2S 3S 4H 4C 4D 7C 8C 9C KH".split()


# ------------------------------------------------------------------- the real table's knock


def test_a_refused_knock_returns_to_the_discard_with_eleven_cards(stack: Any) -> None:
    t = table(stack, "none")
    to_discard(t)
    before = snapshot(t)
    t.hand.click("KH")
    t.buttons["knock"].click()
    builder = t.builder
    assert builder is not None and t.controller.room == "builder"
    assert builder.hand == tuple(c for c in t.learner_hand.ordering.cards if c.code != "KH")
    make(builder, "4H 4D 4C")  # 31 deadwood left: over the limit of 10
    builder.done_button.click()
    assert t.error_code == "layout-over-limit"
    said = t.controller.error.render()
    assert "31" in said and "10" in said
    assert t.builder is None and t.controller.room == "" and t.hand.layout.display == ""
    view = t.controller.view()
    assert view.phase is gin.Phase.DISCARD and len(view.hand) == 11
    assert snapshot(t) == before  # the engine's state untouched
    assert [code for code, _text in t.controller.slips] == ["layout-over-limit"]
    assert not t.buttons["knock"].disabled  # the learner may try again


def test_a_gin_declared_with_deadwood_over_the_limit_is_refused(stack: Any) -> None:
    t = table(stack, "none")
    to_discard(t)
    t.hand.click("KH")
    t.buttons["gin"].click()
    assert t.builder is not None and t.builder.declared == "gin"
    t.builder.done_button.click()
    assert t.error_code == "layout-gin-over-limit"
    assert len(t.controller.view().hand) == 11
    assert [code for code, _ in t.controller.slips] == ["layout-gin-over-limit"]


def declare_gin_with_six_deadwood(t: GinTable) -> MeldBuilder:
    """With 10♣ drawn (gin after K♥), declare gin and lay out the fours and 7-10♣ with
    A-3♠ left out (6 deadwood, within the limit): the builder asks "Lay out again, or
    knock?"."""
    to_discard(t)
    t.hand.click("KH")
    t.buttons["gin"].click()
    builder = t.builder
    assert builder is not None and builder.declared == "gin"
    make(builder, "4H 4D 4C")
    builder.make_button.click()
    make(builder, "7C 8C 9C TC")
    builder.make_button.click()
    builder.done_button.click()
    assert builder.asking is not None and "Lay out again, or knock?" in (
        builder.question_text.value
    )
    return builder


def test_a_gin_declared_with_deadwood_then_laid_out_as_gin_is_no_slip(stack: Any) -> None:
    """Issue 40: at the real table the gin question ("Lay out again, or knock?") is no slip
    by itself: laid out again as gin, the deal has none (for the coach, for the class)."""
    t = table(stack, "none", stock="TC")
    recorded: list[str] = []
    t.controller.slip_listeners.append(recorded.append)
    builder = declare_gin_with_six_deadwood(t)
    assert t.controller.slips == () and recorded == []  # asked: nothing noted yet
    builder.again_button.click()
    make(builder, "AS 2S 3S")
    builder.make_button.click()
    builder.done_button.click()
    result = t.controller.deal.result
    assert result is not None and result.kind == "gin" and builder.finished
    assert t.controller.slips == () and recorded == []


def test_a_gin_declared_with_deadwood_then_knocked_is_one_slip(stack: Any) -> None:
    """Issue 40: answered "Knock", the gin declared with deadwood is the slip, noted once
    (asked again after Lay out again, still once)."""
    t = table(stack, "none", stock="TC")
    recorded: list[str] = []
    t.controller.slip_listeners.append(recorded.append)
    builder = declare_gin_with_six_deadwood(t)
    builder.again_button.click()
    builder.done_button.click()  # the same melds again: asked again
    assert builder.asking is not None and t.controller.slips == ()
    builder.knock_button.click()
    result = t.controller.deal.result
    assert result is not None and result.knocker_deadwood == 6 and builder.finished
    # once, however often asked; the knock laid out worse than the gin held is its own slip
    codes = [code for code, _ in t.controller.slips]
    assert codes == ["layout-gin-deadwood", "worse-arrangement"] and recorded == codes


def finish_with_guess(t: GinTable, right: bool) -> None:
    guess = t.score_guess
    assert guess is not None
    result = t.controller.deal.result
    assert result is not None
    seat = 0 if result.winner == "knocker" else 1  # the learner knocked
    guess.who.value = "me" if seat == 0 else "opponent"
    if not right:
        guess.points.value = str(result.points + 3)
        guess.check_button.click()
    guess.points.value = str(result.points)
    guess.check_button.click()
    assert t.controller.revealed()


def test_a_whole_deal_at_the_real_table_and_the_at_the_table_line(stack: Any) -> None:
    t = table(stack, "none")
    to_discard(t)
    t.hand.click("KH")
    t.buttons["knock"].click()
    t.builder.done_button.click()  # nothing melded: refused
    assert t.error_code == "layout-over-limit"
    assert t.hand.selected == "KH"  # still selected: a second click would discard it
    t.buttons["knock"].click()
    builder = t.builder
    make(builder, "4H 4D 4C")
    make(builder, "7C 8C 9C")
    make(builder, "AS 2S 3S")
    builder.done_button.click()
    deal = t.controller.deal
    assert deal.result is not None and deal.result.knocker_deadwood == 1
    # the coach holds both counts back until the guess: the guess lists melds, layoffs
    assert t.controller.reveal_step == 0 and t.coach.steps("result") == ()
    assert t.score_guess is not None and t.score_guess.show_steps
    # ... and so does the felt: the hands laid down, their deadwood set apart, no count
    assert "deadwood" in labels(t) and "gin-count" not in t.hand_label.value
    opponent = [g["label"] for g in t.opponent_area.groups if g.get("label")]
    assert "deadwood" in opponent and "gin-count" not in t.opponent_label.value
    finish_with_guess(t, right=False)
    assert "deadwood 1" in labels(t) and "gin-count" in t.hand_label.value
    codes = [code for code, _ in t.controller.slips]
    assert codes[0] == "layout-over-limit" and len(codes) == 2
    line = t.coach.section("at-table")
    assert line is not None and line.note.startswith("2 slips in this deal:")
    assert "knock limit" in line.note


def test_the_at_the_table_line_says_none_when_no_slip(stack: Any) -> None:
    t = table(stack, "none")
    to_discard(t)
    t.hand.click("KH")
    t.buttons["knock"].click()
    for meld in ("4H 4D 4C", "7C 8C 9C", "AS 2S 3S"):
        make(t.builder, meld)
    t.builder.done_button.click()
    finish_with_guess(t, right=True)
    line = t.coach.section("at-table")
    assert line is not None and line.note == M["coach.at-table-none"].render()


def test_full_help_has_no_at_the_table_line(stack: Any) -> None:
    t = table(stack, "full")
    to_discard(t)
    t.hand.click("KH")
    t.buttons["knock"].click()
    t.buttons["confirm"].click()
    assert t.controller.deal.is_over
    assert t.coach.section("at-table") is None and t.controller.slips == ()


def test_at_some_help_the_knock_question_gives_no_count(stack: Any) -> None:
    t = table(stack, "some")
    to_discard(t)
    t.hand.click("KH")
    t.buttons["knock"].click()  # the engine offers the knock at some help
    question = t.controller.question.render()
    assert "limit is 10" in question and " 1 " not in question and "deadwood (" not in question
    t.buttons["confirm"].click()
    assert t.controller.deal.is_over


def test_the_slips_and_the_counted_hints_are_told_to_the_class(stack: Any) -> None:
    t = table(stack, "none")
    codes: list[str] = []
    t.controller.slip_listeners.append(codes.append)
    to_discard(t)
    t.hand.click("KH")
    t.buttons["knock"].click()
    t.builder.done_button.click()
    assert codes == ["layout-over-limit"]
    some = table(stack, "some")
    hints: list[int] = []
    some.controller.hint_listeners.append(lambda: hints.append(1))
    to_discard(some)
    some.buttons["hint"].click()
    assert hints == [1]
    full = table(stack, "full")
    full.controller.hint_listeners.append(lambda: hints.append(2))
    to_discard(full)
    full.buttons["hint"].click()
    assert hints == [1]  # at full help a hint shows nothing hidden: not counted


DEFENDS = "4S 6C TC JC QD 9H 6S 2C 3D 5H"


@pytest.mark.parametrize("help", ["some", "none"])
def test_the_opponents_knock_is_laid_down_without_its_count(stack: Any, help: str) -> None:
    """The opponent knocks with READY's melds and 2♦: laid face up, their deadwood set
    apart but not counted for the learner (who lays off and counts)."""
    game = gin.Game(
        gin.Rules.preset("classic"),
        seed=1,
        first_dealer=0,
        orders=[stack(READY, DEFENDS, "KD", "2D")],
    )
    t = play_table(seed=1, pause=0, help=help)
    t.load_game(game)
    t.buttons["pass"].click()
    view = t.controller.view()
    assert view.phase is gin.Phase.LAYOFF and view.knocker == 1
    assert "knocked: 10 cards laid face up" in t.opponent_label.value
    assert "gin-count" not in t.opponent_label.value
    dead = [g["label"] for g in t.opponent_area.groups if g.get("kind") == "deadwood"]
    assert dead == ["deadwood"]


def test_at_the_real_table_knock_needs_a_card_and_the_discard_turn(stack: Any) -> None:
    t = table(stack, "none")
    t.press("knock")  # the up card is offered: no knock yet
    assert t.error_code and t.builder is None
    to_discard(t)
    t.controller.selected = ""
    t.press("knock")
    assert t.error_code == "no-card" and t.builder is None
    t.press("big_gin")  # classic has no big gin: the engine's sentence
    assert t.error_code and t.builder is None
    assert len(t.controller.view().hand) == 11


def test_the_display_choice_to_lay_out_is_implied_at_the_real_table() -> None:
    t = play_table(seed=3, pause=0)
    assert not t.display_menu.arrange_self.disabled
    t.set_help("none")
    assert t.display_menu.arrange_self.disabled and t.controller.arranges()
    t.set_help("full")
    assert not t.display_menu.arrange_self.disabled and not t.controller.arranges()


def test_the_reviews_game_summary_names_the_slips_made_at_the_table() -> None:
    """Issue 29: the review's summary names the slips the table noted while the learner
    played on their own, by deal (nothing at full help, where none are noted)."""
    from gin.bots.review import GameSummary
    from gin.i18n import Text
    from gin.ui.review.render import summary_html

    t = play_table(seed=5, pause=0, help="none")
    said = Text("error.layout-over-limit", {"points": 23, "limit": 7})
    t.controller.note_slip("layout-over-limit", said)
    slips = t.review.table_slips()
    assert slips == [(1, (said,))]
    html = summary_html(GameSummary((), (), 1), "classic", slips)
    assert "gin-review-table-slip" in html and "Deal 1" in html and "23" in html
    full = play_table(seed=5, pause=0)
    full.controller.note_slip("layout-over-limit", said)
    assert full.review.table_slips() == []
    assert "gin-review-table-slip" not in summary_html(GameSummary((), (), 1), "classic")



LOOSE = "5S 6D TD JH QS 9D 6H 2H 3H 8H"  # the learner's hand: no meld, nothing to lay off


@pytest.mark.parametrize(
    ("rules", "opponent", "draws", "said"),
    [
        ("classic", READY, "2D", "knocked: 10 cards laid face up"),
        ("classic", READY, "TC", "went gin"),
        ("spades-double", "AS 2S 3S 4H 4D 4C 7C 8C 9C TC", "JC", "declared big gin"),
    ],
)
@pytest.mark.parametrize(
    ("help", "arrange_self"), [("full", False), ("some", True), ("none", True)]
)
def test_the_opponents_end_is_named_by_its_kind_knock_gin_or_big_gin(
    stack: Any, rules: str, opponent: str, draws: str, said: str, help: str, arrange_self: bool
) -> None:
    """Issue 40: the line above the opponent's laid-down cards says the end they made:
    "knocked" only for a knock (the layoff follows), a gin or big gin by its name (RULES.md:
    big gin is declared without a discard, and is not a knock), at every help level."""
    order = stack(opponent, LOOSE, "KD", draws)
    game = gin.Game(gin.Rules.preset(rules), seed=1, first_dealer=0, orders=[order])
    t = play_table(rules=rules, seed=1, pause=0, help=help, arrange_self=arrange_self)
    t.load_game(game)
    t.buttons["pass"].click()
    view = t.controller.view()
    assert view.knocker == 1
    assert (view.phase is gin.Phase.LAYOFF) == said.startswith("knocked")
    assert said in t.opponent_label.value
    assert ("knocked" in t.opponent_label.value) == said.startswith("knocked")
