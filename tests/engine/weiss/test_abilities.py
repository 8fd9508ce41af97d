"""The Weiss Schwarz ability vocabulary: the forms added for 8.2.1.3.2, 8.7.4-8.7.6 and 8.9.1.4 load, round-trip,
and are refused at load where they cannot say what the text says."""

import pytest

from engine.core.errors import DefinitionError
from engine.weiss.abilities import Ability
from engine.weiss.cards import Card

CARD = {"id": "x", "name": "X", "type": "character", "colour": "yellow", "level": 0, "cost": 0, "power": 1000}
NEW_FORMS = [
    {"timing": "act", "effects": [{"kind": "delayed", "at": "turn_end",
                                   "effects": [{"kind": "bounce", "target": "self"}]}]},
    # 1.3.3: "this card cannot move to another position", "cannot be chosen by your opponent's effects"
    {"timing": "cont", "effects": [{"kind": "cannot", "action": "move", "target": "self"},
                                   {"kind": "cannot", "action": "be_chosen", "target": "self"}]},
    # "choose 1 of your opponent's level 1 or lower characters, it gets -2000 power": a chosen stat target's filter
    {"timing": "act", "effects": [{"kind": "power", "amount": -2000, "target": "choose_opponent_character",
                                   "duration": "end_of_turn", "filter": {"max_level": 1}}]},
    {"timing": "act", "effects": [{"kind": "power_becomes", "value": 0, "target": "choose_own_character",
                                   "duration": "end_of_turn", "filter": {"trait": "A"}}]},
    {"timing": "cont", "effects": [{"kind": "trait", "trait": "Amore", "target": "front",
                                    "filter": {"trait": "Eroe"}}]},
    {"timing": "cont", "effects": [{"kind": "power", "amount": 500, "target": "all_own_characters",
                                    "filter": {"trait": "Amore"}}]},
    {"timing": "replace", "event": "leave_stage", "instead": "hand", "optional": True,
     "cost": [{"kind": "stock", "count": 1}]},
    {"timing": "situation", "conditions": [{"kind": "count", "player": "self", "zone": "hand", "max": 0}],
     "effects": [{"kind": "draw", "count": 1}]},
    {"timing": "on_stage_to_waiting_room", "conditions": [{"kind": "power", "min": 3000}],
     "effects": [{"kind": "power", "amount": -1000, "target": "opposite", "duration": "end_of_turn"}]},
    {"timing": "act", "effects": [{"kind": "power_becomes", "value": 0, "target": "choose_opponent_character",
                                   "duration": "end_of_turn"}]},
    {"timing": "cont", "effects": [{"kind": "encore", "cost": [{"kind": "stock", "count": 1}], "target": "front",
                                    "filter": {"trait": "Amore"}}]},
    {"timing": "act", "effects": [{"kind": "look", "count": 4, "up_to": True, "take": 1, "filter": {"type": "character"},
                                   "rest": "deck_bottom"}]},
    {"timing": "cont", "effects": [{"kind": "power", "amount": 500, "target": "front", "filter": {"max_power": 3000}}]},
    {"timing": "cont", "effects": [{"kind": "cannot", "action": "side_attack", "target": "self"}]},
    {"timing": "cont", "conditions": [{"kind": "in_battle"}],
     "effects": [{"kind": "cannot", "action": "backup", "player": "opponent"}]},
    {"timing": "on_area_change", "from": "hand", "to": "clock", "effects": [{"kind": "draw", "count": 1}]},
    {"timing": "on_other_play", "effects": [{"kind": "draw", "count": 1}]},
    {"timing": "on_reverse", "conditions": [{"kind": "battle_opponent", "max_level": 0}],
     "effects": [{"kind": "to_clock", "target": "battle_opponent"}]},
    {"timing": "on_front_attacked", "effects": [{"kind": "to_stock", "target": "battle_opponent"},
                                                {"kind": "to_deck_bottom", "target": "self"}]},
    {"timing": "act", "effects": [{"kind": "bounce", "target": "choose_opponent_character", "filter": {"max_level": 0}}]},
    {"timing": "act", "effects": [{"kind": "put_on_stage", "source": "waiting_room", "up_to": True,
                                   "filter": {"max_level": 1}}]},
    # 8.3.3: a part active under a condition; 8.6.3.1: several chosen; W33: a move
    {"timing": "act", "effects": [{"kind": "power", "amount": 1000, "target": "choose_own_character",
                                   "duration": "end_of_turn", "count": 2, "up_to": True, "if": [{"kind": "climax"}]},
                                  {"kind": "move", "target": "self", "to": "back"}]},
]


