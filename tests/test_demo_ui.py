"""The classroom demo's parts: the teacher's desk, the learners' banner and follower view.

Rules checked (issue 42), on both class stores (SQLite, PostgreSQL): "Start a demo" opens a
demo table and publishes its position; a learner of the class sees the banner, follows, and
sees the teacher's seat's position and nothing hidden (no opponent card unless the teacher
opened the hands, no stock card); "Ask the class" puts every move of the teacher's seat to
the followers, their first answers are counted in the chart and its table and the ones who
have not answered are named; a second answer is refused in one sentence; "Reveal" shows the
review's own verdict of each move chosen (the same as the review's search gives), and each
follower reads theirs; a move at the table closes the question; a page reloaded while
following follows again; a page without a class membership reads no demo; ending the demo
or the class ends it on every follower's page; the answers show in the teacher's table and
the CSV.
"""

from __future__ import annotations

from typing import Any

import ipywidgets
import pytest
from test_ui_support import cards_named, synced_text

import gin
from gin.bots.review import decide
from gin.ui.classroom import record
from gin.ui.classroom.teacher import TeacherLesson
from gin.ui.demo.chart import answers_table, bars_svg
from gin.ui.demo.follow import FollowBanner

pytestmark = pytest.mark.usefixtures("fresh_widgets")


def tree(widget: Any) -> list[Any]:
    """A widget and every widget under it."""
    out = [widget]
    for name in ("children",):
        for child in getattr(widget, name, ()):
            out += tree(child)
    return out


def hidden(desk: Any) -> list[gin.Card]:
    """The cards a follower must not see: the opponent's hand and the stock."""
    deal = desk.table.controller.deal
    return list(deal.hands[1]) + list(deal.stock)


def started(seed: int = 1, open_hands: bool = False) -> tuple[TeacherLesson, str]:
    teacher = TeacherLesson(key="the-key")
    code = teacher.new_class()
    store = record.store()
    for i in range(3):
        store.join(code, f"Learner {i}", token=f"t{i}")
    desk = teacher.desk
    desk.seed.value = str(seed)
    desk.open_hands.value = open_hands
    desk.start_button.click()
    assert desk.running, desk.status.value
    return teacher, code


def follower(code: str, token: str) -> FollowBanner:
    record.set_member(code, token)
    banner = FollowBanner()
    banner.poll()
    return banner


def as_member(code: str, token: str) -> None:
    record.set_member(code, token)


def test_a_follower_sees_the_teachers_position_and_no_hidden_card(class_env: str) -> None:
    teacher, code = started()
    desk = teacher.desk
    banner = follower(code, "t0")
    assert banner.widget.layout.display == ""  # the banner: a demo runs in this class
    banner.follow_button.click()
    view = desk.table.controller.view()
    shown = cards_named(banner.view.position.value)
    assert set(view.hand) <= set(shown)  # the teacher's hand, as the table shows it
    leaked = [c for c in hidden(desk) if c in cards_named(synced_text(tree(banner.widget)))]
    assert leaked == []


def test_with_open_hands_the_follower_sees_the_opponents_hand_and_still_no_stock(
    class_env: str,
) -> None:
    teacher, code = started(open_hands=True)
    desk = teacher.desk
    banner = follower(code, "t0")
    banner.follow_button.click()
    named = cards_named(synced_text(tree(banner.widget)))
    assert set(desk.table.controller.deal.hands[1]) <= set(named)
    assert [c for c in desk.table.controller.deal.stock if c in named] == []


def test_a_page_without_a_class_membership_reads_no_demo(class_env: str) -> None:
    _teacher, _code = started()
    record.forget_member()
    banner = FollowBanner()
    banner.poll()
    assert banner.widget.layout.display == "none" and banner.state is None


def test_ask_the_class_counts_first_answers_names_who_has_not_and_refuses_a_second(
    class_env: str,
) -> None:
    teacher, code = started()
    desk = teacher.desk
    followers = {t: follower(code, t) for t in ("t0", "t1", "t2")}
    for t, b in followers.items():
        as_member(code, t)
        b.follow_button.click()
    desk.ask_button.click()
    q = desk.question
    assert q is not None and set(q.options) == {a.text for a in desk.asked_view.legal_actions}
    first, other = q.options[0], q.options[-1]
    for t, choice in (("t0", first), ("t1", first)):
        as_member(code, t)
        b = followers[t]
        b.poll()
        buttons = b.view._option_buttons
        assert len(buttons) == len(q.options)
        buttons[q.options.index(choice)].click()
    as_member(code, "t0")
    with pytest.raises(gin.GinError) as caught:
        followers["t0"].view.answer(other)
    assert caught.value.code == "demo-answered"
    desk.refresh()
    assert 'data-count="2"' in desk.answers.value  # the chart's bar and the table's row
    assert desk.answers.value.count('class="gin-demo-row"') == 1
    assert "Learner 2" in desk.waiting.value and "Learner 0" not in desk.waiting.value
    store = record.store()
    assert [a.choice for a in store.demo_answers(code)] == [first, first]


