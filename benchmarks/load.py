"""Load on the production server: gunicorn (production settings, 2 workers) on a free loopback port
with a temporary data directory (corpus loaded, index built), driven for DURATION seconds by
CLIENTS threads with a mix of clause pages, the search page and API, and sandbox steps on 20
scenarios created through the API, while 20 writers share one scenario. Bounded in time and in
requests (MAX_REQUESTS). Prints req/s, p50/p95/p99, answers by status and worker RSS growth.
Targets on a 2-core machine: >= 300 req/s, 0 answers 5xx, RSS growth < 20 MB.
Run: .venv/bin/python benchmarks/load.py [--duration 60] [--var-dir DIR]"""
from __future__ import annotations

import argparse
import http.client
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._gunicorn import production_server, request, rss_kb, worker_pids  # noqa: E402

CLIENTS = 24
SHARED_WRITERS = 20
SCENARIOS = 20
MAX_REQUESTS = 200_000
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


class Driver:
    def __init__(self, base: str, deadline: float):
        self.host, self.port = base.removeprefix("http://").split(":")
        self.deadline = deadline
        self.lock = threading.Lock()
        self.latencies: list[float] = []
        self.statuses: Counter = Counter()
        self.sent = 0

    def _one(self, connection, method: str, path: str, body=None, headers=None) -> bool:
        with self.lock:
            if self.sent >= MAX_REQUESTS or time.monotonic() > self.deadline:
                return False
            self.sent += 1
        payload = json.dumps(body) if body is not None else None
        started = time.perf_counter()
        try:
            connection.request(method, path, payload, {"Content-Type": "application/json", **(headers or {})})
            response = connection.getresponse()
            response.read()
            status = response.status
        except (OSError, http.client.HTTPException):
            connection.close()
            status = 0  # connection error
        elapsed = time.perf_counter() - started
        with self.lock:
            self.latencies.append(elapsed)
            self.statuses[status] += 1
        return True

    def reader(self, paths: list[str]) -> None:
        connection = http.client.HTTPConnection(self.host, int(self.port), timeout=30)
        rng = random.Random()
        while self._one(connection, "GET", rng.choice(paths)):
            pass

    def stepper(self, scenario: dict) -> None:
        connection = http.client.HTTPConnection(self.host, int(self.port), timeout=30)
        owner = {"X-Sandbox-Owner": scenario["owner_token"]}
        base = f"/api/v1/scenarios/{scenario['id']}/"
        rng = random.Random()
        while True:
            kind = rng.random()
            if kind < 0.5:
                ok = self._one(connection, "POST", base + "step/", {"mode": "decision"}, owner)
            elif kind < 0.7:
                ok = self._one(connection, "POST", base + "undo/", {}, owner)
            else:
                ok = self._one(connection, "GET", base)
            if not ok:
                return


def _scenario(base: str, title: str) -> dict:
    status, body = request(base, "POST", "/api/v1/scenarios/", {"scenario": BOARD, "title": title})
    assert status == 201, (status, body)
    return body


def _reader_paths(var_dir: Path) -> list[str]:
    """Clause pages of every published document (numbers read from the server's database),
    the search page and the search API."""
    with sqlite3.connect(var_dir / "judgeapp.sqlite3") as db:
        rows = db.execute(
            "SELECT d.slug, c.number FROM rulesdb_clause c JOIN rulesdb_document d ON d.id = c.document_id "
            "WHERE d.published AND c.kind = 'rule' AND c.number != '' ORDER BY c.id"
        ).fetchall()
    rng = random.Random(1)
    paths = [f"/rules/{slug}/{number}/" for slug, number in rng.sample(rows, min(200, len(rows)))]
    queries = ["guardia", "attacco", "drive check", "trigger critico", "vanguard", "ride", "potere", "scudo"]
    paths += [f"/search/?q={q.replace(' ', '+')}" for q in queries]
    paths += [f"/api/v1/search/?q={q.replace(' ', '+')}" for q in queries]
    return paths


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--var-dir", help="an existing data directory (default: a new temporary one)")
    args = parser.parse_args()
    var_dir = Path(args.var_dir or tempfile.mkdtemp(prefix="judgeapp-load-"))
    with production_server(var_dir, workers=2, corpus=True) as (base, master):
        paths = _reader_paths(var_dir)
        scenarios = [_scenario(base, f"judge {n}") for n in range(SCENARIOS)]
        shared = _scenario(base, "shared")
        pids = worker_pids(master)
        rss_before = {pid: rss_kb(pid) for pid in pids}
        driver = Driver(base, time.monotonic() + args.duration)
        threads = [threading.Thread(target=driver.reader, args=(paths,)) for _ in range(CLIENTS)]
        threads += [threading.Thread(target=driver.stepper, args=(s,)) for s in scenarios]
        threads += [threading.Thread(target=driver.stepper, args=(shared,)) for _ in range(SHARED_WRITERS)]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - started
        rss_after = {pid: rss_kb(pid) for pid in worker_pids(master)}
    ms = sorted(t * 1000 for t in driver.latencies)
    pick = lambda q: ms[min(len(ms) - 1, int(q * (len(ms) - 1)))]  # noqa: E731
    print(f"{len(ms)} requests in {elapsed:.1f} s: {len(ms) / elapsed:.0f} req/s "
          f"({len(paths)} reader paths, {SCENARIOS} stepped scenarios, {SHARED_WRITERS} writers on one)")
    print(f"latency p50 {statistics.median(ms):.1f} ms  p95 {pick(.95):.1f} ms  p99 {pick(.99):.1f} ms")
    print("answers by status:", dict(sorted(driver.statuses.items())),
          f"5xx: {sum(n for s, n in driver.statuses.items() if s >= 500)}")
    for pid, before in rss_before.items():
        after = rss_after.get(pid)
        growth = f"{(after - before) / 1024:+.1f} MB" if after else "worker replaced"
        print(f"worker {pid} RSS {before / 1024:.1f} MB -> {(after or 0) / 1024:.1f} MB ({growth})")


if __name__ == "__main__":
    main()
