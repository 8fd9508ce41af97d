"""Weiss Schwarz boards in the sandbox: created, stepped, exported and imported through the API and the pages."""
import json

import pytest

from judgeapp.sandbox import selectors
from judgeapp.sandbox.models import Scenario

from tests.judgeapp.sandbox.test_api import API, create, post
from tests.judgeapp.sandbox.test_judge_language import pages_with_problems, played_pages

from .pending_catalogue import merged_catalogue  # noqa: F401  (a fixture: the pending Italian counts)

pytestmark = pytest.mark.django_db

KNIGHT = {"name": "Knight", "type": "character", "colour": "yellow", "level": 1, "cost": 1, "power": 5000, "soul": 1}
ROOKIE = {"name": "Rookie", "type": "character", "colour": "yellow", "level": 0, "cost": 0, "power": 2000, "soul": 1}
FINALE = {"name": "Finale", "type": "climax", "colour": "yellow"}


def weiss_board(**extra) -> dict:
    """Player 0 attacks directly with a 2-soul Knight; player 1's deck reveals a climax second (damage cancelled)."""
    data = {
        "format": "judgeapp-scenario/2", "game": "weiss-schwarz", "seed": 1, "turn": 3, "turn_player": 0,
        "first_player": 0, "phase": "attack",
        "players": [
            {"deck": [dict(ROOKIE, id=f"a-d{i}") for i in range(10)], "clock": [dict(ROOKIE, id="a-c1")],
             "stage": {"center_left": dict(KNIGHT, id="a-knight", soul=2), "center_middle": dict(ROOKIE, id="a-m")}},
            {"deck": [dict(ROOKIE, id="b-d1"), dict(FINALE, id="b-d2")] + [dict(ROOKIE, id=f"b-x{i}") for i in range(8)],
             "clock": [dict(ROOKIE, id="b-c1")]},
        ],
    }
    data.update(extra)
    return data


@pytest.fixture
def created(client):
    return create(client, weiss_board(), title="Cancelled damage")


def two_attacks(client, sid) -> None:
    """Step to the first decision and answer it twice: a direct attack by each of two characters, one branch each."""
    post(client, f"{API}{sid}/step/", {"mode": "decision"})
    start = client.get(f"{API}{sid}/").json()["current"]
    post(client, f"{API}{sid}/answer/", {"action": {"kind": "attack", "card": "a-knight", "type": "direct"}})
    client.post(f"/sandbox/{sid}/play/", {"op": "goto", "node": str(start)})
    post(client, f"{API}{sid}/answer/", {"action": {"kind": "attack", "card": "a-m", "type": "direct"}})


def test_create_step_answer_undo_through_the_api(client, created):
    sid = created["id"]
    assert created["game"] == "weiss-schwarz"
    step = post(client, f"{API}{sid}/step/", {"mode": "decision"}).json()
    assert step["decision"]["kind"] == "attack"
    assert {"kind": "attack", "card": "a-knight", "type": "direct"} in step["legal_actions"]
    # Why not: a front attack with nobody opposite is refused with its clause, in the listing and when chosen.
    refused = {(r["action"]["card"], r["action"]["type"]): r for r in step["refused"]}
    assert refused[("a-knight", "front")]["citation"]["document"] == "ws-cr-it"
    answer = post(client, f"{API}{sid}/answer/", {"action": {"kind": "attack", "card": "a-knight", "type": "front"}})
    assert answer.status_code == 409 and answer.json()["citation"]["number"] == "7.2.1.4.1"
    answered = post(client, f"{API}{sid}/answer/", {"action": {"kind": "attack", "card": "a-knight",
                                                              "type": "direct"}}).json()
    kinds = [e["kind"] for e in answered["events"]]
    assert "damage_cancelled" in kinds and "trigger_check" in kinds
    assert answered["board"]["game"] == "weiss-schwarz"
    waiting = answered["board"]["players"][1]["zones"]["waiting_room"]
    assert [c["name"] for c in waiting["cards"]] == ["Rookie", "Finale"]
    assert any(c["number"] == "4.9.1.2" for e in answered["log"] for c in e["citations"])
    undone = post(client, f"{API}{sid}/undo/", {}).json()
    assert undone["decision"]["kind"] == "attack" and undone["board"]["players"][1]["zones"]["waiting_room"]["count"] == 0


def test_export_import_keeps_the_game_and_every_branch(client, created):
    sid = created["id"]
    two_attacks(client, sid)
    exported = client.get(f"{API}{sid}/export/").json()
    assert exported["game"] == "weiss-schwarz" and len(exported["branches"]) == 1
    imported = post(client, API, exported)
    assert imported.status_code == 201, imported.content
    body = imported.json()
    assert body["game"] == "weiss-schwarz" and len(body["branches"]) == 2
    assert body["definition"]["players"][0]["stage"]["center_left"]["soul"] == 2


