"""Sandbox API: the happy path, ownership, and hostile input (400/413 naming the field, nothing saved, no 500)."""
import json

import pytest

from judgeapp.sandbox.models import Scenario, ScenarioSnapshot

pytestmark = pytest.mark.django_db

API = "/api/v1/scenarios/"
G3 = {"name": "Vanilla G3", "grade": 3, "power": 13000, "keywords": ["twin_drive"], "clan": "A"}
G1 = {"name": "Boosting G1", "grade": 1, "power": 8000, "shield": 5000, "keywords": ["boost"], "clan": "A"}
CRIT = {"name": "Crit", "grade": 0, "power": 5000, "shield": 15000, "trigger": "critical", "clan": "A"}


def board(**extra) -> dict:
    data = {
        "format": "judgeapp-scenario/1", "seed": 1, "turn": 2, "turn_player": 0, "first_player": 1, "phase": "battle",
        "players": [
            {"field": {"vanguard": dict(G3, id="a-vg"), "back_centre": dict(G1, id="a-bc")},
             "deck": [dict(CRIT, id="a-d1"), dict(G1, id="a-d2"), dict(G1, id="a-d3")]},
            {"field": {"vanguard": dict(G3, id="b-vg")}, "hand": [dict(G1, id="b-h1")],
             "deck": [dict(G1, id=f"b-d{i}") for i in range(4)]},
        ],
    }
    data.update(extra)
    return data


def post(client, url, body, **headers):
    raw = body if isinstance(body, (bytes, str)) else json.dumps(body)
    return client.post(url, raw, content_type="application/json", **headers)


def assert_invalid(response, field_part: str, status: int = 400):
    assert response.status_code == status, response.content[:300]
    body = response.json()
    assert field_part in body["field"], body
    assert body["message"]
    return body


def create(client, scenario: dict, **fields) -> dict:
    """A scenario created through the API (``fields``: title, question...), as the API answers it."""
    response = post(client, API, {"scenario": scenario, **fields})
    assert response.status_code == 201, response.content
    return response.json()


@pytest.fixture
def created(client):
    return create(client, board(), title="Boost and guard")


def test_create_step_answer_undo_export_round_trip(client, created):
    sid = created["id"]
    assert created["owner"] and created["share_url"] and created["owner_token"]
    step = post(client, f"{API}{sid}/step/", {"mode": "decision"}).json()
    assert step["decision"]["kind"] == "attack"
    answered = post(client, f"{API}{sid}/answer/", {"action": {"kind": "attack", "card": "a-vg"}}).json()
    assert answered["decision"]["kind"] == "target"
    # A refused answer says why, with the clause, and changes nothing.
    refused = post(client, f"{API}{sid}/answer/", {"action": {"kind": "ride", "card": "a-d2"}})
    assert refused.status_code == 409
    assert refused.json()["reason"] and refused.json()["citation"]["number"]
    back = post(client, f"{API}{sid}/undo/", {}).json()
    assert back["decision"]["kind"] == "attack"
    exported = client.get(f"{API}{sid}/export/").json()
    assert exported["format"] == "judgeapp-scenario/2"
    assert exported["metadata"]["title"] == "Boost and guard"
    imported = post(client, API, exported)
    assert imported.status_code == 201
    assert imported.json()["board"]["players"][0]["circles"]["vanguard"][0]["name"] == "Vanilla G3"


def test_log_events_carry_reader_links(client, created):
    sid = created["id"]
    post(client, f"{API}{sid}/step/", {"mode": "decision"})
    post(client, f"{API}{sid}/answer/", {"action": {"kind": "attack", "card": "a-vg"}})
    log = client.get(f"{API}{sid}/").json()["log"]
    cited = [c for e in log for c in e["citations"]]
    assert cited and all(c["href"].startswith("/rules/vg-cr-it-2.2/") for c in cited)
    assert cited[0]["preview"] == cited[0]["href"] + "preview/"


