"""engine.vanguard.check_timing: the damage process when both vanguards have damage to take (9.6.1.1); an optional
replacement asked about before a rule action moves the unit (A52)."""

from engine.vanguard.check_timing import _damage_due

from .helpers import card, position


def test_the_turn_players_damage_is_processed_first_and_says_why():
    state = position(phase="main", turn_player=1)
    state.vanguard_damage = [1, 2]
    assert _damage_due(state) == {"t": "damage_process", "p": 1, "first": True}


def test_one_vanguard_with_damage_needs_no_order():
    state = position(phase="main")
    assert _damage_due(state) is None
    state.vanguard_damage = [0, 1]
    assert _damage_due(state) == {"t": "damage_process", "p": 1}


def test_a_rule_action_asks_the_owner_about_an_optional_replacement_before_any_unit_moves():
    from engine.vanguard.check_timing import rule_actions

    soul = {"timing": "cont", "effects": [{"kind": "retire_instead", "to": "soul", "optional": True}]}
    st = position(p0={"field": {"front_left": card("a-fl", abilities=[soul])}, "hand": [card("a-h")]}, phase="main")
    st.zones[0]["hand"].remove("a-h")  # a judge put a second unit on the circle (9.3.6 at the next check timing)
    st.zones[0]["front_left"].append("a-h")
    st.loc["a-h"] = (0, "front_left")
    st.placed_at["a-h"] = max(st.placed_at.values(), default=0) + 1
    events = []
    task = rule_actions(st, events, None)
    assert task["t"] == "replacement_choice" and task["cards"] == ["a-fl"] and events == []
    assert st.zones[0]["front_left"] == ["a-fl", "a-h"]  # nothing moved yet
    assert rule_actions(st, events, None, {"a-fl": True}) == "done"
    assert st.zones[0]["front_left"] == ["a-h"] and "a-fl" in st.zones[0]["soul"]
    assert [e.kind for e in events][:2] == ["overload", "replaced"] and events[0].cites("9.3.6")
