"""Load on the production server as `make serve` runs it: nginx in front of gunicorn (production
settings, 2 workers) on a free loopback port with a temporary data directory (corpus loaded, index built), driven for DURATION seconds by
CLIENTS reader threads (clause and document pages, the search page and API) and one judge thread
per scenario playing 20 scenarios created through the API (answering each decision with one of its
legal actions, stepping, undoing, reading), while 20 writers share one more scenario.  Every client
keeps its connection open (HTTP keep-alive) and sends the point it saw (`from_node`) with its
writes: a writer that lost a race gets a 409 and reloads.  Bounded in time and in requests
(MAX_REQUESTS).

Before measuring, the same mix runs for WARMUP seconds: the workers fill their bounded caches
(rendered reader pages, document indexes, search term scores, scenario boards) and the RSS
baseline is taken after it, so the growth printed is what a server already in service gains.
The server runs with JUDGEAPP_RATE_LIMIT_FACTOR (docs/deploy.md): all simulated judges share one
loopback address, whose step budget is meant for one venue, not for 40 judges in a tight loop.

Prints req/s, p50/p95/p99, answers by status, per request kind the count, latency, the time
spent in the application, the server's CPU time per request and the time spent waiting for and
holding the database's write lock (Server-Timing, JUDGEAPP_SERVER_TIMING=1), the workers' and the
driver's CPU time, the load average, and worker RSS growth.  The machine may be shared: CPU time
per request says what the server costs whatever else runs.
Targets on a 2-core machine: >= 300 req/s, 0 answers 5xx, RSS growth < 20 MB.

Then a hostile phase: 50 connections drip their headers and 50 their bodies (half with a
Content-Length, half chunked) one byte a second, opening a new connection whenever the server cuts
one, while the same mix runs beside them for --slow-duration seconds (default 15); then, the slow
connections still dripping, one client imports the longest script allowed (one action per history
point the sandbox keeps) and the mix runs for as long as the import takes.  It prints the mix's req/s
and latency in each part (target: p95 under one second, 0 answers 5xx), the import's time and
answer, and what became of the slow connections.
Run: .venv/bin/python benchmarks/load.py [--duration 60] [--warmup 15] [--slow-duration 20] [--var-dir DIR]
[--threads N]"""
from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._gunicorn import cpu_seconds, nginx_pids, production_server, request, rss_kb, worker_pids  # noqa: E402
from benchmarks._load_driver import Driver, Tally  # noqa: E402
from benchmarks._slow_clients import Drippers  # noqa: E402

CLIENTS = 24
SHARED_WRITERS = 20
SCENARIOS = 20
SLOW_HEADERS = SLOW_BODIES = 50
IMPORT_TIMEOUT = 120  # seconds the importing client waits for its answer
MAX_REQUESTS = 200_000
RATE_LIMIT_FACTOR = 1000
BOARD = {
    "format": "judgeapp-scenario/1", "seed": 1, "turn": 2, "turn_player": 0, "first_player": 1, "phase": "battle",
    "players": [
        {"field": {"vanguard": {"id": "a-vg", "name": "G3", "grade": 3, "power": 13000, "clan": "A"}},
         "deck": [{"id": f"a-d{i}", "name": "G1", "grade": 1, "power": 8000, "shield": 5000, "clan": "A"}
                  for i in range(6)]},
        {"field": {"vanguard": {"id": "b-vg", "name": "G3", "grade": 3, "power": 13000, "clan": "B"}},
         "hand": [{"id": "b-h1", "name": "G1", "grade": 1, "power": 8000, "shield": 5000, "clan": "B"}],
         "deck": [{"id": f"b-d{i}", "name": "G1", "grade": 1, "power": 8000, "shield": 5000, "clan": "B"}
                  for i in range(6)]},
    ],
}


def _scenario(base: str, title: str) -> dict:
    status, body = request(base, "POST", "/api/v1/scenarios/", {"scenario": BOARD, "title": title})
    assert status == 201, (status, body)
    return body


def _reader_paths(var_dir: Path) -> list[str]:
    """Clause pages of every published document (numbers read from the server's database), the
    documents' own pages, the search page and the search API."""
    with sqlite3.connect(var_dir / "judgeapp.sqlite3") as db:
        rows = db.execute(
            "SELECT d.slug, c.number FROM rulesdb_clause c JOIN rulesdb_document d ON d.id = c.document_id "
            "WHERE d.published AND c.kind = 'rule' AND c.number != '' ORDER BY c.id"
        ).fetchall()
        slugs = [slug for (slug,) in db.execute("SELECT slug FROM rulesdb_document WHERE published ORDER BY id")]
    rng = random.Random(1)
    paths = [f"/rules/{slug}/{number}/" for slug, number in rng.sample(rows, min(200, len(rows)))]
    paths += [f"/rules/{slug}/" for slug in slugs]
    queries = ["guardia", "attacco", "drive check", "trigger critico", "vanguard", "ride", "potere", "scudo"]
    paths += [f"/search/?q={q.replace(' ', '+')}" for q in queries]
    paths += [f"/api/v1/search/?q={q.replace(' ', '+')}" for q in queries]
    return paths


