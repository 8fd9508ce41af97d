"""Card game rules engines (pure Python, standard library only); today Cardfight!! Vanguard.

Layout: ``engine/core/`` is what every game's engine shares and knows no game
(agenda runner, decisions, events, citations, timeline, RNG, the scenario
runner, the game registry); ``engine/vanguard/`` is the Vanguard rules, split
the way its comprehensive rules are.  This package re-exports Vanguard's API,
the default game; ``engine/scenario.py`` is the command
``python -m engine.scenario``.

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
* ``Timeline(state)``: undo, redo and branches over (state, action, events) nodes;
  ``tl.to_json()`` (every state) or ``tl.to_json(compact=True)`` (root state +
  actions, checkpoints every 50 nodes; ~30x smaller), both read by
  ``Timeline.from_json`` (compact histories are replayed deterministically).
* ``load_scenario(path_or_dict)`` / ``run_scenario(scenario)`` -> ScenarioResult.
* ``power(state, card_id)``, ``stat(state, card_id, "critical")``: current values.
* ``deck_problems(cards)``: deck construction problems (5.2.2).

How a game runs: the state carries its remaining procedure (an agenda of
small JSON tasks).  ``advance`` runs it until a :class:`Decision` is pending
(``state.pending``: kind, player, prompt, every legal option as an Action) or
the game is over (``state.outcome``, e.g. ``{"winner": 0, "reason":
"LOSS_DAMAGE"}`` - losing is data, not an exception).  Answer with ``apply``
(or ``play``), then ``advance`` again.  Every Event carries the clauses it
follows (``Citation(document, number, en_number)``) and the ids of the
assumptions it relies on (docs/engine-assumptions.md).  Judge actions
(``judge_move``, ``judge_add_modifier``, ``judge_remove_modifier``,
``judge_set_damage``, ``judge_standby``) and ``concede`` are accepted at any
time.

Covered: setup with mulligan, stand/draw (with G assist)/ride (with normal
stride)/main/battle/end phases, every battle step, check timing with rule
actions and stand-by abilities, the four triggers, boost, intercept,
twin/triple drive, sentinel (perfect guard as data), restraint, resist,
limit break, generation break, forerunner, lord, locked and deleted cards,
G guardians (A25), legion set up by a scenario (A26).
Not covered: Seek Mate (making a legion during a game), stride skills (A12).
"""

from .core.citations import Citation
from .core.decisions import Decision
from .core.errors import DefinitionError, EngineError, GameOverError, IllegalActionError
from .core.events import Event
from .core.scenario import load_scenario, run_scenario
from .core.timeline import Timeline
from . import weiss  # noqa: F401  (registers the game "weiss-schwarz")
from .vanguard.actions import Action
from .vanguard.cards import Card
from .vanguard.citations import REGISTRY, cite
from .vanguard.game import deck_problems, new_game, position_at
from .vanguard.rules import advance, apply, legal_actions, play, power, stat, step
from .vanguard.state import GameState, Modifier

__all__ = [
    "Action", "Card", "Citation", "Decision", "DefinitionError", "EngineError", "Event", "GameOverError",
    "GameState", "IllegalActionError", "Modifier", "REGISTRY", "Timeline", "advance", "apply", "cite", "deck_problems",
    "legal_actions", "load_scenario", "new_game", "play", "position_at", "power", "run_scenario", "stat", "step",
]
