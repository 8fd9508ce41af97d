"""An effect that puts cards from a hand into its owner's waiting room: "draw a card, then put 1 card from your hand
into your waiting room", "your opponent puts 1 card from their hand into their waiting room" (assumption W44).

The resolver has the shape of those in effects.py and registers itself in its ``RESOLVERS`` table when this module
is imported (rules.py imports it).
"""

from __future__ import annotations

from ..core.decisions import Decision
from ..core.text import say
from .actions import Action
from .characteristics import matches
from .citations import cite
from .effects import REPEAT, RESOLVERS
from .primitives import area_changed, emit, move, name


def _discard(state, task, answer, part, events):
    """The hand's owner chooses the cards (the hand is hidden from the other player, 3.3.2), one at a time among those
    of the filter: every possible choice is made (8.6.3.1), "up to" may stop at any number (8.6.3.1.1), and with no
    more cards than the number they all go without asking (8.6.3.1.2). Each goes at once, what it triggers after it
    (8.7.4: "when this card is put from your hand into your waiting room")."""
    owner = task["p"] if part.get("player") == "self" else 1 - task["p"]
    done, count, up_to = task.get("done", 0), part.get("count"), part.get("up_to", False)
    cands = [c for c in state.zones[owner]["hand"] if matches(state, c, part.get("filter"))]
    if not cands:
        if not done:  # 8.6.3.1.3: nothing to choose, nothing is done
            emit(events, "no_target", say("player %(player)s has no card in hand to put into the waiting room",
                                          player=owner), ("CHOICE_IMPOSSIBLE",), owner)
        return None
    if answer is None and (up_to or len(cands) > count - done):
        return Decision("choose", owner, say("choose a card from your hand to put into your waiting room (%(n)s of "
                                             "%(count)s)", n=done, count=count),
                        tuple(Action.make("choose", card=c) for c in cands) + ((Action.make("pass"),) if up_to else ()),
                        cite("CHOOSE_UP_TO" if up_to else "CHOOSE_MANDATORY"))
    if answer is not None and answer.kind == "pass":
        return None
    chosen = answer.card if answer is not None else cands[0]
    move(state, chosen, "waiting_room")
    emit(events, "discard", say("player %(player)s puts %(card)s from the hand into the waiting room", player=owner,
                                card=name(state, chosen)), ("ABILITY_RESOLVES",), owner, card=chosen)
    area_changed(state, chosen, "hand", events)
    return REPEAT if done + 1 < count else None


RESOLVERS["discard"] = _discard
