"""Player views: the board, log, history and API answers hold only what that player may know."""
import json

import pytest

import engine
from judgeapp.sandbox import selectors
from judgeapp.sandbox.models import Scenario
from tests.judgeapp.sandbox.test_api import API, CRIT, G1, G3, board, post

pytestmark = pytest.mark.django_db

SECRET = "Secret Sword of Ishtar"


def draw_board() -> dict:
    """Player 0 is about to draw SECRET in the draw phase; player 1 watches."""
    return {
        "format": "judgeapp-scenario/1", "seed": 1, "turn": 2, "turn_player": 0, "first_player": 1, "phase": "draw",
        "players": [
            {"field": {"vanguard": dict(G3, id="a-vg")},
             "deck": [dict(G1, id="a-d1", name=SECRET), dict(G1, id="a-d2")]},
            {"field": {"vanguard": dict(G3, id="b-vg")}, "hand": [dict(G1, id="b-h1")],
             "deck": [dict(G1, id=f"b-d{i}") for i in range(4)]},
        ],
    }


@pytest.fixture
def drawn(client):
    sid = post(client, API, {"scenario": draw_board()}).json()["id"]
    response = post(client, f"{API}{sid}/step/?view=p1", {"mode": "decision"})
    assert response.status_code == 200, response.content[:300]
    return sid, response.json()


def texts(log) -> str:
    return " | ".join(e["text"] for e in log)


def test_the_opponents_draw_is_not_named_in_the_watching_players_api_answer(client, drawn):
    sid, stepped = drawn
    raw = json.dumps(stepped)
    assert SECRET not in raw and "a-d1" not in raw  # neither the name nor the id of the drawn card
    assert "player 0 draws a card" in texts(stepped["log"])
    assert all("data" not in e for e in stepped["events"])
    assert stepped["legal_actions"] == [] and stepped["decision"]["options"] == []
    assert "definition" not in stepped and "expectations" not in stepped
    p1 = client.get(f"{API}{sid}/?view=p1")
    assert p1.status_code == 200 and SECRET not in p1.content.decode()
    assert p1.json()["view"] == "p1"


def test_the_judge_and_the_drawing_player_see_the_drawn_card(client, drawn):
    sid, _ = drawn
    judge = client.get(f"{API}{sid}/").json()
    assert f"player 0 draws a card: {SECRET}" in texts(judge["log"])
    assert judge["definition"] and judge["legal_actions"]
    p0 = client.get(f"{API}{sid}/?view=p0").json()
    assert f"player 0 draws a card: {SECRET}" in texts(p0["log"])
    assert any(c["name"] == SECRET for c in p0["board"]["players"][0]["zones"]["hand"]["cards"])
    assert p0["legal_actions"]  # player 0 is deciding: their own options


def test_the_page_in_player_1s_view_does_not_name_the_drawn_card(client, drawn):
    sid, _ = drawn
    judge = client.get(f"/sandbox/{sid}/").content.decode()
    assert SECRET in judge and 'id="judge"' in judge
    page = client.get(f"/sandbox/{sid}/?view=p1")
    assert page.status_code == 200
    html = page.content.decode()
    assert SECRET not in html and "a-d1" not in html
    assert "the second player draws a card" in html  # the page names the players as the rules do
    assert "judge view" in html  # judge actions (which list every card) stay in the judge view


def test_a_judge_move_into_a_hand_is_redacted_for_the_opponent_only(client, drawn):
    sid, _ = drawn
    moved = post(client, f"{API}{sid}/answer/", {"action": {"kind": "judge_move", "card": "a-d2", "zone": "hand"},
                                                 "then": "none"})
    assert moved.status_code == 200, moved.content[:300]
    p1 = client.get(f"{API}{sid}/?view=p1").json()
    assert "judge moves a card to player 0's hand" in texts(p1["log"])
    assert p1["history"][-1]["label"].startswith("Judge move a card") and "action" not in p1["history"][-1]
    assert "a-d2" not in json.dumps(p1)
    p0 = client.get(f"{API}{sid}/?view=p0").json()
    assert "judge moves Boosting G1 to player 0's hand" in texts(p0["log"])
    # Moved to the drop zone the card is public again: named for everyone.
    post(client, f"{API}{sid}/answer/", {"action": {"kind": "judge_move", "card": "a-d2", "zone": "drop"},
                                         "then": "none"})
    p1 = client.get(f"{API}{sid}/?view=p1").json()
    assert "judge moves Boosting G1 to player 0's drop" in texts(p1["log"])


