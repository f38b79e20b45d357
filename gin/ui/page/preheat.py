"""A pre-heated kernel's wait for its page's request, without Voilà's server in the kernel.

Voilà pre-heats kernels: it runs a lesson's notebook before any learner asks for the page,
and the notebook waits until the request comes. Voilà's own helper for that wait
(``voila.utils.wait_for_request``) lives in a module that imports Voilà's whole server
(JupyterLab's server, Jinja, Tornado's handlers): about 55 MB more in every kernel and
1.5 s of imports, for one websocket message. This module does the same wait with the
``websockets`` client alone.

The protocol is Voilà's: the kernel connects to ``<ws>://<ip>:<port><base>voila/query/
<kernel id>``, from the environment Voilà gives the kernel (``VOILA_WS_PROTOCOL``,
``VOILA_APP_IP``, ``VOILA_APP_PORT``, ``VOILA_WS_BASE_URL`` or ``VOILA_SERVER_URL``,
``VOILA_KERNEL_ID``), and receives one JSON object of the request's environment (the
query string among it), which is put into ``os.environ``.

>>> query_url({"VOILA_APP_PORT": "9000", "VOILA_KERNEL_ID": "k1"})
'ws://127.0.0.1:9000/voila/query/k1'
>>> apply_request_info('{"QUERY_STRING": "seed=5"}', env := {})
>>> env
{'QUERY_STRING': 'seed=5'}
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
from collections.abc import Mapping, MutableMapping

OPEN_TIMEOUT_S = 5.0
"""How long the kernel waits for Voilà to accept the connection (Voilà's own figure)."""


def query_url(env: Mapping[str, str]) -> str:
    """The websocket address where Voilà hands this kernel its page's request."""
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    ip = env.get("VOILA_APP_IP", "127.0.0.1")
    port = env.get("VOILA_APP_PORT", "8866")
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{ip}:{port}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}"


def apply_request_info(message: str | bytes, env: MutableMapping[str, str]) -> None:
    """Put the request's environment (Voilà's JSON object of names and values) into ``env``.

    A message that is not such an object is ignored: the page is then built as a page
    with no settings in its address, which is what Voilà itself does when the wait fails.
    """
    try:
        info = json.loads(message)
    except ValueError:
        return
    if not isinstance(info, dict):
        return
    for name, value in info.items():
        if isinstance(name, str) and isinstance(value, str):
            env[name] = value


async def _receive(url: str) -> str | bytes | None:
    import websockets

    try:
        async with websockets.connect(url, open_timeout=OPEN_TIMEOUT_S) as socket:
            message: str | bytes = await socket.recv()
            return message
    except (OSError, TimeoutError, websockets.WebSocketException):
        return None


def wait_for_request() -> None:
    """Wait until Voilà hands this pre-heated kernel its page's request, then put the
    request's environment into ``os.environ`` (nothing happens outside a pre-heated
    kernel). The wait runs on its own thread with its own event loop: the kernel's loop is
    busy running the notebook's cell.
    """
    if os.environ.get("VOILA_PREHEAT", "False") == "False":
        return
    received: list[str | bytes | None] = []
    url = query_url(os.environ)

    def wait() -> None:
        loop = asyncio.new_event_loop()
        try:
            received.append(loop.run_until_complete(_receive(url)))
        finally:
            loop.close()

    thread = threading.Thread(target=wait, name="gin-preheat-wait")
    thread.start()
    thread.join()
    if received and received[0] is not None:
        apply_request_info(received[0], os.environ)


__all__ = ["OPEN_TIMEOUT_S", "apply_request_info", "query_url", "wait_for_request"]
