"""Resolving abilities: playing a stand-by ability (8.6), paying costs (COST_ALL_OR_NOTHING) and applying effects (abilities as data: abilities.py)."""

from __future__ import annotations

from ..core.text import say
from ..core.agenda import push
from ..core.decisions import Decision
from .actions import REAR_GUARD_CIRCLES, Action
from .card_effects import COUNTED_CARD_EFFECTS, card_effect, lock_or_delete
from .characteristics import has_keyword, per_amount, requirements_hold
from .delayed import DELAYED_INDEX, create as create_delayed, same_card
from .effect_attack import schedule as schedule_attack
from .keywords import give_keyword
from .loops import loop_closed
from .moving import move_in_column, move_to_circle
from .states import become
from .citations import cite
from .playing import ability_tasks, can_pay, cost_lost, cost_pool, do_call, standing_rear_guards
from .primitives import add_modifier, choose_several, choose_up_to, draw, emit, handler, move, name, own_units, set_rested, soul_charge
from .replacement import ask_first
from .standby import put_into_drop, put_into_soul, retire_unit, retired, soul_watch, trigger
from .state import FRONT_ROW, GameState
from .to_battle import change_attacked
from .call_effect import call_effect
from .several import BATTLE_TARGETS, ROW_TARGETS, battle_targets
from .time_leap import RETURN as TIME_LEAP_RETURN, time_leap, time_leap_return
from .to_hand import bind_to_hand, unit_leaves_field_for, unit_to_hand


@handler("resolve_ability")
def _resolve_ability(state, task, answer, events):
    """8.6.3-8.6.4: play a stand-by ability (asking for optional ones and costs); forerunner (11.8.1)."""
    entry = next((s for s in state.standby if s["id"] == task["id"]), None)
    if entry is None:
        return None
    if answer is None and loop_closed(state, events):
        return None  # 12.1.1.1: a loop nobody can stop, the game is a draw
    card_id, i, player = entry["card"], entry["ability"], entry["player"]
    by = task.get("by", "CHECK_TURN_PLAYER_AUTO")  # the check-timing clause that has this player play it (8.4.1.2-3)
    if i == DELAYED_INDEX:  # a timed trigger (8.6.6): its effects, no cost, not optional
        state.standby = [s for s in state.standby if s["id"] != task["id"]]
        emit(events, "ability_played", say("at a check timing, player %(player)s plays the timed ability of %(card)s",
                                           player=player, card=name(state, card_id)),
             ("CHECK_TIMING", by, "DELAYED_TRIGGER"), player, card=card_id)
        push(state, *({"t": "effect", "part": e, "p": player, "src": card_id, "ctx": entry["ctx"]}
                      for e in entry["ctx"]["delayed"]), {"t": "ability_done", "src": card_id, "by": by})
        return None
    if i < 0:  # forerunner (11.8.1): you may call it from the soul
        if state.loc[card_id][1] != "soul":
            # 8.6.8: it is still played, but the card has left the soul, so it cannot call it: it fails
            state.standby = [s for s in state.standby if s["id"] != task["id"]]
            emit(events, "effect_fizzles",
                 say("forerunner: %(card)s has left the soul, so the ability fails", card=name(state, card_id)),
                 ("AUTO_CARD_MOVED", "KW_FORERUNNER", by), player, card=card_id)
            return None
        if answer is None:
            opts = tuple(Action.make("call", card=card_id,
                                     circle=c) for c in REAR_GUARD_CIRCLES) + (Action.make("pass"),)
            return Decision("forerunner", player,
                            say("forerunner: you may call %(card)s to a rear-guard circle", card=name(state, card_id)), opts,
                            cite("KW_FORERUNNER"))
        state.standby = [s for s in state.standby if s["id"] != task["id"]]
        if answer.kind == "call":
            do_call(state, events, card_id, player, answer.get("circle"), normal=False)
            emit(events, "forerunner", say("forerunner: %(card)s is called", card=name(state, card_id)),
                 ("KW_FORERUNNER", by, "AUTO_MUST_PLAY"), player, card=card_id)
        return None
    ab = state.cards[card_id].abilities[i]
    # a once-per-turn ability counts as used once it is dealt with, played or not (8.1.1.2.3.1; assumption A31)
    once = ("AUTO_NOT_USABLE_REST_OF_TURN", "AUTO_UNPAID_RESTRICTION_APPLIES") if ab.once_per_turn else ()
    if answer is None and not requirements_hold(state, ab, card_id, entry["ctx"]):
        # 8.1.1.2.3: it triggered although its "if" is not met; it is played, and the text the requirement
        # governs does nothing (8.1.1.2.3.2): no cost, no effect, a 1/Turn is used all the same (A35)
        state.standby = [s for s in state.standby if s["id"] != task["id"]]
        if ab.once_per_turn:
            state.used_this_turn.append(f"{card_id}:{i}")
        emit(events, "ability_requirement_unmet",
             say("%(card)s's ability is played, but its requirement is not met: it does nothing", card=name(state, card_id)),
             ("AUTO_REQUIREMENT", "AUTO_REQUIREMENT_PART", by) + once, player,
             assumptions=("A35",) + (("A31",) if once else ()), card=card_id)
        return None
    if answer is None and (ab.optional or ab.cost):
        payable = can_pay(state, player, ab.cost, card_id)
        if not payable:
            state.standby = [s for s in state.standby if s["id"] != task["id"]]
            if ab.once_per_turn:
                state.used_this_turn.append(f"{card_id}:{i}")
            emit(events, "ability_unpaid", say("the cost of %(card)s's ability cannot be paid", card=name(state, card_id)),
                 ("AUTO_COST",) + once, player, assumptions=("A31",) if once else (), card=card_id)
            return None
        return Decision("use_ability", player,
                        (say("use the ability of %(card)s (pay its cost)?", card=name(state, card_id)) if ab.cost
                         else say("use the ability of %(card)s?", card=name(state, card_id))),
                        (Action.make("accept"), Action.make("pass")),
                        cite("AUTO_COST" if ab.cost else "AUTO_MUST_PLAY"))
    state.standby = [s for s in state.standby if s["id"] != task["id"]]
    if ab.once_per_turn:
        state.used_this_turn.append(f"{card_id}:{i}")
    if answer is not None and answer.kind == "pass":
        emit(events, "ability_declined", say("player %(player)s does not use the ability of %(card)s", player=player, card=name(state, card_id)),
             ("AUTO_COST",) + once, player, assumptions=("A31",) if once else (), card=card_id)
        return None
    emit(events, "ability_played", say("at a check timing, player %(player)s plays the %(timing)s ability of %(card)s on stand-by",
             player=player, timing=ab.timing, card=name(state, card_id)), ("CHECK_TIMING", by, "AUTO_MUST_PLAY"), player,
         assumptions=("A17",) if ab.cost else (), card=card_id)
    push(state, *ability_tasks(state, card_id, ab, player, entry["ctx"], by))
    return None


