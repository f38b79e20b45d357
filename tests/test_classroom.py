"""A class: the store, codes and nicknames, the teacher key, joining, recording and the
teacher's page.

Rules checked: the store creates its schema, refuses an unknown version, writes in
transactions and keeps everything across a restart; a request without the teacher key
reads no class data; wrong codes are limited per address; nicknames are trimmed and
cleaned, duplicates suffixed; the CSV neutralises formula-looking cells; without a class
nothing is recorded; the teacher's table shows each learner's levels.

The store's tests, the class routes and the kernel's recording run on both back ends
(SQLite and PostgreSQL: the ``address`` fixture of tests/conftest.py, each test a store of
its own); the few about SQLite's file itself say so and have their PostgreSQL analogue.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from conftest import set_schema_version
from hypothesis import given, settings
from hypothesis import strategies as st
from pgcluster import Cluster
from tornado.testing import AsyncHTTPTestCase
from tornado.web import Application

from gin.ui.classroom import names, record, server, teacherkey
from gin.ui.classroom.address import DATA_ENV, DB_ENV, is_postgres
from gin.ui.classroom.events import stored_form
from gin.ui.classroom.names import ClassJoinError, GuessLimit, clean_nickname, read_code
from gin.ui.classroom.store import (
    FILE_NAME,
    SCHEMA_VERSION,
    ClassStore,
    ClassStoreError,
    Event,
    open_store,
)
from gin.ui.classroom.summary import csv_text, safe_cell, summarize
from gin.ui.lessons.levels import LEVELS


def transaction(store: Any) -> Any:
    """The store's own transaction (rolled back if its block raises): a SQLite connection
    or a PostgreSQL cursor, either with ``execute``."""
    if isinstance(store, ClassStore):
        return store._transaction()
    return store._transaction(store._connection())


# --------------------------------------------------------------------------- the store


def test_the_store_creates_its_schema_and_marks_its_version(tmp_path: Path) -> None:
    """SQLite only: its file's version, journal mode and tables, and its directory's
    owner-only mode (a PostgreSQL database has no file: the test below)."""
    ClassStore(tmp_path).close()
    db = sqlite3.connect(tmp_path / FILE_NAME)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"classes", "learners", "events"} <= tables
    ClassStore(tmp_path / "fresh").close()  # a directory it makes is its owner's only
    assert (tmp_path / "fresh").stat().st_mode & 0o777 == 0o700


def test_a_postgresql_store_creates_its_schema_and_marks_its_version(pg_url: str) -> None:
    """The PostgreSQL analogue of the test above: the version in its ``gin_schema`` table,
    its tables in the database."""
    import psycopg

    open_store(pg_url).close()
    with psycopg.connect(pg_url) as db:
        assert db.execute("SELECT version FROM gin_schema").fetchall() == [(SCHEMA_VERSION,)]
        tables = {r[0] for r in db.execute("SELECT table_name FROM information_schema.tables"
                                           " WHERE table_schema = current_schema()")}  # fmt: skip
    assert {"classes", "learners", "events"} <= tables


def test_a_store_of_an_unknown_schema_version_is_refused_with_a_sentence(address: str) -> None:
    """The version is SQLite's ``PRAGMA user_version``, PostgreSQL's ``gin_schema`` row."""
    open_store(address).close()
    set_schema_version(address, 99)
    with pytest.raises(ClassStoreError) as caught:
        open_store(address)
    assert caught.value.code == "class-store-version"
    assert "99" in caught.value.message and str(SCHEMA_VERSION) in caught.value.message
    with pytest.raises(ClassStoreError):  # the app refuses to start on it too
        if is_postgres(address):
            server.prepare("", class_db=address)
        else:
            server.prepare(address)


def test_everything_recorded_survives_a_restart(address: str) -> None:
    store = open_store(address)
    store.create_class("ABCDEF")
    store.join("ABCDEF", "Ana", token="t1")
    for i in range(5):
        store.record("ABCDEF", "t1", Event("answer", level="sets", right=i % 2 == 0))
    store.close()
    again = open_store(address)
    assert again.classes() == ["ABCDEF"]
    assert [lr.nickname for lr in again.learners("ABCDEF")] == ["Ana"]
    assert [e.right for e in again.events("ABCDEF")] == [True, False, True, False, True]


def test_a_write_that_fails_leaves_nothing_behind(store: Any) -> None:
    """Every write is one transaction: an event for a learner not in the class is refused
    and nothing of it is stored; a duplicate code is refused whole."""
    store.create_class("ABCDEF")
    with pytest.raises(ClassStoreError):
        store.record("ABCDEF", "nobody", Event("hint", level="sets"))
    with pytest.raises(sqlite3.IntegrityError):
        store.create_class("ABCDEF")
    store.join("ABCDEF", "Ana", token="t1")
    with pytest.raises(ValueError):  # keystrokes are never recorded
        store.record("ABCDEF", "t1", Event("keystroke"))
    assert store.count_events() == 0 and store.classes() == ["ABCDEF"]
    with pytest.raises(RuntimeError), transaction(store) as db:  # rolled back on error
        db.execute("INSERT INTO classes (code, created) VALUES ('GHJKMN', 0)")
        raise RuntimeError
    assert store.classes() == ["ABCDEF"]


def test_ending_a_class_deletes_its_learners_and_events_only(store: Any) -> None:
    for code in ("ABCDEF", "GHJKMN"):
        store.create_class(code)
        store.join(code, "Ana", token=f"t-{code}")
        store.record(code, f"t-{code}", Event("guided"))
    store.end_class("ABCDEF")
    assert store.classes() == ["GHJKMN"]
    assert store.learners("ABCDEF") == [] and store.events("ABCDEF") == []
    assert store.count_events() == 1


def test_joining_an_unknown_class_is_refused(store: Any) -> None:
    with pytest.raises(ClassStoreError):
        store.join("ZZZZZZ", "Ana", token="t")


# --------------------------------------------------------------------------- nicknames, codes


def test_a_duplicate_nickname_in_a_class_gets_a_suffix(store: Any) -> None:
    store.create_class("ABCDEF")
    store.create_class("GHJKMN")
    got = [store.join("ABCDEF", "Ana", token=f"t{i}").nickname for i in range(3)]
    assert got == ["Ana", "Ana 2", "Ana 3"]
    assert store.join("GHJKMN", "Ana", token="other").nickname == "Ana"  # per class


def test_a_nickname_is_trimmed_and_stripped_of_control_and_bidi_characters() -> None:
    assert clean_nickname("  Ana  ") == "Ana"
    assert clean_nickname("A\u202eB\u2066C\u200fD") == "ABCD"
    assert clean_nickname("Ana\nMaria\x00") == "Ana Maria"
    assert clean_nickname("x" * 100) == "x" * names.NICKNAME_LENGTH
    assert clean_nickname("דנה") == "דנה"  # right-to-left letters stay
    for empty in ("", "   ", "\u202e\u202c", "\t\n"):
        with pytest.raises(ClassJoinError) as caught:
            clean_nickname(empty)
        assert caught.value.code == "class-no-nickname"


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_a_cleaned_nickname_is_short_and_has_no_control_or_invisible_character(text: str) -> None:
    import unicodedata

    try:
        name = clean_nickname(text)
    except ClassJoinError:
        return
    assert 0 < len(name) <= names.NICKNAME_LENGTH and name == name.strip()
    assert not any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Cn") for c in name)
    assert not set(name) & names._BIDI_CONTROLS


def test_a_typed_code_is_read_whatever_its_spaces_dashes_and_case() -> None:
    assert read_code(" abc-def ") == "ABCDEF"
    for bad, reason in (
        ("", "class-no-code"),
        ("ABC", "class-unknown-code"),
        ("ABCDE0", "class-unknown-code"),
    ):
        with pytest.raises(ClassJoinError) as caught:
            read_code(bad)
        assert caught.value.code == reason


def test_wrong_codes_are_limited_per_address_per_minute() -> None:
    limit = GuessLimit(per_minute=3)
    for t in range(3):
        assert limit.allowed("10.0.0.1", now=float(t))
        limit.wrong("10.0.0.1", now=float(t))
    assert not limit.allowed("10.0.0.1", now=10.0)
    assert limit.allowed("10.0.0.2", now=10.0)  # another address is not slowed
    assert limit.allowed("10.0.0.1", now=60.5)  # a minute after the first wrong code


# --------------------------------------------------------------------------- the routes


XSRF = "0123456789abcdef0123456789abcdef"
"""An ``_xsrf`` cookie as the app sets it on every lesson page (Tornado's first format)."""

JOIN_HEADERS = {
    "Content-Type": "application/json",
    "Cookie": f"_xsrf={XSRF}",
    "X-XSRFToken": XSRF,
}
"""What the join box sends (``link.js``): JSON, and the page's XSRF token."""


class ClassRoutes(AsyncHTTPTestCase):
    """The app's class routes: the teacher key, joining, the limit on guessing. Here on
    SQLite, the app's default (a data directory of the test's own);
    :class:`ClassRoutesOnPostgreSQL` runs every one of them again on PostgreSQL."""

    class_db = ""
    """The store's address given to the app (``--TutorApp.class_db``); empty: the SQLite
    store in the test's data directory."""

    def get_async_test_timeout(self) -> float:
        return 60.0  # a shared machine may be slow; nothing here is timed

    def get_app(self) -> Application:
        return Application(server.handlers("/", {"Content-Security-Policy": "default-src 'self'"}))

    def setUp(self) -> None:
        import os
        import tempfile

        self._tmp = tempfile.TemporaryDirectory()
        self._env = dict(os.environ)
        self.address = server.prepare(self._tmp.name, class_db=self.class_db)
        super().setUp()
        store = open_store(self.address)
        store.create_class("ABCDEF")
        store.close()

    def tearDown(self) -> None:
        import os

        super().tearDown()
        os.environ.clear()
        os.environ.update(self._env)
        self._tmp.cleanup()

    def join(self, code: str, nickname: Any = "Ana", lang: str = "en") -> tuple[int, Any]:
        body = json.dumps({"code": code, "nickname": nickname, "lang": lang})
        r = self.fetch("/class/join", method="POST", body=body, headers=JOIN_HEADERS)
        return r.code, json.loads(r.body)

    def test_a_request_without_the_teacher_key_reads_no_class_data(self) -> None:
        for path in ("/class", "/class/ABCDEF", "/class/ABCDEF?key=wrong", "/class?key="):
            r = self.fetch(path, follow_redirects=False)
            assert r.code == 403, path
            assert b"ABCDEF" not in r.body and b"voila/render" not in r.body
            assert r.headers["Content-Security-Policy"]

    def test_the_teacher_key_leads_to_the_teacher_page(self) -> None:
        key = teacherkey.teacher_key()
        r = self.fetch(f"/class/abcdef?key={key}&lang=he", follow_redirects=False)
        assert r.code == 302
        assert r.headers["Location"].startswith("/voila/render/06_class.ipynb?")
        assert "class=ABCDEF" in r.headers["Location"] and "lang=he" in r.headers["Location"]

    def test_a_learner_joins_with_a_code_and_a_nickname(self) -> None:
        status, answer = self.join(" abc-def ", "  Ana\u202e ")
        assert status == 200 and answer["ok"] and answer["code"] == "ABCDEF"
        assert answer["nickname"] == "Ana" and len(answer["token"]) >= 16
        assert self.join("ABCDEF", "Ana")[1]["nickname"] == "Ana 2"

    def test_a_wrong_code_gets_a_sentence_and_guessing_is_slowed(self) -> None:
        status, answer = self.join("ZZZZZZ", lang="et")
        assert status == 400 and not answer["ok"]
        assert answer["error"].startswith("Selle koodiga klassi pole")
        for _ in range(names.GUESSES_PER_MINUTE - 1):
            assert self.join("ZZZZZZ")[0] == 400
        status, answer = self.join("ABCDEF")  # even the right code waits now
        assert status == 429 and "wait a minute" in answer["error"]

    def test_a_missing_nickname_gets_a_sentence_and_is_not_a_guess(self) -> None:
        for _ in range(names.GUESSES_PER_MINUTE + 1):
            status, answer = self.join("ABCDEF", "   ")
            assert status == 400 and "nickname" in answer["error"]
        assert self.join("ABCDEF")[0] == 200

    # ---------------------------------------------------- JSON only, small, XSRF (issue 33)

    def post(self, body: bytes | str, **headers: str) -> tuple[int, Any]:
        sent = {**JOIN_HEADERS, **headers}  # an empty value: that header left out
        r = self.fetch("/class/join", method="POST", body=body,
                       headers={k: v for k, v in sent.items() if v})  # fmt: skip
        return r.code, json.loads(r.body)

    def join_body(self, nickname: Any = "Ana", **more: Any) -> str:
        return json.dumps({"code": "ABCDEF", "nickname": nickname, "lang": "en", **more})

    def test_a_join_with_json_and_the_token_is_taken(self) -> None:
        status, answer = self.post(
            self.join_body(), **{"Content-Type": "application/json; charset=utf-8"}
        )
        assert status == 200 and answer["ok"] and answer["nickname"] == "Ana"

    def test_anything_but_json_is_refused_with_a_sentence(self) -> None:
        for media in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data", ""):
            status, answer = self.post(self.join_body(), **{"Content-Type": media})
            assert status == 415 and not answer["ok"], media
            assert (
                answer["error"]
                == "The tutor could not read this request to join: reload the page and join again."
            )
        for body in ("[1, 2]", "not json", '"Ana"', "\xff"):
            assert self.post(body)[0] == 400

    def test_a_body_over_two_kilobytes_is_refused_with_a_sentence(self) -> None:
        status, answer = self.post(self.join_body(padding="x" * server.MAX_JOIN_BYTES))
        assert status == 413 and "too large" in answer["error"]
        status, _ = self.post(self.join_body(padding="x" * 5_000_000))  # the probe's 5 MB
        assert status == 413
        status, answer = self.post(self.join_body(padding="x" * 1000))  # small enough
        assert status == 200 and answer["ok"]

    def test_a_join_without_the_pages_xsrf_token_is_refused(self) -> None:
        for headers in ({"X-XSRFToken": ""}, {"Cookie": ""},
                        {"X-XSRFToken": "fedcba9876543210fedcba9876543210"}):  # fmt: skip
            status, answer = self.post(self.join_body(), **headers)
            assert status == 403 and "did not come from the tutor's own page" in answer["error"]
        assert open_store(self.address).learners("ABCDEF") == []

    def test_a_nickname_must_be_text_and_loses_its_invisible_characters(self) -> None:
        status, answer = self.post(self.join_body(nickname=["Ana"]))
        assert status == 400 and answer["error"] == "A nickname is plain text: type it in the box."
        assert self.post(self.join_body(nickname=7))[0] == 400
        assert self.post(self.join_body(nickname="Ana"))[1]["nickname"] == "Ana"
        status, answer = self.post(self.join_body(nickname="Ana\u200b"))
        assert status == 200 and answer["nickname"] == "Ana 2"  # no second "Ana" that looks alike
        status, answer = self.post(json.dumps({"code": ["ABCDEF"], "nickname": "Bo"}))
        assert status == 400 and not answer["ok"]

    def test_the_teacher_route_passes_the_address_class_on(self) -> None:
        key = teacherkey.teacher_key()
        r = self.fetch(f"/class?key={key}&class=NOPE22", follow_redirects=False)
        assert r.code == 302 and "class=NOPE22" in r.headers["Location"]
        r = self.fetch(f"/class/ABCDEF?key={key}&Class=GHJKMN", follow_redirects=False)
        assert "class=ABCDEF" in r.headers["Location"] and "class=GHJKMN" in r.headers["Location"]


class ClassRoutesOnPostgreSQL(ClassRoutes):
    """Every test of :class:`ClassRoutes` with the store on PostgreSQL, as a school's hub
    server has it: a database of the test's own on the session's cluster (skipped loudly
    where PostgreSQL can't be had)."""

    @pytest.fixture(autouse=True)
    def _database(self, pg_cluster: Cluster) -> None:
        self.class_db = pg_cluster.database()  # before setUp, which gives it to the app


def test_the_teacher_key_is_compared_whole() -> None:
    import os

    os.environ[teacherkey.KEY_ENV] = "abc"
    try:
        assert teacherkey.key_matches("abc")
        assert not teacherkey.key_matches("ab") and not teacherkey.key_matches("abcd")
        assert not teacherkey.key_matches("") and not teacherkey.key_matches(None)
        os.environ[teacherkey.KEY_ENV] = ""
        assert not teacherkey.key_matches("")  # no key made: nothing matches
    finally:
        del os.environ[teacherkey.KEY_ENV]


# --------------------------------------------------------------------------- the CSV


def test_the_csv_neutralises_formula_looking_cells() -> None:
    from gin.ui.classroom.store import Learner

    nicknames = ['=HYPERLINK("x")', "@SUM(A1)", "+1", "-2", "Ana"]
    learners = [Learner(f"t{i}", "C", n) for i, n in enumerate(nicknames)]
    summary = summarize(learners, [])
    header = ["=learner", *(lv.key for lv in LEVELS), "guided", "deals", "won"]
    text = csv_text(summary, header, {"new": "new", "started": "s", "mastered": "m"}, ("y", "n"))
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][0] == "'=learner"
    assert [r[0] for r in rows[1:]] == ['\'=HYPERLINK("x")', "'@SUM(A1)", "'+1", "'-2", "Ana"]
    for row in rows:
        assert not any(cell.startswith(("=", "+", "-", "@")) for cell in row)
    assert safe_cell(-3) == "'-3"


