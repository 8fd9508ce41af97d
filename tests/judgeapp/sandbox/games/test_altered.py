"""Altered boards in the sandbox: created, built, played through a day, undone, exported and imported, through the
API and the pages (Django's test client), and the reader's "replay this example" links."""
import json

import pytest

from judgeapp.sandbox import games, selectors
from judgeapp.sandbox.games import altered
from judgeapp.sandbox.models import Scenario

from tests.judgeapp.sandbox.test_api import API, create, post
from tests.judgeapp.sandbox.test_judge_language import pages_with_problems, played_pages

pytestmark = pytest.mark.django_db

WANDERER = {"name": "Wanderer", "type": "character", "hand_cost": 1, "reserve_cost": 1, "forest": 1, "mountain": 1,
            "water": 1}
HERO = {"name": "Sierra", "type": "hero"}


def altered_board(**extra) -> dict:
    """Day 2, the Afternoon, player 0 first: Kitsune (1/1, 2/1/0) in hand, a Giant Titan (4/3) in the Reserve,
    three ready Mana orbs; player 1 has a Swimmer in the companion expedition and two orbs."""
    data = {
        "format": "judgeapp-scenario/2", "game": "altered", "seed": 1, "day": 2, "phase": "afternoon",
        "first_player": 0,
        "players": [
            {"deck": [dict(WANDERER, id=f"a-d{i}") for i in range(8)], "hero": [dict(HERO, id="a-hero")],
             "hand": [{"id": "kitsune", "name": "Kitsune", "type": "character", "hand_cost": 1, "reserve_cost": 1,
                       "forest": 2, "mountain": 1, "water": 0}],
             "reserve": [{"id": "titan", "name": "Titan", "type": "character", "hand_cost": 4, "reserve_cost": 3,
                          "forest": 3, "mountain": 3, "water": 3, "keywords": ["giant"]}],
             "mana": [dict(WANDERER, id=f"a-m{i}") for i in range(3)]},
            {"deck": [dict(WANDERER, id=f"b-d{i}") for i in range(8)], "hero": [dict(HERO, id="b-hero")],
             "companion_expedition": [dict(WANDERER, id="swimmer", name="Swimmer", forest=0, water=2)],
             "mana": [dict(WANDERER, id=f"b-m{i}") for i in range(2)]},
        ],
    }
    data.update(extra)
    return data


@pytest.fixture
def created(client):
    return create(client, altered_board(), title="An Afternoon")


def test_the_plugin_is_hosted_and_names_its_rules():
    assert games.get("altered") is altered and "altered" in games.titles()
    assert games.slug_of({"game": "altered"}) == "altered" != games.default_slug()
    assert altered.RULES_DOCUMENT == "altered-cr-it"
    assert {"turn", "phase"} <= set(altered.STEP_POINTS)


def test_play_from_hand_and_reserve_pass_dusk_and_undo_through_the_api(client, created):
    sid = created["id"]
    assert created["game"] == "altered"
    step = post(client, f"{API}{sid}/step/", {"mode": "decision"}).json()
    assert step["decision"]["kind"] == "turn" and step["decision"]["player"] == 0
    assert {"kind": "play", "card": "kitsune", "expedition": "hero"} in step["legal_actions"]
    played = post(client, f"{API}{sid}/answer/", {"action": {"kind": "play", "card": "kitsune",
                                                            "expedition": "hero"}}).json()
    hero_expedition = played["board"]["players"][0]["zones"]["hero_expedition"]
    assert [c["name"] for c in hero_expedition["cards"]] == ["Kitsune"]
    assert played["board"]["players"][0]["mana_ready"] == 2
    # player 1 passes; player 0 plays Titan from the Reserve (3 orbs needed, 2 ready: refused with its clause)
    post(client, f"{API}{sid}/answer/", {"action": {"kind": "pass"}})
    refused = post(client, f"{API}{sid}/answer/", {"action": {"kind": "play", "card": "titan", "expedition": "hero"}})
    assert refused.status_code == 409 and refused.json()["citation"]["document"] == "altered-cr-it"
    passed = post(client, f"{API}{sid}/answer/", {"action": {"kind": "pass"}, "then": "none"}).json()
    assert passed["board"]["players"][0]["zones"]["hero_expedition"]["count"] == 1
    kinds = []
    for _ in range(3):  # the end of the Afternoon, then of Dusk: Kitsune's Forest 2 against nothing moves it on
        ran = post(client, f"{API}{sid}/step/", {"mode": "phase"}).json()
        kinds += [e["kind"] for e in ran["events"]]
        if ran["board"]["phase"] == "night":
            break
    assert "expedition_moves" in kinds, kinds
    assert ran["board"]["players"][0]["expeditions"][0]["region"] == 1
    assert any(c["number"] == "4.2.4.b" for e in ran["log"] for c in e["citations"])
    undone = post(client, f"{API}{sid}/undo/", {}).json()
    assert undone["board"]["day"] == 2 and undone["board"]["players"][0]["zones"]["reserve"]["count"] == 1


