"""Playing abilities: resolving effects (8.6.2.4.4, 8.8), one task per effect (paying their costs is costs.py's)."""

from __future__ import annotations

from ..core.text import say
import json

from ..core.agenda import push
from ..core.decisions import Decision
from ..core.events import cite_last
from .abilities import LATER_PARTS, Ability, Part
from .actions import SLOTS, Action
from .characteristics import already_in, amount_of, auto_abilities, cannot_be_chosen_by, condition_holds, conditions_hold, matches
from .choices import REPEAT, if_conditions, several
from .primitives import (add_modifier, part_did, add_standby, area_changed, deck_top, draw, emit, handler, move, name,
                         shuffle_deck, trigger)
from .leaving import to_waiting_room
from .replacing import moved_instead
from .state import OPPOSITE, STEPS, GameState


def _cite(key: str):
    from .citations import cite

    return cite(key)


def effect_tasks(player: int, card_id: str, ability: int, ctx: dict | None = None) -> list[dict]:
    return [{"t": "effect", "p": player, "card": card_id, "ability": ability, "i": 0, "ctx": dict(ctx or {})}]


def _targets(state: GameState, task: dict, answer, part: Part) -> tuple[list[str], Decision | None]:
    """The cards an effect applies to (choices 8.6.3: as many as possible; none when impossible, 8.6.3.1.3)."""
    player, card_id, target = task["p"], task["card"], part.get("target")
    if target == "self":
        return ([card_id] if state.on_stage(card_id) else []), None
    if target in ("all_own_characters", "other_own_characters", "all_opponent_characters"):
        # "all your (other) «X» characters", "all your opponent's characters": those there now (8.9.2), of the filter
        group = state.characters(1 - player if target == "all_opponent_characters" else player)
        return [c for c in group if matches(state, c, part.get("filter"))
                and not (target == "other_own_characters" and c == card_id)], None
    if target == "opposite":
        if state.on_stage(card_id):
            opp = state.opposite(card_id)
        else:  # 8.7.4.1.2 / 8.11.1: the card has left the stage: "opposite this card" reads where it was (W26)
            last = task.get("ctx", {}).get("last")
            opp = state.at(1 - last["player"], OPPOSITE[last["slot"]]) if last and last["slot"] in OPPOSITE else None
        return ([opp] if opp else []), None
    attack = state.attack
    if target == "battle_opponent":
        if not attack or attack.get("defender") is None:
            return [], None
        other = attack["defender"] if attack["attacker"] == card_id else (
            attack["attacker"] if attack["defender"] == card_id else None)
        if other is None and state.cards[card_id].type == "event":
            # an event is in no battle: its "battle opponent" is that of its controller's character in the battle
            # (a counter event's is the attacking character)
            other = attack["attacker"] if player != state.turn_player else attack["defender"]
        return ([other] if other and state.on_stage(other) else []), None
    if target == "attacked":
        d = attack.get("defender") if attack else None
        return ([d] if d and state.on_stage(d) and state.loc[d][0] == player else []), None
    side = player if target == "choose_own_character" else 1 - player
    cands = [c for c in state.characters(side) if matches(state, c, part.get("filter"))
             and not cannot_be_chosen_by(state, c, player)]  # "cannot be chosen by your opponent's effects", 1.3.3
    if part.get("count", 1) > 1 or part.get("up_to"):
        return several(state, task, answer, part, cands)
    if answer is not None:
        return [answer.card], None
    if len(cands) <= 1:
        return cands, None
    decider = player if part.get("chooser", "self") == "self" else 1 - player  # "your opponent chooses" (W35)
    return [], Decision("choose", decider, say("choose a character for %(card)s's effect", card=name(state, card_id)),
                        tuple(Action.make("choose", card=c) for c in cands), _cite("CHOOSE_AS_MANY_AS_POSSIBLE"))


def ability_of(state: GameState, card_id: str, index: int) -> Ability:
    return state.cards[card_id].abilities[index]