# --------------------------------------------------------------------------- recording


def test_without_a_class_nothing_is_recorded(class_env: str) -> None:
    assert not record.answered("classic", "sets", right=False, slip="pair", question="1:0")
    assert open_store(class_env).count_events() == 0


def test_a_learners_answers_hints_and_deals_are_recorded_for_their_class(class_env: str) -> None:
    from gin.ui.classroom.link import ClassLink
    from gin.ui.lessons.course import CourseLesson

    store = open_store(class_env)
    store.create_class("ABCDEF")
    ana = store.join("ABCDEF", "Ana", token="tok-ana")
    link = ClassLink(form=True)
    link.send_from_page({"event": "stored", "membership": {"code": "ABCDEF", "token": ana.token}})
    assert record.member() == ana and "Ana" in link.status
    lesson = CourseLesson(seed=3, level="card-values")
    panel = lesson.current
    assert panel is not None
    for _ in range(3):
        question = panel.exercise.question
        assert question is not None
        panel.exercise.submit(points=question.data["answer"])
        panel.exercise.next()
    panel.exercise.submit(points=999)  # a wrong answer
    events = store.events("ABCDEF")  # written before the Check's click was answered
    assert [e.right for e in events] == [True, True, True, False]
    assert events[0].level == "card-values"
    summary = summarize(store.learners("ABCDEF"), events)
    assert summary.rows[0].states["card-values"] == "mastered"


