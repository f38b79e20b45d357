"""Fixtures for end-to-end browser tests (Voilà + headless Chromium via Playwright).

Fixtures:
    chromium_path   path of the Chromium binary; skips loudly when there is none
    browser         a headless Chromium per test module
    page            a fresh page per test that can reach 127.0.0.1 only
    app_process     a session-wide app server (``gin.ui.page.serve``, as ``make app``) over
                    notebooks/ with the project's voila.json, its pools cut to two
                    kernels (tracebacks shown); yields its ``Server`` (process, log)
    voila_server    that server's base URL (every browser walk shares the one server)

Helpers (import from ``e2e.voila_harness``): ``open_lesson``, ``collect_errors``,
``error_outputs``, ``watch_page``, ``run_voila``.

Every test under tests/e2e is marked ``e2e``.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from .voila_harness import (
    APP_MODULE,
    CHROMIUM_SKIP_REASON,
    NOTEBOOKS_DIR,
    Server,
    chromium_browser,
    find_chromium,
    fresh_page,
    run_voila,
    small_pool_config,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

_HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if _HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.e2e)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    skipped = [
        rep
        for rep in terminalreporter.stats.get("skipped", [])
        if CHROMIUM_SKIP_REASON in str(getattr(rep, "longrepr", ""))
    ]
    if skipped:
        terminalreporter.write_sep("!", "BROWSER TESTS SKIPPED", red=True, bold=True)
        terminalreporter.write_line(
            f"WARNING: {len(skipped)} browser test(s) did not run. {CHROMIUM_SKIP_REASON}",
            red=True,
            bold=True,
        )


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = find_chromium()
    if path is None:
        pytest.skip(CHROMIUM_SKIP_REASON)
    return path


@pytest.fixture(scope="module")
def browser(chromium_path: str) -> Iterator[Browser]:
    """Headless Chromium for one test module (Playwright must not outlive it, see
    ``chromium_browser``)."""
    pytest.importorskip("playwright.sync_api")
    with chromium_browser(chromium_path) as b:
        yield b


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    with fresh_page(browser) as p:
        yield p


@pytest.fixture(scope="session")
def app_process(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The app's server over notebooks/, configured like ``make app`` (its ``voila.json``
    in the folder of its log), for the whole session."""
    if not any(NOTEBOOKS_DIR.glob("*.ipynb")):
        pytest.skip("no notebooks in notebooks/ yet")
    if importlib.util.find_spec("gin") is None:
        pytest.fail("package `gin` is not importable: run `make install-test` first")
    base = tmp_path_factory.mktemp("voila")
    log_path = base / "voila.log"
    with run_voila(
        NOTEBOOKS_DIR,
        cwd=small_pool_config(base),  # the project's voila.json, with pools of 2 at most
        log_path=log_path,
        extra_args=["--VoilaConfiguration.show_tracebacks=True"],
        module=APP_MODULE,
    ) as server:
        yield server


@pytest.fixture(scope="session")
def voila_server(app_process: Server) -> str:
    """Base URL of the session's app server (:func:`app_process`)."""
    return app_process.base_url
