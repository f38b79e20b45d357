"""`make app` serves the lessons with Voilà and opens at the Start-here lesson."""

from __future__ import annotations

import http.client
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

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
