"""11.1: an infinite repetition nobody can stop ends the game in a draw (11.1.1.1; assumption W38).

The procedure is deterministic: the same position with the same procedure still to come leads to the same future,
unless a player answers differently. So when the position a stand-by automatic ability is about to be played from
keeps coming back and no player has had, since it was first there, a choice that could stop the repetition (a
decision offering a pass: an optional ability, an optional cost, a play timing), the repetition goes on whatever is
answered, and nobody can stop it: whichever abilities make it, one player's or both players', situation triggers
(8.7.6.1) or any other. The positions met are kept in the state (``repeating``) and forgotten at every such choice,
so a repetition a player keeps going by choosing to is that player's to stop (11.1.1.2; both players' when each has
such a choice, 11.1.1.3), never ended here.

When the very same position comes back (the effects in force too, but not their time stamps), the repetition is
known to be endless at once. A position compared without the continuous effects comes back too when the repetition
piles an effect up (+1000 power each time): such an effect could change what comes next only after many rounds (a power
falling to 0), so that repetition is taken to be endless once the position has come back ``ENDLESS_AFTER`` times,
more than any finite run of the game's cards needs (W38).
"""

from __future__ import annotations

import hashlib
import json

from ..core.text import say
from .primitives import emit
from .state import GameState

#: how many times the same position may come back with no choice that could stop it before it is taken to be endless
ENDLESS_AFTER = 100
#: at most this many positions are remembered between two choices (a long forced sequence that never repeats)
REMEMBERED = 2000


def fingerprint(state: GameState) -> tuple[str, str]:
    """The position as a repetition compares it (see the module docstring): where every card is and how it stands,
    where the game is, the abilities on stand-by and the procedure to come; then the same with the effects in force
    in their order, without their time stamps (the exact comparison)."""
    data = {"zones": state.zones, "status": [sorted(state.rested), sorted(state.reversed), sorted(state.face_down)],
            "points": state.refresh_points, "position": [state.turn, state.turn_player, state.phase, state.step],
            "attack": state.attack, "attacks": state.attacks_this_turn, "climax": state.climax_played,
            "shots": state.shots, "delayed": state.delayed, "situations": state.situations, "rng": state.rng,
            "standby": [[s["card"], s["ability"], s["player"], s.get("ctx")] for s in state.standby],
            "agenda": [{k: v for k, v in task.items() if k != "id"} for task in state.agenda]}
    text = json.dumps(data, sort_keys=True, default=str)
    effects = json.dumps([[m.card, m.stat, m.amount, m.duration, m.source] for m in state.modifiers], default=str)
    coarse = hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]
    return coarse, hashlib.sha1((coarse + effects).encode("utf-8")).hexdigest()[:16]


def endless(state: GameState, events: list) -> bool:
    """Note the position a stand-by ability is about to be played from; when it has come back with no choice that
    could stop it (the very same position once, the same one but for the effects in force ``ENDLESS_AFTER`` times),
    end the game in a draw (11.1.1.1) and say so; True then."""
    seen = dict(state.repeating or {})
    if len(seen) >= REMEMBERED:
        seen = {}
    coarse, exact = fingerprint(state)
    exact = "=" + exact
    again = exact in seen
    seen[exact] = 1
    seen[coarse] = seen.get(coarse, 0) + 1
    state.repeating = seen
    if not again and seen[coarse] < ENDLESS_AFTER:
        return False
    state.repeating = None
    state.outcome = {"winner": None, "draw": True, "losers": [], "reason": "INFINITE_LOOP_DRAW"}
    emit(events, "game_over", say("the same position has come back, with every card in the same areas, and no player "
                                  "could stop the repetition: it is infinite, so the game ends in a draw"),
         ("INFINITE_LOOP_DRAW", "INFINITE_LOOP"), None, assumptions=("W38",))
    return True


def choice_made(state: GameState) -> None:
    """A player is asked something: a choice that offers a pass can stop any repetition, so the count starts again."""
    if state.repeating and state.pending is not None and any(o.kind == "pass" for o in state.pending.options):
        state.repeating = None
