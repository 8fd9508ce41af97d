"""The steps of the vocabulary beyond the common effects: a modal ability's choice (6.5.e), putting a card from
the hand into the Reserve (2.2.1.i), ongoing emblems and their end (2.2.2.m, 2.2.13.c), internal actions (5.4,
6.5.g), losing a status (7.3.9), removing counters (2.5.f), "After you" (7.3.2), moving an expedition (7.3.10,
7.3.11; a Giant's, 7.4.3.f-h), rolling a die (7.3.13).  Each registers itself in ``effects.STEP`` (the agenda's
``effect`` task resolves it like any step).
"""

from __future__ import annotations

from itertools import combinations, permutations

from ..core.agenda import push
from ..core.decisions import Decision
from ..core.events import cite_last
from ..core.rng import next_u64, shuffled
from ..core.text import say, say_n
from .actions import EXPEDITIONS, Action
from .adventure import check_victory, step_expedition
from .citations import cite, cites
from .conditions import each_of
from .effects import STEP, _choose, _each, mark_later
from .leaving import send
from .passives import derive
from .primitives import AGENDA, ability_of, became_boosted, emit, move, name, others_see_join, outside_a_turn, pay_mana, trigger
from .targets import targets_exist


@AGENDA.handler("mode")
def mode(state, task, answer, events):
    """6.5.e: the player chooses one mode; the modes not chosen are ignored."""
    modes = ability_of(state, task["card"], task["ability"]).modes
    if answer is None:  # 5.2.3.d: a mode whose target has no legal object cannot be declared (all, if none can)
        ctx = task.get("ctx", {})  # played for free, or a cost reduction left over, pays Resistente (7.4.5.c, AL36)
        ready = 99 if ctx.get("free") else len(state.ready_mana(task["player"])) + ctx.get("slack", 0)
        legal = [m for m in range(len(modes)) if targets_exist(state, task["player"], modes[m], ready)]
        return Decision("mode", task["player"], say("%(card)s: choose one mode", card=name(state, task["card"])),
                        tuple(Action.make("mode", mode=m) for m in legal or range(len(modes))), cite("MODAL"))
    m = answer.get("mode")
    emit(events, "mode", say("player %(player)s chooses mode %(mode)s of %(card)s", player=task["player"],
                             mode=m + 1, card=name(state, task["card"])), ("MODAL",), task["player"],
         card=task["card"], mode=m)
    base = {"t": "effect", "player": task["player"], "card": task["card"], "ability": task["ability"], "mode": m,
            **({"ctx": task["ctx"]} if task.get("ctx") else {})}
    push(state, *[{**base, "step": i} for i in range(len(modes[m]))],
         {"t": "finish", "card": task["card"], "spell": task["spell"]})
    return None


def _put(state, task, part, answer, events):
    """Put a card of your choice from your hand into the Reserve, the discard pile ("discard a card", 7.3.4.a) or
    the Mana zone (face down and exhausted, not revealed, 3.2.9.b); the next step may ask what it is (2.2.1.i)."""
    me, to = task["player"], part.get("to")
    if part.get("opponent") or part.get("random"):  # 3.2.5.c: the hand revealed to me and I choose, or at random
        return _put_theirs(state, task, part, answer, events)

    def act(card_id, who=me):
        move(state, card_id, to)
        if to == "mana":
            state.exhausted.add(card_id)
            emit(events, "put", say("player %(player)s puts a card from the hand into the Mana zone, face down and "
                                    "exhausted", player=who), ("MANA_FACE_DOWN",), who, card=card_id)
        elif to == "discard":
            emit(events, "put", say("player %(player)s discards %(card)s from the hand", player=who,
                                    card=name(state, card_id)), ("DISCARD",), who, card=card_id)
        else:
            emit(events, "put", say("player %(player)s puts %(card)s from the hand into the Reserve", player=who,
                                    card=name(state, card_id)), ("SEND",), who, card=card_id)
        _tell_next(state, task, card_id)
    prompt = {"reserve": say("choose the card you put into your Reserve"),
              "discard": say("choose the card you discard from your hand"),
              "mana": say("choose the card you put into your Mana zone")}[to]
    if part.get("each_player"):
        return _put_each(state, task, answer, act, prompt)
    return _choose(state, task, part, answer, events, act, prompt, list(state.zones[me]["hand"]))