def test_only_the_owner_or_staff_can_change_a_scenario(client, created, django_user_model):
    from django.test import Client

    sid = created["id"]
    stranger = Client()
    assert stranger.get(f"{API}{sid}/").status_code == 200
    assert stranger.get(f"{API}{sid}/").json()["owner"] is False
    assert "share_url" not in stranger.get(f"{API}{sid}/").json()
    assert post(stranger, f"{API}{sid}/step/", {"mode": "event"}).status_code == 403
    assert stranger.patch(f"{API}{sid}/", json.dumps({"title": "mine"}), content_type="application/json"
                          ).status_code == 403
    # The owner token works from another client (header), and a fork belongs to whoever made it.
    assert post(stranger, f"{API}{sid}/step/", {"mode": "event"},
                HTTP_X_SANDBOX_OWNER=created["owner_token"]).status_code == 200
    fork = post(stranger, f"{API}{sid}/fork/", {}).json()
    assert fork["owner"] is True and fork["forked_from"] == sid
    staff = django_user_model.objects.create_user("staff", password="pw", is_staff=True)
    stranger.force_login(staff)
    assert stranger.patch(f"{API}{sid}/", json.dumps({"title": "by staff"}), content_type="application/json"
                          ).status_code == 200
    assert Scenario.objects.get(pk=sid).title == "by staff"


def nothing_saved(before: int) -> None:
    assert Scenario.objects.count() == before
    assert ScenarioSnapshot.objects.filter(scenario__isnull=True).count() == 0


@pytest.mark.parametrize("mutate, field", [
    (lambda b: b.update(turn="two"), "scenario.turn"),
    (lambda b: b.update(players="both"), "scenario.players"),
    (lambda b: b["players"][0].update(graveyard=[]), "scenario.players[0].graveyard"),
    (lambda b: b["players"][0]["field"].update(centre_back=dict(G1, id="zz")), "centre_back"),
    (lambda b: b["players"][0]["deck"][0].update(colour="red"), "colour"),
    (lambda b: b["players"][0]["deck"][0].update(grade="3"), "grade"),
    (lambda b: b["players"][1]["hand"].append(dict(G1, id="a-vg")), "id"),
    (lambda b: b.update(bogus=1), "bogus"),
    (lambda b: b["players"][1].update(damage=[dict(G1, id=f"dm{i}") for i in range(6)]), "players[1].damage"),
])
def test_malformed_boards_are_400_naming_the_field(client, mutate, field):
    before = Scenario.objects.count()
    data = board()
    mutate(data)
    assert_invalid(post(client, API, {"scenario": data}), field)
    nothing_saved(before)


def test_wrong_top_level_types_and_unknown_fields(client):
    before = Scenario.objects.count()
    assert_invalid(post(client, API, {"scenario": board(), "colour": "red"}), "colour")
    assert_invalid(post(client, API, {"scenario": board(), "tags": "x" * 5000}), "tags")
    assert_invalid(post(client, API, {"scenario": board(), "title": ["a"]}), "title")
    assert_invalid(post(client, API, {"scenario": board(), "clauses": ["<b>7</b>"]}), "clauses[0]")
    assert_invalid(post(client, API, {"scenario": board(), "start": "yes"}), "start")
    assert_invalid(post(client, API, [1, 2, 3]), "body")
    assert_invalid(post(client, API, "{not json"), "body")
    assert_invalid(post(client, API, {"title": "no scenario"}), "scenario")
    nothing_saved(before)


def test_ten_thousand_cards_are_refused(client):
    before = Scenario.objects.count()
    data = board()
    data["players"][0]["deck"] = [dict(G1, id=f"c{i}") for i in range(10000)]
    response = post(client, API, {"scenario": data})
    assert response.status_code in (400, 413)
    assert "players" in response.json()["field"] or response.json()["field"] == "body"
    compact = board()
    compact["players"][0]["deck"] = [dict(G1, id=f"c{i}") for i in range(250)]
    assert_invalid(post(client, API, {"scenario": compact}), "players")
    counted = board()
    counted["players"][0]["deck"] = [{"name": "x", "grade": 1, "power": 1, "count": 60} for _ in range(4)]
    assert_invalid(post(client, API, {"scenario": counted}), "players")
    nothing_saved(before)


def test_duplicate_ids_are_refused(client):
    before = Scenario.objects.count()
    data = board()
    data["players"][0]["deck"].append(dict(G1, id="a-d1"))
    assert_invalid(post(client, API, {"scenario": data}), "id")
    nothing_saved(before)


def test_deep_nesting_is_refused_without_recursion_errors(client):
    before = Scenario.objects.count()
    deep = "[" * 100000 + "]" * 100000
    assert_invalid(post(client, API, '{"scenario": ' + deep + "}"), "body")
    nested = {"scenario": board()}
    inner = nested["scenario"]["players"][0]["deck"][0]
    value: list = []
    for _ in range(60):
        value = [value]
    inner["abilities"] = value
    assert_invalid(post(client, API, nested), "body")
    nothing_saved(before)


