"""The tests' throwaway PostgreSQL cluster (benchmarks/pg_cluster.py) as pytest fixtures.

Where PostgreSQL or psycopg can't be had, the tests that need it are skipped with a loud
message (``make install-test`` installs both as root; ``.ci/run`` runs these tests).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest

from benchmarks.pg_cluster import Cluster, free_port, running_cluster, why_not

SKIP_MESSAGE = (
    "!!! PostgreSQL TESTS SKIPPED: {why}. Install Debian's postgresql and the school extra "
    "(make install-test does both as root) to run them."
)


def _skip(why: str) -> None:
    print("\n" + SKIP_MESSAGE.format(why=why), file=sys.stderr)
    pytest.skip(SKIP_MESSAGE.format(why=why))


def start_cluster() -> Iterator[Cluster]:
    """A cluster for the caller (stopped and deleted at its end), or a loud skip."""
    why = why_not()
    if why:
        _skip(why)
    try:
        with running_cluster() as cluster:
            yield cluster
    except (subprocess.SubprocessError, OSError) as exc:
        detail = getattr(exc, "stderr", "") or str(exc)
        _skip(f"the cluster did not start ({str(detail).strip()[-300:]})")


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
    """A cluster of the test's own (for a test that restarts or stops the server)."""
    yield from start_cluster()


__all__ = ["Cluster", "free_port", "own_cluster", "pg_cluster", "pg_url"]
