"""Per-visitor rate limits for writes anyone may make (creating, forking, importing and stepping boards),
and the attempt counters of the admin login throttle.

Who is a visitor.  Nothing a client sends is proof of who it is: a session cookie,
an owner token and (from anyone but a trusted proxy) an address header are all
free to invent or to drop.  So each request is counted against every budget it
can be tied to, and refused when any of them is spent:

* its **session**, when it sends the cookie of a session that exists: one
  visitor's budget (``RATE_LIMITS``).  A cookie naming no session counts as no
  cookie, so inventing cookies buys nothing.
* its **address without a session**, when it sends none: every request of an
  address that comes without a session shares one visitor's budget
  (``RATE_LIMIT_SESSIONLESS_FACTOR``, 1).  Dropping the cookie therefore does
  not escape a limit: a cookie-less client is one visitor, however many
  requests it sends.
* its **owner token**, when it sends ``X-Sandbox-Owner``: one visitor's budget
  per token, whichever session or address uses it.
* its **address**: ``RATE_LIMIT_ADDRESS_FACTOR`` (10) visitors' budget shared
  by everything from that address, for a venue whose judges all come through one
  router.

The address is the client's as :func:`judgeapp.client_address.client_address`
finds it (the trusted proxy's X-Forwarded-For hop, else the peer); an IPv6
address counts by its /64 network, which one household or server is routinely
given whole.

Why judges behind one venue address still work: each judge's browser has its own
session (the one its first board opened), so each has a whole visitor's budget
and together they share only the address's ten.  What they share besides is the
sessionless budget, spent by the request that opens each judge's session (a first
new board, fork, import or example): 60 first boards an hour for the whole venue
with the default limits; a venue expecting more judges starting within one hour
raises ``RATE_LIMIT_SESSIONLESS_FACTOR``.  And why one client cannot multiply its
budget: a new session is opened only by one of those writes, each counted against
the sessionless budget, and all of its sessions together stay within the address's.

Counts live in a small SQLite file (``settings.RATE_LIMIT_DB``, under ``var/`` in
production) that every worker and thread of a server shares: one atomic upsert per
count (~0.1 ms), where the file cache took two file renames.  Without it (tests,
development) they live in Django's cache.  Behind several servers each server counts
its own clients (docs/deploy.md).  Limits are ``settings.RATE_LIMITS``: scope ->
(requests, seconds).
"""
from __future__ import annotations

import hashlib
import ipaddress
import sqlite3
import threading
import time

from django.conf import settings
from django.core.cache import caches
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext

from .client_address import client_address
from .sqlite_backend.base import sqlite_files_private
from .write_queue import current_bounds, queue_for


class RateLimited(Exception):
    """Too many requests of one scope from one client: retry after ``retry_after`` seconds."""

    def __init__(self, scope: str, limit: int, window: int, retry_after: int):
        self.scope = scope
        self.retry_after = max(1, retry_after)
        # Written when raised, in the language of the request being answered.
        self.message = gettext("Too many requests: at most %(limit)s %(what)s per %(window)s; try again in %(retry)s.") % {
            "limit": limit, "what": SCOPE_NAMES.get(scope, scope), "window": _duration(window, per=True),
            "retry": _duration(self.retry_after)}
        super().__init__(self.message)


SCOPE_NAMES = {
    "scenario-create": gettext_lazy("new boards"), "scenario-fork": gettext_lazy("forks"),
    "scenario-import": gettext_lazy("imports"), "scenario-step": gettext_lazy("steps and answers"),
}


def _duration(seconds: int, per: bool = False) -> str:
    """`2 minutes`; after "per", one unit is the unit alone (`per minute`, `al minuto`)."""
    if seconds % 3600 == 0:
        n = seconds // 3600
        if n == 1 and per:
            return pgettext("per", "hour")
        return ngettext("%(n)d hour", "%(n)d hours", n) % {"n": n}
    if seconds % 60 == 0:
        n = seconds // 60
        if n == 1 and per:
            return pgettext("per", "minute")
        return ngettext("%(n)d minute", "%(n)d minutes", n) % {"n": n}
    if seconds == 1 and per:
        return pgettext("per", "second")
    return ngettext("%(n)d second", "%(n)d seconds", seconds) % {"n": seconds}


def address_bucket(address: str) -> str:
    """What one address counts as: itself, or for IPv6 its /64 network."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def _session_key(request) -> str | None:
    """The key of the session the request's cookie names, when that session exists."""
    session = getattr(request, "session", None)
    if session is None or not session.session_key:
        return None
    session.keys()  # loads it: a cookie naming no stored session leaves no key
    return session.session_key


