"""12.1: a loop nobody can stop ends the game in a draw (12.1.1.1; assumption A39).

The procedure is deterministic: the same position with the same procedure still
to come leads to the same future, unless a player answers differently. So when
the position a stand-by ability is about to be played from comes back and no
player has had, since it was last there, a choice that could stop the loop (a
decision offering a pass: an optional ability, a play timing), the loop repeats
for ever whatever is answered, and nobody can stop it. The positions met are
kept in the state (``loop_watch``) and forgotten at every such choice, so a loop
a player keeps going by choosing to is his to stop (12.1.1.2), never ended here.

A position is compared without the time stamps, the stand-by numbers and the
continuous effects: an effect the loop piles up (+1000 power each time) does not
make the position new, since it is done the number of times the loop is played
and changes nothing of what comes next (12.1.1.4); the turn's counts (units called,
cards put into the soul) only up to the largest number a condition of the game reads.
"""

from __future__ import annotations

import hashlib
import json

from ..core.text import say
from .primitives import emit
from .state import GameState

# what a position is compared without: the clock and time stamps, the effects a loop may pile up, the watch itself
_IGNORED = ("cards", "clock", "modifiers", "placed_at", "loop_watch", "pending", "turn_counts")
#: the conditions that read the turn's counts (calls, cards put into the soul)
_COUNTED = ("calls_this_turn", "soul_in_this_turn")


def _capped_counts(state: GameState) -> list:
    """This turn's counts as far as an ability can tell them apart: a loop adds to them each time round, but past
    the largest number a condition of the game names, a larger count changes nothing of what comes next."""
    limit = max((c.get(k, 0) for card in state.cards.values() for ab in card.abilities for c in ab.conditions
                 if c.kind in _COUNTED for k in ("min", "max")), default=-1) + 1
    return [min(n, limit) for n in state.calls_this_turn + state.soul_in_this_turn]


def fingerprint(state: GameState) -> str:
    """The position as a loop compares it (see the module docstring)."""
    # the parts of the canonical JSON that say where the cards are and how the game stands (not the card list)
    data = {"players": [state.player_zones_json(p) for p in range(len(state.zones))],
            "damage": list(state.vanguard_damage), "status": {k: sorted(getattr(state, k)) for k in state.STATUS},
            "position": [getattr(state, k) for k in state.POSITION], "rng": state.rng, "outcome": state.outcome,
            "counts": _capped_counts(state),
            **{k: v for k, v in state.game_json().items() if k not in _IGNORED}}
    data["standby"] = [[s["card"], s["ability"], s["player"], s.get("ctx")] for s in state.standby]
    data["agenda"] = [{k: v for k, v in task.items() if k != "id"} for task in state.agenda]
    text = json.dumps(data, sort_keys=True, default=str)
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


def loop_closed(state: GameState, events: list) -> bool:
    """Note the position a stand-by ability is about to be played from; if it has come back with no choice that
    could stop it, end the game in a draw (12.1.1.1) and say so."""
    mark = fingerprint(state)
    if mark not in state.loop_watch:
        state.loop_watch.append(mark)
        return False
    state.loop_watch = []
    state.outcome = {"winner": None, "draw": True, "losers": [], "reason": "LOOP_NOBODY_CAN_STOP"}
    emit(events, "draw_game",
         say("the same position has come back with no choice that could stop it: an infinite loop nobody can stop, "
             "so the game ends in a draw"),
         ("LOOP_NOBODY_CAN_STOP", "LOOP", "LOOP_RECOGNISED"), None, assumptions=("A39",))
    return True


def note_decision(state: GameState) -> None:
    """A player is asked something: a choice that offers a pass can stop any loop, so the watch starts again."""
    if state.loop_watch and state.pending is not None and any(o.kind == "pass" for o in state.pending.options):
        state.loop_watch = []