def test_answers_checked_before_the_page_sends_its_membership_are_recorded_for_it(
    class_env: str,
) -> None:
    """The classroom: the browser sends the stored membership a moment after the page is
    drawn; three right answers checked in that moment still master the level for the
    teacher (CI once lost a quick learner's first answer so)."""
    from gin.ui.classroom.link import ClassLink
    from gin.ui.lessons.course import CourseLesson

    store = open_store(class_env)
    store.create_class("ABCDEF")
    ana = store.join("ABCDEF", "Ana", token="tok-ana")
    lesson = CourseLesson(seed=3, level="card-values")  # its ClassLink awaits the page
    panel = lesson.current
    assert panel is not None
    for _ in range(3):
        question = panel.exercise.question
        assert question is not None
        panel.exercise.submit(points=question.data["answer"])
        panel.exercise.next()
    assert store.count_events() == 0 and record.held() == 3
    link = next(w for w in lesson.widget.children if isinstance(w, ClassLink))
    link.send_from_page({"event": "stored", "membership": {"code": "ABCDEF", "token": ana.token}})
    assert record.held() == 0 and record.member() == ana
    events = store.events("ABCDEF")
    assert [e.right for e in events] == [True, True, True]
    summary = summarize(store.learners("ABCDEF"), events)
    assert summary.rows[0].states["card-values"] == "mastered"


