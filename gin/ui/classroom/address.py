"""Where the class store is: an address, and how the app tells its kernels.

The app (:func:`gin.ui.classroom.server.prepare`) puts the store's address in the
environment every kernel it starts inherits: ``GIN_CLASS_DB`` (a ``postgresql://`` or
``sqlite:///`` address), and for a SQLite store also ``GIN_CLASS_DATA`` (its directory, as
before). Nothing here imports a database driver, so a lesson asks whether there is a store
without loading one.

>>> shown_address("postgresql://tutor:s3cret@db.school:5432/gin")
'postgresql://tutor@db.school:5432/gin'
>>> shown_address("/srv/class-data")
'/srv/class-data'
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit

DB_ENV = "GIN_CLASS_DB"
"""The environment variable naming the class store's address (set by the app; a hub's
spawner may set it for each user's server)."""

DATA_ENV = "GIN_CLASS_DATA"
"""The environment variable naming a SQLite store's data directory (set by the app)."""

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:///"


def store_address() -> str | None:
    """The class store's address given to this process, or ``None`` without one (the
    static site, a plain notebook)."""
    return os.environ.get(DB_ENV) or os.environ.get(DATA_ENV) or None


def is_postgres(address: str) -> bool:
    """Whether ``address`` names a PostgreSQL store."""
    return address.startswith(POSTGRES_SCHEMES)


def shown_address(address: str) -> str:
    """``address`` as a sentence may show it: without its password."""
    if "://" not in address:
        return address
    parts = urlsplit(address)
    if parts.password is None:
        return address
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    user = f"{parts.username}@" if parts.username else ""
    return urlunsplit((parts.scheme, user + host, parts.path, parts.query, parts.fragment))


__all__ = ["DATA_ENV", "DB_ENV", "is_postgres", "shown_address", "store_address"]
