"""playing.py: "put this unit into your soul" can be paid only by a unit on a circle."""

from engine.core.abilities import Part
from engine.vanguard.playing import can_pay, do_call_to_guardian

from .helpers import card, position


def test_soul_self_is_payable_on_a_circle_only():
    st = position(p0={"field": {"front_left": card("a-fl")}, "hand": [card("a-h")]})
    assert can_pay(st, 0, (Part("soul_self"),), "a-fl")
    assert not can_pay(st, 0, (Part("soul_self"),), "a-h")


def test_call_to_the_guardian_circle_is_rested_and_guards_the_attacked_unit():
    # 10.7.1.3.1: called rested; the defender's unit guards its attacked unit, so its shield counts for it

    st = position(p1={"hand": [card("b-h", shield=10000)]})
    st.battle = {"target": "b-vg", "target_circle": "vanguard", "guardians": {}}
    events = []
    do_call_to_guardian(st, events, "b-h", 1)
    assert st.loc["b-h"] == (1, "guardian")
    assert "b-h" in st.rested
    assert st.battle["guardians"] == {"b-h": "b-vg"}
    assert events[-1].kind == "call" and events[-1].data["circle"] == "guardian"
    assert events[-1].citations[0].number == "10.7.1.3.1"


def test_call_to_the_guardian_circle_outside_a_battle_guards_nothing():

    st = position(p0={"hand": [card("a-h")]}, phase="main")
    events = []
    do_call_to_guardian(st, events, "a-h", 0)
    assert st.loc["a-h"] == (0, "guardian") and "a-h" in st.rested
    assert "3.11.3" not in [c.number for c in events[-1].citations]


def test_a_cost_with_a_requirement_is_paid_only_by_the_cards_that_meet_it():
    from engine.vanguard.playing import cost_pool
    st = position(p0={"soul": [card("a-s1", grade=1), card("a-s2", grade=2, name="Boss")]})
    assert cost_pool(st, 0, "soul_blast", {"grade": 2}) == ["a-s2"]
    assert cost_pool(st, 0, "soul_blast", Part("soul_blast", (("count", 1), ("name", "Boss")))) == ["a-s2"]
    assert not can_pay(st, 0, (Part("soul_blast", (("count", 1), ("grade", 3))),), "a-vg")
    assert can_pay(st, 0, (Part("soul_blast", (("count", 2),)),), "a-vg")


def test_a_rest_rear_guards_cost_counts_only_standing_rear_guards_that_are_not_locked():
    from engine.vanguard.abilities import Ability
    from engine.vanguard.playing import can_pay, standing_rear_guards

    st = position(p0={"field": {"front_left": card("a-fl"), "front_right": card("a-fr", rested=True),
                                "back_left": card("a-bl", locked=True)}}, phase="main")
    assert standing_rear_guards(st, 0) == ["a-fl"]
    ab = Ability.from_json({"timing": "act", "cost": [{"kind": "rest_rear_guard", "count": 2}],
                            "effects": [{"kind": "draw", "count": 1}]}, "a")
    assert not can_pay(st, 0, ab.cost, "a-vg")
    st.rested.discard("a-fr")
    assert can_pay(st, 0, ab.cost, "a-vg")
