"""Honest class records: what a learner's page or a script can do to the teacher's table.

Rules checked (issue 33):

- the teacher's states are worked out from the answers in the store by the course's own
  rule (three right first tries in a row master a level), never from the state an event or
  the browser's stored progress claims;
- one answer per question counts: a question answered again (a reload, another page, the
  same seed) is no first try; a learner's slip counts once per question, and the slips
  ranking goes by how many learners made a slip before how often;
- Check pressed again records nothing more; at most ``EVENTS_PER_MINUTE`` events of a
  learner a minute, and what is refused is not stored;
- a deal replayed, or played with open hands, is recorded so and counted apart;
- each event is committed before the kernel answers the action: a kernel killed right after
  answering has lost nothing;
- nicknames lose every invisible format character and must be text (the join route's JSON,
  size and XSRF checks: ``ClassRoutes`` in tests/test_classroom.py);
- ``?class=`` bad, empty, repeated or unknown is said in one sentence and no other class is
  shown; the teacher key leaves the address (kept for the session); the learners' link is
  a whole address.

The tests of a class (the ``ana`` and ``class_env`` fixtures) run on both back ends,
SQLite and PostgreSQL (tests/conftest.py).
"""

from __future__ import annotations

import html
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin.ui.classroom import record
from gin.ui.classroom.events import Event, StoredEvent, read_form, stored_form
from gin.ui.classroom.names import ClassJoinError, clean_nickname
from gin.ui.classroom.store import open_store
from gin.ui.classroom.summary import summarize

ROOT = Path(__file__).resolve().parent.parent
CODE = "ABCDEF"


@pytest.fixture
def ana(class_env: str) -> Any:
    """A class with one learner, Ana, whose page records for it (on each back end)."""
    store = open_store(class_env)
    store.create_class(CODE)
    store.join(CODE, "Ana", token="tok-ana")
    assert record.set_member(CODE, "tok-ana") is not None
    return store


def table_state(store: Any, level: str, row: int = 0) -> str:
    summary = summarize(store.learners(CODE), store.events(CODE))
    return summary.rows[row].states[level]


def right_answer(panel: Any) -> Any:
    q = panel.exercise.question
    assert q is not None
    return q.data["answer"]


# --------------------------------------------------------------------------- the states


def test_forged_stored_progress_is_not_shown_as_mastered(ana: Any) -> None:
    """The browser's storage says a run of two (consistent counts, so the kernel takes it):
    one right answer then masters the level on the learner's page, but the class's records
    hold one right answer, so the teacher sees the level started."""
    from gin.ui.lessons.course import CourseLesson

    lesson = CourseLesson(seed=3, level="card-values")
    forged = dict(state="started", answered=2, first_right=2, streak=2, best_streak=2, hints=0)
    run = dict(forged, state="mastered", streak=3, best_streak=3, answered=3, first_right=3)
    records = {"classic": {"card-values": forged, "sets": run}}
    lesson.progress.send_from_page({"event": "stored", "records": records})
    panel = lesson.open("card-values")
    panel.exercise.submit(points=right_answer(panel))
    assert panel.state == "mastered"  # what the page was made to believe
    assert table_state(ana, "card-values") == "started"
    assert table_state(ana, "sets") == "new"  # nothing recorded there at all


def test_a_claimed_state_in_an_event_is_never_read(ana: Any) -> None:
    for n in range(2):
        claimed = Event("answer", level="sets", right=True, state="mastered", question=f"1:{n}")
        ana.record(CODE, "tok-ana", stored_form(claimed))
    assert table_state(ana, "sets") == "started"
    ana.record(CODE, "tok-ana", stored_form(Event("answer", level="sets", right=True,
                                                  question="1:2")))  # fmt: skip
    assert table_state(ana, "sets") == "mastered"


