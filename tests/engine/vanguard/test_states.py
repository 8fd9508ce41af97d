"""states.py: a keyword's state until end of turn; harmony binds two units while both stay on the field."""
from engine.vanguard.characteristics import has_state
from engine.vanguard.primitives import move
from engine.vanguard.states import become

from .helpers import card, position


def test_harmony_ends_for_good_when_the_partner_leaves_and_comes_back():
    st = position(p0={"field": {"front_left": card("a-fl"), "back_left": card("a-bl")}}, phase="main")
    events = []
    become(st, events, "a-bl", "harmony", "a-fl", 0)
    assert has_state(st, "a-fl", "harmony") and has_state(st, "a-bl", "harmony")
    move(st, "a-bl", "hand", 0)
    move(st, "a-bl", "back_right", 0)  # back on the field: a new card (4.1.4)
    assert not has_state(st, "a-fl", "harmony")


def test_a_charging_unit_is_marked_until_end_of_turn():
    st = position(p0={"field": {"front_left": card("a-fl")}}, phase="main")
    events = []
    become(st, events, "a-fl", "charging", "a-fl", 0)
    assert has_state(st, "a-fl", "charging") and events[-1].cites("11.29.1")
