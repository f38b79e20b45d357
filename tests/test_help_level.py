"""The table's help level (issue 29): one policy per level
(:mod:`gin.ui.table.helplevel`), the help control kept in the browser
(:mod:`gin.ui.table.helpchoice`), ``?help=`` in the address, the play lesson and Start
here's "Play now"."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import gin
from gin.i18n import LANGUAGES, language
from gin.ui.page.urlparams import PageParamError, parse_page_params
from gin.ui.table.helpchoice import STORAGE_KEY, HelpChoice
from gin.ui.table.helplevel import (
    DEFAULT_HELP,
    HELP_LEVELS,
    POLICIES,
    HelpLevelError,
    HelpPolicy,
    check_help_level,
    policy,
)

pytestmark = pytest.mark.usefixtures("fresh_widgets")


# --------------------------------------------------------------------------- the policies


def test_the_levels_go_from_full_help_to_the_real_table() -> None:
    assert HELP_LEVELS == ("full", "some", "none") == tuple(POLICIES)
    assert DEFAULT_HELP == "full"
    assert all(policy(level).level == level for level in HELP_LEVELS)
    with pytest.raises(dataclasses.FrozenInstanceError):
        policy("full").hand_grouped = False  # type: ignore[misc]


def test_full_help_is_the_table_as_it_was() -> None:
    p = policy("full")
    assert p.hand_start == "arranged" and p.hand_grouped and p.group_labels
    assert p.deadwood_figures and p.coach_best_arrangement and p.coach_discard_deadwood
    assert p.hint_offered and not p.learner_orders_hand and not p.arrange_implied
    assert not p.knock_on_every_discard and not p.learner_declares_gin
    assert not p.slips_checked
    assert not p.arranges(arrange_self=False) and p.arranges(arrange_self=True)


def test_some_help_hides_groups_and_counts_and_the_hint_gives_them_on_request() -> None:
    """Issue 29, some help: the hand in the learner's own order, no groups, labels or
    counts; the coach gives the turn's instruction and the opponent's visible moves, not
    the best arrangement nor each discard's deadwood; the Hint gives them on request and
    counts as a hint; the learner's slips are checked."""
    p = policy("some")
    assert p.learner_orders_hand and not p.hand_grouped and not p.group_labels
    assert not p.deadwood_figures
    assert p.coach_turn_instruction and p.coach_opponent_reading
    assert not p.coach_best_arrangement and not p.coach_discard_deadwood
    assert p.hint_offered and p.hint_reveals_counts
    assert p.slips_checked and not p.knock_on_every_discard


def test_the_real_table_leaves_everything_to_the_learner() -> None:
    """Issue 29, real table: the hand in the order dealt and ordered by the learner; no
    deadwood figure, meld label or best arrangement during play; the learner lays out,
    lays off and counts (the arrange mode implied); Knock on every discard; gin and big
    gin declared by the learner."""
    p = policy("none")
    assert p.hand_start == "dealt" and p.learner_orders_hand
    assert not (p.hand_grouped or p.group_labels or p.deadwood_figures)
    assert not (p.coach_best_arrangement or p.coach_discard_deadwood or p.hint_reveals_counts)
    assert p.arrange_implied and p.arranges(arrange_self=False)
    assert p.knock_on_every_discard and p.learner_declares_gin and p.slips_checked


def test_every_policy_field_is_documented() -> None:
    source = Path(gin.__file__).parent / "ui" / "table" / "helplevel.py"
    text = source.read_text(encoding="utf-8")
    for field in dataclasses.fields(HelpPolicy):
        assert re.search(rf"    {field.name}: .*\n    \"\"\"", text), field.name


@pytest.mark.parametrize("bad", ["lots", "FULL", "", None, 3])
def test_a_level_the_table_lacks_is_refused_with_a_sentence(bad: object) -> None:
    with pytest.raises(HelpLevelError) as err:
        check_help_level(bad)
    assert err.value.code == "help-unknown" and isinstance(err.value, ValueError)
    assert err.value.message.endswith("choose full, some or none (the real table).")


