"""Rendered reader pages (documents, clauses, previews), kept per process.

A reader page is a function of the published documents: its clauses come from the
document index (``selectors.document_index``, keyed by the import time), and what it
links to in other documents (the other language's counterpart, alternates, related
rules) from the other documents' rows and indexes.  Documents change only on import or
publication, and both change the rows' ``imported_at`` or ``published``: so a page is
kept under its address, the interface language and the *corpus stamp* (every document's id, publication and
import time, one small query), and a new import or a publication starts afresh.

Only anonymous readers' pages are kept (staff see drafts and may see more), only
complete 200 answers, and never a page that used the CSRF token or set a cookie.  The
cache is bounded in bytes (``settings.READER_PAGE_CACHE_BYTES``), least recently used
first out.
"""
from __future__ import annotations

import contextvars
import functools
import threading
from collections import OrderedDict

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from .models import CounterpartFlag, Document

_lock = threading.Lock()
_pages: "OrderedDict[tuple, tuple[bytes, tuple]]" = OrderedDict()
_size = {"bytes": 0}
_request_stamp: contextvars.ContextVar = contextvars.ContextVar("corpus_stamp", default=None)


def corpus_stamp() -> tuple:
    """Every document's (id, published, import time): changes with any import or publication;
    and the counterpart flags' state, which staff change without either (a dismissal)."""
    from django.db.models import Count, Max, OuterRef, Subquery

    # One query: each document's row with its flags' count, newest id and newest dismissal.
    flags = CounterpartFlag.objects.filter(document=OuterRef("pk")).order_by().values("document")
    return tuple(
        Document.objects.order_by("pk").annotate(
            flags=Subquery(flags.annotate(n=Count("pk")).values("n")[:1]),
            newest_flag=Subquery(flags.annotate(m=Max("pk")).values("m")[:1]),
            dismissed=Subquery(flags.annotate(d=Count("dismissed_at")).values("d")[:1]),
            last_dismissal=Subquery(flags.annotate(t=Max("dismissed_at")).values("t")[:1]),
        ).values_list(
            "pk", "published", "imported_at", "flags", "newest_flag", "dismissed", "last_dismissal",
            # What the version notices need of each document (rulesdb.versions), at no extra query.
            "series", "date", "slug", "title", "version", "language", "game_id", "kind", "credit",
        )
    )


def corpus_stamp_of_request() -> tuple:
    """The stamp the reader page being answered was looked up under, or a fresh one."""
    return _request_stamp.get() or corpus_stamp()


def page_cache_clear() -> None:
    with _lock:
        _pages.clear()
        _size["bytes"] = 0


def _keep(key: tuple, content: bytes, headers: tuple) -> None:
    limit = settings.READER_PAGE_CACHE_BYTES
    if len(content) > limit // 8:
        return  # one page may not crowd out the rest
    with _lock:
        if key in _pages:
            return
        _pages[key] = (content, headers)
        _size["bytes"] += len(content)
        while _size["bytes"] > limit:
            _, (old, _headers) = _pages.popitem(last=False)
            _size["bytes"] -= len(old)


def _cacheable(request: HttpRequest, response: HttpResponse) -> bool:
    return (
        response.status_code == 200
        and not response.streaming
        and not response.cookies
        and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
    )


def reader_page(view):
    """Serve ``view``'s answer from the cache for anonymous GETs (see the module docstring)."""
    @functools.wraps(view)
    def cached(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if request.method != "GET" or request.user.is_authenticated:
            return view(request, *args, **kwargs)
        stamp = corpus_stamp()
        # One address, one page per interface language (LocaleMiddleware has chosen it by now).
        key = (request.scheme, request.get_host(), request.get_full_path(), translation.get_language(), stamp)
        with _lock:
            hit = _pages.get(key)
            if hit is not None:
                _pages.move_to_end(key)
        if hit is not None:
            content, headers = hit
            return HttpResponse(content, headers=dict(headers))
        token = _request_stamp.set(stamp)
        try:
            response = view(request, *args, **kwargs)
        finally:
            _request_stamp.reset(token)
        if _cacheable(request, response):
            _keep(key, response.content, tuple(response.items()))
        return response
    return cached