def test_the_new_forms_load_and_round_trip():
    card = Card.from_json(dict(CARD, abilities=NEW_FORMS), "card", 0)
    data = card.to_json()
    data.pop("owner", None)
    assert data["abilities"][0]["effects"][0]["effects"] == [{"kind": "bounce", "target": "self"}]
    assert data["abilities"][-6] == NEW_FORMS[-6]
    assert data["abilities"][-1] == NEW_FORMS[-1]
    assert data["abilities"][-12]["effects"][0]["cost"] == [{"kind": "stock", "count": 1}]
    assert Card.from_json(data, "card", 0) == card


@pytest.mark.parametrize("ability, words", [
    ({"timing": "situation", "effects": [{"kind": "draw", "count": 1}]}, "8.7.6"),
    ({"timing": "act", "effects": [{"kind": "trait", "trait": "A", "target": "self"}]}, "CONT"),
    ({"timing": "replace", "event": "leave_stage", "instead": "hand", "cost": [{"kind": "stock", "count": 1}]},
     "8.2.1.3.2"),
    ({"timing": "replace", "event": "leave_stage", "instead": "hand", "optional": True,
      "cost": [{"kind": "rest_self"}]}, "discarding"),
    ({"timing": "cont", "conditions": [{"kind": "power", "min": 1}],
      "effects": [{"kind": "power", "amount": 1, "target": "self"}]}, "8.9.1.4"),
    ({"timing": "act", "effects": [{"kind": "delayed", "at": "turn_end", "effects": [
        {"kind": "delayed", "at": "turn_end", "effects": [{"kind": "draw", "count": 1}]}]}]}, "another"),
    ({"timing": "act", "effects": [{"kind": "delayed", "at": "turn_end", "effects": []}]}, "at least one"),
    ({"timing": "cont", "effects": [{"kind": "power_becomes", "value": 0, "target": "self", "duration": "game"}]},
     "CONT"),
    ({"timing": "act", "effects": [{"kind": "power_becomes", "amount": 0, "target": "self",
                                   "duration": "game"}]}, "value"),
    ({"timing": "act", "effects": [{"kind": "delayed", "at": "whenever", "effects": [
        {"kind": "draw", "count": 1}]}]}, "turn_end, begin_stand"),
    # an Encore is given only by a CONT ability, always with a cost it takes from the cost vocabulary (10.2.2)
    ({"timing": "act", "effects": [{"kind": "encore", "cost": [{"kind": "stock", "count": 1}], "target": "self"}]},
     "CONT"),
    ({"timing": "cont", "effects": [{"kind": "encore", "cost": [], "target": "self"}]}, "10.2.2"),
    ({"timing": "cont", "effects": [{"kind": "encore", "cost": [{"kind": "mill", "count": 1}], "target": "self"}]},
     "stock"),
    # 4.8: looking is done by an ability that resolves; the cards not taken go to a named place
    ({"timing": "cont", "effects": [{"kind": "look", "count": 3}]}, "CONT"),
    ({"timing": "act", "effects": [{"kind": "look", "count": 3, "rest": "hand"}]}, "deck_bottom"),
    ({"timing": "act", "effects": [{"kind": "look", "count": 0}]}, "count"),
    ({"timing": "cont", "effects": [{"kind": "lose", "player": "opponent"}]}, "1.2.5"),
    ({"timing": "act", "effects": [{"kind": "win", "player": "both"}]}, "self, opponent"),
    # W30: a power limit reads the numeric changes, made after the traits and abilities CONT effects give
    ({"timing": "cont", "effects": [{"kind": "trait", "trait": "A", "target": "front", "filter": {"max_power": 3000}}]},
     "max_power"),
    ({"timing": "cont", "effects": [{"kind": "power", "amount": 500, "target": "front", "filter": {"max_power": -1}}]},
     "max_power"),
    # W31: an area change names both areas, among the moves that trigger it
    ({"timing": "on_area_change", "to": "clock", "effects": [{"kind": "draw", "count": 1}]}, "from"),
    ({"timing": "on_area_change", "from": "deck", "to": "hand", "effects": [{"kind": "draw", "count": 1}]}, "W31"),
    ({"timing": "on_play", "to": "clock", "effects": [{"kind": "draw", "count": 1}]}, "changes area names the areas"),
    # 1.3.3: a 'cannot' is a CONT effect forbidding an attack
    ({"timing": "act", "effects": [{"kind": "cannot", "action": "attack", "target": "self"}]}, "CONT"),
    ({"timing": "cont", "effects": [{"kind": "cannot", "action": "counter", "target": "self"}]}, "side_attack"),
    ({"timing": "cont", "effects": [{"kind": "cannot", "action": "backup", "target": "self"}]}, "player"),
    ({"timing": "act", "effects": [{"kind": "bounce", "target": "opposite", "filter": {"max_level": 0}}]}, "chosen"),
    ({"timing": "act", "effects": [{"kind": "soul", "amount": 1, "target": "self", "duration": "end_of_turn",
                                    "filter": {"max_level": 0}}]}, "chosen"),
    # 8.9.3.1: only "when another of your characters is played" has a character played to read
    ({"timing": "on_play", "conditions": [{"kind": "other", "filter": {"trait": "A"}}],
      "effects": [{"kind": "draw", "count": 1}]}, "another of your characters is played"),
    ({"timing": "on_other_play", "conditions": [{"kind": "other"}], "effects": [{"kind": "draw", "count": 1}]},
     "filter"),
    ({"timing": "cont", "effects": [{"kind": "power", "amount": 1, "target": "self", "if": [{"kind": "climax"}]}]},
     "CONT"),
    ({"timing": "act", "effects": [{"kind": "draw", "count": 1, "if": []}]}, "8.3.3"),
])
def test_forms_the_text_cannot_have_are_refused_at_load(ability, words):
    with pytest.raises(DefinitionError) as raised:
        Card.from_json(dict(CARD, abilities=[ability]), "card", 0)
    assert words in str(raised.value)


