"""Many judges writing at once against the production server (gunicorn, 2 workers, SQLite):
no answer is a 500 "database is locked" (WAL, immediate write transactions, busy timeout)."""
import json
import os
import sqlite3
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from benchmarks._gunicorn import production_server, request
from tests.judgeapp.sandbox.test_api import board

WRITERS = 20
ROUNDS = 8


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    var_dir = tmp_path_factory.mktemp("judgeapp-concurrency")
    # The server's log kept beside its data: a 500 is reported with the traceback that caused it.
    previous = os.environ.get("JUDGEAPP_SERVER_LOG")
    os.environ["JUDGEAPP_SERVER_LOG"] = str(var_dir / "server.log")
    try:
        with production_server(var_dir, workers=2) as (base, _):
            yield base, var_dir
    finally:
        if previous is None:
            os.environ.pop("JUDGEAPP_SERVER_LOG", None)
        else:
            os.environ["JUDGEAPP_SERVER_LOG"] = previous


def _tracebacks(var_dir) -> str:
    """The server log's tracebacks (the last 4000 characters of them), for a failure's message."""
    try:
        log = (var_dir / "server.log").read_text(errors="replace")
    except FileNotFoundError:
        return ""
    start = log.find("Traceback")
    return log[start:][-4000:] if start >= 0 else ""


def _judge(base: str, number: int) -> list[int]:
    """Create a scenario, then step and undo it: every write a transaction of its own."""
    status, created = request(base, "POST", "/api/v1/scenarios/", {"scenario": board(), "title": f"judge {number}"})
    statuses = [status]
    if status != 201:
        return statuses
    owner = {"X-Sandbox-Owner": created["owner_token"]}
    for _ in range(ROUNDS):
        statuses.append(request(base, "POST", f"/api/v1/scenarios/{created['id']}/step/", {"mode": "decision"},
                                owner)[0])
        statuses.append(request(base, "PATCH", f"/api/v1/scenarios/{created['id']}/", {"tags": [f"t{number}"]},
                                owner)[0])
    return statuses


def test_twenty_judges_writing_at_once_see_no_server_error(server):
    base, var_dir = server
    with ThreadPoolExecutor(WRITERS) as pool:
        statuses = Counter(s for result in pool.map(lambda n: _judge(base, n), range(WRITERS)) for s in result)
    assert not any(code >= 500 for code in statuses), (statuses, _tracebacks(var_dir))
    assert statuses[201] == WRITERS, statuses
    assert sum(statuses.values()) == WRITERS * (1 + 2 * ROUNDS)


def test_the_production_database_is_in_wal_mode(server):
    _, var_dir = server
    with sqlite3.connect(var_dir / "judgeapp.sqlite3") as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def _script_board(actions: int, cards: int = 196) -> dict:
    """A 200-card scenario whose script moves one card between hand and drop zone ``actions`` times."""
    unit = {"name": "Unit", "grade": 1, "power": 8000, "shield": 5000}
    players = [{"field": {"vanguard": {"id": f"v{p}", "name": "Vanguard", "grade": 3, "power": 13000}},
                "hand": [dict(unit, id=f"h{p}")], "deck": [dict(unit, id=f"p{p}-{i}") for i in range(cards // 2)]}
               for p in (0, 1)]
    script = [{"do": {"kind": "judge_move", "card": "h0", "zone": "drop" if i % 2 == 0 else "hand"}}
              for i in range(actions)]
    return {"format": "judgeapp-scenario/2", "seed": 1, "turn": 2, "turn_player": 0, "first_player": 1,
            "phase": "main", "players": players, "script": script}


def test_the_largest_import_allowed_does_not_delay_another_boards_writes(server):
    from django.conf import settings

    base, _ = server
    status, other = request(base, "POST", "/api/v1/scenarios/", {"scenario": board()})
    assert status == 201
    owner = {"X-Sandbox-Owner": other["owner_token"]}
    imported = {}

    def import_largest():
        imported["answer"] = request(base, "POST", "/api/v1/scenarios/", _script_board(
            settings.SANDBOX_MAX_SCRIPT_ACTIONS), timeout=120)
    importer = threading.Thread(target=import_largest)
    importer.start()
    latencies = []
    while importer.is_alive():
        started = time.perf_counter()
        status, _ = request(base, "PATCH", f"/api/v1/scenarios/{other['id']}/", {"tags": [f"t{len(latencies)}"]},
                            owner)
        assert status == 200
        if importer.is_alive():  # this write ran while the import was being replayed
            latencies.append(time.perf_counter() - started)
    importer.join()
    status, body = imported["answer"]
    assert status == 201, body
    assert latencies, "no write ran during the import"
    assert max(latencies) < 1.0, latencies


def test_a_write_that_waits_past_the_bound_answers_503_with_retry_after(server):
    from django.conf import settings

    from judgeapp.write_queue import WriteQueue

    base, var_dir = server
    status, created = request(base, "POST", "/api/v1/scenarios/", {"scenario": board()})
    assert status == 201
    holder = WriteQueue(str(var_dir / "judgeapp.sqlite3") + ".write-queue")
    holder.acquire()  # another writer holding the database's write lock
    try:
        started = time.perf_counter()
        req = urllib.request.Request(f"{base}/api/v1/scenarios/{created['id']}/", method="PATCH",
                                     data=json.dumps({"title": "held up"}).encode(),
                                     headers={"Content-Type": "application/json",
                                              "X-Sandbox-Owner": created["owner_token"]})
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(req, timeout=60)
        took = time.perf_counter() - started
    finally:
        holder.release()
    assert answer.value.code == 503 and answer.value.headers["Retry-After"] == "2"
    assert json.loads(answer.value.read())["error"] == "busy"
    assert settings.WRITE_LOCK_WAIT_SECONDS <= took < settings.WRITE_LOCK_WAIT_SECONDS + 2
    status, after = request(base, "GET", f"/api/v1/scenarios/{created['id']}/", None,
                            {"X-Sandbox-Owner": created["owner_token"]})
    assert status == 200 and after["title"] == ""  # nothing was saved
