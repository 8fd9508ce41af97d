"""Altered on the engine's frame: the rules of the Italian community translation ``altered-cr-it``.

Altered is played in days, not turns: both players act in each of the five
phases (Morning, Noon, Afternoon, Dusk, Night), two expeditions per player
move along the adventure track, mana comes from face-down cards and the
Reserve feeds the next day.  This package fills in the frame (engine/core):

* ``cards.py`` characteristics (2.2); ``abilities.py`` abilities as data and what
  the vocabulary (``vocabulary.py``) refuses; ``sample.py`` generated decks for tests and benchmarks;
* ``state.py`` zones, expeditions, statuses, counters, the track, the day;
  ``actions.py`` the answers and judge actions; ``game.py`` new games (1.1.4, 4.1);
* ``primitives.py`` the agenda, moving objects (what a move means), draw,
  resupply, mana, reactions; ``adventure.py`` moving expeditions, Progress,
  victory, the Arena; ``day.py`` the start and the day's phases;
  ``turn.py`` the Afternoon's turns, playing cards and quick actions;
  ``effects.py`` resolving effects step by step, ``leaving.py`` switching, sending, sacrifice and
  sabotage, ``step_kinds.py`` modes, internal actions, ongoing emblems; ``passives.py`` passive abilities applied in timestamp and dependency order (2.3);
* ``rules.py`` reactions checked (4.4) as the core check timing, judge
  actions, refusals, the driving API, position and stop points;
  ``citations.py`` the citation registry; ``scenario.py`` its scenario format.

Importing this package registers the game as ``"altered"`` (engine.core.games).
"""

from ..core import games
from . import instead_choice, scenario  # noqa: F401 (instead_choice registers the 6.2.f agenda task)
from .actions import Action
from .citations import DOCUMENT, REGISTRY
from .game import deck_problems, new_game
from .rules import STOP_POINTS, advance, apply, legal_actions, play, position, step
from .state import GameState

GAME = games.register(games.Game(
    slug="altered", title="Altered", state_class=GameState, action_class=Action, advance=advance, step=step,
    apply=apply, play=play, legal_actions=legal_actions, scenarios=scenario.RULES, citations=REGISTRY,
    document=DOCUMENT, position=position, points=STOP_POINTS,
))
run_to, stop_points = GAME.run_to, GAME.stop_points

__all__ = ["GAME", "Action", "GameState", "advance", "apply", "deck_problems", "legal_actions", "new_game", "play",
           "position", "run_to", "step", "stop_points"]
