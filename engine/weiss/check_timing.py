"""Check timing (4.4, 8.5.1): rule actions (section 9), then stand-by automatic abilities (8.7), turn player first.

Also the level up (9.3, an interrupt rule action the agenda schedules, with
the player choosing the card) and the resolution of stand-by abilities:
printed AUTO abilities, the rule encore (10.2.3) and printed encores (10.2.2),
and the Flame icon's ability (7.3.1.2.7).
"""

from __future__ import annotations

import json

from ..core.text import say
from ..core.agenda import push
from ..core.check_timing import CheckTiming
from ..core.decisions import Decision
from ..core.events import cite_last
from ..turns import turn_order
from .abilities import _cost
from .actions import SLOTS, Action
from .characteristics import auto_abilities, can_lower_power, granted_encores, power, spent
from .citations import cite
from .costs import can_pay, pay_task
from .effects import damage_task, effect_tasks
from .loops import endless
from .primitives import AGENDA, add_standby, area_changed, deck_top, emit, handler, lose, move, name, refresh
from .leaving import to_waiting_room
from .state import MARKER_OF, GameState

RULE_ENCORE_COST = ({"kind": "stock", "count": 3},)


def rule_actions_due(state: GameState) -> tuple[list, list, list, list, list]:
    """The check rule actions due now (9.5-9.9): characters of 0 power, characters under another, markers under
    no character, climaxes under another, players with refresh points (the loss 9.4.1.1 is read apart).

    9.1.2.2.1: what is due is read once, from the state as it is now, then all of it is done at that instant
    (a character leaving by one of them does not save another that was due, nor make a new one due).
    """
    order = turn_order(state)
    zero = [(p, c) for p in order for c in state.characters(p) if power(state, c) <= 0] \
        if can_lower_power(state) else []
    under: list = []
    orphans: list = []
    climaxes: list = []
    for p in order:
        zones = state.zones[p]
        for slot in SLOTS:
            cs = zones[slot]
            if len(cs) > 1:
                under.extend((p, old) for old in cs[:-1])
            elif not cs and zones[MARKER_OF[slot]]:
                orphans.append((p, slot, list(zones[MARKER_OF[slot]])))
        if len(zones["climax"]) > 1:
            climaxes.extend((p, old) for old in zones["climax"][:-1])
    points = [p for p in order if state.refresh_points[p] > 0]
    return zero, under, orphans, climaxes, points


def _rule_actions(state: GameState, events: list) -> bool:
    """8.5.1.1: every check rule action now due, together (9.1.2.2.1); True if any was performed.

    The loss with no cards in the deck and the waiting room (9.4.1.2) never reaches a check timing here:
    an empty deck is an interrupt (9.2.1) resolved after every task, and the refresh it starts loses
    first with an empty waiting room (9.2.2.1).
    """
    losers = [p for p in (0, 1) if state.level(p) >= 4]
    if losers:
        lose(state, losers, "LOSS_LEVEL_FOUR", events, say("rule action (9.4.1): level 4"))
        cite_last(events, (cite("LOSS_CHECK"),))
        return True
    zero, under, orphans, climaxes, points = rule_actions_due(state)
    for p, c in zero:
        emit(events, "power_zero", say("%(card)s has 0 or less power and goes to the waiting room", card=name(state, c)),
             ("RULE_ACTION_CHECK", "POWER_ZERO"), p, card=c)
    for p, old in under:
        emit(events, "overlap", say("%(card)s shares a stage position with a character put there after it and goes to the waiting room",
                 card=name(state, old)), ("OVERLAPPING_CHARACTERS", "RULE_ACTION_CHECK"), p, assumptions=("W24",),
             card=old)
    # the encores CONT effects give, as each character was on the stage with the others still there (8.7.4.1.2)
    given = {c: granted_encores(state, c) for _, c in zero + under}
    for _, c in zero + under:  # together: what leaving starts (encore, markers) comes after all of them
        to_waiting_room(state, c, events, given=given[c])
    for p, slot, markers in orphans:  # 9.8.1: markers under no character go to the waiting room
        for m in markers:
            move(state, m, "waiting_room")
        emit(events, "markers_unassigned", say("the %(n)s marker(s) in the %(value)s marker area are under no character and go to the waiting room", n=len(markers), value=slot.replace('_', ' ')), ("RULE_ACTION_CHECK", "MARKER_UNASSIGNED"), p,
             cards=markers, slot=slot)
    for p, old in climaxes:
        move(state, old, "waiting_room")
        emit(events, "overlap", say("%(card)s: only the last climax stays in the climax area", card=name(state, old)),
             ("RULE_ACTION_CHECK", "OVERLAPPING_CLIMAX"), p, card=old)
        area_changed(state, old, "climax", events)  # its "from the climax area" abilities, once the move is logged
    for p in points:
        state.refresh_points[p] -= 1
        deck_top(state, p, "clock", events, announce=lambda c, p=p: emit(
            events, "refresh_point", say("refresh point: player %(player)s puts %(card)s from the top of the deck into the clock "
                                         "(not damage: it cannot be cancelled)", player=p, card=name(state, c)),
            ("RULE_ACTION_CHECK", "REFRESH_POINT", "NOT_DAMAGE"), p, card=c))
    return bool(zero or under or orphans or climaxes or points)


