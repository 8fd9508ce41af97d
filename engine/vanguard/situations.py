"""Situation triggers (8.6.7): "when you have no cards in your hand", an automatic ability whose trigger is a
situation, not an event (assumption A41).

At every check timing, once no rule action is due, each vanguard's and rear-guard's ``situation`` ability whose
conditions all hold goes on stand-by, once (8.6.7.1): it is noted in ``situations`` and does not trigger again
while noted. The note is dropped when the ability is no longer on stand-by (it has been played) and its
situation has ended, so "the game meets the situation again" (8.6.7.1) means the situation ends and comes back
after the ability resolved: one that still holds after it resolved does not trigger it again, which would repeat
it for ever.
"""

from __future__ import annotations

from ..core.standby import put_on_standby
from ..core.text import say
from .actions import REAR_GUARD_CIRCLES
from .characteristics import cannot_use_abilities, conditions_hold
from .primitives import emit, name
from .state import GameState

SITUATION_CHECK = {"t": "situation_check"}


def _abilities(state: GameState):
    """(key, player, card, index, holds) of every situation ability of a unit on the field."""
    for player in (state.turn_player, 1 - state.turn_player):
        for card_id in state.units(player, ("vanguard",) + REAR_GUARD_CIRCLES):
            card = state.cards[card_id]
            if card_id in state.locked or card_id in state.deleted:
                continue
            for i, ab in enumerate(card.abilities):
                if ab.timing == "situation":
                    yield f"{card_id}:{i}", card.owner, card_id, i, conditions_hold(state, ab, card_id)


def _changes(state: GameState) -> tuple[list, list[str]]:
    """(the abilities to put on stand-by, the notes to drop) at this check timing."""
    waiting = {f"{s['card']}:{s['ability']}" for s in state.standby}
    live, add = {}, []
    for key, player, card_id, i, holds in _abilities(state):
        live[key] = holds
        if holds and key not in state.situations and not cannot_use_abilities(state, card_id):
            add.append((key, player, card_id, i))
    # a note is dropped once its ability has been played and its situation has ended (or its card left the field)
    drop = [k for k in state.situations if k not in waiting and not live.get(k, False)]
    return add, drop


#: id(the game's card index) -> (the index, the ids of its cards with a situation ability): asked at every check
#: timing, and a game's cards never change, so remembered; the index is kept so that its id is not reused while the
#: entry lives (bounded: cleared when it grows large)
_WITH_SITUATION: dict[int, tuple] = {}


def _with_situation(cards: dict) -> frozenset:
    hit = _WITH_SITUATION.get(id(cards))
    if hit is None or hit[0] is not cards:
        if len(_WITH_SITUATION) > 1000:
            _WITH_SITUATION.clear()
        ids = frozenset(c for c, card in cards.items() if any(ab.timing == "situation" for ab in card.abilities))
        hit = _WITH_SITUATION[id(cards)] = (cards, ids)
    return hit[1]


def situation_due(state: GameState) -> bool:
    """Whether the check timing has a situation trigger to put on stand-by, or a note to drop."""
    if not state.situations and not _with_situation(state.cards):
        return False
    add, drop = _changes(state)
    return bool(add or drop)


def situation_check(state: GameState, events: list) -> None:
    add, drop = _changes(state)
    state.situations = [k for k in state.situations if k not in drop]
    for key, player, card_id, i in add:
        state.situations.append(key)
        sid = put_on_standby(state, player, card_id, i, {})
        emit(events, "standby", say("%(card)s: its situation holds, and its ability goes on stand-by", card=name(state, card_id)),
             ("AUTO_STANDBY", "SITUATION_TRIGGER", "SITUATION_ONCE"), player, assumptions=("A41",), card=card_id,
             standby=sid)