@handler("ability_done")
def _ability_done(state, task, answer, events):
    """8.5.3.5: the ability has resolved."""
    by = (task["by"],) if task.get("by") else ()
    emit(events, "ability_resolved", say("the ability of %(card)s has resolved", card=name(state, task["src"])),
         by + ("ABILITY_RESOLVES",), state.cards[task["src"]].owner, card=task["src"])


@handler("cost")
def _cost(state, task, answer, events):
    """8.5.2.3: pay one cost of an ability (all or nothing)."""
    part = task["part"]
    kind, n, player, src = part["kind"], part.get("count", 0), task["p"], task["src"]
    if cost_lost(state, src):  # 10.30.1: the ability has lost its cost: what the cost names is not done
        emit(events, "cost_lost", say("%(card)s has lost its cost: %(cost)s is not paid", card=name(state, src),
                                      cost=kind), ("LOSE_COST",), player, card=src)
        return None
    if kind == "soul_self":
        # the unit leaves its circle for the soul: a battle role it had ends with it (7.3.1.4.3, 7.3.1.6.1.1)
        b = state.battle or {}
        role = ("ATTACKER_LEFT",) if src == b.get("attacker") else ("BOOSTER_LEFT",) if src == b.get("booster") else ()
        froms = {src: (state.loc[src][1], soul_watch(state, src))}
        move(state, src, "soul", player)
        emit(events, "cost", say("%(card)s is put into the soul as a cost", card=name(state, src)),
             ("COST_INTO_SOUL", "COST_ALL_OR_NOTHING") + role, player, cards=[src])
        put_into_soul(state, events, froms)
        return None
    if kind in ("retire_self", "retire_rear_guard"):  # "[Retire this unit]", "[Retire a rear-guard]" (10.4.1)
        chosen = [src] if kind == "retire_self" else task.get("chosen")
        if chosen is None:
            pool = [r for r in state.rear_guards(player) if r not in state.locked]
            chosen, decision = choose_several(state, task, answer, pool, n, say("choose the rear-guards to retire as a cost"),
                                              "RETIRE")
            if decision:
                return decision
        if ask_first(state, {**task, "chosen": chosen}, chosen):
            return None  # "you may put it ... instead": its owner chooses before it is retired (8.2.1.3.2)
        for c in chosen:
            watched = retire_unit(state, c, player, task.get("replace"))
            if not watched.instead:
                emit(events, "cost", say("%(card)s is retired as a cost", card=name(state, c)),
                     ("RETIRE", "COST_ALL_OR_NOTHING"), player, cards=[c])
            retired(state, events, c, watched)
        return None
    if kind == "rest_rear_guard":  # "[Rest (n) of your rear-guards]": standing ones, chosen as it is paid (10.12.1)
        chosen, decision = choose_several(state, task, answer, standing_rear_guards(state, player), n,
                                          say("choose the rear-guards to rest as a cost"), "STAND_REST")
        if decision:
            return decision
        for c in chosen:
            set_rested(state, c, True)
        emit(events, "cost", say("%(cards)s rested as a cost", cards=", ".join(name(state, c) for c in chosen)),
             ("STAND_REST", "COST_ALL_OR_NOTHING"), player, cards=chosen)
        return None
    if kind == "rest_self":
        set_rested(state, src, True)
        emit(events, "cost", say("%(card)s is rested as a cost", card=name(state, src)), ("STAND_REST", "COST_ALL_OR_NOTHING"), player)
        return None
    if kind == "soul_charge":
        froms = soul_charge(state, player, n)
        emit(events, "cost", say("soul charge %(n)s", n=n), ("SOUL_CHARGE",), player)
        put_into_soul(state, events, froms)
        return None
    pool = cost_pool(state, player, kind, part)
    key = {"counter_blast": "COUNTER_BLAST", "counter_charge": "COUNTER_CHARGE", "soul_blast": "SOUL_BLAST",
           "discard": "DISCARD", "hand_to_soul": "COST_INTO_SOUL"}[kind]
    chosen, decision = choose_several(state, task, answer, pool, n, say("%(cost)s %(n)s: choose the cards", cost=kind.replace("_", " "), n=n),
                                      key)
    if decision:
        return decision
    froms = {c: state.loc[c][1] for c in chosen}
    soul = {c: (z0, None) for c, z0 in froms.items()} if kind == "hand_to_soul" else {}
    _pay_or_do(state, kind, chosen, player)
    # a discard paid as a cost is 10.3.1.1's case of discarding (10.3.1)
    keys = ("DISCARD_COST", key) if kind == "discard" else (key,)
    emit(events, "cost", say("%(cost)s %(n)s paid", cost=kind.replace("_", " "), n=n), keys + ("COST_ALL_OR_NOTHING",), player, cards=chosen)
    put_into_drop(state, events, froms)
    put_into_soul(state, events, soul)
    return None