def _put_each(state, task, answer, act, prompt):
    """"Each player discards a card from their hand": each chooses one of theirs in initiative order, the choice
    made explicit but not revealed (1.4.5.a, 6.1.g); then every card chosen is put at once (6.1.f, as AL10)."""
    players, done = each_of(state, task), task.get("done", 0)  # "each may", "unless" (AL34)
    chosen = [list(c) for c in task.get("chosen", [])]
    if done < len(players):
        hand = list(state.zones[players[done]]["hand"])
        if hand and answer is None:
            return Decision("choose", players[done], prompt, tuple(Action.make("choose", card=c) for c in hand),
                            cite("INITIATIVE"))
        chosen += [[players[done], answer.card]] if hand else []  # an empty hand: nothing to put (6.5.f)
        push(state, {**task, "done": done + 1, "chosen": chosen, "accepted": True})
        return None
    for who, card_id in chosen:
        act(card_id, who)
    return None


def _put_theirs(state, task, part, answer, events):
    """"Your opponent discards a card from their hand" (or puts it into their Reserve or Mana zone): the card is
    chosen by the effect's controller, to whom the hand is revealed (3.2.5.c); it goes to its owner's zone.  "At
    random", from either player's hand: no one chooses (3.2.5.c)."""
    me, to = task["player"], part.get("to")
    owner = 1 - me if part.get("opponent") else me

    def act(card_id):
        move(state, card_id, to)
        if to == "mana":
            state.exhausted.add(card_id)
        words = {"player": owner, "chooser": me, "card": name(state, card_id)}
        if part.get("random"):
            # No one chose: a sentence carries only the fields its template says (the sandbox finds it again by them).
            player, card = words["player"], words["card"]
            text = {"discard": say("player %(player)s discards %(card)s from the hand, at random", player=player,
                                   card=card),
                    "reserve": say("player %(player)s puts %(card)s from the hand into the Reserve, at random",
                                   player=player, card=card),
                    "mana": say("player %(player)s puts a card from the hand into the Mana zone, face down and "
                                "exhausted, at random", player=player)}[to]
        else:
            text = {"discard": say("player %(player)s discards %(card)s from the hand, chosen by player "
                                   "%(chooser)s, who saw that hand", **words),
                    "reserve": say("player %(player)s puts %(card)s from the hand into the Reserve, chosen by player "
                                   "%(chooser)s, who saw that hand", **words),
                    "mana": say("player %(player)s puts a card from the hand into the Mana zone, face down and "
                                "exhausted, chosen by player %(chooser)s, who saw that hand", **words)}[to]
        keys = ("HAND_RANDOM" if part.get("random") else "HAND_REVEALED",
                {"discard": "DISCARD", "reserve": "SEND", "mana": "MANA_FACE_DOWN"}[to])
        emit(events, "put", text, keys, owner, () if part.get("random") else ("AL30",), card=card_id)
        _tell_next(state, task, card_id)
    hand = list(state.zones[owner]["hand"])
    if part.get("random") and hand:  # "at random": no one chooses, and the hand is not revealed (3.2.5.c)
        return act(at_random(state, hand))
    return _choose(state, task, part, answer, events, act, say("choose the card of your opponent's hand"), hand)


def at_random(state, cards: list[str]) -> str:
    """One of ``cards`` at random (3.2.5.c): the card the scenario names next when it is one of them (the judge's
    ruling says "the card taken at random is X"), else the seeded PRNG's; a name is used up either way."""
    if state.at_random:
        named, state.at_random = state.at_random[0], state.at_random[1:]
        if named in cards:
            return named
    state.rng, r = next_u64(state.rng)
    return cards[r % len(cards)]


def _tell_next(state, task, card_id: str) -> None:
    """The next step of the same effect learns which card this one moved ("if it is a Permanent", 2.2.1.i)."""
    for i in range(len(state.agenda) - 1, -1, -1):
        t = state.agenda[i]
        if t.get("t") == "effect" and t["card"] == task["card"] and t["step"] == task["step"] + 1:
            state.agenda[i] = {**t, "it": card_id}  # a new task: states share their agenda's task objects
            return


