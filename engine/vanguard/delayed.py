"""Timed triggers (8.6.6): "at the end of the turn / battle, (effects)" created by an effect.

The effect creates an automatic ability of its controller (3.4.5) that triggers once (8.6.6.1) at that moment:
"at the end of the turn" with the end phase's "alla fine del turno" abilities (6.8.1.2), "at the end of the
battle" with the close step's (7.7.1.1). It is kept in the state until then (``delayed``), then put on stand-by
(ability index ``DELAYED_INDEX``, its effects in the stand-by entry's ``ctx``) and played like any other.
"This unit" in its effects is the card as it was when the ability was created: a card that has since left the
field, or left it and come back (a new card, 4.1.4), is not found (8.6.8).
"""

from __future__ import annotations

from ..core.standby import put_on_standby
from ..core.text import say
from .primitives import emit, name
from .state import GameState

#: the stand-by entry's ability index of a timed trigger (forerunner's is -1)
DELAYED_INDEX = -2
#: the moment -> the clause that puts the abilities of that timing on stand-by
_MOMENT = {"end_of_turn": "BEGIN_END_PHASE", "end_of_battle": "END_OF_BATTLE_STANDBY"}


def create(state: GameState, events: list, part: dict, player: int, src: str) -> None:
    """Resolve a ``delayed`` effect: the timed trigger waits for its moment."""
    state.delayed.append({"card": src, "player": player, "at": part["at"], "effects": list(part["effects"]),
                          "placed": state.placed_at.get(src)})
    text = (say("an ability of %(card)s will trigger at the end of the turn", card=name(state, src))
            if part["at"] == "end_of_turn" else
            say("an ability of %(card)s will trigger at the end of the battle", card=name(state, src)))
    emit(events, "delayed_created", text, ("DELAYED_TRIGGER",), player, card=src, at=part["at"])


def fire(state: GameState, events: list, at: str) -> None:
    """The moment has come: every timed trigger waiting for it goes on stand-by, once (8.6.6.1)."""
    due = [d for d in state.delayed if d["at"] == at]
    if not due:
        return
    state.delayed = [d for d in state.delayed if d["at"] != at]
    for d in due:
        sid = put_on_standby(state, d["player"], d["card"], DELAYED_INDEX,
                             {"delayed": d["effects"], "placed": d["placed"], **({"magia": True} if d.get("magia") else {})})
        emit(events, "standby", say("%(card)s: a timed ability goes on stand-by", card=name(state, d["card"])),
             ("AUTO_STANDBY", "DELAYED_TRIGGER", "DELAYED_ONCE", _MOMENT[at]), d["player"], card=d["card"], standby=sid)


def same_card(state: GameState, card_id: str, ctx: dict) -> bool:
    """Whether ``card_id`` is still the card a timed trigger was created for (not a new card since, 4.1.4)."""
    return "placed" not in ctx or state.placed_at.get(card_id) == ctx["placed"]