def test_reveal_gives_the_reviews_own_verdict_and_each_follower_reads_theirs(
    class_env: str,
) -> None:
    teacher, code = started()
    desk = teacher.desk
    banner = follower(code, "t0")
    banner.follow_button.click()
    desk.ask_button.click()
    view = desk.asked_view
    choice = desk.question.options[-1]
    banner.poll()
    banner.view._option_buttons[-1].click()
    desk.reveal_button.click()
    q = desk.question
    assert q.revealed is not None and q.best
    faced = desk.table.controller.opponent_name  # the review imagines the opponent faced
    expected = decide(0, view, gin.parse_action(choice), opponent=faced)
    got = {r.option: r for r in q.revealed}
    assert got[choice].verdict == expected.verdict
    banner.poll()
    words = gin.i18n.M[f"review.verdict.{expected.verdict}"].render()
    assert words in banner.view.status.value
    assert "The expert" in banner.view.status.value  # the best move, said
    assert words in desk.answers.value  # the teacher's table beside the chart


def test_a_move_at_the_demo_table_closes_the_question_for_every_follower(class_env: str) -> None:
    teacher, code = started()
    desk = teacher.desk
    banner = follower(code, "t0")
    banner.follow_button.click()
    desk.ask_button.click()
    banner.poll()
    assert banner.view._option_buttons
    desk.table.commands.play(desk.asked_view.legal_actions[0])
    assert desk.question is None
    banner.poll()
    assert banner.view._option_buttons == [] and banner.view.question.value == ""


def test_asking_when_it_is_not_the_teachers_move_is_refused_in_one_sentence(
    class_env: str,
) -> None:
    teacher, _code = started(open_hands=True)  # teacher mode: the opponent waits for a click
    desk = teacher.desk
    ctl = desk.table.controller
    for _ in range(2):  # draw, then discard: the opponent is to move
        if ctl.view().my_turn:
            desk.table.commands.play(ctl.view().legal_actions[0])
    assert not ctl.view().my_turn
    desk.ask_button.click()
    assert desk.question is None
    assert "when it is your move" in desk.status.value


def test_a_page_reloaded_while_following_follows_again_at_the_current_position(
    class_env: str,
) -> None:
    teacher, code = started()
    first = follower(code, "t1")
    first.follow_button.click()
    first.close()
    again = follower(code, "t1")  # the reloaded page: a new kernel, the same learner
    assert again.following and again.view is not None
    assert again.view.state == teacher.desk.published


def test_ending_the_demo_or_the_class_ends_it_on_every_followers_page(class_env: str) -> None:
    teacher, code = started()
    banner = follower(code, "t0")
    banner.follow_button.click()
    teacher.desk.end_button.click()
    banner.poll()
    assert not banner.following and "The demo has ended." in banner.text.value
    teacher.desk.seed.value = "2"
    teacher.desk.start_button.click()
    banner.poll()
    banner.follow_button.click()
    assert banner.following
    teacher.ask_end()
    teacher.yes_button.click()
    banner.poll()
    assert not banner.following and not teacher.desk.running


def test_the_answers_show_in_the_teachers_table_and_csv(class_env: str) -> None:
    teacher, code = started()
    desk = teacher.desk
    banner = follower(code, "t2")
    banner.follow_button.click()
    desk.ask_button.click()
    banner.poll()
    banner.view._option_buttons[0].click()
    teacher.refresh(force=True)
    assert "Demo answers" in teacher.table.value
    assert 'class="gin-class-demo-answers">1<' in teacher.table.value
    assert "Demo%20answers" in teacher.csv.value or "Demo answers" in teacher.csv.value


def test_the_chart_is_an_image_with_a_name_and_its_table_says_every_count() -> None:
    rows = [("Pass", 3), ("Take the up card", 1)]
    svg = bars_svg("The class's answers to question 1", rows, best="Pass")
    assert svg.count("<rect") == 2 and 'role="img"' in svg
    assert 'aria-label="The class&#x27;s answers to question 1"' in svg
    assert "Pass: 3 learners" in svg and "Take the up card: 1 learner<" in svg
    table = answers_table("Q1", rows, {"Pass": ("Best", 0.0), "Take the up card": ("Mistake", 2.5)})
    assert table.count("<tr") == 3 and "<caption>Q1</caption>" in table
    assert "Mistake" in table and 'scope="col"' in table