def test_revealed_checks_stay_public(client):
    sid = post(client, API, {"scenario": board()}).json()["id"]
    post(client, f"{API}{sid}/step/", {"mode": "decision"})
    post(client, f"{API}{sid}/answer/", {"action": {"kind": "attack", "card": "a-vg"}})
    for _ in range(12):
        body = client.get(f"{API}{sid}/").json()
        if any(e["kind"] == "drive_check" for e in body["log"]) or body["decision"] is None:
            break
        option = body["legal_actions"][0]
        post(client, f"{API}{sid}/answer/", {"action": option})
    p1 = client.get(f"{API}{sid}/?view=p1").json()
    checks = [e["text"] for e in p1["log"] if e["kind"] == "drive_check"]
    assert checks and CRIT["name"] in checks[0]


def test_an_unknown_view_is_400_before_anything_changes(client, drawn):
    sid, _ = drawn
    before = client.get(f"{API}{sid}/").json()["current"]
    response = post(client, f"{API}{sid}/step/?view=p2", {"mode": "event"})
    assert response.status_code == 400 and response.json()["field"] == "view"
    assert client.get(f"{API}{sid}/").json()["current"] == before


def test_event_kinds_the_redactor_does_not_know_hide_every_hidden_name():
    loaded = engine.load_scenario(draw_board())
    state = loaded.state
    redactor = selectors.Redactor(state, "p1")
    event = {"kind": "legion_search", "text": f"player 0 searches the deck for {SECRET} and Vanilla G3", "player": 0}
    assert redactor.text(event) == "player 0 searches the deck for a card and Vanilla G3"
    assert selectors.Redactor(state, "judge").text(event) == event["text"]
    # Known public kinds are left alone, data never leaves a player view.
    public = {"kind": "drive_check", "text": f"drive check 1: {SECRET} (none trigger)", "data": {"card": "a-d1"}}
    assert selectors.events_view(events=[public], view="p1", state=state) == [
        {"kind": "drive_check", "text": public["text"]}]



# ---------------------------------------------------------------- the ability form
def new_draft(client) -> str:
    response = client.post("/sandbox/new/")
    assert response.status_code == 302
    return response["Location"].rstrip("/").split("/")[-1]


def ability_form(**overrides) -> dict:
    """The builder's add-card form with a custom card: slots are repeated fields, one value per slot."""
    data = {
        "op": "add", "player": "0", "zone": "vanguard", "template": "custom", "name": "Blaster Blade",
        "grade": "2", "power": "10000", "shield": "0", "critical": "1", "trigger": "none", "count": "1",
        "ab_timing": "on_attack",
        "ab_condition": ["limit_break", "circle", ""], "ab_condition_value": ["4", "vanguard", ""],
        "ab_cost": ["counter_blast", "soul_blast", ""], "ab_cost_count": ["1", "2", "1"],
        "ab_effect": ["power", "draw", "retire", ""],
        "ab_effect_amount": ["5000", "", "", ""], "ab_effect_count": ["", "1", "", ""],
        "ab_effect_target": ["self", "self", "choose_opponent_rear_guard", ""],
        "ab_effect_duration": ["end_of_battle", "", "", ""], "ab_effect_source": ["", "", "", ""],
        "ab_once_per_turn": "on",
    }
    data.update(overrides)
    return data


def test_an_ability_with_several_conditions_costs_and_effects(client):
    sid = new_draft(client)
    response = client.post(f"/sandbox/{sid}/build/", ability_form())
    assert response.status_code == 302, response.content[:500]
    vanguard = client.get(f"{API}{sid}/").json()["definition"]["players"][0]["field"]["vanguard"]
    [ability] = vanguard["abilities"]
    assert ability["conditions"] == [{"kind": "limit_break", "count": 4}, {"kind": "circle", "circle": "vanguard"}]
    assert ability["cost"] == [{"kind": "counter_blast", "count": 1}, {"kind": "soul_blast", "count": 2}]
    # A target left on the draw slot is dropped: draw takes a count only.
    assert ability["effects"] == [
        {"kind": "power", "amount": 5000, "target": "self", "duration": "end_of_battle"},
        {"kind": "draw", "count": 1},
        {"kind": "retire", "target": "choose_opponent_rear_guard"},
    ]
    assert ability["once_per_turn"] is True
    page = client.get(f"/sandbox/{sid}/").content.decode()
    text = ("[AUTO] When this unit attacks, if Limit Break 4 and this unit is on (VC): [Counter Blast 1, Soul Blast 2] "
            "this unit gets +5000 power until end of battle, draw 1 card, then retire one of your opponent&#x27;s "
            "rear-guards. (once per turn)")
    assert f'<span class="sb-ab">{text}</span>' in page
    assert 'name="ab_effect"' in page and page.count('name="ab_effect"') == 4