def test_each_level_is_named_and_explained_in_every_language() -> None:
    for lang in LANGUAGES:
        names = [policy(level).name().render(lang) for level in HELP_LEVELS]
        notes = [policy(level).note().render(lang) for level in HELP_LEVELS]
        assert len(set(names)) == 3 and all(notes), lang
    assert policy("none").name().render("en") == "Real table"


# --------------------------------------------------------------------------- the address


def test_help_is_read_from_the_address() -> None:
    assert parse_page_params("help=none").help == "none"
    assert parse_page_params("HELP=some&seed=3").help == "some"
    assert parse_page_params("seed=3").help is None


@pytest.mark.parametrize("value", ["lots", "None", "", "real", "full&help=some"])
def test_a_bad_help_in_the_address_is_refused_in_one_sentence(value: str) -> None:
    """The same error style as ?arrange= and ?rules=: one sentence naming the value and
    the choices; no default is put in its place."""
    with pytest.raises(PageParamError) as err:
        parse_page_params(f"help={value}")
    if "&" in value:
        assert err.value.code == "page-param-twice"
        return
    assert err.value.code == "page-bad-help"
    assert err.value.message.startswith("The page's address has help=")
    assert err.value.message.endswith("help=some or help=none (the real table).")
    assert len(err.value.message) < 200


def test_the_play_lesson_takes_the_help_level_from_the_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """?help=none opens the play lesson at the real table: the lesson keeps the level
    (and hands it to the table once the table takes ``help=``); a bad one shows one
    sentence instead of the table."""
    from gin.ui.lessons import play_lesson
    from gin.ui.lessons.play import table_takes_help

    monkeypatch.setenv("QUERY_STRING", "help=none&seed=5")
    lesson = play_lesson(pause=0)
    assert lesson.help == "none" and lesson.help_from_address and lesson.table is not None
    if table_takes_help():
        assert lesson.table.help == "none"
    monkeypatch.setenv("QUERY_STRING", "seed=5")
    lesson = play_lesson(pause=0)
    assert lesson.help == "full" and not lesson.help_from_address
    assert play_lesson(pause=0, help="some").help == "some"
    monkeypatch.setenv("QUERY_STRING", "help=lots")
    lesson = play_lesson(pause=0)
    assert lesson.table is None and "help=lots" in lesson.page_problem


# --------------------------------------------------------------------------- the control


def test_the_control_offers_full_some_and_the_real_table_in_that_order() -> None:
    choice = HelpChoice()
    assert "gin-help-choice" in choice._dom_classes
    assert [row[:2] for row in choice.levels] == [
        ["full", "Full help"], ["some", "Some help"], ["none", "Real table"],
    ]  # fmt: skip
    assert choice.value == "full" and choice.label == "Help"
    assert choice.storage_key == STORAGE_KEY and not choice.loaded


def test_a_level_chosen_is_told_to_the_table_and_kept_for_the_next_page() -> None:
    """The control's click comes as a message; the level is then the kernel's value,
    which the page stores (``loaded``) for the next page."""
    choice = HelpChoice()
    told: list[str] = []
    choice.on_choose(told.append)
    choice.send_from_page({"event": "stored", "value": ""})  # nothing stored yet
    assert choice.loaded and choice.value == "full" and told == []
    choice.choose("none")
    assert choice.value == "none" and told == ["none"]
    assert choice.policy is policy("none")
    choice.choose("none")
    assert told == ["none"]  # the same level again: nothing new to tell