def test_playing_from_the_reserve_makes_the_character_fleeting(client):
    board = altered_board()
    board["players"][0]["mana"].append(dict(WANDERER, id="a-m9"))
    board["players"][0]["hand"] = []
    sid = create(client, board)["id"]
    post(client, f"{API}{sid}/step/", {"mode": "decision"})
    body = post(client, f"{API}{sid}/answer/", {"action": {"kind": "play", "card": "titan",
                                                          "expedition": "companion"}}).json()
    titan = body["board"]["players"][0]["zones"]["companion_expedition"]["cards"][0]
    assert titan["name"] == "Titan" and "fleeting" in titan["statuses"]
    tile = altered.card_tile(titan)
    assert "Fleeting" in tile["marks"] and "sb-fleeting" in tile["classes"].split()


def test_export_import_keeps_the_game_the_day_and_every_branch(client, created):
    sid = created["id"]
    post(client, f"{API}{sid}/step/", {"mode": "decision"})
    start = client.get(f"{API}{sid}/").json()["current"]
    post(client, f"{API}{sid}/answer/", {"action": {"kind": "play", "card": "kitsune", "expedition": "hero"}})
    client.post(f"/sandbox/{sid}/play/", {"op": "goto", "node": str(start)})
    post(client, f"{API}{sid}/answer/", {"action": {"kind": "play", "card": "kitsune", "expedition": "companion"}})
    exported = client.get(f"{API}{sid}/export/").json()
    assert exported["game"] == "altered" and exported["day"] == 2 and exported["phase"] == "afternoon"
    imported = post(client, API, exported)
    assert imported.status_code == 201, imported.content
    body = imported.json()
    assert body["game"] == "altered" and len(body["branches"]) == 2
    assert body["definition"]["players"][0]["reserve"][0]["keywords"] == ["giant"]


def test_blank_board_by_game_field_and_a_clash(client):
    blank = post(client, API, {"game": "altered", "start": False})
    assert blank.status_code == 201 and blank.json()["game"] == "altered"
    assert blank.json()["definition"]["phase"] == "afternoon"
    clash = post(client, API, {"game": "vanguard", "scenario": altered_board()})
    assert clash.status_code == 400 and clash.json()["field"] == "game"
    assert post(client, API, {"scenario": altered_board()}).json()["game"] == "altered"


