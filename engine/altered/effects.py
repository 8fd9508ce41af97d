"""Resolving effects (6.5): each step of an ability a task of its own, asked in the player's words when it chooses.

A spell, quick action, support ability or reaction pushes one ``effect`` task per step (6.1.c: a step a verb), then
``finish``.  An optional step asks first (6.5.b); a conditional one checks its condition just before (6.5.c); a step
that cannot happen is ignored and the rest goes on (6.5.f).  Targets are chosen as the step resolves (assumption AL6).
A modal ability asks for its mode first (6.5.e); an internal action asks whether its cost is paid (5.4, 6.5.g); an
ongoing emblem lasts for its duration (2.2.13.c).
"""

from __future__ import annotations

from ..core import modifiers
from ..core.agenda import push
from ..core.decisions import Decision
from ..core.text import say, say_n
from .actions import EXPEDITIONS, Action
from .citations import cite
from .primitives import (AGENDA, ability_of, add_counters, also, also_boost, became_boosted, draw, emit, forget_gone,
                         move, name, new_token, others_see_join, outside_a_turn, pay_mana, resupply, trigger)
from .conditions import each_of, step_may_happen
from .step_replacement import KEEP, replaced_step
from .targets import suitable
from .state import Modifier

EFFECT_KEYS = {"lose_status": "LOSE_STATUS", "put_in_play": "PUT_INTO_PLAY", "activate": "ACTIVATE", "put": "IS_A_TYPE",
               "internal": "INTERNAL_ACTION", "ongoing": "EMBLEM_ONGOING", "draw": "DRAW", "resupply": "RESUPPLY",
               "boost": "GAIN_COUNTERS", "stat": "DURATION", "switch": "SWITCH", "send": "SEND",
               "sacrifice": "SACRIFICE", "sabotage": "SABOTAGE", "token": "TOKEN", "ready_mana": "READY",
               "exhaust_mana": "EXHAUST", "status": "GAIN_STATUS", "move": "MOVE_FORWARD", "counters": "GAIN_COUNTERS",
               "after_you": "AFTER_YOU", "remove_counters": "REMOVE_COUNTERS", "roll": "DICE_ROLL"}
#: events that say a step did not happen for its controller: an "if you do" step after it is ignored (6.5.d)
NOT_DONE = ("step_ignored", "skip_step", "cannot_pay", "sabotage")


def push_ability(state, player: int, card_id: str, ability: int, spell: bool = False, ctx: dict | None = None) -> None:
    """Schedule the steps of ``card_id``'s ability ``ability`` for ``player``, then its end (a modal ability:
    the choice of its mode first, 6.5.e); ``ctx``: what the reaction's trigger saw (the statuses it left with)."""
    extra = {"ctx": ctx} if ctx else {}
    if ability_of(state, card_id, ability).modes:
        push(state, {"t": "mode", "player": player, "card": card_id, "ability": ability, "spell": spell, **extra})
        return
    steps = ability_of(state, card_id, ability).effects
    push(state, *[{"t": "effect", "player": player, "card": card_id, "ability": ability, "step": i, **extra}
                  for i in range(len(steps))], {"t": "finish", "card": card_id, "spell": spell})


def _part(state, task):
    ability = ability_of(state, task["card"], task["ability"])
    part = (ability.modes[task["mode"]] if "mode" in task else ability.effects)[task["step"]]
    part = part.get("effects")[task["via"]] if "via" in task else part  # an emblem's (step_replacement.py)
    return part.get("effects")[task["inner"]] if "inner" in task else part


def targets(state, task, part) -> list[str] | None:
    """The objects a step acts on; None when the player chooses one among ``choices(...)``."""
    target, me, card_id = part.get("target", "self"), task["player"], task["card"]
    if target == "self":  # an object in play (counters may go on a landmark or the hero, 2.5.a)
        zones = EXPEDITIONS + (("landmarks", "hero") if part.kind in ("counters", "remove_counters") else ())
        follow = task.get("ctx", {}).get("follow")
        if follow:  # 2.1.e: the ability finds the object its trigger moved into a visible zone, there
            zones += (follow,) if isinstance(follow, str) else ("discard", "reserve", "hand")
        return [card_id] if state.loc.get(card_id, (0, ""))[1] in zones else []
    if target == "each_own":
        return suitable(state, state.in_expeditions(me), part)
    if target == "each_opponent":
        return suitable(state, state.in_expeditions(1 - me), part)
    if target in ("each_mine", "each_facing"):
        return suitable(state, _in_my_expeditions(state, me, card_id, facing=target == "each_facing"), part)
    return None


