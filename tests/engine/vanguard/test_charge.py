"""charge.py: a charging unit goes to the bottom of its owner's deck at the end of a battle it took part in."""
from engine.vanguard.charge import battle_units, charging_leave
from engine.vanguard.primitives import add_modifier, move

from .helpers import card, position


def _state():
    return position(p0={"field": {"vanguard": card("a-vg", grade=3), "back_centre": card("a-bc", keywords=["boost"]),
                                  "front_left": card("a-fl")}})


def test_the_units_of_a_battle_are_its_attacker_booster_and_attacked_unit():
    st = _state()
    assert battle_units(st, {"attacker": "a-vg", "booster": "a-bc", "target": "b-vg"}) == ["a-vg", "a-bc", "b-vg"]
    move(st, "a-bc", "soul", 0)  # a unit that has left the field took no part in the battle's end
    assert battle_units(st, {"attacker": "a-vg", "booster": "a-bc", "target": None}) == ["a-vg"]


def test_only_a_charging_unit_of_the_battle_goes_to_the_deck_bottom():
    st = _state()
    for unit in ("a-bc", "a-fl"):
        add_modifier(st, unit, "charging", 1, "end_of_turn", unit)
    events = []
    charging_leave(st, events, {"attacker": "a-vg", "booster": "a-bc", "target": "b-vg"})
    assert st.zones[0]["deck"][-1] == "a-bc" and st.loc["a-fl"] == (0, "front_left")
    assert [e.kind for e in events] == ["deck_bottom"] and events[0].cites("11.29.1")