def test_three_right_first_tries_in_a_row_master_as_in_the_course(ana: Any) -> None:
    """The course's rule, replayed from the store: a wrong answer (even a second try)
    starts the run again; a right second try adds nothing; the worked answer makes the
    question's answer no first try."""
    from gin.ui.lessons.course import CourseLesson

    lesson = CourseLesson(seed=4, level="card-values")
    panel = lesson.current
    assert panel is not None
    ex = panel.exercise
    ex.submit(points=right_answer(panel))
    ex.submit(points=999)  # a second try, wrong: the run starts again
    ex.submit(points=right_answer(panel))  # right again, not a first try
    for _ in range(2):
        ex.next()
        ex.submit(points=right_answer(panel))
    assert panel.state != "mastered" and table_state(ana, "card-values") == "started"
    ex.next()
    ex.show_hint()
    ex.show_hint()
    panel._hint_shown()
    ex.submit(points=right_answer(panel))  # after the worked answer: no first try
    assert table_state(ana, "card-values") == "started"
    ex.next()
    ex.submit(points=right_answer(panel))
    assert panel.state == "mastered" and table_state(ana, "card-values") == "mastered"


def test_a_question_answered_again_in_another_page_is_no_first_try(ana: Any) -> None:
    """Reloading the page (the same seed deals the same questions) and answering the first
    question again, right, three times: the learner's page counts a run of three, the
    class's records one answer to one question."""
    for _kernel in range(3):  # three pages, each its own kernel, each its first answer
        ana.record(CODE, "tok-ana", stored_form(Event("answer", rules="classic",
                   level="card-values", right=True, question="3:0")))  # fmt: skip
    assert table_state(ana, "card-values") == "started"
    other_rules = stored_form(Event("answer", rules="spades-double", level="card-values",
                                    right=True, question="3:0"))  # fmt: skip
    ana.record(CODE, "tok-ana", other_rules)  # another rule set: another question
    assert table_state(ana, "card-values") == "started"


answers = st.lists(
    st.tuples(
        st.sampled_from(["answer", "answer", "answer", "hint"]),
        st.integers(0, 4),  # the question: few, so they repeat
        st.booleans(),  # right
        st.booleans(),  # first try, as the kernel saw it
        st.sampled_from(["", "new", "started", "mastered", "bogus"]),  # a claimed state
    ),
    max_size=30,
)


def as_events(drawn: list[tuple[str, int, bool, bool, str]]) -> list[StoredEvent]:
    """The drawn events as the store gives them back (their data through its spare column)."""
    out = []
    for i, (kind, q, right, first, state) in enumerate(drawn):
        event = Event(kind, level="sets", right=right if kind == "answer" else None,
                      state=state, question=f"1:{q}", first_try=first)  # fmt: skip
        row = StoredEvent(**{**stored_form(event).__dict__, "id": i + 1, "token": "t"})
        out.append(read_form(row))
    return out


@settings(max_examples=200, deadline=None)
@given(answers, st.data())
def test_the_table_ignores_claimed_states_and_needs_three_questions_to_master(
    drawn: list[tuple[str, int, bool, bool, str]], data: st.DataObject
) -> None:
    """Whatever states the events claim, the table is the same; a mastered level always
    has three different questions whose first recorded answer was right, at a first try,
    with no worked answer shown before it."""
    from gin.ui.classroom.events import Learner

    learner = [Learner("t", CODE, "Ana")]
    events = as_events(drawn)
    recoloured = [
        StoredEvent(**{**e.__dict__, "state": data.draw(st.sampled_from(["", "mastered"]))})
        for e in events
    ]
    state = summarize(learner, events).rows[0].states["sets"]
    assert summarize(learner, recoloured).rows[0].states["sets"] == state
    assert state == "new" if not events else state in ("started", "mastered")
    if state == "mastered":
        firsts: dict[str, StoredEvent] = {}
        for e in events:
            firsts.setdefault(e.question, e)
        good = {q for q, e in firsts.items() if e.kind == "answer" and e.right and e.first_try}
        assert len(good) >= 3


# --------------------------------------------------------------------------- once per question


def test_check_pressed_again_records_once(ana: Any) -> None:
    from gin.ui.lessons.course import CourseLesson

    lesson = CourseLesson(seed=5, level="card-values")
    panel = lesson.current
    assert panel is not None
    for _ in range(50):
        panel.exercise.submit(points=999)
    assert ana.count_events(CODE) == 1
    panel.exercise.submit(points=right_answer(panel))  # a new verdict: recorded
    panel.exercise.submit(points=right_answer(panel))
    panel.exercise.submit(points=998)  # wrong again: the run was ended by the first already
    assert [e.right for e in ana.events(CODE)] == [False, True]
    panel.exercise.next()
    panel.exercise.submit(points=right_answer(panel))
    panel.exercise.submit(points=999)  # wrong after right: ends the run, so it is recorded
    assert [e.right for e in ana.events(CODE)] == [False, True, True, False]
    for _ in range(5):  # the worked answer shown again and again (a forged click)
        panel.exercise.show_hint()
        panel._hint_shown()
    assert [e.kind for e in ana.events(CODE)].count("hint") == 1