def test_ability_form_errors_name_the_slot(client):
    sid = new_draft(client)
    form = ability_form(ab_effect_amount=["5000", "", "", ""], ab_effect=["power", "", "power", ""],
                        ab_effect_target=["self", "", "self", ""],
                        ab_effect_duration=["end_of_battle", "", "end_of_turn", ""])
    response = client.post(f"/sandbox/{sid}/build/", form)
    assert response.status_code == 400
    assert "ab_effect_amount[3]" in response.content.decode()  # the third slot (the second is empty)
    response = client.post(f"/sandbox/{sid}/build/", ability_form(ab_cost_count=["1", "99", "1"]))
    assert response.status_code == 400 and "ab_cost_count[2]" in response.content.decode()
    response = client.post(f"/sandbox/{sid}/build/", ability_form(ab_timing="cont"))
    body = response.content.decode()
    assert response.status_code == 400 and "ab_effect[2]" in body and "CONT ability can only change" in body
    assert client.get(f"{API}{sid}/").json()["definition"]["players"][0]["field"] == {}


def test_ability_text_reads_like_card_text():
    assert selectors.ability_text({
        "timing": "cont", "conditions": [{"kind": "count", "player": "opponent", "zone": "damage", "min": 4}],
        "effects": [{"kind": "power", "amount": 2000, "target": "all_own_rear_guards"}],
    }) == "[CONT] if your opponent's damage zone holds at least 4 cards: all your rear-guards get +2000 power."
    assert selectors.ability_text({
        "timing": "act", "cost": [{"kind": "rest_self"}], "optional": True,
        "effects": [{"kind": "call", "source": "deck_top"}],
    }) == "[ACT] you may [rest this unit] call a card from the top of your deck to (RC)."
    # A kind the renderer does not know yet is shown with its raw fields, never dropped.
    assert "legion mate=Blaster" in selectors.ability_text({
        "timing": "on_ride", "effects": [{"kind": "legion", "mate": "Blaster"}]})


# ---------------------------------------------------------------- scenario files: question, round trips
def test_the_ruling_question_travels_in_metadata_question(client):
    sid = post(client, API, {"scenario": board(), "title": "Guard", "question": "Does the guard hold?",
                             "description": "Boosted attack."}).json()["id"]
    exported = client.get(f"{API}{sid}/export/").json()
    assert exported["metadata"]["question"] == "Does the guard hold?"
    assert exported["metadata"]["description"] == "Boosted attack."
    assert engine.load_scenario(exported).metadata["question"] == "Does the guard hold?"
    imported = post(client, API, exported).json()
    assert (imported["question"], imported["description"]) == ("Does the guard hold?", "Boosted attack.")


def test_exports_from_before_metadata_question_still_import(client):
    legacy = dict(board(), metadata={"title": "Old", "description": "Ruling question: Who wins?\n\nNotes."})
    imported = post(client, API, legacy).json()
    assert (imported["question"], imported["description"]) == ("Who wins?", "Notes.")


def test_every_engine_scenario_imports_and_runs_as_in_the_engine():
    from .test_engine_scenarios_import import ALREADY_OVER

    """Import each file of tests/scenarios, re-run it from the sandbox: same verdict as the engine's runner
    (legions, locked and deleted units, face-up G zones and judge actions survive the round trip)."""
    from pathlib import Path

    from judgeapp.sandbox import services, validation

    root = Path(__file__).resolve().parents[2] / "scenarios"
    differences = []
    paths = sorted(p for p in root.rglob("*.json") if p.name != "index.json")  # every game's
    assert len(paths) >= 800, root  # the engines' scenario suites, not an empty folder
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        if path.relative_to(root).as_posix() in ALREADY_OVER:
            continue
        try:
            expected = engine.run_scenario(engine.load_scenario(data)).passed
        except engine.EngineError:
            continue  # being edited by the engine's authors
        try:
            scenario = services.scenario_import(data=data)
        except validation.SandboxError as exc:
            differences.append(f"{path.name}: {exc}")
            continue
        result = services.scenario_run(scenario=scenario)
        if result["passed"] != expected:
            differences.append(f"{path.name}: {result['error'] or [c for c in result['checks'] if not c['passed']]}")
        question = data.get("metadata", {}).get("question")
        if question and services.scenario_export(scenario=scenario)["metadata"].get("question") != question:
            differences.append(f"{path.name}: question lost")
    assert not differences, differences


