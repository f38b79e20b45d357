"""A throwaway PostgreSQL cluster for the tests, from Debian's ``postgresql`` package.

``initdb`` in a temporary folder, ``pg_ctl`` on a free port of 127.0.0.1 (as the user
``postgres`` when the tests run as root, which PostgreSQL requires), trust authentication
for local connections only; every test gets a database of its own (:meth:`Cluster.database`).
Where PostgreSQL or psycopg can't be had, :func:`cluster_or_skip` skips with a loud message
(``make install-test`` installs both; ``.ci/run`` runs these tests).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

PG_BIN_DIRS = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
"""Debian's PostgreSQL binaries (the newest version first)."""

SKIP_MESSAGE = (
    "!!! PostgreSQL TESTS SKIPPED: {why}. Install Debian's postgresql and the school extra "
    "(make install-test does both as root) to run them."
)


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """A running PostgreSQL cluster on ``port`` (its data in ``folder``)."""

    def __init__(self, bin_dir: Path, folder: Path) -> None:
        self.bin_dir = bin_dir
        self.folder = folder
        self.data = folder / "data"
        self.port = free_port()
        self.as_postgres = os.geteuid() == 0

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        command = [str(self.bin_dir / args[0]), *args[1:]]
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        return subprocess.run(command, check=check, capture_output=True, text=True, timeout=120)

    def init(self) -> None:
        """``initdb``: a new cluster, trusting local connections."""
        if self.as_postgres:
            shutil.chown(self.folder, "postgres")
            self.folder.chmod(0o700)
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8")

    def start(self) -> None:
        """``pg_ctl start`` on :attr:`port`, waiting until it answers."""
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.folder}"
            " -c fsync=off -c max_connections=200"
        )
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"), "-w", "-t", "60",
            "-o", options, "start",
        )

    def stop(self, mode: str = "fast") -> None:
        """``pg_ctl stop`` (``immediate``: as a crash)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop", check=False)

    def restart(self, down_s: float = 0.0) -> None:
        """Stop the server (fast), stay down ``down_s`` seconds, start it again."""
        self.stop()
        time.sleep(down_s)
        self.start()

    def url(self, database: str = "postgres") -> str:
        """The address of ``database``."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def database(self) -> str:
        """A new empty database; returns its address."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)


def _why_not() -> str | None:
    if not PG_BIN_DIRS:
        return "no PostgreSQL server under /usr/lib/postgresql"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "runuser is missing"
    return None


def start_cluster() -> Iterator[Cluster]:
    """A cluster for the session (stopped and deleted at its end), or a loud skip."""
    why = _why_not()
    if why:
        print("\n" + SKIP_MESSAGE.format(why=why), file=sys.stderr)
        pytest.skip(SKIP_MESSAGE.format(why=why))
    folder = Path(tempfile.mkdtemp(prefix="gin-pg-"))
    cluster = Cluster(PG_BIN_DIRS[0], folder)
    try:
        cluster.init()
        cluster.start()
    except (subprocess.SubprocessError, OSError) as exc:
        shutil.rmtree(folder, ignore_errors=True)
        detail = getattr(exc, "stderr", "") or str(exc)
        why = f"the cluster did not start ({detail.strip()[-300:]})"
        print("\n" + SKIP_MESSAGE.format(why=why), file=sys.stderr)
        pytest.skip(SKIP_MESSAGE.format(why=why))
    try:
        yield cluster
    finally:
        cluster.stop("immediate")
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """The session's PostgreSQL cluster (skipped loudly where there is none)."""
    yield from start_cluster()


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> str:
    """The address of a new, empty database of the session's cluster."""
    return pg_cluster.database()


@pytest.fixture
def own_cluster() -> Iterator[Cluster]:
    """A cluster of the test's own (for a test that restarts or kills the server)."""
    yield from start_cluster()