def test_a_character_may_have_two_replacement_effects_of_one_event():
    """8.10.2: its controller chooses; two no longer refuse the card."""
    two = [{"timing": "replace", "event": "leave_stage", "instead": area} for area in ("hand", "memory")]
    assert len(Card.from_json(dict(CARD, abilities=two), "card", 0).abilities) == 2


@pytest.mark.parametrize("ability, ok", [("encore", True), ("given_encore", True), (0, True), ("bond", False)])
def test_a_resolve_names_the_rules_encore_or_a_given_one(ability, ok):
    """10.2.3 / 10.2.2: the encores no card prints are named by word in a resolve (any other word is refused)."""
    from engine.weiss.actions import Action

    data = {"kind": "resolve", "card": "x", "ability": ability}
    if ok:
        assert Action.from_json(data).get("ability") == ability
    else:
        with pytest.raises(DefinitionError):
            Action.from_json(data)


def test_an_act_ability_cannot_be_named_by_an_encore_word():
    from engine.weiss.actions import Action

    with pytest.raises(DefinitionError):
        Action.from_json({"kind": "act", "card": "x", "ability": "encore"})


def test_only_a_character_has_a_leaves_the_stage_ability():
    climax = {"id": "c", "name": "C", "type": "climax", "colour": "yellow",
              "abilities": [{"timing": "on_leave_stage", "effects": [{"kind": "draw", "count": 1}]}]}
    with pytest.raises(DefinitionError) as raised:
        Card.from_json(climax, "card", 0)
    assert "only a character can have this ability (on_leave_stage)" in str(raised.value)


def test_once_per_turn_is_kept_and_only_for_act_and_auto_abilities():
    act = Ability.from_json({"timing": "act", "once_per_turn": True,
                             "effects": [{"kind": "draw", "count": 1}]}, "a")
    assert act.once_per_turn and Ability.from_json(act.to_json(), "a") == act
    with pytest.raises(DefinitionError) as raised:
        Ability.from_json({"timing": "cont", "once_per_turn": True, "effects": [
            {"kind": "power", "amount": 500, "target": "self"}]}, "a")
    assert "once per turn" in str(raised.value)


def test_a_number_of_times_per_turn_is_kept_and_only_for_act_and_auto_abilities():
    act = Ability.from_json({"timing": "act", "times_per_turn": 2, "effects": [{"kind": "draw", "count": 1}]}, "a")
    assert act.per_turn == 2 and Ability.from_json(act.to_json(), "a") == act
    assert Ability.from_json({"timing": "act", "effects": [{"kind": "draw", "count": 1}]}, "a").per_turn == 0
    with pytest.raises(DefinitionError) as raised:
        Ability.from_json({"timing": "cont", "times_per_turn": 2, "effects": [
            {"kind": "power", "amount": 500, "target": "self"}]}, "a")
    assert "times per turn" in str(raised.value)
    with pytest.raises(DefinitionError):  # once is once_per_turn's
        Ability.from_json({"timing": "act", "times_per_turn": 1, "effects": [{"kind": "draw", "count": 1}]}, "a")


