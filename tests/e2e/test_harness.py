"""Smoke test of the browser harness itself, on a generated throw-away notebook."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import nbformat
import pytest

from .voila_harness import collect_errors, open_lesson, run_voila

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

WIDGET_CELL = """\
import ipywidgets as w
button = w.Button(description="Deal")
label = w.Label(value="waiting")

def on_click(_):
    label.value = "dealt ♠"

button.on_click(on_click)
w.VBox([button, label])
"""

BOOM_CELL = """\
boom = w.Button(description="Boom")

def explode(_):
    raise RuntimeError("callback exploded")

boom.on_click(explode)
boom
"""


def _write_notebook(path: Path, *sources: str) -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.cells = [nbformat.v4.new_markdown_cell("# Harness smoke")] + [
        nbformat.v4.new_code_cell(s) for s in sources
    ]
    nbformat.write(nb, path)


@pytest.fixture(scope="module")
def smoke_server(tmp_path_factory: pytest.TempPathFactory, chromium_path: str) -> Iterator[str]:
    root = tmp_path_factory.mktemp("smoke_nb")
    _write_notebook(root / "widgets.ipynb", WIDGET_CELL, BOOM_CELL)
    _write_notebook(root / "broken.ipynb", "print('before')", "1 / 0", "print('after')")
    with run_voila(root, cwd=root, log_path=root.parent / "smoke_voila.log") as server:
        yield server.base_url


def test_button_click_updates_label(page: Page, smoke_server: str) -> None:
    log = open_lesson(page, smoke_server, "widgets.ipynb")
    assert collect_errors(page, log) == []
    label = page.locator(".widget-label", has_text="waiting")
    assert label.is_visible()
    page.get_by_role("button", name="Deal").click()
    page.locator(".widget-label", has_text="dealt ♠").wait_for(timeout=30_000)

    # An exception in a widget callback shows nowhere on the page; the harness
    # still sees it on the kernel websocket.
    page.get_by_role("button", name="Boom").click()
    for _ in range(300):
        if log.kernel_errors:
            break
        page.wait_for_timeout(100)
    assert any("RuntimeError: callback exploded" in e for e in log.kernel_errors), log


def test_cell_error_is_reported(page: Page, smoke_server: str) -> None:
    log = open_lesson(page, smoke_server, "broken.ipynb")
    errors = collect_errors(page, log)
    assert len(errors) == 1, errors
    assert "There was an error when executing cell" in errors[0]
