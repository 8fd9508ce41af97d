"""Replacement modifiers of a whole step (6.2.b, 6.2.e.1): "if you would draw a card, resupply instead".

A passive effect ``replace_step`` (an object's passive ability, or an ongoing emblem's) names the kind of effect
step it replaces (``step``) and the steps done instead (``effects``); the steps of its controller are replaced, or
with ``opponent`` the other player's, done by the same player.  When such a step is about to happen (after its
condition and its optional choice, 6.5.b-c), the modifiers replacing the whole step apply first (6.2.e.1): one at a
time, the step's controller choosing which first when several would (6.2.f); the steps that replace it are looked at
again (6.2.g), by the others only (6.2.h).  The replacing steps are the passive effect's own, found again by their
place in it, so they run as any other step (targets chosen as they resolve, AL6).

A step every player does ("each player draws a card") is one step with an atomic action for each player (6.1.e):
"if you would draw a card" replaces that player's atomic action (6.2.e.2), the others' happen.  The step is then
done one player at a time in initiative order (each its own task, ``atomic``), the replaced one's steps in its
place.  The Morning's draw (4.2.1.d, "each player draws two cards") is such a step of a daily effect (AL31).
"""

from __future__ import annotations

from ..core.agenda import push
from ..core.decisions import Decision
from ..core.text import say
from .abilities import Part
from .actions import Action
from .citations import cite
from .conditions import each_of
from .passives import derive, emblem_effects, exists, holds, sources
from .primitives import AGENDA, emit, name

KEEP = object()  # no modifier replaces the step: it happens as it is
#: the steps every player may do ("each player draws / resupplies / sacrifices a Character / discards a card"): each
#: player's part can be done alone, one player at a time, by the step's own code
BY_PLAYER = ("draw", "resupply", "sacrifice", "put")


#: the steps another player does when the step says so: "your opponent draws / resupplies / sacrifices a Character /
#: discards a card from their hand" (7.2.2.a)
OPPONENT_DOES = ("draw", "resupply", "sacrifice", "put")


def doer(task, part) -> int:
    """The player who does the step, whose modifiers replace it: each player's own part (6.1.e), the opponent when
    the step says "your opponent draws" (7.2.2.a), else its controller."""
    if "atomic" in task:
        return task["atomic"]
    return 1 - task["player"] if part.get("opponent") and part.kind in OPPONENT_DOES else task["player"]


def names(part) -> tuple[str, ...]:
    """The steps a modifier may name that this step is: its kind, and "discard" for every step that moves a card to
    the discard pile (7.3.4.a; a sacrifice, 7.3.19.a, and a sabotage, 7.3.18.a, are discarding too, AL33); a card
    put from the hand is no "put" step for a modifier, only a discard when it goes to the discard pile."""
    discards = part.get("to") == "discard" or part.kind in ("sacrifice", "sabotage")
    return (() if part.kind == "put" else (part.kind,)) + (("discard",) if discards else ())


def _replacing(state, task, part) -> list:
    """The "replace_step" effects in force that would replace this step, by timestamp (none already applied)."""
    me, used, kinds = doer(task, part), set(task.get("replaced", ())), names(part)
    if part.get("each_player") and "atomic" not in task:  # each player's part is an atomic action (6.2.e.2)
        return []
    found = [s for s in sources(state) if s.part.kind == "replace_step" and s.part.get("step") in kinds
             and (s.player != me if s.part.get("opponent") else s.player == me) and _place(state, s) not in used]
    if not found:
        return []
    view = derive(state)
    return [s for s in found if exists(view, s) and holds(state, view, s)]


def _place(state, src) -> str:
    """Where the effect is written: "card:ability:effect" for an object's, "card:ability:step:effect" (the ongoing
    step's effects) for an emblem's."""
    if src.emblem is None:
        return src.ref
    emblem = state.emblems[src.emblem]
    return ":".join(str(x) for x in (emblem["card"], emblem["ability"], emblem["step"],
                                     emblem_effects(state, emblem).index(src.part)))


def _impossible(state, player: int, part, task: dict) -> bool:
    """A step that cannot happen at all (1.4.1.c): a draw or resupply with no card in the deck or discard pile, a
    sacrifice with no character, a sabotage with every Reserve empty, a card put from an empty hand."""
    zones, whole = state.zones[player], not part.get("each_player") or "atomic" in task
    if part.kind in ("draw", "resupply") and whole:
        return not zones["deck"] and not zones["discard"]
    if part.kind == "sacrifice" and whole:
        return not state.in_expeditions(player)
    if part.kind == "sabotage":
        return not state.zones[0]["reserve"] and not state.zones[1]["reserve"]
    if part.kind == "put":  # ``player`` does it: the opponent, from their own hand, when the step says so
        return not state.zones[player]["hand"]
    return False