# ---------------------------------------------------------------- private player links
HAND_SECRET = "Blade Only Player Zero Holds"


def hand_board() -> dict:
    """The battle board of the API tests plus a card only in player 0's hand (HAND_SECRET, a-h9)."""
    data = board()
    data["players"][0]["hand"] = [dict(G1, id="a-h9", name=HAND_SECRET)]
    return data


@pytest.fixture
def draft(client) -> dict:
    """A draft created by ``client`` (its owner): the owner's API answer, player_urls included."""
    response = post(client, API, {"scenario": hand_board(), "start": False})
    assert response.status_code == 201, response.content[:300]
    return response.json()


def link_path(url: str) -> str:
    return "/" + url.split("://", 1)[1].split("/", 1)[1]


def api_path(url: str) -> str:
    return API + "player/" + url.rstrip("/").rsplit("/", 1)[1] + "/"


def private_answers(client, url: str, query: str = "") -> tuple[str, str]:
    """The private page and API answer of a player link, as text."""
    page = client.get(link_path(url) + query)
    api = client.get(api_path(url) + query)
    assert page.status_code == 200 and api.status_code == 200, (page.status_code, api.content[:300])
    return page.content.decode(), api.content.decode()


def test_a_card_in_player_0s_hand_never_reaches_player_1s_link_before_or_after_the_start(client, draft):
    urls, sid = draft["player_urls"], draft["id"]
    for stage in ("draft", "started", "deciding"):
        if stage == "started":
            started = client.patch(f"{API}{sid}/", json.dumps({"status": "started"}),
                                   content_type="application/json")
            assert started.status_code == 200, started.content[:300]
        if stage == "deciding":
            assert post(client, f"{API}{sid}/step/", {"mode": "decision"}).status_code == 200
        for text in private_answers(client, urls["p1"]):
            assert HAND_SECRET not in text and "a-h9" not in text, stage
        # Player 0's own link shows the card (the API once started: a draft's answer has no board),
        # so the assertions above can fail.
        page, api = private_answers(client, urls["p0"])
        assert HAND_SECRET in page and (stage == "draft" or HAND_SECRET in api), stage


def test_a_player_link_names_nothing_that_leads_to_the_judge_view(client, draft):
    from django.test import Client

    sid = draft["id"]
    client.patch(f"{API}{sid}/", json.dumps({"status": "started"}), content_type="application/json")
    # Two branches, so that the owner's page offers to compare them.
    options = post(client, f"{API}{sid}/step/", {"mode": "decision"}).json()["legal_actions"]
    post(client, f"{API}{sid}/answer/", {"action": options[0], "then": "none"})
    post(client, f"{API}{sid}/undo/", {})
    post(client, f"{API}{sid}/answer/", {"action": options[1], "then": "none"})
    owner_page = client.get(f"/sandbox/{sid}/").content.decode()
    assert 'id="sb-compare-form"' in owner_page and 'id="sb-permalink"' in owner_page
    scenario = Scenario.objects.get(pk=sid)
    tokens = {"p0": scenario.player0_token, "p1": scenario.player1_token}
    # The owner's own browser opening the link is the worst case: it must not act as the owner there.
    for reader in (client, Client()):
        for view, other in (("p0", "p1"), ("p1", "p0")):
            page, api = private_answers(reader, draft["player_urls"][view])
            for text in (page, api):
                for secret in (sid, scenario.share_token, scenario.owner_token, tokens[other]):
                    assert secret not in text, (view, secret)
            for marker in ("data-scenario", 'class="sb-views"', "?view=", "sb-export", "/fork/", "sb-compare-form",
                           "sb-permalink", "judge view", "sb-share-url"):
                assert marker not in page, (view, marker)
            body = json.loads(api)
            assert body["view"] == view and body["owner"] is False
            assert body["url"] == draft["player_urls"][view]
            for key in ("id", "forked_from", "example", "share_url", "player_urls", "owner_token", "definition",
                        "expectations", "last_run"):
                assert key not in body, (view, key)