def _pay_or_do(state: GameState, kind: str, chosen: list[str], player: int) -> None:
    for c in chosen:
        if kind == "counter_blast":
            state.face_down.add(c)
        elif kind == "counter_charge":
            state.face_down.discard(c)
        elif kind in ("soul_blast", "discard", "heal"):
            move(state, c, "drop", player)
        elif kind == "hand_to_soul":  # "[Put a card from your hand into your soul]"
            move(state, c, "soul", player)


def _targets(state: GameState, target: str, player: int, src: str, ctx: dict) -> tuple[list[str], bool]:
    """(candidates, is_choice) for an effect target (resist filters opponents' choices, 11.5)."""
    if target == "self":  # a timed trigger's "this unit" is the card it was created for (delayed.py)
        return ([src] if state.on_field(src) and same_card(state, src, ctx) else []), False
    if target == "own_vanguard":
        vg = state.vanguard(player)
        return ([vg] if vg else []), False
    if target == "guarded_unit":
        g = ctx.get("guarded")
        return ([g] if g and state.on_field(g) else []), False
    if target in ("all_own_rear_guards", "all_opponent_rear_guards"):
        who = player if target == "all_own_rear_guards" else 1 - player
        return [c for c in state.rear_guards(who) if c not in state.locked], False
    if target in ("all_own_front_row", "all_own_units"):  # "your front row units" (4.6.3-4.6.4), "all your units"
        return [c for c in own_units(state, player) if target == "all_own_units" or state.loc[c][1] in FRONT_ROW], False
    if target == "opponent_vanguard":
        vg = state.vanguard(1 - player)
        return ([vg] if vg else []), False
    if target == "placed_unit":  # the other unit whose placement triggered the ability, if still there (4.1.4)
        other = ctx.get("other")
        return ([other] if other and state.on_field(other) and state.loc[other][0] == player else []), False
    if target == "choose_own_unit":
        return own_units(state, player), True
    if target == "choose_own_rear_guard":
        return [c for c in state.rear_guards(player) if c not in state.locked], True
    if target in BATTLE_TARGETS:  # "the boosted unit", "the attacking unit", "the attacked unit" (several.py)
        return battle_targets(state, target, src, ctx), False
    q = 1 - player
    if target == "choose_opponent_unit":
        pool = own_units(state, q)
    elif target in ROW_TARGETS:  # "one of your opponent's front-row (back-row) rear-guards"
        pool = [c for c in state.units(q, ROW_TARGETS[target]) if c not in state.locked]
    else:
        pool = [c for c in state.rear_guards(q) if c not in state.locked]
    return [c for c in pool if not has_keyword(state, c, "resist")], True


