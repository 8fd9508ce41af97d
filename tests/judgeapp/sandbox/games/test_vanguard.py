"""Vanguard's plug-in (judgeapp/sandbox/games/vanguard.py): what a card's tile shows."""
from judgeapp.sandbox.games import vanguard

UNIT = {"hidden": False, "rested": False, "face_down": False, "trigger": "none", "keywords": ["boost"],
        "abilities": [], "name": "Unit", "grade": 1, "power": 10000, "base_power": 8000, "shield": 5000, "critical": 1}


def test_a_units_tile_shows_grade_power_its_printed_power_and_shield():
    tile = vanguard.card_tile(UNIT)
    assert (tile["stats"], tile["base"], tile["classes"]) == ("G1 · 10000", " (8000)", "sb-card")
    assert tile["meta"] == [{"icon": "shield", "label": "shield", "text": "5000"}]
    assert tile["title"] == "Unit: grade 1, power 10000, shield 5000, boost"


def test_a_rested_critical_trigger_face_down_with_an_ability():
    tile = vanguard.card_tile(dict(UNIT, rested=True, face_down=True, trigger="critical", critical=2, shield=0,
                                   power=8000, abilities=["CONT: +1000"], ability_notes=["while boosted"]))
    assert tile["classes"] == "sb-card sb-rested sb-facedown sb-trig-critical" and tile["base"] == ""
    assert [m["text"] for m in tile["meta"]] == ["2", "critical trigger", "rest", "face down"]
    assert tile["meta"][2] == {"icon": "rest", "text": "rest"}  # an icon the words beside it already name
    assert tile["abilities"] == ["CONT: +1000"] and tile["title"].endswith("; CONT: +1000 (“while boosted”)")


def test_a_hidden_card_shows_only_its_back():
    assert vanguard.card_tile(dict(UNIT, hidden=True, rested=True)) == {
        "hidden": True, "classes": "sb-card sb-back sb-rested", "back": "hidden"}
