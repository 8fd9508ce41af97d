"""Steps that take objects out of an expedition or out of play: switching expeditions (7.3.22), sending to the
Reserve, hand, discard pile or deck (7.3.20, 3.2.2.c), sacrificing (7.3.19) and sabotaging (7.3.18).  What a move
means for the object (statuses lost, counters kept by Seasoned, Fleeting discarded, a token ceasing, its reactions)
is primitives.py's and replacements.py's; here each step chooses its objects and moves them, several at once where
one step moves several (6.1.f).  Each registers itself in ``effects.STEP``.
"""

from __future__ import annotations

from ..core.agenda import push
from ..core.decisions import Decision
from ..core.text import say
from .actions import EXPEDITIONS, Action
from .citations import cite
from .effects import STEP, _choose, _each, _players, targets
from .primitives import (AGENDA, VISIBLE, as_it_is, emit, forget_gone, leave_together, left_expedition, move, name,
                         others_see_join, others_see_leave, to_deck, trigger, watchers)
from .replacements import fate
from .step_replacement import DISCARDED, _discard_replaced, _place, _replacing, discarded_instead, doer


def _switch(state, task, part, answer, events):
    """7.3.22: the character leaves its expedition and joins the other (7.5.4.c, 7.5.5.c), not the Expedition zone;
    a Giant's card switches, the Giant itself leaves and joins nothing (7.4.3.j)."""
    def act(card_id):
        (owner, here), seen = state.loc[card_id], watchers(state, card_id)
        to = EXPEDITIONS[1 - EXPEDITIONS.index(here)]
        move(state, card_id, to)
        giant = state.has(card_id, "giant")
        emit(events, "switch", say("%(card)s switches to the %(zone)s",
                                   card=name(state, card_id), zone=to.replace("_", " ")),
             ("SWITCH", "SWITCH_JOINS", "SWITCH_SAME_ZONE") + (("GIANT_SWITCH",) if giant else ()), owner, card=card_id)
        if not giant:
            trigger(state, card_id, "on_leave_expedition", events, keys=("LEAVES_SWITCH",))
            others_see_leave(state, seen, events, ("LEAVES_SWITCH",))
            trigger(state, card_id, "on_join_expedition", events, keys=("JOINS_SWITCH",))
            others_see_join(state, card_id, events, ("JOINS_SWITCH",))
    return _each(state, task, part, answer, events, act, say("choose the character that switches expeditions"))


def send(state, card_id: str, to: str, events: list, keys: tuple = ("SEND", "SEND_SYNONYMS"),
         position: tuple[str, int] = ("top", 1), first: str | None = None, by: int | None = None,
         fixed: tuple | None = None, watch: bool = True) -> None:
    """Send an object to its owner's Reserve, hand, discard pile or deck (``position``: "top"/"bottom" and the
    how-manieth card from there, 3.2.2.b-c); a Fleeting one goes to the discard pile instead of the Reserve (2.4.6.c)
    - or where an "instead" sends it, ``by`` (the step's controller) choosing which first (6.2.f) -, a Seasoned one
    keeps its boosts (7.4.4.b).  ``fixed``: its fate, read before a step moving several at once moved any."""
    owner, here = state.cards[card_id].owner, state.loc[card_id][1]
    fixed = fixed or fate(state, card_id, to, keys, first)
    if fixed is None:  # two replacements apply: which first is chosen (6.2.f)
        return push(state, {"t": "instead", "card": card_id, "to": to, "keys": list(keys), "position": list(position),
                            "player": state.initiative()[0] if by is None else by, "rest": by is None})
    to, keys, seasoned = fixed
    seen = watchers(state, card_id) if watch else []  # 7.5.5.a: read before it leaves (Rest reads its own)
    if to == "deck":
        return to_deck(state, card_id, position, events), others_see_leave(state, seen, events, leaver=card_id)
    card = state.cards[card_id]
    if any(card_id in getattr(state, s) for s in ("exhausted", "anchored", "asleep")):
        keys += ("NEW_ZONE_NO_STATUS",)
    boosted, was = here in EXPEDITIONS + ("landmarks",) and state.boosts(card_id) > 0, as_it_is(state, card_id)
    move(state, card_id, to, events, keep_counters=seasoned)
    if boosted:
        keys += ("SEASONED",) if seasoned else ("COUNTERS_LOST",)
    emit(events, "send", say("%(card)s goes to the %(to)s", card=card.name, to=to), keys, owner, card=card_id, to=to)
    if here == "landmarks":  # 6.3.e: its reaction need not exist after the event that triggers it
        trigger(state, card_id, "on_leave_landmarks", events, {"follow": to} if to in VISIBLE else None, was=was)
    if here in EXPEDITIONS:
        left_expedition(state, card_id, events, was, to)
        others_see_leave(state, seen, events, leaver=card_id if watch else None)