def _in_my_expeditions(state, me: int, card_id: str, facing: bool) -> list[str]:
    """"Each Character in my expedition" / "in the expedition facing me" (7.2.1.a: the object with the ability),
    its controller's or the opponent's expedition of the same kind; a Giant's are both (7.4.3.f, 7.4.3.h).  An
    object that is in no expedition (a spell, a landmark) has none: the step acts on nothing (1.2.6.f)."""
    here = state.loc.get(card_id, (0, ""))[1]
    if here not in EXPEDITIONS:
        return []
    kinds = EXPEDITIONS if state.has(card_id, "giant") else (here,)
    who = 1 - me if facing else me
    found: list[str] = []
    for kind in kinds:  # a character present in both (a Giant) is one object, acted on once (7.4.3.c)
        found += [c for c in state.present_in(who, kind) if c not in found]
    return found


def choices(state, task, part) -> list[str]:
    """The characters a "choose" target may name; an opponent's Resistente X needs X ready mana (7.4.5.c)."""
    me, target = task["player"], part.get("target")
    mine = state.in_expeditions(me) if target in ("choose_own", "choose_any", "choose_in_play") else []
    theirs = state.in_expeditions(1 - me) if target in ("choose_opponent", "choose_any", "choose_in_play") else []
    # a spell played for free pays no Resistente extra (7.4.5.c's note): any Resistente may be chosen
    ready = 99 if task.get("ctx", {}).get("free") else len(state.ready_mana(me)) + task.get("ctx", {}).get("slack", 0)
    # 7.4.5.a: an opponent's Permanent may have Resistente too
    landmarks = state.zones[me]["landmarks"] + state.zones[1 - me]["landmarks"] if target == "choose_in_play" else []
    reserve = list(state.zones[me]["reserve"]) if target == "choose_own_reserve" else []  # no object in play there
    return suitable(state, mine, part) + reserve + [c for c in suitable(state, theirs + landmarks, part)
                                                    if state.loc[c][0] == me or state.tough(c) <= ready]


def mark_later(state, task, only_next: bool, **fields) -> None:
    """Tell the later steps of the same effect (``only_next``: the next one) what this step did ("if you do", 6.5.d;
    the die rolled, 7.3.13.b).  A new task, never an edit: states share their agenda's task objects."""
    inner = task.get("inner")
    for i in range(len(state.agenda) - 1, -1, -1):
        t = state.agenda[i]
        if (t.get("t") != "effect" or t["card"] != task["card"] or t["ability"] != task["ability"]
                or t.get("mode") != task.get("mode")):
            continue
        if inner is not None:  # a step of an internal action's effect: the next of its steps
            later = t["step"] == task["step"] and t.get("inner", -1) > inner
            nxt = later and t["inner"] == inner + 1
        else:
            later = t["step"] > task["step"]
            nxt = t["step"] == task["step"] + 1 and "inner" not in t
        if nxt or (later and not only_next):
            state.agenda[i] = {**t, **fields}


@AGENDA.handler("effect")
def effect_step(state, task, answer, events):
    """One step; one not done for its controller (declined, impossible, condition false) tells "if you do" (6.5.d)."""
    before = len(events)
    out = _effect_step(state, task, answer, events)
    step, mine = events[before:], task.get("atomic", task["player"]) == task["player"]  # (not another's part)
    # not done for its controller; or not done at all, as an opponent's object that is already Exhausted cannot be
    # exhausted again (7.3.8.b): what the step does to another's object it did not begin to do either
    if any(e.kind in NOT_DONE and e.player == task["player"] for e in step) or (
            mine and step and all(e.kind == "step_ignored" for e in step)):
        mark_later(state, task, True, did=False)
    return out


def _effect_step(state, task, answer, events):
    part, me = _part(state, task), task["player"]
    source = state.card(task["card"])
    if not step_may_happen(state, task, part, events):  # 6.5.c: "if [condition]" / "unless [condition]"
        return None
    if part.get("optional") and part.get("each_player") and "yes" not in task:
        return each_may(state, task, part, answer, events)
    if part.get("optional") and not task.get("accepted") and "yes" not in task:
        if answer is None:
            return Decision("optional", me, say("%(card)s: do the optional step (%(effect)s)?", card=source.name,
                                                effect=part.kind.replace("_", " ")),
                            (Action.make("accept"), Action.make("pass")), cite("OPTIONAL"))
        if answer.kind == "pass":
            emit(events, "skip_step", say("player %(player)s does not do %(card)s's optional step", player=me,
                                          card=source.name), ("OPTIONAL", "OPTIONAL_STEP"), me,
                 card=task["card"])
            return None
        push(state, {**task, "accepted": True})
        return None
    out = replaced_step(state, task, part, answer, events)  # 6.2.e.1: a modifier of the whole step applies first
    return STEP[part.kind](state, task, part, answer, events) if out is KEEP else out


