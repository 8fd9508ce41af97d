"""judgeapp migrations that change existing rows.

Migrating needs transactional database access, which flushes every table
afterwards: the vendored corpus the other tests read is loaded back after.
"""
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
        MigrationExecutor(connection).migrate(executor.loader.graph.leaf_nodes("judgeapp"))
    new = MigrationExecutor(connection).loader.project_state(AFTER).apps.get_model("judgeapp", "Scenario")
    rows = list(new.objects.filter(pk__in=ids).values_list("player0_token", "player1_token", "share_token"))
    tokens = [t for row in rows for t in row[:2]]
    assert len(rows) == 3 and all(len(t) >= 32 for t in tokens)
    assert len(set(tokens)) == 6 and not set(tokens) & {row[2] for row in rows}
