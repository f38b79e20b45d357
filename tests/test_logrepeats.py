"""Issue 33: a repeated websocket error is logged once, with a count.

A page gone while its kernel still sends made the server write to a closed websocket for
every message: pyzmq logged each ``WebSocketClosedError`` with its traceback on
``tornado.general`` (and asyncio once more), and a probe's session grew the log to 3.5 MB.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator

import pytest
from tornado.log import gen_log
from tornado.websocket import WebSocketClosedError

from gin.ui.page.logrepeats import RepeatsCollapsed, install


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def kept() -> Iterator[Kept]:
    handler = Kept()
    logger = logging.getLogger("tornado.general")
    logger.addHandler(handler)
    before = list(logger.filters)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.filters[:] = before


def write_to_a_closed_websocket() -> None:
    """What jupyter_server's ``_on_zmq_reply`` does when the page has gone, as pyzmq's
    stream callback logs it."""
    try:
        raise WebSocketClosedError()
    except WebSocketClosedError:
        gen_log.error("Uncaught exception in ZMQStream callback", exc_info=True)


def test_five_hundred_closed_websocket_tracebacks_are_logged_once_with_a_count(
    kept: Kept,
) -> None:
    clock = Clock()
    collapse = install(window=60)
    collapse.clock = clock
    for _ in range(500):
        write_to_a_closed_websocket()
    assert len(kept.records) == 1 and kept.records[0].exc_info is not None
    clock.now += 61
    assert collapse.flush() == 1
    assert len(kept.records) == 2
    summary = kept.records[1].getMessage()
    assert "499 more times" in summary and "ZMQStream callback" in summary
    assert kept.records[1].exc_info is None  # the count, not the traceback again
    assert collapse.flush() == 0  # said once
    write_to_a_closed_websocket()  # after the window: logged again, in full
    assert len(kept.records) == 3 and kept.records[2].exc_info is not None


def test_a_different_error_is_still_logged(kept: Kept) -> None:
    collapse = install(window=60)
    collapse.clock = Clock()
    write_to_a_closed_websocket()
    try:
        raise KeyError("k")
    except KeyError:
        gen_log.error("Uncaught exception in ZMQStream callback", exc_info=True)
    gen_log.warning("zmq message arrived on closed channel")
    gen_log.warning("kernel %s restarted", "a1")
    gen_log.warning("kernel %s restarted", "b2")  # another kernel: news
    gen_log.warning("kernel %s restarted", "b2")  # the same again: held back
    assert len(kept.records) == 5


def test_information_is_never_held_back() -> None:
    """A kernel started is news each time (the rush test counts them in the log)."""
    collapse = RepeatsCollapsed(60, clock=Clock())
    records = [
        logging.LogRecord("TutorApp", logging.INFO, "f.py", 1, "Kernel started: %s", ("k",), None)
        for _ in range(3)
    ]
    assert all(collapse.filter(r) for r in records)


def test_the_count_is_said_by_the_event_loop_when_the_repeats_stop(kept: Kept) -> None:
    """Without a later record of the kind, the count still comes: the filter asks the
    running loop to say it when the window is over."""
    collapse = install(window=0.05)

    async def flood() -> None:
        for _ in range(20):
            write_to_a_closed_websocket()
        await asyncio.sleep(0.3)

    asyncio.run(flood())
    assert collapse is not None
    messages = [r.getMessage() for r in kept.records]
    assert len(messages) == 2 and "19 more times" in messages[1]


def test_the_app_puts_the_filter_on_its_log_and_the_websocket_loggers() -> None:
    from gin.ui.page.logrepeats import NOISY_LOGGERS

    app_log = logging.getLogger("TutorAppTest")
    try:
        collapse = install(app_log)
        for name in NOISY_LOGGERS:
            assert any(isinstance(f, RepeatsCollapsed) for f in logging.getLogger(name).filters)
        assert collapse in app_log.filters
        install(app_log)
        assert sum(isinstance(f, RepeatsCollapsed) for f in app_log.filters) == 1
    finally:
        for logger in [app_log, *(logging.getLogger(n) for n in NOISY_LOGGERS)]:
            logger.filters[:] = [f for f in logger.filters if not isinstance(f, RepeatsCollapsed)]


def test_a_message_for_a_page_gone_is_dropped_without_a_traceback() -> None:
    """The source of the flood: the kernel websocket written to once closed. The app's
    websocket handler drops the message with one warning (collapsed with its repeats)
    instead of raising ``WebSocketClosedError`` into pyzmq's callback."""
    from gin.ui.page.connectwatch import ConnectedWebsocketHandler

    handler = ConnectedWebsocketHandler.__new__(ConnectedWebsocketHandler)
    handler.ws_connection = None  # closed
    handler.kernel_id = "k1"
    kept = Kept()
    log = logging.getLogger("gin-test-websocket")
    log.addHandler(kept)
    type(handler).log = log  # type: ignore[assignment,misc]
    try:
        assert handler.write_message('{"channel": "iopub"}') is None
        assert handler.write_message({"header": {"msg_type": "status"}}) is None
    finally:
        del type(handler).log
    assert len(kept.records) == 2 and kept.records[0].exc_info is None
    assert "dropped" in kept.records[0].getMessage()