def test_pages_build_a_board_in_one_lines_set_the_day_and_play_it(client):
    draft = client.post("/sandbox/new/", {"game": "altered"})["Location"]
    scenario = Scenario.objects.get(pk=draft.strip("/").split("/")[-1])
    assert scenario.definition["game"] == "altered"
    page = client.get(draft).content.decode()
    assert "Hero expedition" in page and "Companion expedition" in page and "Reserve" in page
    assert "The adventure" in page and "Hero region" in page and "Day 2 · Afternoon" in page
    for player, zone, line in ((0, "hero", "hero Sierra"), (1, "hero", "hero Lyra"), (0, "hand", "Kitsune 1/1 2/1/0"),
                               (0, "reserve", "Titan 4/3 3/3/3 giant"), (0, "mana", "x3 Orb"),
                               (1, "companion_expedition", "Swimmer 1/1 0/1/2 boost1 anchored")):
        response = client.post(draft + "build/", {"op": "quick", "player": player, "zone": zone, "line": line})
        assert response.status_code == 302, response.content[:500]
    assert client.post(draft + "build/", {"op": "fill_decks"}).status_code == 302
    refused = client.post(draft + "build/", {"op": "quick", "player": 0, "zone": "hand", "line": "Tok token"})
    assert refused.status_code == 400 and "only in the expeditions" in refused.content.decode()
    settings = client.post(draft + "build/", {"op": "settings", "day": "3", "first_player": "1", "phase": "afternoon",
                                              "turn_player": "0"})
    assert settings.status_code == 302
    scenario.refresh_from_db()
    assert scenario.definition["day"] == 3 and scenario.definition["first_player"] == 1
    assert "turn" not in scenario.definition and "turn_player" not in scenario.definition
    client.post(draft + "build/", {"op": "settings", "first_player": "0"})
    page = client.get(draft).content.decode()
    assert "+1 boost" in page and "Anchored" in page and 'data-zone="hero_expedition"' in page
    # the tiles are Altered's (coloured statistic badges); a card is removed or copied from the edit bar, not the tile
    assert '<span class="sb-stat sb-water" title="Water 3"><abbr>W</abbr>3</span>' in page  # Titan, as printed
    assert 'title="Water 3"><abbr>W</abbr>3<small>(2)</small>' in page  # the Swimmer's boost beside its printed 2
    assert 'id="sb-card-edit"' in page and "sb-remove" not in page.split('id="board"')[1]
    assert client.post(draft + "build/", {"op": "start"}).status_code == 302
    client.post(draft + "play/", {"op": "step", "mode": "decision"})
    page = client.get(draft).content.decode()
    # players by number (the first player changes every Morning): never an index
    assert "Day 3 · Afternoon · Player 1&#x27;s turn" in page or "Day 3 · Afternoon · Player 1's turn" in page
    assert "Play Kitsune from the hand into the hero expedition (cost 1)" in page
    assert "To the end of the phase" in page and "To the end of the attack" not in page
    kitsune = next(e["id"] for _p, _z, _i, e in altered.definition_entries(scenario.definition)
                   if e.get("name") == "Kitsune")
    play = {"kind": "play", "card": kitsune, "expedition": "hero"}
    assert client.post(draft + "play/", {"op": "answer", "action": json.dumps(play)}).status_code == 302
    scenario.refresh_from_db()
    ruling = client.get(f"/sandbox/{scenario.id}/ruling/{scenario.tree['current']}/").content.decode()
    assert "/rules/altered-cr-it/" in ruling and "Kitsune" in ruling


def test_judge_actions_on_an_altered_board(client, created):
    sid = created["id"]
    moved = client.post(f"/sandbox/{sid}/play/", {"op": "judge", "kind": "judge_expedition", "player": "1",
                                                  "expedition": "companion", "region": "5"})
    assert moved.status_code == 302
    boosted = client.post(f"/sandbox/{sid}/play/", {"op": "judge", "kind": "judge_boost", "card": "swimmer",
                                                    "count": "2"})
    assert boosted.status_code == 302
    body = client.get(f"{API}{sid}/").json()
    assert body["board"]["players"][1]["expeditions"][1]["region"] == 5
    swimmer = body["board"]["players"][1]["zones"]["companion_expedition"]["cards"][0]
    assert swimmer["boost"] == 2 and swimmer["stats"]["water"] == 4
    page = client.get(f"/sandbox/{sid}/").content.decode()
    assert "Judge: player 1&#x27;s companion expedition to region 5" in page or "companion expedition to region 5" in page
    bad = client.post(f"/sandbox/{sid}/play/", {"op": "judge", "kind": "judge_expedition", "player": "1",
                                                "expedition": "sideways", "region": "5"})
    assert bad.status_code == 400 and "choose an expedition" in bad.content.decode()