def _run_mix(driver: Driver, paths: list[str], scenarios: list[dict], shared: dict) -> float:
    threads = [threading.Thread(target=driver.reader, args=(paths,)) for _ in range(CLIENTS)]
    threads += [threading.Thread(target=driver.judge, args=(s,)) for s in scenarios]
    threads += [threading.Thread(target=driver.judge, args=(shared,)) for _ in range(SHARED_WRITERS)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.monotonic() - started


def _report(tally: Tally, elapsed: float, server_cpu: float, proxy_cpu: float, driver_cpu: float, load: tuple,
            rss: tuple) -> None:
    total = tally.count()
    print(f"{total} requests in {elapsed:.1f} s: {total / elapsed:.0f} req/s "
          f"({CLIENTS} readers, {SCENARIOS} judges on their own scenarios, {SHARED_WRITERS} writers on one)")
    p50, p95, p99 = tally.percentiles(None)
    print(f"latency p50 {p50:.1f} ms  p95 {p95:.1f} ms  p99 {p99:.1f} ms")
    print("answers by status:", tally.statuses(None), f"5xx: {tally.server_errors()}")
    print(f"{'kind':<15}{'requests':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'in app ms':>11}"
          f"{'server CPU ms':>15}{'lock wait ms':>14}{'lock held ms':>14}  statuses")
    for kind in tally.kinds():
        p50, p95, p99 = tally.percentiles(kind)
        print(f"{kind:<15}{tally.count(kind):>9}{p50:>9.1f}{p95:>9.1f}{p99:>9.1f}{tally.app_ms(kind):>11.1f}"
              f"{tally.cpu_ms(kind):>15.2f}"
              f"{tally.queue_ms(kind):>14.2f}{tally.held_ms(kind):>14.2f}  {tally.statuses(kind)}")
    print(f"server CPU (both workers) {server_cpu:.1f} s: {server_cpu * 1000 / max(total, 1):.2f} ms per request, "
          f"{server_cpu / elapsed * 100:.0f}% of one core; the driver used {driver_cpu:.1f} s "
          f"({driver_cpu * 1000 / max(total, 1):.2f} ms per request)")
    print(f"nginx in front used {proxy_cpu:.1f} s ({proxy_cpu * 1000 / max(total, 1):.2f} ms per request)")
    print(f"at this CPU cost, both cores free would serve about {2 * total / max(server_cpu + proxy_cpu, 1e-9):.0f} req/s "
          "(gunicorn and nginx only, the driver elsewhere)")
    print("load average (1 min) before {:.2f}, after {:.2f}".format(*load))
    before, after = rss
    for pid, kb in before.items():
        now = after.get(pid)
        growth = f"{(now - kb) / 1024:+.1f} MB" if now else "worker replaced"
        print(f"worker {pid} RSS {kb / 1024:.1f} MB -> {(now or 0) / 1024:.1f} MB ({growth})")


def maximal_import() -> dict:
    """A scenario file whose script is as long as an import may be: judge moves of one card back and
    forth (never refused), one history point each; the history also keeps the start and the position
    advanced to the first decision, so two points fewer than the history holds."""
    from judgeapp.sandbox import validation
    from judgeapp.settings import base

    actions = min(base.SANDBOX_MAX_SCRIPT_ACTIONS, validation.MAX_NODES - 2)
    script = [{"do": {"kind": "judge_move", "card": "b-h1", "zone": "drop" if n % 2 == 0 else "hand"}}
              for n in range(actions)]
    return {**BOARD, "metadata": {"title": f"{actions} judge moves"}, "script": script}


def _print_phase(title: str, tally: Tally, elapsed: float) -> None:
    total = tally.count()
    p50, p95, p99 = tally.percentiles(None)
    slowest = max(tally._all(tally.latencies, None), default=0.0)
    print(f"\n{title}: {total} requests in {elapsed:.1f} s: {total / max(elapsed, 1e-9):.0f} req/s")
    print(f"latency p50 {p50:.1f} ms  p95 {p95:.1f} ms  p99 {p99:.1f} ms  max {slowest:.1f} ms")
    print("answers by status:", tally.statuses(None), f"5xx: {tally.server_errors()}")
    for kind in tally.kinds():
        p50, p95, p99 = tally.percentiles(kind)
        print(f"  {kind:<15}{tally.count(kind):>7}  p50 {p50:7.1f}  p95 {p95:7.1f}  p99 {p99:7.1f} ms  "
              f"{tally.statuses(kind)}")


def _hostile_phase(base: str, paths: list[str], scenarios: list[dict], shared: dict, seconds: float) -> None:
    """The mix beside slow connections for ``seconds``, then beside them and one maximal import for as long
    as the import takes; prints what each saw."""
    host, port = base.removeprefix("http://").split(":")
    body = maximal_import()
    imported: dict = {}
    slow = f"{SLOW_HEADERS} connections dripping headers and {SLOW_BODIES} dripping bodies"

    def import_once(driver: Driver) -> None:
        started = time.monotonic()
        try:
            status, answer = request(base, "POST", "/api/v1/scenarios/", body, timeout=IMPORT_TIMEOUT)
        except OSError:  # no answer within IMPORT_TIMEOUT, or the connection was cut
            status, answer = 0, None
        imported.update(status=status, seconds=time.monotonic() - started,
                        current=answer.get("current") if isinstance(answer, dict) else None)
        with driver.lock:
            driver.deadline = time.monotonic()  # the mix stops with the import

    with Drippers(host, int(port), headers=SLOW_HEADERS, bodies=SLOW_BODIES, interval=1.0) as drippers:
        time.sleep(2)  # every slow connection open and dripping
        driver = Driver(base, time.monotonic() + seconds, MAX_REQUESTS)
        _print_phase(f"beside {slow}", driver.tally, _run_mix(driver, paths, scenarios, shared))
        held = drippers.held()
        driver = Driver(base, time.monotonic() + IMPORT_TIMEOUT, MAX_REQUESTS)
        importer = threading.Thread(target=import_once, args=(driver,))
        importer.start()
        elapsed = _run_mix(driver, paths, scenarios, shared)
        importer.join()
        _print_phase(f"beside them and one import of {len(body['script'])} actions (while it ran)", driver.tally,
                     elapsed)
        held = min(held, drippers.held())
    print(f"the import: answer {imported.get('status')} after {imported.get('seconds', float('nan')):.1f} s"
          f" (to point {imported.get('current')})")
    print(f"slow connections open all along: at least {held} of {SLOW_HEADERS + SLOW_BODIES}")
    for line in drippers.summary():
        print("  " + line)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--warmup", type=float, default=15, help="seconds of the same mix before measuring")
    parser.add_argument("--slow-duration", type=float, default=15,
                        help="seconds of the hostile phase (slow clients, a maximal import); 0 skips it")
    parser.add_argument("--var-dir", help="an existing data directory (default: a new temporary one)")
    parser.add_argument("--threads", help="JUDGEAPP_THREADS for the server (default: the server's own)")
    args = parser.parse_args()
    var_dir = Path(args.var_dir or tempfile.mkdtemp(prefix="judgeapp-load-"))
    settings = {"JUDGEAPP_RATE_LIMIT_FACTOR": str(RATE_LIMIT_FACTOR), "JUDGEAPP_SERVER_TIMING": "1"}
    if args.threads:
        settings["JUDGEAPP_THREADS"] = args.threads
    with production_server(var_dir, workers=2, corpus=True, extra_env=settings) as (base, master):
        paths = _reader_paths(var_dir)
        scenarios = [_scenario(base, f"judge {n}") for n in range(SCENARIOS)]
        shared = _scenario(base, "shared")
        if args.warmup > 0:
            _run_mix(Driver(base, time.monotonic() + args.warmup, MAX_REQUESTS), paths, scenarios, shared)
        pids = worker_pids(master)
        rss_before = {pid: rss_kb(pid) for pid in pids}
        proxies = nginx_pids(master)
        cpu_before, load_before = sum(cpu_seconds(pid) for pid in pids), os.getloadavg()[0]
        proxy_before = sum(cpu_seconds(pid) for pid in proxies)
        driver_before = time.process_time()
        driver = Driver(base, time.monotonic() + args.duration, MAX_REQUESTS)
        elapsed = _run_mix(driver, paths, scenarios, shared)
        driver_cpu = time.process_time() - driver_before
        server_cpu = sum(cpu_seconds(pid) for pid in pids) - cpu_before
        proxy_cpu = sum(cpu_seconds(pid) for pid in proxies) - proxy_before
        load_after = os.getloadavg()[0]
        rss_after = {pid: rss_kb(pid) for pid in worker_pids(master)}
        _report(driver.tally, elapsed, server_cpu, proxy_cpu, driver_cpu, (load_before, load_after), (rss_before, rss_after))
        if args.slow_duration > 0:
            _hostile_phase(base, paths, scenarios, shared, args.slow_duration)


if __name__ == "__main__":
    main()
