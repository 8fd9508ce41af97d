"""Revealing the top card of a deck: "reveal the top card of your deck. If that card is a level 1 or higher character,
this card gets +2000 power" (the top check of card text; assumption W45).

The card is shown and stays where it was, the top of its owner's deck (the card's "put it back where it was"); the parts of the effect after it read it through the ``top_of_deck`` condition of their ``if`` (8.3.3), so
a part whose condition the revealed card does not meet does nothing.  The resolver has the shape of those in
effects.py and registers itself in its ``RESOLVERS`` table when this module is imported (rules.py imports it).
"""

from __future__ import annotations

from ..core.text import say
from .effects import RESOLVERS
from .primitives import emit, name, refresh


def _reveal(state, task, answer, part, events):
    player = task["p"]
    deck = state.zones[player]["deck"]
    if not deck:  # an empty deck refreshes before anything else is done (9.2.1), then the new top is revealed
        refresh(state, player, events)
    if not deck or state.outcome:
        return None
    emit(events, "reveal", say("player %(player)s reveals the top card of the deck: %(card)s; it stays there",
                               player=player, card=name(state, deck[0])),
         ("ABILITY_RESOLVES",), player, assumptions=("W45",), card=deck[0])
    return None


RESOLVERS["reveal"] = _reveal
