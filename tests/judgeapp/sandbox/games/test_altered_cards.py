"""Altered cards in the sandbox: the one-line grammar, the builder's form, the engine's checks, the tile's presenter
and the tile it draws."""
import re

import pytest
from django.template import engines

from judgeapp.sandbox.games import altered
from judgeapp.sandbox.games.altered_cards import card_from_form, card_from_line, card_tile
from judgeapp.sandbox.validation import SandboxError

PAGE = engines["django"].from_string("{% load sandbox_tiles %}{% for c in cards %}{% card_tile c %}{% endfor %}")


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


def view(**changes):
    card = {"id": "k", "name": "Kitsune", "type": "character", "hand_cost": 1, "reserve_cost": 1, "forest": 2,
            "mountain": 1, "water": 0}
    out = altered.card_view(card, zone="hero_expedition", statuses={"fleeting", "asleep"}, boost=1,
                            stats={"forest": 3, "mountain": 2, "water": 1})
    out.update(changes)
    return out


def rendered(*cards: dict) -> str:
    """The tiles as a mat draws them: ``{% card_tile %}`` with Altered's tile template."""
    for c in cards:
        c["tile"] = card_tile(c)
    board = {"card_template": altered.CARD_TEMPLATE, "icon_sprite": "/static/icons.svg"}
    return PAGE.render({"board": board, "cards": cards})


def test_the_presenter_gives_statistics_printed_values_statuses_and_boosts_as_plain_data():
    tile = card_tile(view())
    assert tile["name"] == "Kitsune" and tile["kind"] == "Character" and tile["costs"] == "1/1"
    assert tile["classes"].split() == ["sb-card", "sb-alt", "sb-alt-character", "sb-asleep", "sb-fleeting"]
    assert tile["stats"][0] == {"stat": "forest", "label": "Forest", "initial": "F", "value": 3, "base": 2,
                                "changed": True}
    assert [s["changed"] for s in tile["stats"]] == [True, True, True]
    assert tile["marks"] == "Asleep · Fleeting · +1 boost" and tile["title"] == "Kitsune; Asleep; Fleeting; +1 boost"
    assert all(isinstance(v, (str, bool, list)) for v in tile.values())  # words and numbers, no markup
    assert "<" not in str(tile)


def test_a_hero_has_no_costs_and_a_spell_no_statistics():
    hero = card_tile(altered.card_view({"id": "h", "name": "Sierra", "type": "hero"}, zone="hero"))
    assert hero["costs"] == "" and hero["stats"] == [] and hero["kind"] == "Hero"
    spell = card_tile(altered.card_view({"id": "s", "name": "Rally", "type": "spell", "hand_cost": 2,
                                         "reserve_cost": 2}, zone="reserve"))
    assert spell["costs"] == "2/2" and spell["stats"] == [] and spell["marks"] == ""


def test_the_tile_shows_coloured_badges_the_printed_values_and_the_marks():
    html = rendered(view())
    assert 'data-card="k"' in html and 'class="sb-card sb-alt sb-alt-character sb-asleep sb-fleeting"' in html
    assert '<span class="sb-stat sb-forest" title="Forest 3"><abbr>F</abbr>3<small>(2)</small></span>' in html
    assert '<span class="sb-marks">Asleep · Fleeting · +1 boost</span>' in html
    assert '<span title="hand cost / Reserve cost">1/1</span>' in html
    unchanged = rendered(view(id="k2", stats={"forest": 2, "mountain": 1, "water": 0}))
    assert '<abbr>F</abbr>2</span>' in unchanged and "<small>" not in unchanged
    assert "sb-remove" not in html and "<form" not in html  # removing and copying are the edit bar's


def test_hidden_cards_and_orbs():
    assert card_tile({"hidden": True, "orb": True, "exhausted": True}) == {
        "hidden": True, "classes": "sb-card sb-back sb-alt-back sb-exhausted", "back": "Mana Orb, exhausted"}
    html = rendered({"hidden": True, "orb": True, "exhausted": True}, {"hidden": True, "orb": False,
                                                                       "exhausted": False})
    assert html == ('<div class="sb-card sb-back sb-alt-back sb-exhausted" title="Mana Orb, exhausted">Mana Orb, '
                    'exhausted</div><div class="sb-card sb-back sb-alt-back" title="hidden card">hidden card</div>')