def test_a_player_sees_no_opponent_mana_and_no_opponent_hand(client, created):
    sid = created["id"]
    post(client, f"{API}{sid}/step/", {"mode": "decision"})
    p1 = client.get(f"{API}{sid}/?view=p1").json()["board"]
    assert all(c["hidden"] for c in p1["players"][0]["zones"]["hand"]["cards"])
    assert all(c["hidden"] and c["orb"] for c in p1["players"][0]["zones"]["mana"]["cards"])  # face down (3.2.9.b)
    assert not any(c["hidden"] for c in p1["players"][1]["zones"]["mana"]["cards"])  # its own: it may look (3.2.9.d)
    assert not p1["players"][0]["zones"]["reserve"]["cards"][0]["hidden"]  # the Reserve is visible (1.2.3.e)
    page = client.get(f"/sandbox/{sid}/?view=p1").content.decode()
    assert "Kitsune" not in page.split('id="board"')[1].split("</section>")[0]
    # a judge puts Kitsune face down into Mana: neither player's log names it (3.2.9.b)
    post(client, f"{API}{sid}/answer/", {"action": {"kind": "judge_move", "card": "kitsune", "zone": "mana"},
                                         "then": "none"})
    for view in ("p0", "p1"):
        log = " ".join(e["text"] for e in client.get(f"{API}{sid}/?view={view}").json()["log"])
        assert "judge" in log.lower() and "Kitsune" not in log, (view, log)
    judge_log = " ".join(e["text"] for e in client.get(f"{API}{sid}/").json()["log"])
    assert "Kitsune" in judge_log


def test_altered_examples_listed_and_replayed_from_the_reader(client):
    examples = [e for e in selectors.example_list() if e["game"] == "altered"]
    assert len(examples) >= 11
    index = client.get("/sandbox/").content.decode()
    assert 'id="examples-altered"' in index and "/sandbox/examples/altered-example-kitsune-each-player-may-resupply/" \
        in index
    for number in ("1.4.5.a", "6.1.g"):  # the same example printed twice (reading AL7): linked at both places
        page = client.get(f"/rules/altered-cr-it/{number}/").content.decode()
        assert "Replay this example in the scenario sandbox" in page, number
        assert "/sandbox/examples/altered-example-kitsune-each-player-may-resupply/" in page
    page = client.get("/rules/altered-cr-it/7.2.2.a/").content.decode()  # Carica!: the text's glossary markers
    assert "/sandbox/examples/altered-example-carica-your-characters/" in page
    assert "Replay this example" not in client.get("/rules/altered-cr-it/2.2.3.c/").content.decode()  # no scenario
    example = client.get("/sandbox/examples/altered-example-kitsune-each-player-may-resupply/").content.decode()
    assert "/rules/altered-cr-it/1.4.5.a/" in example and "Hero expedition" in example
    opened = client.post("/sandbox/examples/altered-example-kitsune-each-player-may-resupply/")
    assert opened.status_code == 302


def test_every_rules_example_with_a_scenario_is_linked_from_the_reader(client):
    """Each worked example the index gives a scenario shows the link beside it on its rule's page."""
    from pathlib import Path
    index = json.loads((Path(__file__).resolve().parents[4] / "tests" / "scenarios" / "altered" / "examples"
                        / "index.json").read_text(encoding="utf-8"))
    missing = []
    for e in index["examples"]:
        if e.get("scenario"):
            page = client.get(f"/rules/altered-cr-it/{e['after_clause']}/").content.decode()
            if f"/sandbox/examples/altered-{e['scenario']}/" not in page:
                missing.append(e["after_clause"])
    assert not missing, missing


def test_altered_readings_served_without_clashing_with_the_other_games(client):
    page = client.get("/sandbox/assumptions/").content.decode()
    assert 'id="AL1"' in page and 'id="AL14"' in page and "/rules/altered-cr-it/4.3.c/" in page
    assert page.count('id="AL3"') == 1 and page.count('id="A3"') == 1  # Vanguard's A3 and Altered's AL3