#: events that say an effect did nothing: the part after it that depends on it ("if you do") is ignored
_NOT_DONE = frozenset({"effect_fizzles", "draw_impossible"})


@handler("effect")
def _effect(state, task, answer, events):
    """One effect of an ability; when it did nothing (its choice impossible, nothing to act on), the parts after it
    written as depending on it (``if_done``: "if you do") are ignored (8.5.4.1.3)."""
    start = len(events)
    decision = _do_effect(state, task, answer, events)
    if decision is None and state.outcome is None and all(e.kind in _NOT_DONE for e in events[start:]):
        while state.agenda and state.agenda[-1].get("t") == "effect" and state.agenda[-1].get("src") == task["src"] \
                and state.agenda[-1]["part"].get("if_done"):
            ignored = state.agenda.pop()
            emit(events, "effect_fizzles", say("%(kind)s is not done: it depends on the part before it, which was not done",
                                               kind=ignored["part"]["kind"]), ("CHOICE_IMPOSSIBLE",), task["p"])
    return decision


def _do_effect(state, task, answer, events):
    """Apply one effect of an ability (abilities as data: abilities.py); choices follow 8.5.4.1."""
    part, player, src, ctx = task["part"], task["p"], task["src"], task.get("ctx", {})
    kind = part["kind"]
    z = state.zones[player]
    if kind == "draw":
        for _ in range(part["count"]):
            draw(state, player, events)
        return None
    if kind == "soul_charge":
        froms = soul_charge(state, player, part["count"])
        emit(events, "soul_charge", say("soul charge %(n)s", n=part["count"]), ("SOUL_CHARGE",), player)
        put_into_soul(state, events, froms)
        return None
    if kind == "bind_to_hand":  # "put (count) cards from your bind zone into your hand" (as many as there are)
        if not z["bind"]:
            emit(events, "effect_fizzles", say("no card in the bind zone to put into the hand"), ("CHOICE_IMPOSSIBLE",), player)
            return None
        chosen, decision = choose_several(state, task, answer, list(z["bind"]), part["count"],
                                          say("choose the cards to put from your bind zone into your hand"), "ABILITY_RESOLVES")
        if decision:
            return decision
        bind_to_hand(state, events, chosen, player)
        return None
    if kind in ("soul_blast", "counter_blast", "counter_charge", "heal"):
        pool = {"soul_blast": list(z["soul"]), "counter_blast": [d for d in z["damage"] if d not in state.face_down],
                "counter_charge": [d for d in z["damage"] if d in state.face_down], "heal": list(z["damage"])}[kind]
        # a counter blast that is part of an effect, not a cost, is 10.16.1.2's
        key = {"soul_blast": "SOUL_BLAST", "counter_blast": "COUNTER_BLAST_EFFECT", "counter_charge": "COUNTER_CHARGE",
               "heal": "HEAL"}[kind]
        if kind == "counter_blast" and len(pool) < part["count"]:
            # 10.16.1.2: a counter blast in an effect turns that many face-up cards face down or none at all
            # (the others are done as far as they can be, 1.3.2)
            emit(events, "effect_fizzles", say("counter blast %(n)s cannot be performed: fewer than %(n)s damage cards are face up",
                                               n=part["count"]), ("COUNTER_BLAST_EFFECT",), player)
            return None
        chosen, decision = choose_several(state, task, answer, pool, part["count"],
                                          say("%(cost)s: choose the cards", cost=kind.replace("_", " ")), key)
        if decision:
            return decision
        froms = {c: state.loc[c][1] for c in chosen}
        _pay_or_do(state, kind, chosen, player)
        emit(events, kind, say("%(value)s: %(n)s card(s)", value=kind.replace('_', ' '), n=len(chosen)), (key,), player, cards=chosen)
        put_into_drop(state, events, froms)
        return None
    if kind in ("win_game", "lose_game"):
        _game_ends_by_effect(state, events, kind, player if part["player"] == "self" else 1 - player)
        return None
    if kind == "cancel_triggers":
        who = player if part["player"] == "self" else 1 - player
        state.trigger_cancels.append([who, part["duration"]])
        text = (say("the trigger effects of player %(player)s's checks are cancelled until end of battle", player=who)
                if part["duration"] == "end_of_battle" else
                say("the trigger effects of player %(player)s's checks are cancelled until end of turn", player=who))
        emit(events, "triggers_cancelled", text,
             ("CANCEL_TRIGGERS",), who, duration=part["duration"])
        return None
    if kind == TIME_LEAP_RETURN:  # a time leap's timed trigger at the end of the turn (11.32.1.3)
        time_leap_return(state, events, part, player, src, ctx)
        return None
    if kind == "delayed":
        create_delayed(state, events, part, player, src)
        return None
    if kind == "effect_attack":  # "(unit A) attacks (unit B)" (EN 10.34)
        return schedule_attack(state, task, answer, events)
    if kind in COUNTED_CARD_EFFECTS + ("unlock", "declare_name"):  # search, discard, from the drop zone to the hand, unlock (section 10)
        return card_effect(state, task, answer, events)
    if kind == "deal_damage":
        who = player if part["player"] == "self" else 1 - player
        state.vanguard_damage[who] += part["count"]  # 10.32.1; its damage checks come with the rule actions (10.32.2)
        emit(events, "damage_dealt", say("%(n)s damage is dealt to the vanguard of player %(player)s", n=part["count"], player=who),
             ("DAMAGE_DEALT", "DAMAGE_BY_EFFECT_PROCESS"), player, amount=part["count"])
        return None
    if kind == "extra_turn":
        who = player if part["player"] == "self" else 1 - player
        # 12.4.1: added immediately after the current turn, so ahead of any extra turn gained earlier this turn
        # (12.4.2); the turns that would have come anyway follow them
        state.turn_queue = [who] + (state.turn_queue or [1 - state.turn_player])
        emit(events, "extra_turn", say("player %(player)s gets an extra turn after this one", player=who),
             ("EXTRA_TURN", "EXTRA_TURNS_ORDER") if len(state.turn_queue) > 2 else ("EXTRA_TURN",), who,
             assumptions=("A36",), turns=list(state.turn_queue))
        return None
    if kind == "call":  # a superior call from a zone, or a search of the deck (call_effect.py)
        return call_effect(state, task, answer, events)
    if "targets" in task:  # chosen already, before an optional replacement was asked about (replacement.py)
        return _apply_to_targets(state, task, events, [c for c in task["targets"] if state.on_field(c)])
    cands, is_choice = _targets(state, part["target"], player, src, ctx)
    if kind in ("rest", "stand"):  # "rest a (standing) unit", "stand a (rested) unit": one already so is no choice
        cands = [c for c in cands if (c in state.rested) == (kind == "stand")]  # (11.20.2.1)
    chooser = 1 - player if part["target"] == "opponent_chooses_rear_guard" else player  # "your opponent chooses"
    if is_choice and part.get("up_to"):  # "choose up to (count)": from none to that many (8.5.4.1.1)
        targets, decision = choose_up_to(state, {**task, "p": chooser}, answer, cands, part["count"],
                                         say("%(kind)s: choose up to %(n)s targets, or none", kind=kind, n=part["count"]))
        if decision:
            return decision
        if cands and not targets:
            emit(events, "none_chosen", say("%(kind)s: player %(player)s chooses no target", kind=kind, player=chooser),
                 ("CHOOSE_UP_TO",), chooser)
            return None
    elif is_choice and part.get("count", 1) > 1:  # "choose two": as many as there are, up to that (8.5.4.1.2)
        targets, decision = choose_several(state, {**task, "p": chooser}, answer, cands, part["count"],
                                           say("%(kind)s: choose the targets", kind=kind), "CHOOSE_ON_RESOLUTION")
        if decision:
            return decision
    elif is_choice:
        if answer is None and len(cands) > 1:
            return Decision("choose", chooser, say("%(kind)s: choose a target", kind=kind),
                            tuple(Action.make("choose", card=c) for c in cands),
                            cite("CHOOSE_ON_RESOLUTION"))
        targets = [answer.card] if answer is not None else cands[:1]
    else:
        targets = cands
    if kind == "retire" and ask_first(state, {**task, "targets": targets}, targets):
        return None  # "you may put it ... instead": its owner chooses before it is retired (8.2.1.3.2)
    return _apply_to_targets(state, task, events, targets)


