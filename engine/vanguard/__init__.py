"""Cardfight!! Vanguard: the rules, split the way the comprehensive rules are.

Italian comprehensive rules 2.2 (primary citations), English 1.48 (matching
clauses).  Where each part lives:

* ``cards.py`` card characteristics; ``abilities.py`` abilities as data;
  ``sample.py`` generated decks for tests and benchmarks;
* ``state.py`` zones and the game state; ``actions.py`` the answers and judge
  actions; ``game.py`` new games and positions;
* ``primitives.py`` moving cards, events, modifiers (what every rule shares);
  ``characteristics.py`` current power, critical, shield, drive;
* ``setup.py`` section 5.4; ``phases.py`` section 6 (the turn's phases);
  ``battle.py`` section 7 (the battle's steps, in the rules' order);
* ``check_timing.py`` sections 8-9 (check timing, rule actions);
  ``standby.py`` automatic abilities going on stand-by; ``resolution.py``
  playing abilities (costs and effects); ``playing.py`` riding and calling;
* ``triggers.py`` drive/damage check triggers; ``keywords.py`` keyword
  rules of sections 10-11 several steps consult;
* ``citations.py`` the citation registry; ``refusals.py`` why an answer is
  illegal; ``judge.py`` judge actions; ``rules.py`` the driving API;
  ``scenario.py`` Vanguard's part of the scenario format.

Importing this package registers the game as ``"vanguard"`` (engine.core.games).
"""

from ..core import games
from . import scenario
from .actions import Action
from .rules import advance, apply, legal_actions, play, step
from .state import GameState

GAME = games.register(games.Game(
    slug="vanguard", title="Cardfight!! Vanguard", state_class=GameState, action_class=Action, advance=advance,
    step=step, apply=apply, play=play, legal_actions=legal_actions, scenarios=scenario.RULES,
))
