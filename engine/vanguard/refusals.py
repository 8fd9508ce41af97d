"""Explaining refusals: why an answer is not legal now, as (reason, citation key or keys).

The reason describes the situation of the player who acts (the owner of the
card named, else the player whose decision is pending), not whose decision
happens to be pending: a guardian called after the guard step is refused
because the guard step is over, even while the turn player is choosing a
boost.  The first key is the governing clause; further keys are the clauses
the refusal rests on.
"""

from __future__ import annotations

from ..core.text import say
from .actions import REAR_GUARD_CIRCLES, Action
from .battle import attacker_problem, boost_problem, target_problem
from .characteristics import grade_of_vanguard, guard_barred_grade, has_keyword, keyword_taken
from .citations import ALL_CLAUSES
from .keywords import g_guardian_blocker, stride_blocker
from .phases import act_usable
from .state import COLUMNS, GameState

Reason = tuple[str, "str | tuple[str, ...]"]
# clause number -> its registry key, to cite the clause a decision was asked under
KEY_OF = {ref.citation.number: key for key, ref in reversed(list(ALL_CLAUSES.items()))}


def decision_key(decision) -> str:
    """The registry key of the clause the decision cites (the general play-timing clause when it cites none)."""
    return KEY_OF.get(decision.citation.number, "PLAY_TIMING") if decision.citation else "PLAY_TIMING"

BATTLE_STEPS_AFTER_GUARD = ("drive", "damage", "close")


def explain(state: GameState, action: Action) -> Reason:
    """Why ``action`` is not legal now: (reason, registry key or keys), the most specific clause first."""
    card = state.cards.get(action.card) if action.card else None
    if action.card and card is None:
        return f"unknown card {action.card!r}", "PLAY_TIMING"
    for arg in ("target", "boost"):
        if action.get(arg) is not None and action.get(arg) not in state.cards:
            return f"unknown card {action.get(arg)!r}", "PLAY_TIMING"
    decision = state.pending
    chooser = decision.player if decision else state.turn_player
    actor = card.owner if card is not None and action.kind not in ("target", "choose") else chooser
    kind = decision.kind if decision else None
    for explain_kind in (_attack, _boost, _guard, _call, _ride, _stride, _move, _choose, _other):
        reason = explain_kind(state, action, actor, kind)
        if reason:
            return reason
    if decision is None:
        return say("no choice is offered at this point: the procedure goes on without one"), "PLAY_TIMING"
    # no rule names this answer: the clause that asks the pending decision says what may be answered
    return say("%(action)s is not among the legal answers to the pending %(kind)s decision", action=action, kind=kind), decision_key(decision)


def _attack(state: GameState, action: Action, actor: int, kind: str | None) -> Reason | None:
    if action.kind not in ("attack", "target"):
        return None
    if action.kind == "attack" and state.turn == 1:
        return say("the first player cannot attack on the first turn of the game (assumption A14)"), "FIRST_TURN_NO_ATTACK"
    if actor != state.turn_player:
        return say("only the turn player's units attack"), "CHOOSE_ATTACKER"
    if action.kind == "target":
        if kind != "target":
            return say("the unit to attack is chosen in the attack step, right after the attacking unit"), "CHOOSE_TARGET"
        return target_problem(state, action.card)
    if kind != "attack":
        return say("attacks are declared only in the start step of the battle phase"), "START_STEP_CHOICE"
    problem = attacker_problem(state, action.card)
    if problem is None and action.get("target"):
        problem = target_problem(state, action.get("target"))
    if problem is None and action.get("boost"):
        problem = boost_problem(state, action.card, action.get("boost"))
    return problem


