"""Helpers every game's state shares: the card -> (player, zone) index and moving a card between zones.

A game's state keeps ``cards`` (id -> card, each with an ``owner``), ``zones`` (per player, zone name
-> card ids) and ``loc`` (card id -> (player, zone)); these work on any state shaped that way.
"""

from __future__ import annotations

from typing import Any

from .errors import DefinitionError
from .rng import shuffled


def locations(zones: list[dict[str, list[str]]], cards: dict[str, Any]) -> dict[str, tuple[int, str]]:
    """The card -> (player, zone) index of ``zones``; every card of ``cards`` must be in exactly one zone."""
    loc: dict[str, tuple[int, str]] = {}
    for p, player_zones in enumerate(zones):
        for name, cs in player_zones.items():
            for cid in cs:
                if cid in loc:
                    raise DefinitionError(f"players[{p}].{name}", f"card {cid!r} is in more than one zone")
                if cid not in cards:
                    raise DefinitionError(f"players[{p}].{name}", f"unknown card {cid!r}")
                loc[cid] = (p, name)
    missing = set(cards) - set(loc)
    if missing:
        raise DefinitionError("players", f"cards in no zone: {', '.join(sorted(missing))}")
    return loc


def place(state: Any, card_id: str, player: int, zone: str, top: bool = False) -> None:
    """Put a card already taken from its zone into ``player``'s ``zone`` (on top or last) and index it there."""
    dest = state.zones[player][zone]
    if top:
        dest.insert(0, card_id)
    else:
        dest.append(card_id)
    state.loc[card_id] = (player, zone)


def relocate(state: Any, card_id: str, zone: str, player: int | None = None, top: bool = False) -> tuple[int, str]:
    """Take a card from its zone into ``player``'s ``zone`` (its owner's when None); returns where it was.

    What else the move means (a card changing zone becomes a new card, a status it keeps or loses) is the game's.
    """
    p0, z0 = state.loc[card_id]
    if player is None:
        player = state.cards[card_id].owner
    state.zones[p0][z0].remove(card_id)
    place(state, card_id, player, zone, top)
    return p0, z0


def shuffle(state: Any, player: int, zone: str = "deck") -> None:
    """Shuffle ``player``'s ``zone`` with the state's seeded PRNG (the same seed, the same order)."""
    state.zones[player][zone], state.rng = shuffled(state.zones[player][zone], state.rng)