def test_a_20_mb_body_is_413(client):
    before = Scenario.objects.count()
    body = json.dumps({"scenario": board(), "description": "x" * (20 * 1024 * 1024)})
    body_response = post(client, API, body)
    assert_invalid(body_response, "body", 413)
    nothing_saved(before)


def test_bodies_over_one_megabyte_are_413_even_under_the_global_limit(client):
    body = json.dumps({"scenario": board(), "description": "x" * (2 * 1024 * 1024)})
    assert_invalid(post(client, API, body), "body", 413)


def test_hostile_actions_and_modes(client, created):
    sid = created["id"]
    assert_invalid(post(client, f"{API}{sid}/step/", {"mode": "forever"}), "mode")
    assert_invalid(post(client, f"{API}{sid}/step/", {"mode": "event", "x": 1}), "x")
    assert_invalid(post(client, f"{API}{sid}/answer/", {"action": {"kind": "explode"}}), "action.kind")
    assert_invalid(post(client, f"{API}{sid}/answer/", {"action": "attack"}), "action")
    assert_invalid(post(client, f"{API}{sid}/answer/", {"action": {"kind": "judge_move", "card": "a-vg",
                                                                  "zone": "graveyard"}}), "action.zone")
    assert_invalid(post(client, f"{API}{sid}/answer/", {"action": {"kind": "judge_move", "card": "nope",
                                                                  "zone": "drop"}}), "action.card")
    assert_invalid(post(client, f"{API}{sid}/undo/", {"node": 99}), "node")
    assert_invalid(post(client, f"{API}{sid}/undo/", {}), "node")  # already at the start
    assert client.get(f"{API}not-a-uuid/").status_code == 404
    assert client.get(f"{API}00000000-0000-0000-0000-000000000000/").status_code == 404


def test_judge_actions_are_logged_as_judge_events(client, created):
    sid = created["id"]
    body = post(client, f"{API}{sid}/answer/", {"action": {"kind": "judge_set_damage", "player": 1, "count": 2},
                                                 "then": "none"}).json()
    assert body["log"][-1]["judge"] is True
    assert body["board"]["players"][1]["zones"]["damage"]["count"] == 2


def test_script_tags_in_card_names_render_inert(client):
    evil = "<script>alert('x')</script><img src=x onerror=alert(1)>"
    data = board()
    data["players"][1]["hand"][0]["name"] = evil
    response = post(client, API, {"scenario": data, "title": evil, "question": evil, "tags": [evil[:40]]})
    assert response.status_code == 201
    sid = response.json()["id"]
    html = client.get(f"/sandbox/{sid}/").content.decode()
    assert "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in html
    shared = client.get(response.json()["share_url"].split("testserver")[1]).content.decode()
    assert "<script>alert" not in shared


def test_html_forms_refuse_bad_input_with_the_field(client):
    new = client.post("/sandbox/new/")
    url = new["Location"]
    bad = client.post(url + "build/", {"op": "add", "player": "0", "zone": "graveyard", "template": "grade1"})
    assert bad.status_code == 400 and b"<code>zone</code>" in bad.content
    bad = client.post(url + "build/", {"op": "add", "player": "0", "zone": "hand", "template": "custom",
                                       "grade": "9", "power": "1"})
    assert bad.status_code == 400 and b"<code>grade</code>" in bad.content
    start = client.post(url + "build/", {"op": "start"})
    assert start.status_code == 400 and b"vanguard" in start.content
    huge = client.post("/sandbox/import/", {"json": "[" * 50000 + "]" * 50000})
    assert huge.status_code == 400
    assert client.post("/sandbox/import/", {"json": json.dumps({"format": "nope", "players": []})}).status_code == 400


def test_every_sandbox_endpoint_is_described_in_the_schema(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths = {p: ops for p, ops in schema["paths"].items() if p.startswith("/api/v1/scenarios/")}
    assert len(paths) == 9
    for path, ops in paths.items():
        for method, op in ops.items():
            assert op.get("summary") and op.get("description"), (method, path)
            assert op["tags"] == ["sandbox"], (method, path)
            if "{scenario_id}" in path or "{token}" in path:
                assert "404" in op["responses"], (method, path)
            if method in ("patch", "put") or path.endswith(("/step/", "/answer/", "/undo/", "/run/")):
                assert "403" in op["responses"] and any(p["name"] == "X-Sandbox-Owner" for p in op["parameters"])
    assert "409" in paths["/api/v1/scenarios/{scenario_id}/answer/"]["post"]["responses"]
    assert "413" in paths["/api/v1/scenarios/"]["post"]["responses"]
