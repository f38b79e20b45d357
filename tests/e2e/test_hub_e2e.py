"""The school's set-up for real on this machine: JupyterHub (PyPI), configurable-http-proxy
(npm), a local process per user's server, a dummy login, one PostgreSQL class store
(deploy/jupyterhub/trial.py and local_config.py, configured as config.yaml is on Kubernetes).

Rules checked: a teacher and two learners log in and each lands on Start here in Voilà
through the hub's proxy; the teacher page works behind the hub's prefix (``/user/teacher/``);
the learners join the teacher's class on their own servers and their answers reach the one
PostgreSQL store and the teacher's table; a learner reaches neither JupyterLab nor another
user's server (nor the teacher page) through the hub. The memory of each user's server
(with its kernels) is printed for the README's sizing; nothing is timed.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pgcluster
import pytest
from voila_harness import REPO_ROOT, new_page, open_lesson, wait_until_rendered

from .test_classroom_e2e import answer_card_values

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]  # make test-slow (.ci/run)

CHP = REPO_ROOT / "build" / "chp" / "node_modules" / ".bin" / "configurable-http-proxy"
SPAWN_MS = 240_000
"""A user's server starting on a shared machine (its first kernel included)."""


def _trial() -> Any:
    spec = importlib.util.spec_from_file_location(
        "gin_hub_trial", REPO_ROOT / "deploy" / "jupyterhub" / "trial.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def hub(
    tmp_path_factory: pytest.TempPathFactory, pg_cluster: pgcluster.Cluster
) -> Iterator[tuple[str, str]]:
    """The trial's hub; yields (its address, the class store's address)."""
    pytest.importorskip("jupyterhub", reason="the hub extra (pip install -e '.[hub]')")
    if not CHP.exists() and shutil.which("configurable-http-proxy") is None:
        pytest.skip("!!! configurable-http-proxy missing: make chp (npm) installs it")
    url = pg_cluster.database()
    state = tmp_path_factory.mktemp("hub")
    with _trial().running_hub(url, state, state / "hub.log") as base:
        yield base, url
    print((state / "hub.log").read_text(errors="replace")[-3000:])


def log_in(browser: Browser, base: str, user: str) -> Page:
    """Log in to the hub as ``user``; returns the page, on Start here."""
    page = new_page(browser)
    page.goto(f"{base}/hub/login", wait_until="domcontentloaded")
    page.fill("#username_input", user)
    page.fill("#password_input", "trial")
    page.click("#login_submit")
    start = re.compile(rf"/user/{user}/voila/render/notebooks/00_start_here\.ipynb")
    page.wait_for_url(start, timeout=SPAWN_MS, wait_until="commit")
    wait_until_rendered(page, SPAWN_MS / 1000)
    return page


def join_on_start_here(page: Page, code: str, nickname: str) -> None:
    box = page.locator(".gin-class-join")
    box.wait_for(timeout=60_000)
    box.locator("input.gin-class-code-input").fill(code)
    box.locator("input.gin-class-nickname-input").fill(nickname)
    box.locator("button.gin-action-join-class").click()
    page.locator(".gin-class-join-status", has_text=nickname).wait_for(timeout=60_000)


def status_of(page: Page, url: str) -> int:
    response = page.goto(url, wait_until="commit")
    assert response is not None
    return response.status


def server_memory_mb() -> dict[str, tuple[float, float, int]]:
    """Each user's server with its kernels: (RSS MB, USS MB, kernels)."""
    import psutil

    found: dict[str, tuple[float, float, int]] = {}
    for proc in psutil.process_iter(["cmdline", "environ"]):
        try:
            cmd = " ".join(proc.info["cmdline"] or [])
            if "jupyterhub-singleuser" not in cmd:
                continue
            user = (proc.info["environ"] or {}).get("JUPYTERHUB_USER", "?")
            family = [proc, *proc.children(recursive=True)]
            kernels = sum("ipykernel" in " ".join(p.cmdline()) for p in family)
            rss = sum(p.memory_info().rss for p in family) / 2**20
            uss = sum(p.memory_full_info().uss for p in family) / 2**20
            found[user] = (rss, uss, kernels)
        except (psutil.Error, OSError):
            continue
    return found


