"""Altered cards in the sandbox: the one-line grammar, the builder's form, the engine's checks and the tile."""
import pytest

from judgeapp.sandbox.games import altered
from judgeapp.sandbox.games.altered_cards import card_from_form, card_from_line, card_html
from judgeapp.sandbox.validation import SandboxError


def test_a_character_with_costs_statistics_keywords_statuses_and_boosts():
    card, count = card_from_line("Titan 4/3 3/2/1 giant eternal b2 anchored x3")
    assert count == 3
    assert card == {"name": "Titan", "type": "character", "hand_cost": 4, "reserve_cost": 3, "forest": 3,
                    "mountain": 2, "water": 1, "keywords": ["giant", "eternal"], "status": ["anchored"], "boost": 2}


def test_italian_words_and_the_two_meanings_of_fleeting():
    spell, _ = card_from_line("Lampo incantesimo 2/1 fugace")
    assert spell["type"] == "spell" and spell["keywords"] == ["fleeting"] and "status" not in spell
    character, _ = card_from_line("Ombra 1/1 0/0/2 fugace addormentato gigante")
    assert character["status"] == ["asleep", "fleeting"]
    assert character["keywords"] == ["giant"]


def test_heroes_fillers_and_defaults():
    assert card_from_line("hero Sierra")[0] == {"name": "Sierra", "type": "hero", "reserve_limit": 2,
                                                 "landmark_limit": 2}
    filler, count = card_from_line("20 fillers")
    assert count == 20 and filler["name"] == "Wanderer" and filler["forest"] == 1
    plain, _ = card_from_line("Scout")
    assert plain["hand_cost"] == 1 and plain["forest"] == plain["mountain"] == plain["water"] == 1


@pytest.mark.parametrize("line, words", [
    ("", "describe the card"), ("spell 1/1 2/2/2", "only characters have statistics"),
    ("hero 2/1 Sierra", "a hero has no costs"), ("Scout x99", "between 1 and 60"),
    ("Scout tough2 spell seasoned", "only characters have"),
])
def test_lines_the_rules_refuse_say_why(line, words):
    with pytest.raises(SandboxError) as refused:
        card_from_line(line)
    assert words in refused.value.message


def test_the_form_reads_fields_and_lists():
    class Form(dict):
        def getlist(self, key):
            return {"keywords": ["defender"], "status": ["exhausted"]}.get(key, [])

    card = card_from_form(Form(type="character", name="Guard", hand_cost="2", reserve_cost="1", forest="1",
                               mountain="3", water="0", boost=""))
    assert card["keywords"] == ["defender"] and card["status"] == ["exhausted"] and card["mountain"] == 3
    with pytest.raises(SandboxError):
        card_from_form(Form(type="dragon"))


def tile(**changes):
    card = {"id": "k", "name": "Kitsune", "type": "character", "hand_cost": 1, "reserve_cost": 1, "forest": 2,
            "mountain": 1, "water": 0}
    view = altered.card_view(card, zone="hero_expedition", statuses={"fleeting", "asleep"}, boost=1,
                             stats={"forest": 3, "mountain": 2, "water": 1})
    view.update(changes)
    return card_html(view)


def test_the_tile_shows_statistics_printed_values_statuses_and_boosts():
    html = tile()
    assert 'data-card="k"' in html and "sb-fleeting" in html and "sb-asleep" in html
    assert 'title="Forest 3"' in html and "<small>(2)</small>" in html
    assert "Fleeting" in html and "Asleep" in html and "+1 boost" in html and "1/1" in html


def test_hidden_cards_and_orbs():
    assert "Mana Orb, exhausted" in card_html({"hidden": True, "orb": True, "exhausted": True})
    assert "hidden card" in card_html({"hidden": True, "orb": False, "exhausted": False})
    assert "<script>" not in card_html(dict(altered.card_view(
        {"id": "x", "name": "<script>", "type": "spell"}, zone="reserve")))


def test_names_and_counters_are_escaped_once():
    view = altered.card_view({"id": "x", "name": "Tom & Jerry", "type": "character"}, zone="hero_expedition",
                             counters={"<kelon>": 2})
    html = card_html(view)
    assert "Tom &amp; Jerry" in html and "&amp;amp;" not in html and "&lt;kelon&gt; 2" in html