def _ongoing(state, task, part, answer, events):
    """2.2.2.m, 2.2.13.b-c: an ongoing emblem in Limbo, with the step's passive effects, for the duration; with a
    target, for that object alone ("target Character gains Defender this turn"), ending if it moves (2.1.c)."""
    if part.get("target"):
        return _each(state, task, part, answer, events, lambda card_id: _emblem(state, task, part, events, card_id),
                     say("choose the character the effect applies to"))
    return _emblem(state, task, part, events, None)


def _emblem(state, task, part, events, target) -> None:
    stamp = max(list(state.since.values()) + [e["stamp"] for e in state.emblems], default=0) + 1
    emblem = {"card": task["card"], "ability": task["ability"], "step": task["step"], "player": task["player"],
              "duration": part.get("duration"), "stamp": stamp}
    if "mode" in task:
        emblem["mode"] = task["mode"]
    if target is not None:
        emblem["target"] = target
    state.emblems = state.emblems + [emblem]
    card, lasting = name(state, task["card"]), part.get("duration")
    text = {"turn": say("%(card)s creates an ongoing emblem lasting this turn", card=card),
            "afternoon": say("%(card)s creates an ongoing emblem lasting this afternoon", card=card),
            "day": say("%(card)s creates an ongoing emblem lasting this day", card=card)}[lasting]
    emit(events, "emblem", text,
         ("EMBLEM_ONGOING", "EMBLEM_DURATION"), task["player"], outside_a_turn(state, lasting), card=task["card"])


def expire_emblems(state, point: str, events: list) -> None:
    """The ongoing emblems whose duration ends at ``point`` cease to exist (2.2.13.c), used or not."""
    ends = {"turn": ("turn",), "afternoon": ("turn", "afternoon"), "day": ("turn", "afternoon", "day")}[point]
    gone = [e for e in state.emblems if e["duration"] in ends]
    if gone:
        state.emblems = [e for e in state.emblems if e["duration"] not in ends]
        for e in gone:
            emit(events, "emblem_ends", say("the ongoing emblem of %(card)s ceases to exist", card=name(state, e["card"])),
                 ("EMBLEM_DURATION",), e["player"], card=e["card"])


def can_pay(state, player: int, cost) -> bool:
    """1.2.5.c: every part of the cost can be paid in full."""
    mana = sum(c.get("count", 0) for c in cost if c.kind == "mana")
    return len(state.ready_mana(player)) >= mana and all(
        state.zones[player]["hand"] for c in cost if c.kind == "hand_to_reserve")


def _internal(state, task, part, answer, events):
    """5.4, 6.5.g: "you may pay [cost] to [effect]": always optional; the cost is one step (6.1.d), its effect's
    steps follow; declined (or not payable in full), it is ignored and the effect goes on (6.4.f)."""
    me, cost = task["player"], part.get("cost")
    card_cost = any(c.kind == "hand_to_reserve" for c in cost)
    if answer is None and not can_pay(state, me, cost):
        # 1.2.5.c: a cost that cannot be paid in full is not paid: nothing to ask, the action is ignored (6.4.f)
        emit(events, "cannot_pay", say("player %(player)s cannot pay the internal action's cost in full: it is "
                                       "ignored", player=me), ("COST_IN_FULL", "INTERNAL_DECLINED"), me,
             card=task["card"])
        return None
    if answer is None:
        pays = [Action.make("choose", card=c) for c in state.zones[me]["hand"]] if card_cost else [Action.make("accept")]
        return Decision("internal", me, say("%(card)s: pay the cost of the internal action?",
                                            card=name(state, task["card"])),
                        tuple(pays) + (Action.make("pass"),), cite("INTERNAL_ACTION"))
    if answer.kind == "pass":
        emit(events, "skip_step", say("player %(player)s does not pay: the internal action is ignored", player=me),
             ("INTERNAL_DECLINED", "INTERNAL_ACTION"), me, card=task["card"])
        return None
    mana = pay_mana(state, me, sum(c.get("count", 0) for c in cost if c.kind == "mana"))
    if card_cost:
        move(state, answer.card, "reserve")
    text = (say("player %(player)s pays %(mana)s mana and puts %(card)s from the hand into the Reserve", player=me,
                mana=len(mana), card=name(state, answer.card)) if card_cost
            else say("player %(player)s pays %(mana)s mana", player=me, mana=len(mana)))
    emit(events, "pay_cost", text, ("COST_ONE_STEP", "INTERNAL_ACTION", "MANA_COST"), me, card=task["card"])
    push(state, *[{**task, "inner": k} for k in range(len(part.get("effects")))])
    return None