def _apply_to_targets(state, task, events, targets):
    """Apply a targeting effect to the units chosen (or found)."""
    part, player, src, ctx = task["part"], task["p"], task["src"], task.get("ctx", {})
    kind = part["kind"]
    if not targets:
        emit(events, "effect_fizzles", say("%(kind)s: no legal target", kind=kind), ("CHOICE_IMPOSSIBLE",), player)
        return None
    for card_id in targets:
        if kind in ("power", "critical", "shield", "drive"):
            amount = per_amount(state, player, part)  # "for each card ...": counted as it resolves (8.2.1.1)
            add_modifier(state, card_id, kind, amount, part["duration"], src)
            emit(events, "modifier",
                 say("%(card)s gets %(amount)s %(stat)s until %(duration)s", card=name(state, card_id), amount=f"{amount:+}",
                     stat=kind, duration=part["duration"].replace("_", " ")),
                 ("CONTINUOUS_EFFECT",), player, card=card_id, stat=kind, amount=amount)
        elif kind == "cannot_use_abilities":
            add_modifier(state, card_id, "no_abilities", 1, part["duration"], src)
            text = (say("%(card)s cannot use its abilities until end of battle", card=name(state, card_id))
                    if part["duration"] == "end_of_battle" else
                    say("%(card)s cannot use its abilities until end of turn", card=name(state, card_id)))
            emit(events, "modifier", text,
                 ("CANNOT_USE_ABILITIES",), player, card=card_id, stat="no_abilities", amount=1)
            for entry in [e for e in state.standby if e["card"] == card_id]:
                # 12.2.1.3: its automatic abilities already on stand-by are cancelled
                state.standby = [e for e in state.standby if e["id"] != entry["id"]]
                emit(events, "standby_cancelled", say("%(card)s cannot use its abilities: its ability on stand-by is cancelled",
                                                      card=name(state, card_id)),
                     ("CANNOT_USE_STANDBY",), state.cards[card_id].owner, card=card_id)
        elif kind == "cannot_be_guarded":
            # card text the rules do not print: the effect that stops the action prevails (1.3.3)
            add_modifier(state, card_id, "guard_grade", part["grade"], part["duration"], src)
            emit(events, "modifier", say("%(card)s cannot be guarded by grade %(grade)s or greater cards from the hand until %(duration)s",
                                         card=name(state, card_id), grade=part["grade"],
                                         duration=part["duration"].replace("_", " ")),
                 ("EFFECT_PREVENTS", "GUARD_CALL"), player, assumptions=("A46",), card=card_id, stat="guard_grade",
                 amount=part["grade"])
        elif kind == "cannot_be_hit":
            add_modifier(state, card_id, "no_hit", 1, part["duration"], src)
            emit(events, "modifier", say("%(card)s cannot be hit until %(duration)s", card=name(state, card_id),
                     duration=part["duration"].replace("_", " ")),
                 ("CONTINUOUS_EFFECT",), player, assumptions=("A19",), card=card_id)
        elif kind == "retire":
            if state.on_field(card_id):
                owner = state.loc[card_id][0]
                watched = retire_unit(state, card_id, owner, task.get("replace"))
                if not watched.instead:
                    emit(events, "retire", say("%(card)s is retired", card=name(state, card_id)), ("RETIRE",), owner,
                         card=card_id)
                retired(state, events, card_id, watched)
        elif kind == "change_attacked":  # "it becomes the attacked unit" (10.21.1)
            change_attacked(state, events, card_id, player)
        elif kind == "stand":
            set_rested(state, card_id, False)
            emit(events, "stand", say("%(card)s stands", card=name(state, card_id)), ("STAND_REST",), player, card=card_id)
            if state.cards[card_id].owner == player:  # Impeto (11.27.1): stood by an effect of one of your cards
                trigger(state, events, "on_stand_by_effect", card_id)
        elif kind == "rest":
            set_rested(state, card_id, True)
            emit(events, "rest", say("%(card)s is rested", card=name(state, card_id)), ("STAND_REST",), player, card=card_id)
        elif kind == "bind":
            move(state, card_id, "bind", state.cards[card_id].owner)
            emit(events, "bind", say("%(card)s is bound", card=name(state, card_id)), ("BIND",), player, card=card_id)
        elif kind == "deck_bottom":
            _deck_bottom(state, events, card_id, player)
        elif kind == "to_soul":
            if state.on_field(card_id):
                owner = state.cards[card_id].owner
                froms = {card_id: (state.loc[card_id][1], soul_watch(state, card_id))}
                move(state, card_id, "soul", owner)
                if state.loc[card_id][1] == "soul":
                    emit(events, "to_soul", say("%(card)s is put into its owner's soul", card=name(state, card_id)),
                         ("TO_SOUL", "MAGIA") if ctx.get("magia") else ("TO_SOUL",), owner, card=card_id)
                    put_into_soul(state, events, froms)
        elif kind == "to_hand":
            unit_to_hand(state, events, card_id, player)
        elif kind == "move_in_column":
            move_in_column(state, events, card_id, player)
        elif kind in ("lock", "delete"):
            lock_or_delete(state, events, card_id, kind, player)
        elif kind == "lose_cost":
            add_modifier(state, card_id, "no_cost", 1, part["duration"], src)
            emit(events, "modifier", say("the abilities of %(card)s lose their cost until %(duration)s",
                                         card=name(state, card_id), duration=part["duration"].replace("_", " ")),
                 ("LOSE_COST",), player, card=card_id, stat="no_cost", amount=1)
        elif kind in ("gain_keyword", "lose_keyword"):
            give_keyword(state, events, card_id, part, src, player)
        elif kind == "move_to_circle":
            move_to_circle(state, events, card_id, player, part["circle"])
        elif kind == "time_leap":
            time_leap(state, events, card_id, player)
        elif kind == "become":
            become(state, events, card_id, part["state"], src, player)
    return None


