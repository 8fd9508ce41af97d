"""Sections 8-9: check timing and rule actions.

Losing, overloaded circles, a missing vanguard, the damage process (9.6),
then stand-by abilities in turn order.
"""

from __future__ import annotations

from ..core.text import say
from ..core.agenda import push
from ..core.check_timing import CheckTiming
from ..core.decisions import Decision
from ..turns import turn_order
from .actions import REAR_GUARD_CIRCLES, Action
from .citations import cite
from .playing import do_ride
from .replacement import open_choices
from .primitives import AGENDA, emit, handler, move, name
from .situations import SITUATION_CHECK, situation_check, situation_due
from .standby import retire_unit, retired, trigger
from .state import GameState
from .triggers import checked_trigger


# the losing condition met (1.2.2.x) and the rule action that applies it (9.2.x), per reason
LOSS_CLAUSES = {"LOSS_DAMAGE": ("LOSS_CONDITION_DAMAGE", "LOSS_DAMAGE"),
                "LOSS_DECK": ("LOSS_CONDITION_DECK", "LOSS_DECK"),
                "LOSS_NO_VANGUARD": ("LOSS_NO_VANGUARD",)}
LOSS_TEXT = {"LOSS_DAMAGE": "six or more cards in the damage zone", "LOSS_DECK": "no cards in the deck",
             "LOSS_NO_VANGUARD": "no vanguard and no card in the soul"}
RULE_ACTION = ("RULE_ACTIONS_AT_CHECK_TIMING", "CHECK_RULE_ACTIONS_FIRST")


def _lose(state: GameState, events: list, losers: dict[int, str]) -> None:
    for player, key in sorted(losers.items()):
        emit(events, "loss", say("player %(player)s loses the game by rule action: %(reason)s", player=player, reason=LOSS_TEXT[key]),
             LOSS_CLAUSES[key] + ("LOSS_AT_CHECK_TIMING",) + RULE_ACTION, player,
             assumptions=("A13",) if key == "LOSS_DECK" else (), reason=key)
    if len(losers) == 2:
        state.outcome = {"winner": None, "draw": True, "losers": [0, 1], "reason": "simultaneous loss"}
        emit(events, "draw_game", say("both players lose simultaneously: the game is a draw"), ("DRAW_GAME",))
    else:
        (player, key), = losers.items()
        state.outcome = {"winner": 1 - player, "draw": False, "losers": [player], "reason": key}
        emit(events, "game_over", say("player %(player)s wins", player=1 - player), ("LOSE_ENDS_GAME",), 1 - player)


def _removed_by_rule(state: GameState) -> list[str]:
    """The units a rule action is about to put into the drop zone: all but the last placed of an overloaded rear-guard
    circle (9.3.6) and the units on the guardian circle outside the battle (9.4.1)."""
    out = []
    for player in (0, 1):
        z = state.zones[player]
        for circ in REAR_GUARD_CIRCLES:
            if len(z[circ]) > 1:
                keep = max(z[circ], key=lambda c: state.placed_at.get(c, 0))
                out += [c for c in z[circ] if c != keep]
        if z["guardian"] and state.phase != "battle" and state.battle is None:
            out += list(z["guardian"])
    return out


