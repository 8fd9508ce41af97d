"""The adapter between a board's history and the database (judgeapp/sandbox/history.py): the stored tree reads
as the engine's Timeline and is written back unchanged but for what a write adds, rows stored before the
adapter existed (act points without a run's name) open and step."""
import pytest

from engine.core.timeline import DECISION
from judgeapp.sandbox import history, selectors, services
from judgeapp.sandbox.models import Scenario
from tests.judgeapp.sandbox.test_api import board
from tests.judgeapp.sandbox.test_concurrency import DAMAGE

pytestmark = pytest.mark.django_db


def _played() -> Scenario:
    scenario = services.scenario_create(definition=board(), start=True)
    services.scenario_act(scenario=scenario, action=dict(DAMAGE, count=1))
    services.scenario_act(scenario=scenario, action=dict(DAMAGE, count=2), then="none")
    services.scenario_goto(scenario=scenario, node=0)
    services.scenario_step(scenario=scenario, mode="event")
    return Scenario.objects.get(pk=scenario.pk)


def test_the_stored_tree_reads_as_a_timeline_and_writes_back_the_same():
    scenario = _played()
    timeline = history.timeline_of(scenario)
    assert [(n.parent, n.run) for n in timeline.nodes] == [(None, DECISION), (0, DECISION), (1, None), (0, "event")]
    assert [n.state for n in timeline.nodes] == [None] * 4  # nothing read yet
    assert timeline.state.to_json() == services.scenario_state(scenario=scenario).to_json()
    assert history.tree_of(timeline) == scenario.tree
    assert history.timeline_of(scenario) is timeline  # one build per read of the tree


def test_a_row_stored_before_runs_were_named_opens_and_steps():
    """Act points saved without ``mode`` (their run was the next decision) and no ``stored`` total."""
    scenario = _played()
    old_tree = scenario.tree
    old_tree.pop("stored")
    for node in old_tree["nodes"]:
        if node["action"] is not None and node.get("mode") == "decision":
            del node["mode"]
    Scenario.objects.filter(pk=scenario.pk).update(tree=old_tree)
    row = Scenario.objects.get(pk=scenario.pk)
    assert [p["id"] for p in selectors.history_view(scenario=row)] == [0, 3]
    assert len(selectors.branch_list(scenario=row)) == 2
    services.scenario_goto(scenario=row, node=1)
    assert [e["node"] for e in selectors.log_view(scenario=row)] == [1]
    stepped = services.scenario_act(scenario=row, action=dict(DAMAGE, count=0), then="none")
    assert stepped["id"] == 4 and stepped["parent"] == 1
    saved = Scenario.objects.get(pk=scenario.pk).tree
    assert "mode" not in saved["nodes"][1]  # what was stored stays as it was
    assert saved["nodes"][4]["mode"] == "none" and saved["stored"] > 0
    # the same choice as the old point re-enters it
    services.scenario_goto(scenario=row, node=0)
    assert services.scenario_act(scenario=row, action=dict(DAMAGE, count=1))["id"] == 1
    exported = services.scenario_export(scenario=row)
    copy = services.scenario_import(data=exported)
    assert [n["parent"] for n in copy.tree["nodes"]] == [n["parent"] for n in saved["nodes"]]


def test_a_write_appends_one_node_and_moves_the_cursor_in_the_stored_tree():
    scenario = _played()
    before = scenario.tree["nodes"][:]
    node = services.scenario_act(scenario=scenario, action=dict(DAMAGE, count=3), then="event")
    saved = Scenario.objects.get(pk=scenario.pk).tree
    assert saved["nodes"][:len(before) - 1] == before[:-1]
    assert saved["nodes"][-1] == {k: v for k, v in node.items() if k != "events"}
    assert node["mode"] == "event" and saved["current"] == node["id"] == 4 and 4 in saved["nodes"][3]["children"]
