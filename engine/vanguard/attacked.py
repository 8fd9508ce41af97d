"""The units a battle attacks (IT 7.3.1.4, 7.3.1.4.5-7.3.1.4.6): the one the turn player chose, then the others an
effect made it attack (`several`). Kept apart, with no dependencies, because the characteristics read them (a
"while attacking a vanguard" condition) and the several-units attack reads the characteristics (its keyword).
"""
from __future__ import annotations

from .state import GameState


def attacked_units(battle: dict | None) -> list[tuple[str, str]]:
    """(card, circle) of every unit attacked in the battle: the one chosen first, then the others."""
    if not battle or not battle.get("target"):
        return []
    return [(battle["target"], battle["target_circle"])] + [(c, circ) for c, circ in battle.get("also", [])]


def attacked_in_place(state: GameState) -> list[str]:
    """The attacked units still on the circle they were attacked on (7.3.1.4.3)."""
    q = 1 - state.turn_player
    return [c for c, circ in attacked_units(state.battle) if state.loc.get(c) == (q, circ)]


def is_attacked(state: GameState, card_id: str) -> bool:
    return any(c == card_id for c, _ in attacked_units(state.battle))


def attacked_kinds(battle: dict | None) -> set[bool]:
    """Whether the battle's attacked units include a vanguard (True) and / or a rear-guard (False), 7.1.2.2."""
    return {circ == "vanguard" for _, circ in attacked_units(battle)}
