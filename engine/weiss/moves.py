"""The ``move`` effect: "move this card to an open position of your center stage" and its kin.

A character moved between positions of its own stage stays the same card (3.1.4: the one exception to a new card in
a new area), so its effects stay and its markers go with it (3.7.3.1); it does not leave the stage (8.7.4). In an
attack a move matters: an attacker moved to another position deals no damage (7.5.1.2.2) and a battle character
moved compares no power (7.6.1.3), while the attack keeps its type (7.2.1.4.3).

The resolver has the shape of those in effects.py and registers itself in its ``RESOLVERS`` table when this module
is imported (rules.py imports it).
"""

from __future__ import annotations

from ..core.agenda import push
from ..core.decisions import Decision
from ..core.text import say
from .actions import BACK_STAGE, CENTER_STAGE, SLOTS, Action
from .characteristics import cannot_move
from .citations import cite
from .effects import RESOLVERS, _targets
from .primitives import emit, handler, move, name

#: the positions each ``to`` of a move effect names (3.6.3)
PARTS = {"center": CENTER_STAGE, "back": BACK_STAGE, "stage": SLOTS}


def open_positions(state, card_id: str, to: str) -> list[str]:
    """The empty positions of that part of the stage of the character's player, other than its own."""
    player, here = state.loc[card_id]
    return [s for s in PARTS[to] if s != here and state.at(player, s) is None]


def _move_effect(state, task, answer, part, events):
    """Choose the character (if the text chooses it), then hand the position to the ``move_place`` task."""
    cards, decision = _targets(state, task, answer, part)
    if decision:
        return decision
    if not cards:
        emit(events, "no_target", say("%(card)s: no character to move", card=name(state, task["card"])),
             ("CHOICE_IMPOSSIBLE",), task["p"])
        return None
    push(state, {"t": "move_place", "p": task["p"], "card": cards[0], "to": part.get("to"), "source": task["card"]})
    return None


@handler("move_place")
def _move_place(state, task, answer, events):
    """The effect's controller chooses the open position; with none, or when the character 'cannot move to another
    position', nothing is done (1.3.2, 1.3.3)."""
    player, card_id = task["p"], task["card"]
    if not state.on_stage(card_id):
        return None
    if cannot_move(state, card_id):
        emit(events, "unchanged", say("an effect says %(card)s cannot move to another position, and an effect that "
                                      "stops an action wins: it stays where it is", card=name(state, card_id)),
             ("STOP_WINS",), player, card=card_id, status="move")
        return None
    slots = open_positions(state, card_id, task["to"])
    if not slots:
        emit(events, "no_target", say("no open position to move %(card)s to: nothing is done",
                                      card=name(state, card_id)), ("IMPOSSIBLE_NOT_DONE",), player)
        return None
    if answer is None and len(slots) > 1:
        return Decision("place", player, say("choose the open position to move %(card)s to", card=name(state, card_id)),
                        tuple(Action.make("place", card=card_id, slot=s) for s in slots), cite("ABILITY_RESOLVES"))
    slot = answer.get("slot") if answer is not None else slots[0]
    owner, here = state.loc[card_id]
    emit(events, "moved", say("%(card)s moves from %(a)s to %(b)s; it stays the same card", card=name(state, card_id),
                              a=here.replace("_", " "), b=slot.replace("_", " ")),
         ("ABILITY_RESOLVES", "SAME_CARD_ON_STAGE"), owner, assumptions=("W33",), card=card_id, **{"from": here, "to": slot})
    move(state, card_id, slot, owner, events=events)
    return None


RESOLVERS["move"] = _move_effect
