"""several.py: "this unit attacks all of your opponent's front row units" (7.3.1.4.5-7.3.1.4.6)."""

from engine.vanguard.several import attack_others, attacked_in_place, attacked_kinds, attacked_units, is_attacked

from .helpers import card, position

ALL_FRONT = {"timing": "cont", "effects": [{"kind": "gain_keyword", "target": "self", "keyword": "attacks_front_row"}]}


def _battle(abilities=(), **b1):
    st = position(p0={"field": {"vanguard": card("a-vg", grade=3, abilities=list(abilities))}},
                  p1={"field": {"front_left": card("b-fl"), "front_right": card("b-fr", locked=True),
                                "back_left": card("b-bl"), **b1}})
    st.battle = {"number": 1, "attacker": "a-vg", "attacker_circle": "vanguard", "target": "b-vg",
                 "target_circle": "vanguard", "booster": None, "booster_circle": None, "guardians": {}, "hit": None,
                 "drive_checks": 0}
    return st


def test_the_keyword_makes_every_other_front_row_unit_attacked_but_not_a_locked_card_or_the_back_row():
    st, events, triggered = _battle([ALL_FRONT]), [], []
    attack_others(st, events, "a-vg", lambda state, ev, timing, c, ctx=None: triggered.append((timing, c)))
    assert attacked_units(st.battle) == [("b-vg", "vanguard"), ("b-fl", "front_left")]
    assert events[0].kind == "attacks_several" and events[0].cites("7.3.1.4.5") and events[0].cites("7.3.1.4.6")
    # its own "when this unit is attacked", then "when one of your rear-guards is attacked" on each defender's unit
    assert triggered[0] == ("on_attacked", "b-fl") and is_attacked(st, "b-fl") and not is_attacked(st, "b-bl")
    assert {c for timing, c in triggered[1:] if timing == "on_your_rear_guard_attacked"} == {"b-vg", "b-fl", "b-fr", "b-bl"}
    assert attacked_kinds(st.battle) == {True, False}  # a battle where a vanguard and a rear-guard are attacked (7.1.2.2)


def test_without_the_keyword_the_battle_keeps_its_one_attacked_unit_and_its_json():
    st, events = _battle(), []
    attack_others(st, events, "a-vg", lambda *a: None)
    assert "also" not in st.battle and events == [] and attacked_units(st.battle) == [("b-vg", "vanguard")]


def test_an_attacked_unit_that_left_its_circle_is_no_longer_in_place():
    st = _battle([ALL_FRONT])
    attack_others(st, [], "a-vg", lambda *a: None)
    st.battle["also"] = [["b-fl", "back_right"]]  # as if it had been attacked there, then moved
    assert attacked_in_place(st) == ["b-vg"]


def test_the_battle_units_an_effect_names_the_boosted_unit_only_for_its_booster():
    from engine.vanguard.several import battle_targets
    st = _battle()
    st.battle["booster"] = "a-bc"
    assert battle_targets(st, "boosted_unit", "a-bc") == ["a-vg"] and battle_targets(st, "boosted_unit", "a-x") == []
    assert battle_targets(st, "attacking_unit", "a-x") == ["a-vg"] and battle_targets(st, "attacked_unit", "a-x") == ["b-vg"]
    st.battle = None
    assert battle_targets(st, "attacked_unit", "a-x") == []


TWO = {"timing": "cont", "effects": [{"kind": "gain_keyword", "target": "self", "keyword": "attacks_two_units"}]}
NOT_ATTACKED = {"timing": "cont", "effects": [{"kind": "gain_keyword", "target": "self", "keyword": "cannot_be_attacked"}]}


def test_a_unit_that_cannot_be_attacked_is_no_target_of_the_turn_players_choice_nor_of_the_whole_front_row():
    from engine.vanguard.battle import attack_targets, target_problem
    from engine.vanguard.several import attackable

    st = position(p1={"field": {"front_left": card("b-fl", abilities=[NOT_ATTACKED]), "front_right": card("b-fr")}})
    assert not attackable(st, "b-fl") and attackable(st, "b-fr")
    assert sorted(attack_targets(st)) == ["b-fr", "b-vg"]
    text, keys = target_problem(st, "b-fl", specified=True)  # an effect's attack is refused too (EN 10.34.1.1)
    assert "EFFECT_PREVENTS" in keys
    st2 = _battle([ALL_FRONT], front_left=card("b-fl", abilities=[NOT_ATTACKED]), front_right=card("b-fr"))
    attack_others(st2, [], "a-vg", lambda *a: None)
    assert attacked_units(st2.battle) == [("b-vg", "vanguard"), ("b-fr", "front_right")]

