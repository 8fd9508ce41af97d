"""Section 7, the battle's last steps: the damage step (7.6: compare powers, deal damage, "when it hits" /
"does not hit", retire guardians) and the close step (7.7: "at the end of the battle", then back to the
start step).  Each handler names its clause.
"""

from __future__ import annotations

from ..core.text import say
from ..core import modifiers
from ..core.agenda import push
from ..core.standby import cite_if_standby
from .actions import REAR_GUARD_CIRCLES
from .battle import attacker_in_place, target_in_place
from .charge import charging_leave
from .characteristics import cannot_be_hit, legion_mate_on_circle, power, stat
from .delayed import fire
from .effect_attack import after_battle
from .citations import cites
from .primitives import CHECK_TIMING, emit, handler, move, name
from .replacement import ask_first
from .several import attacked_units
from .standby import retire_unit, retired, step_start, trigger


@handler("damage_step")
def _damage_step(state, task, answer, events):
    """7.6 damage step: compare powers (7.6.1.2), or no comparison if a unit left its circle (7.6.1.3)."""
    b = state.battle
    if b is None or b["target"] is None:
        return None
    state.step = "damage"
    # 7.6.1.1: the step's beginning abilities go on stand-by and a check timing is resolved before the comparison
    step_start(state, events, "begin_damage_step", "BEGIN_DAMAGE_STEP")
    push(state, CHECK_TIMING, {"t": "damage_compare"})


@handler("damage_compare")
def _damage_compare(state, task, answer, events):
    """7.6.1.2-7.6.1.3: compare the powers, or none when a unit left its circle."""
    b = state.battle
    if b is None or b["target"] is None:
        return None
    turn_player = state.turn_player
    attacker_here, target_here = attacker_in_place(state), target_in_place(state)
    if b.get("also"):  # several attacked units (7.3.1.4.6): each compared on its own (A55)
        _compare_each(state, events, b, attacker_here)
    elif not (attacker_here and target_here):
        # 7.6.1.3; the battle went on to this step though a unit left (7.3.1.4.2, 7.3.1.4.3: assumption A32)
        b["hit"] = False
        if not (attacker_here or target_here):
            text, keys = (say("the attacking unit and the attacked unit have both left their circles: "
                              "the powers are not compared and the attack does not hit"), ("ATTACKER_LEFT", "ATTACKED_UNIT_LEFT"))
        elif target_here:
            text, keys = (say("%(card)s, the attacking unit, has left its circle: the powers are not compared and the attack does not hit",
                              card=name(state, b["attacker"])), ("ATTACKER_LEFT",))
        else:
            text, keys = (say("%(card)s, the attacked unit, has left its circle: the battle went on, but the powers are not compared "
                              "and the attack does not hit", card=name(state, b["target"])), ("ATTACKED_UNIT_LEFT",))
        emit(events, "no_hit", text, ("NO_COMPARISON",) + keys, turn_player, assumptions=("A32",),
             attacker_power=None, defender_power=None, hit=False, battle=b["number"])
    else:
        ap, dp = power(state, b["attacker"]), power(state, b["target"])
        guarded = cannot_be_hit(state, b["target"])
        b["hit"] = ap >= dp and not guarded
        extra = " (the attacked unit cannot be hit by a card effect)" if guarded and ap >= dp else ""
        keys = ("HIT",)
        if state.legion and legion_mate_on_circle(state, b["attacker"]):
            keys = ("LEGION_HIT_COMBINED", "LEGION_POWER")
        if state.legion and legion_mate_on_circle(state, b["target"]):
            keys += ("LEGION_ATTACKED",)
        # 10.26.3: a deleted unit's original power is 0; the comparison says so when one of the two is deleted
        why = [say("%(card)s is deleted: its original power is 0", card=name(state, c))
               for c in (b["attacker"], b["target"]) if c in state.deleted]
        if why:
            keys += ("DELETED_UNIT",)
        text = (say("%(ap)s vs %(dp)s: the attack hits", ap=ap, dp=dp) if b["hit"] else
                say("%(ap)s vs %(dp)s: the attack does not hit (the attacked unit cannot be hit by a card effect)",
                    ap=ap, dp=dp) if extra else say("%(ap)s vs %(dp)s: the attack does not hit", ap=ap, dp=dp))
        emit(events, "hit" if b["hit"] else "no_hit", text + "".join(f" ({w})" for w in why) if why else text,
             keys, turn_player,
             attacker_power=ap, defender_power=dp, hit=b["hit"], battle=b["number"])
    push(state, CHECK_TIMING, {"t": "deal_damage"}, CHECK_TIMING, {"t": "hit_event"}, CHECK_TIMING,
         {"t": "retire_guardians"}, CHECK_TIMING)
    return None


