"""A class store that fails says so in one sentence; a database lost for a while loses
nothing, and what it did lose is said once to the teacher.

Rules checked (issue 33's store, issue 32's outages): the store is checked at the app's
start (SQLite's ``PRAGMA quick_check``; the schema version for both back ends), and a
damaged or foreign store stops the app with one sentence naming the file and what to do,
no traceback; after the start, the join route and the teacher's route answer that sentence
(not a 500) and the teacher's page shows it (not a cell error); the store's files are the
owner's only, whoever made the folder; a learner's kernel that loses the database (a
restart) tries again with back-off and loses no event; an outage too long for that counts
what it could not record, and the teacher's page says it once, in one sentence, and says
an outage while it lasts and no longer; the page never waits on the database (joining a
class while it is down gives no error).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from pgcluster import Cluster, free_port
from test_classroom import JOIN_HEADERS
from tornado.web import Application

from gin.ui.classroom import address as store_address
from gin.ui.classroom import record, server, teacherkey
from gin.ui.classroom.events import ClassStoreError, Learner
from gin.ui.classroom.store import FILE_NAME, ClassStore, Event, open_store
from gin.ui.classroom.writer import EventWriter

ROOT = Path(__file__).resolve().parent.parent
CODE = "ABCDEF"


@pytest.fixture
def app_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The environment prepare() writes, put back afterwards; the kernel's state reset."""
    for name in (store_address.DB_ENV, store_address.DATA_ENV, teacherkey.KEY_ENV):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setitem(record._state, "store", None)
    monkeypatch.setitem(record._state, "member", None)
    monkeypatch.setitem(record._state, "awaiting", False)
    yield
    for name in (store_address.DB_ENV, store_address.DATA_ENV, teacherkey.KEY_ENV):
        os.environ.pop(name, None)


def filled_store(data: Path) -> None:
    store = ClassStore(data)
    store.create_class(CODE)
    store.join(CODE, "Ana", token="t1")
    for i in range(300):
        store.record(CODE, "t1", Event("answer", level="sets", right=i % 2 == 0, slip="pair"))
    store.close()  # the last connection: the WAL is written back into the file


def class_with_ana(url: str) -> tuple[Any, Learner]:
    """The store at ``url`` with the class ``CODE``, which Ana (token ``t1``) has joined;
    and Ana, as her kernel knows her."""
    store = open_store(url)
    store.create_class(CODE)
    store.join(CODE, "Ana", token="t1")
    return store, Learner("t1", CODE, "Ana")


def damage_pages(data: Path) -> None:
    """Overwrite every page of the file but the first (the schema) with noise."""
    path = data / FILE_NAME
    size = path.stat().st_size
    with path.open("r+b") as f:
        f.seek(4096)
        f.write(bytes((i * 7 + 13) % 256 for i in range(size - 4096)))


# --------------------------------------------------------------------------- at start


def test_a_file_that_is_not_a_database_stops_the_start_with_one_sentence(
    tmp_path: Path, app_env: None
) -> None:
    """SQLite only: a file that is not a database (PostgreSQL's analogue, a database of
    another program's tables, is the foreign-database test below)."""
    (tmp_path / FILE_NAME).write_bytes(b"not a database at all" * 500)
    with pytest.raises(ClassStoreError) as caught:
        server.prepare(str(tmp_path))
    assert caught.value.code == "class-store-damaged"
    assert str(tmp_path / FILE_NAME) in str(caught.value) and "backup" in str(caught.value)


def test_a_store_with_damaged_pages_is_found_at_start(tmp_path: Path, app_env: None) -> None:
    """SQLite only: its file's pages damaged, found by ``PRAGMA quick_check``. A PostgreSQL
    server keeps its own files (the data-corrupted errors it reports are said as damage,
    ``PostgresClassStore._run``); a test can't damage them under a running server."""
    filled_store(tmp_path)
    damage_pages(tmp_path)
    with pytest.raises(ClassStoreError) as caught:
        server.prepare(str(tmp_path))
    assert caught.value.code == "class-store-damaged"
    assert str(tmp_path / FILE_NAME) in str(caught.value)


def test_a_foreign_database_stops_the_start_with_one_sentence(
    pg_url: str, app_env: None
) -> None:
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE invoices (n INTEGER)")
    with pytest.raises(ClassStoreError) as caught:
        server.prepare("", pg_url)
    assert caught.value.code == "class-store-foreign"


