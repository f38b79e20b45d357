"""Rebuild the Binder environment from binder/ and check that every lesson renders.

Reproduces what repo2docker does with binder/: a fresh virtualenv, ``pip install -r
binder/requirements.txt`` run from the repository root, then ``binder/postBuild``;
then starts ``jupyter server`` from that venv (the Voilà server extension, as on
Binder) and opens every ``notebooks/*.ipynb`` in headless Chromium at
``/voila/render/notebooks/<name>``.

Slow (a minute or more: it installs JupyterLab & co. into a new venv).
Skip it with ``-m "not slow"``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from e2e.voila_harness import (
    CHROMIUM_SKIP_REASON,
    NOTEBOOKS_DIR,
    REPO_ROOT,
    Server,
    chromium_browser,
    collect_errors,
    find_chromium,
    free_port,
    new_page,
    open_lesson,
    run_server,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.timeout(1800)]

BINDER_DIR = REPO_ROOT / "binder"
NOTEBOOKS = sorted(p.name for p in NOTEBOOKS_DIR.glob("*.ipynb"))
START_URL = "/voila/render/notebooks/00_start_here.ipynb"
PIP_TIMEOUT_S = 1200
SLOW_INSTALL_S = 240


@dataclass
class BinderEnv:
    venv: Path
    home: Path
    env: dict[str, str]
    install_seconds: float


def _say(config: pytest.Config, line: str) -> None:
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    capture = config.pluginmanager.get_plugin("capturemanager")
    if reporter is None:
        return
    if capture is not None:
        with capture.global_and_fixture_disabled():
            reporter.write_line(line)
    else:
        reporter.write_line(line)


def _run(cmd: list[str], *, env: dict[str, str], timeout: float, log: Path) -> None:
    with open(log, "ab") as out:
        out.write(("\n$ " + " ".join(cmd) + "\n").encode())
        out.flush()
        proc = subprocess.run(
            cmd,
            cwd=REPO_ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            timeout=timeout,
            check=False,
        )
    if proc.returncode != 0:
        tail = "\n".join(log.read_text(errors="replace").splitlines()[-40:])
        pytest.fail(f"{cmd[0]} ... exited with {proc.returncode}:\n{tail}")


@pytest.fixture(scope="module")
def binder_env(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[BinderEnv]:
    base = tmp_path_factory.mktemp("binder")  # logs + HOME, kept by pytest for debugging
    home, log = base / "home", base / "build.log"
    home.mkdir()
    # The venv (~0.4 GB, ~20k files) lives outside pytest's retained temp dirs and is
    # removed after the module, so no later pytest run pays for deleting it.
    venv_root = Path(tempfile.mkdtemp(prefix="gin-binder-venv-"))
    venv = venv_root / "venv"

    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER_", "VIRTUAL_ENV"))}
    env.pop("PYTHONPATH", None)
    env.update(
        # Binder's HOME is fresh, but pip may reuse this machine's download cache.
        PIP_CACHE_DIR=os.environ.get("PIP_CACHE_DIR", str(Path.home() / ".cache" / "pip")),
        HOME=str(home),
        VIRTUAL_ENV=str(venv),
        PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}",
        PYTHONUNBUFFERED="1",
    )
    try:
        t0 = time.monotonic()
        _run([sys.executable, "-m", "venv", str(venv)], env=env, timeout=300, log=log)
        _run(
            [
                str(venv / "bin" / "python"),
                "-m",
                "pip",
                "install",
                "--no-compile",  # bytecode is irrelevant here and doubles the file count
                "-r",
                "binder/requirements.txt",
            ],
            env=env,
            timeout=PIP_TIMEOUT_S,
            log=log,
        )
        install_seconds = time.monotonic() - t0
        _say(
            request.config,
            f"\n[binder] venv + pip install -r binder/requirements.txt took "
            f"{install_seconds:.0f} s"
            + (f" (over {SLOW_INSTALL_S} s!)" if install_seconds > SLOW_INSTALL_S else ""),
        )
        _run([str(BINDER_DIR / "postBuild")], env=env, timeout=120, log=log)
        yield BinderEnv(venv=venv, home=home, env=env, install_seconds=install_seconds)
    finally:
        # Deleting ~20k files can take a minute on a busy machine: let `rm` do it
        # in the background rather than hold up the test run.
        subprocess.Popen(
            ["rm", "-rf", str(venv_root)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )


@pytest.fixture(scope="module")
def binder_server(binder_env: BinderEnv) -> Iterator[Server]:
    port = free_port()
    cmd = [
        str(binder_env.venv / "bin" / "jupyter-server"),
        "--no-browser",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.token=",
        "--ServerApp.password=",
        "--ServerApp.allow_root=True",  # CI runs as root
        f"--ServerApp.root_dir={REPO_ROOT}",
    ]
    with run_server(
        cmd,
        cwd=REPO_ROOT,
        port=port,
        log_path=binder_env.home / "jupyter_server.log",
        env=binder_env.env,
        ready_path="/api",
        timeout_s=120,
    ) as server:
        yield server


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def test_binder_server_config(binder_env: BinderEnv, binder_server: Server) -> None:
    config = binder_env.home / ".jupyter" / "jupyter_server_config.json"
    assert config.exists(), "binder/postBuild did not write the server config"

    # The Voilà server extension is loaded and answers.
    with urllib.request.urlopen(binder_server.base_url + "/voila/", timeout=30) as resp:
        assert resp.status == 200

    # The server root redirects to the Start-here lesson (ServerApp.default_url).
    opener = urllib.request.build_opener(_NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as excinfo:
        opener.open(binder_server.base_url + "/", timeout=30)
    assert excinfo.value.code in (301, 302, 303, 307, 308)
    location = urllib.parse.urlsplit(excinfo.value.headers["Location"]).path
    assert location.endswith(START_URL), location


@pytest.fixture(scope="module")
def binder_browser() -> Iterator[Browser]:
    path = find_chromium()
    if path is None:
        pytest.skip(CHROMIUM_SKIP_REASON)
    pytest.importorskip("playwright.sync_api")
    with chromium_browser(path) as browser:
        yield browser


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_lesson_renders_on_binder(
    name: str, binder_server: Server, binder_browser: Browser
) -> None:
    page = new_page(binder_browser)
    try:
        log = open_lesson(page, binder_server.base_url, f"notebooks/{name}")
        errors = collect_errors(page, log)
        assert errors == [], f"{name} rendered with errors:\n" + "\n".join(errors)
    finally:
        page.context.close()


def test_a_lesson_opens_in_the_language_of_its_link_on_binder(
    binder_server: Server, binder_browser: Browser
) -> None:
    """Issue 12: the Binder link accepts ``?lang=`` (here Bulgarian)."""
    page = new_page(binder_browser)
    try:
        log = open_lesson(page, binder_server.base_url, "notebooks/00_start_here.ipynb?lang=bg")
        assert collect_errors(page, log) == []
        page.wait_for_function(
            "() => document.querySelector('.gin-lesson')?.getAttribute('lang') === 'bg'",
            timeout=30_000,
        )
    finally:
        page.context.close()


def test_the_binder_image_records_into_a_schools_postgresql_store(
    binder_env: BinderEnv, pg_url: str
) -> None:
    """A school's hub runs the image Binder builds (deploy/jupyterhub/config.yaml), and its
    kernels record into the class store on PostgreSQL (GIN_CLASS_DB): the image has psycopg
    (the ``school`` extra), and a class made there holds a learner's answer."""
    script = (
        "import sys\n"
        "from gin.ui.classroom.store import Event, open_store\n"
        "store = open_store(sys.argv[1])\n"
        "store.create_class('BINDR1')\n"
        "store.join('BINDR1', 'Ana', token='tok-ana')\n"
        "store.record('BINDR1', 'tok-ana', Event('answer', rules='classic', "
        "level='card-values', right=True, slip='', state='started'))\n"
        "print(type(store).__name__, store.count_events('BINDR1'))\n"
    )
    done = subprocess.run(
        [str(binder_env.venv / "bin" / "python"), "-c", script, pg_url],
        env=binder_env.env,
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    kind, count = done.stdout.split()
    assert "Postgres" in kind, done.stdout
    assert count == "1", done.stdout
