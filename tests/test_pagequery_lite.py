"""gin.ui.page.pagequery_lite: the page's query string where the kernel runs in the browser.

In the browser the static site's page script hands Pyodide the query string as
``QUERY_STRING`` (checked in a real browser by tests/static); here the platform is faked.
"""

from __future__ import annotations

import pytest

from gin.ui.page import pagequery_lite


def test_outside_the_browser_there_is_no_static_page_query(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("QUERY_STRING", "seed=7")
    assert not pagequery_lite.in_browser()
    assert pagequery_lite.static_page_query() is None


def test_in_the_browser_the_query_string_is_the_environment_variable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pagequery_lite.sys, "platform", "emscripten")
    monkeypatch.setenv("QUERY_STRING", "seed=7&lang=fr")
    assert pagequery_lite.static_page_query() == "seed=7&lang=fr"
    monkeypatch.delenv("QUERY_STRING")
    assert pagequery_lite.static_page_query() == ""
