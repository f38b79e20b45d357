"""Tests of the static site (Voici + Pyodide): built by ``static/build.py``.

A package, so that its ``conftest.py`` does not shadow ``tests/conftest.py``.
``site_harness`` is also registered as a top-level module name, as ``voila_harness`` is.
"""

import sys

from . import site_harness

sys.modules.setdefault("site_harness", site_harness)
