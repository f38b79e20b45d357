"""`make app` serves the lessons with Voilà and opens at the Start-here lesson; every
response carries the app's Content-Security-Policy, and nothing links to another host."""

from __future__ import annotations

import html
import http.client
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gin.ui.page.serve import (
    CONTENT_SECURITY_POLICY,
    FRONT_END_MAX_AGE_S,
    class_pools,
    kernels_in_use,
    strip_external_links,
)

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(port: int, path: str) -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", path)
    return conn.getresponse()


@pytest.fixture(scope="module")
def app_port() -> Iterator[int]:
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "gin.ui.page.serve", "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", "notebooks/"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                _get(port, "/voila/tree").read()
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    pytest.fail("the app did not start within 60 s")
                time.sleep(0.3)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_the_app_root_opens_the_start_here_lesson(app_port: int) -> None:
    response = _get(app_port, "/")
    assert response.status in (301, 302)
    assert response.getheader("Location", "").endswith("/voila/render/00_start_here.ipynb")


def test_the_list_of_lessons_stays_reachable(app_port: int) -> None:
    assert _get(app_port, "/voila/tree").status == 200
    listing = _get(app_port, "/voila/api/contents/")
    assert listing.status == 200
    assert "01_cards_and_melds.ipynb" in listing.read().decode()


def test_every_response_carries_the_content_security_policy(app_port: int) -> None:
    for path in ("/", "/voila/tree", "/voila/api/contents/"):
        csp = _get(app_port, path).getheader("Content-Security-Policy", "")
        assert csp.startswith(CONTENT_SECURITY_POLICY), path  # API answers add more
    assert "script-src 'self'" in CONTENT_SECURITY_POLICY
    assert "http" not in CONTENT_SECURITY_POLICY  # no other host is allowed anything
    assert "unsafe-eval" not in CONTENT_SECURITY_POLICY  # issue 22: no bundle needs it


def test_stylesheets_from_other_hosts_are_taken_out_of_the_page() -> None:
    head = (
        '<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/x/all.min.css" '
        'type="text/css" />\n  <link rel="stylesheet" href="//cdn.example/y.css">'
        '<link rel="stylesheet" href="/voila/static/own.css">'
    )
    assert strip_external_links(head) == '<link rel="stylesheet" href="/voila/static/own.css">'


def test_kernels_waiting_in_a_pool_do_not_count_against_the_cap() -> None:
    class Manager:
        _pools = {"04_play.ipynb": [object(), object()]}  # noqa: RUF012

        def list_kernel_ids(self) -> list[str]:
            return ["a", "b", "c", "d", "e"]

    assert kernels_in_use(Manager()) == 3


def test_a_class_size_grows_the_pooled_lessons_only() -> None:
    """Issue 9: ``make app CLASS_SIZE=10`` gives every lesson that keeps pre-heated
    kernels at least ten, leaves a larger pool, the default and unpooled lessons alone."""
    pools = {
        "default": {"pool_size": 0},
        "00_start_here.ipynb": {"pool_size": 1},
        "04_play.ipynb": {"pool_size": 2, "kernel_env_variables": {"A": "1"}},
        "05_strategy_lab.ipynb": {"pool_size": 0},
        "big.ipynb": {"pool_size": 30},
    }
    grown = class_pools(pools, 10)
    assert grown == {
        "default": {"pool_size": 0},
        "00_start_here.ipynb": {"pool_size": 10},
        "04_play.ipynb": {"pool_size": 10, "kernel_env_variables": {"A": "1"}},
        "05_strategy_lab.ipynb": {"pool_size": 0},
        "big.ipynb": {"pool_size": 30},
    }
    assert pools["04_play.ipynb"]["pool_size"] == 2  # the settings read are not changed
    assert class_pools(pools, 0) == pools
    with pytest.raises(ValueError, match="class_size"):
        class_pools(pools, -1)


