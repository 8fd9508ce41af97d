"""Why not: the answers a judge might expect at an Altered decision that the rules forbid, each with its reason.

Same shape as the other games' why_not: :func:`candidate_options` builds the
answers a person at the table would think of (play each card of the hand and
the Reserve, into each expedition for a character; each quick action and
support ability of the player's objects) and :func:`refused_options` asks
the engine about each; ``apply`` refuses an illegal one with
``IllegalActionError(reason, citation)`` before changing anything.
"""

from __future__ import annotations

from ..core.citations import Citation
from ..core.why_not import refused_among, unique
from .actions import Action
from .rules import apply
from .state import GameState


def candidate_options(state: GameState) -> list[Action]:
    """The answers a judge might expect at the pending decision, legal or not (no duplicates, stable order)."""
    dec = state.pending
    if dec is None or state.outcome:
        return []
    p = dec.player
    z = state.zones[p]
    out: list[Action] = []
    if dec.kind in ("turn", "expand"):
        for card_id in z["hand"] + z["reserve"]:
            if state.cards[card_id].type == "character":
                out += [Action.make("play", card=card_id, expedition=e) for e in ("hero", "companion")]
            else:
                out.append(Action.make("play", card=card_id))
        for card_id in z["hero"] + z["hero_expedition"] + z["companion_expedition"] + z["landmarks"] + z["reserve"]:
            out += [Action.make("quick", card=card_id, ability=i)
                    for i, a in enumerate(state.cards[card_id].abilities) if a.timing in ("quick", "support")]
    return unique(out)


def refused_options(state: GameState) -> list[tuple[Action, str, Citation | None]]:
    """Every expected answer the engine refuses now: (action, reason, citation of the forbidding clause)."""
    return refused_among(state, candidate_options(state), apply)