def test_the_view_parameter_cannot_turn_a_player_link_into_the_judge_view(client, draft):
    sid = draft["id"]
    client.patch(f"{API}{sid}/", json.dumps({"status": "started"}), content_type="application/json")
    for query in ("?view=judge", "?view=p0", "?view=p2"):
        page, api = private_answers(client, draft["player_urls"]["p1"], query)
        assert HAND_SECRET not in page and HAND_SECRET not in api, query
        assert json.loads(api)["view"] == "p1" and "definition" not in json.loads(api)
        assert "the first player&#x27;s view, read-only" in page or "the first player's view, read-only" in page


def test_an_unknown_player_token_is_a_404_with_a_message(client, draft):
    for token in ("no-such-token", "x" * 65):
        page = client.get(f"/sandbox/player/{token}/")
        assert page.status_code == 404 and "no such player link" in page.content.decode()
        api = client.get(f"{API}player/{token}/")
        assert api.status_code == 404
        assert api.json() == {"error": "not_found", "message": "no such player link"}


def test_the_owners_judge_page_shows_both_player_links_and_no_one_elses_page_does(client, draft):
    from django.test import Client

    sid, urls = draft["id"], draft["player_urls"]
    scenario = Scenario.objects.get(pk=sid)
    assert set(urls) == {"p0", "p1"} and urls["p0"] != urls["p1"]
    assert urls["p0"].endswith(f"/sandbox/player/{scenario.player0_token}/")
    assert urls["p1"].endswith(f"/sandbox/player/{scenario.player1_token}/")
    owner = client.get(f"/sandbox/{sid}/").content.decode()
    assert f'value="{urls["p0"]}"' in owner and f'value="{urls["p1"]}"' in owner
    assert client.get(f"{API}{sid}/").json()["player_urls"] == urls
    stranger = Client()
    shared = stranger.get(f"/sandbox/s/{scenario.share_token}/").content.decode()
    for text in (stranger.get(f"/sandbox/{sid}/").content.decode(), shared,
                 client.get(f"/sandbox/{sid}/?view=p1").content.decode()):  # a player view, even the owner's
        assert scenario.player0_token not in text and scenario.player1_token not in text
    assert "player_urls" not in stranger.get(f"{API}{sid}/").json()


def test_a_fork_gets_its_own_player_links(client, draft):
    fork = post(client, f"{API}{draft['id']}/fork/", {}).json()
    assert set(fork["player_urls"].values()).isdisjoint(draft["player_urls"].values())


# ---------------------------------------------------------------- drafts and the rest of the board
def test_a_drafts_board_is_redacted_in_player_views(client, draft):
    sid = draft["id"]
    judge = client.get(f"/sandbox/{sid}/").content.decode()
    assert HAND_SECRET in judge and "a-d1" in judge
    p1 = client.get(f"/sandbox/{sid}/?view=p1").content.decode()
    assert HAND_SECRET not in p1 and "a-h9" not in p1
    assert "a-d1" not in p1 and "b-d0" not in p1  # every deck, the viewer's own too
    assert "a-vg" in p1 and "b-h1" in p1  # the field and the viewer's own hand stay
    p0 = client.get(f"/sandbox/{sid}/?view=p0").content.decode()
    assert HAND_SECRET in p0 and "b-h1" not in p0
    # The API never had a draft's board: a player view leaves out the definition, so nothing to redact.
    api = client.get(f"{API}{sid}/?view=p1")
    assert "board" not in api.json() and HAND_SECRET not in api.content.decode()


