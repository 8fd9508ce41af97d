"""Sandbox services: what a judge reads when the engine itself fails during a run."""
import dataclasses
import logging

import pytest

from engine.core import games as engine_games
from judgeapp.sandbox import selectors, services

pytestmark = pytest.mark.django_db


def test_an_engine_failure_in_a_run_shows_no_exception_text_and_is_logged(monkeypatch, caplog):
    scenario = services.scenario_import(data=selectors.example_get(slug="playbook-q01"))
    vanguard = engine_games.get("vanguard")

    def broken(expectation, state, events):
        raise KeyError("/work/engine/vanguard/scenario.py")

    scenarios = dataclasses.replace(vanguard.scenarios, evaluate=broken)
    monkeypatch.setitem(engine_games.GAMES, "vanguard", dataclasses.replace(vanguard, scenarios=scenarios))
    with caplog.at_level(logging.ERROR, logger="judgeapp.sandbox.services"):
        result = services.scenario_run(scenario=scenario)
    failed = [check for check in result["checks"] if not check["passed"]]
    assert failed and all(check["detail"] == services.ENGINE_FAULT_SHOWN for check in failed), result
    assert "KeyError" not in str(result) and "/work/" not in str(result)
    assert "KeyError" in caplog.text


# ---------------------------------------------------------------- the history: undo, branches, export and import
from judgeapp.sandbox.models import Scenario  # noqa: E402
from judgeapp.sandbox.validation import SandboxError  # noqa: E402
from tests.judgeapp.sandbox.games.test_weiss import weiss_board  # noqa: E402
from tests.judgeapp.sandbox.test_api import board  # noqa: E402
from tests.judgeapp.sandbox.test_concurrency import DAMAGE  # noqa: E402


def _shape(scenario: Scenario) -> tuple:
    """Everything a link into the history names: each point's number, parent, action, run and state, the
    cursor, and each branch's number and leaf."""
    scenario.refresh_from_db()
    nodes = [(n["id"], n["parent"], n["action"], n.get("mode"), n["event_count"], n["children"])
             for n in scenario.tree["nodes"]]
    states = sorted(scenario.snapshots.values_list("node", "state_id", "events_id"))
    branches = [(b["number"], b["leaf"], b["split"]) for b in selectors.branch_list(scenario=scenario)]
    return nodes, scenario.tree["current"], states, branches


def _vanguard_branches() -> Scenario:
    """Four branches, the exported (current) one made after others, with a run of the engine alone among them."""
    scenario = services.scenario_create(definition=board(), start=True)
    services.scenario_act(scenario=scenario, action=dict(DAMAGE, count=1))             # 1
    services.scenario_act(scenario=scenario, action=dict(DAMAGE, count=2))             # 2
    services.scenario_undo(scenario=scenario)
    services.scenario_act(scenario=scenario, action=dict(DAMAGE, count=0), then="none")  # 3
    services.scenario_goto(scenario=scenario, node=0)
    services.scenario_step(scenario=scenario, mode="event")                              # 4
    services.scenario_act(scenario=scenario, action=dict(DAMAGE, count=2), then="none")  # 5
    services.scenario_goto(scenario=scenario, node=0)
    services.scenario_act(scenario=scenario, action=dict(DAMAGE, count=3), then="step")  # 6
    services.scenario_goto(scenario=scenario, node=3)
    return scenario


def _weiss_branches() -> Scenario:
    """Two attacks from the same decision (a run of one event after the first) and one event from the start;
    the current line is the second attack."""
    scenario = services.scenario_create(definition=weiss_board(), start=True)
    services.scenario_step(scenario=scenario, mode="decision")                           # 1
    services.scenario_act(scenario=scenario, action={"kind": "attack", "card": "a-knight", "type": "direct"},
                          then="none")                                                   # 2
    services.scenario_step(scenario=scenario, mode="event")                              # 3
    services.scenario_goto(scenario=scenario, node=1)
    services.scenario_act(scenario=scenario, action={"kind": "attack", "card": "a-m", "type": "direct"})  # 4
    services.scenario_goto(scenario=scenario, node=0)
    services.scenario_step(scenario=scenario, mode="event")                              # 5
    services.scenario_goto(scenario=scenario, node=4)
    return scenario