def test_blank_board_by_game_field_and_bad_game(client):
    blank = post(client, API, {"game": "weiss-schwarz", "start": False})
    assert blank.status_code == 201 and blank.json()["game"] == "weiss-schwarz"
    assert blank.json()["definition"]["phase"] == "attack"
    bad = post(client, API, {"game": "chess"})
    assert bad.status_code == 400 and bad.json()["field"] == "game"
    clash = post(client, API, {"game": "vanguard", "scenario": weiss_board()})
    assert clash.status_code == 400 and clash.json()["field"] == "game"
    assert post(client, API, {"scenario": weiss_board()}).json()["game"] == "weiss-schwarz"


def test_pages_build_a_board_in_one_lines_and_play_it(client):
    draft = client.post("/sandbox/new/", {"game": "weiss-schwarz"})["Location"]
    scenario = Scenario.objects.get(pk=draft.strip("/").split("/")[-1])
    assert scenario.definition["game"] == "weiss-schwarz"
    page = client.get(draft).content.decode()
    assert "Center stage left" in page and "Waiting room" in page and "Climax area" in page
    for player, zone, line in ((0, "center_left", "L1 C1 5000 s2 Knight"), (1, "deck", "Rookie 2000"),
                               (1, "deck", "climax yellow Finale"), (0, "deck", "10 fillers"),
                               (1, "deck", "8 fillers")):
        response = client.post(draft + "build/", {"op": "quick", "player": player, "zone": zone, "line": line})
        assert response.status_code == 302, response.content[:500]
    # one card would take Knight's place (setup_views.py); two are refused, the position holding one character
    refused = client.post(draft + "build/", {"op": "quick", "player": 0, "zone": "center_left",
                                             "line": "Rookie · Rookie"})
    assert refused.status_code == 400 and "already holds Knight" in refused.content.decode()
    climax_on_stage = client.post(draft + "build/", {"op": "quick", "player": 0, "zone": "center_right",
                                                     "line": "climax"})
    assert "only a character can be on the stage" in climax_on_stage.content.decode()
    assert client.post(draft + "build/", {"op": "start"}).status_code == 302
    client.post(draft + "play/", {"op": "step", "mode": "decision"})
    page = client.get(draft).content.decode()
    assert "Direct attack with Knight" in page and "Why not" in page
    assert "To the end of the attack" in page and "end of the battle" not in page  # Weiss says attack
    attack = {"kind": "attack", "card": "p0-1", "type": "direct"}
    assert client.post(draft + "play/", {"op": "answer", "action": json.dumps(attack)}).status_code == 302
    page = client.get(draft).content.decode()
    assert "the damage is cancelled" in page and "/rules/ws-cr-it/4.9.1.2/" in page
    scenario.refresh_from_db()
    ruling = client.get(f"/sandbox/{scenario.id}/ruling/{scenario.tree['current']}/").content.decode()
    assert "/rules/ws-cr-it/4.9.1.2/" in ruling and "Knight" in ruling


def test_judge_actions_on_a_weiss_board(client, created):
    sid = created["id"]
    response = client.post(f"/sandbox/{sid}/play/", {"op": "judge", "kind": "judge_set_clock", "player": "1",
                                                     "count": "7"})
    assert response.status_code == 302
    body = post(client, f"{API}{sid}/step/", {"mode": "decision"}).json()
    assert any(e["judge"] for e in body["log"])
    assert body["decision"]["kind"] == "level_up" and body["decision"]["player"] == 1
    bad = client.post(f"/sandbox/{sid}/play/", {"op": "judge", "kind": "judge_set_damage", "player": "1"})
    assert bad.status_code == 400


def test_weiss_examples_listed_by_game_and_linked_from_their_clauses(client):
    weiss = [e for e in selectors.example_list() if e["game"] == "weiss-schwarz"]
    assert len(weiss) >= 12
    index = client.get("/sandbox/").content.decode()
    assert 'id="examples-weiss-schwarz"' in index and "/sandbox/examples/weiss-damage-cancelled-by-climax/" in index
    page = client.get("/rules/ws-cr-it/4.9.1.2/").content.decode()
    assert "Try it in the sandbox" in page and "/sandbox/examples/weiss-damage-cancelled-by-climax/" in page
    example = client.get("/sandbox/examples/weiss-damage-cancelled-by-climax/").content.decode()
    assert "/rules/ws-cr-it/4.9.1.2/" in example and "Waiting room" in example
    opened = client.post("/sandbox/examples/weiss-damage-cancelled-by-climax/")
    assert opened.status_code == 302


def test_weiss_readings_served_and_linked_from_events(client):
    page = client.get("/sandbox/assumptions/").content.decode()
    assert 'id="W1"' in page and 'id="W12"' in page and "/rules/ws-cr-it/9.2.2.1/" in page
    opened = client.post("/sandbox/examples/weiss-counter-step-backup/")["Location"]
    scenario = Scenario.objects.get(pk=opened.strip("/").split("/")[-1])
    client.post(opened + "play/", {"op": "goto", "node": str(len(scenario.tree["nodes"]) - 1)})
    log = client.get(opened).content.decode()
    events = selectors.node_events(scenario=scenario, nodes=[n["id"] for n in scenario.tree["nodes"]])
    readings = {a for node_events in events.values() for e in node_events for a in e.get("assumptions", [])}
    assert "W9" in readings  # the backup's reading
    for code in readings:
        assert f"/sandbox/assumptions/#{code}" in log