def test_a_teacher_and_two_learners_on_the_hub_share_one_class_store(
    browser: Browser, hub: tuple[str, str]
) -> None:
    from gin.ui.classroom.store import open_store

    base, class_db = hub
    teacher = log_in(browser, base, "teacher")
    teacher.goto(f"{base}/user/teacher/class/mine", wait_until="commit")
    teacher.wait_for_url(re.compile(r"/user/teacher/voila/render/notebooks/06_class\.ipynb"))
    wait_until_rendered(teacher, 120)
    teacher.locator("button.gin-action-new-class").click(timeout=120_000)
    code_box = teacher.locator(".gin-class-code")
    code_box.wait_for(timeout=60_000)
    code = code_box.inner_text().strip()
    assert re.fullmatch(r"[A-Z2-9]{6}", code)

    ana, bo = log_in(browser, base, "ana"), log_in(browser, base, "bo")
    join_on_start_here(ana, code, "Ana")
    join_on_start_here(bo, code, "Bo")
    for page, user, right in ((ana, "ana", 3), (bo, "bo", 1)):
        level = "notebooks/00_levels.ipynb?level=card-values&seed=11"
        log = open_lesson(page, f"{base}/user/{user}", level)
        answer_card_values(page, right, log)

    rows = teacher.locator(".gin-class-table .gin-class-row")
    rows.nth(0).locator('td[data-level="card-values"][data-state="mastered"]').wait_for(
        timeout=10_000
    )
    rows.nth(1).locator('td[data-level="card-values"][data-state="started"]').wait_for(
        timeout=10_000
    )
    store = open_store(class_db)  # both learners' servers wrote into the one database
    learners = {lr.token: lr.nickname for lr in store.learners(code)}
    assert sorted(learners.values()) == ["Ana", "Bo"]
    writers = {learners[e.token] for e in store.events(code)}
    assert writers == {"Ana", "Bo"}
    print("\nmemory of each user's server with its kernels (RSS MB, USS MB, kernels):")
    for user, figures in sorted(server_memory_mb().items()):
        print(f"  {user}: {figures[0]:.0f} / {figures[1]:.0f} MB, {figures[2]} kernels")

    # Issue 42: a demo on the teacher's server, followed and answered on Bo's server, the
    # one database the only link between them
    desk = teacher.locator(".gin-demo-desk")
    desk.locator(".gin-demo-seed input").fill("1")
    desk.locator("button.gin-action-demo-start").click()
    desk.locator(".gin-table").first.wait_for(timeout=60_000)
    open_lesson(bo, f"{base}/user/bo", "notebooks/00_start_here.ipynb")
    bo.locator("button.gin-action-demo-follow").click(timeout=60_000)
    bo.locator(".gin-demo-follower .gin-demo-position svg").first.wait_for(timeout=60_000)
    desk.locator("button.gin-action-demo-ask").click()
    bo.locator(".gin-demo-options button.gin-demo-option").first.click(timeout=30_000)
    teacher.locator(".gin-demo-waiting", has_text="Everyone").wait_for(timeout=30_000)
    assert len(store.demo_answers(code)) == 1
    desk.locator("button.gin-action-demo-end").click()
    bo.locator(".gin-demo-banner", has_text="The demo has ended.").wait_for(timeout=30_000)
    store.close()

    # what a learner can't reach through the hub
    assert status_of(ana, f"{base}/user/ana/lab") == 404  # JupyterLab is off
    assert status_of(ana, f"{base}/user/ana/tree") == 404
    assert status_of(ana, f"{base}/user/ana/class/mine") == 403  # not a teacher's server:
    assert "Teacher key needed" in ana.content()  # the key is asked for, and she has none
    other = f"{base}/user/bo/voila/render/notebooks/00_start_here.ipynb"
    assert status_of(ana, other) == 403  # another user's server
    assert "gin-class-join" not in ana.content()
    assert status_of(ana, f"{base}/user/teacher/class/mine") == 403
    for page in (teacher, ana, bo):
        page.context.close()