def test_names_and_counters_are_escaped_once():
    html = rendered(altered.card_view({"id": "x", "name": "Tom & <script>", "type": "character"},
                                      zone="hero_expedition", counters={"<kelon>": 2}))
    assert "<script>" not in html and "Tom &amp; &lt;script&gt;" in html and "&amp;amp;" not in html
    assert "&lt;kelon&gt; 2" in html and "&amp;lt;" not in html



def test_a_die_roll_if_you_do_and_play_for_free_are_written_in_words():
    from django.utils import translation

    from judgeapp.sandbox.games.altered_cards import ability_text
    text = ability_text({"timing": "quick", "effects": [
        {"kind": "roll"}, {"kind": "draw", "count": 2, "if": {"roll_at_least": 5}},
        {"kind": "play_free", "from": "hand", "if": "did"}, {"kind": "draw", "count": 1, "if": {"roll_in": [1, 6]}}]})
    assert "roll a die" in text and "if the die shows 5 or more" in text
    assert "play a card for free if you do" in text and "if the die shows 1, 6" in text
    assert "roll_at_least" not in text and "play_free" not in text
    with translation.override("it"):  # the words are marked for translation (Italian pending: locale/pending)
        assert "roll_at_least" not in ability_text({"timing": "quick", "effects": [
            {"kind": "roll"}, {"kind": "draw", "count": 1, "if": {"roll_at_least": 5}}]})


def test_a_card_of_the_hand_discarded_or_put_into_mana_is_not_said_to_go_to_the_reserve():
    from judgeapp.sandbox.games.altered_cards import ability_text
    discard = {"timing": "quick", "effects": [{"kind": "put", "to": "discard"}]}
    assert "discard a card from your hand" in ability_text(discard)
    assert "into your Mana zone" in ability_text({"timing": "quick", "effects": [{"kind": "put", "to": "mana"}]})
    assert "into the Reserve" in ability_text({"timing": "quick", "effects": [{"kind": "put", "to": "reserve"}]})
    theirs = ability_text({"timing": "quick", "effects": [{"kind": "put", "to": "discard", "opponent": True}]})
    assert theirs.endswith("your opponent discards a card of your choice from their hand")  # 3.2.5.c: I choose
    at_random = ability_text({"timing": "quick", "effects": [{"kind": "put", "to": "discard", "opponent": True,
                                                              "random": True}]})
    assert at_random.endswith("your opponent discards a card at random from their hand")


def test_a_reaction_to_a_card_played_from_one_zone_says_which_and_another_leaving_is_in_words():
    from judgeapp.sandbox.games.altered_cards import ability_text
    text = ability_text({"timing": "reaction", "trigger": "on_you_play", "from": "reserve",
                         "effects": [{"kind": "draw", "count": 1}]})
    assert "when you play a card" in text and "only a card played from the Reserve" in text
    leaves = ability_text({"timing": "reaction", "trigger": "on_other_leaves", "effects": [{"kind": "draw", "count": 1}]})
    assert "when another Character leaves my expedition" in leaves and "on_other_leaves" not in leaves


def test_every_ability_of_the_altered_scenarios_and_examples_is_written_without_identifiers():
    """The site walk found "[exhaust self]", "choose own", "each mine", "look", "forest" on Italian card tiles: every
    cost, target, effect kind and statistic of every ability the engine's scenarios and the worked examples give is
    now a word of the game's tables, in the page's language."""
    import json
    from pathlib import Path

    from django.conf import settings
    from django.utils import translation

    from judgeapp.sandbox import wording
    from judgeapp.sandbox.games.altered_cards import ability_text

    root = Path(settings.BASE_DIR)
    abilities = []

    def walk(data):
        if isinstance(data, dict):
            abilities.extend(a for a in data.get("abilities", []) if isinstance(a, dict))
            for value in data.values():
                walk(value)
        elif isinstance(data, list):
            for value in data:
                walk(value)

    for path in [*(root / "tests" / "scenarios" / "altered").rglob("*.json"),
                 *(root / "judgeapp" / "sandbox" / "examples").glob("altered-*.json")]:
        walk(json.loads(path.read_text(encoding="utf-8")))
    assert len(abilities) > 100
    identifiers = re.compile(r"_|\b(?:exhaust|discard) self\b|\bchoose (?:own|any|opponent)\b|\beach (?:own|mine|facing|"
                             r"opponent)\b|\blook \d|\bdice\b|\b(?:forest|water|mountain)\b")
    for language in ("en", "it"):
        with translation.override(language):
            wording.game_is("altered")
            for ability in abilities:
                text = ability_text({k: v for k, v in ability.items() if k != "text"})  # the words, not a printed text
                assert not identifiers.search(text), (language, text)
            wording.game_is(None)