@handler("effect")
def _effect(state, task, answer, events):
    """8.6.2.4.4 / 8.8.1: resolve one effect of an ability, then the next."""
    ab = ability_of(state, task["card"], task["ability"])
    part = ab.effects[task["i"]]
    where = state.loc[task["card"]]
    if where[1] in SLOTS and task["ctx"].get("last") != {"slot": where[1], "player": where[0]}:
        # 8.11.1: what the card was where it stood, for the parts that follow if it leaves during the resolution
        task = {**task, "ctx": {**task["ctx"], "last": {"slot": where[1], "player": where[0]}}}
    below, before = len(state.agenda), len(events)
    if part.get("if") and answer is None and not task.get("done") and not task.get("picked") \
            and not all(task.get("did", False) if c.kind == "did" else
                        any(matches(state, x, c.get("filter")) for x in task.get("milled", ())) if c.kind == "milled"
                        else task.get("damage") == ("cancelled" if c.kind == "cancelled" else "taken")
                        if c.kind in ("cancelled", "not_cancelled")
                        else condition_holds(state, c, task["card"]) for c in if_conditions(part)):
        decision = None  # 8.3.3: the part is inactive: it does nothing, and asks no choice (8.3.2)
        emit(events, "inactive", say("%(card)s: the condition of this part of the effect does not hold: it does nothing",
                                     card=name(state, task["card"])), ("EFFECT_INACTIVE", "INACTIVE_NO_CHOICE"),
             task["p"], card=task["card"])
    else:
        decision = RESOLVERS[part.kind](state, task, answer, part, events)
    # "if you do" (W46): whether this part did anything so far, a card moved or a change made, not only "nothing to do"
    acted = task.get("acted", False) or any(e.kind not in NOTHING_DONE for e in events[before:])
    if decision is REPEAT:
        push(state, {**task, "done": task.get("done", 0) + 1, "acted": acted})
        return None
    if decision is not None:
        return decision
    if task["i"] + 1 < len(ab.effects):
        # the next action of the text waits under the tasks this one scheduled (a damage, a brainstorm): the
        # actions are done in the order written (8.8.1)
        nxt = {**{k: v for k, v in task.items() if k not in ("acted", "watch")}, "i": task["i"] + 1, "done": 0,
               "did": acted}
        if part.kind == "mill":  # "that card": what this part put into the waiting room, for the parts after it
            nxt["milled"] = [e.data["card"] for e in events[before:] if e.kind == "mill"]
        if part.kind in LATER_PARTS:
            # its own tasks do it after this: "if you do" is read from what they do as they run (W46); the runner
            # marks the waiting part (primitives.WeissAgenda)
            nxt["did"] = any(part_did(part.kind, part.get("take", 1), e) for e in events[before:])
            nxt["watch"] = [part.kind, part.get("take", 1)]
            if part.kind == "damage":  # "that damage" is this part's from now on
                nxt["damage"] = None
        state.agenda.insert(below, nxt)
    return None



#: the events of a part of an effect that did nothing: what "if you do" does not count as done (W46)
NOTHING_DONE = frozenset(("no_target", "inactive", "standby_fails", "unchanged"))


def _stat(state, task, answer, part, events):
    cards, decision = _targets(state, task, answer, part)
    if decision:
        return decision
    last = _last_known(state, task, part)
    for c in cards:
        m = add_modifier(state, c, part.kind, amount_of(state, task["card"], part), part.get("duration"), task["card"])
        emit(events, "modifier", say("%(card)s gets %(amount)s %(stat)s (%(duration)s)", card=name(state, c), amount=f"{m.amount:+}", stat=m.stat,
                 duration=m.duration),
             ("ABILITY_RESOLVES", "CONTINUOUS_EFFECT") + last, task["p"], assumptions=("W26",) if last else (),
             card=c, modifier=m.order)
    if not cards:
        _nothing_to_apply(state, task, part, events)
    return None


def _nothing_to_apply(state, task, part, events) -> None:
    """No card for the effect. An automatic ability's "this card" that has left the stage since the ability
    triggered is not a choice that could not be made (8.6.3.1.3): the ability is still played and its effect fails
    (8.7.7)."""
    # an effect with no ability index is a delayed ability's (automatic too, 8.7.5); a brainstorm's reward, the
    # other such effect, never names "this card"
    if part.get("target") == "self" and ("ability" not in task
                                         or ability_of(state, task["card"], task["ability"]).is_auto):
        emit(events, "standby_fails", say("%(card)s is no longer on the stage: its ability's effect fails",
                                          card=name(state, task["card"])), ("AUTO_CARD_MOVED",), task["p"])
        return
    emit(events, "no_target", say("%(card)s: no character to apply the effect to", card=name(state, task["card"])),
         ("CHOICE_IMPOSSIBLE",), task["p"])


