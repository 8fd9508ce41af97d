"""moving.py: an effect's move goes only to an open rear-guard circle."""
from engine.vanguard.moving import move_to_circle, open_circles

from .helpers import card, position


def test_a_rear_guard_may_move_to_any_open_rear_guard_circle_but_its_own():
    st = position(p0={"field": {"back_left": card("a-bl"), "front_right": card("a-fr")}})
    assert open_circles(st, "a-bl") == ["front_left", "back_centre", "back_right"]
    assert open_circles(st, "a-vg") == []  # the vanguard does not move


def test_a_move_onto_an_occupied_circle_does_nothing():
    st = position(p0={"field": {"back_left": card("a-bl"), "front_right": card("a-fr")}})
    events = []
    move_to_circle(st, events, "a-bl", 0, "front_right")
    assert st.loc["a-bl"] == (0, "back_left") and [e.kind for e in events] == ["effect_fizzles"]
    move_to_circle(st, events, "a-bl", 0, "front_left")
    assert st.loc["a-bl"] == (0, "front_left") and events[-1].kind == "moved" and events[-1].cites("10.31.1")
