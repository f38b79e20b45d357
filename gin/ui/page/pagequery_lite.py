"""The page's query string in the static site, where the kernel runs in the browser.

In Voilà the server hands the kernel the page's query string as the environment variable
``QUERY_STRING``. In the static site (Voici, Pyodide) there is no server: the kernel is a
Web Worker that cannot see the page's address. The site's ``static/page.js`` reads the
address in the page before Voici starts the kernel and passes the query string to Pyodide
as the same environment variable (``loadPyodideOptions.env``), so the same code reads it
in both: ``os.environ.get("QUERY_STRING", "")``.
"""

from __future__ import annotations

import os
import sys


def in_browser() -> bool:
    """True when Python runs in the browser (Pyodide), as in the static site."""
    return sys.platform == "emscripten"


def static_page_query() -> str | None:
    """The page's query string without ``?`` (``"seed=7"``) in the static site, ``""`` if
    the address has none; ``None`` outside the browser (ask Voilà's ``QUERY_STRING``)."""
    if not in_browser():
        return None
    return os.environ.get("QUERY_STRING", "")


__all__ = ["in_browser", "static_page_query"]