def test_no_demo_part_is_built_where_the_app_has_no_class_store(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gin.ui.classroom.address import DATA_ENV, DB_ENV
    from gin.ui.demo.follow import follow_banner

    monkeypatch.delenv(DATA_ENV, raising=False)
    monkeypatch.delenv(DB_ENV, raising=False)
    assert follow_banner() is None
    assert ipywidgets.Widget  # nothing else built


@pytest.mark.parametrize("lang", gin.i18n.LANGUAGES)
def test_every_demo_sentence_renders_in_every_language_and_in_every_state(lang: str) -> None:
    """Each position a follower can see (each whose-move, each deal's end, open and closed
    hands, an empty discard pile), each kind of move a question offers, the desk and the
    banner, in each language: no placeholder left, no empty value."""
    from dataclasses import replace

    from gin.i18n import set_language
    from gin.ui.classroom.demo import Question, frame_of
    from gin.ui.demo.desk import DemoDesk
    from gin.ui.demo.follow import position_html
    from gin.ui.demo.options import option_text

    set_language(lang)
    deal = gin.Deal.new(gin.Rules.preset("classic"), dealer=1, rng=__import__("random").Random(4))
    frame = frame_of(deal.view(0), open_hands=False)
    frames = [
        frame,
        replace(frame, to_move=1),
        replace(frame, discard=()),
        replace(frame, opponent=frame.hand),
        *(replace(frame, to_move=None, result=(who, 25)) for who in ("teacher", "opponent")),
        replace(frame, to_move=None, result=("tie", 0)),
        replace(frame, to_move=None, result=("void", 0)),
    ]
    for f in frames:
        text = position_html(f)
        assert "{" not in text and "  " not in text.replace("  <", "<")
    card = frame.hand[0]
    options = ("take", "pass", "draw-stock", "draw-discard", f"discard {card}", f"knock {card}",
               "big-gin", "lay-off")  # fmt: skip
    q = Question(1, options, gins=(f"knock {card}",))
    said = {option_text(o, q, replace(frame, discard=(card,))) for o in options}
    assert len(said) == len(options) and all(s.strip() and "{" not in s for s in said)
    knock = option_text(f"knock {card}", Question(1, options), frame)
    assert knock not in said  # a knock that goes gin is said as gin, the other as a knock
    DemoDesk(code=lambda: "", say=lambda _t: None)
    FollowBanner().close()


def test_a_follower_cannot_move_the_demo_and_answering_changes_no_position(
    class_env: str,
) -> None:
    """A follower's page holds no command that moves the demo: only the moves' buttons,
    which send an answer, and Stop following; an answer leaves the demo's state as it was."""
    teacher, code = started()
    desk = teacher.desk
    banner = follower(code, "t0")
    banner.follow_button.click()
    desk.ask_button.click()
    banner.poll()
    store = record.store()
    version = store.demo_version(code)
    buttons = [w for w in tree(banner.widget) if isinstance(w, ipywidgets.Button)]
    assert set(buttons) == {*banner.view._option_buttons, banner.view.stop_button,
                            banner.follow_button}  # fmt: skip
    banner.view._option_buttons[0].click()
    assert store.demo_version(code) == version and store.demo(code)[1] == desk.published


def test_the_teacher_switching_language_keeps_the_demo_running(class_env: str) -> None:
    teacher, code = started()
    desk = teacher.desk
    teacher.switch_language("et")
    assert teacher.desk is desk and desk.running and desk.table is not None
    desk.ask_button.click()
    assert record.store().demo(code)[1].question is not None


def test_after_a_knock_the_class_is_asked_for_the_layout_and_reveal_judges_it_exactly(
    class_env: str, stack: Any
) -> None:
    """With "I lay out my cards" at the demo table, the teacher's knock opens the meld
    builder; asked then, the class chooses among the layouts the engine takes (the least
    deadwood first), and the reveal weighs each exactly (the review's layout judgement)."""
    teacher, code = started()
    desk = teacher.desk
    ready = "AS 2S 3S 4H 4D 4C 7C 8C 9C KH"
    order = stack(ready, "4S 6C TC QD JD 9H 6S 2D 3D 5H", "KD", "AD")
    game = gin.Game(gin.Rules.preset("classic"), seed=1, first_dealer=1, orders=[order])
    t = desk.table
    t.load_game(game)
    t.commands.set_arrange_self(True)
    t.buttons["pass"].click()
    t.buttons["draw_stock"].click()
    t.hand.click("KH")
    t.buttons["knock"].click()
    t.buttons["confirm"].click()
    assert t.controller.laying_out is not None
    banner = follower(code, "t0")
    banner.follow_button.click()
    desk.ask_button.click()
    q = desk.question
    assert q is not None and q.layout and q.options
    assert all(o.startswith("knock KH with ") for o in q.options)
    assert list(q.deadwood) == sorted(q.deadwood) and q.deadwood[0] == 1  # A♦ left over
    banner.poll()
    assert "lay out" in banner.view.question.value
    labels = [b.description for b in banner.view._option_buttons]
    assert all(label.startswith("Lay out ") for label in labels)
    banner.view._option_buttons[0].click()
    desk.reveal_button.click()
    revealed = {r.option: r.verdict for r in desk.question.revealed}
    assert revealed[q.options[0]] == "best" and desk.question.best == q.options[0]


def test_the_banner_weighs_one_widget_on_a_pages_first_view_until_a_demo_is_seen(
    class_env: str,
) -> None:
    """Issue 41 and 42: the banner on Start here and the play page is one hidden box (its
    layout shared) until the learner's class has a demo; its words and button come then."""
    banner = FollowBanner()
    models = [banner.widget, *banner.widget.children]
    assert models == [banner.widget] and banner.widget.layout.display == "none"
    _teacher, code = started()
    record.set_member(code, "t0")
    banner.poll()
    assert banner.follow_button is not None and banner.widget.layout.display == ""
