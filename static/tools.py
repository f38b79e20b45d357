"""Paths and the command runner shared by the static site's build steps."""

from __future__ import annotations

import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NOTEBOOKS = ROOT / "notebooks"
CACHE = ROOT / "build" / "static-cache"
WORK = ROOT / "build" / "static-work"


def log(msg: str) -> None:
    """Say what the build does."""
    print(f">>> static: {msg}", flush=True)


def run(cmd: list[str], **kw: object) -> None:
    """Run a command (logged), failing the build if it fails."""
    log(" ".join(str(c) for c in cmd))
    subprocess.run(cmd, check=True, **kw)  # type: ignore[call-overload]
