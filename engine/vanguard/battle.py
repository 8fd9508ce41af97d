"""Section 7: the battle phase, its steps in the order the rules give them (the last two in damage_step.py).

start step (7.2: choose the attacker), attack step (7.3: choose the target,
boost, "when this unit attacks" abilities), drive step (7.5: drive checks); the guard step (7.4: guardians,
intercept, G guardians) is guard_step.py.  Each handler names its clause.
"""

from __future__ import annotations

from ..core.text import say
from ..core.agenda import push
from ..core.decisions import Decision
from .actions import Action
from .characteristics import drive_of, has_keyword, legion_mate_on_circle
from .citations import cite
from .keywords import lord_blocked
from .primitives import CHECK_TIMING, emit, handler, move, name
from .several import MAY_TWO_ATTACK, TWO_ATTACK, attack_others, attackable, attacked_too, attacked_triggers
from .standby import phase_start, step_start, trigger
from .state import BEHIND, FRONT_ROW, GameState
from .triggers import checked_trigger


#: the circles of a player's units (an attacking unit an effect names may stand on any of them)
CIRCLES_OF_UNITS = ("vanguard", "front_left", "back_left", "back_centre", "back_right", "front_right")


@handler("battle_phase")
def _battle_phase(state, task, answer, events):
    """6.7: the battle phase - a series of battles, each starting at the start step."""
    state.phase, state.step = "battle", None
    # "at the beginning of your battle phase": on stand-by at the first start step, played before the choice to
    # attack (EN 7.3.1.1; the Italian 7.2.1.1 names the start step's beginning only; A27)
    phase_start(state, events, "begin_battle_phase", "BEGIN_BATTLE_PHASE")
    _start_step_abilities(state, events)
    push(state, CHECK_TIMING, {"t": "start_step"})


def _start_step_abilities(state: GameState, events: list) -> None:
    """IT 7.2.1.1: "at the beginning of the start step" abilities go on stand-by at every start step, the one that
    follows each battle too (the English 7.3.1.1 only at the first of the battle phase; assumption A50)."""
    step_start(state, events, "begin_start_step", "BEGIN_START_STEP", ("A50",))


@handler("start_step_begins")
def _start_step_begins(state, task, answer, events):
    """7.7.1.4: back to the start step after a battle; its beginning's abilities are played first (7.2.1.1)."""
    state.step, waiting = "start", len(state.standby)
    _start_step_abilities(state, events)
    push(state, *((CHECK_TIMING,) if len(state.standby) > waiting else ()), {"t": "start_step"})


def attacker_problem(state: GameState, card_id: str, specified: bool = False) -> tuple[str, str] | None:
    """Why ``card_id`` cannot be the attacking unit, or None. A unit an effect names as the one that attacks
    (``specified``, EN 10.34.1.1) need not be in the front row: only the turn player's choice is (7.3.1.3; A48)."""
    player = state.turn_player
    row = CIRCLES_OF_UNITS if specified else FRONT_ROW
    if card_id not in state.loc or state.loc[card_id][0] != player or state.loc[card_id][1] not in row:
        return say("only your units in the front row can attack"), "CHOOSE_ATTACKER"
    if card_id in state.locked:
        return (say("a locked card is not a unit (it has lost its characteristics and is neither standing nor resting) and cannot be chosen as the attacking unit"), ("UNITS_NOT_LOCKED", "LOCKED_NO_CHARACTERISTICS",
                                                               "LOCKED_NO_STAND_OR_REST", "CHOOSE_ATTACKER"))
    if state.is_legion_mate(card_id):
        return (say("%(card)s is a Legion Mate: it cannot attack alone; the legion attacks with its Legion Leader", card=name(state, card_id)),
                "LEGION_MATE_CANNOT_ATTACK")
    if card_id in state.rested:
        return say("%(card)s is resting; only standing units can attack", card=name(state, card_id)), "CHOOSE_ATTACKER"
    if has_keyword(state, card_id, "restraint"):
        return say("%(card)s has restraint and cannot be chosen as the attacking unit", card=name(state, card_id)), "KW_RESTRAINT"
    if lord_blocked(state, card_id):
        return say("%(card)s has lord and you have a unit of another clan", card=name(state, card_id)), "KW_LORD"
    return None


