"""What the page sends over the websocket can't break the kernel or leak the server's
files (issue 9): a malformed widget message and a reorder with number codes are logged on
the server, the learner sees one sentence, and the kernel keeps working.

A real kernel (jupyter_client) receives the messages as a page would send them.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Iterator
from typing import Any

import pytest

from gin.i18n import M

LEARNER_SENTENCE = M["error.page-not-used"].render()

pytestmark = pytest.mark.timeout(120)

SETUP = """
from gin.ui import play_table
t = play_table(seed=3, pause=0)
print(t.hand.model_id)
"""


@pytest.fixture(scope="module")
def kernel() -> Iterator[Any]:
    jupyter_client = pytest.importorskip("jupyter_client")
    km, kc = jupyter_client.manager.start_new_kernel(kernel_name="python3")
    try:
        yield kc
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def run(kc: Any, code: str) -> str:
    """Run ``code``; its standard output."""
    msg_id = kc.execute(code)
    out = []
    while True:
        msg = kc.get_iopub_msg(timeout=60)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        if msg["msg_type"] == "stream" and msg["content"]["name"] == "stdout":
            out.append(msg["content"]["text"])
        if msg["msg_type"] == "error":
            raise AssertionError("\n".join(msg["content"]["traceback"]))
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return "".join(out)


def send_comm(kc: Any, comm_id: str, data: dict[str, Any]) -> list[dict[str, Any]]:
    """Send a widget message as the page does; every iopub message it caused."""
    msg = kc.session.msg("comm_msg", {"comm_id": comm_id, "data": data})
    kc.shell_channel.send(msg)
    seen = []
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            reply = kc.get_iopub_msg(timeout=1)
        except queue.Empty:
            continue
        if reply["parent_header"].get("msg_id") != msg["header"]["msg_id"]:
            continue
        seen.append(reply)
        if reply["msg_type"] == "status" and reply["content"]["execution_state"] == "idle":
            break
    return seen


def leaked(messages: list[dict[str, Any]]) -> list[str]:
    """Texts sent to the page that look like a traceback or name a server file."""
    out = []
    for m in messages:
        text = str(m["content"])
        if m["msg_type"] == "error" or "Traceback" in text or ".py" in text:
            out.append(text[:300])
    return out


@pytest.mark.parametrize(
    "data",
    [
        {"method": "update", "state": {"selected": 5}},  # a number for a text trait
        {"method": "update", "state": {"cards": "nonsense"}},
        {"method": "update"},  # no state at all
        {"method": "custom", "content": {"event": "reorder", "order": [1, 2, 3]}},
        {"method": "custom", "content": {"event": "reorder", "order": list(range(10))}},
        {"method": "custom", "content": {"event": "activate", "card": {"x": 1}}},
        {"method": "custom", "content": ["not", "a", "dict"]},
    ],
)
def test_a_bad_widget_message_sends_no_traceback_and_the_kernel_keeps_working(
    kernel: Any, data: dict[str, Any]
) -> None:
    comm_id = run(kernel, SETUP).strip()
    messages = send_comm(kernel, comm_id, data)
    assert leaked(messages) == []
    error = run(kernel, "print(t.coach.error)").strip()
    assert error or data == {"method": "update"}  # one sentence for the learner
    assert "\n" not in error and "Traceback" not in error and ".py" not in error
    assert run(kernel, "print(1 + 1)").strip() == "2"  # the kernel keeps working


def test_a_failing_callback_is_logged_and_the_learner_gets_one_sentence(kernel: Any) -> None:
    setup = SETUP + "\nt.hand.on_select(lambda code: 1 / 0)\n"
    comm_id = run(kernel, setup).strip().splitlines()[-1]
    code = run(kernel, "print(t.hand.codes[0])").strip()
    messages = send_comm(kernel, comm_id, {"method": "update", "state": {"selected": code}})
    assert leaked(messages) == []
    assert run(kernel, "print(t.coach.error)").strip() == LEARNER_SENTENCE


def test_a_refused_update_is_sent_back_with_the_kernels_value(kernel: Any) -> None:
    """Issue 22: ipywidgets echoes an update to the page before the kernel checks it. When
    the kernel refuses it (``records:"notadict"`` for the progress store), it sends its
    own value back, so the page shows (and stores) what the kernel holds."""
    setup = (
        "from gin.ui.lessons.progress import Progress\n"
        "p = Progress()\n"
        "p.record('classic', 'sets', right=True, first_try=True, streak=1)\n"
        "print(p.model_id)\n"
    )
    comm_id = run(kernel, setup).strip().splitlines()[-1]
    messages = send_comm(kernel, comm_id, {"method": "update", "state": {"records": "notadict"}})
    assert leaked(messages) == []
    updates = [
        m["content"]["data"]["state"]
        for m in messages
        if m["msg_type"] == "comm_msg" and m["content"]["data"].get("method") == "update"
    ]
    assert updates and updates[-1]["records"]["classic"]["sets"]["answered"] == 1
    assert run(kernel, "print(type(p.records).__name__, p.state('classic', 'sets'))").split() == [
        "dict",
        "started",
    ]
