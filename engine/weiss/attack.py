"""Section 7: the attack phase and its declaration step (7.2), the battle step (7.6), the end of an attack, and the
encore step (7.7).

attack declaration (7.2: attacker, front/side/direct), trigger step (7.3, trigger_step.py), counter step (7.4, front
attacks only, counter_step.py), damage step (7.5 with the damage process of 4.9, damage_step.py), battle step (7.6:
front attacks only), back to the declaration; then the encore step (7.7).
"""

from __future__ import annotations

from ..core.text import say
from ..core.agenda import push
from ..core.decisions import Decision
from .actions import Action
from .characteristics import power, stat
from .check_timing import begin_abilities, phase_start
from .choices import choose_one
from .citations import cite
from .declaring import attack_options, bodyguard, first_turn_blocked  # noqa: F401  (the declaration's choices)
from .primitives import CHECK_TIMING, add_modifier, emit, handler, name, trigger, trigger_others
from .leaving import to_waiting_room
from .state import GameState

ATTACK_TASKS = ("trigger_step", "counter_step", "damage_step", "battle_step", "attack_end")


@handler("attack_phase")
def _attack_phase(state, task, answer, events):
    """6.7.1 / 7.2.1.1: the attack phase; 'at the beginning of the attack phase' abilities."""
    phase_start(state, events, "begin_attack", "ATTACK_PHASE_START")
    push(state, CHECK_TIMING, {"t": "declaration"})
    return None


def step_abilities(state: GameState, events: list, timing: str, key: str) -> bool:
    """'At the beginning of the <step>' abilities of the turn player's cards go on stand-by (7.2.1.2, 7.3.1.1,
    7.4.1.1, 7.5.1.1, 7.6.1.1; whose they are: assumption W4); True when some did."""
    return begin_abilities(state, events, timing, key)


def step_begins(state: GameState, task: dict, events: list, timing: str, key: str) -> bool:
    """The step's 'at the beginning' abilities; True when some went on stand-by: the check timing the text
    gives then runs first, and the step goes on after it (its task again, marked as begun)."""
    if task.get("begun") or not step_abilities(state, events, timing, key):
        return False
    push(state, CHECK_TIMING, {**task, "begun": True})
    return True


@handler("declaration")
def _declaration(state, task, answer, events):
    """7.2.1.3-7.2.1.5: choose a standing center stage character and the attack type, or go to the encore step."""
    p = state.turn_player
    state.step = "declaration"
    if answer is None and step_begins(state, task, events, "begin_declaration", "DECLARATION_STEP_START"):
        return None
    if answer is None:
        if first_turn_blocked(state):
            emit(events, "no_attack", say("the first player's first turn: only one attack"), ("FIRST_TURN_ONE_ATTACK",), p)
            return None
        opts = attack_options(state)
        if not opts:
            emit(events, "no_attack", say("no character can attack: on to the encore step"), ("CHOOSE_ATTACKER",), p)
            return None
        return Decision("attack", p, say("choose an attacking character and the attack type, or pass to the encore step"),
                        tuple(opts) + (Action.make("pass"),), cite("CHOOSE_ATTACKER"))
    if answer.kind == "pass":
        emit(events, "no_attack", say("player %(player)s does not attack: on to the encore step", player=p), ("CHOOSE_ATTACKER",
                                                                                            "PLAY_TIMING"), p)
        return None
    _declare(state, events, answer.card, answer.get("type"))
    push(state, CHECK_TIMING, *({"t": t} for t in ATTACK_TASKS))
    return None


