"""Sandbox migrations that change existing rows, and the move of the sandbox tables to their own app.

Migrating needs transactional database access, which flushes every table
afterwards: the vendored corpus the other tests read is loaded back after.
"""
import json

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("judgeapp", "0001_scenario_and_snapshots")]
AFTER = [("judgeapp", "0002_scenario_player_tokens")]


@pytest.fixture(scope="module")
def corpus_restored(django_db_blocker):
    yield
    from rulesdb import services

    with django_db_blocker.unblock():
        services.vendored_load()


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("corpus_restored")
def test_player_tokens_are_filled_in_with_distinct_values_for_existing_scenarios():
    executor = MigrationExecutor(connection)
    try:
        executor.migrate(BEFORE)
        old = executor.loader.project_state(BEFORE).apps.get_model("judgeapp", "Scenario")
        ids = [old.objects.create(definition={}).pk for _ in range(3)]
        executor.loader.build_graph()
        executor.migrate(AFTER)
    finally:
        MigrationExecutor(connection).migrate(executor.loader.graph.leaf_nodes())
    # Read at today's head: the rows have since moved to the sandbox app's tables.
    from judgeapp.sandbox.models import Scenario

    rows = list(Scenario.objects.filter(pk__in=ids).values_list("player0_token", "player1_token", "share_token"))
    tokens = [t for row in rows for t in row[:2]]
    assert len(rows) == 3 and all(len(t) >= 32 for t in tokens)
    assert len(set(tokens)) == 6 and not set(tokens) & {row[2] for row in rows}


def _tables() -> set[str]:
    return set(connection.introspection.table_names())


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("corpus_restored")
def test_a_saved_scenario_survives_the_move_to_the_sandbox_app_and_still_opens(client):
    from tests.judgeapp.sandbox.test_api import API, board, post

    created = post(client, API, {"scenario": board(), "title": "Moved board"}).json()
    sid = created["id"]
    assert post(client, f"{API}{sid}/step/", {"mode": "decision"}).status_code == 200
    executor = MigrationExecutor(connection)
    try:
        # Back to the layout before the move: the rows live in judgeapp_* tables again ...
        executor.migrate([("judgeapp", "0002_scenario_player_tokens"), ("sandbox", None)])
        assert {"judgeapp_scenario", "judgeapp_scenariosnapshot"} <= _tables()
        assert not {"sandbox_scenario", "sandbox_scenariosnapshot"} & _tables()
        with connection.cursor() as cursor:
            cursor.execute("SELECT title, tree FROM judgeapp_scenario")
            rows = cursor.fetchall()
        assert [row[0] for row in rows] == ["Moved board"] and json.loads(rows[0][1])["nodes"]
    finally:
        # ... and forward again to today's head.
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
    assert {"sandbox_scenario", "sandbox_scenariosnapshot"} <= _tables()
    assert not {"judgeapp_scenario", "judgeapp_scenariosnapshot"} & _tables()
    page = client.get(f"/sandbox/{sid}/")
    assert page.status_code == 200 and "Moved board" in page.content.decode()
    again = post(client, f"{API}{sid}/answer/", {"action": {"kind": "attack", "card": "a-vg"}})
    assert again.status_code == 200, again.content[:300]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("corpus_restored")
def test_events_move_from_the_tree_to_the_snapshots_and_back(client):
    from tests.judgeapp.sandbox.test_api import API, board, post

    sid = post(client, API, {"scenario": board(), "title": "Events"}).json()["id"]
    post(client, f"{API}{sid}/step/", {"mode": "decision"})
    stepped = post(client, f"{API}{sid}/answer/", {"action": {"kind": "attack", "card": "a-vg"}}).json()
    log = client.get(f"{API}{sid}/").json()["log"]
    assert stepped["events"] and log
    executor = MigrationExecutor(connection)
    try:
        executor.migrate([("sandbox", "0007_scenario_revision")])
        with connection.cursor() as cursor:
            cursor.execute("SELECT tree FROM sandbox_scenario WHERE title = 'Events'")
            tree = json.loads(cursor.fetchone()[0])
        # Backward: the events are in the tree again, as the engine wrote them.
        node = stepped["node"]
        assert [e["text"] for e in tree["nodes"][node]["events"]] == [e["text"] for e in stepped["events"]]
        assert "event_count" not in tree["nodes"][node]
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
    from judgeapp.sandbox.models import Scenario

    tree = Scenario.objects.get(title="Events").tree
    node = stepped["node"]
    assert "events" not in tree["nodes"][node] and tree["nodes"][node]["event_count"] == len(stepped["events"])
    assert client.get(f"{API}{sid}/").json()["log"] == log
