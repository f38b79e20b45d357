"""A throwaway PostgreSQL cluster from Debian's ``postgresql`` package (the tests' and the
class-load benchmark's database).

``initdb`` in a temporary folder, ``pg_ctl`` on a free port of 127.0.0.1 (as the user
``postgres`` when run as root, which PostgreSQL requires), trust authentication for local
connections only; :meth:`Cluster.database` makes an empty database. :func:`why_not` says why
there can be none here (no server binaries, no psycopg), or ``None``.
"""
from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

PG_BIN_DIRS = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
"""Debian's PostgreSQL binaries (the newest version first)."""


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
        # A fast stop must work (a test then knows the server is down); an immediate one
        # is the clean-up, of a server that may be down already.
        must = mode != "immediate"
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop", check=must)

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


def why_not() -> str | None:
    if not PG_BIN_DIRS:
        return "no PostgreSQL server under /usr/lib/postgresql"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "runuser is missing"
    return None




@contextlib.contextmanager
def running_cluster() -> Iterator[Cluster]:
    """A cluster started in a temporary folder, stopped and deleted at the end."""
    folder = Path(tempfile.mkdtemp(prefix="gin-pg-"))
    cluster = Cluster(PG_BIN_DIRS[0], folder)
    try:
        cluster.init()
        cluster.start()
        yield cluster
    finally:
        cluster.stop("immediate")
        shutil.rmtree(folder, ignore_errors=True)


__all__ = ["PG_BIN_DIRS", "Cluster", "free_port", "running_cluster", "why_not"]
