"""One-line card descriptions of Vanguard cards (judgeapp/sandbox/games/vanguard_cards.py)."""
import pytest

from judgeapp.sandbox.games.vanguard_cards import card_from_line
from judgeapp.sandbox.validation import SandboxError


def test_grade_power_keywords_and_name_in_any_order():
    card, count = card_from_line("Blaster Blade G3 13000 twin")
    assert (card["name"], card["grade"], card["power"], card["keywords"], count) == (
        "Blaster Blade", 3, 13000, ["twin_drive"], 1)


def test_shield_before_or_after_its_number_and_k_thousands():
    assert card_from_line("G1 8000 shield 10000")[0]["shield"] == 10000
    assert card_from_line("G1 10k shield")[0]["shield"] == 10000
    assert card_from_line("G1 s15000")[0]["shield"] == 15000


def test_triggers_and_fillers_take_the_usual_values():
    crit, _ = card_from_line("crit")
    assert (crit["trigger"], crit["grade"], crit["power"], crit["shield"]) == ("critical", 0, 5000, 15000)
    filler, count = card_from_line("10 fillers")
    assert (filler["name"], filler["grade"], count) == ("Filler", 1, 10)
    assert card_from_line("G2 x4")[1] == 4 and card_from_line("G2")[0]["keywords"] == ["intercept"]


def test_status_and_perfect_guard():
    card, _ = card_from_line("G1 pg rested")
    assert card["rested"] is True and "sentinel" in card["keywords"] and card["abilities"]


@pytest.mark.parametrize("line", ["", "G1 x99", "x" * 201])
def test_nonsense_is_a_clear_error(line):
    with pytest.raises(SandboxError) as err:
        card_from_line(line)
    assert err.value.field == "line"


@pytest.mark.django_db
def test_the_builder_adds_cards_from_one_line_and_duplicates_them(client):
    from judgeapp.sandbox.models import Scenario

    url = client.post("/sandbox/new/")["Location"]
    assert client.post(url + "build/", {"op": "quick", "player": "1", "zone": "damage", "line": "5 fillers"}).status_code == 302
    assert client.post(url + "build/", {"op": "quick", "player": "0", "zone": "vanguard", "line": "G3 13000 twin"}).status_code == 302
    scenario = Scenario.objects.get()
    assert len(scenario.definition["players"][1]["damage"]) == 5
    vanguard = scenario.definition["players"][0]["field"]["vanguard"]
    assert (vanguard["grade"], vanguard["power"]) == (3, 13000)
    assert client.post(url + "build/", {"op": "duplicate", "card": vanguard["id"]}).status_code == 302
    scenario.refresh_from_db()
    assert scenario.definition["players"][0]["hand"][0]["power"] == 13000  # a circle holds one card: the copy is in hand
    bad = client.post(url + "build/", {"op": "quick", "player": "0", "zone": "hand", "line": ""})
    assert bad.status_code == 400 and "describe the card" in bad.content.decode()
