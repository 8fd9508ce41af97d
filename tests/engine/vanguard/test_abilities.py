"""Abilities as data: the closed vocabulary; anything else is refused naming the field."""

import pytest

from engine.vanguard.abilities import Ability
from engine.core.errors import DefinitionError


@pytest.mark.parametrize("ability,path", [
    ({"timing": "when_sad", "effects": [{"kind": "draw", "count": 1}]}, "a.timing"),
    ({"timing": "act", "effects": [{"kind": "teleport"}]}, "a.effects[0].kind"),
    ({"timing": "act", "effects": [{"kind": "draw", "count": 1, "target": "self"}]}, "a.effects[0].target"),
    ({"timing": "act", "cost": [{"kind": "pay_life", "count": 1}], "effects": [{"kind": "draw", "count": 1}]},
     "a.cost[0].kind"),
    ({"timing": "act", "conditions": [{"kind": "moon_phase"}], "effects": [{"kind": "draw", "count": 1}]},
     "a.conditions[0].kind"),
    ({"timing": "cont", "effects": [{"kind": "draw", "count": 1}]}, "a.effects[0].kind"),
    ({"timing": "act", "effects": [{"kind": "power", "amount": 1000, "target": "self"}]}, "a.effects[0].duration"),
    ({"timing": "act", "effects": []}, "a.effects"),
    ({"timing": "act", "effects": [{"kind": "draw", "count": 1}], "flavour": "x"}, "a.flavour"),
])
def test_unexpressible_abilities_are_refused(ability, path):
    with pytest.raises(DefinitionError) as err:
        Ability.from_json(ability, "a")
    assert err.value.path == path


def test_ability_round_trip():
    data = {"timing": "act", "once_per_turn": True, "conditions": [{"kind": "limit_break", "count": 4}],
            "cost": [{"kind": "counter_blast", "count": 1}, {"kind": "rest_self"}],
            "effects": [{"kind": "power", "amount": 5000, "target": "self", "duration": "end_of_turn"}], "text": "t"}
    ab = Ability.from_json(data)
    assert ab.to_json() == data
    assert Ability.from_json(ab.to_json()) == ab



@pytest.mark.parametrize("target", ["guarded_unit", "choose_own_unit"])
def test_cont_abilities_cannot_use_targets_they_cannot_apply(target):
    with pytest.raises(DefinitionError) as err:
        Ability.from_json({"timing": "cont", "effects": [{"kind": "power", "amount": 1, "target": target}]}, "a")
    assert err.value.path == "a.effects[0].target"


def test_turn_conditions_and_the_soul_self_cost_round_trip():
    data = {"timing": "act", "conditions": [{"kind": "own_turn"}], "cost": [{"kind": "soul_self"}],
            "effects": [{"kind": "draw", "count": 1}]}
    assert Ability.from_json(data).to_json() == data


@pytest.mark.parametrize("part,path", [
    ({"conditions": [{"kind": "opponent_turn", "player": "self"}]}, "a.conditions[0].player"),
    ({"cost": [{"kind": "soul_self", "count": 1}]}, "a.cost[0].count"),
])
def test_turn_conditions_and_soul_self_take_no_fields(part, path):
    with pytest.raises(DefinitionError) as err:
        Ability.from_json({"timing": "act", "effects": [{"kind": "draw", "count": 1}], **part}, "a")
    assert err.value.path == path


@pytest.mark.parametrize("timing,condition,path", [
    ("on_attack", {"kind": "revealed", "grade": 3}, "a.conditions[0].kind"),
    ("on_drive_check", {"kind": "revealed"}, "a.conditions[0]"),
    ("on_drive_check", {"kind": "revealed", "trigger": "purple"}, "a.conditions[0].trigger"),
])
def test_a_revealed_condition_needs_a_drive_check_and_something_to_look_for(timing, condition, path):
    with pytest.raises(DefinitionError) as err:
        Ability.from_json({"timing": timing, "conditions": [condition], "effects": [{"kind": "draw", "count": 1}]}, "a")
    assert err.value.path == path


