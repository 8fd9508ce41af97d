"""The units a battle attacks (IT 7.3.1.4, 7.3.1.4.6), read from the battle alone.

Kept apart from several.py, which attacks them, so that characteristics.py can read the battle's kind (7.1.2.2)
without importing the module that reads keywords through it.
"""
from __future__ import annotations


def attacked_units(battle: dict | None) -> list[tuple[str, str]]:
    """(card, circle) of every unit attacked in the battle: the one chosen first, then the others."""
    if not battle or not battle.get("target"):
        return []
    return [(battle["target"], battle["target_circle"])] + [(c, circ) for c, circ in battle.get("also", [])]


def attacked_kinds(battle: dict | None) -> set[bool]:
    """Whether the battle's attacked units include a vanguard (True) and / or a rear-guard (False), 7.1.2.2."""
    return {circ == "vanguard" for _, circ in attacked_units(battle)}
