"""Two application servers (each `make serve`: nginx, gunicorn, its own search index) on one database.

On PostgreSQL when DATABASE_URL names one (`make test-postgres`: the servers use that database itself,
a scratch one), else on one SQLite file both servers open. A board written through one server is read
and stepped through the other; a document published through one (its own index rebuilt, as an
import does) is found by search on both within a bounded time: the other server's index follows
the database (rulesdb/search/index.py)."""
import os
import shutil
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pytest

from benchmarks._gunicorn import ROOT, production_server, request, server_env
from tests.judgeapp.sandbox.test_api import board

SHOWN = "ws-cr-it"
PUBLISHED_LATER = "altered-cr-it"
# Each server checks the database's generation at most every 5 s; then one rebuild of two documents.
BOUND_SECONDS = 60


def _database_url(var_a: Path) -> str:
    return os.environ.get("DATABASE_URL") or f"sqlite:///{var_a / 'judgeapp.sqlite3'}"


def _run(env: dict, code: str) -> str:
    done = subprocess.run([sys.executable, "-c", "import django; django.setup()\n" + code], cwd=ROOT, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    var_a, var_b = tmp_path_factory.mktemp("server-a"), tmp_path_factory.mktemp("server-b")
    url = _database_url(var_a)
    words = {}

    def prepare_a(var_dir: Path, env: dict) -> None:
        env["DATABASE_URL"] = url
        # One document shown, one loaded but not yet published; the index of what is published.
        words["query"] = _run(env, f"""
from django.core.management import call_command as run
from rulesdb.models import Clause, Document
run("migrate", interactive=False, verbosity=0)
run("collectstatic", interactive=False, verbosity=0)
run("load_rules", {SHOWN!r}, {PUBLISHED_LATER!r}, "--if-missing", verbosity=0)
Document.objects.filter(slug={PUBLISHED_LATER!r}).update(published=False)
run("rebuild_index", verbosity=0)
clause = Clause.objects.filter(document__slug={PUBLISHED_LATER!r}).exclude(title="").order_by("id").first()
print(clause.title)
""").strip()

    def prepare_b(var_dir: Path, env: dict) -> None:
        env["DATABASE_URL"] = url
        shutil.copytree(var_a / "staticfiles", var_dir / "staticfiles", dirs_exist_ok=True)
        _run(env, "from django.core.management import call_command as run\nrun('rebuild_index', verbosity=0)")

    extra = {"DATABASE_URL": url}
    with production_server(var_a, workers=1, extra_env=extra, prepare_with=prepare_a) as (base_a, _), \
            production_server(var_b, workers=1, extra_env=extra, prepare_with=prepare_b) as (base_b, _):
        yield {"a": base_a, "b": base_b, "var_a": var_a, "url": url, "query": words["query"]}


def test_a_board_written_through_one_server_is_read_and_stepped_through_the_other(servers):
    status, created = request(servers["a"], "POST", "/api/v1/scenarios/", {"scenario": board(), "title": "two servers"})
    assert status == 201
    path = f"/api/v1/scenarios/{created['id']}/"
    status, read = request(servers["b"], "GET", path)
    assert status == 200 and read["title"] == "two servers"
    owner = {"X-Sandbox-Owner": created["owner_token"]}
    status, stepped = request(servers["b"], "POST", path + "step/", {"mode": "decision"}, headers=owner)
    assert status == 200, stepped
    status, again = request(servers["a"], "GET", path)

    def without_address(answer: dict) -> dict:  # each server names itself in the board's address
        return {key: value for key, value in answer.items() if key != "url"}

    assert status == 200 and without_address(again) == without_address(request(servers["b"], "GET", path)[1])
    assert without_address(again) != without_address(read)  # the step taken through B is what A reads


def _found(base: str, query: str) -> bool:
    status, answer = request(base, "GET", "/api/v1/search/?" + urllib.parse.urlencode({"q": query}))
    assert status == 200, answer
    return PUBLISHED_LATER in str(answer)


def test_a_document_published_through_one_server_is_found_on_both_within_a_bound(servers):
    query = servers["query"]
    assert not _found(servers["a"], query) and not _found(servers["b"], query)
    env = {**server_env(servers["var_a"], 0, 1), "DATABASE_URL": servers["url"]}
    # Published through server A: the row, and A's own index rebuilt as the import hook does.
    _run(env, f"""
from rulesdb import search
from rulesdb.models import Document
Document.objects.filter(slug={PUBLISHED_LATER!r}).update(published=True)
search.index_rebuild()
""")
    assert _found(servers["a"], query)
    started = time.monotonic()
    while not _found(servers["b"], query):
        assert time.monotonic() - started < BOUND_SECONDS, f"server B's search still stale after {BOUND_SECONDS} s"
        time.sleep(1)
    print(f"found on the other server after {time.monotonic() - started:.1f} s")
