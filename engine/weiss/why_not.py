"""Why not: the answers a judge might expect at a Weiss Schwarz decision that the rules forbid, each with its reason.

Same shape as engine/vanguard/why_not.py.  A decision lists only its legal
answers; a judge asking "can this level 2 character be played now?" or "why
can this character not make a front attack?" needs the refusal too, so
:func:`candidate_options` builds the answers a person at the table would
think of (play each hand card, to each stage position for a character;
attack with each character on the center stage, each attack type; counter or
back up with each hand card; put a card into the clock) and
:func:`refused_options` asks the engine about each: ``apply`` refuses an
illegal one with ``IllegalActionError(reason, citation)`` before changing
anything.

Pure: no Django, no I/O; it imports only this game's engine.
"""

from __future__ import annotations

from ..core.citations import Citation
from ..core.why_not import refused_among, unique
from .actions import ATTACK_TYPES, CENTER_STAGE, SLOTS, Action
from .rules import apply
from .state import GameState


def _play_options(state: GameState, player: int) -> list[Action]:
    out: list[Action] = []
    for cid in state.zones[player]["hand"]:
        if state.cards[cid].is_character:
            out += [Action.make("play", card=cid, slot=slot) for slot in SLOTS]
        else:
            out.append(Action.make("play", card=cid))
    return out


def candidate_options(state: GameState) -> list[Action]:
    """The answers a judge might expect at the pending decision, legal or not (no duplicates, stable order)."""
    dec = state.pending
    if dec is None or state.outcome:
        return []
    p, kind = dec.player, dec.kind
    hand = list(state.zones[p]["hand"])
    out: list[Action] = []
    if kind in ("main", "climax"):
        out += _play_options(state, p)
    elif kind == "attack":
        out += [Action.make("attack", card=c, type=t) for c in state.characters(p, CENTER_STAGE) for t in ATTACK_TYPES]
    elif kind == "counter":
        out += [Action.make("counter", card=c) for c in hand]
        out += [Action.make("backup", card=c) for c in hand if state.cards[c].counter]
    elif kind == "clock":
        out += [Action.make("clock", card=c) for c in hand]
    return unique(out)


def refused_options(state: GameState) -> list[tuple[Action, str, Citation | None]]:
    """Every expected answer the engine refuses now: (action, reason, citation of the forbidding clause).

    Refusals the engine can only explain generically ("... is not among the legal
    answers") are left out: they tell a judge nothing a missing option does not.
    """
    return refused_among(state, candidate_options(state), apply)