def _rule_actions_hook(state: GameState, events: list, answer) -> bool:
    done = _rule_actions(state, events)
    if not done and not state.outcome:
        _situations(state, events)
    return done


_SITUATION_CARDS: list[tuple[dict, bool]] = []


def _has_situations(cards: dict) -> bool:
    """Whether any card of this game has a situation trigger (computed once per game's cards)."""
    for known, has in _SITUATION_CARDS:
        if known is cards:
            return has
    has = any(ab.timing == "situation" for card in cards.values() for ab in card.abilities)
    _SITUATION_CARDS.insert(0, (cards, has))
    del _SITUATION_CARDS[8:]
    return has


def _situations(state: GameState, events: list) -> None:
    """8.7.6 / 8.7.6.1: a situation trigger goes on stand-by once when the game is in its situation (read at each
    check timing, W27); again only after it resolved, or after the situation ended and came back."""
    if not _has_situations(state.cards) and not state.situations:
        return
    fired, holding = set(state.situations), []
    for p in turn_order(state):
        for c, i in auto_abilities(state, p, "situation"):
            key = f"{c}:{i}"
            if key not in fired and spent(state, c, i):  # played once this turn (W42): it triggers again next turn
                continue
            holding.append(key)
            if key not in fired:
                add_standby(state, events, c, i, {}, player=p)
                cite_last(events, (cite("SITUATION_TRIGGER"), cite("SITUATION_AGAIN")), ("W27",))
    state.situations = holding


def _standby_order(state: GameState) -> tuple[tuple[int, str], ...]:
    """8.5.1: the turn player's stand-by abilities first, then the other player's."""
    player, other = turn_order(state)
    return (player, "CT_TURN_PLAYER"), (other, "CT_NON_TURN_PLAYER")


# 8.5.1: rule actions until none is due, then one stand-by ability of the turn player, then the other's
CheckTiming(Action, _rule_actions_hook, _standby_order, lambda sid, key: {"t": "resolve_standby", "id": sid, "key": key},
            lambda key: cite("STANDBY_ORDER")).register(AGENDA)