def test_a_page_without_a_membership_drops_what_it_held_and_holds_no_more(
    class_env: str,
) -> None:
    """The classroom: a page that holds no membership records nothing, and its events are
    not kept for a learner who joins later; what is held is bounded."""
    from gin.ui.classroom.link import ClassLink

    store = open_store(class_env)
    store.create_class("ABCDEF")
    ana = store.join("ABCDEF", "Ana", token="tok-ana")
    link = ClassLink()
    for n in range(record.HELD_MAX + 5):
        record.answered("classic", "sets", right=True, slip="", question=f"1:{n}")
    assert record.held() == record.HELD_MAX
    link.send_from_page({"event": "stored", "membership": None})
    assert record.held() == 0
    assert not record.answered("classic", "sets", right=True, slip="", question="1:99")
    assert record.held() == 0
    link.send_from_page({"event": "joined", "membership": {"code": "ABCDEF", "token": ana.token}})
    assert store.count_events() == 0  # nothing of before the join
    assert record.answered("classic", "sets", right=True, slip="", question="1:100")
    assert store.count_events() == 1


def test_a_membership_of_an_ended_class_is_forgotten(class_env: str) -> None:
    from gin.ui.classroom.link import ClassLink

    link = ClassLink()
    link.send_from_page({"event": "stored", "membership": {"code": "ABCDEF", "token": "x"}})
    assert record.member() is None and "ABCDEF" in link.status


