"""Why not: the options a judge might expect at a decision that the rules forbid, each with its reason.

A decision lists only its legal answers.  A judge asking "can this grade 1
ride on that grade 2?" needs the refusal too, so :func:`refused_options`
builds the answers a person at the table would think of (ride or call each
hand card, attack with each unit, attack each unit, boost with each unit,
guard with each hand card, intercept with each rear-guard, swap each column)
and asks the engine about each: ``apply`` refuses an illegal one
with ``IllegalActionError(reason, citation)`` before changing anything, so a
refusal costs no state copy.

Pure: no Django, no I/O; it imports only this game's engine.
"""

from __future__ import annotations

from ..core.citations import Citation
from ..core.why_not import refused_among, unique
from .actions import REAR_GUARD_CIRCLES, Action
from .rules import apply
from .state import GameState

FIELD_CIRCLES = ("vanguard",) + REAR_GUARD_CIRCLES


def _units(state: GameState, player: int, circles: tuple[str, ...] = FIELD_CIRCLES) -> list[str]:
    return [cid for circle in circles for cid in state.zones[player][circle]]


def candidate_options(state: GameState) -> list[Action]:
    """The answers a judge might expect at the pending decision, legal or not (no duplicates, stable order)."""
    dec = state.pending
    if dec is None or state.outcome:
        return []
    p, kind = dec.player, dec.kind
    opponent = 1 - p
    hand = list(state.zones[p]["hand"])
    out: list[Action] = []
    if kind in ("ride", "main", "stride"):
        out += [Action.make("ride", card=c) for c in hand]
        out += [Action.make("call", card=c, circle=circle) for c in hand for circle in REAR_GUARD_CIRCLES]
        if kind == "main":
            out += [Action.make("move", column=col) for col in ("left", "right")]
            # a unit moved from its circle to any other: within its column it is the legal exchange, sideways,
            # to the vanguard or the guardian circle the engine refuses it citing 6.6.1.2.3 (assumption A11)
            out += [Action.make("move", **{"from": src, "to": dst}) for src in REAR_GUARD_CIRCLES
                    if state.zones[p][src] for dst in FIELD_CIRCLES if dst != src]
    elif kind == "attack":
        out += [Action.make("attack", card=c) for c in _units(state, p)]
    elif kind == "target":
        out += [Action.make("target", card=c) for c in _units(state, opponent)]
    elif kind == "boost":
        out += [Action.make("boost", card=c) for c in _units(state, p, REAR_GUARD_CIRCLES)]
    elif kind == "guard":
        out += [Action.make("guard", card=c) for c in hand]
        out += [Action.make("intercept", card=c) for c in _units(state, p, REAR_GUARD_CIRCLES)]
    return unique(out)


def refused_options(state: GameState) -> list[tuple[Action, str, Citation | None]]:
    """Every expected answer the engine refuses now: (action, reason, citation of the forbidding clause).

    Refusals the engine can only explain generically ("... is not among the legal
    answers") are left out: they tell a judge nothing a missing option does not.
    """
    return refused_among(state, candidate_options(state), apply)
