"""Explaining refusals: why an answer is not legal now, as (reason, citation key)."""

from __future__ import annotations

from .actions import Action
from .battle import attacker_problem
from .characteristics import grade_of_vanguard
from .keywords import g_guardian_blocker, stride_blocker
from .phases import act_usable
from .state import COLUMNS, GameState


ANSWER_KINDS = {
    "main": ("call", "move", "act", "pass"),
    "ride": ("ride", "pass"),
    "stride": ("stride", "pass"),
    "guard": ("guard", "intercept", "g_guard", "pass"),
    "attack": ("attack", "pass"),
    "target": ("target",),
    "boost": ("boost", "pass"),
}


def explain(state: GameState, action: Action) -> tuple[str, str]:
    """Why ``action`` is not legal now: (reason, registry key).

    Long on purpose: one ordered list of checks where the first that matches
    gives the reason, so the most specific clause wins; split into pieces the
    priority order would no longer be readable in one place.
    """
    decision = state.pending
    if decision is None:
        return "no decision is pending: call advance() to run the game to the next decision", "PLAY_TIMING"
    kinds = {o.kind for o in decision.options}
    answer_kind = action.kind
    card = state.cards.get(action.card) if action.card else None
    if action.card and card is None:
        return f"unknown card {action.card!r}", "PLAY_TIMING"
    if answer_kind == "attack" and decision.kind != "attack":
        if state.turn == 1:
            return "the first player cannot attack on the first turn of the game", "FIRST_TURN_NO_ATTACK"
        return "attacks are declared only in the start step of the battle phase", "START_STEP_CHOICE"
    if answer_kind == "stride":
        blocker = stride_blocker(state, state.turn_player)
        if blocker:
            return blocker
        if decision.kind != "stride":
            return "a normal stride is performed only in the stride step of the ride phase", "STRIDE_STEP"
    if answer_kind == "call" and decision.kind == "ride":
        return "during the ride step a card can only be played to the vanguard circle", "RIDE_ONLY_VANGUARD_CIRCLE"
    in_hand = card is not None and state.loc[action.card] == (state.turn_player, "hand")
    if answer_kind == "ride" and decision.kind != "ride" and in_hand:
        g = grade_of_vanguard(state, state.turn_player)
        if card.grade not in (g, g + 1):
            return (f"grade {card.grade} cannot be normal-ridden on grade {g} (same grade or one higher only)",
                    "RIDE_GRADE")
    if answer_kind == "ride" and decision.kind == "main":
        if state.rode_this_turn:
            return "a normal ride can be performed only once per turn", "RIDE_ONCE_PER_TURN"
        return "during the main phase a card can only be played to a rear-guard circle", "MAIN_ONLY_REAR_GUARD"
    if answer_kind == "ride" and state.rode_this_turn:
        return "a normal ride can be performed only once per turn", "RIDE_ONCE_PER_TURN"
    if answer_kind == "guard" and decision.kind != "guard":
        if state.battle and state.pending.player == state.turn_player:
            return "only the non-turn player can call guardians", "GUARD_CALL"
        return "guardians can be called only in the guard step, before the drive step", "GUARD_CALL"
    if answer_kind == "g_guard":
        if decision.kind != "guard":
            return "a G guardian is called only by the non-turn player in the guard step", "GUARD_G_GUARDIAN"
        return (g_guardian_blocker(state, decision.player, action.card) or g_guardian_blocker(state, decision.player)
                or (f"{action} is not among the legal answers", "GUARD_G_GUARDIAN"))
    if answer_kind == "stride" and card is not None and card.g_guardian is not None:
        return f"{card.name} is a G guardian: it has no stride ability", "STRIDE_STEP"
    if answer_kind == "boost" and card is not None and not card.has("boost"):
        return f"{card.name} does not have boost", "KW_BOOST"
    if answer_kind == "intercept" and card is not None and not card.has("intercept"):
        return f"{card.name} does not have intercept", "KW_INTERCEPT"
    if answer_kind == "attack" and card is not None and decision.kind == "attack":
        problem = attacker_problem(state, action.card)
        if problem:
            return problem
    if answer_kind == "guard" and card is not None and card.owner != decision.player:
        return "only the non-turn player can call guardians", "GUARD_CALL"
    if answer_kind not in kinds and answer_kind not in ANSWER_KINDS.get(decision.kind, ()):
        return (f"{answer_kind} is not a legal answer to the pending {decision.kind} decision of player "
                f"{decision.player}", "PLAY_TIMING")
    player = decision.player
    if answer_kind == "call" and decision.kind == "main" and any(
            c in state.locked for c in state.zones[player][action.get("circle")]):
        return "a circle with a locked card is a lock circle, not a rear-guard circle", "LOCKED_CIRCLE"
    if answer_kind in ("ride", "call", "guard") and decision.kind in ("ride", "main", "guard"):
        if state.loc[action.card] != (player, "hand"):
            return f"{card.name} is not in player {player}'s hand", "PLAY_TIMING"
        g = grade_of_vanguard(state, player)
        if answer_kind == "ride":
            return (f"grade {card.grade} cannot be normal-ridden on grade {g} (same grade or one higher only)",
                    "RIDE_GRADE")
        return f"grade {card.grade} cannot be normal-called with a grade {g} vanguard", "CALL_GRADE"
    if answer_kind == "attack":
        problem = attacker_problem(state, action.card)
        if problem:
            return problem
    if answer_kind == "target" and state.is_legion_mate(action.card):
        return (f"{card.name} is a Legion Mate: a legion is attacked through its Legion Leader (Playbook Q22)",
                "LEGION_TARGET_NOT_MATE")
    if answer_kind == "target":
        return (f"{card.name} is not an opponent's unit on the vanguard circle or a front-row rear-guard circle",
                "CHOOSE_TARGET")
    if answer_kind == "boost":
        if not card.has("boost"):
            return f"{card.name} does not have boost", "KW_BOOST"
        if card.id in state.rested:
            return f"{card.name} is resting and cannot be rested to boost", "BOOST"
        return f"{card.name} is not in the back circle of the attacking unit's column", "BOOST"
    if answer_kind == "intercept":
        if not card.has("intercept"):
            return f"{card.name} does not have intercept", "KW_INTERCEPT"
        return f"{card.name} is not on a front rear-guard circle, or is the attacked unit", "GUARD_INTERCEPT"
    if answer_kind == "act":
        ok, reason, key = act_usable(state, action.card, action.get("ability", 0))
        if not ok:
            return reason, key
    if answer_kind in ("move", "call"):
        circles = COLUMNS[action.get("column")] if answer_kind == "move" else (action.get("circle"),)
        locked_circle = any(c in state.locked for circ in circles for c in state.zones[player][circ])
    else:
        locked_circle = False
    if locked_circle:
        return "a circle with a locked card is a lock circle, not a rear-guard circle", "LOCKED_CIRCLE"
    if answer_kind == "move":
        return "there is no card in that column to move", "MAIN_MOVE_COLUMN"
    if answer_kind == "choose" and card is not None and card.has("resist") and card.owner != player:
        return f"{card.name} has resist and cannot be chosen by the opponent's effects", "KW_RESIST"
    return f"{action} is not among the legal answers to the pending {decision.kind} decision", "PLAY_TIMING"
