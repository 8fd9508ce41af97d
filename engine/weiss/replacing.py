"""Replacement effects of other things than a character going from the stage to the waiting room (that one, with its
optional form, is leaving.py's: W18, W25): a player's draw or the damage dealt to a player (an action of the game,
8.10.2.2), and a character an effect puts from the stage into the hand, the clock, the stock or the deck (8.2.1.3.1,
8.10.1; assumption W40).

"If you would draw a card, instead ..." and "if damage would be dealt to you, instead ..." belong to the player's
characters on the stage (where their abilities work); the action does not happen at all (8.10.1.1: a damage replaced
reveals no card, so it is neither cancelled nor put into the clock) and the replacement's effects are done instead, as
an ability of its card. When two or more replace the same action, their player chooses the one that applies, once
(8.10.2.2, 8.10.2.3).
"""

from __future__ import annotations

from ..core.agenda import push
from ..core.decisions import Decision
from ..core.text import say
from .actions import Action
from .characteristics import conditions_hold
from .citations import cite
from .primitives import emit, handler, move, name
from .leaving import to_waiting_room

#: a move an effect makes that a character's own replacement effect can replace ("if this card would return to your
#: hand from the stage, put it into your memory instead"), by the effect's kind: the event the ability names
REPLACED_MOVES = {"bounce": "stage_to_hand", "to_clock": "stage_to_clock", "to_stock": "stage_to_stock",
                  "to_deck_bottom": "stage_to_deck_bottom"}
#: the area each of those moves would have put the character in
MOVE_AREAS = {"stage_to_hand": "hand", "stage_to_clock": "clock", "stage_to_stock": "stock",
              "stage_to_deck_bottom": "deck_bottom"}


@handler("replaced_action")
def _replaced_action(state, task, answer, events):
    """8.10.1: the draw or the damage does not happen; the replacement effect's own effects are done instead, by the
    controller of its card; with several, that player chooses the one that applies (8.10.2.2, once: 8.10.2.3)."""
    player, event = task["p"], task["event"]
    options = [tuple(o) for o in task["options"]]
    if len(options) > 1 and answer is None:
        prompt = (say("player %(player)s would draw a card: choose the replacement effect that applies", player=player)
                  if event == "draw" else
                  say("damage would be dealt to player %(player)s: choose the replacement effect that applies",
                      player=player))
        return Decision("replacement", player, prompt, tuple(Action.make("replacement", card=c, ability=i)
                                                             for c, i in options), cite("REPLACEMENT_ORDER_ACTION"))
    card, index = (answer.card, answer.get("ability")) if answer is not None else options[0]
    text = (say("player %(player)s would draw a card: instead %(card)s's replacement effect applies", player=player,
                card=name(state, card)) if event == "draw" else
            say("damage would be dealt to player %(player)s: instead %(card)s's replacement effect applies, and no "
                "damage is dealt", player=player, card=name(state, card)))
    emit(events, "replaced", text, ("REPLACEMENT_APPLIES", "REPLACED_NEVER_HAPPENS", "REPLACEMENT_EFFECT") + (
        ("REPLACEMENT_ORDER_ACTION", "REPLACEMENT_ONCE") if len(options) > 1 else ()), player,
         assumptions=("W40",), card=card, replaced=event)
    if state.cards[card].abilities[index].effects:  # none: the action is only prevented
        push(state, {"t": "effect", "p": player, "card": card, "ability": index, "i": 0, "ctx": {}})
    return None


def replacement_for(state, card_id: str, kind: str):
    """The character's own replacement effect of the move an effect's ``kind`` would make, or None."""
    event = REPLACED_MOVES.get(kind)
    return next((ab for ab in state.cards[card_id].abilities if event and ab.timing == "replace"
                 and ab.replaces == event and conditions_hold(state, ab, card_id)), None)


def moved_instead(state, card_id: str, kind: str, events: list) -> bool:
    """8.10.1: an effect's ``kind`` (bounce, to_clock, ...) would put this character from the stage into an area its
    own replacement effect names: it goes where that effect says instead; True then (a card has one at most per
    move, abilities.py). Into the waiting room instead, it goes there as any character does (its encores, 10.2)."""
    found = replacement_for(state, card_id, kind)
    if found is None:
        return False
    event, area, owner = found.replaces, found.instead, state.loc[card_id][0]
    emit(events, "replaced", say("%(card)s would go from the stage to the %(value)s: instead it goes to the %(value2)s "
                                 "(replacement effect)", card=name(state, card_id),
                                 value=MOVE_AREAS[event].replace("_", " "), value2=area.replace("_", " ")),
         ("REPLACEMENT_APPLIES", "REPLACED_NEVER_HAPPENS", "REPLACEMENT_EFFECT"), owner, assumptions=("W40",),
         card=card_id, instead="deck" if area == "deck_bottom" else area,
         replaced="deck" if event == "stage_to_deck_bottom" else MOVE_AREAS[event])
    if area == "waiting_room":
        to_waiting_room(state, card_id, events)
    else:
        move(state, card_id, "deck" if area == "deck_bottom" else area, top=area == "stock", events=events)
    return True
