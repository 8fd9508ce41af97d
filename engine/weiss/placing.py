"""Effects that put cards onto the stage or into the climax area: ``put_on_stage`` and ``put_climax``.

"Put up to 2 characters from your waiting room onto positions of your stage", "put 2 climaxes from your waiting room
into your climax area": every card is chosen first (a character with its position, one answer each), then all of them
are put there at the same time, as one action. That is what 9.6.2 and 9.7.2 speak of: two or more characters put into
one stage position, or two or more climaxes put into the climax area, at the same time. Then every character in that
position, or every climax in that area, goes to the waiting room at the end of that action (assumption W36); a single
card put where another already is leaves the older one to the check timing's rule action (9.6.1, 9.7.1).

The resolvers have the shape of those in effects.py and register themselves in its ``RESOLVERS`` table when this
module is imported (rules.py imports it).
"""

from __future__ import annotations

from collections import Counter

from ..core.decisions import Decision
from ..core.text import say
from .actions import SLOTS, Action
from .characteristics import granted_encores, matches
from .choices import REPEAT
from .citations import cite
from .effects import RESOLVERS
from .phases import climax_placed
from .primitives import emit, move, name
from .leaving import to_waiting_room


def _put_on_stage(state, task, answer, part, events):
    """'Put (up to) N characters from your <source> onto any position of your stage': each character and its position
    are one answer; once all are chosen they are put there together."""
    player, source, count = task["p"], part.get("source"), part.get("count", 1)
    placed = [tuple(x) for x in task.get("placed", [])]
    if answer is not None and answer.kind == "place":
        placed.append((answer.card, answer.get("slot")))
        task["placed"] = [list(x) for x in placed]  # the task runs again (REPEAT) with the cards chosen so far
    taken = {c for c, _ in placed}
    cands = [c for c in state.zones[player][source] if state.cards[c].type == "character" and c not in taken
             and matches(state, c, part.get("filter"))]
    if answer is not None and answer.kind == "pass":
        cands = []  # "up to": the player stops here (8.6.3.1.1)
    if len(placed) < count and cands:
        if answer is not None:
            return REPEAT
        return Decision("place", player, say("choose a character and the stage position to put it in"),
                        tuple(Action.make("place", card=c, slot=s) for c in cands for s in SLOTS)
                        + ((Action.make("pass"),) if part.get("up_to") else ()),
                        cite("CHOOSE_UP_TO" if part.get("up_to") else "CHOOSE_AS_MANY_AS_POSSIBLE"))
    if not placed:
        if answer is None:
            emit(events, "no_target", say("no character in the %(value)s to put on the stage",
                                          value=source.replace('_', ' ')), ("CHOICE_IMPOSSIBLE",), player)
        return None
    for card, slot in placed:  # one action: all of them are put there at the same time
        emit(events, "put_on_stage", say("%(card)s is put onto %(slot)s from the %(value)s", card=name(state, card),
                                         slot=slot.replace("_", " "), value=source.replace("_", " ")),
             ("ABILITY_RESOLVES",), player, card=card, slot=slot, source=source)
        move(state, card, slot, player, events=events)
    crowded = [slot for slot, n in Counter(slot for _, slot in placed).items() if n > 1]
    for slot in crowded:  # 9.6.2: every character in that position, one already there too
        there = list(state.zones[player][slot])
        for c in there:
            emit(events, "overlap", say("%(card)s: two or more characters were put into %(slot)s at the same time; "
                                        "every character there goes to the waiting room", card=name(state, c),
                                        slot=slot.replace("_", " ")),
                 ("CHARACTERS_PUT_TOGETHER",), player, assumptions=("W36",), card=c)
        given = {c: granted_encores(state, c) for c in there}  # read with all of them still there (8.7.4.1.2)
        for c in there:
            to_waiting_room(state, c, events, given=given[c])
    return None


def _put_climax(state, task, answer, part, events):
    """'Put (up to) N climaxes from your <source> into your climax area': chosen one at a time, put there together;
    two or more put at the same time all go to the waiting room with any climax already there (9.7.2)."""
    player, source, count, up_to = task["p"], part.get("source"), part.get("count", 1), part.get("up_to", False)
    picked = list(task.get("placed", []))
    if answer is not None and answer.kind == "choose":
        picked.append(answer.card)
        task["placed"] = picked
    cands = [c for c in state.zones[player][source] if state.cards[c].type == "climax" and c not in picked]
    if answer is not None and answer.kind == "pass":
        cands = []  # "up to": the player stops here (8.6.3.1.1)
    if len(picked) < count and cands:
        if answer is not None:
            return REPEAT
        if up_to or len(cands) > count - len(picked):
            return Decision("choose", player, say("choose a climax to put into your climax area (%(n)s of %(count)s "
                                                  "chosen)", n=len(picked), count=count),
                            tuple(Action.make("choose", card=c) for c in cands)
                            + ((Action.make("pass"),) if up_to else ()),
                            cite("CHOOSE_UP_TO" if up_to else "CHOOSE_AS_MANY_AS_POSSIBLE"))
        picked += cands  # no choice left to make (8.6.3.1.2)
    if not picked:
        if answer is None:
            emit(events, "no_target", say("no climax in the %(value)s to put into the climax area",
                                          value=source.replace('_', ' ')), ("CHOICE_IMPOSSIBLE",), player)
        return None
    for card in picked:
        emit(events, "put_climax", say("%(card)s is put into the climax area from the %(value)s",
                                       card=name(state, card), value=source.replace("_", " ")),
             ("ABILITY_RESOLVES",), player, card=card, source=source)
        move(state, card, "climax", player, events=events)
        climax_placed(state, player, events)  # "when a climax is placed in your climax area" (8.7.2)
    if len(picked) > 1:  # 9.7.2: every climax in the area, one already there too
        for c in list(state.zones[player]["climax"]):
            emit(events, "overlap", say("%(card)s: two or more climaxes were put into the climax area at the same "
                                        "time; every climax there goes to the waiting room", card=name(state, c)),
                 ("CLIMAXES_PUT_TOGETHER",), player, assumptions=("W36",), card=c)
            move(state, c, "waiting_room", events=events)  # from the climax area: its 8.7.4 abilities trigger
    return None


RESOLVERS.update({"put_on_stage": _put_on_stage, "put_climax": _put_climax})
