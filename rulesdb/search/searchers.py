"""Searchers lent on the current index: opened once, borrowed per search, retired with their index.

A whoosh searcher is used by one thread at a time. A request borrows an idle one from the pool
of the current index (or opens one), and gives it back after the search, so a server that starts
a thread per request (runserver) does not reopen the index per request. When a rebuild has swapped
in a new index, the old index's idle searchers are closed at the next borrow and the ones still
lent are closed when given back; the old files stay readable to them until then. A missing index,
or one built by an earlier release with other fields, is built on the first search.
"""
from __future__ import annotations

import contextlib
import threading
import time
from pathlib import Path
from typing import Iterator

from django.conf import settings
from django.utils.translation import gettext
from whoosh import index as whoosh_index

from .index import SCHEMA, WEIGHTING, current_name, index_follow_database, index_rebuild, index_root
from .results import SearchUnavailable

_POOL_SIZE = 8


_pool: dict[tuple[str, str], list] = {}
"""Idle searchers by index: a request borrows one, so a server that starts a thread per request
(runserver) does not open the index per request. A whoosh searcher is used by one thread at a time."""


_pool_lock = threading.Lock()


def _searcher_open():
    """A searcher on the current index (opened or borrowed; building the index when missing)."""
    root = index_root()
    for attempt in range(5):
        name = current_name(root)
        if name is None or not (root / name).is_dir():
            if name is None or attempt > 0:
                index_rebuild()
            continue
        key = (str(root), name)
        stale = []
        with _pool_lock:
            for other in [k for k in _pool if k != key]:
                stale += _pool.pop(other)  # a rebuild replaced that index
            idle = _pool.get(key)
            searcher = idle.pop() if idle else None
        for old in stale:
            with contextlib.suppress(Exception):
                old.close()
        if attempt == 0 and getattr(settings, "SEARCH_INDEX_FOLLOWS_DATABASE", True):
            index_follow_database()
        if searcher is not None:
            return searcher
        try:
            searcher = whoosh_index.open_dir(str(root / name)).searcher(weighting=WEIGHTING)
        except (OSError, whoosh_index.EmptyIndexError):
            time.sleep(0.01)  # a rebuild deleted it between reading the pointer and opening
            continue
        if set(searcher.schema.names()) != set(SCHEMA.names()):
            # Built by an earlier release with other fields: build this release's index once.
            searcher.close()
            index_rebuild()
            continue
        searcher.index_key = key
        return searcher
    raise SearchUnavailable(gettext("The search index could not be opened; try again in a moment."))


@contextlib.contextmanager
def searcher_borrow() -> Iterator:
    """Borrow a searcher on the current index for the length of one search."""
    searcher = _searcher_open()
    try:
        yield searcher
    finally:
        with _pool_lock:
            idle = _pool.setdefault(searcher.index_key, []) if _is_current(searcher.index_key) else None
            keep = idle is not None and len(idle) < _POOL_SIZE
            if keep:
                idle.append(searcher)
        if not keep:
            with contextlib.suppress(Exception):
                searcher.close()


def _is_current(key: tuple[str, str]) -> bool:
    return current_name(Path(key[0])) == key[1]