@handler("resolve_standby")
def _resolve_standby(state, task, answer, events):
    """8.7.3: play a stand-by ability; it stops being on stand-by."""
    if answer is None and endless(state, events):  # 11.1.1.1: the same position again and again, unstoppable (W38)
        return None
    entry = next(s for s in state.standby if s["id"] == task["id"])
    player, card_id, ability = entry["player"], entry["card"], entry["ability"]
    if ability == "shot":
        state.standby.remove(entry)
        emit(events, "shot", say("%(card)s's damage was cancelled: the Flame icon's ability deals 1 damage", card=name(state, card_id)),
             ("TRIG_FLAME", "DMG_SOURCE_EFFECT"), player)
        push(state, damage_task(1 - player, 1, card_id, effect=True))
        return None
    if ability == "delayed":  # 8.7.5: a delayed ability, created by an effect
        state.standby.remove(entry)
        emit(events, "ability", say("%(card)s's delayed ability is played", card=name(state, card_id)),
             ("AUTO", "DELAYED_TRIGGER", task.get("key", "CT_TURN_PLAYER")), player, card=card_id)
        push(state, *({"t": "inline_effect", "p": player, "card": card_id, "effect": e, "i": 0}
                      for e in entry["ctx"]["effects"]))
        return None
    is_encore = ability in ("encore", "given_encore") or state.cards[card_id].abilities[ability].timing == "encore"
    if is_encore:
        return _encore(state, entry, answer, events)
    ab = state.cards[card_id].abilities[ability]
    if entry["ctx"].get("cannot"):  # an effect said, as it triggered, that it cannot use AUTO abilities (1.3.3, W39)
        state.standby.remove(entry)
        emit(events, "standby_cancelled", say("an effect says %(card)s cannot use AUTO abilities: this one cannot be "
                                              "played and is cancelled", card=name(state, card_id)),
             ("STANDBY_CANNOT_PLAY", "STOP_WINS"), player, assumptions=("W39",))
        return None
    if spent(state, card_id, ability):  # on stand-by twice, "up to 1 time per turn": played once already (W42)
        state.standby.remove(entry)
        emit(events, "standby_cancelled", say("%(card)s's ability activates up to 1 time per turn and was played this "
                                              "turn: it cannot be played again and is cancelled", card=name(state, card_id)),
             ("STANDBY_CANNOT_PLAY", "TEXT_WINS"), player, assumptions=("W42",))
        return None
    if ab.cost and not can_pay(state, player, ab.cost, card_id):
        state.standby.remove(entry)
        emit(events, "standby_cancelled", say("%(card)s: the cost cannot be paid; the ability is cancelled", card=name(state, card_id)),
             ("STANDBY_COST_DECLINED",), player)
        return None
    if ab.optional and answer is None:
        return Decision("use", player, (say("use %(card)s's ability (pay its cost)?", card=name(state, card_id)) if ab.cost
                                         else say("use %(card)s's ability?", card=name(state, card_id))),
                        (Action.make("accept"), Action.make("pass")), cite("STANDBY_COST_DECLINED"))
    state.standby.remove(entry)
    if ab.timing == "situation":  # 8.7.6.1: once it resolves, the situation, still there, triggers it again
        key = f"{card_id}:{ability}"
        state.situations = [k for k in state.situations if k != key or answer is not None and answer.kind == "pass"]
    if answer is not None and answer.kind == "pass":
        emit(events, "standby_declined", say("player %(player)s does not use %(card)s's ability", player=player, card=name(state, card_id)),
             ("STANDBY_COST_DECLINED",), player)
        return None
    spent(state, card_id, ability, mark=True)  # "up to 1 time per turn" (W42)
    emit(events, "ability", say("%(card)s's %(timing)s ability is played", card=name(state, card_id), timing=ab.timing),
         ("AUTO", "ABILITY_RESOLVES", task.get("key", "CT_TURN_PLAYER")), player, card=card_id)
    tasks = ([pay_task(player, card_id, ab.cost)] if ab.cost else []) + effect_tasks(player, card_id, ability,
                                                                                        entry["ctx"])
    push(state, *tasks)
    if any(c.kind == "clock_top" for c in ab.cost):  # "when you use Accelerate": as it resolves (10.12.3)
        for c, i in auto_abilities(state, player, "on_accelerate"):
            add_standby(state, events, c, i, {})
            cite_last(events, (cite("ACCELERATE_USED"),))
    return None