def target_problem(state: GameState, card_id: str, specified: bool = False) -> tuple[str, object] | None:
    """Why ``card_id`` cannot be the unit to attack (7.3.1.4), or None. A unit an effect names as the one attacked
    (``specified``, EN 10.34.1.1) need only be a unit of the opponent: the front row binds the turn player's choice."""
    q = 1 - state.turn_player
    if card_id in state.locked:
        return (say("a locked card is not a unit and cannot be chosen as the unit to attack"),
                ("UNITS_NOT_LOCKED", "CHOOSE_TARGET"))
    if state.is_legion_mate(card_id):
        return (say("%(card)s is a Legion Mate: a legion is attacked through its Legion Leader (Playbook Q22)", card=name(state, card_id)), "LEGION_TARGET_NOT_MATE")
    if not attackable(state, card_id):  # an effect that forbids the attack prevails (1.3.3, EN 10.34.1.1)
        return (say("%(card)s cannot be attacked: an effect says so", card=name(state, card_id)),
                ("EFFECT_PREVENTS", "CHOOSE_TARGET"))
    where = state.loc.get(card_id)
    if specified and where and where[0] == q and where[1] in CIRCLES_OF_UNITS:
        return None
    if card_id not in attack_targets(state):
        if where and where[0] != q:
            return say("%(card)s cannot be attacked: your own unit", card=name(state, card_id)), "CHOOSE_TARGET"
        return (say("%(card)s cannot be attacked: not on the vanguard circle or a front-row rear-guard circle",
                    card=name(state, card_id)), "CHOOSE_TARGET")
    return None


def boost_problem(state: GameState, attacker: str, card_id: str) -> tuple[str, str] | None:
    """Why ``card_id`` cannot boost ``attacker`` (7.3.1.6, 11.1; assumption A5), or None."""
    card = state.cards[card_id]
    if card_id in state.locked:
        return say("a locked card is not a unit and cannot boost"), ("UNITS_NOT_LOCKED", "BOOST")
    if not has_keyword(state, card_id, "boost"):
        return say("%(card)s does not have boost", card=card.name), "KW_BOOST"
    if card_id not in boost_candidates_for(state, attacker):
        if card_id in state.rested:
            return say("%(card)s is resting and cannot be rested to boost", card=card.name), "BOOST"
        return say("%(card)s is not in the back circle of the attacking unit's column", card=card.name), "BOOST"
    return None


def attack_targets(state: GameState) -> list[str]:
    q = 1 - state.turn_player
    return [c for circ in FRONT_ROW for c in front_unit(state, q, circ) if c not in state.locked and attackable(state, c)]


def front_unit(state: GameState, player: int, circ: str) -> list[str]:
    """The unit that can attack or be attacked on a front-row circle: the vanguard is the Legion Leader (7.3.1.4)."""
    if circ == "vanguard":
        vg = state.vanguard(player)
        return [vg] if vg else []
    return state.zones[player][circ][-1:]


