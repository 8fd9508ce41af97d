"""card_effects.py: lock and delete as effects, and the filters of a search."""
from engine.vanguard.card_effects import lock_or_delete, matches

from .helpers import card, position


def test_a_search_filter_reads_grade_trigger_and_name():
    st = position(p0={"field": {"front_left": card("a-fl", grade=2, name="Knight")}})
    assert matches(st, "a-fl", {"grade": 2}) and matches(st, "a-fl", {"name": "Knight", "trigger": "none"})
    assert not matches(st, "a-fl", {"grade": 1}) and not matches(st, "a-fl", {"name": "Other"})


def test_a_locked_rear_guard_is_face_down_neither_standing_nor_resting_and_a_vanguard_cannot_be_locked():
    st = position(p0={"field": {"front_left": card("a-fl", rested=True)}})
    events = []
    lock_or_delete(st, events, "a-fl", "lock", 1)
    assert "a-fl" in st.locked and "a-fl" in st.face_down and "a-fl" not in st.rested
    lock_or_delete(st, events, "a-vg", "lock", 1)
    assert "a-vg" not in st.locked and events[-1].kind == "effect_fizzles"


def test_a_deleted_vanguard_keeps_its_orientation():
    st = position(p1={"field": {"vanguard": card("b-vg", grade=3, rested=True)}})
    lock_or_delete(st, [], "b-vg", "delete", 0)
    assert "b-vg" in st.deleted and "b-vg" in st.face_down and "b-vg" in st.rested
