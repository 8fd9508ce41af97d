"""engine.core.driver: the driver a game is played through, and running to a game's named points."""

import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine import vanguard, weiss
from engine.core.errors import DefinitionError
from engine.vanguard.sample import generated_deck
from engine.weiss.sample import generated_deck as weiss_deck

ENGINE = Path(engine.__file__).resolve().parent


def vanguard_main_phase():
    state, _ = vanguard.advance(vanguard.new_game([generated_deck(1), generated_deck(2)], seed=3))
    while state.phase != "main" or state.pending is None or state.pending.kind != "main":
        state, _ = vanguard.play(state, vanguard.legal_actions(state)[-1])
    return state


def test_import_engine_names_no_game():
    code = "import sys, engine; print(sorted(m for m in sys.modules if m.startswith('engine.')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ENGINE.parent).stdout
    assert "engine.vanguard" not in out and "engine.weiss" not in out and "engine.core" in out


def test_the_core_names_no_game():
    for path in sorted((ENGINE / "core").glob("*.py")):
        text = path.read_text(encoding="utf-8").lower()
        for word in ("vanguard", "weiss", "turn_player", "1 - ", ".turn", "battle_phase"):
            assert word not in text, f"{path.name} names {word!r}"


def test_stop_points_are_the_games_own_in_its_words():
    state = vanguard_main_phase()
    state, _ = vanguard.apply(state, vanguard.legal_actions(state)[-1])  # end the main phase
    assert [p.name for p in engine.stop_points(state)] == ["step", "phase", "battle", "turn"]
    assert [p.label for p in vanguard.stop_points(state)][2] == "the end of this battle"
    state, _ = weiss.advance(weiss.new_game([weiss_deck(1), weiss_deck(2)], seed=3))
    while state.pending.kind != "main":
        state, _ = weiss.play(state, weiss.legal_actions(state)[-1])
    state, _ = weiss.apply(state, weiss.legal_actions(state)[-1])
    assert [p.name for p in engine.stop_points(state)] == ["step", "phase", "attack", "turn"]


def test_no_stop_point_while_a_decision_waits():
    state = vanguard_main_phase()
    assert state.pending is not None
    state, _ = vanguard.apply(state, vanguard.legal_actions(state)[-1])  # end the main phase
    assert vanguard.stop_points(state)
    assert engine.stop_points(vanguard_main_phase()) == []


def test_run_to_the_end_of_the_phase_stops_when_the_phase_changes():
    state = vanguard_main_phase()
    state, _ = vanguard.apply(state, vanguard.legal_actions(state)[-1])
    start = vanguard.position(state)
    state, events = engine.run_to(state, "phase")
    now = vanguard.position(state)
    assert events
    assert (now["turn"], now["phase"]) != (start["turn"], start["phase"]) or state.pending is not None


def test_run_to_the_end_of_the_turn_never_passes_a_decision():
    state = vanguard_main_phase()
    state, _ = vanguard.apply(state, vanguard.legal_actions(state)[-1])
    state, events = vanguard.run_to(state, "turn")
    assert events and (state.pending is not None or state.outcome or state.turn == vanguard_main_phase().turn + 1)


def test_event_and_decision_are_points_of_every_game():
    state = vanguard_main_phase()
    state, _ = vanguard.apply(state, vanguard.legal_actions(state)[-1])
    assert engine.run_to(state, "event")[1] == vanguard.step(state)[1]
    assert engine.run_to(state, "decision")[0] == vanguard.advance(state)[0]


def test_an_unknown_point_is_refused_naming_the_known_ones():
    state = vanguard_main_phase()
    with pytest.raises(DefinitionError) as err:
        engine.run_to(state, "round")
    assert "step, phase, battle, turn" in str(err.value)
    with pytest.raises(DefinitionError):
        weiss.run_to(weiss.new_game([weiss_deck(1), weiss_deck(2)]), "battle")  # Weiss Schwarz has attacks


def sandbox_run(state, mode, rules, position):
    """The sandbox's own "run to the end of ..." (judgeapp/sandbox/services.py before the engine had stop points)."""
    start = position(state)
    events = []
    for _ in range(20000):
        state, ev = rules.step(state)
        events.extend(ev)
        if not ev or state.pending is not None or state.outcome:
            break
        now = position(state)
        if mode == "step" and (now[1:3] != start[1:3] or now[0] != start[0]):
            break
        if mode == "phase" and (now[1] != start[1] or now[0] != start[0]):
            break
        if mode in ("battle", "attack") and (now[3] != start[3] and not now[4] or now[1] != start[1]
                                             or now[0] != start[0]):
            break
        if mode == "turn" and now[0] != start[0]:
            break
    return state, events


@pytest.mark.parametrize("rules,deck,bout", [(vanguard, generated_deck, "battle"), (weiss, weiss_deck, "attack")])
def test_run_to_ends_where_the_sandbox_ended_each_mode(rules, deck, bout):
    import random

    def position(state):
        here = rules.position(state)
        return tuple(here[k] for k in ("turn", "phase", "step")) + tuple(v for k, v in here.items()
                                                                         if k not in ("turn", "phase", "step",
                                                                                      "turn_player"))

    rnd = random.Random(5)
    state = rules.new_game([deck(5), deck(6)], seed=5)
    compared = 0
    while not state.outcome and compared < 60:
        if state.pending is not None:
            state, _ = rules.apply(state, rnd.choice(rules.legal_actions(state)))
            continue
        for mode in ("step", "phase", bout, "turn"):
            mine, old = rules.run_to(state, mode), sandbox_run(state, mode, rules, position)
            assert mine[0] == old[0] and [e.to_json() for e in mine[1]] == [e.to_json() for e in old[1]], mode
            compared += 1
        state, _ = rules.step(state)
    assert compared >= 60