def test_prepare_names_the_store_for_the_kernels(
    tmp_path: Path, pg_url: str, app_env: None
) -> None:
    assert server.prepare(str(tmp_path)).startswith("sqlite:///")
    assert os.environ[store_address.DATA_ENV] == str(tmp_path.resolve())
    assert server.prepare("", pg_url) == pg_url
    assert os.environ[store_address.DB_ENV] == pg_url
    assert store_address.DATA_ENV not in os.environ  # the kernels use the database


def test_the_app_stops_on_a_damaged_store_with_one_sentence_and_no_traceback(
    tmp_path: Path,
) -> None:
    """SQLite only: a damaged file under ``make app`` (its PostgreSQL analogue at the
    start, a foreign or unknown database, is refused by the same ``prepare``: above)."""
    (tmp_path / FILE_NAME).write_bytes(b"garbage" * 1000)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [
            sys.executable, "-m", "gin.ui.page.serve", "--no-browser", f"--port={free_port()}",
            "--Voila.ip=127.0.0.1", f"--TutorApp.class_data_dir={tmp_path}",
            str(ROOT / "notebooks"),
        ],
        capture_output=True, text=True, timeout=120, env=env, cwd=ROOT,
    )
    assert run.returncode != 0
    assert "Traceback" not in run.stderr and "Traceback" not in run.stdout
    said = [line for line in run.stderr.splitlines() if str(tmp_path / FILE_NAME) in line]
    assert len(said) == 1 and "is damaged" in said[0] and "backup" in said[0]


# --------------------------------------------------------------------------- after the start


@contextmanager
def class_routes() -> Iterator[str]:
    """The app's class routes served in a thread; yields their base address."""
    loop = asyncio.new_event_loop()
    port = free_port()
    started = threading.Event()

    async def start() -> None:
        app = Application(server.handlers("/", {"Content-Security-Policy": "default-src 'self'"}))
        app.listen(port, "127.0.0.1")
        started.set()

    def run() -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(start())
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert started.wait(30)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


def post_join(base: str, code: str, nickname: str = "Bo") -> tuple[int, dict[str, Any]]:
    """POST class/join as the join box does; returns the status and the JSON answer."""
    body = json.dumps({"code": code, "nickname": nickname, "lang": "en"}).encode()
    request = urllib.request.Request(f"{base}/class/join", data=body, headers=JOIN_HEADERS)
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def get(url: str) -> tuple[int, str]:
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any, **kwargs: Any) -> None:
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(url, timeout=60) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


def test_a_store_damaged_after_the_start_is_said_by_the_join_route_and_the_teacher_page(
    tmp_path: Path, app_env: None
) -> None:
    """SQLite only: its file damaged under the running app. PostgreSQL's analogue, a
    database out of reach after the start, is the outage tests below."""
    from gin.ui.classroom.teacher import TeacherLesson

    filled_store(tmp_path)
    server.prepare(str(tmp_path))
    damage_pages(tmp_path)
    key = teacherkey.teacher_key()
    with class_routes() as base:
        status, answer = post_join(base, CODE)
        assert status == 503 and not answer["ok"]
        assert "is damaged" in answer["error"] and FILE_NAME in answer["error"]
        status, page = get(f"{base}/class/{CODE}?key={key}")
        assert status == 503 and "is damaged" in page and "Traceback" not in page
    lesson = TeacherLesson(code=CODE, key=key)  # the teacher page's kernel
    assert "is damaged" in lesson.message.value and FILE_NAME in lesson.message.value


def test_the_stores_files_are_the_owners_only_whoever_made_the_folder(tmp_path: Path) -> None:
    """SQLite only: a PostgreSQL store has no files of the app's (the server keeps them)."""
    folder = tmp_path / "shared"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    store = ClassStore(folder)
    store.create_class(CODE)
    files = sorted(p.name for p in folder.iterdir())
    assert files == [FILE_NAME, f"{FILE_NAME}-shm", f"{FILE_NAME}-wal"]
    for p in folder.iterdir():
        assert p.stat().st_mode & 0o777 == 0o600, p.name
    store.close()
    (folder / FILE_NAME).chmod(0o644)  # made readable by someone: tightened at the opening
    ClassStore(folder).close()
    assert (folder / FILE_NAME).stat().st_mode & 0o777 == 0o600


# --------------------------------------------------------------------------- outages


