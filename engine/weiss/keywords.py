"""Effects of the areas and keywords added to the vocabulary: markers (3.7), the memory area (3.12).

Each resolver has the shape of those in effects.py (state, task, answer, part, events) and is registered in
its ``RESOLVERS`` table when this module is imported (rules.py imports it).
"""

from __future__ import annotations

from ..core.text import say
from ..core.decisions import Decision
from .actions import Action
from .characteristics import matches
from .citations import cite
from .effects import REPEAT, RESOLVERS, _targets
from .primitives import deck_top, emit, move, name
from .state import MARKER_OF


def _marker(state, task, answer, part, events):
    """3.7.1 / 3.7.2: cards from ``source`` go face down under this character, each on top of those there."""
    player, card_id, done, count = task["p"], task["card"], task.get("done", 0), part.get("count")
    source = part.get("source")
    if not state.on_stage(card_id):
        emit(events, "no_target", say("%(card)s is no longer on the stage: no marker can go under it", card=name(state, card_id)),
             ("AUTO_CARD_MOVED",), player, card=card_id)
        return None
    owner, slot = state.loc[card_id]
    zone = MARKER_OF[slot]
    if source == "deck":
        added = [c for c in (deck_top(state, owner, zone, events) for _ in range(count)) if c]
        _marker_event(state, events, owner, card_id, added, source)
        return None
    cands = [c for c in state.zones[owner][source] if matches(state, c, part.get("filter"))]
    if not cands:
        if not done:
            emit(events, "no_target", say("no card in the %(value)s to put under %(card)s", value=source.replace('_', ' '), card=name(state, card_id)), ("CHOICE_IMPOSSIBLE",), player, card=card_id)
        return None
    if answer is None and len(cands) > 1:
        return Decision("choose", player, f"choose a card from your {source.replace('_', ' ')} to put under "
                        f"{name(state, card_id)} as a marker", tuple(Action.make("choose", card=c) for c in cands),
                        cite("CHOOSE_AS_MANY_AS_POSSIBLE"))
    chosen = answer.card if answer is not None else cands[0]
    move(state, chosen, zone, owner)
    _marker_event(state, events, owner, card_id, [chosen], source)
    return REPEAT if done + 1 < count else None


def _marker_event(state, events, player, card_id, added, source):
    emit(events, "marker", say("%(n)s card(s) from the %(value)s go face down under %(card)s as markers (%(n2)s under it)", n=len(added), value=source.replace('_', ' '), card=name(state, card_id), n2=len(state.markers(card_id))),
         ("ABILITY_RESOLVES", "MARKER_AREA", "MARKER_CHARACTER"), player, card=card_id, cards=added, source=source,
         count=len(state.markers(card_id)))


def _to_memory(state, task, answer, part, events):
    """3.12.1: a card is put into its owner's memory area ("this card": from wherever it is, an event's from the
    resolution area)."""
    if part.get("target") == "self":
        cards = [task["card"]] if state.loc[task["card"]][1] not in ("memory", "waiting_room", "deck") else []
    else:
        cards, decision = _targets(state, task, answer, part)
        if decision:
            return decision
    for c in cards:
        move(state, c, "memory", events=events)
        emit(events, "to_memory", say("%(card)s is put into the memory", card=name(state, c)), ("ABILITY_RESOLVES", "MEMORY_AREA"),
             task["p"], card=c)
    if not cards:
        emit(events, "no_target", say("%(card)s: no card to put into the memory", card=name(state, task['card'])),
             ("CHOICE_IMPOSSIBLE",), task["p"])
    return None


RESOLVERS.update({"marker": _marker, "to_memory": _to_memory})