def _becomes(state, task, answer, part, events):
    """"Its power becomes N": a numeric change like the others, applied after those older than it and before
    those newer (8.9.1.3, 8.9.1.5: a CONT ability's effect dates from when its card entered its area)."""
    cards, decision = _targets(state, task, answer, part)
    if decision:
        return decision
    for c in cards:
        m = add_modifier(state, c, "power_becomes", part.get("value"), part.get("duration"), task["card"])
        emit(events, "modifier", say("%(card)s's power becomes %(value)s (%(duration)s)", card=name(state, c),
                                     value=m.amount, duration=m.duration),
             ("ABILITY_RESOLVES", "CONTINUOUS_EFFECT", "CONT_ORDER_TIME"), task["p"], card=c, modifier=m.order)
    if not cards:
        _nothing_to_apply(state, task, part, events)
    return None


def _last_known(state, task, part) -> tuple[str, ...]:
    """The clause of a target read where the ability's card was, not where it is: as it was on the stage for an
    ability that leaving the stage started (8.7.4.1.2), where it was when the resolution began otherwise (8.11.1)."""
    if part.get("target") != "opposite" or state.on_stage(task["card"]) or not task.get("ctx", {}).get("last"):
        return ()
    return ("LAST_KNOWN_STAGE",) if task["ctx"]["last"].get("left") else ("LAST_KNOWN_RESOLVING",)


def _delayed(state, task, answer, part, events):
    """8.7.5: the effect creates an AUTO ability that goes on stand-by later, at ``at``, once (8.7.5.1); its
    controller is the effect's (4.3.5)."""
    at = part.get("at")
    state.delayed = state.delayed + [{"player": task["p"], "card": task["card"], "at": at,
                                      "effects": json.loads(part.get("effects"))}]
    card, label = name(state, task["card"]), at.removeprefix("begin_")
    if at == "turn_end":
        text = say("%(card)s creates an ability that goes on stand-by once, at the end of the turn", card=card)
    elif label in STEPS:
        text = say("%(card)s creates an ability that goes on stand-by once, at the beginning of the %(step)s step",
                   card=card, step=label)
    else:
        text = say("%(card)s creates an ability that goes on stand-by once, at the beginning of the %(phase)s "
                   "phase", card=card, phase=label)
    emit(events, "delayed_created", text,
         ("ABILITY_RESOLVES", "DELAYED_TRIGGER", "DELAYED_ONCE"), task["p"], card=task["card"], at=at)
    return None


def _status(state, task, answer, part, events):
    cards, decision = _targets(state, task, answer, part)
    if decision:
        return decision
    kind = part.kind
    key = {"rest": "REST", "stand": "STAND", "reverse": "REVERSE", "to_clock": "NOT_DAMAGE"}.get(kind, "ABILITY_RESOLVES")
    for c in cards:
        if already_in(state, kind, c):  # 1.3.2.1: forced into a state it is already in, nothing is done
            who = name(state, c)
            text = (say("%(card)s is already rested: it is not rested again", card=who) if kind == "rest" else
                    say("%(card)s is already standing: it is not stood again", card=who) if kind == "stand" else
                    say("%(card)s is already reversed: it is not reversed again", card=who))
            emit(events, "unchanged", text, ("ALREADY_IN_THAT_STATE",), task["p"], card=c, status=kind)
            continue
        # logged first: what the move starts (an encore on stand-by, markers leaving) follows it
        emit(events, kind, say("%(card)s: %(value)s %(card2)s", card=name(state, task['card']), value=kind.replace('_', ' '), card2=name(state, c)),
             ("ABILITY_RESOLVES", key), task["p"], card=c)
        if moved_instead(state, c, kind, events):  # its own replacement effect puts it elsewhere (8.10.1, W40)
            continue
        if kind == "bounce":
            move(state, c, "hand", events=events)
        elif kind == "to_waiting_room":
            to_waiting_room(state, c, events)
        elif kind in ("to_clock", "to_stock", "to_deck_bottom"):  # its owner's (3.1.6); a clock is no damage, 4.9.2
            move(state, c, kind[3:].removesuffix("_bottom"), top=kind == "to_stock", events=events)
        elif kind == "rest":
            state.rested.add(c)
        elif kind == "stand":
            state.rested.discard(c)
            state.reversed.discard(c)
        elif kind == "reverse":
            became = c not in state.reversed
            state.rested.discard(c)
            state.reversed.add(c)
            if became:  # 8.7.2: "when this card becomes reversed", however it does
                trigger(state, events, "on_reverse", c)
    if not cards:
        emit(events, "no_target", say("%(card)s: no character to choose", card=name(state, task['card'])), ("CHOICE_IMPOSSIBLE",),
             task["p"])
    return None