@pytest.mark.parametrize("make", [_vanguard_branches, _weiss_branches], ids=["vanguard", "weiss"])
def test_export_then_import_keeps_every_point_and_branch_number(make):
    original = make()
    assert len(selectors.branch_list(scenario=original)) >= 3
    copy = services.scenario_import(data=services.scenario_export(scenario=original))
    assert _shape(copy) == _shape(original)
    # A ruling link names a point: the same point's log in the copy.
    for node in range(len(original.tree["nodes"])):
        assert ([e["text"] for e in selectors.log_view(scenario=copy, node=node)]
                == [e["text"] for e in selectors.log_view(scenario=original, node=node)])


def test_an_export_from_a_point_imports_at_that_point_with_the_same_numbers():
    original = _vanguard_branches()
    copy = services.scenario_import(data=services.scenario_export(scenario=original, node=5))
    assert copy.tree["current"] == 5
    assert _shape(copy)[0] == _shape(original)[0]


def test_a_history_that_lists_a_point_twice_is_refused_naming_it():
    data = services.scenario_export(scenario=_vanguard_branches())
    data["history"]["points"].append(dict(data["history"]["points"][0]))
    with pytest.raises(SandboxError) as refused:
        services.scenario_import(data=data)
    assert refused.value.field == f"scenario.history.points[{len(data['history']['points']) - 1}]"
    assert "repeats point 1" in refused.value.message


def test_undo_then_another_choice_keeps_the_old_branch_and_the_same_choice_reenters_it():
    scenario = services.scenario_create(definition=board(), start=True)
    first = services.scenario_act(scenario=scenario, action=dict(DAMAGE, count=1), then="none")
    services.scenario_undo(scenario=scenario)
    second = services.scenario_act(scenario=scenario, action=dict(DAMAGE, count=2), then="none")
    assert (first["id"], second["id"]) == (1, 2)
    services.scenario_undo(scenario=scenario)
    again = services.scenario_act(scenario=scenario, action=dict(DAMAGE, count=1), then="none")
    assert again["id"] == 1 and len(scenario.tree["nodes"]) == 3
    # The same action with a different run is another choice: a new point.
    services.scenario_undo(scenario=scenario)
    assert services.scenario_act(scenario=scenario, action=dict(DAMAGE, count=1), then="event")["id"] == 3
    services.scenario_goto(scenario=scenario, node=0)
    with pytest.raises(SandboxError):
        services.scenario_undo(scenario=scenario)
    assert services.scenario_state(scenario=scenario).to_json() == services.timeline_export(
        scenario=scenario).nodes[0].state.to_json()


def test_an_undo_at_the_start_is_refused():
    scenario = services.scenario_create(definition=board(), start=True)
    with pytest.raises(SandboxError) as refused:
        services.scenario_undo(scenario=scenario)
    assert refused.value.field == "node"


def test_the_stored_history_reads_back_as_the_engine_timeline_it_was_played_as():
    scenario = _vanguard_branches()
    timeline = services.timeline_export(scenario=scenario)
    assert [n.id for n in timeline.path()] == [0, 1, 3]
    assert [n.run for n in timeline.nodes[1:]] == ["decision", "decision", None, "event", None, "step"]
    # Replaying the actions from the start with the engine alone reproduces every stored state.
    from engine import Timeline
    replay = Timeline(timeline.nodes[0].state, advance_first=False)
    replay.points = timeline.points
    for n in timeline.nodes[1:]:
        replay.goto(n.parent)
        assert replay.act(n.action, n.run).state.to_json() == n.state.to_json()


def test_an_import_whose_history_holds_more_points_than_the_limit_is_refused_before_replaying(settings):
    data = services.scenario_export(scenario=_vanguard_branches())
    settings.SANDBOX_MAX_SCRIPT_ACTIONS = len(data["history"]["points"]) - 1
    before = Scenario.objects.count()
    with pytest.raises(SandboxError) as refused:
        services.scenario_import(data=data)
    assert refused.value.field == "scenario.history.points" and "at most" in refused.value.message
    assert Scenario.objects.count() == before
