"""The school's JupyterHub configuration (deploy/jupyterhub/) against its chart.

Rules checked: config.yaml, merged over the pinned chart's defaults as helm merges values,
is valid for the pinned chart's values schema (vendored with its licence), and a mistyped
setting is not (the check bites); the chart version is pinned in one place and the helm
command uses it; the config gives what a school needs: the lessons' Start here as the
landing page, memory from the benchmarks, idle culling with a maximum age, placeholder
pods, the class store's address from a Kubernetes secret, and the tutor's server extension.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import yaml

DEPLOY = Path(__file__).resolve().parent.parent / "deploy" / "jupyterhub"


def merged(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """``over`` merged into ``base`` as helm merges values (maps key by key, a null
    deletes, anything else replaces)."""
    out = dict(base)
    for key, value in over.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merged(out[key], value)
        else:
            out[key] = value
    return out


def problems(config: dict[str, Any]) -> list[str]:
    schema = json.loads((DEPLOY / "values.schema.json").read_text())
    defaults = yaml.safe_load((DEPLOY / "chart-values.yaml").read_text())
    validator = jsonschema.Draft7Validator(schema)
    return [f"{list(e.path)}: {e.message}" for e in validator.iter_errors(merged(defaults, config))]


def config() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((DEPLOY / "config.yaml").read_text())
    return loaded


def test_the_config_is_valid_for_the_pinned_charts_schema() -> None:
    assert problems(config()) == []


def test_a_mistyped_setting_is_refused_by_the_schema() -> None:
    wrong = config()
    wrong["singleuser"]["memroy"] = {"limit": "1G"}
    assert any("memroy" in p for p in problems(wrong))
    wrong = config()
    wrong["cull"]["maxAge"] = "four hours"
    assert problems(wrong)


def test_the_chart_version_is_pinned_once_with_the_schemas_source_and_licence() -> None:
    chart = json.loads((DEPLOY / "chart.json").read_text())
    assert chart["chart"] == "jupyterhub" and chart["version"].count(".") == 2
    text = (DEPLOY / "config.yaml").read_text()
    assert f"--version {chart['version']}" in text
    assert "BSD 3-Clause" in (DEPLOY / "LICENSE-z2jh").read_text()
    assert "3101c5c4" in chart["schemaSource"]


def test_the_config_gives_a_school_what_it_needs() -> None:
    c = config()
    user = c["singleuser"]
    assert user["defaultUrl"] == "/voila/render/notebooks/00_start_here.ipynb"
    guarantee, limit = (int(user["memory"][k].rstrip("M")) for k in ("guarantee", "limit"))
    kernel_mb, server_mb = 126, 147  # docs/BENCHMARKS.md: a lesson's kernel after playing,
    # Voilà's server with ten learners ("Learners in Chromium")
    assert guarantee >= server_mb + 2 * kernel_mb and limit >= server_mb + 4 * kernel_mb
    assert guarantee < limit
    assert c["cull"]["enabled"] and c["cull"]["maxAge"] > c["cull"]["timeout"] > 0
    assert c["scheduling"]["userPlaceholder"]["enabled"]
    assert c["scheduling"]["userPlaceholder"]["replicas"] >= 1
    secret = user["extraEnv"]["GIN_CLASS_DB"]["valueFrom"]["secretKeyRef"]
    assert secret == {"name": "gin-class-store", "key": "url"}
    extensions = user["extraFiles"]["gin-class"]["data"]["ServerApp"]["jpserver_extensions"]
    assert extensions["gin.ui.classroom.hub"] is True and extensions["jupyterlab"] is False


def test_the_hubs_image_installs_the_school_extra() -> None:
    """Issue 32: the hub runs the image Binder builds from binder/, and its kernels record
    into PostgreSQL (GIN_CLASS_DB from the secret): binder/requirements.txt installs the
    project with the ``school`` extra (psycopg), which pyproject.toml defines.
    (tests/test_binder.py builds that image's environment and records into a real server.)"""
    import tomllib

    root = DEPLOY.parent.parent
    lines = [
        line.split("#")[0].strip()
        for line in (root / "binder" / "requirements.txt").read_text().splitlines()
    ]
    assert "-e .[school]" in lines
    extras = tomllib.loads((root / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    assert any(dep.startswith("psycopg") for dep in extras["school"])
    assert config()["singleuser"]["extraEnv"]["GIN_CLASS_DB"]["valueFrom"]["secretKeyRef"]