def rule_actions(state: GameState, events: list, answer: Action | None, chosen: dict | None = None) -> str | dict:
    """Perform all applicable rule actions (section 9). Returns 'none', 'done' or 'ask', or the task that first asks
    the owners about their optional replacements (``chosen``: their answers so far, card -> yes / no)."""
    losers: dict[int, str] = {}
    for player in (0, 1):
        z = state.zones[player]
        if len(z["damage"]) >= 6:
            losers[player] = "LOSS_DAMAGE"
        elif not z["deck"]:
            losers[player] = "LOSS_DECK"
        elif not z["vanguard"] and not z["soul"]:
            losers[player] = "LOSS_NO_VANGUARD"
    if losers:
        _lose(state, events, losers)
        return "done"
    # "you may put it ... instead" (8.2.1.3.2): each owner chooses before the rule actions, performed together (9.1.3),
    # move any unit (assumption A52); the task asks, then performs them with the answers
    waiting = open_choices(state, {"replace": chosen}, _removed_by_rule(state))
    if waiting:
        return {"t": "replacement_choice", "cards": waiting, "then": {"t": "rule_actions_chosen", "replace": chosen or {}}}
    acted = False
    for player in (0, 1):
        z = state.zones[player]
        vcs = [c for c in z["vanguard"] if c not in state.hearts]
        if state.legion and len(vcs) > 1:
            vcs = [c for c in vcs if not (state.is_legion_mate(c) and state.legion_partner(c) in vcs)]
        if len(vcs) > 1:
            keep = max(vcs, key=lambda c: state.placed_at.get(c, 0))
            for c in [c for c in vcs if c != keep]:
                move(state, c, "soul", player)
                emit(events, "overload", say("%(card)s is put into the soul (two units on the vanguard circle)", card=name(state, c)),
                     ("OVERLOAD_VANGUARD", "RULE_ACTIONS_SIMULTANEOUS") + RULE_ACTION, player, card=c)
            acted = True
        for circ in REAR_GUARD_CIRCLES:
            if len(z[circ]) > 1:
                keep = max(z[circ], key=lambda c: state.placed_at.get(c, 0))
                for c in [c for c in z[circ] if c != keep]:
                    watched = retire_unit(state, c, player, chosen)
                    text = say("%(card)s must leave %(circ)s (two units on it): a replacement effect puts it elsewhere",
                               card=name(state, c), circ=circ) if watched.instead else \
                        say("%(card)s is put into the drop zone (two units on %(circ)s)", card=name(state, c), circ=circ)
                    emit(events, "overload", text, ("OVERLOAD_REAR_GUARD", "RULE_ACTIONS_SIMULTANEOUS") + RULE_ACTION,
                         player, card=c, **({"assumptions": ("A52",)} if watched.instead else {}))
                    retired(state, events, c, watched)
                acted = True
        if z["guardian"] and state.phase != "battle" and state.battle is None:  # (a battle an effect made, A48)
            for c in list(z["guardian"]):
                watched = retire_unit(state, c, player, chosen)
                where = state.loc[c][1]  # 9.4.1: the drop zone (a G unit goes to its G zone instead, 10.28.4)
                if watched.instead:
                    emit(events, "illegal_guardian", say("%(card)s is on the guardian circle outside the battle phase: a "
                                                         "replacement effect puts it elsewhere", card=name(state, c)),
                         ("ILLEGAL_GUARDIAN",) + RULE_ACTION, player, assumptions=("A52",), card=c, zone=where)
                    retired(state, events, c, watched)
                    continue
                emit(events, "illegal_guardian", say("%(card)s is on the guardian circle outside the battle phase and is put into the %(value)s", card=name(state, c), value='drop zone' if where == 'drop' else where.replace('_', ' ')),
                     ("ILLEGAL_GUARDIAN",) + RULE_ACTION, player, card=c, zone=where)
                retired(state, events, c, watched)
            acted = True
    for player in turn_order(state):
        z = state.zones[player]
        if not z["vanguard"] and z["soul"]:
            if len(z["soul"]) == 1 or (answer is not None and answer.kind == "choose"):
                card_id = answer.card if (answer is not None and len(z["soul"]) > 1) else z["soul"][0]
                do_ride(state, events, card_id, player, normal=False)
                emit(events, "no_vanguard",
                     say("player %(player)s had no vanguard and rides %(card)s from the soul", player=player, card=name(state, card_id)),
                     ("NO_VANGUARD",) + RULE_ACTION, player, assumptions=("A20",), card=card_id)
                return "done"
            return "ask"
    return "done" if acted else "none"


def _rule_actions(state: GameState, events: list, answer: Action | None) -> bool | Decision | dict:
    """Section 9 for the core check timing: True if a rule action was performed, a Decision to ask, a task that asks
    about optional replacements first."""
    result = rule_actions(state, events, answer)
    if isinstance(result, dict):
        return result
    if result == "ask":
        player = next(player for player in turn_order(state) if not state.zones[player]["vanguard"])
        return Decision("no_vanguard", player, say("choose a card from your soul to ride"),
                        tuple(Action.make("choose", card=c) for c in state.zones[player]["soul"]),
                        cite("NO_VANGUARD"))
    return result == "done"