def test_a_learners_slip_counts_once_per_question(ana: Any) -> None:
    """The same slip on one question, sent from five pages, counts once; each learner's
    slip on another question counts again; a slip made by more learners ranks above one
    that a single learner made more often."""
    for token, name in (("tok-bo", "Bo"), ("tok-cy", "Cy")):
        ana.join(CODE, name, token=token)
    wrong = Event("answer", level="sets", right=False, slip="pair", question="1:0")
    for _ in range(5):
        ana.record(CODE, "tok-ana", stored_form(wrong))
    for n in range(1, 4):
        ana.record(CODE, "tok-ana", stored_form(Event("answer", level="sets", right=False,
                                                      slip="pair", question=f"1:{n}")))  # fmt: skip
    for token in ("tok-ana", "tok-bo", "tok-cy"):
        ana.record(CODE, token, stored_form(Event("answer", level="runs", right=False,
                                                  slip="gap", question="1:0")))  # fmt: skip
    slips = summarize(ana.learners(CODE), ana.events(CODE)).slips
    assert [(s.slip, s.count, s.learners) for s in slips] == [("gap", 3, 3), ("pair", 4, 1)]


def test_the_tables_slips_reach_the_teachers_list_once_each(ana: Any) -> None:
    """Issue 29: a knock refused at the real table (``record.table_slip``) is among the slips
    the class makes most, named "At the table", once per deal; it gives no level a state."""
    assert record.table_slip("classic", "layout-over-limit", question="deal-1")
    assert not record.table_slip("classic", "layout-over-limit", question="deal-1")  # again
    assert record.table_slip("classic", "layout-over-limit", question="deal-2")
    summary = summarize(ana.learners(CODE), ana.events(CODE))
    assert [(s.level, s.slip, s.count) for s in summary.slips] == [
        ("table", "layout-over-limit", 2)
    ]
    assert set(summary.rows[0].states.values()) == {"new"}
    from gin.ui.classroom.teacher import slips_html

    said = slips_html(summary)
    assert "At the table" in said and "knock limit" in said


# --------------------------------------------------------------------------- the rate limit


