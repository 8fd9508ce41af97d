"""An effect's move (IT 10.31.1, EN 10.32.1): a rear-guard placed on another circle of the field, the same card (not
placed nor called, 10.31.3). "Move it to the other circle of its column" (``move_in_column``) and "move it to (a
circle)" (``move_to_circle``: a rear-guard circle named by the card, or one the player chooses). Only a rear-guard
moves, and only to an open rear-guard circle: onto the vanguard circle or an occupied circle it cannot, and nothing
happens (1.3.2; assumption A47)."""
from __future__ import annotations

from ..core.decisions import Decision
from ..core.text import say
from .actions import REAR_GUARD_CIRCLES, Action
from .citations import cite
from .primitives import emit, handler, move, name
from .state import COLUMNS, GameState

def move_in_column(state: GameState, events: list, card_id: str, player: int) -> None:
    """"Move it to the other circle of its column"."""
    owner, here = state.loc[card_id]
    other = next((b if here == f else f for f, b in COLUMNS.values() if here in (f, b)), None)
    if here not in REAR_GUARD_CIRCLES or other not in REAR_GUARD_CIRCLES or state.unit_at(owner, other) is not None:
        emit(events, "effect_fizzles", say("%(card)s cannot move to the other circle of its column: it is not open",
                                           card=name(state, card_id)), ("IMPOSSIBLE_ACTION", "MOVE_DEFINED"), player,
             assumptions=("A47",), card=card_id)
        return
    _moved(state, events, card_id, other, player)


def open_circles(state: GameState, card_id: str) -> list[str]:
    """The rear-guard circles a rear-guard may move to: its owner's open ones other than its own."""
    owner, here = state.loc[card_id]
    if here not in REAR_GUARD_CIRCLES:
        return []
    return [c for c in REAR_GUARD_CIRCLES if c != here and state.unit_at(owner, c) is None]


def move_to_circle(state: GameState, events: list, card_id: str, player: int, circle: str) -> None:
    """"Move it to (circle)": to that circle, or, with ``choose``, to an open one the player chooses (a task of its
    own, asked after the unit is known; 8.5.4.1: one open circle is taken without asking)."""
    if circle == "choose":
        state.agenda.append({"t": "move_choice", "card": card_id, "p": player})
        return
    if circle not in open_circles(state, card_id):
        emit(events, "effect_fizzles", say("%(card)s cannot move to %(circle)s: it is not an open rear-guard circle",
                                           card=name(state, card_id), circle=circle.replace("_", " ")),
             ("IMPOSSIBLE_ACTION", "MOVE_DEFINED"), player, assumptions=("A47",), card=card_id)
        return
    _moved(state, events, card_id, circle, player)


@handler("move_choice")
def _move_choice(state, task, answer, events):
    card_id, player = task["card"], task["p"]
    if not state.on_field(card_id):
        return None
    here, circles = state.loc[card_id][1], open_circles(state, card_id)
    if answer is None and len(circles) > 1:
        return Decision("move_to", player, say("choose the circle %(card)s moves to", card=name(state, card_id)),
                        tuple(Action.make("move", **{"from": here, "to": c}) for c in circles),
                        cite("CHOOSE_ON_RESOLUTION"))
    if not circles:
        emit(events, "effect_fizzles", say("%(card)s cannot move: no rear-guard circle is open",
                                           card=name(state, card_id)),
             ("IMPOSSIBLE_ACTION", "MOVE_DEFINED"), player, assumptions=("A47",), card=card_id)
        return None
    _moved(state, events, card_id, answer.get("to") if answer is not None else circles[0], player)
    return None


def _moved(state: GameState, events: list, card_id: str, to: str, player: int) -> None:
    owner, here = state.loc[card_id]
    move(state, card_id, to, owner)
    emit(events, "moved", say("%(card)s moves from %(from_circle)s to %(to_circle)s", card=name(state, card_id),
                              from_circle=here.replace("_", " "), to_circle=to.replace("_", " ")),
         ("MOVE_DEFINED",), player, assumptions=("A47",), card=card_id, **{"from": here, "to": to})
