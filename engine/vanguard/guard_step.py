"""7.4 the guard step: the non-turn player calls guardians from the hand, intercepts or calls G guardians, each
guarding one attacked unit (7.4.1.2.2-7.4.1.2.4; several attacked units: several.py), until he passes."""

from __future__ import annotations

from ..core.agenda import push
from ..core.decisions import Decision
from ..core.text import say
from .actions import Action
from .characteristics import grade_of_vanguard, guard_barred_grade, has_keyword, stat
from .citations import cite
from .keywords import face_down_g_zone, g_guardian_blocker
from .primitives import CHECK_TIMING, emit, handler, move, name
from .several import attacked_in_place, is_attacked
from .standby import step_start, trigger
from .state import GameState


@handler("guard_step")
def _guard_step(state, task, answer, events):
    """7.4 guard step: runs only when there is an attacked unit."""
    if state.battle is None or state.battle["target"] is None:
        return None
    state.step = "guard"
    step_start(state, events, "begin_guard_step", "BEGIN_GUARD_STEP")  # 7.4.1.1
    push(state, CHECK_TIMING, {"t": "guard_decision"})


def guard_options(state: GameState) -> list[Action]:
    q = 1 - state.turn_player
    guardable = attacked_in_place(state)
    if not guardable:
        return []  # 7.4.1.2.2-7.4.1.2.3: a guardian guards an attacked unit; none is left to guard (assumption A32)
    g = grade_of_vanguard(state, q)
    barred = guard_barred_grade(state, state.battle["attacker"])
    cards = [c for c in state.zones[q]["hand"]
             if state.cards[c].grade <= g and (barred is None or state.cards[c].grade < barred)]
    interceptors = [c for circ in ("front_left", "front_right") for c in [state.unit_at(q, circ)]
                    if c and not is_attacked(state, c) and has_keyword(state, c, "intercept") and c not in state.locked]
    g_guardians = face_down_g_zone(state, q) if state.zones[q]["gzone"] and g_guardian_blocker(state, q) is None else []
    g_guardians = [c for c in g_guardians if g_guardian_blocker(state, q, c) is None]
    if not state.battle.get("also"):  # one attacked unit: it is the one guarded
        return ([Action("guard", (("card", c),)) for c in cards] + [Action.make("intercept", card=c) for c in interceptors]
                + [Action("g_guard", (("card", c),)) for c in g_guardians])
    # several attacked units: each answer also names the one it guards (7.4.1.2.2, 7.3.1.4.6)
    return [Action.make(kind, card=c, guards=u) for kind, pool in (("guard", cards), ("intercept", interceptors),
                                                                    ("g_guard", g_guardians)) for c in pool for u in guardable]


@handler("guard_decision")
def _guard_decision(state, task, answer, events):
    """7.4.1.2 guard step: the non-turn player calls guardians, intercepts or calls a G guardian, or passes."""
    q = 1 - state.turn_player
    b = state.battle
    if answer is None:
        opts = guard_options(state)
        if not opts and not attacked_in_place(state):
            emit(events, "guard_pass", say("%(card)s, the attacked unit, has left its circle: player %(player)s has no unit to guard "
                                           "and is regarded as passing", card=name(state, b["target"]), player=q),
                 ("GUARD_AUTO_PASS", "ATTACKED_UNIT_LEFT"), q, assumptions=("A32",))
            return None
        if not opts:
            emit(events, "guard_pass", say("player %(player)s cannot call a guardian or intercept: regarded as passing", player=q),
                 ("GUARD_AUTO_PASS",), q)
            return None
        return Decision("guard", q, say("call a guardian from hand or a G guardian, intercept, or pass"),
                        tuple(opts) + (Action.make("pass"),), cite("GUARD_CALL"))
    if answer.kind == "pass":
        emit(events, "guard_pass", say("player %(player)s passes", player=q), ("GUARD_PASS",), q)
        return None
    card_id = answer.card
    if answer.kind == "g_guard":
        # 7.4.1.2.4: turn the card face up, pay its G guardian cost, call it to the guardian circle.
        state.face_down.discard(card_id)
        emit(events, "g_guardian_reveal", say("player %(player)s turns %(card)s face up to call it as a G guardian", player=q, card=name(state, card_id)),
             ("GUARD_G_GUARDIAN", "KW_G_GUARDIAN"), q, assumptions=("A25",), card=card_id)
        costs = [{"t": "cost", "part": c.to_json(), "p": q,
                  "src": card_id} for c in state.cards[card_id].g_guardian.cost]
        push(state, *costs, {"t": "g_guard_place", "card": card_id, "p": q, "guards": answer.get("guards") or b["target"]},
             CHECK_TIMING, {"t": "guard_decision"})
        return None
    more = ("GUARDIAN_NO_LIMIT",) if b["guardians"] else ()  # 3.11.4: no limit to the number of guardians
    guarded = answer.get("guards") or b["target"]  # the attacked unit it guards (7.4.1.2.2)
    b["guardians"][card_id] = guarded
    if answer.kind == "guard":
        move(state, card_id, "guardian", q)
        keys = ("GUARD_CALL", "CALL_GRADE", "GUARD_RESOLVES", "GUARDIAN_SHIELD_ADDS", "GUARD_LOOP") + more
        if state.cards[card_id].shield == 0:
            keys += ("SHIELD_ZERO",)
        emit(events, "guard",
             say("player %(player)s calls %(card)s to the guardian circle (shield %(shield)s)", player=q, card=name(state, card_id),
                 shield=stat(state, card_id, "shield")),
             keys, q, assumptions=("A4",), card=card_id, guards=guarded)
        trigger(state, events, "on_call", card_id, {"guarded": guarded})
        trigger(state, events, "on_place", card_id, {"guarded": guarded})
    else:
        move(state, card_id, "guardian", q)
        emit(events, "intercept", say("%(card)s intercepts (moves to the guardian circle, resting)", card=name(state, card_id)),
             ("GUARD_INTERCEPT", "KW_INTERCEPT", "MOVE", "GUARDIAN_SHIELD_ADDS", "GUARD_LOOP") + more, q,
             assumptions=("A6",), card=card_id,
             guards=guarded)
        # "when this unit intercepts": played at the check timing of 7.4.1.3 (an intercept is a move, not a
        # placement, 10.31.2, so "when placed" abilities do not trigger)
        trigger(state, events, "on_intercept", card_id, {"guarded": guarded})
    push(state, CHECK_TIMING, {"t": "guard_decision"})
    return None


@handler("g_guard_place")
def _g_guard_place(state, task, answer, events):
    """7.4.1.2.4 / 11.13.2: after its cost, the G guardian is called to the guardian circle."""
    card_id, q, b = task["card"], task["p"], state.battle
    if b is None or state.loc[card_id] != (q, "gzone"):
        return None
    move(state, card_id, "guardian", q)
    guarded = task.get("guards") or b["target"]
    b["guardians"][card_id] = guarded
    emit(events, "g_guard", say("player %(player)s calls the G guardian %(card)s to the guardian circle face up (shield %(value)s)", player=q, card=name(state, card_id), value=stat(state, card_id, 'shield')), ("G_GUARDIAN_CALL", "GUARD_G_GUARDIAN", "SUPERIOR_CALL",
                                                        "GUARDIAN_PLACED_RESTING", "GUARDIAN_SHIELD_ADDS"), q,
         assumptions=("A25",), card=card_id, guards=guarded)
    trigger(state, events, "on_call", card_id, {"guarded": guarded})
    trigger(state, events, "on_place", card_id, {"guarded": guarded})
    return None
