"""An attack made by an effect: "(unit A) attacks (unit B)" (EN 10.34; the Italian 2.2 text has no such clause).

The English 10.34.1 says it is resolved after the process of the effects in play has concluded (here: once the
ability that says it has resolved), or, said during a battle, after that battle has ended (10.34.1.3); then, if
unit A is standing and may attack and unit B may be attacked (10.34.1.1), an attack resolution follows (EN 7.2:
the steps from the attack step to the close step) with those units already specified, so the attack step asks no
one to choose them; a boost is still asked (7.4.1.10). A battle made this way outside the battle phase keeps its
guardians until it ends (assumption A48). After it the game goes on where it was: no start step follows a battle
that an effect made outside the start step.
"""
from __future__ import annotations

from ..core.agenda import push
from ..core.text import say
from .actions import REAR_GUARD_CIRCLES
from .battle import attack_targets, attacker_problem, target_problem
from .characteristics import has_keyword
from .primitives import CHECK_TIMING, choose_unit, emit, handler, name
from .standby import step_start
from .state import BACK_ROW, GameState



def schedule(state: GameState, task: dict, answer, events: list):
    """The effect resolves: its units are found (the one attacked chosen now, 8.5.4.1) and the attack waits for the
    ability to end, or for the battle in progress to end (EN 10.34.1, 10.34.1.3)."""
    part, player, src = task["part"], task["p"], task["src"]
    attacker = src if part["attacker"] == "self" else state.vanguard(player)
    if part["target"] == "opponent_vanguard":
        target = state.vanguard(1 - player)
    else:
        cands = attack_targets(state) if part["target"] == "choose_opponent_unit" else named_rear_guards(
            state, 1 - player, part["target"])
        cands = cands if player == state.turn_player else []
        target, decision = choose_unit(state, task, answer, cands, say("choose the unit it attacks"), "EFFECT_ATTACK")
        if decision:
            return decision
    entry = {"t": "effect_attack", "attacker": attacker, "target": target, "p": player}
    if state.battle is not None:  # 10.34.1.3: after the ongoing battle ends
        state.battle.setdefault("then_attacks", []).append(entry)
        emit(events, "attack_waits", say("%(attacker)s will attack %(target)s when this battle has ended",
                                         attacker=name(state, attacker), target=name(state, target) if target else "-"),
             ("EFFECT_ATTACK_AFTER_BATTLE",), player, card=attacker)
        return None
    done = next((i for i in range(len(state.agenda) - 1, -1, -1)
                 if state.agenda[i].get("t") == "ability_done" and state.agenda[i].get("src") == src), None)
    if done is None:
        push(state, entry)
    else:
        state.agenda.insert(done, entry)  # below the end of the ability: it runs once the ability has resolved
    emit(events, "attack_waits", say("%(attacker)s will attack %(target)s once the ability has resolved",
                                     attacker=name(state, attacker), target=name(state, target) if target else "-"),
         ("EFFECT_ATTACK",), player, card=attacker)
    return None


@handler("effect_attack")
def _effect_attack(state, task, answer, events):
    """EN 10.34.1.1-10.34.1.2: the attack takes place if its units can attack and be attacked, else it concludes."""
    attacker, target, player = task["attacker"], task["target"], task["p"]
    problem, key = None, "EFFECT_ATTACK_UNITS"
    if player != state.turn_player or not attacker or not state.on_field(attacker):
        problem = say("the unit that was to attack is no longer on the field")
    elif state.legion_partner(attacker):  # neither the Leader nor the Mate "can be forced to attack by an effect"
        problem, key = say("a vanguard in legion cannot be made to attack by an effect"), "LEGION_NOT_FORCED"
    elif attacker_problem(state, attacker, specified=True):
        problem = attacker_problem(state, attacker, specified=True)[0]
    elif not target or not state.on_field(target):
        problem = say("the unit to be attacked is no longer on the field")
    elif target_problem(state, target, specified=True):
        problem = target_problem(state, target, specified=True)[0]
    if problem:
        emit(events, "no_attack", say("the attack made by the effect does not take place: %(reason)s", reason=problem),
             (key,), player)
        return None
    state.battles_this_turn += 1
    state.battle = {"number": state.battles_this_turn, "attacker": attacker, "attacker_circle": state.loc[attacker][1],
                    "target": None, "target_circle": None, "booster": None, "booster_circle": None,
                    "guardians": {}, "hit": None, "drive_checks": 0, "by_effect": True, "resume_step": state.step}
    state.step = "attack"
    emit(events, "battle_begins", say("battle %(n)s begins: %(attacker)s attacks %(target)s by an effect",
                                      n=state.battles_this_turn, attacker=name(state, attacker),
                                      target=name(state, target)), ("EFFECT_ATTACK_RESOLUTION", "BATTLE_BEGINS"),
         player)
    step_start(state, events, "begin_attack_step", "BEGIN_ATTACK_STEP")
    push(state, CHECK_TIMING, {"t": "rest_attacker", "card": attacker, "target": target, "boost": None})
    return None


def named_rear_guards(state: GameState, opponent: int, target: str) -> list[str]:
    """"Attacks one of your opponent's (back-row) rear-guards": the effect names them, so the front row of 7.3.1.4 does
    not bind the choice (EN 10.34.1.1); a locked card is no unit (3.8.1), a unit with resist cannot be chosen (11.5)."""
    circles = BACK_ROW if target == "choose_opponent_back_row" else REAR_GUARD_CIRCLES
    return [c for circ in circles for c in state.zones[opponent][circ][-1:]
            if c not in state.locked and not has_keyword(state, c, "resist")]


def after_battle(state: GameState, battle: dict | None) -> None:
    """The end of a battle (7.7.1.4): the next battle's start step, unless an effect made this one (the game goes on
    where it was, EN 10.34.1.2); before either, the attacks said during it (EN 10.34.1.3)."""
    if battle and battle.get("by_effect"):
        state.step = battle.get("resume_step")
    else:
        push(state, {"t": "start_step_begins"})
    push(state, *(battle or {}).get("then_attacks", []))
