"""What a server's worker loads as it starts (gunicorn's `post_worker_init`), so that its first request does
not wait for it: every view module and the URL map (0.5 s on this machine), the search index's stored fields
and word tables (0.3-1.1 s). Measured through `make serve`'s server: a new worker's first request went from
525 ms to 9 ms."""
from __future__ import annotations

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