def test_a_deal_played_and_the_guided_deal_are_recorded(class_env: str) -> None:
    import gin

    store = open_store(class_env)
    store.create_class("ABCDEF")
    store.join("ABCDEF", "Ana", token="tok")
    record.set_member("ABCDEF", "tok")

    class Over:
        def outcome(self) -> tuple[int | None, int, str]:
            return (0, 25, "gin")

    record.deal_over(Over(), learner_seat=0, guided=False, rules="classic")
    record.deal_over(Over(), learner_seat=1, guided=False, rules="classic")
    record.deal_over(Over(), learner_seat=0, guided=True, rules="classic")
    row = summarize(store.learners("ABCDEF"), store.events("ABCDEF")).rows[0]
    assert (row.deals, row.won, row.guided) == (2, 1, True)
    assert isinstance(gin.Rules.preset("classic"), gin.Rules)


# --------------------------------------------------------------------------- the teacher page


def test_the_teacher_page_without_the_key_shows_no_class(class_env: str) -> None:
    from gin.ui.classroom.teacher import TeacherLesson

    store = open_store(class_env)
    store.create_class("ABCDEF")
    store.join("ABCDEF", "Secret Ana", token="t")
    page = TeacherLesson(code="ABCDEF", key="wrong")
    assert not page.allowed and "teacher link" in page.message.value
    assert "Secret Ana" not in page.table.value and "ABCDEF" not in page.code_box.value