def _deck_bottom(state: GameState, events: list, card_id: str, player: int) -> None:
    """'Put it on the bottom of the deck': its owner's deck (4.1.6), last of it; not retired, a new card there."""
    unit_leaves_field_for(state, events, card_id, "deck", "deck_bottom",
                          lambda card: say("%(card)s is put on the bottom of its owner's deck", card=card),
                          ("DECK_BOTTOM",), assumptions=("A43",))


def _game_ends_by_effect(state: GameState, events: list, kind: str, who: int) -> None:
    """1.2.5: a player wins or loses while the effect resolves; the game ends there, before any check timing,
    so no rule action (a sixth damage, an empty deck) is looked at first and the rest of the ability is not done."""
    winner = who if kind == "win_game" else 1 - who
    if kind == "lose_game":
        emit(events, "loss", say("player %(player)s loses the game by an effect", player=who),
             ("WIN_LOSS_BY_EFFECT", "LOSE_ENDS_GAME"), who, reason="WIN_LOSS_BY_EFFECT")
    state.outcome = {"winner": winner, "draw": False, "losers": [1 - winner], "reason": "WIN_LOSS_BY_EFFECT"}
    emit(events, "game_over", say("player %(player)s wins the game by an effect", player=winner),
         ("WIN_LOSS_BY_EFFECT", "LOSE_ENDS_GAME"), winner)
