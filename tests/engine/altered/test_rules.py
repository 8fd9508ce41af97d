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


@pytest.mark.parametrize("orbs, said", [(1, "only 1 mana orb is ready"), (0, "only 0 mana orbs are ready")])
def test_a_tough_target_refused_says_the_ready_orbs_with_their_own_count(orbs, said):
    # "Resistente 2 ... 2 more mana" and the ready orbs are two counts: the orbs' noun agrees with theirs
    spell = {"id": "sp", "name": "Spell", "type": "spell", "hand_cost": 0, "reserve_cost": 0,
             "abilities": [{"timing": "effect", "effects": [{"kind": "send", "to": "hand",
                                                             "target": "choose_opponent"}]}]}
    state = position({"hand": [spell], "mana": [character(f"m{i}") for i in range(orbs)]},
                     {"hero_expedition": [character("b1", tough=2), character("b2")]}, first_player=0, to_act=0)
    state, _ = advance(state)
    state, _ = advance(apply(state, Action.make("play", card="sp"))[0])
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Action.make("choose", card="b1"))
    assert refused.value.reason == f"B1 has Resistente 2: choosing it costs 2 more mana and {said}"
    assert refused.value.reason.params["orbs"].params["count"] == orbs