def test_the_project_pools_grow_for_a_class_when_served() -> None:
    """Issue 9: ``--TutorApp.class_size=3`` (``make app CLASS_SIZE=3``) grows the pools
    that ``voila.json`` gives Start here and the play lesson, in the settings Voilà makes
    its kernel manager from."""
    from gin.ui.page.serve import TutorApp

    app = TutorApp()
    app.config_file_paths = [str(ROOT)]
    try:
        app.initialize(["--TutorApp.class_size=3", "--no-browser", str(ROOT / "notebooks")])
        app.pools_for_class()
        config = app.config.VoilaKernelManager.kernel_pools_config
        assert config["04_play.ipynb"]["pool_size"] == 3
        assert config["00_start_here.ipynb"]["pool_size"] == 3
        assert config["default"]["pool_size"] == 0
    finally:
        TutorApp.clear_instance()


# --------------------------------------------------------------------------- issue 22


def test_a_100_kb_address_is_answered_414_with_a_sentence_and_the_policy(app_port: int) -> None:
    """Issue 22: a 100 KB query string got no answer (the connection closed)."""
    from gin.i18n import M

    response = _get(app_port, "/voila/render/04_play.ipynb?seed=" + "9" * 100_000)
    assert response.status == 414
    assert response.getheader("Content-Security-Policy") == CONTENT_SECURITY_POLICY
    body = response.read().decode()
    assert html.escape(M["fairplay.server.too-long.text"].render(lang="en")) in body


def test_static_files_and_plain_error_pages_carry_the_policy(app_port: int) -> None:
    """Issue 22: every response carries the CSP, static files and 404/403 pages too."""
    for path in (
        "/voila/static/voila.js",
        "/no/such/page",
        "/voila/static/no-such-file.js",
        "/voila/files/04_play.ipynb",
    ):
        response = _get(app_port, path)
        response.read()
        csp = response.getheader("Content-Security-Policy", "")
        assert csp.startswith(CONTENT_SECURITY_POLICY), (path, response.status)


def test_the_front_end_is_cached_and_the_lessons_are_not(app_port: int) -> None:
    """Issue 23 (speed of a page): Voilà's scripts and the widgets' extensions may be kept
    by the browser for an hour, so a lesson opened in a new tab takes them from the cache;
    a lesson's page (its own kernel) and a missing file are never cached."""
    voila_js = _get(app_port, "/voila/static/voila.js")
    voila_js.read()
    assert voila_js.status == 200
    assert voila_js.getheader("Cache-Control") == f"public, max-age={FRONT_END_MAX_AGE_S}"
    # the widgets' extensions too (Jupyter's file handler sends them with "no-cache")
    entry = _get(app_port, "/voila/labextensions/@jupyter-widgets/jupyterlab-manager/package.json")
    entry.read()
    assert entry.status == 200
    assert entry.getheader("Cache-Control") == f"public, max-age={FRONT_END_MAX_AGE_S}"
    missing = _get(app_port, "/voila/static/no-such-file.js")
    missing.read()
    assert missing.status >= 400
    assert "max-age" not in (missing.getheader("Cache-Control") or "")
    page = _get(app_port, "/voila/tree")
    page.read()
    assert "max-age" not in (page.getheader("Cache-Control") or "")


def test_the_list_of_lessons_links_no_stylesheet_of_another_host(app_port: int) -> None:
    """The page loads nothing from outside the app: Voilà's list of lessons linked Font
    Awesome from a CDN (refused by the policy, reported in the console)."""
    page = _get(app_port, "/voila/tree").read().decode()
    assert "voila-tree-main" in page
    assert not re.search(r'href="(https?:)?//', page), page[:2000]


class ListedKernels:
    """A kernel manager as :class:`gin.ui.page.serve.Places` sees it: the kernels it lists."""

    def __init__(self) -> None:
        self.running: list[str] = []

    def list_kernel_ids(self) -> list[str]:
        return list(self.running)


