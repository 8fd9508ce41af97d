"""How sandbox writes are saved (judgeapp/sandbox/history_writes.py): an import's history built in memory
and stored in one short transaction, the same history a judge's clicks would have made."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from judgeapp.sandbox import services
from judgeapp.sandbox.models import GameStateText, Scenario, ScenarioSnapshot
from tests.judgeapp.sandbox.test_api import board
from tests.judgeapp.sandbox.test_concurrency import DAMAGE

pytestmark = pytest.mark.django_db


def _script(actions: int) -> list[dict]:
    return [{"do": dict(DAMAGE, count=i % 3)} for i in range(actions)]


def _history(scenario: Scenario) -> tuple:
    """The tree and every node's state and events, as stored."""
    scenario.refresh_from_db()
    rows = sorted(scenario.snapshots.values_list("node", "state__text", "events__text"))
    tree = {k: v for k, v in scenario.tree.items() if k != "stored"}
    return tree, rows


def test_an_import_stores_the_history_its_replay_through_the_database_makes():
    by_hand = services.scenario_create(definition=board(), start=True)
    for i in range(4):
        services.scenario_act(scenario=by_hand, action=dict(DAMAGE, count=i % 3))
    services.scenario_goto(scenario=by_hand, node=2)
    services.scenario_act(scenario=by_hand, action=dict(DAMAGE, count=2), then="none")
    exported = services.scenario_export(scenario=by_hand)
    assert exported["branches"]  # the import replays a branch from the start too
    # With its points the import rebuilds the very history exported, numbers included.
    assert _history(services.scenario_import(data=exported)) == _history(by_hand)
    del exported["history"]  # a file without its points: its lines are replayed
    imported = services.scenario_import(data=exported)
    # The same replay, one saved write per step as before imports were built in memory.
    reference = services.scenario_create(definition=imported.definition, start=True)
    services._replay(reference, [item["do"] for item in exported["script"]], list(range(len(exported["script"]))),
                     "scenario.script")
    main_end = reference.tree["current"]
    for branch in exported["branches"]:
        services.scenario_goto(scenario=reference, node=0)
        services._replay(reference, [item["do"] for item in branch["script"]],
                         list(range(len(branch["script"]))), "branch")
    services.scenario_goto(scenario=reference, node=main_end)
    assert _history(imported) == _history(reference)
    assert imported.tree["stored"] > 0


def test_an_import_writes_with_the_same_few_statements_whatever_its_length():
    def statements(actions: int) -> int:
        with CaptureQueriesContext(connection) as queries:
            services.scenario_import(data=board(script=_script(actions)))
        return len(queries)
    short, long = statements(3), statements(60)
    assert long == short and long <= 12, (short, long)  # no statement per replayed action


def test_an_import_refused_halfway_stores_nothing():
    before = (Scenario.objects.count(), ScenarioSnapshot.objects.count(), GameStateText.objects.count())
    script = _script(5) + [{"do": {"kind": "judge_move", "card": "nope", "zone": "drop"}}]
    with pytest.raises(services.SandboxError) as refused:
        services.scenario_import(data=board(script=script))
    assert refused.value.field.startswith("scenario.script[5]")
    assert (Scenario.objects.count(), ScenarioSnapshot.objects.count(), GameStateText.objects.count()) == before
