"""Conditional steps (6.5.c): whether a step's condition holds just before the step, and the condition in words.

Conditions of effects and reactions: being the first player, "if you do" (6.5.d), a die's result (7.3.13.b),
controlling objects in play (2.2.2.n), the type of the card the step before moved (2.2.1.i), the statuses a
sacrificed object had (AL20), the region of the object's expedition."""

from __future__ import annotations

from ..core.agenda import push
from ..core.text import say, say_n
from .actions import EXPEDITIONS
from .passives import expedition_is, has_status, of_subtype
from .primitives import emit


#: the conditions that speak of a player ("you are the first player", "you control..."): in "each player [does]
#: unless [condition]" they are read for each player (AL34)
OF_A_PLAYER = ("first_player", "not_first_player", "controls")


def each_of(state, task) -> list[int]:
    """The players a step every player does is done for, in initiative order: those who chose to ("each player
    may"), else those its "unless" leaves (conditions.py, AL34), else every player."""
    if "yes" in task:
        return list(task["yes"])
    return list(task.get("only", state.initiative()))


def _of_a_player(cond) -> bool:
    return cond in OF_A_PLAYER or isinstance(cond, dict) and "controls" in cond


def step_may_happen(state, task, part, events) -> bool:
    """6.5.c: a conditional step happens when its condition is true ("if [condition], [do step]"), or false ("[do
    step] unless [condition]"), just before it; otherwise it is ignored and the effect goes on.  A player's part of a
    step every player does was checked with the step (step_replacement.py); "each player [does] unless [condition
    of a player]" is read for each player, the step then done for those it leaves (AL34)."""
    if "atomic" in task:
        return True
    me, name = task["player"], state.card(task["card"]).name
    for unless, cond in ((False, part.condition()), (True, part.unless())):
        if not cond:
            continue
        if unless and part.get("each_player") and _of_a_player(cond):
            return _each_unless(state, task, cond, events)
        ok, keys = condition_holds(state, task, cond)
        read = ("AL20",) if isinstance(cond, dict) and ("was" in cond or "was_not" in cond) else ()
        # "if you do" is a condition of its own (6.5.d); the others are 6.5.c's
        keys = keys if keys == ("IF_YOU_DO",) else ("CONDITIONAL",) + keys
        if ok == unless:
            text = (say("%(card)s: %(condition)s, so the step is not done", card=name, condition=describe(cond))
                    if unless else say("%(card)s: the condition (%(condition)s) is not met, the step is ignored",
                                       card=name, condition=describe(cond)))
            emit(events, "step_ignored", text, keys, me, read, card=task["card"])
            return False
        if keys != ("CONDITIONAL",) and not unless:
            emit(events, "condition_met", say("%(card)s: the condition (%(condition)s) is met", card=name,
                                              condition=describe(cond)), keys, me, read, card=task["card"])
    return True


def _each_unless(state, task, cond, events) -> bool:
    """"Each player draws a card unless they are the first player": the condition read for each player just before
    the step (6.5.c), the step done for those for whom it is false (6.1.e: each player's part an atomic action; AL34).
    Read once; the step is then pushed again for the players left, and says whom it leaves out as it happens, so that
    "if you do" after it reads what happened to its controller alone (6.5.d)."""
    if "only" not in task:
        left = [p for p in state.initiative() if not condition_holds(state, {**task, "player": p}, cond)[0]]
        if left:
            push(state, {**task, "only": left})
            return False
    for p in state.initiative():
        if p in task.get("only", ()):
            continue
        keys = condition_holds(state, {**task, "player": p}, cond)[1]
        emit(events, "step_ignored", say("%(card)s: for player %(player)s, %(condition)s, so that player's part of "
                                         "the step is not done", card=state.card(task["card"]).name, player=p,
                                         condition=describe(cond)),
             ("CONDITIONAL", "ATOMIC_EACH") + keys, p, ("AL34",), card=task["card"])
    return "only" in task