def _compare_each(state, events: list, b: dict, attacker_here: bool) -> None:
    """7.6.1.2-7.6.1.3 for every attacked unit: those still in place are hit if the attacking unit's power is at least
    theirs; one that has left, or all once the attacking unit has left, are not compared and not hit."""
    q, hits = 1 - state.turn_player, []
    for card_id, circle in attacked_units(b):
        if not attacker_here or state.loc.get(card_id) != (q, circle):
            emit(events, "no_hit", say("%(card)s is not compared: the attack does not hit it", card=name(state, card_id)),
                 ("NO_COMPARISON", "ATTACKER_LEFT" if not attacker_here else "ATTACKED_UNIT_LEFT", "ATTACKED_UNITS"),
                 state.turn_player, assumptions=("A32", "A55"), attacker_power=None, defender_power=None, hit=False,
                 battle=b["number"], target=card_id)
            continue
        ap, dp = power(state, b["attacker"]), power(state, card_id)
        hit = ap >= dp and not cannot_be_hit(state, card_id)
        if hit:
            hits.append(card_id)
        emit(events, "hit" if hit else "no_hit",
             say("%(card)s, attacked, is hit: %(ap)s vs %(dp)s", ap=ap, dp=dp, card=name(state, card_id)) if hit else
             say("%(card)s, attacked, is not hit: %(ap)s vs %(dp)s", ap=ap, dp=dp, card=name(state, card_id)),
             ("HIT", "ATTACKED_UNITS"), state.turn_player, assumptions=("A55",), attacker_power=ap, defender_power=dp,
             hit=hit, battle=b["number"], target=card_id)
    b["hit"], b["hits"] = bool(hits), hits


def _hit_vanguard(b: dict) -> bool:
    """Whether the attack hit a vanguard: the one attacked unit, or a vanguard among several hit (7.6.1.5)."""
    if b.get("also"):
        return any(circle == "vanguard" and c in b["hits"] for c, circle in attacked_units(b))
    return b["hit"] and b["target_circle"] == "vanguard"


@handler("deal_damage")
def _deal_damage(state, task, answer, events):
    """7.6.1.5: a hit vanguard takes damage equal to the attacker's critical (none for a rear-guard, 7.6.1.7)."""
    b = state.battle
    turn_player = state.turn_player
    if not b["hit"]:
        emit(events, "no_damage", say("no hit: no damage check"), ("NO_DAMAGE_CHECK_REAR_GUARD",), turn_player)
        return
    if not _hit_vanguard(b):
        emit(events, "no_damage", say("a rear-guard was hit: no damage check"), ("NO_DAMAGE_CHECK_REAR_GUARD",), turn_player)
        return
    if not attacker_in_place(state):
        emit(events, "no_damage", say("the attacking unit left its circle: it deals no damage"), ("DEAL_DAMAGE",),
             turn_player)
        return
    crit = stat(state, b["attacker"], "critical")
    if crit <= 0:
        emit(events, "no_damage", say("critical %(n)s: no damage is dealt", n=crit), ("ZERO_CRITICAL",), turn_player)
        return
    state.vanguard_damage[1 - turn_player] += crit
    legion = bool(state.legion and legion_mate_on_circle(state, b["attacker"]))
    emit(events, "damage_dealt", (say("%(card)s deals %(n)s damage to the vanguard (the Legion Leader's critical; the legion hits once)",
              card=name(state, b["attacker"]), n=crit) if legion else
          say("%(card)s deals %(n)s damage to the vanguard", card=name(state, b["attacker"]), n=crit)),
         ("LEGION_LEADER_CRITICAL", "LEGION_POWER", "DAMAGE_DEALT") if legion else ("DEAL_DAMAGE", "DAMAGE_DEALT"),
         turn_player, amount=crit)


@handler("hit_event")
def _hit_event(state, task, answer, events):
    """7.6.1.9: 'when this unit hits' / 'does not hit' abilities go on stand-by."""
    b = state.battle
    # several attacked units: the attack hits or does not hit each of them, an event for each (EN 7.7.1.7; A55)
    for hit in ([c in b["hits"] for c, _ in attacked_units(b)] if b.get("also") else [b["hit"]]):
        _hit_or_not(state, events, b, hit)


