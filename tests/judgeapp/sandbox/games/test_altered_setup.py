"""judgeapp.sandbox.games.altered_setup: the builder's adventure (expedition regions, Tumult regions) on a draft,
through the builder's page, started as a board; and the judge's form removing a statistic change."""
import pytest

from judgeapp.sandbox.games import altered_setup
from judgeapp.sandbox.models import Scenario
from judgeapp.sandbox.validation import SandboxError

from tests.judgeapp.sandbox.test_api import API, create, post
from .test_altered import altered_board

pytestmark = pytest.mark.django_db


def test_setup_apply_sets_regions_and_the_track_and_drops_what_is_default():
    definition = {"game": "altered", "players": [{}, {}]}
    data = {"hero_at_0": "2", "companion_at_0": "6", "hero_at_1": "0", "companion_at_1": "7",
            **{f"region_{i}": t for i, t in zip(range(1, 7), ("forest", "mountain", "water", "forest+water",
                                                               "mountain", "forest+mountain"))},
            "face_down_4": "on"}
    out = altered_setup.setup_apply(definition, data)
    assert out["players"][0] == {"hero_at": 2, "companion_at": 6} and out["players"][1] == {}
    assert out["track"][4] == {"types": ["forest", "water"], "revealed": False}
    assert out["track"][3] == {"types": ["water"], "revealed": True} and definition == {"game": "altered",
                                                                                          "players": [{}, {}]}
    values = altered_setup.setup_values(out)
    assert values["at"]["hero_at_0"] == 2 and values["regions"][3] == {"index": 4, "types": "forest+water",
                                                                       "face_down": True}


@pytest.mark.parametrize("data, field", [
    ({"hero_at_0": "5", "companion_at_0": "5"}, "hero_at_0"),
    ({"hero_at_1": "9"}, "hero_at_1"),
    ({"region_2": "lava"}, "region_2"),
])
def test_setup_apply_refuses_a_mistake_with_its_field(data, field):
    with pytest.raises(SandboxError) as refused:
        altered_setup.setup_apply({"game": "altered", "players": [{}, {}]}, data)
    assert refused.value.field == field


def test_the_builder_sets_the_adventure_and_the_board_starts_there(client):
    draft = client.post("/sandbox/new/", {"game": "altered"})["Location"]
    page = client.get(draft).content.decode()
    assert 'id="sb-adventure"' in page and 'name="region_3"' in page
    fields = {"op": "game_setup", "hero_at_0": "1", "companion_at_0": "7", "hero_at_1": "0", "companion_at_1": "5",
              **{f"region_{i}": "water" for i in range(1, 7)}}
    assert client.post(draft + "build/", fields).status_code == 302
    scenario = Scenario.objects.get(id=draft.strip("/").split("/")[-1])
    assert scenario.definition["players"][1]["companion_at"] == 5
    assert all(r["types"] == ["water"] for r in scenario.definition["track"][1:7])
    bad = client.post(draft + "build/", dict(fields, hero_at_1="6"))
    assert bad.status_code == 400 and "must stand before the companion expedition" in bad.content.decode()
    for p in (0, 1):
        client.post(draft + "build/", {"op": "quick", "player": str(p), "zone": "hero", "line": "hero Sierra"})
    client.post(draft + "build/", {"op": "fill_decks"})
    assert client.post(draft + "build/", {"op": "start"}).status_code == 302
    board = client.get(f"{API}{scenario.id}/").json()["board"]
    assert [e["region"] for e in board["players"][1]["expeditions"]] == [0, 5]
    assert board["players"][0]["expeditions"][0]["region"] == 1


def test_the_judge_removes_a_statistic_change_from_the_form(client):
    sid = create(client, altered_board(), title="Modifiers")["id"]
    assert 'id="sb-remove-modifier"' not in client.get(f"/sandbox/{sid}/").content.decode()
    post(client, f"{API}{sid}/answer/", {"action": {"kind": "judge_modifier", "card": "swimmer", "stat": "water",
                                                    "amount": 2, "duration": "day"}, "then": "none"})
    page = client.get(f"/sandbox/{sid}/").content.decode()
    assert 'id="sb-remove-modifier"' in page
    before = client.get(f"{API}{sid}/").json()["board"]
    modifier = before["modifiers"][0]
    assert before["players"][1]["zones"]["companion_expedition"]["cards"][0]["stats"]["water"] == 4
    removed = client.post(f"/sandbox/{sid}/play/", {"op": "judge", "kind": "judge_remove_modifier",
                                                    "modifier": str(modifier["order"])})
    assert removed.status_code == 302
    body = client.get(f"{API}{sid}/").json()["board"]
    assert body["modifiers"] == []
    assert body["players"][1]["zones"]["companion_expedition"]["cards"][0]["stats"]["water"] == 2