@handler("start_step")
def _start_step(state, task, answer, events):
    """7.2 start step: choose the attacking unit or end the battle phase (7.2.1.2).

    With an attacker the battle begins and the attack step rests it (7.3.1.1-7.3.1.3).
    """
    state.step = "start"
    turn_player = state.turn_player
    if answer is None:
        if state.turn == 1:
            emit(events, "no_attack", say("the first turn of the game: the turn player cannot attack"),
                 ("FIRST_TURN_NO_ATTACK",), turn_player,
                 assumptions=("A14",))
            push(state, {"t": "battle_over"})
            return None
        attackers = [c for circ in FRONT_ROW for c in front_unit(state, turn_player, circ)
                     if attacker_problem(state, c) is None]
        if not attackers or not attack_targets(state):
            emit(events, "no_attack", say("no attack can take place: the turn player is regarded as not attacking"),
                 ("FIRST_TURN_NO_ATTACK",), turn_player)
            push(state, {"t": "battle_over"})
            return None
        opts = [Action.make("attack", card=c) for c in attackers]
        for c in attackers:  # the whole declaration in one answer (assumption A28)
            boosters = boost_candidates_for(state, c)
            for t in attack_targets(state):
                opts.append(Action.make("attack", card=c, target=t))
                opts.extend(Action.make("attack", card=c, target=t, boost=b) for b in boosters)
        return Decision("attack", turn_player, say("choose an attacking unit (and the unit it attacks, and a booster), "
                            "or pass to end the battle phase"), tuple(opts) + (Action.make("pass"),),
                        cite("START_STEP_CHOICE"))
    if answer.kind == "pass":
        emit(events, "no_attack", say("player %(player)s chooses not to attack", player=turn_player), ("START_STEP_NO_ATTACK",), turn_player)
        push(state, {"t": "battle_over"})
        return None
    card_id = answer.card
    state.battles_this_turn += 1
    state.battle = {"number": state.battles_this_turn, "attacker": card_id, "attacker_circle": state.loc[card_id][1],
                    "target": None, "target_circle": None, "booster": None, "booster_circle": None,
                    "guardians": {}, "hit": None, "drive_checks": 0}
    state.step = "attack"
    emit(events, "battle_begins", say("battle %(n)s begins", n=state.battles_this_turn), ("START_STEP_CHOICE", "BATTLE_BEGINS"),
         turn_player)
    # 7.3.1.2: "at the beginning of the attack step" abilities are played before the attacking unit is rested (7.3.1.3);
    # the declaration was made as one answer (A28), so the declared unit is rested after them if it still can attack
    waiting = len(state.standby)
    step_start(state, events, "begin_attack_step", "BEGIN_ATTACK_STEP")
    rest = {"t": "rest_attacker", "card": card_id, "target": answer.get("target"), "boost": answer.get("boost")}
    if len(state.standby) > waiting:
        push(state, CHECK_TIMING, rest)
        return None
    return _rest_attacker(state, rest, None, events)


@handler("rest_attacker")
def _rest_attacker(state, task, answer, events):
    """7.3.1.3: the declared attacking unit is rested; one that can no longer attack (the abilities of 7.3.1.2 moved
    or rested it) ends the attack step, and the battle goes to the close step."""
    turn_player, card_id = state.turn_player, task["card"]
    if state.loc.get(card_id) != (turn_player, state.battle["attacker_circle"]) or attacker_problem(
            state, card_id, bool(state.battle.get("by_effect"))):
        emit(events, "no_attack", say("%(card)s can no longer attack: the battle goes to the close step",
                                      card=name(state, card_id)), ("ATTACKER_CANNOT_ATTACK",), turn_player,
             assumptions=("A42",))
        state.battle["attacker"] = None
        push(state, {"t": "close_step"})
        return None
    state.rested.add(card_id)
    emit(events, "attacker", say("%(card)s is rested as the attacking unit", card=name(state, card_id)), ("CHOOSE_ATTACKER",),
         turn_player, card=card_id)
    mate = legion_mate_on_circle(state, card_id)
    if mate:
        state.rested.add(mate)
        emit(events, "legion_attack",
             say("the legion attacks: %(card)s and its Legion Mate %(card2)s are both rested and are the attacking unit", card=name(state, card_id), card2=name(state, mate)), ("LEGION_ATTACKER_BOTH", "LEGION_ATTACK_REST_BOTH"), turn_player,
             card=mate)
    # the unit(s) to attack (7.3.1.4, a second one by 7.3.1.4.5), then the boost (7.3.1.6), declared or asked
    if task.get("target"):
        declare_target(state, events, task["target"])
        declared = [SECOND_TARGET, {"t": "boost_decision", **({"card": task["boost"]} if task.get("boost") else {})}]
    else:
        declared = [{"t": "target_decision"}, SECOND_TARGET, {"t": "boost_decision"}]
    push(state, *declared, {"t": "attack_triggers"}, CHECK_TIMING, {"t": "guard_step"},
         {"t": "drive_step"}, {"t": "damage_step"}, {"t": "close_step"})
    return None


