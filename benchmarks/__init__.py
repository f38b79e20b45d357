"""Benchmarks that write ``docs/BENCHMARKS.md``.

Run them with ``python -m benchmarks`` (every section) or ``python -m benchmarks --only
engine``. Each section is a module with ``run() -> str`` returning Markdown; the sections
are registered in :data:`benchmarks.__main__.SECTIONS`. Each one owns the part of
``docs/BENCHMARKS.md`` between ``<!-- name:start -->`` and ``<!-- name:end -->``, so the
sections can be rerun separately without touching each other.

The helpers here are shared by the sections: :func:`machine_line` describes where the
figures were measured, :func:`best_of` times a function, :func:`replace_section` edits
the Markdown file.
"""

from __future__ import annotations

import datetime
import os
import platform
import time
from collections.abc import Callable

__all__ = ["best_of", "machine_line", "replace_section", "section_head", "table"]


def machine_line() -> str:
    """One line naming the machine, the Python version, the load and the date (UTC)."""
    try:
        load = f"load average {os.getloadavg()[0]:.1f}"
    except OSError:  # pragma: no cover - not on every platform
        load = "load average unknown"
    nproc = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    date = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    return (
        f"Measured on {platform.machine()} with {nproc} CPU core(s) ({load} at the start), "
        f"{platform.python_implementation()} {platform.python_version()}, {date}."
    )


def section_head(heading: str, measures: str) -> list[str]:
    """A section's first lines: its Markdown ``heading``, the :func:`machine_line` and the
    paragraph saying what it ``measures``."""
    return [heading, "", machine_line(), "", measures, ""]


def best_of(repeats: int, fn: Callable[[int], int]) -> float:
    """The least time per operation over ``repeats`` runs, in seconds.

    ``fn(r)`` does the r-th run and returns how many operations it performed. Taking the
    best run filters out the noise of a shared machine.
    """
    best = float("inf")
    for r in range(repeats):
        start = time.perf_counter()
        n = fn(r)
        elapsed = time.perf_counter() - start
        best = min(best, elapsed / max(n, 1))
    return best


def table(header: list[str], rows: list[list[str]]) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def replace_section(document: str, name: str, body: str) -> str:
    """``document`` with the section ``name`` replaced by ``body`` (appended if absent).

    >>> doc = "# B\\n\\n<!-- a:start -->\\nold\\n<!-- a:end -->\\n"
    >>> print(replace_section(doc, "a", "new"), end="")
    # B
    <BLANKLINE>
    <!-- a:start -->
    new
    <!-- a:end -->
    >>> "<!-- b:start -->" in replace_section(doc, "b", "x")
    True
    """
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    block = f"{start}\n{body.strip()}\n{end}"
    i = document.find(start)
    j = document.find(end, i + len(start)) if i >= 0 else -1
    if i >= 0 and j >= 0:
        return document[:i] + block + document[j + len(end) :]
    if document and not document.endswith("\n"):
        document += "\n"
    return document + ("\n" if document else "") + block + "\n"
