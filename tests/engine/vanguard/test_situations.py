"""engine.vanguard.situations: a situation trigger goes on stand-by once while its situation lasts (8.6.7.1, A41)."""

from engine.vanguard.situations import situation_check, situation_due

from .helpers import card, position

EMPTY_HAND = {"timing": "situation", "conditions": [{"kind": "count", "player": "self", "zone": "hand", "max": 0}],
              "effects": [{"kind": "draw", "count": 1}]}


def _state(hand):
    return position(p0={"field": {"front_left": card("a-fl", abilities=[EMPTY_HAND])}, "hand": hand}, phase="main")


def test_it_triggers_once_while_the_situation_lasts_and_again_after_it_ended():
    state, events = _state([]), []
    assert situation_due(state)
    situation_check(state, events)
    assert [s["card"] for s in state.standby] == ["a-fl"] and state.situations == ["a-fl:0"]
    assert not situation_due(state)  # on stand-by: not again
    state.standby = []  # played
    assert not situation_due(state)  # the situation still holds: not met again
    state.zones[0]["hand"].append(state.zones[0]["deck"].pop(0))
    state.rebuild_locations()
    assert situation_due(state)  # the situation has ended: the note is dropped
    situation_check(state, events)
    assert state.situations == [] and state.standby == []
    state.zones[0]["deck"].insert(0, state.zones[0]["hand"].pop())
    state.rebuild_locations()
    situation_check(state, events)
    assert [s["card"] for s in state.standby] == ["a-fl"]  # met again


def test_nothing_to_do_without_situation_abilities():
    state = position(phase="main")
    assert not situation_due(state)