def test_places_are_taken_in_the_same_step_as_the_count_and_given_back() -> None:
    """Issue 22: pages arriving together each take a place before their kernel starts, so
    no more than the cap get one; a failed start gives its place back."""
    from gin.ui.page.serve import Places

    manager = ListedKernels()
    places = Places(40)
    taken = [places.take(manager) for _ in range(45)]
    assert sum(p is not None for p in taken) == 40
    assert places.open_now(manager) == 40
    first = taken[0]
    assert first is not None
    manager.running.append("k1")
    first.started("k1")  # now counted by the kernel manager, not twice
    assert places.open_now(manager) == 40
    failed = taken[1]
    assert failed is not None
    failed.give_back()
    assert places.open_now(manager) == 39
    assert places.take(manager) is not None and places.take(manager) is None
    assert Places(0).take(manager) is not None  # no cap


def test_a_kernel_that_has_not_answered_yet_is_counted_once() -> None:
    """Issue 22: a page's kernel that runs but has not answered (it may die at start) is
    counted by the kernel manager; its place does not count it a second time, so the full
    page says 40 lessons are open, not 41. When it dies, the place counts again."""
    from gin.ui.page.serve import Places

    manager = ListedKernels()
    places = Places(40)
    taken = [places.take(manager) for _ in range(40)]
    place = taken[0]
    assert place is not None
    manager.running.append("k1")
    place.starting("k1")
    assert places.open_now(manager) == 40
    manager.running.remove("k1")  # it died and was shut down: another start comes
    place.starting(None)
    assert places.open_now(manager) == 40 and places.take(manager) is None


def test_a_pools_kernel_still_starting_is_not_taken_off_the_kernels_in_use() -> None:
    import asyncio

    async def count() -> int:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[dict[str, str]] = loop.create_future()
        ready.set_result({"kernel_id": "b"})
        starting: asyncio.Future[dict[str, str]] = loop.create_future()

        class Manager:
            _pools = {"04_play.ipynb": [ready, starting]}  # noqa: RUF012

            def list_kernel_ids(self) -> list[str]:
                return ["a", "b", "c"]

        n = kernels_in_use(Manager())
        starting.cancel()
        return n

    assert asyncio.run(count()) == 2  # a and c serve pages; b waits; one still starts


class _Log:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def info(self, *args: object) -> None:
        self.lines.append(str(args[0]))

    def error(self, *args: object) -> None:
        self.lines.append(str(args[0]))

    def exception(self, *args: object) -> None:
        self.lines.append(str(args[0]))


def _stream(pages: list[list[str] | Exception], alive: bool = True) -> tuple[bool, str, int]:
    """Run stream_lesson over made-up page generators; (whole, written, starts)."""
    import asyncio

    from gin.ui.page.serve import stream_lesson

    out: list[str] = []
    starts = 0

    def make() -> object:
        nonlocal starts
        plan = pages[starts]
        starts += 1

        async def gen() -> object:
            if isinstance(plan, Exception):
                raise plan
            for chunk in plan:
                if chunk == "boom":
                    raise RuntimeError("the kernel died")
                yield chunk

        return gen()

    async def write(html: str) -> None:
        out.append(html)

    async def kernel_alive() -> bool:
        return alive

    whole = asyncio.run(stream_lesson(make, write, kernel_alive, "FAILED", _Log()))  # type: ignore[arg-type]
    return whole, "".join(out), starts


def test_a_kernel_that_fails_to_start_is_started_once_more() -> None:
    """Issue 22: a start that fails (a port taken meanwhile) is tried once more."""
    assert _stream([RuntimeError("port in use"), ["<html>", "lesson"]]) == (
        True,
        "<html>lesson",
        2,
    )


def test_a_second_failure_tells_the_learner_in_one_sentence() -> None:
    whole, written, starts = _stream([RuntimeError("a"), RuntimeError("b")])
    assert (whole, written, starts) == (False, "FAILED", 2)
    whole, written, starts = _stream([["<html>", "boom"]])  # after the page began
    assert (whole, written, starts) == (False, "<html>FAILED", 1)


def test_a_dead_kernel_ends_the_waiting_page_with_the_sentence() -> None:
    """Issue 22: the page loaded for ever when the kernel died at start; at the next
    keep-alive the server sees it dead and writes the sentence and a reload button."""
    beat = "<script>window.voila_heartbeat()</script>\n"
    assert _stream([["<html>", beat, beat]], alive=False) == (False, "<html>FAILED", 1)
    assert _stream([["<html>", beat, "x"]], alive=True) == (True, "<html>" + beat + "x", 1)


