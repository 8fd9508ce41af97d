"""Replacement modifiers on where an object goes: the rule that sends a Fleeting character to the discard pile
instead of the Reserve (2.4.6.c), an object's own passive "if I would go to [zone], go to [other zone] instead"
(6.2.b; 6.2.j: an object's own ability may modify how it moves) and another object's passive naming the
characters it applies to ("if a Character you control would go to your Reserve, put it in your hand instead":
``to`` as the other passive effects have it; 6.2.j: it exists before the move it modifies).

6.2.e-i: each modifier that applies to the move is applied once (6.2.i); after one is applied the move is looked
at again (6.2.g), so the first one applied may leave the other with nothing to modify ("would go to the Reserve"
no longer holds once the card goes to the hand).  When two apply at once, the controller of the step chooses
which applies first (6.2.f) - or the first player in initiative order when no one controls it (Rest): the
decision ``instead``, answered ``{"kind": "instead", "first": "fleeting"}`` or ``"first": CARD`` (the card whose
ability it is: the moving object's own, or another's).  ``primitives`` and ``leaving.send`` ask here; this module holds no state of its own.
"""

from __future__ import annotations

from ..core.text import say
from .actions import EXPEDITIONS
from .passives import applies_to, exists, holds, sources

FLEETING = "fleeting"


def instead_sources(state, card_id: str, to: str) -> dict[str, str]:
    """The objects whose "instead" passive would change this object's move to ``to`` now, each with the zone it
    sends it to: its own (an effect without ``to``), and any object's whose ``to`` names it (2.3.1.h: a
    character in play).  None that has stopped existing (its object lost its abilities, 2.3.2.d) or whose
    condition is false."""
    found: dict[str, str] = {}
    mine = [s for s in sources(state) if s.emblem is None and s.part.kind == "instead" and s.part.get("would") == to]
    if not mine:
        return found
    view = state.view()
    for src in mine:
        if src.card in found or not exists(view, src) or not holds(state, view, src):
            continue
        if card_id in (applies_to(state, view, src) if src.part.get("to") is not None else (src.card,)):
            found[src.card] = src.part.get("goes")
    return found


def _applies(state, card_id: str, here: str, to: str, modifier: str) -> str | None:
    if modifier == FLEETING:  # 2.4.6.c: a Fleeting character from the expeditions to the Reserve
        return "discard" if to == "reserve" and here in EXPEDITIONS and card_id in state.fleeting else None
    return instead_sources(state, card_id, to).get(modifier)


def applicable(state, card_id: str, here: str, to: str, used: tuple = ()) -> list[str]:
    """The replacement modifiers not yet applied (6.2.i) that would change this move now: Fleeting, then the
    objects whose "instead" applies, by timestamp."""
    return [m for m in (FLEETING, *instead_sources(state, card_id, to)) if m not in used
            and _applies(state, card_id, here, to, m)]


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


def fate(state, card_id: str, to: str, keys: tuple, first: str | None = None) -> tuple | None:
    """Where a move to ``to`` ends, its clause keys, and whether a Seasoned object keeps its boost counters
    (7.4.4.b: read from the object leaving, a passive's Seasoned too), as things stand now; None when two
    replacements apply and a player must choose which first (6.2.f) - unless ``first`` says it."""
    here = state.loc[card_id][1]
    if first is None and len(applicable(state, card_id, here, to)) > 1:
        return None
    to, keys = replace(state, card_id, here, to, keys, first)
    boosted = here in EXPEDITIONS + ("landmarks",) and state.boosts(card_id) > 0
    return to, keys, boosted and to == "reserve" and state.has(card_id, "seasoned")


def zone_word(zone: str) -> str:
    """A zone as the interface names it (the destination of an "instead")."""
    return {"reserve": say("Reserve"), "hand": say("Hand"), "discard": say("Discard pile"),
            "deck": say("Deck")}.get(zone, zone)
