"""The GitHub Pages workflow: valid YAML that builds the static site and publishes it.

It cannot run here (no GitHub); this checks its syntax and that it publishes what
``make static`` builds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

WORKFLOW = Path(__file__).resolve().parents[1] / ".github" / "workflows" / "pages.yml"


def load() -> dict[Any, Any]:
    data = yaml.safe_load(WORKFLOW.read_text())
    assert isinstance(data, dict)
    return data


def test_the_workflow_is_valid_yaml_with_jobs() -> None:
    data = load()
    # YAML 1.1 reads the key `on` as True.
    assert "push" in data.get("on", data.get(True, {}))
    assert set(data["jobs"]) == {"build", "deploy"}
    assert data["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}


def test_the_workflow_builds_with_make_static_and_publishes_build_static() -> None:
    build = load()["jobs"]["build"]["steps"]
    assert any(step.get("run") == "make static" for step in build)
    upload = next(s for s in build if str(s.get("uses", "")).startswith("actions/upload-pages"))
    assert upload["with"]["path"] == "build/static"
    deploy = load()["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert deploy["steps"][0]["uses"].startswith("actions/deploy-pages@")