def test_draft_board_view_hides_what_board_view_hides():
    definition = hand_board()
    definition["players"][1]["field"]["back_left"] = dict(G1, id="b-fd", name="Face-down unit", face_down=True)
    judge = selectors.draft_board_view(definition=definition)
    p1 = selectors.draft_board_view(definition=definition, view="p1")
    assert judge["players"][0]["zones"]["hand"]["cards"][0]["name"] == HAND_SECRET
    hand = p1["players"][0]["zones"]["hand"]
    assert hand["count"] == 1 and hand["cards"] == [{"hidden": True, "face_down": False, "rested": False}]
    assert all(c["hidden"] for p in p1["players"] for c in p["zones"]["deck"]["cards"])
    assert p1["players"][1]["circles"]["back_left"][0]["hidden"]  # face down: hidden from its owner too
    assert p1["players"][1]["zones"]["hand"]["cards"][0]["name"] == "Boosting G1"
    assert (p1["bottom"]["index"], p1["top"]["index"]) == (1, 0)
    # The same rules as a started board.
    state = engine.load_scenario(hand_board()).state
    started = selectors.board_view(state=state, view="p1")
    for p in (0, 1):
        for zone in ("hand", "deck", "drop"):
            assert ([c["hidden"] for c in p1["players"][p]["zones"][zone]["cards"]]
                    == [c["hidden"] for c in started["players"][p]["zones"][zone]["cards"]]), (p, zone)


def test_a_modifier_on_a_hidden_card_is_left_out_of_the_opponents_board(client, draft):
    sid = draft["id"]
    client.patch(f"{API}{sid}/", json.dumps({"status": "started"}), content_type="application/json")
    given = post(client, f"{API}{sid}/answer/", {"action": {"kind": "judge_add_modifier", "card": "a-h9",
                                                            "stat": "power", "amount": 5000,
                                                            "duration": "end_of_turn"}, "then": "none"})
    assert given.status_code == 200, given.content[:300]
    assert any(m["card"] == "a-h9" for m in client.get(f"{API}{sid}/").json()["board"]["modifiers"])
    assert any(m["card"] == "a-h9" for m in client.get(f"{API}{sid}/?view=p0").json()["board"]["modifiers"])
    for text in private_answers(client, draft["player_urls"]["p1"]):
        assert "a-h9" not in text and HAND_SECRET not in text


# ---------------------------------------------------------------- site-walk3: a phone's Back and a judge's fork
def test_a_boards_form_address_visited_leads_to_the_board_not_to_a_not_allowed_page(client, draft):
    """After a refusal shown at …/play/, a phone's Back (or reload) asked that address with GET: a 405 page, board lost."""
    sid = draft["id"]
    for action in ("play", "save", "expect", "fork", "build"):
        response = client.get(f"/sandbox/{sid}/{action}/")
        assert response.status_code == 302 and response["Location"] == f"/sandbox/{sid}/", action


def test_a_fork_is_named_a_copy_in_the_judges_language(client):
    """"Fork of …" stood in English over an Italian board; the button says "Make a copy"."""
    opened = client.post("/sandbox/examples/playbook-q19/", HTTP_ACCEPT_LANGUAGE="en")
    sid = opened["Location"].rstrip("/").rsplit("/", 1)[-1]
    forked = client.post(f"/sandbox/{sid}/fork/", HTTP_ACCEPT_LANGUAGE="en")
    fork = Scenario.objects.get(pk=forked["Location"].rstrip("/").rsplit("/", 1)[-1])
    assert fork.title == "Copy of " + Scenario.objects.get(pk=sid).title


def test_a_boards_tag_chips_name_topics_and_leave_out_the_game(client):
    opened = client.post("/sandbox/examples/playbook-q36/", HTTP_ACCEPT_LANGUAGE="en")
    page = client.get(opened["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<span class="sb-tagchip">rule actions</span>' in page and 'class="sb-tagchip">rule action<' not in page
    opened = client.post("/sandbox/examples/weiss-level-requirement/", HTTP_ACCEPT_LANGUAGE="en")
    page = client.get(opened["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'class="sb-tagchip">weiss<' not in page


def test_a_question_in_the_judges_own_words_says_where_its_answer_is(client):
    """An example asking in its own words ("Encore for three Stock") showed no answer line and said nothing: the judge
    waited for one. A common question's board does not carry the note."""
    opened = client.post("/sandbox/examples/weiss-encore-three-stock/", HTTP_ACCEPT_LANGUAGE="en")
    page = client.get(opened["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="sb-no-answer"' in page and "answered by the event log" in page
    sid = opened["Location"].rstrip("/").rsplit("/", 1)[-1]
    client.post(f"/sandbox/{sid}/save/", {"ask": "damage"}, HTTP_ACCEPT_LANGUAGE="en")
    assert 'id="sb-no-answer"' not in client.get(opened["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
