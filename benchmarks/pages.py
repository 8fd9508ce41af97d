"""Server time of every clause page, in process and under concurrent clients.

1. django.test.Client over every clause of the five documents, twice: the
   first pass builds each document's index and renders each clause once
   (cold), the second is what a running server serves (warm). Target: warm
   p95 < 30 ms.
2. A threaded wsgiref server on 127.0.0.1 against the same temp database,
   hit by a few urllib threads for a bounded number of requests: requests/s.

3. Every page kind as a judge's phone gets it (benchmarks/phone_pages.py): Chromium on an emulated
   slow 4G phone against a production server, bytes transferred and load time, cold and warm
   (targets: under 50 KB transferred and 500 ms warm), then the documents kept offline.

Prints figures; asserts nothing. Run: .venv/bin/python benchmarks/pages.py
(`--server-only`: parts 1 and 2; `--phone-only`: part 3, `--base URL` against a running `make serve`).
"""
import argparse
import statistics
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from _django import django_setup  # noqa: E402

django_setup()

from django.core.management import call_command  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from rulesdb import rendering, selectors, services  # noqa: E402
from rulesdb.models import Document  # noqa: E402

THREADS = 4
REQUESTS = 2000


def clause_urls() -> list[str]:
    urls = []
    for document in Document.objects.order_by("slug"):
        index = selectors.document_index(document=document)
        urls.extend(rendering.clause_url(index, c, document.slug) for c in index.clauses)
    return urls


def percentiles(times: list[float]) -> str:
    ordered = sorted(times)
    p50 = statistics.median(ordered)
    p95 = ordered[int(len(ordered) * 0.95) - 1]
    return f"p50 {p50 * 1000:6.2f} ms  p95 {p95 * 1000:6.2f} ms  max {ordered[-1] * 1000:7.2f} ms"


def in_process(urls: list[str]) -> None:
    client = Client()
    for label in ("cold", "warm"):
        times, most_queries = [], 0
        for url in urls:
            connection.queries_log.clear()
            with CaptureQueriesContext(connection) as queries:
                start = time.perf_counter()
                response = client.get(url)
                times.append(time.perf_counter() - start)
            most_queries = max(most_queries, len(queries))
            assert response.status_code == 200, url
        print(f"in process, {label}: {len(urls)} clause pages  {percentiles(times)}  "
              f"max {most_queries} queries  (target warm p95 < 30 ms)")


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, *args):
        pass


def concurrent(urls: list[str]) -> None:
    server = make_server("127.0.0.1", 0, get_wsgi_application(), server_class=_Server, handler_class=_QuietHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_port}"
    picks = [urls[(i * 7919) % len(urls)] for i in range(REQUESTS)]

    def fetch(url: str) -> int:
        with urllib.request.urlopen(base + url, timeout=30) as response:
            response.read()
            return response.status

    start = time.perf_counter()
    with ThreadPoolExecutor(THREADS) as pool:
        statuses = list(pool.map(fetch, picks))
    elapsed = time.perf_counter() - start
    server.shutdown()
    ok = sum(1 for s in statuses if s == 200)
    print(f"threaded wsgiref server, {THREADS} client threads: {REQUESTS} requests in {elapsed:.2f} s "
          f"= {REQUESTS / elapsed:.0f} req/s ({ok} × 200)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server-only", action="store_true", help="only the server times (parts 1 and 2)")
    parser.add_argument("--phone-only", action="store_true", help="only the phone's page kinds (part 3)")
    parser.add_argument("--base", help="part 3 against a running server (make serve) instead of starting one")
    args = parser.parse_args()
    if not args.phone_only:
        server_times()
    if not args.server_only:
        import phone_pages

        print("\n== every page kind on an emulated slow 4G phone")
        phone_pages.measure_all(base=args.base)


def server_times() -> None:
    call_command("migrate", verbosity=0)
    services.vendored_load()
    try:  # the IT/EN alignment is computed once, as after an import
        from rulesdb.translation import alignment

        alignment.alignment_get_or_compute(
            left=Document.objects.get(slug="vg-cr-it-2.2"), right=Document.objects.get(slug="vg-cr-en-1.48")
        )
    except (ImportError, AttributeError):
        pass
    urls = clause_urls()
    selectors._document_index.cache_clear()
    in_process(urls)
    concurrent(urls)


if __name__ == "__main__":
    main()