def _send(state, task, part, answer, events):
    to, keys = part.get("to"), ("DISCARD",) if part.get("to") == "discard" else ("SEND", "SEND_SYNONYMS")
    keys += ("TYPE_IN_PLAY",) if part.get("target") == "choose_in_play" else ()
    position, each = (part.get("position", "top"), part.get("depth", 1)), targets(state, task, part) or ()
    fates = {c: fate(state, c, to, keys) for c in each}  # all at once (6.1.f): read before any moves
    def one(c, watch=True):
        fixed = fates.get(c) or fate(state, c, to, keys)
        # 6.2.g: a move made a discard by another modifier (Fleeting) is looked at again (AL35)
        if to != "discard" and fixed is not None and fixed[0] == "discard" and discarded_instead(state, task, c, events, tuple(k for k in fixed[1] if k not in keys)):
            return None
        return send(state, c, to, events, keys, position, by=task["player"], fixed=fixed, watch=watch)
    if len(each) > 1:  # they leave at once and see each other leave (AL29)
        return leave_together(state, list(each), lambda c: one(c, False), events)
    return _each(state, task, part, answer, events, one, say("choose the character to send to the %(to)s", to=to))


def _sacrifice(state, task, part, answer, events):
    """7.3.19.a: each player named discards a character they control, choosing in initiative order, each knowing the
    choices before theirs (1.4.5.a, 6.1.g); then all are sacrificed at once (6.1.f, 1.4.5.a's example; AL10)."""
    players = _players(state, task, part)
    done, chosen = task.get("done", 0), [list(c) for c in task.get("chosen", [])]
    if done < len(players):
        p = players[done]
        options = state.in_expeditions(p)
        if not options:
            emit(events, "step_ignored", say("player %(player)s has no character to sacrifice", player=p),
                 ("PART_IMPOSSIBLE",), p)
        elif answer is None:
            return Decision("sacrifice", p, say("choose the character you sacrifice"),
                            tuple(Action.make("choose", card=c) for c in options), cite("SACRIFICE"))
        else:
            chosen.append([p, answer.card])
        push(state, {**task, "done": done + 1, "chosen": chosen, "accepted": True})
        return None
    # read before any moves: the statuses, reactions and fate of each, the objects each player had in play
    was = {c: sorted(s for s in ("exhausted", "fleeting", "anchored", "asleep") if c in getattr(state, s))
           for _, c in chosen}
    then = {c: as_it_is(state, c) for _, c in chosen}  # its reactions as it left (6.3.d-e)
    fates = {c: fate(state, c, "discard", ("SACRIFICE", "DISCARD")) for _, c in chosen}
    before = {p: list(state.in_play(p)) for p, _ in chosen}
    for _, card in chosen:
        send(state, card, "discard", events, ("SACRIFICE", "DISCARD"), fixed=fates[card])
    for p, card in chosen:
        if card in state.cards:
            trigger(state, card, "on_sacrificed", events, {"was": was[card], "follow": "discard"},
                    ("NEW_OBJECT_FOUND",), was=then[card])
        elif card in state.gone:  # a token ceased to exist in the discard pile (2.1.d): its
            # reaction still triggers (6.3.e), and finds no new object to act on
            trigger(state, card, "on_sacrificed", events, {"was": was[card]}, ("TRIGGER_AFTER_LEAVING", "TOKEN_CEASES"),
                    was=then[card])
        for card_id in before[p]:  # "when you sacrifice a Character" (2.2.10.e), the sacrificed one's too (6.3.e)
            if card_id in state.cards or card_id in state.gone:
                trigger(state, card_id, "on_sacrifice", events, was=then.get(card_id))
    for _, card in chosen:
        forget_gone(state, card)
    return None


def _sabotage(state, task, part, answer, events):
    """7.3.18.a: discard up to one target card in a Reserve (one's own included)."""
    cards = state.zones[task["player"]]["reserve"] + state.zones[1 - task["player"]]["reserve"]
    if answer is not None and answer.kind == "pass":
        emit(events, "sabotage", say("player %(player)s discards no card", player=task["player"]),
             ("SABOTAGE",), task["player"])
    return _choose(state, task, part, answer, events,
                   lambda c: send(state, c, "discard", events, ("SABOTAGE", "DISCARD")),
                   say("choose up to one card in a Reserve to discard"), cards, up_to=True)


STEP.update({"switch": _switch, "send": _send, "sacrifice": _sacrifice, "sabotage": _sabotage})


@AGENDA.handler("discard_instead")
def _choose_discard_instead(state, task, answer, events):
    """6.2.f (here, beside `send`, which it ends with when nothing is left to replace the discard): two "if you would discard" modifiers of the step's controller would replace the discard a Fleeting
    object's move became (AL35); that player chooses which applies, the other then looked at no more (6.2.i)."""
    found, me = _replacing(state, task, DISCARDED), doer(task, DISCARDED)
    if not found:  # nothing left to replace it (a source left play meanwhile): the object is discarded
        send(state, task["object"], "discard", events, ("DISCARD",) + tuple(task["why"]), by=task["player"])
        return None
    cards = [s.card for s in found]
    named = {_place(state, s): s.card if cards.count(s.card) == 1 else _place(state, s) for s in found}
    if len(found) > 1 and (answer is None or answer.kind != "instead"):
        return Decision("instead", me, say("%(object)s would be discarded and two effects would replace it; choose "
                                           "which applies", object=name(state, task["object"])),
                        tuple(Action.make("instead", first=named[_place(state, s)]) for s in found),
                        cite("INSTEAD_CHOICE"))
    chosen = next((s for s in found if answer is not None and answer.get("first") == named[_place(state, s)]),
                  found[0])
    _discard_replaced(state, task, chosen, events, ("INSTEAD_CHOICE",) if len(found) > 1 else ())
    return None