def _put_in_play(state, task, part, answer, events):
    """A character of the player's hand or Reserve put into play (not played: 7.1.1's note): it joins the
    expedition named, and its "when I enter play" reactions trigger although they did not exist before (6.3.d)."""
    me, where = task["player"], part.get("where")

    def act(card_id):
        expedition = "companion_expedition" if where == "companion" else "hero_expedition"
        move(state, card_id, expedition)
        emit(events, "joins", say("%(card)s is put into play in player %(player)s's expedition",
                                  card=name(state, card_id), player=me), ("PUT_INTO_PLAY",), me, card=card_id)
        trigger(state, card_id, "on_enter", events, keys=("TRIGGER_ON_ENTERING",))
        trigger(state, card_id, "on_join_expedition", events)
        others_see_join(state, card_id, events)
        became_boosted(state, card_id, 0, events)  # it keeps its boosts from the Reserve (2.5.j) and enters Boosted
    options = [c for c in state.zones[me][part.get("from")] if state.cards[c].type == "character"]
    return _choose(state, task, part, answer, events, act, say("choose the character you put into play"), options)


def _activate(state, task, part, answer, events):
    """7.3.1.b, 7.3.1.d: the chosen Permanent's reactions with that trigger are created by it, not by the object
    whose ability activated them: they are its controller's, and "I" in them is that Permanent."""
    me = task["player"]

    def act(card_id):
        if not trigger(state, card_id, part.get("trigger"), events, keys=("ACTIVATE", "ACTIVATE_OWNER")):
            emit(events, "step_ignored", say("%(card)s has no reaction with that trigger", card=name(state, card_id)),
                 ("PART_IMPOSSIBLE",), me, card=card_id)
    return _choose(state, task, part, answer, events, act, say("choose the Permanent whose reactions you activate"),
                   list(state.zones[me]["landmarks"]))


def _move(state, task, part, answer, events):
    """7.3.10, 7.3.11: move an expedition; "my expedition", "my other expedition", "the expedition facing me" are
    read from the object with the ability, a Giant's being both of its controller's (7.4.3.f-h); then victory."""
    expedition, direction = part.get("expedition"), part.get("direction")
    if expedition in ("hero", "companion"):
        moves, keys = [(1 - task["player"] if part.get("opponent") else task["player"], expedition)], ()
    else:
        owner, here = state.loc.get(task["card"], (task["player"], ""))
        if here not in EXPEDITIONS:  # "me" is in no expedition (a spell, a landmark, gone): nothing to move
            emit(events, "step_ignored", say("%(card)s is in no expedition: the step is ignored",
                                             card=name(state, task["card"])), ("PART_IMPOSSIBLE",), task["player"])
            return
        giant = state.has(task["card"], "giant")
        mine = ["hero", "companion"] if giant else [here.split("_")[0]]
        if expedition == "other" and giant:  # 7.4.3.g: a Giant's other expedition is none
            emit(events, "step_ignored", say("%(card)s is a Giant: its other expedition is none, the step is ignored",
                                             card=name(state, task["card"])), ("GIANT_OTHER",), task["player"])
            return
        if expedition == "other":
            mine = ["companion" if mine[0] == "hero" else "hero"]
        who = 1 - owner if expedition == "facing" else owner  # facing: the opponent's of the same kind (AL8)
        moves = [(who, e) for e in mine]
        keys = () if not giant else ("GIANT_MINE",) if expedition == "mine" else ("GIANT_FACING",)
    for player, exp in moves:
        if step_expedition(state, player, exp, direction, events) and keys:
            cite_last(events, cites(*keys))
    check_victory(state, events)


def _die(state) -> int:
    """One fair six-sided die: a result the scenario gives, else the seeded PRNG (7.3.13.a)."""
    if state.dice:
        result, state.dice = state.dice[0], state.dice[1:]
        return result
    state.rng, r = next_u64(state.rng)
    return 1 + r % 6