def altered_page_kinds(client) -> dict:
    """Every kind of sandbox page, for an Altered board (GET paths, or ("POST", path, data))."""
    pages = {"example": "/sandbox/examples/altered-example-alice-after-you/", "readings": "/sandbox/assumptions/"}
    draft = client.post("/sandbox/new/", {"game": "altered"})["Location"]
    client.post(draft + "build/", {"op": "quick", "player": "0", "zone": "hero_expedition", "line": "Scout 2/1 2/1/0"})
    client.post(draft + "build/", {"op": "quick", "player": "0", "zone": "mana", "line": "3 fillers exhausted"})
    pages["draft"] = draft
    pages["draft with an error"] = ("POST", draft + "build/", {"op": "quick", "player": "0", "zone": "hand",
                                                               "line": "spell 1/1 2/2/2"})
    created = post(client, API, {"scenario": altered_board(), "question": "Does Kitsune advance?",
                                 "expectations": [{"expect": "region", "player": 0, "expedition": "hero",
                                                   "equals": 1},
                                                  {"expect": "status", "card": "titan", "status": "fleeting"},
                                                  {"expect": "ready_mana", "player": 0, "equals": 2}]}).json()
    sid = created["id"]
    post(client, f"{API}{sid}/step/", {"mode": "decision"})
    start = client.get(f"{API}{sid}/").json()["current"]
    post(client, f"{API}{sid}/answer/", {"action": {"kind": "play", "card": "kitsune", "expedition": "hero"}})
    client.post(f"/sandbox/{sid}/play/", {"op": "goto", "node": str(start)})
    post(client, f"{API}{sid}/answer/", {"action": {"kind": "pass"}})
    post(client, f"{API}{sid}/answer/", {"action": {"kind": "judge_modifier", "card": "swimmer", "stat": "water",
                                                    "amount": 1, "duration": "day"}, "then": "none"})
    client.post(f"/sandbox/{sid}/expect/", {"op": "run"})
    pages.update(played_pages(client, sid, {"kind": "play", "card": "titan", "expedition": "hero"}))
    return pages


def test_no_altered_page_shows_a_repr_a_snake_case_identifier_or_a_field_path(client):
    found = pages_with_problems(client, altered_page_kinds(client))
    assert not found, "\n".join(f"{kind}: {'; '.join(bad)}" for kind, bad in found.items())


def test_the_ready_boards_start_where_their_questions_are(client):
    """The Afternoon to play in, Dusk to compare, Night to rest and clean up: each started and run."""
    def opened(preset):
        location = client.post("/sandbox/new/", {"game": "altered", "preset": preset})["Location"]
        client.post(location + "build/", {"op": "start"})
        scenario = Scenario.objects.get(pk=location.strip("/").split("/")[-1])
        return scenario, post(client, f"{API}{scenario.id}/step/", {"mode": "decision"}).json()

    scenario, body = opened("afternoon")
    names = [e["name"] for e in scenario.definition["players"][0]["hand"]]
    assert names == ["Scout", "Climber", "Titan"] and scenario.definition["players"][1]["hero"][0]["name"] == "Lyra"
    assert body["decision"]["kind"] == "turn" and len(body["legal_actions"]) == 7  # Titan costs 4 of 3 orbs
    _scenario, body = opened("dusk")
    moves = [e["text"] for e in body["events"] if e["kind"] == "expedition_moves"]
    assert len(moves) == 4, moves
    assert any("(forest 2, mountain 1, water 0)" in e["text"] for e in body["events"])  # the Asleep 3/3/3 is not
    _scenario, body = opened("night")
    kinds = [e["kind"] for e in body["events"]]
    assert "stays" in kinds and body["decision"]["kind"] == "cleanup", (kinds, body["decision"])


def test_reactions_at_noon_are_ordered_by_their_objects_names(client):
    """Two reactions of one player at Noon (4.2.b): the player chooses which first, each named by its object."""
    draw = [{"timing": "reaction", "trigger": "at_noon", "effects": [{"kind": "draw", "count": 1}]}]
    board = altered_board(phase="noon")
    board["players"][0]["hero"] = [dict(HERO, id="a-hero", abilities=draw)]
    board["players"][0]["landmarks"] = [{"id": "tower", "name": "Tower", "type": "permanent", "hand_cost": 1,
                                         "reserve_cost": 1, "abilities": draw}]
    sid = create(client, board)["id"]
    post(client, f"{API}{sid}/step/", {"mode": "decision"})
    page = client.get(f"/sandbox/{sid}/").content.decode()
    assert "Play the reaction of Sierra" in page and "Play the reaction of Tower" in page
    assert "Day 2 · Noon · first player: player 1" in page