def test_the_start_failed_page_has_one_sentence_and_a_reload_button() -> None:
    from html import escape as html_escape

    from gin.i18n import M
    from gin.ui.page.serve import start_failed_html

    html = start_failed_html("he")
    assert html_escape(M["fairplay.server.start-failed"].render(lang="he")) in html
    assert 'class="gin-reload"' in html and 'dir="rtl"' in html
    # issue 33: no inline handler (the policy runs none); the page's nonce goes on its script
    assert "onclick" not in html and "window.location.reload()" in html


def test_a_page_that_went_away_does_not_start_another_kernel() -> None:
    """Writing to a closed page fails: that is not a failed start, so no second kernel."""
    import asyncio

    from gin.ui.page.serve import stream_lesson

    starts = 0

    def make() -> object:
        nonlocal starts
        starts += 1

        async def gen() -> object:
            yield "<html>"

        return gen()

    async def write(html: str) -> None:
        raise OSError("stream closed")

    async def alive() -> bool:
        return True

    whole = asyncio.run(stream_lesson(make, write, alive, "FAILED", _Log()))  # type: ignore[arg-type]
    assert (whole, starts) == (False, 1)


def test_a_pages_kernel_is_known_to_its_place_before_the_manager_lists_it() -> None:
    """Issue 22: a kernel listed by the manager while its page's place still waited was
    counted twice, so a page refused then read "41 lessons are open" (a CI run). The place
    learns the kernel's id when the manager makes it, before it is listed."""
    from gin.ui.page.serve import _PLACE, Places, count_started_kernels

    class Manager(ListedKernels):
        def new_kernel_id(self, **kwargs: object) -> str:
            return "k1"

        def kernel_manager_factory(self, **kwargs: object) -> object:
            raise AssertionError("not started here")

        async def start_kernel(self, **kwargs: object) -> str:
            raise AssertionError("not started here")

    manager = Manager()
    count_started_kernels(manager)
    places = Places(40)
    taken = [places.take(manager) for _ in range(40)]
    token = _PLACE.set(taken[0])
    try:
        kernel_id = manager.new_kernel_id()  # as the manager makes the kernel
    finally:
        _PLACE.reset(token)
    manager.running.append(kernel_id)  # now listed
    assert places.open_now(manager) == 40


# --------------------------------------------------------------------------- issue 33


class RunningKernels(ListedKernels):
    """A kernel manager that shuts kernels down (as the connect watch asks it to)."""

    def __init__(self, *running: str) -> None:
        super().__init__()
        self.running = list(running)
        self.shut: list[str] = []

    def __contains__(self, kernel_id: object) -> bool:
        return kernel_id in self.running

    async def shutdown_kernel(self, kernel_id: str, now: bool = False) -> None:
        self.shut.append(kernel_id)
        self.running.remove(kernel_id)


def test_a_kernel_whose_page_never_connects_is_shut_down_and_its_place_freed() -> None:
    """Issue 33: a plain GET of a lesson held a kernel place until the culler came (two
    minutes); a page that has not opened its kernel's websocket within the connect
    timeout loses its kernel, and the place counts no more. A page that connected keeps
    its kernel."""
    import asyncio

    from gin.ui.page.connectwatch import ConnectWatch
    from gin.ui.page.serve import Places

    manager = RunningKernels()
    places = Places(2)

    async def run() -> None:
        watch = ConnectWatch(manager, delay=0.05)
        for kernel_id in ("plain-get", "real-page"):
            place = places.take(manager)
            assert place is not None
            manager.running.append(kernel_id)
            place.started(kernel_id)
            watch.expect(kernel_id)
        watch.opened("real-page")  # its websocket opened
        assert places.take(manager) is None  # both places are held
        await asyncio.sleep(0.3)
        assert watch.freed == ["plain-get"]

    asyncio.run(run())
    assert manager.shut == ["plain-get"] and manager.running == ["real-page"]
    assert places.open_now(manager) == 1 and places.take(manager) is not None