def _counted(state, task, answer, part, events):
    player, done, count = task["p"], task.get("done", 0), part.get("count")
    kind = part.kind
    if kind in ("draw",) and part.get("up_to"):
        if answer is None:
            return Decision("use", player, say("draw a card? (%(done)s of up to %(count)s drawn)", done=done, count=count),
                            (Action.make("accept"), Action.make("pass")), _cite("DRAW_UP_TO"))
        if answer.kind == "pass":
            return None
        draw(state, player, events, ("ABILITY_RESOLVES", "DRAW_UP_TO"))
        return REPEAT if done + 1 < count else None
    if kind in ("salvage", "search"):
        return _pick(state, task, answer, part, events)
    if kind == "clock":  # one card a task: a level up the seventh makes due comes before the next (9.1.2.1)
        c = deck_top(state, player, "clock", events, announce=lambda c: emit(
            events, "clock", say("player %(player)s puts %(card)s from the deck into the clock (not damage: it cannot be cancelled)",
                                 player=player, card=name(state, c)), ("ABILITY_RESOLVES", "NOT_DAMAGE"), player, card=c))
        return REPEAT if c and done + 1 < count else None
    for _ in range(count):
        if kind == "draw":
            draw(state, player, events, ("ABILITY_RESOLVES", "DRAW_N"))
        elif kind == "stock_charge":
            deck_top(state, player, "stock", events, top=True, announce=lambda c: emit(
                events, "stock_charge", say("player %(player)s puts the top card of the deck into the stock", player=player),
                ("ABILITY_RESOLVES", "STOCK_TOP"), player, card=c))
        elif kind == "mill":  # one card at a time (3.2.3); an emptied deck refreshes at once (9.2.1)
            target = 1 - player if part.get("player") == "opponent" else player
            deck_top(state, target, "waiting_room", events, announce=lambda c: emit(
                events, "mill", say("player %(player)s puts %(card)s from the top of the deck into the waiting room",
                                    player=target, card=name(state, c)),
                ("ABILITY_RESOLVES",) + (("DECK_ONE_BY_ONE",) if count > 1 else ()), target, card=c))
        elif kind == "heal":
            clock = state.zones[player]["clock"]
            if clock:
                c = clock[-1]
                emit(events, "heal", say("player %(player)s puts %(card)s from the top of the clock into the waiting room", player=player,
                         card=name(state, c)), ("ABILITY_RESOLVES", "CLOCK_TOP"), player, card=c)
                move(state, c, "waiting_room", events=events)
    if kind == "damage":
        who = part.get("player", "opponent")
        # "each player": one damage dealt to both at once (7.3.1.2.7.3), a damage process each, the turn player's
        # first (W47)
        targets = [1 - player] if who == "opponent" else [player] if who == "self" else \
            [state.turn_player, 1 - state.turn_player]
        # 4.10.1.2.1: the card whose ability deals it is the damage's source ("damage dealt by this card")
        tasks = [damage_task(t, count, task["card"], effect="ability") for t in targets]
        push(state, *([{**t, "together": k, "of": len(tasks), "seen": []} for k, t in enumerate(tasks)]
                      if len(tasks) > 1 else tasks))
    if kind == "brainstorm":
        push(state, {"t": "brainstorm", "p": player, "card": task["card"], "count": count,
                     "per_climax": part.get("per_climax")})
    return None