def _roll(state, task, part, answer, events):
    """7.3.13.a: roll a die; the later steps of the effect read the result (7.3.13.b).  A passive ability of the
    roller's may give more dice to choose from or a change of the result (7.3.13.c): every die is rolled first,
    then the player, seeing them, chooses the result kept (a die, with the changes they use)."""
    me = task["player"]
    if "rolled" not in task:
        view = derive(state)
        helps = [src.part for src in (view.dice if view else []) if src.player == me]
        rolled = [_die(state) for _ in range(1 + sum(h.get("extra") or 0 for h in helps))]
        changes = [h.get("modify") for h in helps if h.get("modify")]
        results = {r for r in rolled}
        for change in changes:  # each change may be used or not
            results |= {r + change for r in results}
        if len(results) > 1:
            push(state, {**task, "rolled": rolled, "results": sorted(results)})
            return None
        return _rolled(state, task, rolled, rolled[0], events, ("DICE_ROLL",))
    if answer is None:
        dice = ", ".join(str(r) for r in task["rolled"])
        return Decision("die", me, say("player %(player)s rolled %(dice)s: choose the result kept",
                                       player=me, dice=dice),
                        tuple(Action.make("die", result=r) for r in task["results"]), cite("DICE_CHOOSE"))
    return _rolled(state, task, task["rolled"], answer.get("result"), events, ("DICE_CHOOSE", "DICE_ROLL"))


def _rolled(state, task, rolled, result, events, keys) -> None:
    if len(rolled) == 1 and result == rolled[0]:
        text = say("player %(player)s rolls a die: %(result)s", player=task["player"], result=result)
    else:
        text = say("player %(player)s rolls %(dice)s and keeps %(result)s", player=task["player"],
                   dice=", ".join(str(r) for r in rolled), result=result)
    read = ("AL22",) if "DICE_CHOOSE" in keys else ()  # more dice or a change of the roll: how they combine
    emit(events, "roll", text, keys, task["player"], read, result=result, dice=list(rolled))
    mark_later(state, task, False, roll=result)


def _lose_status(state, task, part, answer, events):
    """7.3.9: the object stops having the status; one without it cannot lose it (7.3.9.b)."""
    status = part.get("status")

    ready = status == "exhausted"  # losing Exhausted is readying (7.3.12.a): its own clauses are the most specific

    def act(card_id):
        if card_id not in getattr(state, status):
            emit(events, "step_ignored", say("%(card)s does not have that status: it cannot lose it",
                                             card=name(state, card_id)),
                 (("READY_NOT_EXHAUSTED",) if ready else ()) + ("LOSE_STATUS_NOT_HELD",), state.loc[card_id][0],
                 card=card_id)
            return
        getattr(state, status).discard(card_id)
        emit(events, "lose_status", say("%(card)s loses a status", card=name(state, card_id)),
             (("READY",) if ready else ()) + ("LOSE_STATUS",), state.loc[card_id][0], card=card_id, status=status)
    return _each(state, task, part, answer, events, act, say("choose the character that loses the status"))


def _remove_counters(state, task, part, answer, events):
    """2.5.f: "remove X [name] counters": an object with X or fewer has none left, one with more has X fewer."""
    counter, count = part.get("name"), part.get("count")

    def act(card_id):
        held = state.counters.get(card_id, {}).get(counter, 0)
        state.counters.setdefault(card_id, {})[counter] = held - min(held, count)
        emit(events, "counters_removed", say_n("%(card)s loses %(count)s %(counter)s counter",
                                               "%(card)s loses %(count)s %(counter)s counters", min(held, count),
                                               card=name(state, card_id), counter=counter),
             ("REMOVE_COUNTERS",), state.loc[card_id][0], card=card_id, counter=counter, count=min(held, count))
    return _each(state, task, part, answer, events, act, say("choose the object that loses %(counter)s counters",
                                                             counter=counter))


