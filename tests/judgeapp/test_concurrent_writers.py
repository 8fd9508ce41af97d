"""Many judges writing at once against the production server (gunicorn, 2 workers, SQLite):
no answer is a 500 "database is locked" (WAL, immediate write transactions, busy timeout)."""
import sqlite3
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
    with production_server(var_dir, workers=2) as (base, _):
        yield base, var_dir


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
    assert statuses[201] == WRITERS, statuses
    assert not any(code >= 500 for code in statuses), statuses
    assert sum(statuses.values()) == WRITERS * (1 + 2 * ROUNDS)


def test_the_production_database_is_in_wal_mode(server):
    _, var_dir = server
    with sqlite3.connect(var_dir / "judgeapp.sqlite3") as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
