"""Declaring a card name: "Dichiarare" / "To declare" (10.23.1-10.23.2).

"Declare a card name" is an effect of an ability; its player names one card, and 10.23.2 asks that the name be of a
card that exists, identified without doubt: the engine offers the names of the cards of the game. The effects of the
same ability that come after it read the name declared (``name_declared``: "a card with the declared name"), so the
name is written into those effects' context as it is declared; nothing else keeps it (assumption A54).
"""
from __future__ import annotations

from ..core.decisions import Decision
from ..core.text import say
from .actions import Action
from .citations import cite
from .primitives import emit
from .state import GameState


def declare_name(state: GameState, task: dict, answer, events: list) -> Decision | None:
    """10.23.1: the player names a card (the names of the game's cards, 10.23.2); the ability's effects after this
    one get it in their context."""
    player = task["p"]
    if answer is None:
        names = sorted({card.name for card in state.cards.values()})
        return Decision("declare", player, say("declare a card name"),
                        tuple(Action.make("declare", name=n) for n in names), cite("DECLARE"))
    declared = answer.get("name")
    emit(events, "name_declared", say("player %(player)s declares the card name “%(name)s”", player=player,
                                      name=declared), ("DECLARE", "DECLARE_EXISTING"), player, assumptions=("A54",), name=declared)
    for i in range(len(state.agenda) - 1, -1, -1):  # the same ability's effects still to come (they are on top)
        later = state.agenda[i]
        if later.get("t") != "effect" or later.get("src") != task["src"]:
            break
        state.agenda[i] = {**later, "ctx": {**later.get("ctx", {}), "declared": declared}}
    return None


def with_declared_name(part: dict, ctx: dict) -> dict:
    """The part with the name it asks for: the one declared before it in the same ability (none declared: a name
    no card has, so nothing matches)."""
    if not part.get("name_declared"):
        return part
    return {**part, "name": ctx.get("declared", "")}
