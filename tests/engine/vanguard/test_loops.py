"""engine.vanguard.loops: a loop nobody can stop ends the game in a draw (12.1.1.1, assumption A39)."""

from engine.core.decisions import Decision
from engine.vanguard.actions import Action
from engine.vanguard.loops import fingerprint, loop_closed, note_decision
from engine.vanguard.primitives import add_modifier

from .helpers import position


def _main():
    return position(phase="main")


def test_the_same_position_twice_with_no_choice_between_is_a_draw():
    state, events = _main(), []
    assert loop_closed(state, events) is False and state.outcome is None and events == []
    assert loop_closed(state, events) is True
    assert state.outcome["draw"] is True and state.outcome["winner"] is None
    (event,) = events
    assert event.kind == "draw_game" and event.citations[0].number == "12.1.1.1"


def test_a_different_position_is_not_a_loop():
    state, events = _main(), []
    loop_closed(state, events)
    state.zones[0]["hand"].append(state.zones[0]["deck"].pop(0))
    state.rebuild_locations()
    assert loop_closed(state, events) is False and state.outcome is None


def test_time_stamps_and_piled_up_effects_are_not_part_of_the_position():
    state = _main()
    before = fingerprint(state)
    state.tick()
    add_modifier(state, "a-vg", "power", 1000, "end_of_turn", "a-vg")
    assert fingerprint(state) == before
    state.rested.add("a-vg")
    assert fingerprint(state) != before


def test_a_choice_offering_a_pass_forgets_the_positions_met():
    state, events = _main(), []
    loop_closed(state, events)
    state.pending = Decision("call", 0, "call", (Action.make("call", card="a-vg", circle="front_left"),))
    note_decision(state)
    assert state.loop_watch, "a forced choice cannot stop a loop"
    state.pending = Decision("use_ability", 0, "use?", (Action.make("accept"), Action.make("pass")))
    note_decision(state)
    assert state.loop_watch == []
    state.pending = None
    assert loop_closed(state, events) is False and state.outcome is None


def test_the_watch_survives_the_json_form():
    from engine.vanguard.state import GameState

    state, events = _main(), []
    loop_closed(state, events)
    again = GameState.from_json(state.to_json())
    assert again.loop_watch == state.loop_watch
    assert "loop_watch" not in _main().to_dict()


def test_the_turns_counts_matter_only_up_to_what_a_condition_reads():
    state = _main()
    before = fingerprint(state)
    state.calls_this_turn = [5, 0]
    assert fingerprint(state) == before  # no condition of the game reads it