def test_keyword_states_and_the_deck_bottom_are_part_of_the_vocabulary():
    from engine.vanguard.abilities import parse_condition, parse_effect

    assert parse_effect({"kind": "become", "state": "blazing", "target": "own_vanguard"}, "e", "act").get("state") == "blazing"
    assert parse_effect({"kind": "deck_bottom", "target": "self"}, "e", "act").get("target") == "self"
    cond = parse_condition({"kind": "state", "state": "successful", "absent": True}, "c")
    assert cond.get("absent") is True and cond.get("unit") == "self"
    assert parse_condition({"kind": "rear_guard_power", "min": 15000}, "c").get("min") == 15000
    for bad, path in (({"kind": "become", "state": "sleepy", "target": "self"}, "e.state"),
                      ({"kind": "become", "state": "blazing", "target": "self", "duration": "end_of_turn"}, "e.duration")):
        with pytest.raises(DefinitionError) as err:
            parse_effect(bad, "e", "act")
        assert err.value.path == path
    for bad, path in (({"kind": "state", "state": "blazing", "unit": "opponent"}, "c.unit"),
                      ({"kind": "rear_guard_power"}, "c.min"), ({"kind": "more_rear_guards", "min": 1}, "c.min")):
        with pytest.raises(DefinitionError) as err:
            parse_condition(bad, "c")
        assert err.value.path == path


def test_a_placed_unit_condition_is_only_for_another_units_placement():
    ok = {"timing": "on_other_placed", "conditions": [{"kind": "placed_unit", "same_column": True}],
          "effects": [{"kind": "become", "state": "harmony", "target": "placed_unit"}]}
    assert Ability.from_json(ok).conditions[0].get("same_column") is True
    with pytest.raises(DefinitionError) as err:
        Ability.from_json(dict(ok, timing="on_call"), "a")
    assert err.value.path == "a.conditions[0].kind"
    with pytest.raises(DefinitionError) as err:
        Ability.from_json(dict(ok, conditions=[{"kind": "placed_unit"}]), "a")
    assert err.value.path == "a.conditions[0]"


def test_up_to_is_a_number_a_chosen_target_may_fall_short_of_and_only_a_chosen_target_takes_it():
    ab = Ability.from_json({"timing": "act", "effects": [{"kind": "retire", "target": "choose_opponent_rear_guard",
                                                          "up_to": True}]}, "a")
    assert ab.effects[0].get("up_to") is True and ab.effects[0].get("count") == 1  # "up to one" (8.5.4.1.1)
    with pytest.raises(DefinitionError) as err:
        Ability.from_json({"timing": "act", "effects": [{"kind": "retire", "target": "self", "up_to": True}]}, "a")
    assert err.value.path == "a.effects[0].up_to"


def test_an_amount_for_each_card_counted_is_read_back_from_its_json_and_only_a_stat_takes_it():
    data = {"timing": "cont", "effects": [{"kind": "power", "target": "self", "amount": 3000,
                                           "per": {"player": "self", "zone": "soul", "grade": 3}}]}
    ab = Ability.from_json(data, "a")
    assert Ability.from_json(ab.to_json(), "a") == ab  # the state is written and read back as JSON
    with pytest.raises(DefinitionError) as err:
        Ability.from_json({"timing": "act", "effects": [{"kind": "draw", "count": 1, "per": {"player": "self",
                                                                                            "zone": "soul"}}]}, "a")
    assert err.value.path == "a.effects[0].per"
    with pytest.raises(DefinitionError) as err:
        Ability.from_json({"timing": "cont", "effects": [{"kind": "power", "target": "self", "amount": 1,
                                                          "per": {"player": "self", "zone": "soul", "min": 2}}]}, "a")
    assert err.value.path == "a.effects[0].per.min"
