"""engine.altered.primitives: an object's reactions read as it was before an event took it out of play (6.3.d-e)."""
from engine.altered.primitives import as_it_is, move, trigger

from .helpers import character, position

LEAVE = {"timing": "reaction", "trigger": "on_leave_expedition", "effects": [{"kind": "draw", "count": 1}]}
SILENCE = {"id": "sil", "name": "Silence", "type": "permanent", "abilities": [
    {"timing": "passive", "effects": [{"kind": "lose_abilities", "to": {"who": "opponent"}}]}]}


def test_the_reactions_it_had_in_play_trigger_after_it_has_gone():
    state = position({"hero_expedition": [character("run", abilities=[LEAVE])]}, {"landmarks": [SILENCE]})
    was = as_it_is(state, "run")
    assert was[0] == ()  # it has lost its abilities while in play (2.3.2.d)
    move(state, "run", "hand", [])
    assert as_it_is(state, "run")[0] != ()  # in the hand the passive no longer reaches it
    events: list = []
    assert trigger(state, "run", "on_leave_expedition", events, was=was) == 0
    assert trigger(state, "run", "on_leave_expedition", events) == 1  # read now, it would wrongly trigger
