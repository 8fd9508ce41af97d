"""The engine's frame: what every card game's engine is built on, knowing no game.

A game registers itself by slug (``games.py``: its state and action classes,
driving functions, citation registry, rules document, scenario rules, where
it stands and the points it can be run to) and fills in the hooks the frame
leaves open:

* ``driver.py`` the driver (step, advance, apply, play) and running to a
  game's named stop points (``stop_points``, ``run_to``);
* ``agenda.py`` the agenda runner: a game's task handlers and the loop that
  runs the remaining procedure kept in the state;
* ``check_timing.py`` the check timing loop (rule actions, then stand-by
  abilities), with the hooks a game fills in: which rule actions, what runs
  before the stand-by abilities, the players' order; ``standby.py`` the
  stand-by list; ``modifiers.py`` modifiers with durations and their expiry
  at a game's named points;
* ``decisions.py`` a pending choice; ``actions.py`` the shape of an answer
  (each game subclasses it with its kinds); ``events.py`` what happened
  and a game's emitter;
* ``citations.py`` the Citation type and a game's cite/cites over its registry;
* ``timeline.py`` undo, redo and branches; ``rng.py`` the deterministic PRNG;
* ``errors.py`` the engine's errors; ``schema.py`` JSON field checks;
* ``scenario_format.py`` the scenario format's shared part; ``scenario.py`` the runner;
* ``state.py`` the game-agnostic half of a state (canonical JSON, card index,
  the procedure's fields); ``board.py`` card locations, moving a card between
  zones, shuffling; ``cards.py`` decks and card lines; ``abilities.py`` parts
  of abilities and the answers several games build alike (ACT abilities);
  ``decisions.py`` also the choices every game asks alike (mulligan, play
  timing); ``judge.py`` the judge actions every game has; ``why_not.py``
  refusals a judge might expect.

Nothing here imports a game or assumes turns, attacks, a single turn player
or two players' arithmetic: those are a game's (engine/turns.py is the kit
games played in turns share).
"""
