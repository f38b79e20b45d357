"""The local JupyterHub trial: a throwaway PostgreSQL class store and JupyterHub on this
machine, configured as deploy/jupyterhub/config.yaml configures it on Kubernetes
(local_config.py). ``make hub-trial`` runs it until Ctrl-C: log in at the address printed,
as ``teacher`` (the teacher page: ``/user/teacher/class/mine``) or as any learner's name,
with the password ``trial``. tests/e2e/test_hub_e2e.py runs the same hub.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(REPO))

from benchmarks.pg_cluster import free_port, running_cluster, why_not  # noqa: E402

PASSWORD = "trial"
START_TIMEOUT_S = 120.0


@contextlib.contextmanager
def running_hub(class_db: str, state: Path, log_path: Path) -> Iterator[str]:
    """JupyterHub with the trial's configuration; yields its public address."""
    port = free_port()
    env = {
        **os.environ,
        "GIN_HUB_STATE": str(state),
        "GIN_HUB_PORT": str(port),
        "GIN_HUB_API_PORT": str(free_port()),
        "GIN_PROXY_API_PORT": str(free_port()),
        "GIN_CLASS_DB": class_db,
        "GIN_HUB_PASSWORD": PASSWORD,
        "PYTHONPATH": str(REPO),
    }
    with log_path.open("wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(HERE / "local_config.py")],
            cwd=state, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"the hub exited ({proc.returncode}): see {log_path}")
            try:
                with urllib.request.urlopen(f"{base}/hub/health", timeout=5):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"the hub did not answer: see {log_path}") from None
                time.sleep(0.5)
        yield base
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)  # the hub stops the users' servers and its proxy
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)


def main() -> None:
    """Run the trial until Ctrl-C."""
    why = why_not()
    if why:
        raise SystemExit(f"no PostgreSQL here: {why}")
    with tempfile.TemporaryDirectory(prefix="gin-hub-") as tmp, running_cluster() as cluster:
        state = Path(tmp)
        with running_hub(cluster.database(), state, state / "hub.log") as base:
            print(f">>> JupyterHub: {base}/hub/login (password: {PASSWORD}); log {state}/hub.log")
            print(f">>> the teacher: log in as 'teacher', then open {base}/user/teacher/class/mine")
            with contextlib.suppress(KeyboardInterrupt):
                while True:
                    time.sleep(3600)


if __name__ == "__main__":
    main()
