"""A Voilà page's first build sends no widget messages (issue 9, ten learners at once):
the page asks for every widget's state when it connects, so the ~370 messages of the play
table's build would only load the server. Later changes are sent as usual, and outside
Voilà nothing changes."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def _kernel(env: dict[str, str]) -> Iterator[Any]:
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3", cwd=str(NOTEBOOKS), env={**os.environ, **env})
    try:
        yield kc
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def _messages(kc: Any, code: str) -> Counter[str]:
    seen: Counter[str] = Counter()

    def hook(msg: dict[str, Any]) -> None:
        kind = msg["msg_type"]
        if kind == "error":
            raise AssertionError("\n".join(msg["content"]["traceback"]))
        seen[kind] += 1

    reply = kc.execute_interactive(code, timeout=120, output_hook=hook)
    assert reply["content"]["status"] == "ok", reply["content"]
    return seen


@pytest.fixture(scope="module")
def voila_kernel() -> Iterator[Any]:
    yield from _kernel({"VOILA_BASE_URL": "/", "QUERY_STRING": "seed=3"})


@pytest.fixture(scope="module")
def lab_kernel() -> Iterator[Any]:
    yield from _kernel({})


def test_the_first_build_in_a_voila_kernel_sends_no_widget_message(voila_kernel: Any) -> None:
    _messages(voila_kernel, "from gin.ui.lessons import play_lesson")
    first = _messages(voila_kernel, "lesson = play_lesson(); lesson")
    assert first["comm_open"] == 0 and first["comm_msg"] == 0
    assert first["execute_result"] == 1  # the page still gets the lesson to display


def test_after_the_first_build_changes_reach_the_page(voila_kernel: Any) -> None:
    """The widgets built unsent are bound to the kernel: a change made later (as a
    click's answer is) is sent, and a second build (a switch of language) is sent whole."""
    change = _messages(
        voila_kernel,
        "lesson.table.coach.add_class('gin-test-change')",
    )
    assert change["comm_msg"] == 1
    again = _messages(voila_kernel, "other = play_lesson()")
    assert again["comm_open"] > 30  # the lesson's own models (the shared ones exist already)


def test_outside_voila_every_widget_message_is_sent(lab_kernel: Any) -> None:
    """JupyterLab and nbval draw widgets from these messages."""
    assert "VOILA_BASE_URL" not in os.environ
    _messages(lab_kernel, "from gin.ui.lessons import play_lesson")
    first = _messages(lab_kernel, "lesson = play_lesson(); lesson")
    assert first["comm_open"] > 40  # every model of the first view (issue 41: about 60)
