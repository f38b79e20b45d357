"""Two tutor servers on one PostgreSQL class store, as two JupyterHub user servers are.

A teacher creates a class on the first server; two learners join through the first server
and two through the second (each server's own join route and kernels, writing into the one
database); the teacher's table on the first server shows every learner within 5 s, and a
level started by a learner of the second server, without reloading. Then the database
stops while that learner goes on answering: his page never waits, and once the database is
back the level he mastered meanwhile reaches the teacher's table.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pgcluster
import pytest
from voila_harness import NOTEBOOKS_DIR, new_page, open_lesson, run_voila, small_pool_config

from .test_classroom_e2e import answer_card_values, join

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = [pytest.mark.slow, pytest.mark.timeout(480)]  # make test-slow (.ci/run)

LIVE_S = 5.0
"""The teacher's table shows a learner of either server within this time."""
RETRY_S = 10.0
"""A kernel's longest wait before trying the database again (gin.ui.classroom.writer)."""
RESTART_S = 30.0
"""The database starting again, and the kernels' connections opened again, on a shared
machine (nothing is timed: a bound on waiting)."""


def teacher_line(log_path: Path) -> str:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        lines = Path(log_path).read_text(errors="replace").splitlines()
        line = next((x for x in lines if x.startswith("Teacher page: ")), None)
        if line:
            return line.removeprefix("Teacher page: ").strip()
        time.sleep(0.2)
    raise AssertionError("the app printed no 'Teacher page: ' line")


@pytest.fixture(scope="module")
def two_servers(
    tmp_path_factory: pytest.TempPathFactory, pg_cluster: pgcluster.Cluster
) -> Iterator[tuple[str, str, str]]:
    """Two apps on one database; yields (first's URL, second's URL, first's teacher page)."""
    url = pg_cluster.database()
    with contextlib.ExitStack() as stack:
        bases = []
        for name in ("one", "two"):
            base = tmp_path_factory.mktemp(f"school-{name}")
            server = stack.enter_context(
                run_voila(
                    NOTEBOOKS_DIR,
                    cwd=small_pool_config(base, pool=1),
                    log_path=base / "app.log",
                    module="gin.ui.page.serve",
                    extra_args=[f"--TutorApp.class_db={url}"],
                )
            )
            bases.append((server.base_url, base / "app.log"))
        yield bases[0][0], bases[1][0], teacher_line(bases[0][1])


def test_learners_on_two_servers_show_on_the_first_servers_teacher_table(
    browser: Browser, two_servers: tuple[str, str, str], pg_cluster: pgcluster.Cluster
) -> None:
    first, second, teacher_url = two_servers
    teacher = new_page(browser)
    teacher.goto(teacher_url, wait_until="commit")
    teacher.locator("button.gin-action-new-class").click(timeout=120_000)
    code_box = teacher.locator(".gin-class-code")
    code_box.wait_for(timeout=60_000)
    code = code_box.inner_text().strip()
    assert re.fullmatch(r"[A-Z2-9]{6}", code)

    learners = []
    for base, nickname in ((first, "Ana"), (second, "Bo"), (first, "Cy"), (second, "Ana")):
        page = new_page(browser)
        join(page, base, code, nickname, by_link=base == first)
        learners.append(page)
    # the second "Ana" joined on the other server: the one database gave her a suffix
    learners[3].locator(".gin-class-join-status", has_text="Ana 2").wait_for(timeout=30_000)

    rows = teacher.locator(".gin-class-table .gin-class-row")
    rows.nth(3).wait_for(timeout=LIVE_S * 1000)
    names = teacher.locator(".gin-class-table").inner_text()
    for nickname in ("Ana", "Bo", "Cy", "Ana 2"):
        assert nickname in names

    bo = learners[1]  # on the second server
    open_lesson(bo, second, "00_levels.ipynb?level=card-values&seed=11")
    answer_card_values(bo, 1)
    started = rows.nth(1).locator('td[data-level="card-values"][data-state="started"]')
    started.wait_for(timeout=LIVE_S * 1000)

    # The database stops under both servers while Bo goes on answering: the page never
    # waits for it, and his kernel keeps the events until the database is back.
    pg_cluster.stop()
    try:
        answer_card_values(bo, 2)
    finally:
        pg_cluster.start()
    mastered = rows.nth(1).locator('td[data-level="card-values"][data-state="mastered"]')
    mastered.wait_for(timeout=(LIVE_S + RETRY_S + RESTART_S) * 1000)
    for page in (teacher, *learners):
        page.context.close()


def test_a_demo_on_the_first_server_is_followed_and_answered_through_the_second(
    browser: Browser, two_servers: tuple[str, str, str]
) -> None:
    """Issue 42: the demo reaches a learner's kernel through the one database only (no link
    between the servers' kernels), and the learner's answer reaches the teacher's chart."""
    _first, second, teacher_url = two_servers
    teacher = new_page(browser, 1400, 1000)
    teacher.goto(teacher_url, wait_until="commit")
    code_box = teacher.locator(".gin-class-code")
    code_box.wait_for(timeout=120_000)  # the page opens on the newest class
    before = code_box.inner_text().strip()
    teacher.locator("button.gin-action-new-class").click(timeout=120_000)
    teacher.wait_for_function(
        "b => document.querySelector('.gin-class-code')?.innerText.trim() !== b",
        arg=before,
        timeout=60_000,
    )
    code = code_box.inner_text().strip()
    dee = new_page(browser)
    join(dee, second, code, "Dee", by_link=True)
    desk = teacher.locator(".gin-demo-desk")
    desk.locator(".gin-demo-seed input").fill("1")
    desk.locator("button.gin-action-demo-start").click()
    desk.locator(".gin-table").first.wait_for(timeout=60_000)
    dee.locator("button.gin-action-demo-follow").click(timeout=60_000)
    position = dee.locator(".gin-demo-follower .gin-demo-position")
    position.locator("svg").first.wait_for(timeout=60_000)
    before = position.inner_html()
    desk.locator("button.gin-action-draw-stock").click()
    dee.wait_for_function(
        "b => document.querySelector('.gin-demo-position').innerHTML !== b",
        arg=before,
        timeout=LIVE_S * 1000,
    )
    desk.locator("button.gin-action-demo-ask").click()
    dee.locator(".gin-demo-options button.gin-demo-option").first.click(timeout=LIVE_S * 1000)
    teacher.locator(".gin-demo-waiting", has_text="Everyone").wait_for(timeout=LIVE_S * 1000)
    desk.locator("button.gin-action-demo-end").click()
    dee.locator(".gin-demo-banner", has_text="The demo has ended.").wait_for(timeout=30_000)
    for page in (teacher, dee):
        page.context.close()
