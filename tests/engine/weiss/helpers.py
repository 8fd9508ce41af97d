"""Shared by the Weiss Schwarz engine tests: a scenario file's position run to its first decision."""
import json
from pathlib import Path

import engine
from engine.core import games

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "weiss"


def at_start(name: str):
    """The position of ``tests/scenarios/weiss/<name>.json`` as loaded, before the engine runs a task."""
    data = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    data.pop("script", None)
    data.pop("expect", None)
    return engine.load_scenario(data).state


def at_decision(name: str):
    """The position of ``tests/scenarios/weiss/<name>.json`` (its script and expectations left out), advanced to
    the first decision."""
    data = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    data.pop("script", None)
    data.pop("expect", None)
    state = engine.load_scenario(data).state
    state, _ = games.for_state(state).advance(state)
    return state


def first_act_played(name: str):
    """A scenario file's position at its first decision, where card "a" plays its first ACT ability: (state,
    events)."""
    from engine.weiss.actions import Action

    state = at_decision(name)
    return games.for_state(state).play(state, Action.make("act", card="a", ability=0))