def slipped(level: str, slip: str, question: str = "") -> Event:
    return stored_form(Event("answer", level=level, right=False, slip=slip, question=question))


def test_the_teacher_page_creates_a_class_and_shows_each_learners_levels(class_env: str) -> None:
    from gin.ui.classroom.teacher import TeacherLesson

    page = TeacherLesson(key="the-key")
    code = page.new_class()
    assert f'class="gin-class-code">{code}<' in page.code_box.value
    store = open_store(class_env)
    store.join(code, "Ana", token="t1")
    store.join(code, "Bo", token="t2")
    for n in range(2):
        store.record(code, "t1", slipped("sets", "pair", f"5:{n}"))
    store.record(code, "t2", slipped("runs", "gap"))
    for n in range(3):  # three right first tries in a row master a level
        store.record(code, "t2", stored_form(Event("answer", level="sets", right=True,
                                                   question=f"5:{n}")))  # fmt: skip
    page.refresh()
    html = page.table.value
    assert html.count('class="gin-class-row"') == 2
    assert 'data-level="sets" data-state="mastered"' in html
    assert 'data-level="sets" data-state="started"' in html
    assert 'data-level="runs" data-state="new"' in html
    assert page.slips.value.index("took a pair for a set") < page.slips.value.index("gap")
    assert "(2 times)" in page.slips.value and "(1 time)" in page.slips.value
    assert "data:text/csv" in page.csv.value
    page.ask_end()
    assert page.confirm.layout.display == "flex" and code in page.confirm_text.value
    page.end_class()
    assert store.classes() == [] and code in page.message.value
    page.close()