def _pick(state, task, answer, part, events):
    """Salvage (waiting room -> hand) or search (deck -> hand, then shuffle), count times."""
    player, done, count = task["p"], task.get("done", 0), part.get("count")
    zone = "waiting_room" if part.kind == "salvage" else "deck"
    cands = [c for c in state.zones[player][zone] if matches(state, c, part.get("filter"))]
    # 8.6.3.1.5: a search may find nothing in a hidden area; "up to" may choose none (8.6.3.1.1)
    optional = part.kind == "search" or part.get("up_to", False)
    to = part.get("to", "hand")
    if answer is None and cands:
        opts = tuple(Action.make("choose", card=c) for c in cands) + ((Action.make("pass"),) if optional else ())
        if len(opts) > 1:
            prompt = say("choose a card from your %(zone)s to put into your hand", zone=zone.replace("_", " ")) \
                if to == "hand" else _salvage_prompt(to)
            return Decision("choose", player, prompt, opts,
                            _cite("CHOOSE_UP_TO" if optional else "CHOOSE_AS_MANY_AS_POSSIBLE"))
    chosen = answer.card if answer is not None and answer.kind == "choose" else (
        cands[0] if answer is None and cands else None)
    if chosen and to != "hand":  # into the deck, the stock or the clock: its owner's (3.1.6)
        move(state, chosen, "deck" if to.startswith("deck") else to, top=to in ("deck_top", "stock"))
        emit(events, part.kind, _salvage_text(to, player, name(state, chosen)), ("ABILITY_RESOLVES",) + (
            ("NOT_DAMAGE",) if to == "clock" else ()), player, card=chosen, to=to)
    elif chosen:
        move(state, chosen, "hand")
        emit(events, part.kind, say("player %(player)s puts %(card)s from the %(zone)s into the hand", player=player,
                 card=name(state, chosen), zone=zone.replace("_", " ")), ("ABILITY_RESOLVES",) + (("LOOK_TOP",) if zone == "deck" else ()), player, card=chosen)
        area_changed(state, chosen, zone, events)  # 8.7.4: "when this card is put from your waiting room into your hand"
    if chosen and done + 1 < count:
        return REPEAT
    if part.kind == "search":
        shuffle_deck(state, player)
        emit(events, "shuffle", say("player %(player)s shuffles the deck", player=player), ("SHUFFLE",), player)
    return None


def _salvage_prompt(to: str):
    if to == "deck_top":
        return say("choose a card from your waiting room to put on top of your deck")
    if to == "deck_bottom":
        return say("choose a card from your waiting room to put at the bottom of your deck")
    if to == "stock":
        return say("choose a card from your waiting room to put into your stock")
    return say("choose a card from your waiting room to put into your clock")


def _salvage_text(to: str, player: int, card: str):
    if to == "deck_top":
        return say("player %(player)s puts %(card)s from the waiting room on top of the deck", player=player, card=card)
    if to == "deck_bottom":
        return say("player %(player)s puts %(card)s from the waiting room at the bottom of the deck", player=player,
                   card=card)
    if to == "stock":
        return say("player %(player)s puts %(card)s from the waiting room into the stock", player=player, card=card)
    return say("player %(player)s puts %(card)s from the waiting room into the clock (not damage: it cannot be "
               "cancelled)", player=player, card=card)


def damage_task(player: int, count: int, source: str, effect: bool | str = False) -> dict:
    """A damage process (4.9.1) of ``source``: the attacker's in the damage step, ``effect`` "ability" when an ability
    of that card deals it (4.10.1.2.1), True for the Flame icon's damage (an ability the icon represents, 7.3.1.2.7)."""
    return {"t": "damage", "p": player, "n": count, "i": 0, "source": source, "effect": effect}


@handler("brainstorm")
def _brainstorm(state, task, answer, events):
    """10.7.3: reveal the cards one at a time into the resolution area, then all into the waiting room together."""
    player = task["p"]
    revealed = []
    for _ in range(task["count"]):
        c = deck_top(state, player, "resolution", events)
        if c:
            revealed.append(c)
    climaxes = [c for c in revealed if state.cards[c].type == "climax"]
    for c in revealed:
        move(state, c, "waiting_room")
    emit(events, "brainstorm", say("brainstorm reveals %(n)s card(s), %(n2)s climax(es); they go to the waiting room", n=len(revealed), n2=len(climaxes)), ("BRAINSTORM", "BRAINSTORM_RESOLUTION"), player,
         assumptions=("W50",) if task.get("per_climax") else (), cards=revealed)
    for c in revealed:  # 8.7.4: "when this card is put from the resolution area into your waiting room" (W31)
        area_changed(state, c, "resolution", events)
    for c, i in auto_abilities(state, player, "on_brainstorm"):  # "when you use Brainstorm": as it resolves (10.7.4)
        add_standby(state, events, c, i, {})
        cite_last(events, (_cite("BRAINSTORM_USED"),))
    per = task.get("per_climax")
    if per == "damage" and climaxes:  # "for each climax, deal 1 damage": a damage each, one after another (W50)
        push(state, *({"t": "inline_effect", "p": player, "card": task["card"], "i": 0,
                       "effect": {"kind": "damage", "count": 1}} for _ in climaxes))
    elif per and climaxes:
        fx = {"draw": {"kind": "draw", "count": len(climaxes)},
              "stock_charge": {"kind": "stock_charge", "count": len(climaxes)},
              "salvage": {"kind": "salvage", "count": len(climaxes), "filter": {"type": "character"}},
              # "for each climax, search your deck for up to 1 character": one search, a card per climax (8.6.3.1.5)
              "search": {"kind": "search", "count": len(climaxes), "filter": {"type": "character"}}}[per]
        push(state, {"t": "inline_effect", "p": player, "card": task["card"], "effect": fx, "i": 0})
    return None