def each_may(state, task, part, answer, events):
    """"Each player may": each chooses in initiative order (1.4.5.a, 6.1.g); the step happens for those who chose to."""
    order = each_of(state, task)  # those an "unless" leaves, if any (AL34)
    said = list(task.get("said", []))
    if answer is None:
        who = order[len(said)]
        return Decision("optional", who, say("%(card)s: do you %(effect)s?", card=name(state, task["card"]),
                                             effect=part.kind.replace("_", " ")),
                        (Action.make("accept"), Action.make("pass")), cite("INITIATIVE"))
    said.append(answer.kind == "accept")
    if answer.kind == "pass":
        emit(events, "skip_step", say("player %(player)s does not %(effect)s", player=order[len(said) - 1],
                                      effect=part.kind.replace("_", " ")),
             ("OPTIONAL", "INITIATIVE"), order[len(said) - 1], card=task["card"])
    if len(said) < len(order):
        push(state, {**task, "said": said})
    else:
        push(state, {**task, "yes": [p for p, yes in zip(order, said) if yes]})
    return None


def _choose(state, task, part, answer, events, act, prompt: str, options: list[str], up_to: bool = False):
    """Ask for one object among ``options`` (none: the step is ignored, 6.5.f, even an "up to one" with nothing
    to choose from: no one is asked to choose nothing), then ``act(card)``."""
    me = task["player"]
    if task.get("tough_for"):
        return _reaction_tough(state, task, answer, events, act)
    if not options:
        emit(events, "step_ignored", say("%(card)s: nothing to choose, the step is ignored",
                                         card=name(state, task["card"])),
             ("PART_IMPOSSIBLE",), me)
        return None
    if answer is None:
        opts = [Action.make("choose", card=c) for c in options] + ([Action.make("pass")] if up_to else [])
        return Decision("choose", me, prompt, tuple(opts), cite(EFFECT_KEYS[part.kind]))
    if answer.kind == "choose":
        card_id = answer.card
        free = task.get("ctx", {}).get("free")  # a spell played for free pays no Resistente extra (7.4.5.c's note)
        tough = state.tough(card_id) if state.loc[card_id][0] != me and not free else 0
        if tough and task.get("ctx", {}).get("reaction"):  # a reaction's extra cost may be refused (5.5.d, AL12)
            push(state, {**task, "tough_for": card_id})
            return None
        if tough:
            slack = _use_slack(state, task, tough)
            pay_mana(state, me, tough - slack)
            if slack:
                emit(events, "pay_tough", say("player %(player)s pays %(count)s more for Resistente, %(less)s less "
                                              "by a cost reduction", player=me, count=tough - slack, less=slack),
                     ("TOUGH", "COST_CHANGE"), me, ("AL16", "AL36"), card=card_id, count=tough - slack, reduced=slack)
            else:
                emit(events, "pay_tough", say("player %(player)s pays %(count)s more for Resistente",
                                              player=me, count=tough),
                     ("TOUGH",), me, card=card_id, count=tough)
        act(card_id)
    return None


def _use_slack(state, task, tough: int) -> int:
    """The part of a cost reduction the spell's own cost left unused that lowers this Resistente extra (AL36),
    used up for the spell's later steps."""
    slack = min(tough, task.get("ctx", {}).get("slack", 0))
    if slack:
        state.agenda = [{**t, "ctx": {**t["ctx"], "slack": t["ctx"]["slack"] - slack}}
                        if t.get("card") == task["card"] and "slack" in t.get("ctx", {}) else t for t in state.agenda]
    return slack


