"""axe-core in the browser tests: the WCAG 2.2 A and AA rules run on a page.

axe-core is the npm package ``axe-core`` (:data:`AXE_VERSION`), fetched like the static
site's npm inputs: ``npm pack`` into ``build/axe/`` (``make install-test`` does it; a test
does it too when the package is missing and npm is there). Nothing is loaded from a CDN:
the script is read here and evaluated in the page.
"""

from __future__ import annotations

import shutil
import subprocess
import tarfile
from functools import cache
from typing import TYPE_CHECKING, Any

import pytest
from voila_harness import REPO_ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Page

AXE_VERSION = "4.14.1"
AXE_DIR = REPO_ROOT / "build" / "axe"
AXE_TGZ = AXE_DIR / f"axe-core-{AXE_VERSION}.tgz"
WCAG_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa")
"""The rules run: WCAG 2.0, 2.1 and 2.2, levels A and AA."""

_RUN = """async (tags) => {
  const r = await axe.run(document, {runOnly: {type: 'tag', values: tags}});
  return r.violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(
    n => n.target.join(' ') + ' :: '
      + (n.failureSummary || '').split('\\n').slice(0, 3).join(' '))}));
}"""


@cache
def axe_script() -> str:
    """The source of ``axe.min.js``, fetched from npm into ``build/axe/`` when missing.
    Skips (loudly) when it is missing and npm is not there."""
    if not AXE_TGZ.exists():
        if shutil.which("npm") is None:
            pytest.skip(f"axe-core {AXE_VERSION} not in {AXE_DIR}, no npm: make install-test")
        AXE_DIR.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["npm", "pack", "--silent", f"axe-core@{AXE_VERSION}"], cwd=AXE_DIR, check=True
        )
    with tarfile.open(AXE_TGZ) as tf:
        member = tf.extractfile("package/axe.min.js")
        assert member is not None
        return member.read().decode("utf-8")


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """The WCAG A/AA violations axe-core finds on the page as it is now."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_script())
    found: list[dict[str, Any]] = page.evaluate(_RUN, list(WCAG_TAGS))
    return found


def describe(where: str, violations: list[dict[str, Any]]) -> list[str]:
    """One line per violated rule: where, the rule, and its first nodes."""
    return [f"{where}: {v['id']} ({v['impact']}) on {v['nodes'][:3]}" for v in violations]


__all__ = ["AXE_VERSION", "WCAG_TAGS", "axe_script", "axe_violations", "describe"]
