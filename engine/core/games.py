"""The games the engine knows, each registered under a slug.

A game plugs into the shared machinery (driver, timeline, scenario runner)
by registering one :class:`Game`: its state and action classes, its driving
functions, its citation registry and rules document, its part of the
scenario format, and where it stands and which named points it can run to
(in its own words).  ``engine/core`` never imports a game: a game's package
registers itself when imported, and ``engine/installed.py`` imports every
game this installation plays the first time a slug is looked up.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from .errors import DefinitionError

# the module whose import registers every installed game (kept as a name: core imports no game)
INSTALLED = "engine.installed"


@dataclass(frozen=True)
class Game:
    """What the shared machinery needs from one game.

    ``state_class`` has ``from_json``, ``to_dict``, ``clone``, ``cards`` (id ->
    card), ``agenda``, ``pending`` and ``outcome``; ``action_class`` is the
    game's :class:`engine.core.actions.Action` subclass; ``scenarios`` is its
    :class:`engine.core.scenario.ScenarioRules`.  ``citations`` maps its
    clause keys to :class:`engine.core.citations.ClauseRef`; ``document`` is
    the slug of the rules document it cites.  ``position(state)`` says where
    the game stands, as a dict in the game's own words; ``points`` are the
    :class:`engine.core.driver.StopPoint` it can be run to.
    ``reads_unlabelled``: files that name no game (written before games had
    slugs) are this game's.
    """

    slug: str
    title: str
    state_class: type
    action_class: type
    advance: Callable[[Any], tuple[Any, list]]
    step: Callable[[Any], tuple[Any, list]]
    apply: Callable[[Any, Any], tuple[Any, list]]
    play: Callable[[Any, Any], tuple[Any, list]]
    legal_actions: Callable[[Any], list]
    scenarios: Any
    citations: dict = None  # type: ignore[assignment]
    document: str = ""
    position: Callable[[Any], dict] = lambda state: {}
    points: tuple = ()
    reads_unlabelled: bool = False

    def stop_points(self, state: Any) -> list:
        """The named points reachable from ``state`` (engine.core.driver.stop_points)."""
        from .driver import stop_points

        return stop_points(self, state)

    def run_to(self, state: Any, name: str) -> tuple[Any, list]:
        """Run to the named point: "event", "decision" or one of ``points`` (engine.core.driver.run_to)."""
        from .driver import run_to

        return run_to(self, state, name)


GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    if game.slug in GAMES and GAMES[game.slug] is not game:
        raise ValueError(f"a game is already registered as {game.slug!r}")
    if game.reads_unlabelled and any(g.reads_unlabelled and g.slug != game.slug for g in GAMES.values()):
        raise ValueError("only one game reads the files that name no game")
    GAMES[game.slug] = game
    return game


def load_installed() -> None:
    """Import every installed game (each registers itself); idempotent."""
    importlib.import_module(INSTALLED)


def get(slug: str | None, path: str = "game") -> Game:
    """The game registered as ``slug`` (None: the one reading files that name no game); DefinitionError if unknown."""
    if slug is None:
        found = next((g for g in GAMES.values() if g.reads_unlabelled), None)
        if found is None:
            load_installed()
            found = next((g for g in GAMES.values() if g.reads_unlabelled), None)
        if found is None:
            raise DefinitionError(path, "name the game: no installed game reads files without one")
        return found
    if isinstance(slug, str) and slug not in GAMES:
        load_installed()
    if not isinstance(slug, str) or slug not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise DefinitionError(path, f"unknown game {slug!r} (known: {known})")
    return GAMES[slug]


def for_state(state: Any) -> Game:
    """The game whose state class ``state`` is an instance of."""
    for game in GAMES.values():
        if isinstance(state, game.state_class):
            return game
    raise TypeError(f"no registered game plays {type(state).__name__}")


def unlabelled_slug() -> str:
    """The slug of the game that reads files naming no game."""
    return get(None).slug