def _reaction_tough(state, task, answer, events, act):
    """5.5.c-d, 7.4.5.c: a reaction targeting an opponent's Resistente X object costs X more; its controller pays it
    (the target acted on) or plays the reaction without paying, and then it has no effect: its remaining steps are
    not done (6.4.g; the extra is paid as the target is chosen, AL12)."""
    me, card_id = task["player"], task["tough_for"]
    tough = state.tough(card_id)
    if answer is None:
        return Decision("reaction_cost", me, say("%(card)s: pay %(count)s more mana for Resistente?",
                                                 card=name(state, task["card"]), count=tough),
                        (Action.make("accept"), Action.make("pass")), cite("TOUGH"))
    if answer.kind == "pass":
        emit(events, "skip_step", say("player %(player)s does not pay: the reaction ceases to exist without effect",
                                      player=me), ("REACTION_COST", "TOUGH", "REACTION_COST_REFUSED"), me,
             card=task["card"], assumptions=("AL12",))
        while state.agenda and state.agenda[-1].get("t") == "effect" and state.agenda[-1].get("card") == task["card"] \
                and state.agenda[-1].get("ability") == task["ability"]:
            state.agenda.pop()
        return None
    pay_mana(state, me, tough)
    emit(events, "pay_tough", say("player %(player)s pays %(count)s more for Resistente", player=me, count=tough),
         ("TOUGH", "REACTION_COST"), me, ("AL12",), card=card_id, count=tough)
    act(card_id)
    return None


def _each(state, task, part, answer, events, act, prompt: str):
    chosen = targets(state, task, part)
    if chosen is None:
        return _choose(state, task, part, answer, events, act, prompt, choices(state, task, part))
    if not chosen:  # "me" that has moved is a new object the step cannot find (2.1.c)
        moved = part.get("target", "self") == "self" and task["card"] in state.loc
        emit(events, "step_ignored", say("%(card)s: no object to act on, the step is ignored",
                                         card=name(state, task["card"])),
             ("PART_IMPOSSIBLE",) + (("NEW_OBJECT",) if moved else ()), task["player"])
    for card_id in chosen:
        act(card_id)
    return None


def _players(state, task, part) -> list[int]:
    if part.get("each_player") or "yes" in task:
        return each_of(state, task)
    return [1 - task["player"] if part.get("opponent") else task["player"]]


def _draw(state, task, part, answer, events):
    keys = ("DRAW", "INITIATIVE") if part.get("each_player") else ("DRAW",)
    for p in _players(state, task, part):
        draw(state, p, part.get("count"), events, keys)


def _resupply(state, task, part, answer, events):
    for p in _players(state, task, part):
        for _ in range(part.get("count")):
            resupply(state, p, events)


def _boost(state, task, part, answer, events):
    def act(card_id):
        before = state.boosts(card_id)
        add_counters(state, card_id, part.get("count"))
        emit(events, "boost", say_n("%(card)s gains %(count)s boost counter", "%(card)s gains %(count)s boost counters",
                                    part.get("count"), card=name(state, card_id)),
             ("GAIN_COUNTERS", "BOOST_COUNTER"), state.loc[card_id][0], card=card_id, count=part.get("count"))
        also_boost(state, card_id, events)
        became_boosted(state, card_id, before, events)
    return _each(state, task, part, answer, events, act, say("choose the character that gains boost counters"))


def _stat(state, task, part, answer, events):
    def act(card_id):
        m = modifiers.add(state, Modifier(state.tick(), card_id, part.get("stat"), part.get("amount"),
                                          part.get("duration"), task["card"]))
        emit(events, "modifier", say("%(card)s gets %(amount)s %(stat)s this %(duration)s", card=name(state, card_id),
                                     amount=f"{m.amount:+}", stat=m.stat, duration=m.duration),
             ("DURATION",), state.loc[card_id][0], outside_a_turn(state, m.duration), card=card_id, modifier=m.order)
    return _each(state, task, part, answer, events, act, say("choose the character whose statistics change"))


def _token(state, task, part, answer, events):
    me, where = task["player"], part.get("where")
    here = state.loc.get(task["card"], (me, ""))[1]  # a ceased token's reaction: in no expedition now
    # 7.4.3.f: "my expedition" of a Giant is each of its controller's expeditions
    giant = where == "mine" and here in EXPEDITIONS and state.has(task["card"], "giant")
    places = {"hero": ["hero_expedition"], "companion": ["companion_expedition"], "each": list(EXPEDITIONS),
              "mine": list(EXPEDITIONS) if giant else [here if here in EXPEDITIONS else "hero_expedition"]}[where]
    data = {k: part.get(k) for k in ("name", "forest", "mountain", "water")}
    data["keywords"], data["abilities"] = part.get("keywords", ()), part.get("abilities", ())
    made = []
    for expedition in places:  # 6.1.e: one step, an atomic action per token
        for _ in range(part.get("count", 1)):
            token_id = new_token(state, me, data, expedition)
            made.append(token_id)
            emit(events, "token", say("player %(player)s creates a %(card)s token in the %(zone)s", player=me,
                                      card=data["name"], zone=expedition.replace("_", " ")),
                 ("TOKEN",) + (("TOKEN_ABILITIES",) if data["abilities"] else ()) + (("GIANT_MINE",) if giant else ()),
                 me, card=token_id)
            # 7.1.1's note: a token enters play without being played, so its "when I enter" reactions trigger
            trigger(state, token_id, "on_enter", events, keys=("TRIGGER_ON_ENTERING",))
            trigger(state, token_id, "on_join_expedition", events, keys=("JOINS_TOKEN",))
    for token_id in made:  # created at once (6.1.f): the new tokens did not exist before, so see none of the others
        others_see_join(state, token_id, events, ("JOINS_TOKEN",), tuple(made))


