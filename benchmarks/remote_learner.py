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


def _message(
    msg_type: str, channel: str, content: dict[str, Any], session: str, msg_id: str = ""
) -> str:
    header = {
        "msg_id": msg_id or uuid.uuid4().hex,
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


class WidgetMirror:
    """The page's copy of the lesson's widgets: each widget model's state by its id, kept
    up to date from the kernel's messages (``comm_open``, ``update``, ``comm_close``), as
    the page's widget manager keeps it."""

    def __init__(self) -> None:
        self.states: dict[str, dict[str, Any]] = {}

    def take(self, msg: dict[str, Any]) -> None:
        """Apply one message from the kernel."""
        kind, content = msg.get("msg_type"), msg.get("content", {})
        comm = content.get("comm_id", "")
        data = content.get("data", {})
        if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            self.states[comm] = dict(data.get("state", {}))
        elif kind == "comm_msg" and data.get("method") in ("update", "echo_update"):
            self.states.setdefault(comm, {}).update(data.get("state", {}))
        elif kind == "comm_msg" and data.get("method") == "update_states":
            for model, held in data.get("states", {}).items():
                self.states[model] = dict(held.get("state", {}))
        elif kind == "comm_close":
            self.states.pop(comm, None)

    def classes(self, model: str) -> list[str]:
        """The CSS classes of the widget ``model``."""
        return list(self.states.get(model, {}).get("_dom_classes", []))

    def find(self, css_class: str) -> str:
        """The newest open widget with ``css_class``; raises ``LookupError`` if none."""
        found = [m for m in self.states if css_class in self.classes(m)]
        if not found:
            raise LookupError(f"no widget with the class {css_class!r}")
        return found[-1]


class LessonSocket:
    """A lesson opened as a page opens it (see the module's doc): its kernel's websocket,
    the widgets' states (:class:`WidgetMirror`), and the page's cookies, to act as the
    page does (:meth:`send`, :meth:`post_json`) until :meth:`leave`."""

    def __init__(self, base_url: str, notebook: str) -> None:
        self.base_url, self.notebook = base_url, notebook
        self.mirror = WidgetMirror()
        self.session = uuid.uuid4().hex
        self.cookie = SimpleCookie()
        self.kernel_id = ""
        self.ws: Any = None
        self.first_byte = self.page = self.states = 0.0

    @property
    def cookie_header(self) -> str:
        """The page's cookies, as its requests send them."""
        return "; ".join(f"{k}={m.value}" for k, m in self.cookie.items())

    async def open(self, timeout_s: float = 120.0) -> LessonSocket:
        """Ask for the page, connect to its kernel and receive every widget's state."""
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
                f"{self.base_url}/voila/render/{self.notebook}",
                streaming_callback=on_chunk,
                request_timeout=timeout_s,
            )
        )
        page_done = time.perf_counter()
        html = b"".join(chunks).decode("utf-8", "replace")
        found = KERNEL_ID.search(html)
        if found is None:
            raise RuntimeError(f"no kernel id in the page of {self.notebook}")
        self.kernel_id = found.group(1)
        for value in response.headers.get_list("Set-Cookie"):
            self.cookie.load(value)
        ws_url = self.base_url.replace("http", "ws", 1) + (
            f"/api/kernels/{self.kernel_id}/channels?session_id={self.session}"
        )
        self.ws = await websocket_connect(
            HTTPRequest(ws_url, headers={"Cookie": self.cookie_header})
        )
        self.ws.write_message(_message("kernel_info_request", "shell", {}, self.session))
        self.ws.write_message(
            _message("comm_info_request", "shell", {"target_name": "jupyter.widget"}, self.session)
        )
        control = uuid.uuid4().hex
        self.ws.write_message(
            _message(
                "comm_open",
                "shell",
                {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                self.session,
            )
        )
        self.ws.write_message(
            _message(
                "comm_msg",
                "shell",
                {"comm_id": control, "data": {"method": "request_states"}},
                self.session,
            )
        )
        await self._read_until(
            lambda m: (
                m.get("msg_type") == "comm_msg"
                and m.get("content", {}).get("data", {}).get("method") == "update_states"
            ),
            start + timeout_s,
        )
        self.first_byte = (first[0] if first else page_done) - start
        self.page = page_done - start
        self.states = time.perf_counter() - start
        return self

    async def _read_until(self, done: Callable[[dict[str, Any]], bool], deadline: float) -> None:
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"the kernel of {self.notebook} did not answer in time")
            raw = await asyncio.wait_for(self.ws.read_message(), left)
            if raw is None:
                raise RuntimeError("the kernel's websocket closed")
            msg = _parse(raw)
            self.mirror.take(msg)
            if done(msg):
                return

    async def send(self, model: str, content: dict[str, Any], timeout_s: float = 60.0) -> None:
        """Send the widget ``model`` a custom message (a click is ``{"event": "click"}``)
        as the page does, and wait until the kernel has handled it (its status is idle
        again), every update it sent applied to :attr:`mirror`."""
        msg_id = uuid.uuid4().hex
        data = {"method": "custom", "content": content}
        self.ws.write_message(
            _message("comm_msg", "shell", {"comm_id": model, "data": data}, self.session, msg_id)
        )
        await self._read_until(
            lambda m: (
                m.get("msg_type") == "status"
                and m.get("parent_header", {}).get("msg_id") == msg_id
                and m.get("content", {}).get("execution_state") == "idle"
            ),
            time.perf_counter() + timeout_s,
        )

    async def post_json(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        """POST ``body`` to the app's ``path`` as the page's script does (its cookies and
        its XSRF token); the JSON answer, whatever the status."""
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest

        xsrf = self.cookie.get("_xsrf")
        headers = {"Cookie": self.cookie_header, "Content-Type": "application/json"}
        if xsrf is not None:
            headers["X-XSRFToken"] = xsrf.value
        response = await AsyncHTTPClient().fetch(
            HTTPRequest(
                f"{self.base_url}/{path}", method="POST", body=json.dumps(body), headers=headers
            ),
            raise_error=False,
        )
        return dict(json.loads(response.body or b"{}"))

    async def leave(self) -> None:
        """Close the page: the websocket, then the closing beacon."""
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest

        self.ws.close()
        xsrf = self.cookie.get("_xsrf")
        if xsrf is not None:  # as a page does: the closing beacon
            await AsyncHTTPClient().fetch(
                HTTPRequest(
                    f"{self.base_url}/voila/api/shutdown/{self.kernel_id}",
                    method="POST",
                    body=f"_xsrf={xsrf.value}",
                    headers={"Cookie": self.cookie_header, "X-XSRFToken": xsrf.value},
                ),
                raise_error=False,
            )


async def open_lesson(base_url: str, notebook: str, timeout_s: float = 120.0) -> RemoteTimes:
    """Open ``notebook`` as a page would, up to the widgets' states; see the module's doc.
    The learner stays on the page until ``leave()`` of the result is awaited."""
    lesson = await LessonSocket(base_url, notebook).open(timeout_s)
    return RemoteTimes(
        first_byte=lesson.first_byte,
        page=lesson.page,
        states=lesson.states,
        widgets=len(lesson.mirror.states),
        kernel_id=lesson.kernel_id,
        leave=lesson.leave,
    )


async def open_together(base_url: str, notebook: str, n: int) -> list[RemoteTimes]:
    """``n`` remote learners open ``notebook`` at the same moment."""
    return list(await asyncio.gather(*(open_lesson(base_url, notebook) for _ in range(n))))