def test_a_kernel_writes_through_a_database_restart_and_loses_nothing(
    own_cluster: Cluster,
) -> None:
    url = own_cluster.database()
    store, ana = class_with_ana(url)
    writer = EventWriter(url, first_wait=0.1, longest_wait=1.0)
    written = threading.Event()

    def write() -> None:
        for i in range(60):
            writer.write(ana, Event("answer", level="sets", right=i % 2 == 0))
            if i == 10:
                written.set()
        written.set()

    thread = threading.Thread(target=write)
    thread.start()
    assert written.wait(60)
    own_cluster.restart(down_s=2.0)  # the database restarts under the writer
    thread.join(120)
    assert not thread.is_alive()
    assert store.count_events(CODE) == 60 and writer.lost == {}
    assert store.lost(CODE) == 0


def test_an_outage_too_long_is_counted_and_said_once_to_the_teacher(
    own_cluster: Cluster, app_env: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gin.ui.classroom.events import StoreUnavailable
    from gin.ui.classroom.teacher import TeacherLesson

    url = own_cluster.database()
    store, ana = class_with_ana(url)
    writer = EventWriter(url, first_wait=0.05, longest_wait=0.2, outage=0.5)
    writer.write(ana, Event("hint", level="sets"))
    own_cluster.stop()
    with pytest.raises(StoreUnavailable):
        store.classes()  # the app's own connection says it, within seconds
    monkeypatch.setenv(store_address.DB_ENV, url)
    monkeypatch.setenv(teacherkey.KEY_ENV, "the-key")
    assert record.set_member(CODE, "t1") == Learner("t1", CODE, "")  # no error, no wait
    down = TeacherLesson(code=CODE, key="the-key")  # the teacher's page while it is down
    assert "be reached just now" in down.message.value
    for _ in range(4):
        writer.write(ana, Event("hint", level="sets"))  # given up on: counted
    assert writer.lost == {(CODE, "t1"): 4}
    own_cluster.start()
    time.sleep(writer.longest_wait)  # the writer's next try is due (a start may be quicker)
    writer.write(ana, Event("hint", level="sets"))  # the store answers again: noted
    assert writer.lost == {} and store.lost(CODE) == 4 and store.count_events(CODE) == 2
    monkeypatch.setitem(record._state, "store", None)
    page = TeacherLesson(code=CODE, key="the-key")
    said = "4 answers or deals of this class could not be recorded"
    assert said in page.message.value
    page.message.value = ""
    page.refresh(force=True)
    assert said not in page.message.value  # once
    page.close()
    down.close()


def test_the_join_route_says_an_outage_in_one_sentence_and_joins_after_it(
    own_cluster: Cluster, app_env: None
) -> None:
    url = own_cluster.database()
    open_store(url).create_class(CODE)
    server.prepare("", url)
    with class_routes() as base:
        assert post_join(base, CODE, "Ana")[0] == 200
        own_cluster.stop()
        status, answer = post_join(base, CODE, "Bo")
        assert status == 503 and "can't be reached" in answer["error"]
        assert "Traceback" not in answer["error"]
        own_cluster.start()
        status, answer = post_join(base, CODE, "Bo")
        assert status == 200 and answer["nickname"] == "Bo"


def test_the_teacher_page_says_an_outage_while_it_lasts_and_no_longer(
    own_cluster: Cluster, app_env: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gin.ui.classroom import teacher
    from gin.ui.classroom.teacher import TeacherLesson

    url = own_cluster.database()
    open_store(url).create_class(CODE)
    monkeypatch.setenv(store_address.DB_ENV, url)
    monkeypatch.setenv(teacherkey.KEY_ENV, "the-key")
    monkeypatch.setattr(teacher, "REFRESH_S", 0.05)

    async def watch() -> list[str]:
        page = TeacherLesson(code=CODE, key="the-key")  # refreshes on this loop
        seen = [page.message.value]

        async def until(wanted: bool) -> None:
            for _ in range(600):
                await asyncio.sleep(0.05)
                if ("be reached just now" in page.message.value) == wanted:
                    seen.append(page.message.value)
                    return
            raise AssertionError(f"the message stayed {page.message.value!r}")

        await asyncio.to_thread(own_cluster.stop)
        await until(True)
        await asyncio.to_thread(own_cluster.start)
        await until(False)
        page.close()
        return seen

    seen = asyncio.run(watch())
    assert "be reached just now" not in seen[0]
    assert "be reached just now" in seen[1] and seen[2] == ""