def test_the_connect_watch_leaves_a_kernel_already_gone_and_can_be_off() -> None:
    import asyncio

    from gin.ui.page.connectwatch import ConnectWatch

    manager = RunningKernels("k1")

    async def run() -> None:
        gone = ConnectWatch(manager, delay=0.01)
        assert await gone.check("k9") is False  # closed by its beacon meanwhile
        off = ConnectWatch(manager, delay=0)
        off.expect("k1")
        await asyncio.sleep(0.05)

    asyncio.run(run())
    assert manager.shut == [] and manager.running == ["k1"]


def test_the_quota_per_address_is_off_by_default() -> None:
    """Issue 33: a class behind one school address (or JupyterHub's proxy) shares one
    address, so there is no quota unless the app is told one."""
    from gin.ui.page.serve import Places, TutorApp

    assert TutorApp.places_per_address.default_value == 0
    assert TutorApp.connect_timeout.default_value == 20.0  # issue 33: "about 20 s"
    manager = ListedKernels()
    places = Places(40)
    taken = [places.take(manager, "10.0.0.1") for _ in range(30)]
    assert all(p is not None for p in taken)
    assert not places.over_quota("10.0.0.1", manager)


def test_an_address_over_its_quota_gets_no_place_and_others_still_do() -> None:
    """Issue 33: with ``places_per_address=3``, a fourth page from one address is refused
    (the "full" page), another address still gets a place, and the address gets a place
    again once one of its kernels has gone."""
    from gin.ui.page.serve import Places

    manager = ListedKernels()
    places = Places(40, per_address=3)
    mine = [places.take(manager, "10.0.0.1") for _ in range(3)]
    assert all(p is not None for p in mine)
    assert places.take(manager, "10.0.0.1") is None
    assert places.over_quota("10.0.0.1", manager)
    assert places.take(manager, "10.0.0.2") is not None
    first = mine[0]
    assert first is not None
    manager.running.append("k1")
    first.started("k1")  # now a kernel of that address: still held
    assert places.take(manager, "10.0.0.1") is None
    manager.running.remove("k1")  # its kernel went away (closed, or never connected)
    assert places.held_by("10.0.0.1", manager) == 2
    assert places.take(manager, "10.0.0.1") is not None


def test_the_quota_page_says_so_in_the_pages_language() -> None:
    from html import escape as html_escape

    from gin.i18n import M
    from gin.ui.page.serve import quota_page

    page = quota_page(3, "bg")
    assert html_escape(M["page.server.quota"].render({"limit": 3}, "bg")) in page
    assert html_escape(M["lesson.server-full.title"].render(lang="bg")) in page
    assert "3" in page and 'lang="bg"' in page


