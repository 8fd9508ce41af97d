"""Card game rules engines (pure Python, standard library only): one frame, and a package per game.

Layout: ``engine/core/`` is the frame and names no game: the game registry
(a game registers by slug its state and action classes, driving functions,
citation registry, rules document, scenario rules, position and named stop
points), the driver (step, advance, apply, play, run to a named point), the
agenda runner, the check timing loop with its hooks, stand-by abilities,
modifiers with durations, moving a card with its event, the event emitter,
decisions, citations, the timeline, the RNG and the scenario runner.
``engine/turns.py`` is a kit for games played in turns (the order of the
two players, the end of a step/phase/turn); each game is a package of its
own (``engine.vanguard``, ``engine.weiss``, ``engine.altered``) that registers itself when
imported; ``engine/installed.py`` imports every game this installation
plays; ``engine/scenario.py`` is the command ``python -m engine.scenario``.
docs/adding-a-game.md says how a game plugs in.

The engine is a judge's tool: every event cites the clauses it follows, and
illegal actions are refused with the clause that forbids them.

This package gives what works for any game's state (the game is found from
the state's class):

* ``advance(state)`` -> (state, events): run to the next Decision;
  ``step(state)``: run until the next event; ``legal_actions(state)``;
  ``apply(state, action)`` (raises IllegalActionError(reason, citation));
  ``play`` = apply + advance;
* ``stop_points(state)``: the named points reachable from here, in the
  game's words (Vanguard: the end of this step, phase, battle, turn);
  ``run_to(state, name)`` runs to one ("event" and "decision" too);
* ``Timeline(state)``: undo, redo and branches (``to_json`` / ``from_json``,
  compact histories replayed deterministically);
* ``load_scenario(path_or_dict)`` / ``run_scenario(scenario)`` -> ScenarioResult;
* ``game(slug)``: a registered game (``None``: the one reading files that
  name no game); ``game_of(state)``.

A new game comes from its package: ``engine.vanguard.new_game(decks, seed)``,
``engine.weiss.new_game(...)``; its state and action classes too
(``engine.vanguard.GameState``, ``engine.vanguard.Action``).

How a game runs: the state carries its remaining procedure (an agenda of
small JSON tasks).  ``advance`` runs it until a :class:`Decision` is pending
(``state.pending``: kind, player, prompt, every legal option as an Action) or
the game is over (``state.outcome`` - losing is data, not an exception).
Answer with ``apply`` (or ``play``), then ``advance`` again.  Every Event
carries the clauses it follows (``Citation(document, number, en_number)``)
and the ids of the assumptions it relies on (docs/engine-assumptions.md).
"""

from __future__ import annotations

from typing import Any

from .core import games
from .core.citations import Citation
from .core.decisions import Decision
from .core.errors import DefinitionError, EngineError, GameOverError, IllegalActionError
from .core.events import Event
from .core.scenario import load_scenario, run_scenario
from .core.timeline import Timeline


def game(slug: str | None) -> games.Game:
    """The game registered as ``slug`` (None: the one reading files that name no game)."""
    return games.get(slug)


def game_of(state: Any) -> games.Game:
    """The game ``state`` is a state of."""
    return games.for_state(state)


def advance(state: Any) -> tuple[Any, list[Event]]:
    """Run the procedure up to the next decision (or the end of the game)."""
    return games.for_state(state).advance(state)


def step(state: Any) -> tuple[Any, list[Event]]:
    """Run the procedure until the next event (or a decision)."""
    return games.for_state(state).step(state)


def apply(state: Any, action: Any) -> tuple[Any, list[Event]]:
    """Apply an answer or a judge action (IllegalActionError with the reason and the clause)."""
    return games.for_state(state).apply(state, action)


def play(state: Any, action: Any) -> tuple[Any, list[Event]]:
    """apply() then advance()."""
    return games.for_state(state).play(state, action)


def legal_actions(state: Any) -> list:
    """The legal answers to the pending decision."""
    return games.for_state(state).legal_actions(state)


def stop_points(state: Any) -> list:
    """The named points reachable from ``state`` (engine.core.driver.StopPoint: name, label)."""
    return games.for_state(state).stop_points(state)


def run_to(state: Any, name: str) -> tuple[Any, list[Event]]:
    """Run to the named point ("event", "decision" or one of the game's stop points)."""
    return games.for_state(state).run_to(state, name)


__all__ = [
    "Citation", "Decision", "DefinitionError", "EngineError", "Event", "GameOverError", "IllegalActionError",
    "Timeline", "advance", "apply", "game", "game_of", "legal_actions", "load_scenario", "play", "run_scenario",
    "run_to", "step", "stop_points",
]