def test_a_tile_writes_its_abilities_in_the_pages_language_and_marks_no_other():
    """The abilities were marked lang="en" though written in the page's language (a screen reader read Italian with
    English sounds, and the page scans skipped them)."""
    html = rendered(altered.card_view({"id": "x", "name": "Alice", "type": "character",
                                       "abilities": [{"timing": "quick", "cost": [{"kind": "exhaust_self"}],
                                                      "effects": [{"kind": "draw", "count": 1}]}]},
                                      zone="hero_expedition"))
    assert '<span class="sb-ab">' in html and 'lang="en"' not in html
    assert "exhaust me" in html


def test_an_also_modifier_says_what_the_object_would_gain_and_what_it_also_does():
    from judgeapp.sandbox.games.altered_cards import ability_text
    text = ability_text({"timing": "passive", "effects": [{"kind": "also", "gains": "status", "status": "exhausted",
                                                           "then": {"kind": "status", "status": "anchored"},
                                                           "to": {"who": "own"}}]})
    assert "if it would gain a status Exhausted, it also: gain a status Anchored" in text, text
    assert "also" in text and "then" not in text and "gains" not in text


def test_a_whole_step_replaced_says_which_step_and_what_happens_instead():
    from judgeapp.sandbox.games.altered_cards import ability_text
    text = ability_text({"timing": "passive", "effects": [{"kind": "replace_step", "step": "draw",
                                                           "effects": [{"kind": "resupply", "count": 1}]}]})
    assert text == "Passive ability: instead of the step draw (resupply 1)", text


def test_a_card_at_random_from_my_own_hand_is_said_so():
    from judgeapp.sandbox.games.altered_cards import ability_text
    text = ability_text({"timing": "quick", "effects": [{"kind": "put", "to": "discard", "random": True}]})
    assert text.endswith("discard a card at random from your hand"), text


def test_a_step_the_opponent_does_says_so():
    from judgeapp.sandbox.games.altered_cards import ability_text
    text = ability_text({"timing": "effect", "effects": [{"kind": "sacrifice", "opponent": True}]})
    assert text == "Effect: your opponent: sacrifice", text


def test_a_step_every_player_does_says_so():
    from judgeapp.sandbox.games.altered_cards import ability_text
    text = ability_text({"timing": "effect", "effects": [{"kind": "put", "to": "discard", "each_player": True}]})
    assert text == "Effect: each player: discard a card from your hand", text


def test_a_step_done_unless_a_condition_says_when_it_is_not_done():
    from judgeapp.sandbox.games.altered_cards import ability_text
    text = ability_text({"timing": "effect", "effects": [
        {"kind": "draw", "count": 2, "unless": {"controls": "landmarks"}}, {"kind": "resupply", "count": 1,
                                                                            "unless": "first_player"}]})
    assert "(not done if you control at least 1 landmark)" in text
    assert "(not done if you are the first player)" in text and "unless" not in text


def test_what_a_target_must_be_is_written_in_words():
    from django.utils import translation

    from judgeapp.sandbox.games.altered_cards import ability_text
    ability = {"timing": "quick", "effects": [{"kind": "send", "to": "hand", "target": "choose_any",
                                               "which": {"hand_cost_at_most": 3, "status": "exhausted"}}]}
    with translation.override("en"):
        text = ability_text(ability)
    assert "(with a Hand cost of 3 or less, that is Exhausted)" in text, text
    assert "hand_cost_at_most" not in text and "which" not in text
