"""Cards put into a hand by an effect: from the bind zone ("put up to N cards from your bind zone into your hand"),
or a unit returned to its owner's hand ("return this unit to your hand").

A card put into a player's hand from the bind zone is what Immagine Residua / Afterimage watches (IT 11.22.1): "when
your opponent puts a bound card into his or her hand, if you have six or fewer cards in your hand, you may return this
unit to your hand" - each of that player's opponent's units with the ability triggers once per card (11.22.1.1:
"card by card").
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.standby import cite_if_standby
from ..core.text import say
from .actions import REAR_GUARD_CIRCLES
from .citations import cites
from .primitives import emit, move, name
from .standby import trigger
from .state import GameState

#: the timing of "when your opponent puts a card from the bind zone into his or her hand" (Immagine Residua)
OPPONENT_BIND_TO_HAND = "on_opponent_bind_to_hand"


def bind_to_hand(state: GameState, events: list, cards: list[str], player: int) -> None:
    """The chosen cards go from the player's bind zone into the hand, one by one; each one triggers the opponent's
    Afterimage abilities (11.22.1, 11.22.1.1)."""
    for card_id in cards:
        if state.loc.get(card_id) != (player, "bind"):
            continue
        move(state, card_id, "hand", player)
        emit(events, "to_hand", say("%(card)s is put from the bind zone into its owner's hand", card=name(state, card_id)),
             ("ABILITY_RESOLVES",), player, card=card_id, source="bind")
        for unit in state.units(1 - player, ("vanguard",) + REAR_GUARD_CIRCLES):
            cite_if_standby(state, events, lambda unit=unit, card_id=card_id: trigger(
                state, events, OPPONENT_BIND_TO_HAND, unit, {"bound": card_id}), cites("AFTERIMAGE_CARD_BY_CARD"))


def unit_leaves_field_for(state: GameState, events: list, card_id: str, zone: str, kind: str,
                          sentence: Callable[[str], str], citation: tuple, **fields) -> None:
    """A unit goes from the field to its owner's ``zone`` (hand, deck): it leaves the field without being retired
    (10.4.2: no "when retired") and is a new card there (4.1.4); a G unit goes back to the G zone instead (10.28.4).
    ``sentence`` says the event with the card's name (a ``say`` call at the caller, where the catalogues find it)."""
    if not state.on_field(card_id):
        return
    owner = state.cards[card_id].owner
    move(state, card_id, zone, owner)
    if state.loc[card_id][1] == zone:
        emit(events, kind, sentence(name(state, card_id)), citation, owner, card=card_id, **fields)
    else:
        emit(events, "g_unit_returns", say("%(card)s returns to the G zone face up", card=name(state, card_id)),
             ("G_UNIT_TO_G_ZONE",), owner, card=card_id)


def unit_to_hand(state: GameState, events: list, card_id: str, player: int) -> None:
    """A unit returns to its owner's hand ("return this unit to your hand")."""
    unit_leaves_field_for(state, events, card_id, "hand", "to_hand",
                          lambda card: say("%(card)s returns to its owner's hand", card=card), ("ABILITY_RESOLVES",),
                          source="field")
