"""engine.altered.rules: a player's action at any time, exhausting a Mana Orb to ready another (3.2.9.e)."""
import pytest

from engine.altered import advance, apply
from engine.altered.actions import Action
from engine.core.errors import IllegalActionError

from .helpers import character, position


def orbs(ready, exhausted):
    return [character(f"r{i}") for i in range(ready)] + [character(f"x{i}", status=["exhausted"])
                                                         for i in range(exhausted)]


def at_turn(p0_mana, to_act=0):
    state, _ = advance(position({"mana": p0_mana}, {"mana": [character("theirs")]}, first_player=0, to_act=to_act))
    return state


@pytest.mark.parametrize("to_act", [0, 1])
def test_a_ready_orb_is_exhausted_to_ready_another_whoever_acts_and_the_decision_is_asked_again(to_act):
    state = at_turn(orbs(1, 1), to_act)
    new, events = apply(state, Action.make("swap_mana", player=0))
    assert new.ready_mana(0) == ["x0"] and "r0" in new.exhausted
    assert [(e.kind, [c.number for c in e.citations], e.judge) for e in events] == [("swap_mana", ["3.2.9.e"], False)]
    assert new.pending.kind == "turn" and new.pending.player == to_act


def test_the_orbs_named_are_the_ones_swapped():
    new, _ = apply(at_turn(orbs(2, 2)), Action.make("swap_mana", player=0, card="r1", ready="x1"))
    assert sorted(new.ready_mana(0)) == ["r0", "x1"]


@pytest.mark.parametrize("mana, action", [
    (orbs(2, 0), {}),  # nothing exhausted to ready
    (orbs(0, 2), {}),  # nothing ready to exhaust
    (orbs(1, 1), {"card": "x0"}),  # the orb exhausted must be ready
    (orbs(1, 1), {"ready": "r0"}),  # the orb readied must be another, exhausted one
])
def test_without_a_ready_orb_and_another_exhausted_one_it_is_refused(mana, action):
    with pytest.raises(IllegalActionError) as refused:
        apply(at_turn(mana), Action.make("swap_mana", player=0, **action))
    assert refused.value.citation.number == "3.2.9.e"
