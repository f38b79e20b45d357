"""Fixtures for the static site's tests.

The tests that need the built site (a build, then Pyodide starting in every page: several
minutes on two cores) run under ``make test-static``, which sets ``GIN_STATIC_TESTS=1``
after installing the site's toolchain; ``make test`` skips them and runs the rest.

Fixtures:
    static_site   the site built into a temporary folder, lessons plus the probe notebooks
                  of ``tests/static/notebooks`` (session-wide)
    site_url      its address, served by ``python -m http.server`` on 127.0.0.1
    browser       headless Chromium for a test module
    blocked       the requests to other hosts aborted during a test (must stay empty)
    page          a fresh page (cold cache) that can reach 127.0.0.1 only
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from .site_harness import (
    NO_TOOLCHAIN,
    PROBES,
    STATIC_VENV_PYTHON,
    Blocked,
    build_site,
    chromium_browser,
    find_chromium,
    new_site_page,
    serve,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

_HERE = Path(__file__).resolve().parent
RUN_SITE_TESTS = os.environ.get("GIN_STATIC_TESTS") == "1"
SKIP_REASON = "the static site's tests run under `make test-static` (GIN_STATIC_TESTS=1)"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if _HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.static_site)


@pytest.fixture(scope="session")
def static_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not RUN_SITE_TESTS:
        pytest.skip(SKIP_REASON)
    if not STATIC_VENV_PYTHON.exists():
        pytest.fail(NO_TOOLCHAIN)
    tmp = tmp_path_factory.mktemp("static")
    return build_site(tmp / "site", log_path=tmp / "build.log", contents=[PROBES])


@pytest.fixture(scope="session")
def site_url(static_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(static_site, tmp_path_factory.mktemp("http") / "http.log") as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not RUN_SITE_TESTS:
        pytest.skip(SKIP_REASON)
    path = find_chromium()
    if path is None:
        pytest.fail("Chromium not found at /usr/bin/chromium (make test-static installs it)")
    with chromium_browser(path) as b:
        yield b


@pytest.fixture
def blocked() -> Blocked:
    return Blocked()


@pytest.fixture
def page(browser: Browser, blocked: Blocked) -> Iterator[Page]:
    p = new_site_page(browser, blocked)
    try:
        yield p
    finally:
        p.context.close()