@handler("battle_over")
def _battle_over(state, task, answer, events):
    """7.2.1.2.2: no (further) attack - the battle phase ends."""
    state.step = None
    state.battle = None


@handler("target_decision")
def _target_decision(state, task, answer, events):
    """7.3.1.4 attack step: choose the unit to attack."""
    turn_player = state.turn_player
    if answer is None:
        targets = attack_targets(state)
        if not targets:
            return None
        return Decision("target", turn_player, say("choose the unit to attack"),
                        tuple(Action.make("target", card=c) for c in targets),
                        cite("CHOOSE_TARGET"))
    declare_target(state, events, answer.card)


def declare_target(state: GameState, events: list, card_id: str) -> None:
    """7.3.1.4: the unit to attack is chosen."""
    state.battle["target"] = card_id
    state.battle["target_circle"] = state.loc[card_id][1]
    emit(events, "attack", say("%(attacker)s attacks %(target)s", attacker=name(state, state.battle["attacker"]), target=name(state, card_id)),
         ("CHOOSE_TARGET",), state.turn_player,
         attacker=state.battle["attacker"], target=card_id)
    # 8.6.2: the unit attacks now, so its "when this unit attacks" abilities go on stand-by now; they are
    # played at the check timing of 7.3.1.8
    trigger(state, events, "on_attack", state.battle["attacker"])
    # the attacked unit's "when this unit is attacked" goes on stand-by at the same event; it is the
    # non-turn player's, so it is played after the turn player's at that check timing (8.4.1.3, A33)
    trigger(state, events, "on_attacked", card_id)
    attacked_triggers(state, events, card_id, state.battle["target_circle"], trigger)  # "when your vanguard is attacked"
    attack_others(state, events, state.battle["attacker"], trigger)  # 7.3.1.4.5: all the front row, by an effect


#: the task that asks for a second unit to attack, after the first is chosen and before the boost
SECOND_TARGET = {"t": "second_target"}


@handler("second_target")
def _second_target(state, task, answer, events):
    """7.3.1.4.5: "this unit attacks two units" - its player chooses one more unit an attack may choose (the front
    row, assumption A55); with one such unit it is that one, with none the battle keeps its one attacked unit."""
    b = state.battle
    if not b or not b.get("target") or b.get("also") or not attacker_in_place(state):
        return None
    must = has_keyword(state, b["attacker"], TWO_ATTACK)
    # "may attack two units": the same choice with a pass, even with one other unit (7.3.1.4.5 "può combattere")
    may = not must and has_keyword(state, b["attacker"], MAY_TWO_ATTACK)
    cands = [c for c in attack_targets(state) if c != b["target"]] if must or may else []
    if not cands:
        return None
    if answer is None and (len(cands) > 1 or may):
        options = tuple(Action.make("target", card=c) for c in cands) + ((Action.make("pass"),) if may else ())
        return Decision("target", state.turn_player, say("choose the second unit to attack or pass") if may
                        else say("choose the second unit to attack"), options, cite("SEVERAL_ATTACKED"))
    if answer is not None and answer.kind == "pass":
        emit(events, "one_unit_attacked", say("%(attacker)s attacks only %(card)s", attacker=name(state, b["attacker"]),
                                              card=name(state, b["target"])), ("SEVERAL_ATTACKED",), state.turn_player,
             card=b["target"], attacker=b["attacker"])
        return None
    card_id = answer.card if answer is not None else cands[0]
    attacked_too(state, events, [[card_id, state.loc[card_id][1]]], trigger,
                 say("%(attacker)s attacks two units: %(card)s is attacked too", attacker=name(state, b["attacker"]),
                     card=name(state, card_id)))


def boost_candidates(state: GameState) -> list[str]:
    b = state.battle
    if state.loc.get(b["attacker"]) != (state.turn_player, b["attacker_circle"]):
        return []
    return boost_candidates_for(state, b["attacker"])


