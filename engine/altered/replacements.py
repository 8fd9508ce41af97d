"""Replacement modifiers on where an object goes: the rule that sends a Fleeting character to the discard pile
instead of the Reserve (2.4.6.c) and an object's own passive "if I would go to [zone], go to [other zone] instead"
(6.2.b; 6.2.j: an object's own ability may modify how it moves).

6.2.e-i: each modifier that applies to the move is applied once (6.2.i); after one is applied the move is looked
at again (6.2.g), so the first one applied may leave the other with nothing to modify ("would go to the Reserve"
no longer holds once the card goes to the hand).  When two apply at once, the controller of the step chooses
which applies first (6.2.f) - or the first player in initiative order when no one controls it (Rest): the
decision ``instead``, answered ``{"kind": "instead", "first": "fleeting"}`` or ``"first": CARD`` (the card whose
own ability it is).  ``primitives`` and ``effects.send`` ask here; this module holds no state of its own.
"""

from __future__ import annotations

from ..core.decisions import Decision
from ..core.text import say
from .actions import EXPEDITIONS, Action
from .citations import cite
from .passives import exists, holds, sources
from .primitives import AGENDA, emit, name

FLEETING = "fleeting"


def own_instead(state, card_id: str, to: str) -> str | None:
    """Where the object's own "instead" passive sends it when it would go to ``to`` (None: no such ability, lost
    with its abilities, 2.3.2.d, or its condition false)."""
    mine = [s for s in sources(state) if s.card == card_id and s.emblem is None and s.part.kind == "instead"
            and s.part.get("would") == to]
    if not mine:
        return None
    view = state.view()
    src = next((s for s in mine if exists(view, s) and holds(state, view, s)), None)
    return src.part.get("goes") if src else None


def _applies(state, card_id: str, here: str, to: str, modifier: str) -> str | None:
    if modifier == FLEETING:  # 2.4.6.c: a Fleeting character from the expeditions to the Reserve
        return "discard" if to == "reserve" and here in EXPEDITIONS and card_id in state.fleeting else None
    return own_instead(state, card_id, to)


def applicable(state, card_id: str, here: str, to: str, used: tuple = ()) -> list[str]:
    """The replacement modifiers not yet applied (6.2.i) that would change this move now."""
    return [m for m in (FLEETING, card_id) if m not in used and _applies(state, card_id, here, to, m)]


def replace(state, card_id: str, here: str, to: str, keys: tuple, first: str | None = None) -> tuple[str, tuple]:
    """The zone the move ends in once every modifier that applies has been applied (6.2.e-k), ``first`` (a
    modifier the player chose, 6.2.f) before the others, and the clause keys of what was applied."""
    used: tuple = ()
    while True:
        options = applicable(state, card_id, here, to, used)
        if not options:
            return to, keys
        modifier = first if first in options else options[0]
        to = _applies(state, card_id, here, to, modifier)
        keys += ("FLEETING_TO_DISCARD",) if modifier == FLEETING else ("INSTEAD",)
        if used or len(options) > 1:
            keys += ("INSTEAD_AGAIN",)  # 6.2.g: the move looked at again after the first modifier
        used += (modifier,)


def zone_word(zone: str) -> str:
    """A zone as the interface names it (the destination of an "instead")."""
    return {"reserve": say("Reserve"), "hand": say("Hand"), "discard": say("Discard pile"),
            "deck": say("Deck")}.get(zone, zone)


@AGENDA.handler("instead")
def choose_first(state, task, answer, events):
    """6.2.f: the player chooses which replacement applies first, then the object moves."""
    from .effects import send  # effects imports this module: the move itself is send's

    card_id, options = task["card"], applicable(state, task["card"], state.loc[task["card"]][1], task["to"])
    if answer is None and len(options) > 1:
        words = {FLEETING: say("Fleeting first: to the discard pile")}
        opts = tuple(Action.make("instead", first=m) for m in options)
        return Decision("instead", task["player"], say(
            "%(card)s: two effects would change where it goes; choose which applies first (%(choices)s)",
            card=name(state, card_id), choices=", ".join(words.get(m, say(
                "its own ability first: %(zone)s", zone=zone_word(own_instead(state, card_id, task["to"]))))
                for m in options)), opts, cite("INSTEAD_CHOICE"))
    first = (answer.get("first") if answer is not None else None) or FLEETING
    chosen = say("Fleeting") if first == FLEETING else say("its own ability")
    emit(events, "instead", say("player %(player)s applies %(first)s first to where %(card)s goes",
                                player=task["player"], first=chosen, card=name(state, card_id)),
         ("INSTEAD_CHOICE",), task["player"], ("AL24",) if task.get("rest") else (), card=card_id, first=first)
    send(state, card_id, task["to"], events, tuple(task["keys"]) + ("INSTEAD_CHOICE",),
         tuple(task["position"]), first=first)
    return None