def _encore(state: GameState, entry: dict, answer, events: list):
    """10.2.2 / 10.2.3: pay the encore cost to put the character back into its stage position, rested."""
    player, card_id = entry["player"], entry["card"]
    costs = (tuple(_cost(c, "cost") for c in RULE_ENCORE_COST) if entry["ability"] == "encore"
             else tuple(_cost(c, "cost") for c in json.loads(entry["ctx"]["cost"])) if entry["ability"] == "given_encore"
             else state.cards[card_id].abilities[entry["ability"]].cost)
    key = "ENCORE_RULE" if entry["ability"] == "encore" else "ENCORE_KEYWORD"
    if entry["ctx"].get("cannot"):  # an effect said, on the stage, that it cannot use Encore (1.3.3, W39)
        state.standby.remove(entry)
        emit(events, "standby_cancelled", say("an effect says %(card)s cannot use Encore: its encore cannot be played "
                                              "and is cancelled", card=name(state, card_id)),
             ("STANDBY_CANNOT_PLAY", "STOP_WINS", key), player, assumptions=("W39",), card=card_id)
        return None
    if state.loc[card_id] != (player, "waiting_room"):
        state.standby.remove(entry)
        emit(events, "standby_fails", say("%(card)s is no longer in the waiting room: encore fails", card=name(state, card_id)),
             ("AUTO_CARD_MOVED", key), player, card=card_id)
        return None
    if not can_pay(state, player, costs, card_id):
        state.standby.remove(entry)
        emit(events, "standby_cancelled", say("%(card)s: the encore cost cannot be paid", card=name(state, card_id)),
             ("STANDBY_COST_DECLINED", key), player, card=card_id)
        return None
    if answer is None:
        return Decision("encore", player, say("encore %(card)s: pay the cost to return it to %(slot)s, rested?", card=name(state, card_id),
                            slot=entry["ctx"]["slot"].replace("_", " ")),
                        (Action.make("accept"), Action.make("pass")), cite(key))
    state.standby.remove(entry)
    if answer.kind == "pass":
        emit(events, "standby_declined", say("player %(player)s does not encore %(card)s", player=player, card=name(state, card_id)),
             ("STANDBY_COST_DECLINED", key), player, card=card_id)
        return None
    push(state, pay_task(player, card_id, costs), {"t": "encore_return", "p": player, "card": card_id,
                                                   "slot": entry["ctx"]["slot"]})
    return None


@handler("encore_return")
def _encore_return(state, task, answer, events):
    card_id, slot = task["card"], task["slot"]
    if state.loc[card_id][1] != "waiting_room":
        return None
    move(state, card_id, slot, task["p"])
    state.rested.add(card_id)
    emit(events, "encore", say("encore: %(card)s returns to %(slot)s, rested", card=name(state, card_id), slot=slot.replace("_", " ")),
         ("ENCORE_KEYWORD", "REST"), task["p"], card=card_id, slot=slot)
    return None


@handler("interrupt_order")
def _interrupt_order(state, task, answer, events):
    """9.1.2.1.1: a refresh and a level up due together for one player: that player chooses which is first."""
    player = task["p"]
    if state.zones[player]["deck"] or len(state.zones[player]["clock"]) < 7:
        return None  # no longer both due: the interrupts after this task do what is
    if answer is None:
        return Decision("order", player, say("a refresh and a level up are both due: choose which happens first"),
                        tuple(Action.make("rule_action", rule=r) for r in ("refresh", "level_up")),
                        cite("INTERRUPT_ORDER"))
    first = answer.get("rule")
    emit(events, "interrupt_order", say("player %(player)s resolves the %(value)s first", player=player, value=first.replace('_', ' ')),
         ("INTERRUPT_ORDER", "RULE_ACTION_INTERRUPT"), player, assumptions=("W22",), first=first)
    if first == "refresh":
        refresh(state, player, events)
    else:
        push(state, {"t": "level_up", "p": player})  # the refresh, still due, follows it
    return None


