"""engine.vanguard.delayed: timed triggers (8.6.6) wait for their moment, trigger once, and know their card."""

from engine.vanguard.delayed import DELAYED_INDEX, create, fire, same_card
from engine.vanguard.primitives import move
from engine.vanguard.state import GameState

from .helpers import card, position

RETIRE = {"kind": "delayed", "at": "end_of_turn", "effects": [{"kind": "retire", "target": "self"}]}


def _with_rear_guard():
    return position(p0={"field": {"front_left": card("a-fl")}}, phase="main")


def test_a_timed_trigger_waits_then_goes_on_stand_by_once():
    state, events = _with_rear_guard(), []
    create(state, events, RETIRE, 0, "a-fl")
    assert [e.kind for e in events] == ["delayed_created"] and state.standby == []
    fire(state, events, "end_of_battle")
    assert state.standby == []  # not its moment
    fire(state, events, "end_of_turn")
    (entry,) = state.standby
    assert entry["ability"] == DELAYED_INDEX and entry["ctx"]["delayed"] == RETIRE["effects"] and state.delayed == []
    fire(state, events, "end_of_turn")
    assert len(state.standby) == 1  # 8.6.6.1: once
    assert events[-1].citations[0].number == "8.6.2" and any(c.number == "8.6.6.1" for c in events[-1].citations)


def test_the_card_it_was_made_for_is_no_longer_found_as_a_new_card():
    state, events = _with_rear_guard(), []
    create(state, events, RETIRE, 0, "a-fl")
    ctx = {"placed": state.delayed[0]["placed"]}
    assert same_card(state, "a-fl", ctx)
    move(state, "a-fl", "back_left")  # circle to circle: the same card
    assert same_card(state, "a-fl", ctx)
    move(state, "a-fl", "drop")
    move(state, "a-fl", "front_left")  # a new card (4.1.4)
    assert not same_card(state, "a-fl", ctx)


def test_waiting_timed_triggers_survive_the_json_form():
    state, events = _with_rear_guard(), []
    create(state, events, RETIRE, 0, "a-fl")
    assert GameState.from_json(state.to_json()).delayed == state.delayed
    assert "delayed" not in _with_rear_guard().to_dict()
