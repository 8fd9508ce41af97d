"""Weiss Schwarz: the rules of the Italian fan translation ``ws-cr-it``, on the shared core.

Where each part lives:

* ``cards.py`` card attributes (section 2); ``abilities.py`` abilities as data;
  ``sample.py`` generated decks for tests and benchmarks;
* ``state.py`` areas, stage and the game state; ``actions.py`` the answers
  and judge actions; ``game.py`` new games (5.1, 5.2) and positions;
* ``primitives.py`` moving cards, refresh, events, modifiers, stand-by
  (what every rule shares); ``characteristics.py`` current power, soul,
  level (8.9) and play requirements (8.6.2.1);
* ``phases.py`` section 5.2 and 6 (setup and the turn's phases);
  ``attack.py`` section 7 (attack phase steps and the encore step);
* ``check_timing.py`` check timing, rule actions (section 9), stand-by
  resolution, level up, encore; ``effects.py`` costs (8.4) and effects;
* ``citations.py`` the citation registry; ``refusals.py`` why an answer is
  illegal; ``judge.py`` judge actions; ``rules.py`` the driving API;
  ``scenario.py`` the game's part of the scenario format.

Importing this package registers the game as ``"weiss-schwarz"`` (engine.core.games).
"""

from ..core import games
from . import scenario
from .actions import Action
from .game import deck_problems, new_game, position_at
from .rules import advance, apply, legal_actions, play, power, soul, stat, step
from .state import GameState

GAME = games.register(games.Game(
    slug="weiss-schwarz", title="Weiss Schwarz", state_class=GameState, action_class=Action, advance=advance,
    step=step, apply=apply, play=play, legal_actions=legal_actions, scenarios=scenario.RULES,
))

__all__ = ["GAME", "Action", "GameState", "advance", "apply", "deck_problems", "legal_actions", "new_game", "play",
           "position_at", "power", "soul", "stat", "step"]
