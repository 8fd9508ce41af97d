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


def test_unlock_turns_the_chosen_locked_card_face_up_standing_as_a_new_card():
    from engine.vanguard.card_effects import card_effect
    from engine.vanguard.primitives import add_modifier
    st = position(p0={"field": {"front_left": card("a-fl", locked=True), "front_right": card("a-fr")}})
    add_modifier(st, "a-fl", "power", 5000, "end_of_turn", "a-vg")
    events = []
    assert card_effect(st, {"part": {"kind": "unlock", "count": 1}, "p": 0, "src": "a-vg"}, None, events) is None
    assert "a-fl" not in st.locked and "a-fl" not in st.face_down and "a-fl" not in st.rested
    assert not any(m.card == "a-fl" for m in st.modifiers)  # 10.25.2: a different card
    assert events[-1].kind == "unlock" and events[-1].cites("10.25.4")


def test_a_discard_at_random_asks_nobody_and_follows_the_seed():
    from engine.vanguard.card_effects import card_effect
    picks = set()
    for seed in range(6):
        st = position(p1={"hand": [card("b-h1"), card("b-h2"), card("b-h3")]}, seed=seed)
        events = []
        part = {"kind": "discard", "count": 1, "player": "opponent", "at_random": True}
        assert card_effect(st, {"part": part, "p": 0, "src": "a-vg"}, None, events) is None
        assert len(st.zones[1]["drop"]) == 1 and events[0].cites("10.3.1.2")
        picks.add(st.zones[1]["drop"][0])
    assert len(picks) > 1  # the seed decides, not a fixed choice
