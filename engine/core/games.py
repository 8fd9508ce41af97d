"""The games the engine knows, each registered under a slug ("vanguard", ...).

A game plugs into the shared machinery (timeline, scenario runner) by
registering one :class:`Game`: its state and action classes, its driving
functions and its part of the scenario format.  ``engine/core`` never imports
a game; a game's package registers itself when imported (``engine/__init__``
imports every game).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .errors import DefinitionError

# Files written before games had slugs (scenarios, timelines) are Vanguard's.
DEFAULT_GAME = "vanguard"


@dataclass(frozen=True)
class Game:
    """What the shared machinery needs from one game.

    ``state_class`` has ``from_json``, ``to_dict``, ``clone``, ``cards`` (id ->
    card), ``agenda``, ``pending`` and ``outcome``; ``action_class`` is the
    game's :class:`engine.core.actions.Action` subclass; ``scenarios`` is its
    :class:`engine.core.scenario.ScenarioRules`.
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


GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    if game.slug in GAMES and GAMES[game.slug] is not game:
        raise ValueError(f"a game is already registered as {game.slug!r}")
    GAMES[game.slug] = game
    return game


def get(slug: str | None, path: str = "game") -> Game:
    """The game registered as ``slug`` (None: the default game); DefinitionError naming ``path`` if unknown."""
    slug = DEFAULT_GAME if slug is None else slug
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
