"""Issue 41 (a kernel up to 126 MB after playing): a pre-heated kernel waits for its page's
request with the ``websockets`` client alone, in Voilà's protocol, and never loads Voilà's
server (about 55 MB in every kernel)."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from gin.ui.page import preheat

ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def voila_query_server() -> Iterator[tuple[int, list[str]]]:
    """A stand-in for Voilà's query handler: it sends one request's environment to the
    kernel that connects to ``/voila/query/<kernel id>`` and notes the path asked for."""
    import websockets.asyncio.server as ws_server

    port = _free_port()
    paths: list[str] = []
    ready = threading.Event()
    stop: list[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] = []

    async def handler(connection: ws_server.ServerConnection) -> None:
        paths.append(connection.request.path if connection.request else "")
        await connection.send(json.dumps({"QUERY_STRING": "seed=5&lang=he", "SERVER_PORT": "1"}))

    async def main() -> None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        async with ws_server.serve(handler, "127.0.0.1", port):
            stop.append((asyncio.get_running_loop(), done))
            ready.set()
            await done

    thread = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
    thread.start()
    ready.wait(10)
    yield port, paths
    loop, done = stop[0]
    loop.call_soon_threadsafe(done.set_result, None)
    thread.join(10)


def test_a_pre_heated_kernel_reads_its_pages_request_from_voilas_query_socket(
    monkeypatch: pytest.MonkeyPatch, voila_query_server: tuple[int, list[str]]
) -> None:
    port, paths = voila_query_server
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_PORT", str(port))
    monkeypatch.setenv("VOILA_KERNEL_ID", "kernel-7")
    monkeypatch.setenv("VOILA_SERVER_URL", "/base/")
    monkeypatch.delenv("VOILA_WS_BASE_URL", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    preheat.wait_for_request()
    assert os.environ["QUERY_STRING"] == "seed=5&lang=he"
    assert paths == ["/base/voila/query/kernel-7"]


def test_outside_a_pre_heated_kernel_nothing_is_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("VOILA_APP_PORT", "1")  # nothing listens: a wait would fail
    monkeypatch.setenv("QUERY_STRING", "seed=3")
    preheat.wait_for_request()
    assert os.environ["QUERY_STRING"] == "seed=3"


def test_a_refused_connection_leaves_the_page_as_a_page_with_no_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Voilà's own behaviour when the wait fails: the page is built without the request."""
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_PORT", str(_free_port()))  # nothing listens there
    monkeypatch.delenv("QUERY_STRING", raising=False)
    preheat.wait_for_request()
    assert "QUERY_STRING" not in os.environ


def test_a_message_that_is_not_an_environment_is_ignored() -> None:
    env: dict[str, str] = {"QUERY_STRING": "seed=1"}
    for message in ("not json", "[1, 2]", '{"QUERY_STRING": 5}', b"\xff"):
        preheat.apply_request_info(message, env)
    assert env == {"QUERY_STRING": "seed=1"}


def test_a_lessons_kernel_never_loads_voilas_server(
    voila_query_server: tuple[int, list[str]],
) -> None:
    """The memory the issue counted: a kernel that waited and built the play table holds no
    module of Voilà's (nor JupyterLab's server, which Voilà's helper imports)."""
    port, _ = voila_query_server
    script = textwrap.dedent(
        """
        import sys
        from gin.ui.page.urlparams import page_params
        print(page_params().seed)
        from gin.ui.lessons import play_lesson
        play_lesson()
        print(sorted(m for m in sys.modules if m.split(".")[0] in ("voila", "jupyterlab_server")))
        """
    )
    env = dict(os.environ, VOILA_PREHEAT="True", VOILA_APP_PORT=str(port), VOILA_KERNEL_ID="k")
    env.pop("QUERY_STRING", None)
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=120, check=True,
    ).stdout.split("\n")
    assert out[:2] == ["5", "[]"], out