def condition_holds(state, task, cond) -> tuple[bool, tuple]:
    """6.5.c: whether a step's condition is true just before the step, and the clauses that say what it counts."""
    me = task["player"]
    if cond in ("first_player", "not_first_player"):
        return (state.first_player == me) == (cond == "first_player"), ()
    if cond == "did":  # 6.5.d: the player began to do the step before (not declined, not impossible)
        return task.get("did", True), ("IF_YOU_DO",)
    if any(k.startswith("roll") for k in cond):  # 7.3.13.b: the result of the die a step before rolled
        result = task.get("roll")
        ok = result is not None and (result >= cond["roll_at_least"] if "roll_at_least" in cond else
                                     result <= cond["roll_at_most"] if "roll_at_most" in cond else
                                     result in cond["roll_in"])
        return ok, ("DICE_RESULT",)
    if "controls" in cond:  # 2.2.2.n: objects in play only, not those in the Reserve or the discard pile
        zone = state.zones[me]["landmarks"] if cond["controls"] == "landmarks" else state.in_expeditions(me)
        return len(of_subtype(state, state.view(), zone, cond.get("subtype"))) >= cond.get("at_least", 1), (
            "SUBTYPE_IN_PLAY",)
    if "it_is" in cond:  # 2.2.1.i, 2.2.2.o: the card the step before moved, wherever it is now
        it = task.get("it")
        typed = it is not None and cond["it_is"] in ("card", state.cards[it].type)
        if cond.get("subtype") is None:
            return typed, ("IS_A_TYPE",)
        # its subtypes as the passive abilities leave them in play (2.3.1.j), printed elsewhere (2.3.1.h)
        return typed and bool(of_subtype(state, state.view(), [it], cond["subtype"])), ("IS_A_SUBTYPE",)
    if "was" in cond or "was_not" in cond:  # AL20: the statuses it had as it left play (the new object has none)
        had = (cond.get("was") or cond.get("was_not")) in task.get("ctx", {}).get("was", ())
        return had == ("was" in cond), ("NEW_OBJECT_FOUND",)
    if "i_am" in cond:  # 2.4.4.a: Boosted while it has boost counters; the other statuses as they are
        return has_status(state, task["card"], cond["i_am"]), ("BOOSTED",) if cond["i_am"] == "boosted" else ()
    if "expedition_is" in cond:  # AL28: the expedition the object is in against the one facing it
        return expedition_is(state, task["card"], cond["expedition_is"], state.has), (
            ("ARENA",) if state.tiebreak else ("EXPEDITION_DISTANCE",))
    here = state.loc.get(task["card"], (0, ""))
    region = None if here[1] not in EXPEDITIONS else (state.hero_at if here[1] == "hero_expedition"
                                                       else state.companion_at)[here[0]]
    return region is not None and cond["in_region"] in state.region_types(region), ()


def describe(cond) -> str:
    """A condition in plain words (each a sentence of its own, for translation)."""
    if cond == "did":
        return say("you did the step before")
    if isinstance(cond, str):
        return cond.replace("_", " ")
    if "roll_at_least" in cond:
        return say("the die shows %(count)s or more", count=cond["roll_at_least"])
    if "roll_at_most" in cond:
        return say("the die shows %(count)s or less", count=cond["roll_at_most"])
    if "roll_in" in cond:
        return say("the die shows %(results)s", results=", ".join(str(r) for r in cond["roll_in"]))
    if "controls" in cond and cond.get("subtype"):
        count = cond.get("at_least", 1)
        return (say_n("you control at least %(count)s landmark of the subtype %(subtype)s",
                      "you control at least %(count)s landmarks of the subtype %(subtype)s", count,
                      subtype=cond["subtype"])
                if cond["controls"] == "landmarks" else
                say_n("you control at least %(count)s character of the subtype %(subtype)s",
                      "you control at least %(count)s characters of the subtype %(subtype)s", count,
                      subtype=cond["subtype"]))
    if "controls" in cond:
        count = cond.get("at_least", 1)
        return (say_n("you control at least %(count)s landmark", "you control at least %(count)s landmarks", count)
                if cond["controls"] == "landmarks" else
                say_n("you control at least %(count)s character", "you control at least %(count)s characters", count))
    if "it_is" in cond and cond.get("subtype"):
        return say("it is of the subtype %(subtype)s", subtype=cond["subtype"])
    if "it_is" in cond:
        return {"character": say("it is a Character"), "spell": say("it is a Spell"),
                "permanent": say("it is a Permanent"), "card": say("it is a card")}[cond["it_is"]]
    if "was" in cond or "was_not" in cond:
        words = {"fleeting": say("Fleeting"), "exhausted": say("Exhausted"), "anchored": say("Anchored"),
                 "asleep": say("Asleep")}[cond.get("was") or cond.get("was_not")]
        return (say("I was %(status)s as I left play", status=words) if "was" in cond
                else say("I was not %(status)s as I left play", status=words))
    if "i_am" in cond:
        return {"boosted": say("I am Boosted"), "exhausted": say("I am Exhausted"), "fleeting": say("I am Fleeting"),
                "anchored": say("I am Anchored"), "asleep": say("I am Asleep")}[cond["i_am"]]
    if "expedition_is" in cond:
        return {"ahead": say("my expedition is ahead of the one facing it"),
                "behind": say("my expedition is behind the one facing it"),
                "level": say("my expedition is as far as the one facing it")}[cond["expedition_is"]]
    return {"forest": say("I am in a Forest region"), "mountain": say("I am in a Mountain region"),
            "water": say("I am in a Water region")}[cond["in_region"]]
