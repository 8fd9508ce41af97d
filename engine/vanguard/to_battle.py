"""Changing the attacked unit during a battle: "Combattere" / "To battle" (IT 10.21.1, EN 10.20.1).

An effect that says "(unit) becomes the attacked unit" changes the unit chosen in 7.3.1.4. From then on the battle
reads the new unit wherever it reads the attacked unit: its power in the comparison, where a hit lands, whether the
battle is one "where a vanguard (rear-guard) is attacked" (7.1.2.3, EN 7.1.2.4), who may intercept. Guardians keep
guarding the unit they were called for (7.4.1.2.2: the defender chose it among the attacked units), so their shield
no longer counts once it is not attacked (assumption A53).
"""
from __future__ import annotations

from ..core.text import say
from .actions import REAR_GUARD_CIRCLES
from .primitives import emit, name
from .state import GameState


def change_attacked(state: GameState, events: list, card_id: str, player: int) -> None:
    """Make ``card_id`` the attacked unit of the battle in progress, if it can be: a unit of the non-turn player on
    his vanguard or a rear-guard circle, not a Legion Mate (7.3.1.4), in a battle whose attacked unit was chosen and
    has not reached its close step; otherwise the effect does nothing (1.3.2)."""
    b = state.battle
    defender = 1 - state.turn_player
    where = state.loc[card_id]
    if b is None or b.get("target") is None or state.step == "close":
        emit(events, "effect_fizzles", say("no battle is in progress: the attacked unit cannot be changed"),
             ("IMPOSSIBLE_ACTION", "TO_BATTLE"), player, card=card_id)
        return
    if where[0] != defender or where[1] not in ("vanguard",) + REAR_GUARD_CIRCLES or state.is_legion_mate(card_id) \
            or card_id in state.locked:
        emit(events, "effect_fizzles", say("%(card)s cannot become the attacked unit", card=name(state, card_id)),
             ("CHOOSE_TARGET", "TO_BATTLE", "IMPOSSIBLE_ACTION"), player, assumptions=("A53",), card=card_id)
        return
    if card_id == b["target"] and not b.get("also"):
        return  # it is the attacked unit already: nothing changes
    previous, was_vanguard = b["target"], b["target_circle"] == "vanguard"
    b["target"], b["target_circle"] = card_id, where[1]
    b.pop("also", None)  # "changes the attacked units" (10.21.1): it is now the only one
    keys = ("TO_BATTLE",) + (("ATTACKED_KIND_CHANGES",) if was_vanguard != (where[1] == "vanguard") else ())
    emit(events, "attacked_unit_changed",
         say("%(card)s becomes the attacked unit in place of %(previous)s", card=name(state, card_id),
             previous=name(state, previous)),
         keys, player, assumptions=("A53",), card=card_id, previous=previous)