def _boost(state: GameState, action: Action, actor: int, kind: str | None) -> Reason | None:
    if action.kind != "boost":
        return None
    b = state.battle
    if actor != state.turn_player:
        return say("only the attacking player's unit behind the attacking unit can boost"), "BOOST"
    if not has_keyword(state, action.card, "boost"):
        if keyword_taken(state, action.card, "boost"):  # printed or given, taken away by an effect (IT 10.22.2)
            return say("%(card)s has lost boost by an effect", card=state.cards[action.card].name), ("LOSE_ABILITY", "KW_BOOST")
        return say("%(card)s does not have boost (assumption A5)", card=state.cards[action.card].name), "KW_BOOST"
    if b is None:
        return say("a boost is declared only in a battle's attack step, after the unit to attack is chosen"), "BOOST"
    if b.get("booster"):
        return say("the attacking unit has already been boosted in this battle"), "BOOST"
    if kind != "boost":
        if state.step in ("guard",) + BATTLE_STEPS_AFTER_GUARD:
            return say("the attack step is over (this is the %(step)s step): a boost is declared in it", step=state.step), "BOOST"
        return say("a boost is declared after the unit to attack is chosen"), "BOOST"
    return boost_problem(state, b["attacker"], action.card)


def _guard(state: GameState, action: Action, actor: int, kind: str | None) -> Reason | None:
    if action.kind not in ("guard", "intercept", "g_guard"):
        return None
    card = state.cards[action.card]
    if actor == state.turn_player:
        return say("only the non-turn player calls guardians, intercepts or calls G guardians"), "GUARD_CALL"
    b = state.battle
    if kind != "guard":
        if state.phase != "battle":
            return (say("a card is normal-called only in the main phase (by the turn player) or in the guard step"),
                    ("NORMAL_CALL_TIMING", "GUARD_CALL"))
        if b is None:
            return (say("no unit is being attacked: guardians are called in a battle's guard step, to guard an attacked unit"), ("GUARD_CALL", "NORMAL_CALL_TIMING"))
        if state.step in BATTLE_STEPS_AFTER_GUARD:
            return (say("the guard step is over: player %(actor)s passed and the battle is in its %(step)s step", actor=actor, step=state.step),
                    ("GUARD_PASS", "NORMAL_CALL_TIMING"))
        if state.step == "guard":
            return (say("guardians are called when the guard step gives the non-turn player a play timing, after the pending choice"), "GUARD_CALL")
        return say("the guard step has not begun: guardians are called in it, after the attack step"), (
            "GUARD_CALL", "NORMAL_CALL_TIMING")
    if action.kind == "g_guard":
        return (g_guardian_blocker(state, actor, action.card) or g_guardian_blocker(state, actor)
                or (f"{action} is not among the legal answers", "GUARD_G_GUARDIAN"))
    if action.kind == "intercept":
        if not has_keyword(state, action.card, "intercept"):
            if keyword_taken(state, action.card, "intercept"):  # printed or given, taken away by an effect (IT 10.22.2)
                return say("%(card)s has lost intercept by an effect", card=card.name), ("LOSE_ABILITY", "KW_INTERCEPT")
            return say("%(card)s does not have intercept (assumption A6)", card=card.name), "KW_INTERCEPT"
        if action.card in state.locked:
            return say("a locked card is not a unit and cannot intercept"), ("UNITS_NOT_LOCKED", "GUARD_INTERCEPT")
        return say("%(card)s is not on a front rear-guard circle, or is the attacked unit", card=card.name), "GUARD_INTERCEPT"
    barred = guard_barred_grade(state, b["attacker"])
    if (state.loc[action.card] == (actor, "hand") and barred is not None and card.grade >= barred
            and card.grade <= grade_of_vanguard(state, actor)):
        return (say("an effect says the attacking unit cannot be guarded by grade %(grade)s or greater cards from the hand",
                    grade=barred), ("EFFECT_PREVENTS", "GUARD_CALL"))
    return _normal_call_problem(state, action.card, actor, "GUARD_CALL")


def _normal_call_problem(state: GameState, card_id: str, actor: int, hand_key: str) -> Reason:
    """A normal call of a card: it must be in the actor's hand (``hand_key``), of a grade the vanguard allows."""
    card = state.cards[card_id]
    if state.loc[card_id] != (actor, "hand"):
        return say("%(card)s is not in player %(actor)s's hand", card=card.name, actor=actor), hand_key
    g = grade_of_vanguard(state, actor)
    return say("grade %(grade)s cannot be normal-called with a grade %(vanguard_grade)s vanguard", grade=card.grade, vanguard_grade=g), "CALL_GRADE"


