"""A class through two app servers on one PostgreSQL store loses no event (issue 32).

Rules checked: learners who join through either of two tutor servers sharing one database,
each answering in their own kernel as a page does (benchmarks/school_load.py, the
``make class-load`` run through two servers), have every answer that got a verdict stored
once, and the teacher's reads return every one of them; the page's copy of the widgets
(:class:`benchmarks.remote_learner.WidgetMirror`) follows the kernel's messages. No timing
is asserted.
"""

from __future__ import annotations

import pytest

from benchmarks.remote_learner import WidgetMirror


def test_the_pages_copy_of_the_widgets_follows_the_kernels_messages() -> None:
    mirror = WidgetMirror()
    mirror.take(
        {
            "msg_type": "comm_msg",
            "content": {
                "comm_id": "control",
                "data": {
                    "method": "update_states",
                    "states": {"a": {"state": {"_dom_classes": ["gin-answer-points"]}}},
                },
            },
        }
    )
    assert mirror.find("gin-answer-points") == "a"
    mirror.take(
        {
            "msg_type": "comm_open",
            "content": {"comm_id": "b", "target_name": "jupyter.widget", "data": {"state": {}}},
        }
    )
    mirror.take(
        {
            "msg_type": "comm_msg",
            "content": {
                "comm_id": "b",
                "data": {"method": "update", "state": {"_dom_classes": ["gin-answer-points"]}},
            },
        }
    )
    assert mirror.find("gin-answer-points") == "b"  # the newest box: the new question's
    mirror.take({"msg_type": "comm_close", "content": {"comm_id": "b"}})
    mirror.take({"msg_type": "comm_close", "content": {"comm_id": "a"}})
    with pytest.raises(LookupError):
        mirror.find("gin-answer-points")


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_learners_through_two_app_servers_on_one_database_lose_no_event(pg_url: str) -> None:
    from benchmarks.school_load import run_school

    result = run_school(pg_url, learners=4, seconds=8.0)
    assert result.per_server == [2, 2]
    assert result.answered >= 4  # every learner answered at least once
    assert result.stored == result.answered
    assert len(result.lag_ms) == result.stored  # the teacher's reads returned every event
