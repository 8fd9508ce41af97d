"""The clients of benchmarks/load.py: reader and judge threads over kept-alive HTTP connections, and
the tally of what they saw (latency, status and the server's CPU time, per kind of request)."""
from __future__ import annotations

import http.client
import json
import random
import re
import threading
import time
from collections import Counter, defaultdict

SERVER_CPU = re.compile(r"\bcpu;dur=([0-9.]+)")
SERVER_QUEUE = re.compile(r"\bqueue;dur=([0-9.]+)")
SERVER_LOCK = re.compile(r"\block;dur=([0-9.]+)")
SERVER_APP = re.compile(r"\bapp;dur=([0-9.]+)")


def path_kind(method: str, path: str) -> str:
    """The kind of request a reader's path is, for the report."""
    if path.startswith("/api/v1/search/"):
        return "search API"
    if path.startswith("/search/"):
        return "search page"
    if path.startswith("/rules/"):
        return "document page" if path.rstrip("/").count("/") == 2 else "clause page"
    return f"{method} {path}"


class Tally:
    """Latencies (ms), statuses and the server's own CPU time (Server-Timing), per kind of request."""

    def __init__(self):
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.status_counts: dict[str, Counter] = defaultdict(Counter)
        self.cpu: dict[str, list[float]] = defaultdict(list)
        self.queue: dict[str, list[float]] = defaultdict(list)
        self.held: dict[str, list[float]] = defaultdict(list)
        self.app: dict[str, list[float]] = defaultdict(list)

    def add(self, kind: str, status: int, latency_ms: float, cpu_ms: float | None,
            queue_ms: float | None = None, held_ms: float | None = None, app_ms: float | None = None) -> None:
        with self.lock:
            self.latencies[kind].append(latency_ms)
            self.status_counts[kind][status] += 1
            if cpu_ms is not None:
                self.cpu[kind].append(cpu_ms)
            if queue_ms is not None:
                self.queue[kind].append(queue_ms)
            if held_ms is not None:
                self.held[kind].append(held_ms)
            if app_ms is not None:
                self.app[kind].append(app_ms)

    def kinds(self) -> list[str]:
        return sorted(self.latencies, key=lambda kind: -len(self.latencies[kind]))

    def _all(self, table: dict, kind: str | None) -> list:
        return table[kind] if kind else [item for kind in table for item in table[kind]]

    def count(self, kind: str | None = None) -> int:
        return len(self._all(self.latencies, kind))

    def percentiles(self, kind: str | None) -> tuple[float, float, float]:
        ms = sorted(self._all(self.latencies, kind)) or [0.0]
        return tuple(ms[min(len(ms) - 1, int(q * (len(ms) - 1)))] for q in (.5, .95, .99))

    def statuses(self, kind: str | None) -> dict[int, int]:
        total: Counter = Counter()
        for name in ([kind] if kind else list(self.status_counts)):
            total.update(self.status_counts[name])
        return dict(sorted(total.items()))

    def server_errors(self) -> int:
        return sum(n for status, n in self.statuses(None).items() if status >= 500)

    def cpu_ms(self, kind: str) -> float:
        values = self.cpu[kind]
        return sum(values) / len(values) if values else float("nan")

    def queue_ms(self, kind: str) -> float:
        """Mean time a request of ``kind`` waited for a database's write lock (Server-Timing)."""
        values = self.queue[kind]
        return sum(values) / len(values) if values else float("nan")

    def app_ms(self, kind: str) -> float:
        """Mean time the application took on a request of ``kind``, from the first middleware on
        (the rest of the latency is the wait for a worker thread, the network and the client)."""
        values = self.app[kind]
        return sum(values) / len(values) if values else float("nan")

    def held_ms(self, kind: str) -> float:
        """Mean time a request of ``kind`` held a database's write lock (Server-Timing)."""
        values = self.held[kind]
        return sum(values) / len(values) if values else float("nan")


class Driver:
    """Clients sharing one deadline and one request budget; every thread keeps its own connection."""

    def __init__(self, base: str, deadline: float, max_requests: int):
        self.host, port = base.removeprefix("http://").split(":")
        self.port = int(port)
        self.deadline = deadline
        self.budget = max_requests
        self.lock = threading.Lock()
        self.tally = Tally()

    def _connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.host, self.port, timeout=30)

    def _one(self, connection, kind: str, method: str, path: str, body=None, headers=None):
        """(status, body bytes) of one request, or None once the time or the request budget is spent."""
        with self.lock:
            if self.budget <= 0 or time.monotonic() > self.deadline:
                return None
            self.budget -= 1
        payload = json.dumps(body) if body is not None else None
        started = time.perf_counter()
        cpu = queue = held = app = None
        try:
            connection.request(method, path, payload, {"Content-Type": "application/json", **(headers or {})})
            response = connection.getresponse()
            raw = response.read()
            status = response.status
            header = response.getheader("Server-Timing", "")
            timing, waited, lock, took = (pattern.search(header)
                                          for pattern in (SERVER_CPU, SERVER_QUEUE, SERVER_LOCK, SERVER_APP))
            cpu = float(timing.group(1)) if timing else None
            queue = float(waited.group(1)) if waited else None
            held = float(lock.group(1)) if lock else None
            app = float(took.group(1)) if took else None
        except (OSError, http.client.HTTPException):
            connection.close()
            status, raw = 0, b""  # connection error
        self.tally.add(kind, status, (time.perf_counter() - started) * 1000, cpu, queue, held, app)
        return status, raw

    def reader(self, paths: list[str]) -> None:
        connection = self._connection()
        rng = random.Random()
        while True:
            path = rng.choice(paths)
            if self._one(connection, path_kind("GET", path), "GET", path) is None:
                return

    def judge(self, scenario: dict) -> None:
        """Play the scenario as a judge would: answer the decision with one of its legal actions, or
        step to the next one; now and then undo or reread.  Writes name the point they were made
        from; an answer other than 200 (another writer moved on: 409) rereads the scenario."""
        connection = self._connection()
        owner = {"X-Sandbox-Owner": scenario["owner_token"]}
        base = f"/api/v1/scenarios/{scenario['id']}/"
        rng = random.Random()
        seen = scenario
        while True:
            choice = rng.random()
            if choice < 0.15:
                result = self._one(connection, "scenario read", "GET", base)
            elif choice < 0.3 and seen["current"] != 0:
                result = self._one(connection, "undo", "POST", base + "undo/", {"from_node": seen["current"]}, owner)
            elif (seen.get("board") or {}).get("outcome"):
                result = self._one(connection, "restart", "POST", base + "undo/", {"node": 0}, owner)
            elif seen.get("decision") and seen.get("legal_actions"):
                answer = {"action": rng.choice(seen["legal_actions"]), "from_node": seen["current"]}
                result = self._one(connection, "answer", "POST", base + "answer/", answer, owner)
            else:
                step = {"mode": "decision", "from_node": seen["current"]}
                result = self._one(connection, "step", "POST", base + "step/", step, owner)
            if result is None:
                return
            status, raw = result
            if status == 200:
                seen = json.loads(raw)
                continue
            reread = self._one(connection, "scenario read", "GET", base)
            if reread is None:
                return
            if reread[0] == 200:
                seen = json.loads(reread[1])
