"""A learner whose browser runs on another computer: the server's side of opening a lesson.

In a class every learner's browser renders the page on the learner's own computer; only
the server is shared. On one 2-core machine, ten Chromium pages rendering next to the
server measure the benchmark's browsers more than the server. A remote learner asks the
server for exactly what a lesson page asks for, the way Voilà's page does, and stops where
the page would start drawing:

1. ``GET /voila/render/<lesson>``: Voilà hands over a pre-heated kernel (or starts one),
   the lesson is built for the page's address, and the page's HTML is streamed;
2. the kernel's websocket (``/api/kernels/<id>/channels``), with ``kernel_info_request``
   and ``comm_info_request`` as the page's widget manager sends them;
3. the widget control comm (``jupyter.widget.control``) with ``request_states``: the
   reply holds the state of every widget of the lesson, all a page needs to draw it.

Timed from the request: the first byte, the page's HTML complete, every widget's state
received. The learner stays (its kernel and websocket open) until it leaves as a page
does, with the closing beacon that shuts its kernel down (``/voila/api/shutdown/<kernel>``
with the ``_xsrf`` cookie).
"""

from __future__ import annotations

import asyncio
import json
import re
import struct
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Any

KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]+)"')


@dataclass
class RemoteTimes:
    """Seconds from the request, for one remote learner."""

    first_byte: float
    page: float
    states: float
    widgets: int
    kernel_id: str
    leave: Callable[[], Awaitable[None]]
    """Close the page: the websocket, then the closing beacon."""


def _parse(raw: str | bytes) -> dict[str, Any]:
    """A kernel message from the websocket; binary frames (messages with buffers) hold a
    count of offsets, the offsets (big-endian 32-bit) and the message's JSON first."""
    if isinstance(raw, str):
        return dict(json.loads(raw))
    (n,) = struct.unpack(">I", raw[:4])
    offsets = struct.unpack(f">{n}I", raw[4 : 4 + 4 * n])
    end = offsets[1] if n > 1 else len(raw)
    return dict(json.loads(raw[offsets[0] : end]))


def _message(msg_type: str, channel: str, content: dict[str, Any], session: str) -> str:
    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": msg_type,
        "username": "learner",
        "session": session,
        "date": "",
        "version": "5.3",
    }
    return json.dumps(
        {
            "header": header,
            "parent_header": {},
            "metadata": {"version": "1.0.0"} if msg_type == "comm_open" else {},
            "content": content,
            "channel": channel,
            "buffers": [],
        }
    )


async def open_lesson(base_url: str, notebook: str, timeout_s: float = 120.0) -> RemoteTimes:
    """Open ``notebook`` as a page would, up to the widgets' states; see the module's doc.
    The learner stays on the page until ``leave()`` of the result is awaited."""
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    from tornado.websocket import websocket_connect

    first: list[float] = []
    chunks: list[bytes] = []

    def on_chunk(chunk: bytes) -> None:
        if not first:
            first.append(time.perf_counter())
        chunks.append(chunk)

    start = time.perf_counter()
    response = await AsyncHTTPClient().fetch(
        HTTPRequest(
            f"{base_url}/voila/render/{notebook}",
            streaming_callback=on_chunk,
            request_timeout=timeout_s,
        )
    )
    page_done = time.perf_counter()
    html = b"".join(chunks).decode("utf-8", "replace")
    found = KERNEL_ID.search(html)
    if found is None:
        raise RuntimeError(f"no kernel id in the page of {notebook}")
    kernel_id = found.group(1)
    cookie = SimpleCookie()
    for value in response.headers.get_list("Set-Cookie"):
        cookie.load(value)
    cookie_header = "; ".join(f"{k}={m.value}" for k, m in cookie.items())

    session = uuid.uuid4().hex
    ws_url = base_url.replace("http", "ws", 1) + (
        f"/api/kernels/{kernel_id}/channels?session_id={session}"
    )
    ws = await websocket_connect(HTTPRequest(ws_url, headers={"Cookie": cookie_header}))
    ws.write_message(_message("kernel_info_request", "shell", {}, session))
    ws.write_message(
        _message("comm_info_request", "shell", {"target_name": "jupyter.widget"}, session)
    )
    comm_id = uuid.uuid4().hex
    ws.write_message(
        _message(
            "comm_open",
            "shell",
            {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}},
            session,
        )
    )
    ws.write_message(
        _message(
            "comm_msg",
            "shell",
            {"comm_id": comm_id, "data": {"method": "request_states"}},
            session,
        )
    )
    widgets = -1
    deadline = start + timeout_s
    while widgets < 0:
        left = deadline - time.perf_counter()
        if left <= 0:
            raise TimeoutError(f"no widget states from the kernel of {notebook}")
        raw = await asyncio.wait_for(ws.read_message(), left)
        if raw is None:
            raise RuntimeError("the kernel's websocket closed")
        msg = _parse(raw)
        data = msg.get("content", {}).get("data", {})
        if msg.get("msg_type") == "comm_msg" and data.get("method") == "update_states":
            widgets = len(data.get("states", {}))
    states_done = time.perf_counter()
    xsrf = cookie.get("_xsrf")

    async def leave() -> None:
        ws.close()
        if xsrf is not None:  # as a page does: the closing beacon
            await AsyncHTTPClient().fetch(
                HTTPRequest(
                    f"{base_url}/voila/api/shutdown/{kernel_id}",
                    method="POST",
                    body=f"_xsrf={xsrf.value}",
                    headers={"Cookie": cookie_header, "X-XSRFToken": xsrf.value},
                ),
                raise_error=False,
            )

    return RemoteTimes(
        first_byte=(first[0] if first else page_done) - start,
        page=page_done - start,
        states=states_done - start,
        widgets=widgets,
        kernel_id=kernel_id,
        leave=leave,
    )


async def open_together(base_url: str, notebook: str, n: int) -> list[RemoteTimes]:
    """``n`` remote learners open ``notebook`` at the same moment."""
    return list(await asyncio.gather(*(open_lesson(base_url, notebook) for _ in range(n))))
