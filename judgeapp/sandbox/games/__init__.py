"""The games the sandbox opens, and which one a board belongs to.

A board's game is its definition's ``"game"`` field (the scenario format's;
absent means Vanguard, the first game).  Vanguard's board, builder and labels
are what the shared modules (services, selectors, views) do themselves;
every other game has a module here (``weiss.py``) providing the same pieces
for its mat: zone labels, the blank board, card entries, the board and
draft views, action labels, card tiles, the one-line card description,
form choices and judge actions.  The shared modules ask :func:`for_definition`
or :func:`for_state` and hand over to that module when there is one.
"""
from __future__ import annotations

from types import ModuleType

import engine
from engine import vanguard
from engine.core import games as engine_games
from engine.weiss.state import FORMAT as WEISS_STATE_FORMAT
from engine.weiss.state import GameState as WeissGameState

VANGUARD = "vanguard"
WEISS = "weiss-schwarz"
#: (slug, title) of every game a board can be created for, Vanguard first (the default).
GAME_CHOICES = ((VANGUARD, "Cardfight!! Vanguard"), (WEISS, "Weiss Schwarz"))
TITLES = dict(GAME_CHOICES)
# A canonical Weiss Schwarz state's text holds its format marker; looking for it is far cheaper than parsing twice.
_WEISS_MARK = f'"format":"{WEISS_STATE_FORMAT}"'


def slug_of(definition) -> str:
    """The game of a definition (Vanguard when it names none, or one the sandbox does not open)."""
    game = definition.get("game") if isinstance(definition, dict) else None
    return game if isinstance(game, str) and game in TITLES else VANGUARD


def module_of(slug: str) -> ModuleType | None:
    """The sandbox module of a game other than Vanguard (None for Vanguard: the shared modules are its own)."""
    if slug == WEISS:
        from . import weiss

        return weiss
    return None


def for_definition(definition) -> ModuleType | None:
    return module_of(slug_of(definition))


def rules(state) -> engine_games.Game:
    """The engine game that plays ``state`` (its step, advance, apply, legal_actions and action class)."""
    return engine_games.for_state(state)


def for_state(state) -> ModuleType | None:
    return module_of(WEISS) if isinstance(state, WeissGameState) else None


def state_from_json(text: str):
    """A stored canonical state, of whichever game wrote it."""
    if _WEISS_MARK in text:
        return WeissGameState.from_json(text)
    return vanguard.GameState.from_json(text)


def action_class(definition):
    """The action class of a definition's game (parses and normalises answers and judge actions)."""
    return engine_games.get(slug_of(definition)).action_class