def _call(state: GameState, action: Action, actor: int, kind: str | None) -> Reason | None:
    if action.kind != "call":
        return None
    if kind == "ride":
        return say("during the ride step a card can only be played to the vanguard circle"), "RIDE_ONLY_VANGUARD_CIRCLE"
    if kind in ("stride", "stride_cost") and actor == state.turn_player:
        # the stride step has its own rule, more specific than the general timing of a normal call
        return say("during the stride step a card can only be played to the vanguard circle"), "STRIDE_ONLY_VANGUARD_CIRCLE"
    if kind == "guard" and actor != state.turn_player:
        return (say("in the guard step a card from the hand is called only to the guardian circle (answer guard)"),
                "GUARD_ONLY_GUARDIAN_CIRCLE")
    if kind in ("call", "forerunner"):
        return None  # an effect's call: the generic answer below
    if kind != "main":
        return say("a card is normal-called only in the main phase or the guard step"), "NORMAL_CALL_TIMING"
    if actor != state.turn_player:
        return say("only the turn player calls in the main phase"), "MAIN_NORMAL_CALL"
    if action.get("circle") not in REAR_GUARD_CIRCLES:
        return say("during the main phase a card can only be played to a rear-guard circle"), "MAIN_ONLY_REAR_GUARD"
    if any(c in state.locked for c in state.zones[actor][action.get("circle")]):
        return say("a circle with a locked card is a lock circle, not a rear-guard circle"), "LOCKED_CIRCLE"
    return _normal_call_problem(state, action.card, actor, "MAIN_NORMAL_CALL")


def _ride(state: GameState, action: Action, actor: int, kind: str | None) -> Reason | None:
    if action.kind != "ride":
        return None
    card = state.cards[action.card]
    g = grade_of_vanguard(state, actor)
    in_hand = state.loc[action.card] == (actor, "hand")
    if in_hand and card.grade not in (g, g + 1):
        return say("grade %(grade)s cannot be normal-ridden on grade %(vanguard_grade)s (same grade or one higher only)", grade=card.grade, vanguard_grade=g), "RIDE_GRADE"
    if state.rode_this_turn:
        return say("a normal ride can be performed only once per turn"), "RIDE_ONCE_PER_TURN"
    if kind == "main":
        return say("during the main phase a card can only be played to a rear-guard circle"), "MAIN_ONLY_REAR_GUARD"
    if not in_hand:
        return say("%(card)s is not in player %(actor)s's hand", card=card.name, actor=actor), "RIDE_ONCE_PER_TURN"
    if kind != "ride":
        return say("a normal ride is performed only in the ride step of the ride phase"), "RIDE_ONCE_PER_TURN"
    return None


def _stride(state: GameState, action: Action, actor: int, kind: str | None) -> Reason | None:
    if action.kind != "stride":
        return None
    card = state.cards[action.card]
    blocker = stride_blocker(state, state.turn_player)
    if blocker:
        return blocker
    if card.g_guardian is not None:
        return say("%(card)s is a G guardian: it has no stride ability", card=card.name), "STRIDE_STEP"
    if kind != "stride":
        return say("a normal stride is performed only in the stride step of the ride phase"), "STRIDE_STEP"
    return None


def _move(state: GameState, action: Action, actor: int, kind: str | None) -> Reason | None:
    if action.kind != "move":
        return None
    if kind != "main":
        return say("the turn player moves cards only in the main phase"), "MAIN_MOVE_COLUMN"
    if action.get("column"):
        circles = COLUMNS[action.get("column")]
    else:
        circles = (action.get("from"), action.get("to"))
        if "vanguard" in circles:
            return (say("the vanguard is not moved: only the cards of a column's two rear-guard circles are exchanged (assumption A11)"), "MAIN_MOVE_COLUMN")
        if "guardian" in circles or circles[0] == circles[1] or not any(
                set(circles) == set(c) for c in COLUMNS.values()):
            return (say("a card moves only within its column, between its front and back rear-guard circles; not sideways or to the guardian circle (assumption A11)"), "MAIN_MOVE_COLUMN")
    if any(c in state.locked for circ in circles for c in state.zones[actor][circ]):
        return say("a circle with a locked card is a lock circle, not a rear-guard circle"), "LOCKED_CIRCLE"
    if action.get("from") and not state.zones[actor][action.get("from")]:
        return say("there is no card on %(circle)s to move", circle=action.get('from')), "MAIN_MOVE_COLUMN"
    return say("there is no card in that column to move"), "MAIN_MOVE_COLUMN"


