"""Per-process caches bounded in bytes, least recently used first out (cachetools.LRUCache weighed by
an estimate of each value's memory).

A cache bounded by its number of entries is bounded in memory only while every entry is small: a
sandbox log of a 200-card board with long names held megabytes, and 64 of them kept a worker at
2.4 GB after the requests were over.  Each cache here names its budget in
``settings.SANDBOX_CACHE_BYTES``; a value larger than an eighth of its cache is not kept (one board
may not push out everyone else's).
"""
from __future__ import annotations

import threading
from typing import Any, Callable, Hashable

import cachetools
import orjson
from django.conf import settings

# Python objects parsed from JSON take about six times the text's length (many small dicts and
# strings; measured on a 500-event log, benchmarks/sandbox_import.py prints the figures).
PARSED_JSON_FACTOR = 6


def json_weight(value: Any, factor: float = 2) -> int:
    """Estimated memory of a JSON-like value built from shared parts (views of a log): ``factor`` times
    its JSON length."""
    return int(len(orjson.dumps(value, default=str)) * factor)


class ByteLRU:
    """A thread-safe LRU mapping whose entries' estimated sizes (``sizeof(value)``) add up to at most
    ``settings.SANDBOX_CACHE_BYTES[name]`` bytes."""

    def __init__(self, name: str, sizeof: Callable[[Any], int]):
        self.name = name
        self._sizeof = sizeof
        self._lock = threading.Lock()
        self._cache: cachetools.LRUCache | None = None

    @property
    def max_bytes(self) -> int:
        return settings.SANDBOX_CACHE_BYTES[self.name]

    def _store(self) -> cachetools.LRUCache:
        # Made at first use, so that a test's settings override (or a changed budget) applies.  Entries
        # are (value, size): a value's size is reckoned once, when it is kept.
        if self._cache is None or self._cache.maxsize != self.max_bytes:
            self._cache = cachetools.LRUCache(maxsize=self.max_bytes, getsizeof=lambda entry: entry[1])
        return self._cache

    def get(self, key: Hashable, default: Any = None) -> Any:
        with self._lock:
            entry = self._store().get(key)
        return default if entry is None else entry[0]

    def put(self, key: Hashable, value: Any, size: int | None = None) -> None:
        """Keep ``value`` (``size``: its weight when the caller knows it, else ``sizeof(value)``)."""
        size = self._sizeof(value) if size is None else size
        with self._lock:
            store = self._store()
            if size <= store.maxsize // 8:
                store[key] = (value, size)

    @property
    def bytes(self) -> int:
        with self._lock:
            return int(self._store().currsize)

    def __len__(self) -> int:
        with self._lock:
            return len(self._store())

    def clear(self) -> None:
        with self._lock:
            self._store().clear()