def test_the_teacher_page_opens_on_the_class_of_its_address_and_keeps_it(class_env: str) -> None:
    """``/class/<CODE>`` opens that class even when a newer one exists; the class menu
    switches classes; a switch of language keeps the class on show."""
    from gin.ui.classroom.teacher import TeacherLesson

    store = open_store(class_env)
    store.create_class("ABCDEF")
    store.join("ABCDEF", "Ana", token="t1")
    page = TeacherLesson(key="the-key")
    newer = page.new_class()
    opened = TeacherLesson(code="abcdef", key="the-key")
    assert opened.code == "ABCDEF" and opened.choice.value == "ABCDEF"
    assert "Ana" in opened.table.value
    opened.choice.value = newer
    assert opened.code == newer and "Ana" not in opened.table.value
    opened.switch_language("bg")
    assert opened.code == newer and opened.choice.value == newer
    assert "Ученик" in opened.table.value
    opened.close()
    page.close()


def test_a_deal_played_to_its_end_at_the_table_is_recorded_once(class_env: str) -> None:
    """The table's controller tells each deal's end to the class (``deal_listeners``); a
    lesson built again around the same table does not record it twice."""
    import random

    import gin.bots
    from gin.ui.table.controller import TableController

    store = open_store(class_env)
    store.create_class("ABCDEF")
    store.join("ABCDEF", "Ana", token="tok")
    record.set_member("ABCDEF", "tok")
    controller = TableController("classic", "eager", seed=7)
    record.watch_deals(controller, guided=False)
    record.watch_deals(controller, guided=False)  # the lesson drawn again: still once
    me = gin.bots.make_bot("eager", random.Random(1))
    while not controller.deal.is_over:
        if controller.learner_to_move():
            controller.act(me.choose(controller.view()))
        else:
            controller.opponent_step()
    (event,) = store.events("ABCDEF")
    winner, points, kind = controller.deal.outcome()
    assert event.kind == "deal" and event.points == points
    assert event.outcome == ("void" if kind == "void" else "tie" if winner is None else
                             "won" if winner == 0 else "lost")  # fmt: skip


def test_the_join_box_is_there_only_with_the_apps_store_and_takes_the_address_code(
    class_env: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Start here's join box takes ``?class=CODE``; where there is no class store (the
    static site, a notebook) there is no box and nothing to join."""
    from gin.ui.classroom.link import ClassLink, class_parts

    monkeypatch.setenv("QUERY_STRING", "class=K7WQ3M&lang=et")
    (box,) = class_parts(form=True)
    assert isinstance(box, ClassLink) and box.form and box.code == "K7WQ3M"
    (hidden,) = class_parts()
    assert not hidden.form and hidden.code == ""
    monkeypatch.delenv(DATA_ENV, raising=False)
    monkeypatch.delenv(DB_ENV, raising=False)
    assert class_parts(form=True) == [] and class_parts() == []
