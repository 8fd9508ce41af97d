"""Sandbox reads (judgeapp/sandbox/selectors.py): scenarios by id and link, the history's path and branches,
the log to any point, player views of the log, examples."""
import pytest

from judgeapp.sandbox import selectors, services
from judgeapp.sandbox.models import Scenario
from tests.judgeapp.sandbox.test_api import board
from tests.judgeapp.sandbox.test_concurrency import DAMAGE

pytestmark = pytest.mark.django_db


@pytest.fixture
def branched() -> Scenario:
    """0 -> 1 (damage 1) -> 2 (damage 2); 1 -> 3 (damage 0); 0 -> 4 (one event); the cursor at 2."""
    scenario = services.scenario_create(definition=board(), start=True)
    for count in (1, 2):
        services.scenario_act(scenario=scenario, action=dict(DAMAGE, count=count), then="none")
    services.scenario_goto(scenario=scenario, node=1)
    services.scenario_act(scenario=scenario, action=dict(DAMAGE, count=0), then="none")
    services.scenario_goto(scenario=scenario, node=0)
    services.scenario_step(scenario=scenario, mode="event")
    services.scenario_goto(scenario=scenario, node=2)
    return Scenario.objects.get(pk=scenario.pk)


def test_a_scenario_is_found_by_id_and_by_each_link_and_nothing_else():
    scenario = services.scenario_create(definition=board())
    assert selectors.scenario_get(scenario_id=str(scenario.pk)) == scenario
    assert selectors.scenario_get_shared(token=scenario.share_token) == scenario
    assert selectors.scenario_get_for_player(token=scenario.player1_token) == (scenario, "p1")
    for bad in ("not-a-uuid", "00000000-0000-0000-0000-000000000000"):
        with pytest.raises(selectors.ScenarioNotFound):
            selectors.scenario_get(scenario_id=bad)
    for lookup in (selectors.scenario_get_shared, selectors.scenario_get_for_player):
        for token in ("", "x" * 65, scenario.owner_token):
            with pytest.raises(selectors.ScenarioNotFound):
                lookup(token=token)
    # a write's read leaves the large fields to its locked read
    deferred = selectors.scenario_get(scenario_id=scenario.pk, for_write=True).get_deferred_fields()
    assert set(selectors.HEAVY_FIELDS) <= deferred


def test_the_history_view_is_the_current_path_with_each_points_choice(branched):
    points = selectors.history_view(scenario=branched)
    assert [p["id"] for p in points] == [0, 1, 2]
    assert [p["action"] for p in points] == [None, dict(DAMAGE, count=1), dict(DAMAGE, count=2)]
    assert [p["mode"] for p in points] == [None, "none", "none"]
    assert [p["current"] for p in points] == [False, False, True]
    assert all(p["events"] == 1 for p in points[1:])


def test_branches_are_numbered_in_the_order_they_were_made_with_where_they_split(branched):
    branches = selectors.branch_list(scenario=branched)
    assert [(b["number"], b["leaf"], b["split"], b["current"]) for b in branches] == [
        (1, 2, 0, True), (2, 3, 0, False), (3, 4, 0, False)]
    assert branches[1]["last_action"] == dict(DAMAGE, count=0) and branches[1]["depth"] == 2
    assert branches[2]["last_action"] is None and branches[2]["depth"] == 1
    services.scenario_goto(scenario=branched, node=3)
    assert [b["current"] for b in selectors.branch_list(scenario=branched)] == [False, True, False]


def test_the_log_runs_from_the_start_to_any_point(branched):
    whole = selectors.log_view(scenario=branched)
    assert [e["node"] for e in whole] == [1, 2]
    assert [e["node"] for e in selectors.log_view(scenario=branched, node=3)] == [1, 3]
    assert [e["kind"] for e in selectors.log_view(scenario=branched, node=0)] == []
    assert all(e["judge"] for e in whole) and "damage" in whole[0]["text"]
    events = selectors.node_events(scenario=branched, nodes=[0, 1, 3])
    assert events[0] == [] and len(events[1]) == len(events[3]) == 1


def test_the_state_at_any_point_and_the_current_one_kept_after_a_write(branched):
    first, third = selectors.state_get(scenario=branched, node=1), selectors.state_get(scenario=branched, node=3)
    assert first.to_json() != third.to_json()
    assert selectors.state_get(scenario=branched, node=99) is None
    node = services.scenario_act(scenario=branched, action=dict(DAMAGE, count=3), then="none")
    assert selectors.state_get(scenario=branched) is branched.current_state[1]
    assert branched.current_state[0] == node["id"]


def test_a_player_view_of_the_log_hides_what_that_player_cannot_see():
    scenario = services.scenario_create(definition=board(), start=True)
    services.scenario_act(scenario=scenario, action={"kind": "judge_move", "card": "b-h1", "zone": "hand",
                                                     "player": 1}, then="none")
    services.scenario_act(scenario=scenario, action={"kind": "judge_move", "card": "a-d1", "zone": "hand",
                                                     "player": 0}, then="none")
    state = selectors.state_get(scenario=scenario)
    judge = " ".join(e["text"] for e in selectors.log_view(scenario=scenario, state=state))
    opponent = " ".join(e["text"] for e in selectors.log_view(scenario=scenario, view="p1", state=state))
    assert "Crit" in judge and "Crit" not in opponent and selectors.HIDDEN_TEXT in opponent
    with pytest.raises(ValueError):
        selectors.log_view(scenario=scenario, view="p0")


def test_a_board_not_started_has_no_history():
    draft = services.scenario_create(definition=board())
    assert selectors.history_view(scenario=draft) == selectors.branch_list(scenario=draft) == []
    assert selectors.log_view(scenario=draft) == [] and selectors.state_get(scenario=draft) is None


def test_examples_are_listed_and_each_read_as_a_fresh_copy():
    listed = {e["slug"]: e for e in selectors.example_list()}
    assert "playbook-q01" in listed and listed["playbook-q01"]["game"] == "vanguard"
    first = selectors.example_get(slug="playbook-q01")
    first["players"] = None
    assert selectors.example_get(slug="playbook-q01")["players"] is not None
    with pytest.raises(selectors.ScenarioNotFound):
        selectors.example_get(slug="no-such-example")


def test_a_short_list_of_examples_shows_every_hosted_game():
    from judgeapp.sandbox import games

    listed = selectors.example_list_each_game_in_turn()
    assert sorted(e["slug"] for e in listed) == sorted(e["slug"] for e in selectors.example_list())
    with_examples = [slug for slug in games.slugs() if any(e["game"] == slug for e in listed)]
    assert [e["game"] for e in listed[:len(with_examples)]] == with_examples
