"""guard_step.py: the guard step's answers; with several attacked units each names the unit it guards (7.4.1.2.2)."""

from engine.vanguard.actions import Action
from engine.vanguard.guard_step import guard_options

from .helpers import card, position


def _guarding(also=None):
    st = position(p1={"field": {"front_left": card("b-fl", keywords=["intercept"]),
                                "front_right": card("b-fr", keywords=["intercept"])}, "hand": [card("b-h", grade=0)]})
    st.battle = {"number": 1, "attacker": "a-vg", "attacker_circle": "vanguard", "target": "b-vg",
                 "target_circle": "vanguard", "booster": None, "booster_circle": None, "guardians": {}, "hit": None,
                 "drive_checks": 0}
    if also:
        st.battle["also"] = also
    st.step = "guard"
    return st


def test_one_attacked_unit_its_guard_and_intercepts_name_no_unit():
    opts = guard_options(_guarding())
    assert Action.make("guard", card="b-h") in opts and Action.make("intercept", card="b-fl") in opts
    assert all(o.get("guards") is None for o in opts)


def test_several_attacked_units_each_guard_names_one_and_an_attacked_unit_cannot_intercept():
    opts = guard_options(_guarding([["b-fl", "front_left"]]))
    assert {Action.make("guard", card="b-h", guards="b-vg"), Action.make("guard", card="b-h", guards="b-fl")} <= set(opts)
    assert Action.make("intercept", card="b-fr", guards="b-fl") in opts
    assert not any(o.kind == "intercept" and o.card == "b-fl" for o in opts)
    assert Action.make("guard", card="b-h") not in opts