@handler("level_up")
def _level_up(state, task, answer, events):
    """9.3.2: choose 1 of the 7 bottom clock cards for the level area; the other 6 go to the waiting room."""
    player = task["p"]
    clock = state.zones[player]["clock"]
    if len(clock) < 7:
        return None
    seven = clock[:7]
    if answer is None:
        return Decision("level_up", player, say("level up: choose the card to put into your level area"),
                        tuple(Action.make("choose", card=c) for c in seven), cite("LEVEL_UP"))
    chosen = answer.card
    move(state, chosen, "level")
    for c in seven:
        if c != chosen:
            move(state, c, "waiting_room")
    emit(events, "level_up", say("player %(player)s levels up to level %(level)s with %(card)s; the other 6 cards go to the waiting room",
             player=player, level=state.level(player), card=name(state, chosen)), ("RULE_ACTION_INTERRUPT", "LEVEL_UP", "LEVEL_UP_CONDITION"),
         player, card=chosen, level=state.level(player))
    for c in seven:  # then the abilities these moves triggered (8.7.4)
        area_changed(state, c, "clock", events)
    return None


def beginning_abilities(state: GameState, timing: str) -> list[tuple[str, int]]:
    """The active 'at the beginning of ...' abilities of ``timing``: the turn player's, and the other player's
    'at the beginning of your opponent's ...' ones (the ``opponent_turn`` condition)."""
    other = 1 - state.turn_player
    return list(auto_abilities(state, state.turn_player, timing)) + [
        (c, i) for c, i in auto_abilities(state, other, timing)
        if any(cond.kind == "opponent_turn" for cond in state.cards[c].abilities[i].conditions)]


def begin_abilities(state: GameState, events: list, timing: str, key: str) -> bool:
    """The turn player's 'at the beginning of ...' abilities go on stand-by (assumption W4), and the other player's
    'at the beginning of your opponent's ...' ones (the ``opponent_turn`` condition), from where each works (an alarm
    ability from the top of the clock, a memory ability from the memory area); True when some did."""
    found = beginning_abilities(state, timing)
    for c, i in found:
        add_standby(state, events, c, i, {})
        where = works_from_citations(state, c)
        cite_last(events, (cite(key),) + where, ("W4",) + (("W20",) if where else ()))
    due = delayed_due(state, events, timing, key)
    return bool(found or due)


def delayed_due(state: GameState, events: list, timing: str, key: str) -> bool:
    """8.7.5 / 8.7.5.1: the delayed abilities created for this moment go on stand-by, once; True when some did."""
    due = [d for d in state.delayed if d["at"] == timing]
    if due:
        state.delayed = [d for d in state.delayed if d["at"] != timing]
        for d in due:
            add_standby(state, events, d["card"], "delayed", {"effects": d["effects"]}, player=d["player"],
                        label="delayed")
            cite_last(events, (cite("DELAYED_TRIGGER"), cite("DELAYED_ONCE"), cite(key)))
    return bool(due)


def works_from_citations(state: GameState, card_id: str) -> tuple:
    """10.1.2 / 10.9.2 / 10.10.2 for an AUTO ability played from the top of the clock (Alarm), the memory area
    (Memory) or the level area (Experience)."""
    key = {"clock": "ALARM_AUTO", "memory": "MEMORY_AUTO", "level": "EXPERIENCE_AUTO"}.get(state.loc[card_id][1])
    return (cite(key),) if key else ()


def phase_start(state: GameState, events: list, timing: str, key: str) -> None:
    """The phase (or the encore step) named by ``timing`` begins: its 'at the beginning of your <phase>' abilities
    of the turn player's characters and climax go on stand-by (assumption W4)."""
    p = state.turn_player
    label = timing.removeprefix("begin_")
    # 7.7: the encore step is the last step of the attack phase
    state.phase, state.step = ("attack", "encore") if label == "encore" else (label, None)
    emit(events, "phase_start", say("the encore step begins") if label == "encore" else say("the %(phase)s phase begins", phase=label), (key,), p,
         assumptions=("W3",) if key == "CLIMAX_PHASE_START" else ())
    begin_abilities(state, events, timing, key)
    if timing == "begin_main":  # 10.11.2: shift, from the clock, at the beginning of the main phase
        for c in state.zones[p]["clock"]:
            for i, ab in enumerate(state.cards[c].abilities):
                if ab.timing == "shift" and state.level(p) >= ab.level:
                    add_standby(state, events, c, i, {})
                    cite_last(events, (cite("SHIFT"),))