def test_a_lesson_page_runs_only_its_own_inline_scripts_and_a_plain_get_is_freed(
    app_port: int,
) -> None:
    """Issue 33, on the app as served (the real connect timeout, 20 s):

    - the lesson page's policy names a nonce, not ``'unsafe-inline'``, and every script
      tag of the page carries it; every other response allows no inline script;
    - the kernel-lost script is the first thing in the page's head, and is served;
    - a plain GET, which never opens the kernel's websocket, loses its kernel within 30 s
      of its page being sent (it held a place for two minutes)."""
    import json
    import urllib.error
    import urllib.request

    from gin.ui.page.pagescripts import KERNEL_LOST_ROUTE

    response = _get(app_port, "/voila/render/02_the_up_card.ipynb")
    page = response.read().decode()
    sent = time.monotonic()
    assert response.status == 200
    csp = response.getheader("Content-Security-Policy", "")
    nonce = re.search(r"script-src 'self' 'nonce-([A-Za-z0-9_-]{20,})' blob:", csp)
    assert nonce is not None, csp
    assert "unsafe-inline" not in csp.split("script-src", 1)[1].split(";", 1)[0]
    tags = re.findall(r"<script\b[^>]*>", page)
    assert len(tags) > 5 and all(f'nonce="{nonce.group(1)}"' in t for t in tags), tags
    head = page[page.index("<head") :]
    assert head[head.index(">") + 1 :].startswith(f'<script nonce="{nonce.group(1)}" src="/')
    assert KERNEL_LOST_ROUTE in tags[0] and "data-sentences" in tags[0]
    script = _get(app_port, "/" + KERNEL_LOST_ROUTE)
    assert script.status == 200 and b"ginKernelLost" in script.read()
    other = _get(app_port, "/voila/tree")
    other.read()
    assert other.getheader("Content-Security-Policy") == CONTENT_SECURITY_POLICY
    assert "script-src 'self' blob:;" in CONTENT_SECURITY_POLICY

    config = re.search(r'<script[^>]*id="jupyter-config-data"[^>]*>(.*?)</script>', page, re.S)
    assert config is not None
    kernel_id = json.loads(config.group(1))["kernelId"]
    kernel_url = f"http://127.0.0.1:{app_port}/api/kernels/{kernel_id}"
    with urllib.request.urlopen(kernel_url, timeout=10) as r:
        assert r.status == 200  # the page's kernel runs
    while time.monotonic() - sent < 30:
        try:
            urllib.request.urlopen(kernel_url, timeout=10).close()
        except urllib.error.HTTPError as err:
            assert err.code == 404
            break
        time.sleep(1)
    else:
        pytest.fail("the kernel of a page that never connected still ran after 30 s")
    assert time.monotonic() - sent > 15  # not before the page had its 20 s to connect


def test_the_kernel_lost_script_carries_the_sentence_in_every_language() -> None:
    """Issue 33: the page says its kernel is lost in the lesson's language: the script tag
    holds the sentence and the button's label in each, escaped for an attribute."""
    import json
    from html import unescape

    from gin.i18n import LANGUAGES, M
    from gin.ui.page.pagescripts import kernel_lost_tag

    tag = kernel_lost_tag("/gin/page/kernellost.js", "he")
    found = re.search(r'data-sentences="([^"]*)"', tag)
    assert found is not None and 'data-lang="he"' in tag and 'data-dir="rtl"' in tag
    sentences = json.loads(unescape(found.group(1)))
    assert set(sentences) == set(LANGUAGES)
    for lang in LANGUAGES:
        assert sentences[lang] == [
            M["page.kernel-lost"].render(lang=lang),
            M["fairplay.server.reload"].render(lang=lang),
        ]
    assert len({s[0] for s in sentences.values()}) == len(LANGUAGES)  # translated


def test_every_script_of_a_lesson_page_gets_the_nonce_once() -> None:
    from gin.ui.page.pagescripts import add_nonce, after_head

    page = (
        '<html><head><meta charset="utf-8"><SCRIPT>a()</SCRIPT>'
        '<script src="/x.js"></script><script nonce="old">b()</script>'
        '<script type="application/json">{}</script></head>'
    )
    out = add_nonce(page, "N")
    assert out.count('nonce="N"') == 3 and 'nonce="old"' in out
    assert after_head(page, "<i>") is not None
    assert after_head("<body>no head</body>", "<i>") is None


def test_a_kernel_shut_down_closes_its_pages_websockets() -> None:
    """Issue 33: a kernel shut down while its page was open left the page's websocket open
    on nothing (the page said nothing); the shutdown now closes it, so the page's script
    finds the kernel gone and says so. Other kernels' pages stay connected."""
    import asyncio

    from gin.ui.page.connectwatch import KERNEL_GONE_CODE, ConnectWatch

    class Socket:
        def __init__(self) -> None:
            self.closed: tuple[int, str] | None = None

        def close(self, code: int, reason: str) -> None:
            self.closed = (code, reason)

    manager = RunningKernels("k1", "k2")
    watch = ConnectWatch(manager, delay=0)
    watch.watch_shutdowns()
    mine, other = Socket(), Socket()
    watch.opened("k1", mine)
    watch.opened("k2", other)
    asyncio.run(manager.shutdown_kernel("k1"))
    assert manager.shut == ["k1"]
    assert mine.closed is not None and mine.closed[0] == KERNEL_GONE_CODE
    assert other.closed is None