def _hashed(who: str) -> str:
    return hashlib.sha256(who.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def client_keys(request) -> list[tuple[str, int]]:
    """(bucket, multiple of the limit) for each budget the request counts against, hashed: its session
    or, without one, its address's sessionless budget; its owner token when it sends one; its address."""
    address = address_bucket(client_address(request))
    session_key = _session_key(request)
    keys = [(f"s:{session_key}", 1) if session_key
            else (f"n:{address}", settings.RATE_LIMIT_SESSIONLESS_FACTOR)]
    owner_token = request.META.get("HTTP_X_SANDBOX_OWNER")
    if owner_token:
        keys.append((f"o:{owner_token}", 1))
    keys.append((f"a:{address}", settings.RATE_LIMIT_ADDRESS_FACTOR))
    return [(_hashed(who), factor) for who, factor in keys]


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
            sqlite_files_private(self.path)
            connection = sqlite3.connect(self.path, timeout=5, isolation_level=None)
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=OFF")
            connection.execute("CREATE TABLE IF NOT EXISTS counts "
                               "(key TEXT PRIMARY KEY, window_start INTEGER NOT NULL, n INTEGER NOT NULL)")
            self.local.connection = connection
        return connection

    def _execute(self, sql: str, parameters: tuple) -> tuple | None:
        """One statement under the file's write queue; its first row."""
        # Every step of every judge counts here: writers take turns in the kernel's queue rather
        # than polling on SQLite's busy timeout (judgeapp/write_queue.py).
        queue = queue_for(self.path)
        queue.acquire(timeout=current_bounds()[0])  # a request's wait is bounded: WriteBusy, a 503
        try:
            # Opened in the queue too: switching a new file to WAL takes a lock that SQLite does
            # not wait for, so two first connections at once would see "database is locked".
            connection = self._connection()
            row = connection.execute(sql, parameters).fetchone()
            self.hits += 1
            if self.hits % self.SWEEP_EVERY == 0:
                connection.execute("DELETE FROM counts WHERE window_start < ?", (int(time.time()) - 2 * 86400,))
        finally:
            queue.release()
        return row

    def count(self, key: str, window_start: int, window: int) -> int:
        """Count one in the window that starts at ``window_start``; the count so far in it."""
        (n,) = self._execute(
            "INSERT INTO counts (key, window_start, n) VALUES (?, ?, 1) ON CONFLICT (key) DO UPDATE SET "
            "n = CASE WHEN window_start = excluded.window_start THEN n + 1 ELSE 1 END, "
            "window_start = excluded.window_start RETURNING n", (key, window_start))
        return n

    def attempt(self, key: str, now: int, window: int) -> tuple[int, int]:
        """Count one in a window opened by the first count ``window`` seconds or less ago (else a new
        one opens now): (the count so far, when the window opened).  SET reads the row as it was."""
        n, started = self._execute(
            "INSERT INTO counts (key, window_start, n) VALUES (?, ?, 1) ON CONFLICT (key) DO UPDATE SET "
            "n = CASE WHEN window_start > excluded.window_start - ? THEN n + 1 ELSE 1 END, "
            "window_start = CASE WHEN window_start > excluded.window_start - ? THEN window_start "
            "ELSE excluded.window_start END RETURNING n, window_start", (key, now, window, window))
        return n, started

    def uncount(self, key: str) -> None:
        """Take one back from ``key``'s count."""
        self._execute("UPDATE counts SET n = MAX(n - 1, 0) WHERE key = ?", (key,))

    def forget(self, key: str) -> None:
        self._execute("DELETE FROM counts WHERE key = ?", (key,))


_stores: dict[str, SQLiteCounters] = {}


def _store() -> SQLiteCounters | None:
    path = getattr(settings, "RATE_LIMIT_DB", None)
    if not path:
        return None
    store = _stores.get(str(path))
    if store is None:
        store = _stores.setdefault(str(path), SQLiteCounters(str(path)))
    return store


def _count(key: str, window_start: int, window: int) -> int:
    store = _store()
    if store is None:
        return _cache_count(key, window_start, window)
    return store.count(key, window_start, window)


def attempt_count(key: str, window: int) -> tuple[int, int]:
    """Count one attempt at ``key`` (the admin login throttle's counters): the attempts in the
    ``window`` seconds opened by the first of them, this one included, and the seconds left until
    that window ends.  Atomic in the SQLite file; in the cache as atomic as its ``incr``."""
    now = int(time.time())
    store = _store()
    if store is not None:
        n, started = store.attempt(f"attempt:{_hashed(key)}", now, window)
        return n, max(1, started + window - now)
    cache = caches[settings.RATE_LIMIT_CACHE]
    key = f"attempt:{_hashed(key)}"
    cache.add(f"{key}:start", now, timeout=window)
    started = cache.get(f"{key}:start", now)
    cache.add(key, 0, timeout=max(1, started + window - now))
    try:
        n = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=window)
        n = 1
    return n, max(1, started + window - now)


def attempt_uncount(key: str) -> None:
    """Take back one attempt counted at ``key``."""
    store = _store()
    if store is not None:
        store.uncount(f"attempt:{_hashed(key)}")
        return
    try:
        caches[settings.RATE_LIMIT_CACHE].decr(f"attempt:{_hashed(key)}")
    except ValueError:  # gone with its window
        pass


def attempt_forget(key: str) -> None:
    """Clear the attempts counted at ``key``."""
    store = _store()
    if store is not None:
        store.forget(f"attempt:{_hashed(key)}")
        return
    caches[settings.RATE_LIMIT_CACHE].delete_many([f"attempt:{_hashed(key)}", f"attempt:{_hashed(key)}:start"])


def rate_limit_check(request, scope: str) -> None:
    """Count one request of ``scope`` for this client; raise :class:`RateLimited` when over a limit."""
    limit, window = settings.RATE_LIMITS[scope]
    now = time.time()
    window_start = int(now // window) * window
    for bucket, factor in client_keys(request):
        if _count(f"rate:{scope}:{bucket}", window_start, window) > limit * factor:
            raise RateLimited(scope, limit * factor, window, int(window_start + window - now) + 1)
