"""engine.turns: the kit of games played in turns (player order, the end of a step, phase, bout, turn)."""

from engine.turns import other, turn_order, turn_points


class Turn:
    turn_player = 1


def position(turn=1, phase="main", step=None, bouts=0, running=False):
    return {"turn": turn, "phase": phase, "step": step, "bouts": bouts, "running": running}


POINTS = {p.name: p for p in turn_points("bout", "bouts", "running", ("main", "fight"))}


def test_the_turn_player_acts_first():
    assert turn_order(Turn()) == (1, 0) and other(0) == 1


def test_the_end_of_a_step_phase_and_turn():
    assert not POINTS["step"].reached(position(step="a"), position(step="a"))
    assert POINTS["step"].reached(position(step="a"), position(step="b"))
    assert not POINTS["phase"].reached(position(step="a"), position(step="b"))
    assert POINTS["phase"].reached(position(), position(phase="fight"))
    assert POINTS["turn"].reached(position(), position(turn=2)) and not POINTS["turn"].reached(position(), position())


def test_a_bout_ends_once_the_next_is_not_running():
    start = position(phase="fight", bouts=1)
    assert not POINTS["bout"].reached(start, position(phase="fight", bouts=2, running=True))
    assert POINTS["bout"].reached(start, position(phase="fight", bouts=2, running=False))
    assert POINTS["bout"].reached(start, position(phase="end", bouts=1))
    assert POINTS["bout"].reachable(position(phase="main")) and not POINTS["bout"].reachable(position(phase="end"))


def test_a_scenarios_turn_fields_are_read_with_defaults_and_checked():
    import pytest

    from engine.core.errors import DefinitionError
    from engine.turns import phase_holds, read_turn

    turn = read_turn({"turn_player": 1}, ("main", "end"), 3)
    assert (turn.turn, turn.turn_player, turn.first_player, turn.phase) == (3, 1, 0, "main")
    state = Turn()
    turn.set_on(state)
    assert (state.turn, state.turn_player, state.first_player) == (3, 1, 0)
    with pytest.raises(DefinitionError) as err:
        read_turn({"phase": "lunch"}, ("main", "end"), 1)
    assert str(err.value).startswith("phase:")
    state.phase, state.step = "main", None
    assert phase_holds({"phase": "main", "turn": 3}, state)[0]
    assert phase_holds({"phase": "main", "turn_player": 0}, state) == (False, "turn 3, player 1, main/None")


def test_starting_a_game_shuffles_both_decks_and_decides_who_goes_first():
    from engine.core.events import emitter
    from engine.turns import decide_first_player, shuffle_decks

    class State:
        rng = 7
        first_player = turn_player = None
        zones = [{"deck": list(range(20))}, {"deck": list(range(20))}]

    state, events = State(), []
    emit = emitter(lambda *keys: ())
    shuffle_decks(state, events, emit)
    assert state.zones[0]["deck"] != list(range(20)) and sorted(state.zones[1]["deck"]) == list(range(20))
    assert decide_first_player(state, events, emit, 1) == 1 and state.turn_player == 1
    drawn = decide_first_player(state, events, emit, None)
    assert drawn in (0, 1) and state.first_player == drawn
    assert [e.kind for e in events] == ["shuffle", "first_player", "first_player"]


def test_at_the_start_of_a_turn_the_position_is_its_first_phase_about_to_open():
    from types import SimpleNamespace

    from engine.turns import TurnStops

    stops = TurnStops(phases=("stand", "draw", "end"), phase_openers={"stand_phase": "stand", "draw_phase": "draw"},
                      step_openers={}, first_steps={"draw": "draw"})
    # the previous turn's end phase has just ended and the next turn is about to start
    state = SimpleNamespace(agenda=[{"t": "turn_start"}], phase="end", step=None, turn=4, turn_player=0)
    assert stops.position(state) == ("stand", None)
    assert stops.reached({"turn": 4}, state) and not stops.reached({"turn": 4, "phase": "stand"}, state)
    state.agenda = [{"t": "something"}]
    assert stops.position(state) == ("end", None)