def boost_candidates_for(state: GameState, attacker: str) -> list[str]:
    """The unit that can boost ``attacker``: behind it, with boost, standing, not locked (7.3.1.6, A5)."""
    behind = BEHIND.get(state.loc[attacker][1])
    c = state.unit_at(state.turn_player, behind) if behind else None
    if c and has_keyword(state, c, "boost") and c not in state.rested and c not in state.locked:
        return [c]
    return []


@handler("boost_decision")
def _boost_decision(state, task, answer, events):
    """7.3.1.6 attack step: boost (11.1) with the unit behind the attacker."""
    turn_player = state.turn_player
    if state.battle is None or state.battle["target"] is None:
        return None
    if answer is None and task.get("card"):  # declared with the attack (A28), asked after any second attacked unit
        if task["card"] in boost_candidates(state):
            declare_boost(state, events, task["card"])
        return None
    if answer is None:
        cands = boost_candidates(state)
        if not cands:
            # Logged so a script's "no boost" is met where the rules leave nothing to choose.
            emit(events, "no_boost", say("no unit can boost %(card)s", card=name(state, state.battle['attacker'])), ("BOOST",),
                 turn_player)
            return None
        return Decision("boost", turn_player, say("boost the attacking unit or pass"),
                        tuple(Action.make("boost", card=c) for c in cands) + (Action.make("pass"),), cite("BOOST"))
    if answer.kind == "pass":
        return None
    declare_boost(state, events, answer.card)


def declare_boost(state: GameState, events: list, card_id: str) -> None:
    """7.3.1.6: the unit behind the attacker is rested and boosts it."""
    state.rested.add(card_id)
    state.battle["booster"] = card_id
    state.battle["booster_circle"] = state.loc[card_id][1]
    emit(events, "boost", say("%(card)s is rested and boosts %(attacker)s", card=name(state, card_id), attacker=name(state, state.battle["attacker"])),
         ("BOOST", "KW_BOOST"), state.turn_player, assumptions=("A5",), card=card_id)
    trigger(state, events, "on_boost", card_id)  # 8.6.2: "when this unit boosts", as it boosts
    trigger(state, events, "on_boosted", state.battle["attacker"])  # and the attacker's "when it is boosted"


@handler("attack_triggers")
def _attack_triggers(state, task, answer, events):
    """7.3.1.8 attack step: the check timing that plays the 'when this unit attacks/boosts' abilities (they went
    on stand-by as the unit attacked or boosted, 8.6.2)."""
    b = state.battle
    if b is None:
        return
    emit(events, "attack_triggers", say("check timing for 'when this unit attacks/boosts' abilities"), ("ATTACK_TRIGGERS",),
         state.turn_player)


def attacker_in_place(state: GameState) -> bool:
    b = state.battle
    return bool(b and state.loc.get(b["attacker"]) == (state.turn_player, b["attacker_circle"]))


def target_in_place(state: GameState) -> bool:
    b = state.battle
    return bool(b and b["target"] and state.loc.get(b["target"]) == (1 - state.turn_player, b["target_circle"]))


@handler("drive_step")
def _drive_step(state, task, answer, events):
    """7.5 drive step: the attacking vanguard performs its drive checks."""
    b = state.battle
    if b is None or b["target"] is None:
        return None
    # 7.4.1.2.1: the guard step leads to the drive step when the vanguard attacks, to the damage step when a
    # rear-guard does - unless it gained drive, whose check 7.5.1.2 makes in the drive step (assumption A56)
    if b["attacker_circle"] != "vanguard" and not (attacker_in_place(state) and drive_of(state, b["attacker"]) > 0):
        emit(events, "no_drive_step", say("a rear-guard attacks: no drive step, the battle goes on to the damage step"),
             ("GUARD_PASS",), state.turn_player, assumptions=("A56",))
        return None
    state.step = "drive"
    # 7.5.1.1: the step's beginning abilities go on stand-by and a check timing is resolved before any drive check
    step_start(state, events, "begin_drive_step", "BEGIN_DRIVE_STEP")
    push(state, CHECK_TIMING, {"t": "drive_checks"})


