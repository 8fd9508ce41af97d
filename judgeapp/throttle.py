"""Per-client rate limits for writes anyone may make (creating, forking, importing and stepping boards).

Each session has its budget, and every address a larger one
(``RATE_LIMIT_ADDRESS_FACTOR`` times) shared by all its requests: judges behind
one venue address keep separate budgets, and a client that drops its cookies
still meets the address's.  Counts live in a small SQLite file
(``settings.RATE_LIMIT_DB``, under ``var/`` in production) that every worker
and thread of a server shares: one atomic upsert per count (~0.1 ms), where the
file cache took two file renames.  Without it (tests, development) they live in
Django's cache.  Behind several servers each server counts its own clients
(docs/deploy.md).  Limits are ``settings.RATE_LIMITS``: scope -> (requests, seconds).
"""
from __future__ import annotations

import hashlib
import sqlite3
import threading
import time

from django.conf import settings
from django.core.cache import caches

from .write_queue import current_bounds, queue_for


class RateLimited(Exception):
    """Too many requests of one scope from one client: retry after ``retry_after`` seconds."""

    def __init__(self, scope: str, limit: int, window: int, retry_after: int):
        self.scope = scope
        self.retry_after = max(1, retry_after)
        self.message = (f"too many requests: at most {limit} {SCOPE_NAMES.get(scope, scope)} per "
                        f"{_duration(window)}; try again in {_duration(self.retry_after)}")
        super().__init__(self.message)


SCOPE_NAMES = {
    "scenario-create": "new boards", "scenario-fork": "forks", "scenario-import": "imports",
    "scenario-step": "steps and answers",
}


def _duration(seconds: int) -> str:
    if seconds % 3600 == 0:
        return "hour" if seconds == 3600 else f"{seconds // 3600} hours"
    if seconds % 60 == 0:
        return "minute" if seconds == 60 else f"{seconds // 60} minutes"
    return "second" if seconds == 1 else f"{seconds} seconds"


def client_keys(request) -> list[tuple[str, int]]:
    """(bucket, multiple of the limit) for the request's session, if any, and its address; hashed."""
    keys = []
    session_key = getattr(getattr(request, "session", None), "session_key", None)
    if session_key:
        keys.append((f"s:{session_key}", 1))
    keys.append((f"a:{request.META.get('REMOTE_ADDR', '')}", settings.RATE_LIMIT_ADDRESS_FACTOR))
    return [(hashlib.sha256(who.encode()).hexdigest()[:32], factor) for who, factor in keys]


def _cache_count(key: str, window_start: int, window: int) -> int:
    cache = caches[settings.RATE_LIMIT_CACHE]
    key = f"{key}:{window_start}"
    cache.add(key, 0, timeout=window + 5)
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=window + 5)
        return 1


class SQLiteCounters:
    """Windowed counters in one SQLite file, shared by every process that opens it.

    A count is one statement: the row of (key) is reset when its window has
    passed, else incremented, and the new count returned.  Counters need no
    durability (synchronous=OFF); rows of windows long gone are swept now and then.
    """

    SWEEP_EVERY = 1000

    def __init__(self, path: str):
        self.path = path
        self.local = threading.local()
        self.hits = 0

    def _connection(self) -> sqlite3.Connection:
        connection = getattr(self.local, "connection", None)
        if connection is None:
            connection = sqlite3.connect(self.path, timeout=5, isolation_level=None)
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=OFF")
            connection.execute("CREATE TABLE IF NOT EXISTS counts "
                               "(key TEXT PRIMARY KEY, window_start INTEGER NOT NULL, n INTEGER NOT NULL)")
            self.local.connection = connection
        return connection

    def count(self, key: str, window_start: int, window: int) -> int:
        connection = self._connection()
        # Every step of every judge counts here: writers take turns in the kernel's queue rather
        # than polling on SQLite's busy timeout (judgeapp/write_queue.py).
        queue = queue_for(self.path)
        queue.acquire(timeout=current_bounds()[0])  # a request's wait is bounded: WriteBusy, a 503
        try:
            (n,) = connection.execute(
                "INSERT INTO counts (key, window_start, n) VALUES (?, ?, 1) ON CONFLICT (key) DO UPDATE SET "
                "n = CASE WHEN window_start = excluded.window_start THEN n + 1 ELSE 1 END, "
                "window_start = excluded.window_start RETURNING n", (key, window_start)).fetchone()
            self.hits += 1
            if self.hits % self.SWEEP_EVERY == 0:
                connection.execute("DELETE FROM counts WHERE window_start < ?", (int(time.time()) - 2 * 86400,))
        finally:
            queue.release()
        return n


_stores: dict[str, SQLiteCounters] = {}


def _count(key: str, window_start: int, window: int) -> int:
    path = getattr(settings, "RATE_LIMIT_DB", None)
    if not path:
        return _cache_count(key, window_start, window)
    store = _stores.get(str(path))
    if store is None:
        store = _stores.setdefault(str(path), SQLiteCounters(str(path)))
    return store.count(key, window_start, window)


def rate_limit_check(request, scope: str) -> None:
    """Count one request of ``scope`` for this client; raise :class:`RateLimited` when over a limit."""
    limit, window = settings.RATE_LIMITS[scope]
    now = time.time()
    window_start = int(now // window) * window
    for bucket, factor in client_keys(request):
        if _count(f"rate:{scope}:{bucket}", window_start, window) > limit * factor:
            raise RateLimited(scope, limit * factor, window, int(window_start + window - now) + 1)
