"""Weiss Schwarz on the engine's frame: the rules of the Italian fan translation ``ws-cr-it``.

The frame (engine/core) drives the game; this package fills in what is
Weiss Schwarz's:

* ``cards.py`` card attributes (section 2); ``abilities.py`` abilities as data, their
  vocabulary and part parsers in ``ability_parts.py``;
  ``sample.py`` generated decks for tests and benchmarks;
* ``state.py`` areas, stage and the game state; ``actions.py`` the answers
  and judge actions; ``game.py`` new games (5.1, 5.2), positions, where a
  game stands and the points it can be run to (the end of a step, phase,
  attack, turn);
* ``primitives.py`` the agenda with its interrupt rule actions, moving
  cards, refresh, events, modifiers, stand-by (what every rule shares);
  ``leaving.py`` a character going from the stage to the waiting room and
  the replacement effects that put it elsewhere (8.7.4, 8.10);
  ``characteristics.py`` current power, soul, level (8.9) and play
  requirements (8.6.2.1);
* ``phases.py`` section 5.2 and 6 (setup and the turn's phases);
  ``attack.py`` section 7 (the declaration, battle and encore steps), ``trigger_step.py``,
  ``counter_step.py`` and ``damage_step.py`` its other steps (7.3, 7.4, 7.5 with the damage process 4.9);
* ``check_timing.py`` the rule actions (section 9) and stand-by order the
  core check timing runs, stand-by resolution, level up, encore;
  ``costs.py`` paying costs (8.4); ``effects.py`` effects (``revealing.py`` the top check); ``placing.py`` the effects that put
  several cards on the stage or into the climax area at once (9.6.2, 9.7.2);
* ``citations.py`` the citation registry; ``refusals.py`` why an answer is
  illegal; ``judge.py`` judge actions; ``rules.py`` the driving API (the core
  driver over this game's agenda); ``scenario.py`` the game's part of the
  scenario format.

Importing this package registers the game as ``"weiss-schwarz"`` (engine.core.games).
"""

from ..core import games
from . import scenario
from .actions import Action
from .citations import DOCUMENT, REGISTRY
from .game import STOP_POINTS, deck_problems, new_game, position, position_at
from .rules import advance, apply, legal_actions, play, power, soul, stat, step
from .state import GameState

GAME = games.register(games.Game(
    slug="weiss-schwarz", title="Weiss Schwarz", state_class=GameState, action_class=Action, advance=advance,
    step=step, apply=apply, play=play, legal_actions=legal_actions, scenarios=scenario.RULES, citations=REGISTRY,
    document=DOCUMENT, position=position, points=STOP_POINTS,
))
run_to, stop_points = GAME.run_to, GAME.stop_points

__all__ = ["GAME", "Action", "GameState", "advance", "apply", "deck_problems", "legal_actions", "new_game", "play",
           "position", "position_at", "power", "run_to", "soul", "stat", "step", "stop_points"]