@handler("drive_checks")
def _drive_checks(state, task, answer, events):
    """7.5.1.2: the attacking unit, still in place, checks as many times as its drive."""
    b = state.battle
    if b is not None and attacker_in_place(state) and drive_of(state, b["attacker"]) > 0:
        push(state, {"t": "drive_check", "i": 0})


@handler("drive_check")
def _drive_check(state, task, answer, events):
    """7.5.1.2: one drive check - reveal the top card into the trigger zone, resolve its trigger, to the hand."""
    turn_player = state.turn_player
    b = state.battle
    deck = state.zones[turn_player]["deck"]
    if not deck:
        emit(events, "drive_check", say("drive check impossible: the deck is empty"), ("DRIVE_CHECK", "IMPOSSIBLE_ACTION"),
             turn_player, check=task["i"] + 1, of=drive_of(state, b["attacker"]))
        push(state, CHECK_TIMING, {"t": "drive_next", "i": task["i"]})
        return None
    card_id = deck[0]
    move(state, card_id, "trigger", turn_player)
    b["drive_checks"] += 1
    card = state.cards[card_id]
    in_legion = state.legion and legion_mate_on_circle(state, b["attacker"])
    legion = ("LEGION_DRIVE", "LEGION_DRIVE_UNIT") if in_legion else ()
    emit(events, "drive_check", (say("drive check %(n)s of %(of)s: %(card)s (%(trigger)s trigger)", n=task["i"] + 1, of=drive_of(state, b["attacker"]),
                                     card=card.name, trigger=card.trigger) if card.trigger != "none" else
                                 say("drive check %(n)s of %(of)s: %(card)s (no trigger)", n=task["i"] + 1, of=drive_of(state, b["attacker"]),
                                     card=card.name)), ("DRIVE_CHECK", "DRIVE_REVEAL", "DRIVE_CARD_TO_TRIGGER_ZONE") + legion
         + drive_clauses(state, b["attacker"], task["i"]), turn_player,
         assumptions=("A2", "A16"), card=card_id, trigger=card.trigger, check=task["i"] + 1,
         of=drive_of(state, b["attacker"]))
    trigger(state, events, "on_drive_check", b["attacker"], {"checked": card_id})
    tasks = checked_trigger(state, events, card_id, turn_player, "DRIVE_TRIGGER_CLAN")
    push(state, *tasks, CHECK_TIMING, {"t": "trigger_to", "card": card_id, "zone": "hand"}, CHECK_TIMING,
         {"t": "drive_next", "i": task["i"]})
    return None


def drive_clauses(state: GameState, attacker: str, i: int) -> tuple[str, ...]:
    """Where the attacker's drive comes from (2.16.2 base 1, twin/triple drive 11.4, 11.3.2), and 7.5.1.3 on a repeat."""
    if state.loc[attacker][1] != "vanguard":
        keys: tuple[str, ...] = ()
    elif has_keyword(state, attacker, "twin_drive") and has_keyword(state, attacker, "triple_drive"):
        keys = ("DRIVE_BASE", "KW_DRIVE_ABILITY_MAX", "KW_TRIPLE_DRIVE")
    elif has_keyword(state, attacker, "triple_drive"):
        keys = ("DRIVE_BASE", "KW_TRIPLE_DRIVE")
    elif has_keyword(state, attacker, "twin_drive"):
        keys = ("DRIVE_BASE", "KW_TWIN_DRIVE")
    else:
        keys = ("DRIVE_BASE",)
    return keys + (("DRIVE_REPEAT",) if i > 0 else ())


@handler("drive_next")
def _drive_next(state, task, answer, events):
    """7.5.1.2: another drive check while the drive count (twin/triple drive, 11.3) is not reached."""
    b = state.battle
    if b and attacker_in_place(state) and task["i"] + 1 < drive_of(state, b["attacker"]):
        push(state, {"t": "drive_check", "i": task["i"] + 1})
