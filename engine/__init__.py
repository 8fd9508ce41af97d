"""A Cardfight!! Vanguard rules engine (pure Python, standard library only).

Rules text: Italian comprehensive rules 2.2 (primary citations), English 1.48
(matching clauses).  The engine is a judge's tool: every event cites the
clauses it follows, and illegal actions are refused with the clause that
forbids them.

Public API (everything is JSON-serialisable):

* ``new_game(decks, seed, first_player=None)`` -> GameState before setup;
  ``GameState.from_json(text_or_dict)`` / ``state.to_json()`` (canonical).
* ``advance(state)`` -> (state, events): run to the next Decision.
* ``step(state)`` -> (state, events): run until the next event.
* ``legal_actions(state)`` -> list[Action]: answers to ``state.pending``.
* ``apply(state, action)`` -> (state, events): apply one answer or judge action
  (raises IllegalActionError(reason, citation)); ``play`` = apply + advance.
* ``Action.from_json({"kind": ..., ...})`` / ``action.to_json()``.
* ``Timeline(state)``: undo, redo and branches over (state, action, events) nodes.
* ``load_scenario(path_or_dict)`` / ``run_scenario(scenario)`` -> ScenarioResult.
* ``power(state, card_id)``, ``stat(state, card_id, "critical")``: current values.
"""

from .actions import Action
from .cards import Card
from .citations import REGISTRY, Citation, cite
from .decisions import Decision
from .errors import DefinitionError, EngineError, GameOverError, IllegalActionError
from .events import Event
from .game import new_game, position_at
from .rules import advance, apply, legal_actions, play, power, stat, step
from .state import GameState, Modifier
from .timeline import Timeline


def load_scenario(source):
    from .scenario import load_scenario as _load

    return _load(source)


def run_scenario(scenario):
    from .scenario import run_scenario as _run

    return _run(scenario)


__all__ = [
    "Action", "Card", "Citation", "Decision", "DefinitionError", "EngineError", "Event", "GameOverError",
    "GameState", "IllegalActionError", "Modifier", "REGISTRY", "Timeline", "advance", "apply", "cite",
    "legal_actions", "load_scenario", "new_game", "play", "position_at", "power", "run_scenario", "stat", "step",
]
