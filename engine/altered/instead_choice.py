"""The choice of 6.2.f as an agenda task: which of two "instead" modifiers applies first, then the move itself.

Apart from replacements.py, which says what applies (and which effects.py asks before each move), so that
the move this task ends with can be leaving.send without an import circle."""
from __future__ import annotations

from ..core.decisions import Decision
from ..core.text import say
from .actions import Action
from .citations import cite
from .leaving import send
from .primitives import AGENDA, emit, name
from .replacements import FLEETING, applicable, fate, instead_sources, zone_word
from .step_replacement import discarded_instead


@AGENDA.handler("instead")
def choose_first(state, task, answer, events):
    """6.2.f: the player chooses which replacement applies first, then the object moves."""
    card_id, options = task["card"], applicable(state, task["card"], state.loc[task["card"]][1], task["to"])
    if answer is None and len(options) > 1:
        goes = instead_sources(state, card_id, task["to"])
        words = {FLEETING: say("Fleeting first: to the discard pile"),
                 card_id: say("its own ability first: %(zone)s", zone=zone_word(goes.get(card_id)))}
        opts = tuple(Action.make("instead", first=m) for m in options)
        return Decision("instead", task["player"], say(
            "%(card)s: two effects would change where it goes; choose which applies first (%(choices)s)",
            card=name(state, card_id), choices=", ".join(words.get(m) or say(
                "%(card)s's ability first: %(zone)s", card=name(state, m), zone=zone_word(goes.get(m)))
                for m in options)), opts, cite("INSTEAD_CHOICE"))
    first = (answer.get("first") if answer is not None else None) or FLEETING
    chosen = (say("Fleeting") if first == FLEETING else say("its own ability") if first == card_id
              else say("%(card)s's ability", card=name(state, first)))
    emit(events, "instead", say("player %(player)s applies %(first)s first to where %(card)s goes",
                                player=task["player"], first=chosen, card=name(state, card_id)),
         ("INSTEAD_CHOICE",), task["player"], ("AL24",) if task.get("rest") else (), card=card_id, first=first)
    keys = tuple(task["keys"]) + ("INSTEAD_CHOICE",)
    fixed = fate(state, card_id, task["to"], keys, first)
    if not task.get("rest") and task["to"] != "discard" and fixed[0] == "discard" and discarded_instead(
            state, {"player": task["player"], "card": card_id}, card_id, events,
            tuple(k for k in fixed[1] if k not in keys)):  # 6.2.g: discarded now, looked at again (AL35)
        return None
    send(state, card_id, task["to"], events, keys, tuple(task["position"]), first=first, fixed=fixed)
    return None
