"""Per-client rate limits for writes anyone may make (creating, forking, importing and stepping boards).

Each session has its budget, and every address a larger one
(``RATE_LIMIT_ADDRESS_FACTOR`` times) shared by all its requests: judges behind
one venue address keep separate budgets, and a client that drops its cookies
still meets the address's.  Counts live in Django's cache: in
production a file cache under ``var/`` that every worker of a server shares
(``settings.prod``); behind several servers, point ``CACHES`` at a shared cache
(docs/deploy.md).  Limits are ``settings.RATE_LIMITS``: scope -> (requests, seconds).
"""
from __future__ import annotations

import hashlib
import time

from django.conf import settings
from django.core.cache import caches


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


def _count(cache, key: str, window: int) -> int:
    cache.add(key, 0, timeout=window + 5)
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=window + 5)
        return 1


def rate_limit_check(request, scope: str) -> None:
    """Count one request of ``scope`` for this client; raise :class:`RateLimited` when over a limit."""
    limit, window = settings.RATE_LIMITS[scope]
    now = time.time()
    window_start = int(now // window) * window
    cache = caches[settings.RATE_LIMIT_CACHE]
    for bucket, factor in client_keys(request):
        if _count(cache, f"rate:{scope}:{bucket}:{window_start}", window) > limit * factor:
            raise RateLimited(scope, limit * factor, window, int(window_start + window - now) + 1)
