"""Carica / Charge (IT 11.29, EN 11.29): a charging unit is put on the bottom of its owner's deck at the end of the
battle it takes part in.

The Italian 11.29.2 says "after it attacks", the English 1.48 11.29.2 "at the end of the battle that unit
participates in", and the Italian 11.29.1's own text "at the end of the battle": the engine follows the English
(assumption A43), so a charging unit that boosts or is attacked goes too, and one that takes no part in a battle
stays. A unit becomes charging with a ``become`` effect (state ``charging``), until end of turn like the other
states of section 11.
"""
from __future__ import annotations

from ..core.text import say
from .characteristics import has_state, legion_mate_on_circle
from .state import GameState
from .to_hand import unit_leaves_field_for


def battle_units(state: GameState, battle: dict) -> list[str]:
    """The units that took part in the battle and are still where they took part: the attacking unit (with its
    Legion Mate), the boosting unit and the unit attacked (7.3.1.3-7.3.1.6)."""
    out = []
    for role in ("attacker", "booster", "target"):
        card_id = battle.get(role)
        if card_id and state.on_field(card_id):
            out.append(card_id)
            mate = legion_mate_on_circle(state, card_id)
            if mate:
                out.append(mate)
    return list(dict.fromkeys(out))


def charging_leave(state: GameState, events: list, battle: dict | None) -> None:
    """At the end of the battle (the close step, 7.7.1.1) each charging unit of it goes to the bottom of its owner's
    deck (IT 11.29.1, EN 11.29.2; A43)."""
    if not battle:
        return
    for card_id in battle_units(state, battle):
        if has_state(state, card_id, "charging"):
            unit_leaves_field_for(state, events, card_id, "deck", "deck_bottom", lambda card: say(
                "%(card)s is charging: at the end of the battle it is put on the bottom of its owner's deck", card=card),
                ("CHARGE_END_OF_BATTLE", "DECK_BOTTOM"), assumptions=("A43",))