def replaced_step(state, task, part, answer, events):
    """KEEP when no modifier replaces the step; else None once replaced, or the 6.2.f decision.  An impossible
    step is not modified, whatever the modified one would be (1.4.1.d): it happens, and does nothing."""
    if part.get("each_player") and "atomic" not in task and part.kind in BY_PLAYER:
        return _each_atomic(state, task, part)
    found = _replacing(state, task, part)
    if not found:
        return KEEP
    me = doer(task, part)
    if _impossible(state, me, part, task):
        emit(events, "not_modified", say("%(card)s does not replace this step (%(effect)s): it is impossible",
                                         card=name(state, found[0].card), effect=part.kind.replace("_", " ")),
             ("IMPOSSIBLE_UNMODIFIED", "REPLACE_STEP"), me, card=found[0].card)
        return KEEP
    cards = [s.card for s in found]
    # each named by its card, as the other "instead" choice names them; by its place when a card has two
    named = {_place(state, s): s.card if cards.count(s.card) == 1 else _place(state, s) for s in found}
    if len(found) > 1 and (answer is None or answer.kind != "instead"):
        return Decision("instead", me, say("two effects would replace this step (%(effect)s); choose which applies "
                                           "first", effect=part.kind.replace("_", " ")),
                        tuple(Action.make("instead", first=named[_place(state, s)]) for s in found),
                        cite("INSTEAD_CHOICE"))
    chosen = next((s for s in found if answer is not None and answer.get("first") == named[_place(state, s)]),
                  found[0])
    discard = chosen.part.get("step") == "discard"  # 7.3.4.a's word
    emit(events, "step_replaced", say("%(card)s: instead of this step (%(effect)s), its own steps happen",
                                      card=name(state, chosen.card), effect=part.kind.replace("_", " ")),
         (("REPLACE_ATOMIC", "ATOMIC_EACH") if "atomic" in task else ("REPLACE_STEP",)) + ("INSTEAD",)
         + (("INSTEAD_CHOICE",) if len(found) > 1 else ()) + (("DISCARD",) if discard else ()), me,
         (("AL31",) if "atomic" in task else ()) + (("AL33",) if discard else ()), card=chosen.card)
    _push_instead(state, task, chosen, me)
    return None


#: a move another modifier has turned into a discard, as "if you would discard" reads it (7.3.4.a)
DISCARDED = Part("send", (("to", "discard"),))


def discarded_instead(state, task, card_id: str, events, why: tuple = ()) -> bool:
    """6.2.g, AL35: a move to the Reserve that a replacement modifier has sent to the discard pile instead (a Fleeting
    character, 2.4.6.c) is discarding now (7.3.4.a), and is looked at again: the step's controller's "if you would
    discard a card, [steps] instead" replaces that atomic action - the object does not move, the modifier's steps
    happen.  True when one does: at once when one would, else after the step's controller chooses which (6.2.f), a
    task of its own, since every choice leaves the object where it is."""
    found = _replacing(state, task, DISCARDED)
    if not found:
        return False
    held = {"player": task["player"], "replaced": list(task.get("replaced", ())), "object": card_id,
            "why": list(why), **({"atomic": task["atomic"]} if "atomic" in task else {})}
    if len(found) > 1:
        push(state, {**held, "t": "discard_instead"})
        return True
    _discard_replaced(state, held, found[0], events, ())
    return True


def _discard_replaced(state, held, chosen, events, chose: tuple) -> None:
    card_id = held["object"]
    emit(events, "step_replaced", say("%(card)s: %(object)s would be discarded; instead, its own steps happen",
                                      card=name(state, chosen.card), object=name(state, card_id)),
         ("INSTEAD_AGAIN", "DISCARD", "REPLACE_ATOMIC", "INSTEAD") + chose + tuple(held["why"]), held["player"],
         ("AL33", "AL35"), card=chosen.card, object=card_id)
    _push_instead(state, held, chosen, held["player"])


def _push_instead(state, task, chosen, me: int) -> None:
    """The modifier's own steps, run as any other step (targets chosen as they resolve, AL6)."""
    where = _place(state, chosen).split(":")
    base = {"t": "effect", "player": me, "card": where[0], "ability": int(where[1]),
            "replaced": tuple(task.get("replaced", ())) + (_place(state, chosen),)}
    if chosen.emblem is not None and "mode" in state.emblems[chosen.emblem]:  # the ongoing step of a mode
        base["mode"] = state.emblems[chosen.emblem]["mode"]
    if len(where) == 3:  # an object's passive ability: its effect, then the replacing step in it
        steps = [{**base, "step": int(where[2]), "inner": k} for k in range(len(chosen.part.get("effects")))]
    else:  # an ongoing emblem's: the ongoing step, its effect, then the replacing step
        steps = [{**base, "step": int(where[2]), "via": int(where[3]), "inner": k}
                 for k in range(len(chosen.part.get("effects")))]
    push(state, *steps)


def _each_atomic(state, task, part):
    """"Each player draws": KEEP when no player's atomic action would be replaced (the step happens at once, as
    written); else the step again for each player alone, in initiative order (6.1.e, 1.4.5.a, AL31), each then
    looked at by the modifiers of that player's action (6.2.e.2)."""
    players = each_of(state, task)
    if not any(_replacing(state, {**task, "atomic": p}, part) for p in players):
        return KEEP
    push(state, *({**task, "atomic": p, "yes": [p]} for p in players))
    return None
