"""Weiss Schwarz cards in the sandbox (judgeapp/sandbox/games/weiss_cards.py): what a card's tile shows."""
from judgeapp.sandbox.games import weiss_cards

KNIGHT = {"hidden": False, "rested": False, "face_down": False, "colour": "yellow", "status": "stand",
          "type": "character", "level": 1, "cost": 1, "power": 5000, "base_power": 5000, "soul": 1,
          "triggers": [], "counter": False, "abilities": [], "name": "Knight"}


def test_a_characters_tile_shows_level_cost_power_and_soul():
    tile = weiss_cards.card_tile(KNIGHT)
    assert (tile["stats"], tile["base"], tile["after"]) == ("L1 · C1 · 5000 · soul 1", "", "")
    assert tile["classes"] == "sb-card sb-ws sb-ws-yellow" and tile["meta"] == [{"text": "yellow"}]
    assert tile["title"] == "Knight: character, yellow, level 1, cost 1, power 5000, soul 1"


def test_a_changed_power_shows_the_printed_one_between_power_and_soul():
    tile = weiss_cards.card_tile(dict(KNIGHT, power=6000, status="reverse", triggers=["soul"], counter=True))
    assert (tile["stats"], tile["base"], tile["after"]) == ("L1 · C1 · 6000", " (5000)", " · soul 1")
    assert tile["classes"].endswith("sb-reversed")
    assert [m["text"] for m in tile["meta"]] == ["yellow", "soul icon", "counter", "reversed"]


def test_climaxes_events_and_hidden_cards():
    assert weiss_cards.card_tile(dict(KNIGHT, type="climax"))["stats"] == "climax"
    assert weiss_cards.card_tile(dict(KNIGHT, type="event"))["stats"] == "L1 · C1 · event"
    assert weiss_cards.card_tile(dict(KNIGHT, hidden=True, face_down=True)) == {
        "hidden": True, "classes": "sb-card sb-back", "back": "face down"}


def test_an_italian_tile_names_colour_kind_icons_and_status_in_the_rules_words_not_the_files_identifiers():
    from django.utils import translation

    with translation.override("it"):
        tile = weiss_cards.card_tile(dict(KNIGHT, status="rest", triggers=["soul"]))
        assert [m["text"] for m in tile["meta"]] == ["giallo", "icona Soul", "in Rest"]
        assert tile["title"].startswith("Knight: Personaggio, giallo, ")
        assert weiss_cards.card_tile(dict(KNIGHT, type="climax"))["stats"] == "Climax"
        assert weiss_cards.card_tile(dict(KNIGHT, type="event"))["stats"] == "L1 · C1 · Evento"