def _hit_or_not(state, events: list, b: dict, hit: bool) -> None:
    if hit and state.on_field(b["attacker"]):
        cite_if_standby(state, events, lambda: trigger(state, events, "on_hit", b["attacker"]),  # 7.6.1.9.1
                        cites("HIT_EVENT", "ON_HIT_STANDBY"))
    elif not hit and state.on_field(b["attacker"]) and b["attacker"] not in state.locked:
        cite_if_standby(state, events, lambda: trigger(state, events, "on_no_hit", b["attacker"]),  # 7.6.1.9.2
                        cites("ON_NO_HIT_STANDBY"))
    # 7.6.1.9.3: "when a unit of yours hits / does not hit", on the turn player's other cards as well, also when
    # the attacker has left the field (7.6.1.9.3.1)
    timing = "on_your_unit_hit" if hit else "on_your_unit_no_hit"
    keys = ("YOUR_UNIT_HIT_STANDBY",) + (() if state.on_field(b["attacker"]) else ("YOUR_UNIT_HIT_ATTACKER_GONE",))
    for unit in state.units(state.turn_player, ("vanguard",) + REAR_GUARD_CIRCLES):
        cite_if_standby(state, events, lambda unit=unit: trigger(state, events, timing, unit, {"attacker": b["attacker"]}),
                        cites(*keys))


@handler("retire_guardians")
def _retire_guardians(state, task, answer, events):
    """7.6.1.10: guardians and a hit rear-guard are retired."""
    q = 1 - state.turn_player
    b = state.battle
    # the hit rear-guards still on their circles: the one attacked unit, or those hit among several (7.6.1.10)
    hit_rear_guards = [c for c, circle in attacked_units(b) if circle in REAR_GUARD_CIRCLES and state.loc.get(c) == (q, circle)
                       and (c in b["hits"] if b.get("also") else b["hit"])]
    about = state.zones[q]["guardian"] + state.zones[state.turn_player]["guardian"] + hit_rear_guards
    if ask_first(state, task, about):  # "you may put it ... instead": chosen before anything is retired (8.2.1.3.2)
        return None
    chosen = task.get("replace")
    # "all guardians": the defender's, and any a turn player's effect called to their own guardian circle (A38)
    for owner in (q, state.turn_player):
        guardians = list(state.zones[owner]["guardian"])
        watched = {}
        for g in guardians:
            watched[g] = retire_unit(state, g, owner, chosen)  # a G guardian goes to the G zone face up instead (10.28.4)
            if state.cards[g].type == "g_unit":
                emit(events, "g_unit_returns",
                     say("the G guardian %(card)s is put into the G zone face up instead of the drop zone", card=name(state, g)), ("RETIRE_GUARDIANS", "G_UNIT_TO_G_ZONE", "G_ZONE_FACE_UP"), owner, assumptions=("A25",),
                     card=g)
        if guardians:
            emit(events, "retire_guardians", say("%(n)s guardian(s) retired", n=len(guardians)), ("RETIRE_GUARDIANS", "RETIRE"), owner,
                 assumptions=("A38",) if owner == state.turn_player else (), cards=guardians)
        for g in guardians:  # "when retired" abilities: played at the check timing of 7.6.1.11
            retired(state, events, g, watched[g])
    for card_id in hit_rear_guards:
        hit = retire_unit(state, card_id, q, chosen)
        if not hit.instead:
            emit(events, "retire", say("the hit rear-guard %(card)s is retired", card=name(state, card_id)),
                 ("RETIRE_GUARDIANS", "RETIRE"), q, card=card_id)
        retired(state, events, card_id, hit)


@handler("close_step")
def _close_step(state, task, answer, events):
    """7.7 close step: 'at the end of the battle' abilities (7.7.1.1)."""
    state.step = "close"
    b = state.battle
    if b and b["attacker"] and state.on_field(b["attacker"]):  # none when it could not attack after all (7.3.1.3)
        cite_if_standby(state, events, lambda: trigger(state, events, "on_battle_end", b["attacker"]),  # 7.7.1.1
                        cites("END_OF_BATTLE_STANDBY"), ("A27",))
    step_start(state, events, "begin_close_step", "END_OF_BATTLE_STANDBY")  # 7.7.1.1, the close step's beginning
    fire(state, events, "end_of_battle")  # 7.7.1.1: "at the end of the battle" timed triggers (8.6.6)
    charging_leave(state, events, b)  # Carica: charging units of this battle to the bottom of the deck (A43)
    push(state, CHECK_TIMING, {"t": "end_battle"})


@handler("end_battle")
def _end_battle(state, task, answer, events):
    """7.7.1.2-7.7.1.4: the battle ends, 'until end of battle' effects cease, back to the start step."""
    modifiers.expire(state, "battle")
    state.trigger_cancels = [c for c in state.trigger_cancels if c[1] != "end_of_battle"]  # 12.3.2: for its duration
    battle, state.battle = state.battle, None
    emit(events, "battle_end", say("the battle ends; 'until end of battle' effects cease"),
         ("BATTLE_ENDS",) if battle and battle.get("by_effect") else ("BATTLE_ENDS", "RETURN_TO_START_STEP"),
         state.turn_player)
    after_battle(state, battle)
