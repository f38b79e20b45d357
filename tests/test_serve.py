"""`make app` serves the lessons with Voilà and opens at the Start-here lesson; every
response carries the app's Content-Security-Policy, and nothing links to another host."""

from __future__ import annotations

import http.client
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gin.ui.serve import (
    CONTENT_SECURITY_POLICY,
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
        [sys.executable, "-m", "gin.ui.serve", "--no-browser", f"--port={port}",
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
    from gin.ui.serve import TutorApp

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