def _choose(state: GameState, action: Action, actor: int, kind: str | None) -> Reason | None:
    if action.kind != "choose":
        return None
    card = state.cards[action.card]
    chooser = state.pending.player if state.pending else state.turn_player
    top = state.agenda[-1] if state.agenda else {}
    controller = top["p"] if top.get("t") == "effect" else chooser  # whose effect says "choose" (11.5.1; A49)
    if has_keyword(state, action.card, "resist") and card.owner != controller:
        return say("%(card)s has resist and cannot be chosen by the opponent's effects", card=card.name), "KW_RESIST"
    if state.loc[action.card] == (chooser, "damage") and _failed_heal(state, chooser):
        mine, theirs = len(state.zones[chooser]["damage"]), len(state.zones[1 - chooser]["damage"])
        return (say("the heal trigger heals only if your damage zone holds at least as many cards as your opponent's (%(mine)s vs %(theirs)s): no damage card is chosen", mine=mine, theirs=theirs), "TRIGGER_HEAL")
    return None


def _failed_heal(state: GameState, player: int) -> bool:
    """A heal trigger of ``player`` is being resolved (in the trigger zone) and its condition fails."""
    heal = any(state.cards[c].trigger == "heal" for c in state.zones[player]["trigger"])
    mine, theirs = len(state.zones[player]["damage"]), len(state.zones[1 - player]["damage"])
    return heal and (mine < theirs or mine == 0)


def _other(state: GameState, action: Action, actor: int, kind: str | None) -> Reason | None:
    if action.kind == "act":
        if state.phase != "main" or actor != state.turn_player:
            # 6.6.1.2.2 gives ACT abilities to the turn player's main phase only (Playbook: "Non puoi usare
            # questa abilità al di fuori della fase principale"); no other play timing lets them be played
            return say("ACT abilities are played only by the turn player, in the main phase"), "MAIN_ACT"
        ok, reason, key = act_usable(state, action.card, action.get("ability", 0))
        return None if ok else (reason, key)
    if action.kind == "declare":  # 10.23.2: the name of a card that exists; only when an effect asks for one
        if kind != "declare":
            return say("a card name is declared only when an effect says to declare one"), "DECLARE"
        return (say("no card is named “%(name)s”: a declared name must be the name of an existing card",
                    name=str(action.get("name"))[:60]), "DECLARE_EXISTING")
    if action.kind == "choose_cards" and kind == "stride_cost":
        total = sum(state.cards[c].grade for c in action.get("cards") if c in state.cards)
        return (say("the chosen cards' grades total %(total)s: the stride cost is discarding cards from your hand whose grades total 3 or more", total=total), "STRIDE_DEFAULT_COST")
    if action.kind == "pass" and kind is None:
        step = state.step
        if state.phase == "battle" and step == "drive":
            return say("the drive check is not optional: the attacking vanguard performs it"), "DRIVE_CHECK"
        if state.phase == "battle" and step == "damage":
            return say("the damage check is not optional"), "DAMAGE_CHECK"
    if action.kind == "pass" and kind == "choose":
        return (say("a choice cannot be left unmade while it can be made: choose one of the cards offered"),
                ("CHOOSE_WHILE_POSSIBLE", "CHOOSE_ON_RESOLUTION"))
    if action.kind == "pass" and kind == "target":
        return say("the attacking unit has been chosen: the unit to attack must be chosen now"), "CHOOSE_TARGET"
    return None