def test_a_learners_events_are_limited_per_minute_and_the_refused_not_stored(
    ana: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [100.0]
    monkeypatch.setattr(record, "LIMIT", record.EventLimit(clock=lambda: now[0]))
    per_minute = record.EVENTS_PER_MINUTE
    sent = [
        record.answered("classic", "sets", right=False, slip="pair", question=f"9:{n}")
        for n in range(per_minute + 25)
    ]
    assert sent == [True] * per_minute + [False] * 25
    assert ana.count_events(CODE) == per_minute and record.LIMIT.refused == 25
    ana.join(CODE, "Bo", token="tok-bo")
    record.set_member(CODE, "tok-bo")  # another learner is not held back by Ana's
    assert record.hint_used("classic", "sets", question="9:0")
    record.set_member(CODE, "tok-ana")
    now[0] += 60.5  # a minute after: Ana records again
    assert record.answered("classic", "sets", right=True, slip="", question="9:99")
    assert ana.count_events(CODE) == per_minute + 2


def test_the_limit_leaves_a_learner_at_their_pace_alone(ana: Any) -> None:
    """An answer, a hint or a deal every two seconds for ten minutes: every one kept."""
    now = [0.0]
    record.LIMIT = record.EventLimit(clock=lambda: now[0])
    for n in range(300):
        assert record.answered("classic", "runs", right=n % 3 > 0, slip="", question=f"2:{n}")
        now[0] += 2.0
    assert ana.count_events(CODE) == 300


# --------------------------------------------------------------------------- marked deals


class Controller:
    """A table's controller as the class sees it: its rules, its deal listeners and the
    lead's two marks."""

    class rules:
        name = "classic"

    def __init__(self, *, replayed: bool = False, open_hands: bool = False) -> None:
        self.deal_listeners: list[Any] = []
        self.replayed, self.open_hands = replayed, open_hands


class Won:
    def outcome(self) -> tuple[int | None, int, str]:
        return (0, 25, "gin")


def test_replayed_and_open_hands_deals_are_marked_and_counted_apart(ana: Any) -> None:
    from gin.ui.classroom.teacher import class_csv, table_html

    for marks in ({}, {"replayed": True}, {"open_hands": True},
                  {"replayed": True, "open_hands": True}):  # fmt: skip
        controller = Controller(**marks)
        record.watch_deals(controller, guided=False)
        for listener in controller.deal_listeners:
            listener(Won())
    plain = Controller()
    del plain.replayed, plain.open_hands  # a table without the marks: an ordinary deal
    record.watch_deals(plain, guided=False)
    plain.deal_listeners[0](Won())
    stored = [read_form(e) for e in ana.events(CODE)]
    assert [(e.replayed, e.open_hands) for e in stored] == [
        (False, False), (True, False), (False, True), (True, True), (False, False)]  # fmt: skip
    assert all(e.outcome == "won" and e.slip == "" for e in stored)
    row = summarize(ana.learners(CODE), ana.events(CODE)).rows[0]
    assert (row.deals, row.won, row.marked, row.replayed, row.open_hands) == (2, 2, 3, 2, 2)
    summary = summarize(ana.learners(CODE), ana.events(CODE))
    drawn = table_html(summary, CODE)
    assert 'class="gin-class-deals">2<' in drawn and 'class="gin-class-won">2<' in drawn
    assert 'data-replayed="2" data-open-hands="2"' in drawn
    assert "Deals replayed: 2; deals played with open hands: 2" in drawn
    assert "replayed or played with open hands are not counted as played or won" in drawn
    header, line = class_csv(summary).splitlines()
    assert header.endswith("Deals won,Deals replayed,Deals with open hands")
    assert line.endswith(",2,2,2,2")


def test_the_event_data_travels_in_a_column_the_kind_leaves_empty() -> None:
    """The store's schema is unchanged: the new fields go as JSON in a spare column, and
    data of a wrong shape is left out, never guessed at."""
    answer = Event("answer", level="sets", right=False, slip="pair", question="7:2",
                   first_try=False)  # fmt: skip
    packed = stored_form(answer)
    assert packed.slip == "pair" and packed.question == "" and json.loads(packed.outcome) == {
        "question": "7:2", "first_try": False}  # fmt: skip
    back = read_form(StoredEvent(**{**packed.__dict__, "id": 1}))
    assert (back.question, back.first_try, back.outcome) == ("7:2", False, "")
    forged = read_form(StoredEvent("deal", slip='{"replayed": "yes", "open_hands": true}'))
    assert (forged.replayed, forged.open_hands, forged.slip) == (False, True, "")
    assert stored_form(Event("guided")) == Event("guided")


# --------------------------------------------------------------------------- a dead kernel

KERNEL = """
import os, sys
sys.setswitchinterval(1000)  # no thread gets a turn by luck before the kill below
from gin.ui.classroom import record
from gin.ui.lessons.course import CourseLesson
record.set_member(sys.argv[1], sys.argv[2])
panel = CourseLesson(seed=8, level="card-values").current
last = int(sys.argv[3]) - 1
for n in range(last + 1):
    question = panel.exercise.question
    panel.exercise.submit(points=question.data["answer"] if n % 2 else 999)
    assert panel.exercise.feedback_state in ("right", "wrong")  # the learner is answered
    if n == last:  # killed the moment the last answer is shown: no exit, no clean-up
        os.kill(os.getpid(), 9)
    print(n, flush=True)
    panel.exercise.next()
"""


def test_no_event_is_lost_when_a_kernel_dies_right_after_answering(
    ana: Any, class_env: str
) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    answers = 6
    done = subprocess.run(
        [sys.executable, "-c", KERNEL, CODE, "tok-ana", str(answers)],
        env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == -9, done.stderr[-2000:]
    assert done.stdout.split() == [str(n) for n in range(answers - 1)]
    again = open_store(class_env)  # the app, after the kernel died
    assert [e.right for e in again.events(CODE)] == [n % 2 == 1 for n in range(answers)]


# --------------------------------------------------------------------------- nicknames


@pytest.mark.parametrize(
    "typed",
    ["Ana\u200b", "\ufeffAna", "A\u200dna", "Ana\U000e0041\U000e007f", "An\u00ada", "\u2060Ana"],
)
def test_invisible_and_format_characters_are_taken_out_of_a_nickname(typed: str) -> None:
    assert clean_nickname(typed) == "Ana"


@pytest.mark.parametrize("given", [["Ana"], {"name": "Ana"}, 7, None, True])
def test_a_nickname_that_is_not_text_is_refused(given: object) -> None:
    with pytest.raises(ClassJoinError) as caught:
        clean_nickname(given)
    assert caught.value.code == "class-bad-nickname"


# --------------------------------------------------------------------------- the teacher page


def teacher_page(monkeypatch: pytest.MonkeyPatch, query: str) -> Any:
    from gin.ui.classroom.teacher import TeacherLesson

    monkeypatch.setenv("QUERY_STRING", query)
    return TeacherLesson()


@pytest.mark.parametrize(
    ("query", "sentence"),
    [
        ("key=the-key&class=NOPE22", "There is no class NOPE22 on this server"),
        ("key=the-key&class=", "class= with no code"),
        ("key=the-key&class=K7W", "The page's address has class=K7W: a class code has six"),
        ("key=the-key&class=ABCDEF&CLASS=GHJKMN", "gives class twice"),
    ],
)
def test_a_class_the_address_cant_name_is_said_and_no_other_shown(
    ana: Any, monkeypatch: pytest.MonkeyPatch, query: str, sentence: str
) -> None:
    page = teacher_page(monkeypatch, query)
    assert page.allowed and page.code == ""
    assert sentence in html.unescape(page.message.value)
    assert "Ana" not in page.table.value and CODE not in page.code_box.value
    assert page.choice.value is None and CODE in page.choice.options
    page.switch_language("et")  # the sentence stays, in the new language
    assert page.code == "" and page.message.value
    page.choice.value = CODE  # the teacher chooses the class: it is shown
    assert "Ana" in page.table.value and CODE in page.code_box.value
    page.close()


def test_the_join_box_says_what_is_wrong_with_its_address_class(
    class_env: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gin.ui.classroom.link import class_parts

    for query, sentence in (("class=", "with no code"), ("class=K7W", "class=K7W"),
                            ("class=K7WQ3M&class=K7WQ3N", "twice")):  # fmt: skip
        monkeypatch.setenv("QUERY_STRING", query)
        (box,) = class_parts(form=True)
        assert box.code == "" and sentence in html.unescape(box.status)


def test_the_teacher_key_leaves_the_address_and_comes_back_from_the_session(
    ana: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a reload the address has no key: the page sends the one this tab kept, and
    the class is shown; a wrong one opens nothing."""
    page = teacher_page(monkeypatch, f"class={CODE}")
    assert not page.allowed and "teacher link" in page.message.value
    page.keeper.send_from_page({"event": "key", "key": "wrong"})
    assert not page.allowed and "Ana" not in page.table.value
    page.keeper.send_from_page({"event": "key", "key": ["the-key"]})
    assert not page.allowed
    page.keeper.send_from_page({"event": "key", "key": "the-key"})
    assert page.allowed and page.code == CODE and "Ana" in page.table.value
    assert "teacher link" not in page.message.value
    assert page.keeper.storage_key == "gin-teacher-key"
    js = (ROOT / "gin/ui/classroom/teacher.js").read_text()
    assert "history.replaceState" in js and "sessionStorage" in js
    page.switch_language("he")
    assert page.allowed and page.key == "the-key"  # the kernel keeps it for the page
    page.close()


def test_the_link_for_the_learners_is_a_whole_address(
    ana: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gin.ui.classroom.teacher import base_from_request

    monkeypatch.setenv("SERVER_NAME", "10.0.0.5")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/06_class.ipynb")
    page = teacher_page(monkeypatch, f"key=the-key&class={CODE}")
    whole = f"http://10.0.0.5:8866/voila/render/00_start_here.ipynb?class={CODE}"
    assert f'href="{whole}"' in page.code_box.value and f">{whole}<" in page.code_box.value
    page.keeper.send_from_page({"event": "base", "url": "https://school.example/tutor/"})
    assert "https://school.example/tutor/voila/render/00_start_here.ipynb" in page.code_box.value
    page.keeper.send_from_page({"event": "base", "url": "javascript:alert(1)//"})
    assert "javascript" not in page.code_box.value
    assert base_from_request({"SERVER_NAME": "::1", "SERVER_PORT": "80"}) == "http://[::1]:80/"
    page.close()