def _declare(state: GameState, events: list, attacker: str, kind: str) -> None:
    p = state.turn_player
    guard = bodyguard(state, 1 - p)
    opposite = state.opposite(attacker)
    defender = guard if guard is not None else opposite
    state.attacks_this_turn += 1
    state.attack = {"number": state.attacks_this_turn, "attacker": attacker, "slot": state.loc[attacker][1],
                    "type": kind, "defender": defender if kind == "front" else None,
                    "defender_slot": state.loc[defender][1] if defender else None, "opposite": opposite,
                    "countered": False}
    state.rested.add(attacker)
    keys = {"direct": ("ATTACK_KIND", "DIRECT_ATTACK"), "side": ("ATTACK_KIND", "SIDE_ATTACK"),
            "front": ("ATTACK_KIND", "FRONT_ATTACKED")}[kind]
    if guard is not None:
        keys += ("BODYGUARD",)
    emit(events, "attack", (say("%(card)s makes a %(kind)s attack on %(target)s", card=name(state, attacker), kind=kind, target=name(state, defender))
          if defender else say("%(card)s makes a %(kind)s attack", card=name(state, attacker), kind=kind)), keys + ("ATTACKER_REST",), p, attacker=attacker,
         type=kind, opposite=opposite, target=defender if kind != "direct" else None,  # 7.2.1.5.2: "attacked"
         number=state.attacks_this_turn)
    if kind == "direct":
        m = add_modifier(state, attacker, "soul", 1, "end_of_turn", "direct attack")
        emit(events, "modifier", say("direct attack: %(card)s gets +1 soul until the end of the turn", card=name(state, attacker)),
             ("DIRECT_ATTACK",), p, card=attacker, modifier=m.order)
    elif kind == "side":
        level = stat(state, defender, "level")
        if level > 0:
            m = add_modifier(state, attacker, "soul", -level, "end_of_turn", "side attack")
            emit(events, "modifier", say("side attack: %(card)s gets -%(level)s soul (the opposing character is level %(level)s)",
                     card=name(state, attacker), level=level), ("SIDE_ATTACK", "ATTACK_KIND_FIXED"), p, card=attacker,
                 modifier=m.order)
    trigger(state, events, "on_attack", attacker)
    trigger_others(state, events, "on_other_attack", attacker)  # "when another of your characters attacks"
    if kind == "front":  # "when this card is front attacked": the attacked character's, played after the attacker's
        trigger(state, events, "on_front_attacked", defender)
    if kind != "direct":  # "when this card is attacked": front or side, 7.2.1.5.2 (a direct attack attacks no card)
        trigger(state, events, "on_attacked", defender if kind == "front" else opposite)



def attacker_on_stage(state: GameState) -> str | None:
    """The attacking character, if it is still on the stage in the position it attacked from (7.5.1.2.2, 7.6.1.3)."""
    a = state.attack["attacker"] if state.attack else None
    return a if a and state.loc[a] == (state.turn_player, state.attack["slot"]) else None


# ---------------------------------------------------------------- 7.6 battle step
@handler("battle_step")
def _battle_step(state, task, answer, events):
    """7.6.1.2: compare power; the lower is reversed, both on a tie (7.6.1.3: not if either moved or left)."""
    if not state.attack or state.attack["type"] != "front":
        return None
    state.step = "battle"
    p = state.turn_player
    if not task.get("begun"):
        emit(events, "step", say("a front attack: the battle step begins"), ("DMG_STEP_END", "BATTLE_STEP_START"), p)
    if step_begins(state, task, events, "begin_battle", "BATTLE_STEP_START"):
        return None
    a, d = state.attack["attacker"], state.attack["defender"]
    if attacker_on_stage(state) is None or state.loc.get(d) != (1 - p, state.attack["defender_slot"]):
        emit(events, "no_battle", say("a character in the battle left the stage or moved: no comparison"),
             ("BATTLE_NO_COMPARE",), p)
        push(state, CHECK_TIMING)
        return None
    pa, pd = power(state, a), power(state, d)
    lower = [c for c, mine, theirs in ((a, pa, pd), (d, pd, pa)) if mine <= theirs]
    # 1.3.2.1: a loser already reversed (a reversed character can be front attacked) is not reversed again,
    # so nothing "becomes reversed" and no ability waiting for that goes on stand-by
    losers = [c for c in lower if c not in state.reversed]
    for c in losers:
        state.rested.discard(c)
        state.reversed.add(c)
    names = dict(card=name(state, a), power=pa, target=name(state, d), target_power=pd)
    if len(losers) == 2:
        text = say("%(card)s (%(power)s) battles %(target)s (%(target_power)s): %(card)s and %(target)s reversed", **names)
    elif losers:
        text = say("%(card)s (%(power)s) battles %(target)s (%(target_power)s): %(loser)s reversed",
                   loser=name(state, losers[0]), **names)
    else:
        text = say("%(card)s (%(power)s) battles %(target)s (%(target_power)s): %(loser)s was already reversed and "
                   "is not reversed again", loser=name(state, lower[0]), **names)
    keys = ("BATTLE_COMPARE", "REVERSE") + (("ALREADY_IN_THAT_STATE",) if len(losers) < len(lower) else ())
    emit(events, "battle", text, keys, p, attacker_power=pa, defender_power=pd, reversed=losers)
    for c in losers:
        trigger(state, events, "on_reverse", c)
        trigger(state, events, "on_reverse_opponent", d if c == a else a)
    push(state, CHECK_TIMING)
    return None


