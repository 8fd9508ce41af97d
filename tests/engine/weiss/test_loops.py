"""11.1: an infinite repetition nobody can stop is a draw (engine/weiss/loops.py, assumption W38): one player's
abilities or both players', known at once when the very same position comes back, after ENDLESS_AFTER rounds when
only the effects the repetition piles up differ; a repetition a player may stop is never ended by the engine."""
from engine.core import games
from engine.core.decisions import Decision
from engine.weiss.actions import Action
from engine.weiss import loops
from engine.weiss.state import GameState

from .helpers import at_start


def _run(name: str):
    state = at_start(name)
    return games.for_state(state).advance(state)


def test_a_repetition_that_piles_up_power_ends_after_enough_rounds():
    state, events = _run("outsider7-situation-trigger-that-never-ends-is-a-draw")
    assert state.outcome == {"winner": None, "draw": True, "losers": [], "reason": "INFINITE_LOOP_DRAW"}
    # the position came back with only the +1000 piled up: as many rounds as it takes to be recognised, no more
    assert sum(e.kind == "ability" for e in events) == loops.ENDLESS_AFTER - 1
    assert [c.number for c in events[-1].citations] == ["11.1.1.1", "11.1.1"]


def test_the_very_same_position_back_is_a_draw_at_once():
    state = at_start("outsider9-loop-of-both-players-mandatory-abilities-is-a-draw")
    state, events = games.for_state(state).advance(state)
    assert state.pending.kind == "place"  # a forced choice: it does not stop the repetition
    state, events = games.for_state(state).play(state, state.pending.options[-1])
    assert state.outcome["reason"] == "INFINITE_LOOP_DRAW"
    assert [e.kind for e in events].count("bounce") == 1  # one round, and the position was back


def test_an_optional_repeating_ability_is_never_ended_by_the_engine():
    state, _ = _run("outsider7-optional-situation-loop-stopped-by-its-controller")
    assert state.outcome is None and state.pending.kind == "use"


def test_a_choice_that_could_stop_it_starts_the_count_again():
    state = at_start("outsider7-optional-situation-loop-stopped-by-its-controller")
    state.repeating = {"abc": 3}
    state.pending = Decision("order", 0, "which first", (Action.make("resolve", standby=1),), None)
    loops.choice_made(state)  # a forced choice: the count goes on
    assert state.repeating == {"abc": 3}
    state.pending = Decision("use", 0, "use it?", (Action.make("accept"), Action.make("pass")), None)
    loops.choice_made(state)
    assert state.repeating is None


def test_the_effects_in_force_make_the_position_new_only_to_the_exact_comparison():
    state = at_start("outsider7-situation-trigger-that-never-ends-is-a-draw")
    coarse, exact = loops.fingerprint(state)
    from engine.weiss.primitives import add_modifier
    add_modifier(state, "s", "power", 1000, "end_of_turn", "test")
    assert loops.fingerprint(state) == (coarse, loops.fingerprint(state)[1]) and loops.fingerprint(state)[1] != exact


def test_the_repetition_count_survives_the_canonical_json():
    state = at_start("outsider7-situation-trigger-that-never-ends-is-a-draw")
    state.repeating = {"=abc": 1, "abc": 7}
    assert GameState.from_json(state.to_json()).repeating == state.repeating
