"""Two writers on one scenario: each write builds on the last committed history; a stale writer gets a 409."""
import pytest

from judgeapp.sandbox import services, validation
from judgeapp.sandbox.models import Scenario
from tests.judgeapp.sandbox.test_api import API, board, post

pytestmark = pytest.mark.django_db


DAMAGE = {"kind": "judge_set_damage", "player": 1, "count": 1}


def _started() -> Scenario:
    return services.scenario_create(definition=board(), start=True)


def test_a_writer_holding_a_stale_copy_appends_after_the_other_writer_instead_of_colliding():
    scenario = _started()
    first, second = Scenario.objects.get(pk=scenario.pk), Scenario.objects.get(pk=scenario.pk)
    services.scenario_act(scenario=first, action=DAMAGE, then="none")
    # `second` was read before `first` wrote: without re-reading under the lock it would reuse node 1.
    node = services.scenario_act(scenario=second, action=dict(DAMAGE, count=2), then="none")
    assert node["id"] == 2 and node["parent"] == 1
    tree = Scenario.objects.get(pk=scenario.pk).tree
    assert [n["id"] for n in tree["nodes"]] == [0, 1, 2] and tree["current"] == 2
    assert scenario.snapshots.count() == 3


def test_two_writers_from_the_same_point_give_one_success_and_one_conflict():
    scenario = _started()
    first, second = Scenario.objects.get(pk=scenario.pk), Scenario.objects.get(pk=scenario.pk)
    services.scenario_step(scenario=first, mode="event", from_node=0)
    with pytest.raises(validation.ScenarioConflict) as caught:
        services.scenario_step(scenario=second, mode="event", from_node=0)
    assert caught.value.current == 1 and "reload" in caught.value.message
    assert len(Scenario.objects.get(pk=scenario.pk).tree["nodes"]) == 2


def test_the_api_answers_a_stale_write_with_409_and_a_message_to_reload(client):
    created = post(client, API, {"scenario": board(), "title": "Race"}).json()
    sid, seen = created["id"], created["current"]
    assert post(client, f"{API}{sid}/step/", {"mode": "event", "from_node": seen}).status_code == 200
    stale = post(client, f"{API}{sid}/step/", {"mode": "event", "from_node": seen})
    assert stale.status_code == 409
    body = stale.json()
    assert body["error"] == "conflict" and "reload" in body["message"] and body["current"] == seen + 1
    stale_undo = post(client, f"{API}{sid}/undo/", {"from_node": seen})
    assert stale_undo.status_code == 409
    assert client.get(f"{API}{sid}/").json()["current"] == seen + 1


def test_the_page_answers_a_stale_form_with_409_and_keeps_the_history(client):
    created = post(client, API, {"scenario": board(), "title": "Race"}).json()
    sid = created["id"]
    url = f"/sandbox/{sid}/play/"
    assert client.post(url, {"op": "step", "mode": "event", "from_node": "0"}).status_code == 302
    page = client.post(url, {"op": "step", "mode": "event", "from_node": "0"})
    assert page.status_code == 409 and "reload" in page.content.decode()
    assert len(Scenario.objects.get(pk=sid).tree["nodes"]) == 2


# ---------------------------------------------------------------- planned writes (history_writes.scenario_write)
def _write_meanwhile(monkeypatch, other_write):
    """Make the next engine run (services._compute, inside a write planned without the lock) first let
    ``other_write`` commit: the planned write then finds the revision it read is gone."""
    original = services._compute
    calls = {"n": 0}

    def run(timeline, action, mode):
        if action is not None:  # the other writer's own action: not the planned step counted here
            return original(timeline, action, mode)
        calls["n"] += 1
        if calls["n"] == 1:
            other_write()
        return original(timeline, action, mode)

    monkeypatch.setattr(services, "_compute", run)
    return calls


def test_every_save_counts_a_revision():
    scenario = _started()
    before = Scenario.objects.get(pk=scenario.pk).revision
    services.scenario_act(scenario=scenario, action=DAMAGE, then="none")
    services.meta_update(scenario=scenario, data={"title": "Counted"})
    assert Scenario.objects.get(pk=scenario.pk).revision == before + 2


def test_a_planned_write_that_lost_the_race_runs_again_on_the_winners_tree(monkeypatch):
    scenario = _started()
    other = Scenario.objects.get(pk=scenario.pk)
    calls = _write_meanwhile(monkeypatch, lambda: services.scenario_act(scenario=other, action=DAMAGE, then="none"))
    node = services.scenario_step(scenario=scenario, mode="event")
    assert calls["n"] == 2  # planned once, lost, run again under the lock
    tree = Scenario.objects.get(pk=scenario.pk).tree
    assert [n["id"] for n in tree["nodes"]] == [0, 1, 2]
    assert node["id"] == 2 and node["parent"] == 1 and tree["current"] == 2
    assert sorted(scenario.snapshots.values_list("node", flat=True)) == [0, 1, 2]


def test_a_planned_write_that_lost_the_race_from_a_point_that_moved_is_a_conflict(monkeypatch):
    scenario = _started()
    other = Scenario.objects.get(pk=scenario.pk)
    _write_meanwhile(monkeypatch, lambda: services.scenario_act(scenario=other, action=DAMAGE, then="none"))
    with pytest.raises(validation.ScenarioConflict):
        services.scenario_step(scenario=scenario, mode="event", from_node=0)
    tree = Scenario.objects.get(pk=scenario.pk).tree
    assert len(tree["nodes"]) == 2 and tree["current"] == 1
    assert scenario.snapshots.count() == 2


def test_a_planned_write_that_won_saves_once_and_the_answer_shows_its_events():
    scenario = _started()
    before = Scenario.objects.get(pk=scenario.pk).revision
    node = services.scenario_act(scenario=scenario, action=DAMAGE, then="none")
    saved = Scenario.objects.get(pk=scenario.pk)
    assert saved.revision == before + 1 and saved.tree["current"] == node["id"] == 1
    assert node["events"] and saved.tree["nodes"][1]["event_count"] == len(node["events"])
    assert scenario.updated == saved.updated  # the caller's copy is the saved one