def test_a_power_of_n_or_more_chooses_characters_but_not_for_a_cont_effect():
    act = Ability.from_json({"timing": "act", "effects": [{"kind": "bounce", "target": "choose_opponent_character",
                                                           "filter": {"min_power": 5000}}]}, "a")
    assert dict(act.effects[0].get("filter")) == {"min_power": 5000}
    with pytest.raises(DefinitionError) as raised:  # it would read the power it gives (8.9.1.4)
        Ability.from_json({"timing": "cont", "effects": [{"kind": "power", "amount": 500, "target": "all_own_characters",
                                                          "filter": {"min_power": 3000}}]}, "a")
    assert "power of N or more" in str(raised.value)


@pytest.mark.parametrize("ability", [
    {"timing": "act", "conditions": [{"kind": "did"}], "effects": [{"kind": "draw", "count": 1}]},
    {"timing": "act", "effects": [{"kind": "draw", "count": 1, "if": [{"kind": "did"}]}]},
])
def test_if_you_do_reads_a_part_before_it_only(ability):
    with pytest.raises(DefinitionError) as raised:
        Ability.from_json(ability, "a")
    assert "if you do" in str(raised.value)
    second = Ability.from_json({"timing": "act", "effects": [{"kind": "discard", "count": 1},
                                                             {"kind": "draw", "count": 1, "if": [{"kind": "did"}]}]}, "a")
    assert second.effects[1].get("if")


@pytest.mark.parametrize("first", [{"kind": "look", "count": 3}, {"kind": "damage", "count": 1},
                                   {"kind": "brainstorm", "count": 4}, {"kind": "move", "target": "self", "to": "center"}])
def test_if_you_do_is_read_after_a_part_that_finishes_later(first):
    ability = Ability.from_json({"timing": "act", "effects": [first, {"kind": "draw", "count": 1,
                                                                      "if": [{"kind": "did"}]}]}, "a")
    assert ability.effects[1].get("if")


def test_that_card_reads_a_mill_part_before_it_only():
    milled = {"kind": "draw", "count": 1, "if": [{"kind": "milled", "filter": {"type": "climax"}}]}
    assert Ability.from_json({"timing": "act", "effects": [{"kind": "mill", "count": 1}, milled]}, "a").effects[1].get("if")
    for effects in ([{"kind": "draw", "count": 1}, milled], [milled]):
        with pytest.raises(DefinitionError) as raised:
            Ability.from_json({"timing": "act", "effects": effects}, "a")
        assert "that card" in str(raised.value)
    with pytest.raises(DefinitionError):
        Ability.from_json({"timing": "act", "effects": [{"kind": "mill", "count": 1, "player": "each"}]}, "a")


@pytest.mark.parametrize("kind", ["cancelled", "not_cancelled"])
def test_that_damage_reads_a_damage_part_before_it_only(kind):
    reads = {"kind": "draw", "count": 1, "if": [{"kind": kind}]}
    assert Ability.from_json({"timing": "act", "effects": [{"kind": "damage", "count": 1}, reads]}, "a").effects[1].get("if")
    for ability in ({"timing": "act", "effects": [{"kind": "draw", "count": 1}, reads]},
                    {"timing": "act", "conditions": [{"kind": kind}], "effects": [{"kind": "draw", "count": 1}]}):
        with pytest.raises(DefinitionError) as raised:
            Ability.from_json(ability, "a")
        assert "that damage" in str(raised.value)


def test_a_look_at_the_opponents_deck_takes_nothing_and_orders_nothing():
    look = Ability.from_json({"timing": "act", "effects": [{"kind": "look", "count": 1, "player": "opponent"}]}, "a")
    assert look.effects[0].get("take") == 0 and look.effects[0].get("player") == "opponent"
    for extra in ({"take": 1}, {"rest": "deck_top", "any_order": True}):
        with pytest.raises(DefinitionError) as raised:
            Ability.from_json({"timing": "act", "effects": [{"kind": "look", "count": 2, "player": "opponent",
                                                             **extra}]}, "a")
        assert "opponent's deck" in str(raised.value)


def test_a_card_chosen_in_the_waiting_room_goes_where_the_text_says():
    part = Ability.from_json({"timing": "act", "effects": [{"kind": "salvage", "count": 1, "to": "stock"}]}, "a").effects[0]
    assert part.get("to") == "stock"
    for bad in ({"kind": "salvage", "count": 1, "to": "memory"}, {"kind": "search", "count": 1, "to": "stock"}):
        with pytest.raises(DefinitionError):
            Ability.from_json({"timing": "act", "effects": [bad]}, "a")
