"""End-to-end browser tests.

A package, so that pytest imports ``tests/e2e/conftest.py`` as ``e2e.conftest`` and it
does not shadow ``tests/conftest.py`` (which tests import as ``conftest``).

``voila_harness`` is also registered as a top-level module name, so test modules may
write either ``from voila_harness import ...`` or ``from e2e.voila_harness import ...``
and get the same module object.
"""

import sys

from . import voila_harness

sys.modules.setdefault("voila_harness", voila_harness)