@handler("attack_end")
def _attack_end(state, task, answer, events):
    """7.5.1.3 / 7.6.2: the attack sub-phase ends; back to the attack declaration step."""
    front = state.attack is not None and state.attack["type"] == "front"
    emit(events, "attack_end", say("the attack sub-phase ends: back to the attack declaration step"),
         ("BATTLE_STEP_END",) if front else ("DMG_STEP_END",), state.turn_player)
    state.attack = None
    state.step = None
    push(state, CHECK_TIMING, {"t": "declaration"})
    return None


# ---------------------------------------------------------------- 7.7 encore step
@handler("encore_step")
def _encore_step(state, task, answer, events):
    """7.7.1.1: 'at the beginning of the encore step' abilities, then reversed characters to the waiting room."""
    state.attack = None
    phase_start(state, events, "begin_encore", "ENCORE_STEP_START")
    push(state, CHECK_TIMING, {"t": "encore_player", "p": state.turn_player})
    return None


@handler("encore_player")
def _encore_player(state, task, answer, events):
    """7.7.1.2-7.7.1.4: the turn player, then the other, put one reversed character at a time into the waiting room."""
    p = task["p"]
    reversed_ = [c for c in state.characters(p) if c in state.reversed]
    if not reversed_:
        if p == state.turn_player:
            push(state, {"t": "encore_player", "p": 1 - p})
        else:
            push(state, CHECK_TIMING, {"t": "encore_end"})  # 7.7.1.4: a check timing, then look again
        return None
    key = "ENCORE_TURN_PLAYER" if p == state.turn_player else "ENCORE_NON_TURN_PLAYER"
    chosen, decision = choose_one({"p": p}, answer, reversed_, say("encore step: choose a reversed character to put into the waiting room"),
                                  key)
    if decision:
        return decision
    emit(events, "encore_step", say("%(card)s is reversed and goes to the waiting room", card=name(state, chosen)), (key,), p,
         assumptions=("W7",) if p != state.turn_player else (), card=chosen)
    to_waiting_room(state, chosen, events)
    # 7.7.1.2 / 7.7.1.3: a check timing (its encore among the stand-by abilities), then back to 7.7.1.2
    push(state, CHECK_TIMING, {"t": "encore_player", "p": state.turn_player})
    return None


@handler("encore_end")
def _encore_end(state, task, answer, events):
    """7.7.1.4: after its check timing, reversed characters left -> back to 7.7.1.2, otherwise on to the end phase."""
    if any(c in state.reversed for p in (0, 1) for c in state.characters(p)):
        push(state, {"t": "encore_player", "p": state.turn_player})
        return None
    emit(events, "encore_end", say("the encore step ends"), ("ENCORE_STEP_END",), state.turn_player)
    return None