def _damage_due(state: GameState) -> dict | None:
    """9.6.1: the damage process runs only when no other rule action is left; then the situation triggers (8.6.7)."""
    due = [player for player in turn_order(state) if state.vanguard_damage[player] > 0]
    if not due:
        return SITUATION_CHECK if situation_due(state) else None
    # 9.6.1.1: with damage pending for both vanguards (dealt by effects), only the turn player's is processed now
    return {"t": "damage_process", "p": due[0], **({"first": True} if len(due) > 1 else {})}


def _standby_order(state: GameState) -> tuple[tuple[int, str], ...]:
    """The turn player's stand-by abilities are played first (8.4.1.2-8.4.1.3)."""
    player, other = turn_order(state)
    return (player, "CHECK_TURN_PLAYER_AUTO"), (other, "CHECK_NON_TURN_PLAYER_AUTO")


# 8.4 / 9: check timing - rule actions (9.1-9.5), the damage process (9.6), then stand-by abilities
CheckTiming(Action, _rule_actions, _standby_order, lambda sid, key: {"t": "resolve_ability", "id": sid, "by": key},
            cite, before_standby=_damage_due, rule_answers=("choose",)).register(AGENDA)


@handler("rule_actions_chosen")
def _rule_actions_chosen(state, task, answer, events):
    """9.1.3 once the owners chose about their optional replacements (8.2.1.3.2, A52): the rule actions, together;
    the check timing runs again after this (a rule action still asking, riding from the soul, asks then)."""
    rule_actions(state, events, None, task.get("replace") or {})


@handler("situation_check")
def _situation_check(state, task, answer, events):
    """8.6.7: situation triggers whose situation holds go on stand-by (situations.py)."""
    situation_check(state, events)
    return None


@handler("damage_process")
def _damage_process(state, task, answer, events):
    """9.6: one damage - reduce the pending damage, reveal the top card into the trigger zone, resolve its trigger."""
    player = task["p"]
    state.vanguard_damage[player] -= 1
    deck = state.zones[player]["deck"]
    if not deck:
        emit(events, "damage_check", say("damage check impossible: the deck is empty"),
             ("DAMAGE_PROCESS", "IMPOSSIBLE_ACTION"), player, check=task.get("n", 1))
        push(state, {"t": "damage_next", "p": player, "n": task.get("n", 1)})
        return None
    card_id = deck[0]
    move(state, card_id, "trigger", player)
    card = state.cards[card_id]
    repeat = ("DAMAGE_REPEAT",) if task.get("repeat") else ("DAMAGE_TURN_PLAYER_FIRST",) if task.get("first") else ()
    emit(events, "damage_check", say("damage check: %(card)s (%(trigger)s trigger)", card=card.name, trigger=card.trigger)
         if card.trigger != "none" else say("damage check: %(card)s (no trigger)", card=card.name),
         ("DAMAGE_PROCESS", "DAMAGE_REDUCE", "DAMAGE_REVEAL", "DAMAGE_CHECK", "DAMAGE_CARD_TO_TRIGGER_ZONE") + repeat,
         player, assumptions=("A15",), card=card_id, trigger=card.trigger, check=task.get("n", 1))
    # "when a damage check is performed (and reveals ...)": the damaged player's units, once per check (10.15.1);
    # played at the check timing after the damage process (A15)
    for unit in state.units(player, ("vanguard",) + REAR_GUARD_CIRCLES):
        trigger(state, events, "on_damage_check", unit, {"checked": card_id})
    tasks = checked_trigger(state, events, card_id, player, "DAMAGE_TRIGGER_CLAN")
    push(state, *tasks, {"t": "trigger_to", "card": card_id, "zone": "damage"},
         {"t": "damage_next", "p": player, "n": task.get("n", 1)})
    return None


@handler("damage_next")
def _damage_next(state, task, answer, events):
    """9.6: the next damage check while damage is pending."""
    if state.vanguard_damage[task["p"]] > 0:
        # 9.6.7: back to 9.6.2; ``n`` numbers the damage checks of this damage
        push(state, {"t": "damage_process", "p": task["p"], "repeat": True, "n": task.get("n", 1) + 1})
