"""The browser tests' harness (``tests/e2e/voila_harness.py``), for the benchmarks that
drive the app in Chromium: they serve and click the lessons the way the tests do.

>>> from benchmarks.harness import voila_harness
>>> callable(voila_harness.run_voila)
True
"""

from __future__ import annotations

import sys
from pathlib import Path

from benchmarks import section_head

ROOT = Path(__file__).resolve().parent.parent
"""The repository's root."""
for _folder in ("e2e", "static"):
    if str(ROOT / "tests" / _folder) not in sys.path:
        sys.path.insert(0, str(ROOT / "tests" / _folder))

import voila_harness  # noqa: E402

__all__ = ["ROOT", "browser_head", "voila_harness"]


def browser_head(heading: str, measures: str) -> tuple[list[str], str | None]:
    """A section measured in Chromium: its first lines (:func:`benchmarks.section_head`)
    and Chromium's path; without Chromium (``None``) the lines end saying that nothing was
    measured."""
    lines = section_head(heading, measures)
    chromium = voila_harness.find_chromium()
    if chromium is None:
        lines.append("Chromium was not found: nothing measured.")
    return lines, chromium
