"""The app's server in a real browser (issue 9): closed pages give their kernels back, a cap
on kernels with a clear page, nothing loaded from the internet under a strict
Content-Security-Policy, and the settings a teacher puts in a lesson's address.

These run the app as ``make app`` does (``python -m gin.ui.page.serve``) with the project's
``voila.json`` (its pools cut to two kernels, to start quickly): the session's server,
shared with the other browser walks (``app_process``, tests/e2e/conftest.py). The cap,
quota and dying-kernel tests start servers of their own.
"""

from __future__ import annotations

import re
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psutil
import pytest
from voila_harness import (
    APP_MODULE,
    NOTEBOOKS_DIR,
    REPO_ROOT,
    Server,
    collect_errors,
    kernel_spec,
    new_page,
    one_cell_notebook,
    open_lesson,
    run_voila,
    wait_until_rendered,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.timeout(300)

PLAY = "04_play.ipynb"
START = "00_start_here.ipynb"
CLOSED_KERNEL_DEADLINE_S = 20.0
"""Issue 9: the kernels of the pages a test closed are gone within this long."""
CLOSED_PAGE_DEADLINE_S = 5.0
"""Issue 41: a closed page's kernel is gone within this long (the behaviour asked for,
polled with this deadline; not a speed measured)."""


def kernels(server: Server) -> set[int]:
    """The kernel processes the server runs (its ``ipykernel`` children)."""
    out = set()
    for p in psutil.Process(server.proc.pid).children(recursive=True):
        try:
            if "ipykernel" in " ".join(p.cmdline()):
                out.add(p.pid)
        except psutil.Error:
            continue
    return out


def wait_for_kernels(server: Server, at_most: int, timeout_s: float) -> int:
    """Wait until the server runs at most ``at_most`` kernels; the count at the end."""
    deadline = time.monotonic() + timeout_s
    while True:
        n = len(kernels(server))
        if n <= at_most or time.monotonic() > deadline:
            return n
        time.sleep(0.25)


@pytest.fixture(scope="module")
def app_server(app_process: Server, chromium_path: str) -> Server:
    """The session's app server, which the other browser walks share (issue 41: one
    server fewer to start)."""
    return app_process


def close_tab(page: Page) -> None:
    """Close ``page`` as a learner closes a tab (its unload handlers run), then its
    context, once the page's closing beacon has had a moment to leave."""
    page.close(run_before_unload=True)
    time.sleep(1.0)
    page.context.close()


def settle_pools(server: Server, timeout_s: float = 90.0) -> int:
    """Wait until the pre-heated pools are full and quiet; the number of kernels then."""
    deadline = time.monotonic() + timeout_s
    last, stable_since = -1, time.monotonic()
    while time.monotonic() < deadline:
        n = len(kernels(server))
        if n != last:
            last, stable_since = n, time.monotonic()
        elif time.monotonic() - stable_since > 4.0:
            break
        time.sleep(0.25)
    return last


# --------------------------------------------------------------------------- kernels


def pool_size(config_dir: Path) -> int:
    """How many pre-heated kernels the ``voila.json`` in ``config_dir`` keeps for the
    lessons in notebooks/ (a lesson with no entry of its own keeps the ``default``'s)."""
    import json

    config = json.loads((config_dir / "voila.json").read_text())
    pools = config["VoilaKernelManager"]["kernel_pools_config"]
    default = int(pools.get("default", {}).get("pool_size", 0))
    return sum(
        int(pools.get(nb.name, {}).get("pool_size", default))
        for nb in NOTEBOOKS_DIR.glob("*.ipynb")
    )


def most_kernels_within(server: Server, seconds: float) -> int:
    """The most kernels the server ran at once over the next ``seconds``."""
    deadline, most = time.monotonic() + seconds, 0
    while time.monotonic() < deadline:
        most = max(most, len(kernels(server)))
        time.sleep(0.2)
    return most


@pytest.mark.slow
def test_six_closed_pages_leave_only_the_pools_kernels_within_5_s(
    app_server: Server, browser: Browser
) -> None:
    """Issue 41: six lesson pages open together, then closed: three as a tab closes (its
    closing beacon sent), three as a browser quits (no beacon: their websockets just
    close). Within 5 s of the last, only the pools' kernels run, and the pools refill to
    their size and no more (a held-out walk counted 8 kernels 20 s later where the pools
    hold 3: the pages closed without a beacon kept theirs until the culler came)."""
    size = pool_size(app_server.log_path.parent)
    assert settle_pools(app_server) == size, app_server.log_tail()
    pages = []
    for name in (PLAY, START, PLAY, START, PLAY, "01_cards_and_melds.ipynb"):
        page = new_page(browser)
        log = open_lesson(page, app_server.base_url, name)
        assert collect_errors(page, log) == []
        pages.append(page)
    assert len(kernels(app_server)) >= 6
    for i, page in enumerate(pages):
        if i % 2:
            page.context.close()  # no beforeunload: no beacon
        else:
            page.close(run_before_unload=True)
    time.sleep(0.5)  # the beacons leave before their contexts close
    for page in pages[::2]:
        page.context.close()
    left = wait_for_kernels(app_server, size, CLOSED_PAGE_DEADLINE_S)
    assert left <= size, app_server.log_tail()
    # the pools refill what the pages took (Voilà waits fill_delay, 10 s), to their size
    assert most_kernels_within(app_server, 15) <= size, app_server.log_tail()
    assert "403" not in "".join(
        line for line in app_server.log_tail(400).splitlines() if "/voila/api/shutdown" in line
    )


@pytest.mark.parametrize(
    "beacon",
    # the beacon (issue 9) is sent by three of the six pages of the slow walk above too
    [pytest.param(True, marks=pytest.mark.slow), False],
    ids=["with-its-beacon", "without-a-beacon"],
)
def test_a_closed_pages_kernel_is_gone_within_5_s(
    app_server: Server, browser: Browser, beacon: bool
) -> None:
    """Issues 9 and 41: a tab closed with its closing beacon, or without (the browser quit,
    or the page closed before its widgets registered the beacon), gives its kernel back
    within 5 s."""
    page = new_page(browser)
    open_lesson(page, app_server.base_url, "02_the_up_card.ipynb")
    settle_pools(app_server)
    before = len(kernels(app_server))
    if beacon:
        close_tab(page)
    else:
        page.context.close()
    assert wait_for_kernels(app_server, before - 1, CLOSED_PAGE_DEADLINE_S) < before, (
        app_server.log_tail()
    )


def test_the_shutdown_beacon_stops_only_a_kernel_of_this_server(app_server: Server) -> None:
    request = urllib.request.Request(
        app_server.base_url + "/voila/api/shutdown/00000000-0000-0000-0000-000000000000",
        data=b"",
        method="POST",
    )
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(request, timeout=10)
    assert err.value.code in (403, 404)


@pytest.mark.slow  # issue 41: its own server, 20 s; the rush of 45 pages checks the cap too
def test_the_kernel_cap_gives_a_clear_page(
    tmp_path_factory: pytest.TempPathFactory, browser: Browser
) -> None:
    log = tmp_path_factory.mktemp("cap") / "app.log"
    args = ["--TutorApp.max_kernels=2", "--VoilaConfiguration.preheat_kernel=False"]
    with run_voila(
        NOTEBOOKS_DIR, cwd=REPO_ROOT, log_path=log, module=APP_MODULE, extra_args=args
    ) as server:
        pages = [new_page(browser) for _ in range(2)]
        for p in pages:
            open_lesson(p, server.base_url, "02_the_up_card.ipynb")
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(server.base_url + "/voila/render/" + START, timeout=30)
        assert err.value.code == 503
        body = err.value.read().decode()
        assert "The tutor is full" in body and "Traceback" not in body
        for p in pages:
            close_tab(p)
        assert wait_for_kernels(server, 0, CLOSED_KERNEL_DEADLINE_S) == 0
        with urllib.request.urlopen(server.base_url + "/voila/tree", timeout=30) as ok:
            assert ok.status == 200


# --------------------------------------------------------------------------- offline, CSP


def test_a_page_loads_nothing_from_elsewhere_under_a_strict_csp(
    app_server: Server, page: Page
) -> None:
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    violations: list[str] = []
    page.on(
        "console",
        lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
    )
    response: dict[str, Any] = {}
    page.on(
        "response",
        lambda r: (
            response.update(
                csp=r.headers.get("content-security-policy"), type=r.headers.get("content-type")
            )
            if r.url.endswith(PLAY)
            else None
        ),
    )
    log = open_lesson(page, app_server.base_url, PLAY)
    assert collect_errors(page, log) == []
    page.locator(".gin-table .gin-hand .gin-card[data-card]").first.wait_for()
    # the page says it is UTF-8 in its header: the sentences at the top of its head (the
    # kernel-lost script's) push the <meta charset> past the browser's first 1,024 bytes
    assert response.get("type") == "text/html; charset=utf-8"
    assert page.evaluate("document.characterSet") == "UTF-8"
    foreign = [u for u in requests if not u.startswith((app_server.base_url, "data:", "blob:"))]
    assert foreign == []
    csp = response.get("csp") or ""
    # issue 33: inline scripts run with the page's nonce only, never 'unsafe-inline'
    assert re.search(r"script-src 'self' 'nonce-[A-Za-z0-9_-]{20,}' blob:;", csp), csp
    assert "unsafe-inline" not in csp.split("script-src", 1)[1].split(";", 1)[0]
    assert "unsafe-eval" not in csp  # issue 22: Voilà's own code runs without it
    assert "default-src 'self'" in csp
    assert violations == []
    links = page.eval_on_selector_all("link[href]", "els => els.map(e => e.href)")
    assert [u for u in links if not u.startswith((app_server.base_url, "data:"))] == []


# --------------------------------------------------------------------------- the address


def test_the_address_chooses_seed_rules_and_opponent(app_server: Server, page: Page) -> None:
    query = "seed=77&rules=spades-double&opponent=tactician"
    log = open_lesson(page, app_server.base_url, f"{PLAY}?{query}")
    assert collect_errors(page, log) == []
    title = page.locator(".gin-title").inner_text()
    assert "seed 77" in title and "spades-double" in title and "tactician" in title
    assert page.locator(".gin-teacher-mode").count() == 0  # no ?teacher=1: no teacher mode


def test_teacher_mode_appears_only_with_teacher_1(app_server: Server, page: Page) -> None:
    open_lesson(page, app_server.base_url, f"{PLAY}?seed=5&teacher=1")
    assert page.locator(".gin-teacher-mode").count() == 1


@pytest.mark.parametrize(
    ("name", "query"),
    [(PLAY, "seed=1e12"), (PLAY, "opponent=grandmaster"), ("01_cards_and_melds.ipynb", "seed=1.5")],
)
def test_a_bad_address_says_so_on_the_page(
    app_server: Server, page: Page, name: str, query: str
) -> None:
    log = open_lesson(page, app_server.base_url, f"{name}?{query}")
    assert collect_errors(page, log) == []
    text = page.locator(".gin-page-problem").inner_text()
    assert "can't open" in text and "Traceback" not in page.content()


# --------------------------------------------------------------------------- a rush (issue 22)


DIES_EVERY_FOURTH = """
import os, sys
starts = sys.argv[1]
n = 0
while True:  # this start's number, counted atomically across the kernels
    try:
        os.close(os.open(os.path.join(starts, str(n)), os.O_CREAT | os.O_EXCL))
        break
    except FileExistsError:
        n += 1
if n % 4 == 1:
    sys.exit(1)  # as a kernel whose port was taken meanwhile
from ipykernel import kernelapp
sys.argv = [sys.argv[0], "-f", sys.argv[2]]
kernelapp.launch_new_instance()
"""


@pytest.mark.slow
@pytest.mark.parametrize("kernels", ["python3", "every-fourth-start-dies"])
def test_45_pages_at_once_get_at_most_40_kernels_and_the_rest_the_full_page(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch, kernels: str
) -> None:
    """Issue 22: 45 requests at once against the real cap of 40 all got a kernel (49
    processes). A page takes its place before its kernel starts: at most 40 kernels run,
    the other pages get the "full" page, which counts the lessons really open. The
    notebook is one cell, so the kernels are quick to start; the cap is the app's own.

    The cap holds when kernels die at start too (a port taken meanwhile; a CI run saw it):
    the automatic restart of the dead kernel used to race the page's own new start and
    leave a kernel running that nothing counted (45 processes under a cap of 40).

    Issue 33: the rush is back to the pools within a minute of its pages closing."""
    import sys
    import threading

    base = tmp_path_factory.mktemp("rush")
    if kernels != "python3":  # the kernel "python3", whose every fourth start dies
        (base / "starts").mkdir()
        script = base / "ipykernel_dies_every_fourth.py"  # "ipykernel": counted as a kernel
        script.write_text(DIES_EVERY_FOURTH)
        argv = [sys.executable, str(script), str(base / "starts"), "{connection_file}"]
        kernel_spec(base / "share", "python3", "Python 3", argv)
        monkeypatch.setenv("JUPYTER_PATH", str(base / "share"))
    one_cell_notebook(base / "tiny.ipynb", "1", "python3", "Python 3")
    with run_voila(base, cwd=base, log_path=base / "app.log", module=APP_MODULE) as server:
        statuses: list[int] = []
        bodies: list[str] = []
        most = 0
        done = threading.Event()

        def started() -> int:
            """Kernels the server started: its own children running ipykernel (a kernel's
            short-lived forks share its command line, so they are not counted)."""
            n = 0
            for p in psutil.Process(server.proc.pid).children(recursive=False):
                try:
                    n += "ipykernel" in " ".join(p.cmdline())
                except psutil.Error:
                    continue
            return n

        def watch() -> None:
            nonlocal most
            while not done.is_set():
                most = max(most, started())
                time.sleep(0.1)

        def ask() -> None:
            try:
                with urllib.request.urlopen(
                    server.base_url + "/voila/render/tiny.ipynb", timeout=240
                ) as r:
                    r.read()
                    statuses.append(r.status)
            except urllib.error.HTTPError as e:
                statuses.append(e.code)
                bodies.append(e.read().decode())

        watcher = threading.Thread(target=watch)
        watcher.start()
        threads = [threading.Thread(target=ask) for _ in range(45)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=280)
        most = max(most, started())
        done.set()
        watcher.join()
        assert len(statuses) == 45, server.log_tail()
        assert most <= 40, (most, server.log_tail())
        log = server.log_tail(4000)  # a start may fail (a port taken meanwhile): tried again
        # the starts that died, counted by the kernels themselves (the log says a repeated
        # traceback once, with a count: issue 33)
        launches = len(list((base / "starts").iterdir())) if kernels != "python3" else 0
        died = sum(n % 4 == 1 for n in range(launches))
        # a page that never connects frees its place after connect_timeout (20 s): on a slow
        # machine a first page's place is freed while the rush still waits, and one more
        # page gets a kernel (at most 40 at once all the same: ``most`` above)
        freed = log.count("did not connect within")
        assert log.count("Kernel started") - died - freed <= 40
        assert statuses.count(200) <= 40 + freed
        assert statuses.count(200) + statuses.count(503) == 45
        assert statuses.count(503) >= 5 - freed
        for body in bodies:
            assert "The tutor is full" in body and "(40 lessons are open)" in body
        # Issue 33: in a rush most places were freed by the culler (two minutes), not by
        # the pages' going. These pages never open their websocket, as a page closed
        # while it loads: within a minute of the last one, every kernel is gone (this
        # server keeps no pool, so the pools are back to none).
        assert wait_for_kernels(server, 0, 60) == 0, server.log_tail()


DIES_ONCE = """
import os, sys
marker, connection_file = sys.argv[1], sys.argv[2]
if sys.argv[3] == "always" or not os.path.exists(marker):
    open(marker, "w").close()
    sys.exit(1)  # as a kernel whose port was taken meanwhile
from ipykernel import kernelapp
sys.argv = [sys.argv[0], "-f", connection_file]
kernelapp.launch_new_instance()
"""


@pytest.fixture(scope="module")
def dying_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The app serving two one-cell notebooks whose kernels die at start, ``once.ipynb``
    (the first start only) and ``always.ipynb`` (every start): one server for both tests
    (issue 41: a server fewer in make test)."""
    import sys

    base = tmp_path_factory.mktemp("dies")
    (base / "kernel.py").write_text(DIES_ONCE)
    for how in ("once", "always"):
        marker = str(base / f"marker-{how}")
        argv = [sys.executable, str(base / "kernel.py"), marker, "{connection_file}", how]
        kernel_spec(base / "share", f"dies-{how}", "dies at start", argv)
        source = "'kernel ' + 'answered'"
        one_cell_notebook(base / f"{how}.ipynb", source, f"dies-{how}", "dies at start")
    with pytest.MonkeyPatch.context() as env:  # the server (and its kernels) see the specs
        env.setenv("JUPYTER_PATH", str(base / "share"))
        with run_voila(base, cwd=base, log_path=base / "app.log", module=APP_MODULE) as server:
            yield server


def serve_a_dying_kernel(server: Server, how: str) -> str:
    """The page of the one-cell notebook whose kernel dies at start (``how``: ``once`` or
    ``always``), as the app serves it."""
    address = f"{server.base_url}/voila/render/{how}.ipynb"
    with urllib.request.urlopen(address, timeout=200) as r:
        return str(r.read().decode())


def test_a_kernel_that_dies_at_start_is_started_once_more(dying_server: Server) -> None:
    """Issue 22: a kernel that died at start (a port collision) left the page loading for
    ever. The app starts another, and the page is built."""
    body = serve_a_dying_kernel(dying_server, "once")
    assert "gin-start-failed" not in body and "kernel answered" in body


def test_a_kernel_that_dies_at_start_gets_one_sentence_and_a_reload_button(
    dying_server: Server,
) -> None:
    """Issue 22: when the second start fails too, the page ends with one sentence and a
    reload button."""
    from gin.i18n import M

    body = serve_a_dying_kernel(dying_server, "always")
    assert "gin-start-failed" in body, body[-2000:]
    assert M["fairplay.server.start-failed"].render(lang="en") in body
    assert 'class="gin-reload"' in body and "Traceback" not in body


# --------------------------------------------------------------------------- issue 33


def page_kernel_process(server: Server, page: Page) -> psutil.Process:
    """The kernel process of the lesson open in ``page`` (its connection file names it)."""
    kernel_id = page.evaluate(
        "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
    )
    for p in psutil.Process(server.proc.pid).children(recursive=True):
        try:
            if f"kernel-{kernel_id}.json" in " ".join(p.cmdline()):
                return p
        except psutil.Error:
            continue
    raise AssertionError(f"no process for kernel {kernel_id}:\n{server.log_tail()}")


SHUT_DOWN_FROM_THE_PAGE = """async () => {
  const id = JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId;
  const xsrf = document.cookie.split('; ').find(c => c.startsWith('_xsrf=')).slice(6);
  const r = await fetch('/voila/api/shutdown/' + id,
                        {method: 'POST', headers: {'X-XSRFToken': decodeURIComponent(xsrf)}});
  return r.status;
}"""
"""Shut the page's kernel down through the app's shutdown route (as another tab could)."""


@pytest.mark.parametrize(
    ("how", "why", "lang"),
    [
        # issue 41: the restarted kernel waits for the restarter, 35 s: a slow walk
        pytest.param("killed", "restarting", "en", marks=pytest.mark.slow),
        ("shut down", "gone", "he"),
    ],
)
def test_a_page_whose_kernel_died_says_so_with_a_reload_button(
    app_server: Server, page: Page, how: str, why: str, lang: str
) -> None:
    """Issue 33: a kernel that dies after its page is built is brought back empty by the
    restarter, behind the same page, and the learner was not told; a kernel shut down
    left its page's websocket open on nothing. The page says so in one sentence with a
    reload button (in the lesson's language), and the button reloads the lesson."""
    from gin.i18n import M

    log = open_lesson(page, app_server.base_url, f"02_the_up_card.ipynb?lang={lang}")
    assert collect_errors(page, log) == []
    assert page.locator(".gin-kernel-lost").count() == 0  # nothing said while it runs
    if how == "killed":
        page_kernel_process(app_server, page).kill()
    else:
        assert page.evaluate(SHUT_DOWN_FROM_THE_PAGE) == 204
    lost = page.locator(".gin-kernel-lost")
    try:
        lost.wait_for(timeout=90_000)
    except Exception as exc:  # say what the server saw
        raise AssertionError(
            f"no sentence after the kernel was {how}:\n{app_server.log_tail()}"
        ) from exc
    assert lost.get_attribute("data-why") == why, app_server.log_tail()
    assert lost.get_attribute("role") == "alert"
    text = lost.locator(".gin-kernel-lost-text").inner_text()
    assert text == M["page.kernel-lost"].render(lang=lang)
    assert lost.get_attribute("lang") == lang
    assert lost.get_attribute("dir") == ("rtl" if lang == "he" else "ltr")
    reload = lost.locator("button.gin-reload")
    assert reload.inner_text() == M["fairplay.server.reload"].render(lang=lang)
    with page.expect_navigation(wait_until="commit", timeout=60_000):
        reload.click(no_wait_after=True)  # the navigation is waited for here, up to 60 s
    wait_until_rendered(page)
    assert page.locator(".gin-kernel-lost").count() == 0
    assert page.locator(".gin-lesson").count() == 1


def test_a_plain_get_loses_its_kernel_and_an_address_holds_at_most_its_quota(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Issue 33, against the app with ``places_per_address=1`` and a connect timeout
    shortened to 10 s: a second page from the same address gets the "full" page with the
    quota's sentence; the first page, a plain GET that never opens its websocket, loses
    its kernel well within 30 s, and the address then gets a place again (within 15 s more:
    the kernel manager lists a kernel a moment after its process ends). (10 s leaves the
    second request time to arrive on a busy machine.)"""
    import html

    from gin.i18n import M

    log = tmp_path_factory.mktemp("quota") / "app.log"
    args = [
        "--TutorApp.places_per_address=1",
        "--TutorApp.connect_timeout=10",
        "--VoilaConfiguration.preheat_kernel=False",
    ]
    lesson = "/voila/render/02_the_up_card.ipynb"
    with run_voila(
        NOTEBOOKS_DIR, cwd=REPO_ROOT, log_path=log, module=APP_MODULE, extra_args=args
    ) as server:
        with urllib.request.urlopen(server.base_url + lesson, timeout=120) as first:
            assert first.status == 200
            first.read()
        sent = time.monotonic()
        assert len(kernels(server)) >= 1
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(server.base_url + lesson, timeout=60)
        assert err.value.code == 503
        body = err.value.read().decode()
        assert html.escape(M["page.server.quota"].render({"limit": 1}, "en")) in body
        assert "Traceback" not in body
        assert wait_for_kernels(server, 0, 30) == 0, server.log_tail()
        assert time.monotonic() - sent < 30
        assert "did not connect within 10 s" in server.log_tail(200)
        # The kernel's process ends a moment before the kernel manager stops listing the
        # kernel (and so before its place is free): the address may wait a few seconds.
        deadline = time.monotonic() + 15
        while True:
            try:
                again = urllib.request.urlopen(server.base_url + lesson, timeout=120)
                break
            except urllib.error.HTTPError as refused:
                if refused.code != 503 or time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        with again:
            assert again.status == 200
