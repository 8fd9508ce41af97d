"""Helpers every game's state shares: the card -> (player, zone) index and the judge's modifier removal.

A game's state keeps ``cards`` (id -> card), ``zones`` (per player, zone name -> card ids) and
``modifiers`` (objects with an ``order``); these work on any state shaped that way.
"""

from __future__ import annotations

from typing import Any

from .errors import DefinitionError, IllegalActionError


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


def remove_modifier(state: Any, modifier_id: Any) -> None:
    """Remove the modifier numbered ``modifier_id`` (a judge action); IllegalActionError when there is none."""
    before = len(state.modifiers)
    state.modifiers = [m for m in state.modifiers if str(m.order) != str(modifier_id)]
    if len(state.modifiers) == before:
        raise IllegalActionError(f"no modifier {modifier_id!r}")


def place(state: Any, card_id: str, player: int, zone: str, top: bool = False) -> None:
    """Put a card already taken from its zone into ``player``'s ``zone`` (on top or last) and index it there."""
    dest = state.zones[player][zone]
    if top:
        dest.insert(0, card_id)
    else:
        dest.append(card_id)
    state.loc[card_id] = (player, zone)
