"""Why not in the sandbox: the API's decision listing and the page carry the refused options with reason and clause."""
import json
import re

import pytest

from .test_api import API, G1, board, post

pytestmark = pytest.mark.django_db
G2 = {"name": "Vanilla G2", "grade": 2, "power": 10000, "shield": 5000, "clan": "A"}


def main_phase_board() -> dict:
    data = board(phase="main")
    data["players"][0]["field"]["vanguard"] = dict(G2, id="a-vg")
    data["players"][0]["hand"] = [dict(G1, id="a-h1", name="Little Knight")]
    return data


def test_the_api_lists_a_refused_ride_with_its_reason_and_clause_beside_the_legal_actions(client):
    sid = post(client, API, {"scenario": main_phase_board()}).json()["id"]
    body = post(client, f"{API}{sid}/step/", {"mode": "decision"}).json()
    assert body["decision"]["kind"] == "main"
    ride = next(r for r in body["refused"] if r["action"] == {"kind": "ride", "card": "a-h1"})
    assert ride["citation"]["number"] == "8.5.2.1.1.1" and ride["citation"]["en_number"] == "8.5.2.1.1.1"
    assert ride["citation"]["preview"] == "/rules/vg-cr-it-2.2/8.5.2.1.1.1/preview/"
    assert "grade 1 cannot be normal-ridden on grade 2" in ride["reason"]
    assert ride["label"] == "Ride Little Knight"
    assert {"kind": "call", "card": "a-h1", "circle": "front_left"} in body["legal_actions"]
    assert not any(r["action"] in body["legal_actions"] for r in body["refused"])
    # Sending the refused option anyway is a 409 with the same reason.
    refused = post(client, f"{API}{sid}/answer/", {"action": ride["action"]})
    assert refused.status_code == 409 and refused.json()["reason"] == ride["reason"]
    # The other player's view has no options, and no refusals either.
    assert client.get(f"{API}{sid}/?view=p1").json()["refused"] == []


def test_the_page_shows_the_refused_ride_disabled_with_reason_and_both_clause_numbers(client):
    created = client.post("/sandbox/import/", {"json": json.dumps(main_phase_board())})
    url = created["Location"]
    client.post(url + "play/", {"op": "step", "mode": "decision"})
    html = client.get(url).content.decode()
    assert 'aria-disabled="true"' in html and "Ride Little Knight" in html
    assert "grade 1 cannot be normal-ridden on grade 2" in html
    assert 'href="/rules/vg-cr-it-2.2/8.5.2.1.1.1/"' in html and "EN 8.5.2.1.1.1" in html
    panel = html.split('id="decision"')[1].split("</section>")[0]
    assert "front_left" not in re.sub(r"<[^>]+>", "", panel)  # visible text names circles as the rules do
    assert "left front" in panel  # the English rules' name of the circle (4.6.1)


def test_export_then_import_keeps_every_branch(client):
    sid = post(client, API, {"scenario": board()}).json()["id"]
    post(client, f"{API}{sid}/step/", {"mode": "decision"})
    for action in ({"kind": "attack", "card": "a-vg"}, {"kind": "target", "card": "b-vg"},
                   {"kind": "boost", "card": "a-bc"}):
        post(client, f"{API}{sid}/answer/", {"action": action})
    guard_point = client.get(f"{API}{sid}/").json()["current"]
    post(client, f"{API}{sid}/answer/", {"action": {"kind": "guard", "card": "b-h1"}})
    post(client, f"{API}{sid}/undo/", {"node": guard_point})
    post(client, f"{API}{sid}/answer/", {"action": {"kind": "pass"}})
    original = client.get(f"{API}{sid}/").json()
    assert len(original["branches"]) == 2
    exported = client.get(f"{API}{sid}/export/").json()
    assert len(exported["branches"]) == 1 and exported["branches"][0]["script"][-1]["do"]["kind"] == "guard"
    imported = post(client, API, exported)
    assert imported.status_code == 201, imported.content[:300]
    copy = imported.json()
    assert len(copy["branches"]) == 2
    last = lambda body: sorted(b["last_action"]["kind"] for b in body["branches"])  # noqa: E731
    assert last(copy) == last(original) == ["guard", "pass"]
    assert copy["history"][-1]["action"] == {"kind": "pass"}  # the exported (current) line is current again
    # The engine's own runner accepts the file (it runs the main script and checks the other lines).
    import engine
    assert engine.run_scenario(exported).error is None


def test_an_export_without_branches_still_imports(client):
    old_style = board()
    old_style["script"] = [{"do": {"kind": "attack", "card": "a-vg"}}]
    created = post(client, API, old_style)
    assert created.status_code == 201 and len(created.json()["branches"]) == 1


def test_the_ruling_page_of_a_branch_lists_every_event_with_its_clauses_and_the_readings(client):
    sid = post(client, API, {"scenario": board(), "title": "Boost into guard", "question": "Does it hit?"}).json()["id"]
    post(client, f"{API}{sid}/step/", {"mode": "decision"})
    for action in ({"kind": "attack", "card": "a-vg"}, {"kind": "target", "card": "b-vg"},
                   {"kind": "boost", "card": "a-bc"}, {"kind": "guard", "card": "b-h1"}):
        post(client, f"{API}{sid}/answer/", {"action": action})
    body = client.get(f"{API}{sid}/").json()
    page = client.get(f"/sandbox/{sid}/ruling/{body['current']}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Does it hit?" in html and "The board at the start" in html
    for event in body["log"]:
        for c in event["citations"]:
            assert f'href="{c["href"]}"' in html
    assert "/sandbox/assumptions/#A4" in html  # guarding is a normal call: reading A4
    assert client.get(f"/sandbox/{sid}/ruling/999/").status_code == 404


def test_a_sideways_move_is_in_the_units_menu_refused_with_its_clause_and_reading(client):
    """Issue 27: tapping a rear-guard shows its moves; sideways is refused citing 6.6.1.2.3 and reading A11, and
    the options name their circles (no "Swap the None column")."""
    data = main_phase_board()
    data["players"][0]["field"]["front_left"] = dict(G1, id="a-fl", name="Lefty")
    url = client.post("/sandbox/import/", {"json": json.dumps(data)})["Location"]
    client.post(f"{url}play/", {"op": "step", "mode": "decision"})
    page = client.get(url).content.decode()
    menu = re.search(r'<div class="sb-menu" data-for="a-fl".*?</div>', page, re.S).group(0)
    # the circles in the rules' words (vanguard_words.ZONE_NAMES)
    assert "Move Lefty from the left front to the left back" in menu  # legal, in its column
    sideways = re.search(r'Move Lefty from the left front to the right front</button> '
                         r'<span class="sb-why">(.*?)</span></li>', menu, re.S)
    assert sideways and "not sideways" in sideways.group(1) and "(assumption" not in sideways.group(1)
    assert "/rules/vg-cr-it-2.2/6.6.1.2.3/" in sideways.group(1) and "/sandbox/assumptions/#A11" in sideways.group(1)
    assert 'data-place="0:front_right"' in menu and "None" not in page
