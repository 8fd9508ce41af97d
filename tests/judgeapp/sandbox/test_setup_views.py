"""The builder's writes (setup_views.py): every change undoable, removal only by its own control, confirmations
in words, the form's every field kept, and the start landing on the board."""
import pytest

from judgeapp.sandbox.models import Scenario

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(client):
    return client.post("/sandbox/new/", {"game": "vanguard"})["Location"]


def definition(draft):
    return Scenario.objects.get(pk=draft.strip("/").split("/")[-1]).definition


def build(client, draft, **data):
    return client.post(draft + "build/", data, follow=True)


def test_each_change_is_undone_in_turn_back_to_the_empty_board(client, draft):
    empty = definition(draft)
    build(client, draft, op="quick", player="0", zone="vanguard", line="G3 13000 twin")
    with_vanguard = definition(draft)
    build(client, draft, op="quick", player="1", zone="damage", line="3 fillers")
    page = build(client, draft, op="settings", phase="main").content.decode().replace("&#x27;", "'")
    assert "Undo the last change (3 to undo)" in page
    build(client, draft, op="undo_setup")
    assert definition(draft)["phase"] == "battle"
    build(client, draft, op="undo_setup")
    assert definition(draft) == with_vanguard
    page = build(client, draft, op="undo_setup").content.decode().replace("&#x27;", "'")
    assert definition(draft) == empty and "the board is back as it was" in page
    refused = client.post(draft + "build/", {"op": "undo_setup"})
    assert refused.status_code == 400 and "nothing to undo" in refused.content.decode().replace("&#x27;", "'")


def test_a_card_is_removed_only_by_the_remove_control_named_in_words_and_the_removal_undone(client, draft):
    build(client, draft, op="quick", player="0", zone="vanguard", line="Blaster Blade G2 10000")
    page = client.get(draft).content.decode().replace("&#x27;", "'")
    tiles = page[page.index('id="board"'):page.index('id="sb-card-edit"')]
    assert "sb-remove" not in tiles and "Remove" not in tiles  # no control on the tiles themselves
    assert "Second player · Vanguard circle · Blaster Blade</option>" in page
    card = definition(draft)["players"][0]["field"]["vanguard"]["id"]
    page = build(client, draft, op="remove", card=card).content.decode().replace("&#x27;", "'")
    assert "Second player, vanguard circle: Blaster Blade removed." in page
    assert "vanguard" not in definition(draft)["players"][0].get("field", {})
    build(client, draft, op="undo_setup")
    assert definition(draft)["players"][0]["field"]["vanguard"]["name"] == "Blaster Blade"


def test_a_template_keeps_the_custom_ability_keywords_and_characteristics_filled_in(client, draft):
    page = build(client, draft, op="add", player="1", zone="hand", template="grade1", name="Wingal",
                 grade="1", power="9000", shield="5000", critical="1", trigger="none", keywords="intercept",
                 ab_timing="on_attack", ab_effect="power", ab_effect_amount="5000", ab_effect_target="self",
                 ab_effect_duration="end_of_turn", ab_text="gets +5000").content.decode().replace("&#x27;", "'")
    card = definition(draft)["players"][1]["hand"][0]
    assert card["name"] == "Wingal" and card["power"] == 9000
    assert set(card["keywords"]) == {"boost", "intercept"}
    assert card["abilities"] and card["abilities"][0]["text"] == "gets +5000"
    assert "First player, hand: added Wingal." in page
    # the player choice is kept for the next card, each player named as the mat names them (never "0" / "1")
    choice = page[page.index('id="sb-add-player">'):]
    choice = choice[:choice.index("</select>")]
    assert '<option value="1" selected>First player</option>' in choice and ">Second player</option>" in choice


def test_validate_and_start_lands_on_the_board(client, draft):
    build(client, draft, op="quick", player="0", zone="vanguard", line="G3")
    build(client, draft, op="quick", player="1", zone="vanguard", line="G2")
    response = client.post(draft + "build/", {"op": "start"})
    assert response.status_code == 302 and response["Location"].endswith("#board")


def test_one_card_typed_for_an_occupied_circle_replaces_its_card_and_is_undone(client):
    draft = client.post("/sandbox/new/", {"game": "vanguard", "preset": "vanguards"})["Location"]
    page = build(client, draft, op="quick", player="1", zone="vanguard", line="G2 11000").content.decode()
    assert "First player, vanguard circle: Grade 2 unit replaces Grade 3 unit." in page
    assert definition(draft)["players"][1]["field"]["vanguard"]["power"] == 11000
    two = client.post(draft + "build/", {"op": "quick", "player": "1", "zone": "vanguard", "line": "G2 · G1"})
    assert two.status_code == 400 and "already holds" in two.content.decode()  # a line of two never replaces
    build(client, draft, op="undo_setup")
    assert definition(draft)["players"][1]["field"]["vanguard"]["power"] == 13000


def test_a_card_the_place_refuses_is_not_a_replacement(client):
    draft = client.post("/sandbox/new/", {"game": "weiss-schwarz", "preset": "stage"})["Location"]
    before = definition(draft)
    refused = client.post(draft + "build/", {"op": "quick", "player": "0", "zone": "center_left", "line": "climax"})
    assert refused.status_code == 400 and "only a character can be on the stage" in refused.content.decode()
    assert definition(draft) == before
