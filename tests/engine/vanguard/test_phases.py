"""phases.py: an ACT whose condition is unmet is refused citing its [zone] or its requirement (8.1.1.1.1-2)."""

import pytest

from engine import IllegalActionError
from engine.vanguard import Action, advance, play

from .helpers import card, position


@pytest.mark.parametrize("condition,clause", [
    ({"kind": "circle", "circle": "vanguard"}, "8.1.1.1.1"),
    ({"kind": "count", "player": "self", "zone": "hand", "min": 3}, "8.1.1.1.2"),
    # the keywords of section 11 that say when an ACT may be played: their own clause, not the general requirement
    ({"kind": "calls_this_turn", "min": 2}, "11.19.1"), ({"kind": "soul_in_this_turn", "min": 1}, "11.30.1"),
    ({"kind": "thunderstrike", "count": 1}, "11.26.1"), ({"kind": "oracle"}, "11.16.1"),
])
def test_unmet_act_condition_cites_the_zone_or_the_requirement(condition, clause):
    act = {"timing": "act", "conditions": [condition], "effects": [{"kind": "draw", "count": 1}]}
    st = position(p0={"field": {"front_left": card("a-fl", abilities=[act])}}, phase="main")
    st, _ = advance(st)
    with pytest.raises(IllegalActionError) as err:
        play(st, Action.make("act", card="a-fl", ability=0))
    assert err.value.citation.number == clause


def test_a_heart_that_becomes_the_vanguard_again_is_placed():
    placed = {"timing": "on_place", "effects": [{"kind": "soul_charge", "count": 1}]}
    gunit = card("a-gu", grade=4, power=15000, type="g_unit")
    st = position(p0={"field": {"vanguard": card("a-vg", grade=3, abilities=[placed])},
                      "hand": [card("a-c3", grade=3)], "gzone": [gunit]}, phase="ride")
    st, _ = advance(st)
    st, _ = play(st, Action.make("pass"))
    st, _ = play(st, Action.make("stride", card="a-gu"))
    st, _ = play(st, Action.make("choose_cards", cards=["a-c3"]))
    st, _ = play(st, Action.make("pass"))
    st, ev = play(st, Action.make("pass"))
    standby = [e for e in ev if e.kind == "standby" and e.data.get("card") == "a-vg"]
    assert standby and standby[0].cites("10.29.6") and "A34" in standby[0].assumptions
    assert len(st.zones[0]["soul"]) == 1


def test_beginning_of_the_draw_phase_is_played_before_the_draw():
    charge = {"timing": "begin_draw_phase", "effects": [{"kind": "soul_charge", "count": 1}]}
    st = position(p0={"field": {"vanguard": card("a-vg", grade=3, abilities=[charge])}}, phase="draw")
    top = st.zones[0]["deck"][0]
    st, ev = advance(st)
    assert top in st.zones[0]["soul"] and top not in st.zones[0]["hand"]
    kinds = [e.kind for e in ev]
    assert kinds.index("soul_charge") < kinds.index("draw")


def test_brave_act_with_four_cards_in_hand_cites_brave():
    act = {"timing": "act", "conditions": [{"kind": "brave"}], "effects": [{"kind": "draw", "count": 1}]}
    st = position(p0={"field": {"front_left": card("a-fl", abilities=[act])}, "hand": [card("a-h", count=4)]},
                  phase="main")
    st, _ = advance(st)
    with pytest.raises(IllegalActionError) as err:
        play(st, Action.make("act", card="a-fl", ability=0))
    assert err.value.citation.number == "11.15.1"
