"""Processes that use the class store at once, as learners' kernels on many machines do
(run by tests/test_store_backends.py: ``python tests/store_workers.py COMMAND ...``).

- ``write ADDRESS CODE TOKEN COUNT``: record COUNT events, one transaction each;
- ``join ADDRESS CODE NICKNAME AT``: wait until the time AT (seconds since the epoch), join
  the class as NICKNAME, print the name given;
- ``hold ADDRESS CODE TOKEN COUNT``: record COUNT events (printing how many are committed),
  then start one more and stop inside its transaction, printing ``holding``, for ever (the
  test kills it there).
"""

from __future__ import annotations

import sys
import time

from gin.ui.classroom.store import Event, open_store


def main(argv: list[str]) -> None:
    command, address, code = argv[:3]
    store = open_store(address)
    if command == "write":
        token, count = argv[3], int(argv[4])
        for i in range(count):
            store.record(code, token, Event("answer", level="sets", right=i % 2 == 0))
        print("done", flush=True)
    elif command == "join":
        nickname, at = argv[3], float(argv[4])
        time.sleep(max(0.0, at - time.time()))
        print(store.join(code, nickname, token=f"tok-{time.time_ns()}-{id(store)}").nickname)
    elif command == "hold":
        token, count = argv[3], int(argv[4])
        for i in range(count):
            store.record(code, token, Event("hint", level="sets"))
            print(i + 1, flush=True)

        def hold() -> None:
            print("holding", flush=True)
            time.sleep(3600)

        store._before_commit = hold  # type: ignore[method-assign]
        store.record(code, token, Event("hint", level="sets"))
    else:
        raise SystemExit(f"unknown command {command}")


if __name__ == "__main__":
    main(sys.argv[1:])