def test_a_browser_slow_to_connect_has_longer_than_a_plain_get() -> None:
    """Issue 33: a page that loaded the app's script (a browser; a plain GET loads none)
    has three times the connect timeout to open its websocket, as a browser on a busy
    server may be slow; a page that never connects still loses its kernel then."""
    import asyncio

    from gin.ui.page.connectwatch import ConnectWatch

    manager = RunningKernels("plain", "slow", "slower")

    async def run() -> tuple[list[str], list[str]]:
        watch = ConnectWatch(manager, delay=0.1)
        for kernel_id in manager.running:
            watch.expect(kernel_id, page=f"token-{kernel_id}")
        watch.loaded("token-slow")
        watch.loaded("token-slower")
        await asyncio.sleep(0.2)
        early = list(watch.freed)
        watch.opened("slow")  # connected after 0.2 s: within its 0.3 s
        await asyncio.sleep(0.3)
        return early, list(watch.freed)

    early, late = asyncio.run(run())
    assert early == ["plain"]
    assert late == ["plain", "slower"] and manager.running == ["slow"]


def test_a_page_whose_websocket_closed_loses_its_kernel_unless_it_reconnects_in_time() -> None:
    """Issue 41: a tab closed without its closing beacon (the browser quit, the page closed
    before its widgets registered the beacon) left its kernel until the culler came; six
    such pages left eight kernels where the pools hold three. Once the last websocket of a
    kernel's page has been closed for the reconnect grace, the kernel is shut down; a page
    that opens its websocket again within the grace (a network blip) keeps it, and so does
    a kernel whose page still has another websocket open."""
    import asyncio

    from gin.ui.page.connectwatch import ConnectWatch

    class Socket:
        def close(self, code: int, reason: str) -> None:
            pass

    manager = RunningKernels("closed", "blip", "two-sockets")

    async def run() -> list[str]:
        watch = ConnectWatch(manager, delay=0, reconnect_grace=0.1)
        sockets = {k: Socket() for k in manager.running}
        for kernel_id, ws in sockets.items():
            watch.opened(kernel_id, ws)
        second = Socket()
        watch.opened("two-sockets", second)
        for kernel_id, ws in sockets.items():
            watch.closed(kernel_id, ws)
        await asyncio.sleep(0.03)
        watch.opened("blip", Socket())  # reconnected within the grace
        await asyncio.sleep(0.3)
        return list(watch.left)

    assert asyncio.run(run()) == ["closed"]
    assert manager.shut == ["closed"] and manager.running == ["blip", "two-sockets"]


def test_the_reconnect_grace_below_zero_keeps_a_disconnected_pages_kernel() -> None:
    """Issue 41: a negative reconnect grace turns the shutdown on a closed websocket off
    (only the beacon and the culler stop a kernel then)."""
    import asyncio

    from gin.ui.page.connectwatch import ConnectWatch

    manager = RunningKernels("k1")

    async def run() -> None:
        watch = ConnectWatch(manager, delay=0, reconnect_grace=-1)
        watch.opened("k1")
        watch.closed("k1")
        await asyncio.sleep(0.05)

    asyncio.run(run())
    assert manager.shut == [] and manager.running == ["k1"]


def test_a_page_closed_while_it_was_sent_loses_its_kernel_at_once() -> None:
    """Issue 41: a page closed while its lesson was still being sent kept its kernel for
    the whole connect timeout (a minute, for a browser that had loaded the app's script);
    it goes at once now, unless its websocket had opened."""
    import asyncio

    from gin.ui.page.connectwatch import ConnectWatch

    manager = RunningKernels("gone", "connected")

    async def run() -> list[str]:
        watch = ConnectWatch(manager, delay=60)
        watch.opened("connected")
        watch.page_gone("gone")
        watch.page_gone("connected")
        await asyncio.sleep(0.05)
        return list(watch.freed)

    assert asyncio.run(run()) == ["gone"]
    assert manager.shut == ["gone"] and manager.running == ["connected"]