def test_the_stored_level_opens_the_next_page_unless_the_address_chose(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The level kept in the browser replaces the default once the page sends it; the
    page's ?help= wins over it; the stored level is read once."""
    choice = HelpChoice()
    told: list[str] = []
    choice.on_choose(told.append)
    choice.send_from_page({"event": "stored", "value": "some"})
    assert choice.value == "some" and told == ["some"]
    choice.send_from_page({"event": "stored", "value": "none"})  # read once only
    assert choice.value == "some"
    addressed = HelpChoice("none", from_address=True)
    assert addressed.loaded  # the page stores the address's level at once
    addressed.send_from_page({"event": "stored", "value": "full"})
    assert addressed.value == "none"
    script = (Path(gin.__file__).parent / "ui" / "table" / "helpchoice.js").read_text("utf-8")
    assert "window.localStorage.setItem(key, level)" in script
    assert 'if (model.get("from_address"))' in script
    assert 'model.send({ event: "stored", value: stored(key) })' in script
    assert 'model.send({ event: "choose", value: b.dataset.help })' in script
    assert 'if (model.get("loaded")) keep(key, model.get("value"))' in script


def test_a_forged_level_from_the_page_is_refused_and_the_kernel_s_shown() -> None:
    choice = HelpChoice("some")
    errors: list[str] = []
    told: list[str] = []
    choice.on_error(lambda e: errors.append(e.code))
    choice.on_choose(told.append)
    choice.choose("lots")
    choice.send_from_page({"event": "choose", "value": ["none"]})
    choice.send_from_page({"event": "hack"})
    choice._handle_page_message(choice, "not a dict", [])
    assert errors == [
        "help-unknown", "help-unknown", "page-not-understood", "page-not-understood",
    ]  # fmt: skip
    choice.send_from_page({"event": "stored", "value": "<script>"})  # left unread
    assert choice.value == "some" and told == []
    with pytest.raises(Exception, match="no help level"):
        choice.value = "lots"
    choice.disabled = True
    choice.choose("none")
    assert choice.value == "some" and told == []
    with pytest.raises(HelpLevelError):
        HelpChoice("lots")


def test_the_control_is_named_in_the_current_language() -> None:
    choice = HelpChoice()
    with language("bg"):
        choice.relabel()
    assert choice.label == "Помощ" and choice.levels[2][1] == "Истинска маса"
    choice.relabel()
    assert choice.levels[0][2].startswith("The tutor sorts your hand")


# --------------------------------------------------------------------------- Start here


def test_start_here_play_now_offers_each_help_level() -> None:
    """Start here's "Play now" offers the table at full help, some help and the real
    table: a link each to the play lesson with ?help=, in the page's language."""
    from gin.ui.lessons import start_lesson

    value = start_lesson().play_help.value
    hrefs = re.findall(r'data-help="(\w+)" data-notebook="04_play.ipynb" href="([^"]+)"', value)
    assert hrefs == [(level, f"./04_play.ipynb?help={level}") for level in HELP_LEVELS]
    assert ">Full help</a>" in value and ">Real table</a>" in value
    assert 'href="./04_play.ipynb"' in start_lesson().play_now.value  # Play now as before
    with language("et"):
        value = start_lesson().play_help.value
    assert "./04_play.ipynb?help=none&amp;lang=et" in value and "Päris laud" in value


def test_the_table_may_wait_for_the_level_it_opens_at() -> None:
    """on_loaded: once the page told its stored level (or at once when the address chose
    the level), so that a table opened at the real table never shows, even for a moment,
    what the default level would."""
    choice = HelpChoice()
    opened: list[str] = []
    choice.on_loaded(opened.append)
    assert opened == []
    choice.send_from_page({"event": "stored", "value": "none"})
    assert opened == ["none"]
    choice.send_from_page({"event": "stored", "value": "some"})
    choice.choose("some")
    assert opened == ["none"]  # once
    addressed = HelpChoice("some", from_address=True)
    addressed.on_loaded(opened.append)
    assert opened == ["none", "some"]
    clicked = HelpChoice()
    clicked.on_loaded(opened.append)
    clicked.choose("full")  # a click before the stored level came: the level is known
    assert opened[-1] == "full"