def _after_you(state, task, part, answer, events):
    """7.3.2: the turn ends once no reaction is in Limbo, without passing: the turn that would go on ends."""
    for i in range(len(state.agenda) - 1, -1, -1):
        if state.agenda[i] == {"t": "turn"}:
            state.agenda[i] = {"t": "end_turn"}
            emit(events, "after_you", say("player %(player)s's turn will end without passing", player=task["player"]),
                 ("AFTER_YOU", "AFTER_YOU_NOT_PASS"), task["player"])
            return
    emit(events, "step_ignored", say("no turn to end"), ("PART_IMPOSSIBLE",), task["player"])


def _look(state, task, part, answer, events):
    """"Look at the top N cards of your deck, put K of them into your hand, the rest at the bottom in any order":
    the effect lets its player look at cards of a hidden zone (3.1.3.f), counted from the top (3.2.2.c).  A deck
    too short has its discard pile shuffled and put under it first (3.2.2.d); still short, the player looks at
    what there is (3.2.2.e).  The player names the cards put there (``look``), then the order of the others
    (``look_order``, the first nearest the top)."""
    me, z = task["player"], state.zones[task["player"]]
    if "seen" not in task:
        if len(z["deck"]) < part.get("count") and z["discard"]:
            pile, state.rng = shuffled(list(z["discard"]), state.rng)
            for card_id in pile:
                move(state, card_id, "deck")
            z["deck"][:] = [c for c in z["deck"] if c not in pile] + pile
            emit(events, "reshuffle", say_n("player %(player)s shuffles %(count)s discarded card under the deck",
                                            "player %(player)s shuffles %(count)s discarded cards under the deck",
                                            len(pile), player=me), ("DECK_SHORT_DISCARD_BOTTOM",), me,
                 count=len(pile))
        seen = z["deck"][:part.get("count")]
        if not seen:
            emit(events, "step_ignored", say("no card in the deck to look at"), ("PART_IMPOSSIBLE",), me)
            return None
        emit(events, "look", say_n("player %(player)s looks at the top %(count)s card of their deck",
                                   "player %(player)s looks at the top %(count)s cards of their deck", len(seen),
                                   player=me), ("LOOK", "DECK_POSITION"), me, ("AL23",), count=len(seen), cards=list(seen))
        push(state, {**task, "seen": seen})
        return None
    seen = [c for c in task["seen"] if c in z["deck"]]
    if "taken" not in task:
        fits = [c for c in seen if part.get("type") in (None, state.cards[c].type)]
        most = min(part.get("take"), len(fits))
        sizes = range(0 if part.get("up_to") else most, most + 1)
        options = [list(c) for k in sizes for c in combinations(fits, k)]
        if options != [[]] and answer is None:
            return Decision("look", me, say("choose %(count)s of the cards looked at", count=most),
                            tuple(Action.make("choose_cards", cards=c) for c in options), cite("LOOK"))
        taken = list(answer.get("cards")) if options != [[]] else []
        for card_id in taken:
            send(state, card_id, part.get("to"), events, ("LOOK", "PUT_IN_ZONE"))
        push(state, {**task, "taken": taken})
        return None
    rest = [c for c in seen if c not in task["taken"]]
    if part.get("rest") == "discard":
        for card_id in rest:
            send(state, card_id, "discard", events, ("LOOK", "DISCARD"))
        return None
    if len(rest) > 1 and answer is None:
        return Decision("look_order", me, say("put the other cards back: choose their order, the first nearest the top"),
                        tuple(Action.make("deck_order", order=list(c)) for c in permutations(rest)), cite("LOOK"))
    order = list(answer.get("order")) if len(rest) > 1 else rest
    kept = [c for c in z["deck"] if c not in order]
    z["deck"][:] = order + kept if part.get("rest") == "top" else kept + order
    emit(events, "deck_order", say_n("player %(player)s puts %(count)s card at the %(end)s of their deck",
                                     "player %(player)s puts %(count)s cards at the %(end)s of their deck", len(order),
                                     player=me, end=say("top") if part.get("rest") == "top" else say("bottom")),
         ("LOOK", "DECK_POSITION"), me, ("AL23",), cards=order, position=part.get("rest"))
    return None


STEP.update(look=_look, put=_put, ongoing=_ongoing, internal=_internal, put_in_play=_put_in_play, activate=_activate, move=_move,
            roll=_roll, lose_status=_lose_status, remove_counters=_remove_counters, after_you=_after_you)
