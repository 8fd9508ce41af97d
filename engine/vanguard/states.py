"""The states a keyword makes a unit take until end of turn (Ardente 11.21, Divorare 11.24, Successo 11.37, Armonia
11.34, Carica 11.29): a mark on the unit that other abilities read, lost with the turn or when the card changes zone
(4.1.4; assumption A43). characteristics.has_state reads them."""
from __future__ import annotations

from ..core.text import say
from .characteristics import has_state
from .primitives import add_modifier, emit, name
from .state import GameState

#: the clause of each keyword that says its unit "becomes" the state until end of turn
_STATE_KEYS = {"blazing": "BECOME_BLAZING", "engorged": "BECOME_ENGORGED", "successful": "BECOME_SUCCESSFUL",
               "harmony": "BECOME_HARMONY", "charging": "BECOME_CHARGING"}


def _harmony(state: GameState, events: list, card_id: str, src: str, player: int) -> None:
    """11.34.1: this unit and the unit placed in its column are in harmony with each other until end of turn, while
    both stay on the field (11.34.1.1: not if either has left before this resolves; each is associated with the
    other, the association kept by a move to another column, 11.34.1.2)."""
    if card_id == src or not (state.on_field(src) and state.on_field(card_id)):
        return
    for unit, partner in ((src, card_id), (card_id, src)):
        add_modifier(state, unit, "harmony", 1, "end_of_turn", partner)
        emit(events, "become", say("%(card)s becomes %(state)s until end of turn", card=name(state, unit), state="harmony"),
             ("BECOME_HARMONY",), player, assumptions=("A43",), card=unit, state="harmony", again=False)


def become(state: GameState, events: list, card_id: str, which: str, src: str, player: int) -> None:
    """The unit becomes blazing / engorged / successful (or, with the ability's unit, in harmony) until end of turn (11.21.1, 11.24.1, 11.37.2): a state other
    abilities read. A unit already in that state does not become it again (11.24.1.1: engorged once per turn)."""
    if which == "harmony":
        _harmony(state, events, card_id, src, player)
        return
    if has_state(state, card_id, which):
        emit(events, "become", say("%(card)s is already %(state)s: it does not become it again", card=name(state, card_id),
                                   state=which), (_STATE_KEYS[which],), player, assumptions=("A43",), card=card_id, state=which, again=True)
        return
    add_modifier(state, card_id, which, 1, "end_of_turn", src)
    emit(events, "become", say("%(card)s becomes %(state)s until end of turn", card=name(state, card_id), state=which),
         (_STATE_KEYS[which],), player, assumptions=("A43",), card=card_id, state=which, again=False)
    mate = state.legion_mate(card_id) if which == "blazing" else None
    if mate and not has_state(state, mate, which):  # 11.21.2 (EN): a legion's leader and mate both become blazing
        add_modifier(state, mate, which, 1, "end_of_turn", src)
        emit(events, "become", say("%(card)s becomes %(state)s until end of turn", card=name(state, mate), state=which),
             ("BLAZING_LEGION",), player, assumptions=("A43",), card=mate, state=which, again=False)