@handler("inline_effect")
def _inline_effect(state, task, answer, events):
    """An effect created by another (a brainstorm's reward), resolved like a printed one."""
    from .abilities import _effect as parse_effect

    part = parse_effect(task["effect"], "effect", "act")
    decision = RESOLVERS[part.kind](state, task, answer, part, events)
    if decision is REPEAT:
        push(state, {**task, "done": task.get("done", 0) + 1})
        return None
    return decision


def _change(state, task, answer, part, events):
    """10.8.1-10.8.3: this card leaves its stage position for the waiting room; a card named ``name`` from
    ``source`` is put in the position it left (not if none is there, 10.8.3)."""
    player, card_id = task["p"], task["card"]
    where = state.loc[card_id]
    if where[1] not in SLOTS:
        return None  # 8.7.7: the card has left the stage; the change cannot happen
    slot = where[1]
    cands = [c for c in state.zones[player][part.get("source")] if state.cards[c].name == part.get("name")
             and state.cards[c].type == "character"]
    if answer is None and len(cands) > 1:
        return Decision("choose", player, say("change: choose the %(card)s to put in %(value)s", card=part.get("name"),
                                              value=slot.replace("_", " ")), tuple(Action.make("choose", card=c) for c in cands),
                        _cite("CHANGE"))
    # 10.8.1: the card goes to the waiting room, or, for an exchange ("scambia"), into the area the other comes from
    to = part.get("source") if part.get("exchange") else "waiting_room"
    chosen = (answer.card if answer is not None else cands[0]) if cands else None
    then = {"t": "change_place", "p": player, "card": card_id, "chosen": chosen, "slot": slot,
            "name": part.get("name"), "source": part.get("source")}
    if to == "waiting_room":
        if not to_waiting_room(state, card_id, events, then=then):
            return None  # its controller first chooses among its replacement effects (8.10.2); then the rest
    else:
        move(state, card_id, to, events=events)
    _change_place(state, then, None, events)
    return None


@handler("change_place")
def _change_place(state, task, answer, events):
    """10.8.1: the named card takes the position the changed card left (10.8.3: nothing when there is none)."""
    player, card_id, chosen, slot = task["p"], task["card"], task["chosen"], task["slot"]
    if chosen is None:
        emit(events, "no_target", say("change: no %(value)s in the %(value2)s: nothing replaces it", value=task["name"], value2=task["source"].replace('_', ' ')), ("CHANGE_MISSING",), player)
        return None
    move(state, chosen, slot, player)
    to = state.loc[card_id][1]
    emit(events, "change", say("change: %(card)s goes to the %(value)s and %(card2)s takes %(value2)s", card=name(state, card_id), value=to.replace('_', ' '), card2=name(state, chosen), value2=slot.replace('_', ' ')), ("CHANGE",), player, card=chosen,
         replaced=card_id, slot=slot, to=state.loc[card_id][1])
    for i, ab in enumerate(state.cards[chosen].abilities):  # 10.8.4: "placed on the stage by a Change effect"
        if ab.timing == "on_change" and conditions_hold(state, ab, chosen):
            add_standby(state, events, chosen, i, {})
            cite_last(events, (_cite("CHANGE_PLACED"),))
    return None


RESOLVERS = {"delayed": _delayed, "change": _change, "power": _stat, "power_becomes": _becomes, "soul": _stat, "level": _stat, "bounce": _status, "rest": _status, "stand": _status,
             "reverse": _status, "to_waiting_room": _status, "to_clock": _status, "to_stock": _status, "to_deck_bottom": _status, "draw": _counted, "stock_charge": _counted,
             "salvage": _counted, "search": _counted, "heal": _counted, "clock": _counted, "damage": _counted,
             "brainstorm": _counted, "mill": _counted}

__all__ = ["effect_tasks", "damage_task"]
