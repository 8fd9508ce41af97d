"""Triggers of drive and damage checks: whether one applies (same clan) and its effects.

Critical, draw, stand and heal triggers, each with +5000 power (2.8.1.1).
"""

from __future__ import annotations

from ..core.text import say
from .actions import REAR_GUARD_CIRCLES
from .cards import same_clan
from .primitives import add_modifier, choose_unit, draw, emit, handler, move, name, own_units
from .standby import put_into_drop, trigger
from .state import GameState


TRIGGER_BONUS = 5000


def trigger_tasks(state: GameState, card_id: str, player: int) -> list[dict]:
    icon = state.cards[card_id].trigger
    first = {"critical": "trig_critical", "draw": "trig_draw", "stand": "trig_stand", "heal": "trig_heal"}[icon]
    return [{"t": first, "p": player, "card": card_id}, {"t": "trig_power", "p": player, "card": card_id}]


def checked_trigger(state: GameState, events: list, card_id: str, player: int, clan_key: str) -> list[dict]:
    """A checked card's trigger: its tasks when a unit of its clan is on the field, else an event saying it does not apply.

    ``clan_key`` is the clause requiring the same clan (7.5.1.2.4 drive check, 9.6.5 damage check).
    """
    card = state.cards[card_id]
    if card.trigger == "none":
        return []
    if any(who == player for who, _ in state.trigger_cancels):
        # 12.3.1: the icon's effects do not happen; 12.3.2: none of them, not even in part (the +5000 neither)
        emit(events, "trigger_cancelled", say("%(card)s's %(trigger)s trigger does nothing: trigger effects are cancelled",
                                              card=card.name, trigger=card.trigger),
             ("CANCEL_TRIGGERS", "CANCEL_TRIGGERS_WHOLE"), player, card=card_id, trigger=card.trigger)
        return []
    if trigger_applies(state, card_id, player):
        emit(events, "trigger", say("%(card)s's %(trigger)s trigger resolves", card=card.name, trigger=card.trigger), (clan_key,), player,
             assumptions=("A7",), card=card_id, trigger=card.trigger)
        return trigger_tasks(state, card_id, player)
    emit(events, "trigger_not_applied", say("%(card)s's %(value)s trigger does nothing: player %(player)s has no unit of its clan on the vanguard circle or a rear-guard circle", card=card.name, value=card.trigger, player=player), (clan_key,), player, assumptions=("A7",),
         card=card_id, trigger=card.trigger)
    return []


def trigger_applies(state: GameState, card_id: str, player: int) -> bool:
    card = state.cards[card_id]
    if card.trigger == "none":
        return False
    units = state.units(player, ("vanguard",) + REAR_GUARD_CIRCLES)
    return any(same_clan(card, state.cards[u]) for u in units if u not in state.locked)


@handler("trigger_to")
def _trigger_to(state, task, answer, events):
    """7.5.1.2.6 / 9.6.6: the checked card goes to the hand (drive check) or the damage zone (damage check)."""
    card_id = task["card"]
    player, where = state.loc[card_id]
    if where != "trigger":
        return
    move(state, card_id, task["zone"], state.cards[card_id].owner)
    if task["zone"] == "hand":
        emit(events, "drive_to_hand", say("after a check timing, %(card)s is put into the hand", card=name(state, card_id)),
             ("DRIVE_CHECK_TIMING", "DRIVE_TO_HAND"), player, card=card_id)
    else:
        emit(events, "damage_zone", say("%(card)s is put into the damage zone", card=name(state, card_id)), ("DAMAGE_TO_ZONE",), player,
             card=card_id)


@handler("trig_critical")
def _trig_critical(state, task, answer, events):
    """2.8.1.1.2: critical trigger - a unit gets +1 critical."""
    card_id, decision = choose_unit(state, task, answer, own_units(state, task["p"]),
                                    say("critical trigger: choose a unit to get +1 critical"),
                                    "TRIGGER_CRITICAL")
    if decision:
        return decision
    if card_id:
        add_modifier(state, card_id, "critical", 1, "end_of_turn", task["card"])
        emit(events, "trigger_critical", say("%(card)s gets +1 critical until end of turn", card=name(state, card_id)),
             ("TRIGGER_CRITICAL",),
             task["p"], assumptions=("A18",) if answer is None else (), card=card_id)
    return None


