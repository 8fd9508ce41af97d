"""What a server's worker loads as it starts (gunicorn's `post_worker_init`), so that its first request does
not wait for it: every view module and the URL map (0.5 s on this machine), the search index's stored fields
and word tables (0.3-1.1 s). Measured through `make serve`'s server: a new worker's first request went from
525 ms to 9 ms.

What the warm-up loaded lives as long as the worker, so it is then left out of Python's garbage collector
(`gc.freeze`): a full collection walked it all, about 150,000 objects, and paused whichever request it fell on
for 110 ms on this machine; after the freeze it takes well under a millisecond, until requests have made
many new long-lived objects."""
from __future__ import annotations

import gc

from django.db import connections
from django.urls import get_resolver

from rulesdb.search import search_warm


def worker_warm() -> None:
    """Load the URL map, the views and the search index now. The calling thread serves no request, so
    its database connection is closed afterwards rather than kept."""
    try:
        resolver = get_resolver()
        resolver.url_patterns  # noqa: B018 - imports the URL map and every view module it names
        resolver.reverse_dict  # noqa: B018 - and the table `reverse` reads
        search_warm()
    finally:
        connections.close_all()
    gc.collect()  # what the warm-up left as garbage is freed, not frozen
    gc.freeze()
