"""The attack declaration's choices (7.2.1.3-7.2.1.4): which characters may attack, and how.

Kept apart from the attack steps (attack.py) so that the refusals read the same rules the decision offers:
bodyguard's forced front attack (10.6.2), the first turn's single attack (7.2.1.3.1), and the attacks a CONT
effect forbids ("this card cannot side attack", "this card cannot be attacked": the effect that stops an action wins,
1.3.3).
"""

from __future__ import annotations

from .actions import CENTER_STAGE, Action
from .characteristics import forbidden_attacks
from .state import GameState


def bodyguard(state: GameState, player: int) -> str | None:
    """10.6.2: ``player``'s character with bodyguard in the center middle position, not reversed, if any."""
    c = state.at(player, "center_middle")
    if c is None or c in state.reversed or not any(ab.timing == "bodyguard" for ab in state.cards[c].abilities):
        return None
    return c


def attack_types(state: GameState, card_id: str) -> tuple[str, ...]:
    """The attack types the rules allow this standing center stage character (7.2.1.4), before any 'cannot'."""
    if bodyguard(state, 1 - state.loc[card_id][0]) is not None:  # 10.6.2: a front attack against it (W15)
        return ("front",)
    return ("direct",) if state.opposite(card_id) is None else ("front", "side")


def protected_from(state: GameState, card_id: str) -> set[str]:
    """The attack types this character cannot make because of the character it would attack: one that "cannot be
    attacked" (7.2.1.3) takes neither a front nor a side attack, one that "cannot be front / side attacked" not that
    one; the effect that stops the attack wins over the rules allowing it (1.3.3)."""
    guard = bodyguard(state, 1 - state.loc[card_id][0])
    front, side = guard if guard is not None else state.opposite(card_id), state.opposite(card_id)
    out = set()
    if front is not None and forbidden_attacks(state, front) & {"be_attacked", "be_front_attacked"}:
        out.add("front")
    if side is not None and forbidden_attacks(state, side) & {"be_attacked", "be_side_attacked"}:
        out.add("side")
    return out


def forbidden(state: GameState, card_id: str) -> set[str]:
    """Every attack type a CONT effect forbids this character: its own "cannot side attack" and the attacked
    character's "cannot be attacked" (1.3.3)."""
    return forbidden_attacks(state, card_id) | protected_from(state, card_id)


def attack_options(state: GameState) -> list[Action]:
    p = state.turn_player
    opts = []
    for slot in CENTER_STAGE:
        c = state.at(p, slot)
        if c is None or c in state.rested or c in state.reversed:
            continue
        cannot = forbidden(state, c)
        opts.extend(Action.make("attack", card=c, type=t) for t in attack_types(state, c) if t not in cannot)
    return opts


def first_turn_blocked(state: GameState) -> bool:
    """7.2.1.3.1: on the first player's first turn only one attack sub-phase."""
    return state.turn == 1 and state.turn_player == state.first_player and state.attacks_this_turn >= 1