@handler("trig_power")
def _trig_power(state, task, answer, events):
    """2.8.1.1.2-2.8.1.1.5: every trigger gives a unit +5000 power."""
    icon = state.cards[task["card"]].trigger
    key = {"critical": "TRIGGER_CRITICAL", "draw": "TRIGGER_DRAW", "stand": "TRIGGER_STAND",
           "heal": "TRIGGER_HEAL"}[icon]
    card_id, decision = choose_unit(state, task, answer, own_units(state, task["p"]),
                                    say("%(trigger)s trigger: choose a unit to get +5000 power", trigger=icon), key)
    if decision:
        return decision
    if card_id:
        add_modifier(state, card_id, "power", TRIGGER_BONUS, "end_of_turn", task["card"])
        emit(events, "trigger_power", say("%(card)s gets +%(n)s power until end of turn", card=name(state, card_id), n=TRIGGER_BONUS),
             (key, "TRIGGER_ORDER"),
             task["p"],
             assumptions=("A8", "A22") + (("A18",) if answer is None else ()), card=card_id)
    return None


@handler("trig_draw")
def _trig_draw(state, task, answer, events):
    """2.8.1.1.3: draw trigger - draw a card."""
    draw(state, task["p"], events, ("TRIGGER_DRAW", "DRAW"))


@handler("trig_stand")
def _trig_stand(state, task, answer, events):
    """2.8.1.1.4: stand trigger - stand a rear-guard."""
    cands = [c for c in state.rear_guards(task["p"]) if c not in state.locked]
    card_id, decision = choose_unit(state, task, answer, cands, say("stand trigger: choose a rear-guard to stand"),
                                    "TRIGGER_STAND")
    if decision:
        return decision
    if card_id:
        was_rested = card_id in state.rested
        state.rested.discard(card_id)
        emit(events, "trigger_stand", say("%(card)s stands", card=name(state, card_id)), ("TRIGGER_STAND", "STAND_REST"), task["p"],
             assumptions=("A9",), card=card_id)
        if was_rested:
            trigger(state, events, "on_stand_by_effect", card_id)  # Impeto (11.27.1): the trigger is your card's (A44)
    else:
        emit(events, "trigger_stand", say("stand trigger: no rear-guard to stand"), ("TRIGGER_STAND", "CHOICE_IMPOSSIBLE"),
             task["p"],
             assumptions=("A9",))
    return None


@handler("trig_heal")
def _trig_heal(state, task, answer, events):
    """2.8.1.1.5: heal trigger - heal one damage if you have at least as much damage as the opponent."""
    player = task["p"]
    mine, theirs = len(state.zones[player]["damage"]), len(state.zones[1 - player]["damage"])
    if mine < theirs or mine == 0:
        emit(events, "trigger_heal", say("heal trigger: no heal (%(mine)s damage vs opponent's %(theirs)s)", mine=mine, theirs=theirs),
             ("TRIGGER_HEAL",), player,
             assumptions=("A21",) if mine == 0 else ())
        return None
    card_id, decision = choose_unit(state, task, answer, list(state.zones[player]["damage"]),
                                    say("heal trigger: choose a damage card to heal"),
                                    "TRIGGER_HEAL")
    if decision:
        return decision
    move(state, card_id, "drop", player)
    emit(events, "heal", say("player %(player)s heals %(card)s (%(mine)s damage vs %(theirs)s)", player=player, card=name(state, card_id), mine=mine, theirs=theirs),
         ("TRIGGER_HEAL", "HEAL"), player, card=card_id)
    put_into_drop(state, events, {card_id: "damage"})
    return None
