"""attacked.py: the units a battle attacks, and whether a vanguard and / or a rear-guard is among them (7.1.2.2)."""

from engine.vanguard.attacked import attacked_kinds, attacked_units


def test_the_unit_chosen_first_then_the_others_and_the_kinds_of_battle_they_make():
    battle = {"target": "b-vg", "target_circle": "vanguard", "also": [["b-fl", "front_left"]]}
    assert attacked_units(battle) == [("b-vg", "vanguard"), ("b-fl", "front_left")]
    assert attacked_kinds(battle) == {True, False}
    assert attacked_kinds({"target": "b-fr", "target_circle": "front_right"}) == {False}


def test_no_battle_or_no_unit_chosen_yet_attacks_nothing():
    assert attacked_units(None) == [] and attacked_units({"target": None, "target_circle": None}) == []
    assert attacked_kinds(None) == set()
