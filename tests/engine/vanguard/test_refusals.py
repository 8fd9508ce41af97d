"""Refusals (engine/vanguard/refusals.py): the most specific clause that forbids an answer, in plain words."""

import pytest

from engine import IllegalActionError
from engine.vanguard import Action, advance, apply

from .helpers import card, position

ACT = {"timing": "act", "cost": [{"kind": "counter_blast", "count": 1}],
       "effects": [{"kind": "power", "amount": 5000, "target": "self", "duration": "end_of_turn"}]}


def refusal(st, action):
    with pytest.raises(IllegalActionError) as err:
        apply(st, action)
    return err.value


def vanguard_with(*abilities, **kw):
    return card("a-vg", grade=3, power=13000, abilities=list(abilities), **kw)


def test_act_outside_the_main_phase_cites_the_main_phase_clause():
    st, _ = advance(position(p0={"field": {"vanguard": vanguard_with(ACT)}, "damage": [card("a-dm")]}))
    assert st.pending.kind == "attack"
    err = refusal(st, Action.make("act", card="a-vg", ability=0))
    assert err.citation.number == "6.6.1.2.2"
    assert "main phase" in err.reason


def test_act_by_the_defender_in_the_guard_step_cites_the_main_phase_clause():
    st, _ = advance(position(p1={"field": {"vanguard": card("b-vg", grade=3, power=13000, abilities=[ACT])},
                                 "damage": [card("b-dm")], "hand": [card("b-h")]}))
    st, _ = advance(apply(st, Action.make("attack", card="a-vg", target="b-vg"))[0])
    assert st.pending.kind == "guard" and st.pending.player == 1
    assert refusal(st, Action.make("act", card="b-vg", ability=0)).citation.number == "6.6.1.2.2"


def test_a_once_per_turn_act_played_again_cites_cannot_use():
    st, _ = advance(position(p0={"field": {"vanguard": vanguard_with(dict(ACT, once_per_turn=True))},
                                 "damage": [card("a-dm")]}, phase="main"))
    st, _ = advance(apply(st, Action.make("act", card="a-vg", ability=0))[0])
    assert st.pending.kind == "main"
    err = refusal(st, Action.make("act", card="a-vg", ability=0))
    assert (err.citation.number, [c.number for c in err.related]) == ("12.2.1.1", ["8.1.1.1.2.1"])
    assert "once per turn" in err.reason


def test_an_unmet_condition_is_said_in_words_not_data():
    limit_break = dict(ACT, conditions=[{"kind": "limit_break", "count": 4}])
    st, _ = advance(position(p0={"field": {"vanguard": vanguard_with(limit_break)}, "damage": [card("a-dm")]},
                             phase="main"))
    err = refusal(st, Action.make("act", card="a-vg", ability=0))
    assert err.citation.number == "11.7.1"
    assert "Limit Break 4" in err.reason and "{" not in err.reason and "limit_break" not in err.reason


def test_a_call_to_the_vanguard_circle_in_the_main_phase_cites_rear_guard_circles_only():
    st, _ = advance(position(p0={"hand": [card("a-h", grade=1)]}, phase="main"))
    err = refusal(st, Action.make("call", card="a-h", circle="vanguard"))
    assert err.citation.number == "6.6.1.2.1.1"
    assert st.where("a-h") == (0, "hand")


def test_declining_a_choice_that_can_be_made_cites_choose_while_possible():
    crit = card("a-crit", grade=0, trigger="critical", shield=10000)
    st, _ = advance(position(p0={"deck": [crit, card("a-deck", count=10)],
                                 "field": {"front_left": card("a-fl", grade=2, power=9000)}}))
    st, _ = advance(apply(st, Action.make("attack", card="a-vg", target="b-vg"))[0])
    assert st.pending.kind == "choose"
    err = refusal(st, Action.make("pass"))
    assert err.citation.number == "8.5.4.1"
    assert [c.number for c in err.related] == ["8.5.4"]
