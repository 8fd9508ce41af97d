"""What every card game's engine shares, knowing no game.

* ``agenda.py`` the agenda runner: a game's task handlers and the loop that
  runs the remaining procedure kept in the state (step, advance, answer);
* ``decisions.py`` a pending choice; ``actions.py`` the shape of an answer
  (each game subclasses it with its kinds); ``events.py`` what happened;
* ``citations.py`` the Citation type (each game has its own registry);
* ``timeline.py`` undo, redo and branches; ``rng.py`` the deterministic PRNG;
* ``errors.py`` the engine's errors; ``schema.py`` JSON field checks;
* ``scenario.py`` the scenario format's shared part and the runner;
* ``games.py`` the registry a game plugs into (slug -> Game).

Nothing here imports a game (engine/vanguard, ...).
"""