def _mana(state, task, part, answer, events):
    me = 1 - task["player"] if part.get("opponent") else task["player"]
    if part.kind == "ready_mana":
        orbs = [c for c in state.zones[me]["mana"] if c in state.exhausted][:part.get("count")]
        state.exhausted.difference_update(orbs)
        emit(events, "ready_mana", say_n("player %(player)s readies %(count)s mana orb",
                                             "player %(player)s readies %(count)s mana orbs", len(orbs), player=me),
             ("READY",), me, count=len(orbs))
    else:
        orbs = pay_mana(state, me, part.get("count"))
        emit(events, "exhaust_mana", say_n("player %(player)s exhausts %(count)s mana orb",
                                           "player %(player)s exhausts %(count)s mana orbs", len(orbs), player=me), ("EXHAUST",), me, count=len(orbs))


def _status(state, task, part, answer, events):
    status = part.get("status")

    def act(card_id):
        if card_id in getattr(state, status):
            emit(events, "step_ignored", say("%(card)s is already %(status)s",
                                             card=name(state, card_id), status=status),
                 ("STATUS_ONCE",), state.loc[card_id][0], card=card_id)
            return
        getattr(state, status).add(card_id)
        emit(events, "status", say("%(card)s becomes %(status)s", card=name(state, card_id), status=status),
             ("GAIN_STATUS",), state.loc[card_id][0], card=card_id, status=status)
        also(state, card_id, {("status", status)}, events)
        trigger(state, card_id, f"on_become_{status}", events)
    return _each(state, task, part, answer, events, act, say("choose the character that becomes %(status)s",
                                                             status=status))


def _counters(state, task, part, answer, events):
    def act(card_id):
        before = state.boosts(card_id)
        add_counters(state, card_id, part.get("count"), part.get("name"))
        emit(events, "counters", say_n("%(card)s gains %(count)s %(counter)s counter", "%(card)s gains %(count)s %(counter)s counters",
                                       part.get("count"), card=name(state, card_id), counter=part.get("name")),
             ("GAIN_COUNTERS",), state.loc[card_id][0], card=card_id, counter=part.get("name"))
        also(state, card_id, {("counters", part.get("name"))}, events)
        if part.get("name") == "boost":
            became_boosted(state, card_id, before, events)
    return _each(state, task, part, answer, events, act, say("choose the object that gains %(counter)s counters",
                                                             counter=part.get("name")))


#: the step kinds by their resolution; leaving.py and step_kinds.py add theirs
STEP = {"draw": _draw, "resupply": _resupply, "boost": _boost, "stat": _stat, "token": _token, "ready_mana": _mana,
        "exhaust_mana": _mana, "status": _status, "counters": _counters}


@AGENDA.handler("finish")
def finish(state, task, answer, events):
    """5.2.3.j / 2.4.6.f: a spell that has resolved goes to the Reserve, or the discard pile when Fleeting."""
    card_id = task["card"]
    for gone in list(state.gone):  # a ceased token's reactions have resolved (or it had none left to trigger)
        forget_gone(state, gone)
    if task["spell"] and state.loc.get(card_id, (0, ""))[1] == "limbo":
        fleeting = card_id in state.fleeting
        move(state, card_id, "discard" if fleeting else "reserve")
        emit(events, "spell_resolved", (say("%(card)s goes to the discard pile", card=name(state, card_id)) if fleeting
                                        else say("%(card)s goes to the Reserve", card=name(state, card_id))),
             ("FLEETING_SPELL_DISCARD",) if fleeting else ("SPELL_TO_RESERVE",), state.cards[card_id].owner,
             card=card_id)
    return None
