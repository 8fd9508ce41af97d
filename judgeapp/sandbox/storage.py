"""How much the database stores, for the sandbox's site-wide bound (settings.SANDBOX_MAX_DATABASE_BYTES).

Read at every new board and every new point of a history, so it must cost next to nothing: the file's
size for SQLite (with its write-ahead log), the server's own figure for PostgreSQL, and either kept for
a few seconds."""
from __future__ import annotations

import os
import threading
import time

from django.db import connection

CACHE_SECONDS = 5.0
_cached: dict[str, float] = {}
_lock = threading.Lock()


def database_bytes() -> int:
    """The database's size in bytes (at most CACHE_SECONDS old)."""
    now = time.monotonic()
    with _lock:
        if _cached and now - _cached["at"] < CACHE_SECONDS:
            return int(_cached["bytes"])
    if connection.vendor == "sqlite":
        name = str(connection.settings_dict["NAME"])
        size = sum(os.path.getsize(path) for path in (name, name + "-wal") if os.path.exists(path))
    elif connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_database_size(current_database())")
            size = cursor.fetchone()[0]
    else:
        size = 0
    with _lock:
        _cached.update(at=now, bytes=size)
    return size


def forget() -> None:
    """Read the size again at the next call (tests)."""
    with _lock:
        _cached.clear()