def weiss_page_kinds(client) -> dict:
    """Every kind of sandbox page, for a Weiss Schwarz board (GET paths, or ("POST", path, data))."""
    pages = {"example": "/sandbox/examples/weiss-counter-step-backup/", "readings": "/sandbox/assumptions/"}
    draft = client.post("/sandbox/new/", {"game": "weiss-schwarz"})["Location"]
    client.post(draft + "build/", {"op": "quick", "player": "0", "zone": "center_left", "line": "L1 C1 5000 Knight"})
    client.post(draft + "build/", {"op": "quick", "player": "0", "zone": "stock", "line": "3 fillers"})
    pages["draft"] = draft
    pages["draft with an error"] = ("POST", draft + "build/", {"op": "quick", "player": "0", "zone": "center_left",
                                                               "line": "climax"})
    created = post(client, API, {"scenario": weiss_board(), "question": "Is the damage cancelled?",
                                 "expectations": [{"expect": "zone_count", "player": 1, "zone": "clock", "count": 1},
                                                  {"expect": "status", "card": "a-knight", "equals": "stand"},
                                                  {"expect": "level", "player": 1, "equals": 0}]}).json()
    sid = created["id"]
    two_attacks(client, sid)
    post(client, f"{API}{sid}/answer/", {"action": {"kind": "judge_add_modifier", "card": "a-knight", "stat": "soul",
                                                    "amount": 1, "duration": "end_of_turn"}, "then": "none"})
    client.post(f"/sandbox/{sid}/expect/", {"op": "run"})
    pages.update(played_pages(client, sid, {"kind": "attack", "card": "a-knight", "type": "front"}))
    return pages


def test_no_weiss_page_shows_a_repr_a_snake_case_identifier_or_a_field_path(client):
    found = pages_with_problems(client, weiss_page_kinds(client))
    assert not found, "\n".join(f"{kind}: {'; '.join(bad)}" for kind, bad in found.items())


def test_the_mat_draws_each_stage_positions_marker_area(client):
    """3.7: the markers under a character are drawn under its stage position, face down to the players (3.7.2)."""
    board = weiss_board()
    board["players"][0]["markers"] = {"center_left": [dict(ROOKIE, id="a-mk1"), dict(ROOKIE, id="a-mk2")]}
    sid = create(client, board, title="Markers")["id"]
    page = client.get(f"/sandbox/{sid}/").content.decode()
    assert page.count('data-zone="marker_') == 1  # only a position with markers shows its area
    area = page.split('data-zone="marker_center_left"', 1)[1].split("</div>", 1)[0]
    assert "Marker Area" in area and '<b class="sb-count">2</b>' in area
    judge = client.get(f"{API}{sid}/").json()["board"]["players"][0]["circle_list"][0]
    assert [m["id"] for m in judge["markers"]] == ["a-mk1", "a-mk2"] and judge["markers"][0]["face_down"]
    player = client.get(f"{API}{sid}/?view=p1").json()["board"]["players"][0]["circle_list"][0]
    assert len(player["markers"]) == 2 and all(m["hidden"] for m in player["markers"])


def test_replacement_effects_offered_by_where_they_put_the_character(client):
    """8.10.2.1: the controller of a character with two replacement effects chooses; each button says where the
    character goes, in words (no ability index)."""
    from pathlib import Path

    scenario = json.loads((Path(__file__).resolve().parents[3] / "scenarios" / "weiss"
                           / "replacement-two-the-controller-chooses.json").read_text())
    board = {k: v for k, v in scenario.items() if k not in ("metadata", "script", "expect")}
    sid = create(client, board, title="Two replacement effects")["id"]
    post(client, f"{API}{sid}/step/", {"mode": "decision"})
    answered = post(client, f"{API}{sid}/answer/", {"action": {"kind": "play", "card": "ev"}}).json()
    assert answered["decision"]["kind"] == "replacement" and answered["decision"]["player"] == 1
    page = client.get(f"/sandbox/{sid}/").content.decode()
    assert "Apply the replacement effect: Knight into the hand" in page
    assert "Apply the replacement effect: Knight into the memory" in page
    refused = post(client, f"{API}{sid}/answer/", {"action": {"kind": "pass"}})
    assert refused.status_code == 409 and refused.json()["citation"]["number"] == "8.10.1"


def test_the_one_line_example_names_its_card_in_the_pages_language(client, merged_catalogue):
    """The builder's example line showed the made-up name "Knight" on an Italian page: the name is said in the page's
    language (the rest of the line is the words the reader understands, which stay as they are)."""
    draft = client.post("/sandbox/new/", {"game": "weiss-schwarz"})["Location"]
    italian = client.get(draft, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert 'placeholder="L1 C1 5000 Cavaliere · climax yellow soul · 20 fillers"' in italian
    from django.test import Client

    english = Client(HTTP_ACCEPT_LANGUAGE="en")
    draft = english.post("/sandbox/new/", {"game": "weiss-schwarz"})["Location"]
    assert 'placeholder="L1 C1 5000 Knight · climax yellow soul · 20 fillers"' in english.get(draft).content.decode()
