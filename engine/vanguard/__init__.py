"""Cardfight!! Vanguard on the engine's frame: the rules, split the way the comprehensive rules are.

Italian comprehensive rules 2.2 (primary citations), English 1.48 (matching
clauses).  The frame (engine/core) drives the game; this package fills in
what is Vanguard's:

* ``cards.py`` card characteristics; ``abilities.py`` abilities as data;
  ``sample.py`` generated decks for tests and benchmarks;
* ``state.py`` zones and the game state; ``actions.py`` the answers and judge
  actions; ``game.py`` new games, positions, where a game stands and the
  points it can be run to (the end of a step, phase, battle, turn);
* ``primitives.py`` the agenda, moving cards, events, modifiers (what every
  rule shares); ``characteristics.py`` current power, critical, shield, drive;
* ``setup.py`` section 5.4; ``phases.py`` section 6 (the turn's phases);
  ``battle.py`` section 7 (the battle's steps, in the rules' order) up to the
  drive step, ``guard_step.py`` its guard step, ``damage_step.py`` its damage and close steps; ``several.py`` an
  attack on several units (7.3.1.4.5-7.3.1.4.6); ``to_battle.py`` another unit made the attacked unit (10.21);
* ``check_timing.py`` sections 8-9: the rule actions and the stand-by order
  the core check timing runs; ``standby.py`` automatic abilities going on
  stand-by; ``resolution.py`` playing abilities (costs and effects); ``call_effect.py`` the effect that calls;
  ``replacement.py`` the optional replacement "you may ... instead" (8.2.1.3.2); ``declare.py`` a card name
  declared (10.23); ``playing.py`` riding and calling;
* ``triggers.py`` drive/damage check triggers; ``keywords.py`` keyword
  rules of sections 10-11 several steps consult;
* ``citations.py`` the citation registry; ``refusals.py`` why an answer is
  illegal; ``judge.py`` judge actions; ``rules.py`` the driving API (the core
  driver over this game's agenda); ``scenario.py`` Vanguard's part of the
  scenario format.

Importing this package registers the game as ``"vanguard"`` (engine.core.games);
scenario files and histories that name no game are Vanguard's (they were
written before the engine had a second game).

Public API: ``new_game(decks, seed, first_player=None)``, ``advance``,
``step``, ``apply``, ``play``, ``legal_actions``, ``run_to(state, point)``
and ``stop_points(state)``, ``power``/``stat``, ``deck_problems``,
``position_at``, ``position``, ``GameState``, ``Action``, ``Card``,
``Modifier``, ``REGISTRY`` and ``cite``.
"""

from ..core import games
from . import scenario
from .actions import Action
from .cards import Card
from .citations import IT_DOCUMENT, REGISTRY, cite
from .game import STOP_POINTS, deck_problems, new_game, position, position_at
from .rules import advance, apply, legal_actions, play, power, stat, step
from .state import GameState, Modifier

GAME = games.register(games.Game(
    slug="vanguard", title="Cardfight!! Vanguard", state_class=GameState, action_class=Action, advance=advance,
    step=step, apply=apply, play=play, legal_actions=legal_actions, scenarios=scenario.RULES, citations=REGISTRY,
    document=IT_DOCUMENT, position=position, points=STOP_POINTS, reads_unlabelled=True,
))
run_to, stop_points = GAME.run_to, GAME.stop_points

__all__ = ["GAME", "Action", "Card", "GameState", "Modifier", "REGISTRY", "advance", "apply", "cite", "deck_problems",
           "legal_actions", "new_game", "play", "position", "position_at", "power", "run_to", "stat", "step",
           "stop_points"]
