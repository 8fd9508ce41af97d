"""The driving API over Altered's agenda: reactions checked like a check timing (4.4), judge actions, refusals,
where the game stands and the points it can be run to."""

from __future__ import annotations

from ..core import judge as core_judge
from ..core import modifiers
from ..core.agenda import push
from ..core.check_timing import CheckTiming
from ..core.decisions import Decision
from ..core.driver import Driver, StopPoint
from ..core.errors import IllegalActionError
from ..core.text import say, say_n
from .actions import ALL_ZONES, Action
from .adventure import check_victory
from .citations import cite
from .effects import push_ability
from .step_kinds import can_pay
from .primitives import AGENDA, IN_PLAY, ability_of, emit, move, pay_mana
from .state import Modifier
from .targets import ability_targets_exist, spell_targets_exist, targets_exist
from .turn import cost, quick_ok, reduction_left
from . import day as _day  # noqa: F401  (registers the day's tasks)

UNLIMITED = 10 ** 6  # as if every Resistente could be paid: tells "no target at all" from "a target too dear"


def _tough_unaffordable(card_name: str):
    """A legal target exists but only with its Resistente unpaid: the cost with the extra cannot be paid in full
    (7.4.5.c, 6.4.c), which is the refusal's reason, not the declaration (5.2.3.b)."""
    return (say("%(card)s's only targets have Resistente, and the mana ready does not pay its extra cost",
                card=card_name), ("TOUGH", "COST_IN_FULL"))


def rule_actions(state, events, answer):
    """Altered has no rule actions beyond what its events check themselves (victory, 4.3)."""
    return False


def standby_order(state):
    """4.4.b, 4.4.c: the player with initiative plays all their reactions first (1.4.5.a)."""
    return [(p, "CHECK_REACTIONS") for p in state.initiative()]


CheckTiming(Action, rule_actions, standby_order, lambda sid, key: {"t": "reaction", "id": sid}, cite).register(AGENDA)


@AGENDA.handler("reaction")
def reaction(state, task, answer, events):
    """4.4.b: a reaction in Limbo is played: its effect resolves, then it ceases to exist (5.5.e)."""
    entry = next(s for s in state.standby if s["id"] == task["id"])
    state.standby = [s for s in state.standby if s["id"] != task["id"]]
    if entry["card"] not in state.cards and entry["card"] not in state.gone:
        emit(events, "step_ignored", say("the reaction's object no longer exists; its effect is ignored"),
             ("PART_IMPOSSIBLE",), entry["player"])
        return None
    emit(events, "play_reaction", say("player %(player)s plays %(card)s's reaction", player=entry["player"],
                                      card=state.card(entry["card"]).name),
         ("CHECK_REACTIONS",), entry["player"], card=entry["card"])
    ctx = {**entry.get("ctx", {}), "reaction": True}  # its steps know they are a reaction's (5.5.d: a cost refused)
    if ability_of(state, entry["card"], entry["ability"]).cost:
        push(state, {"t": "reaction_cost", "player": entry["player"], "card": entry["card"], "ability": entry["ability"],
                     "ctx": ctx})
    else:
        push_ability(state, entry["player"], entry["card"], entry["ability"], ctx=ctx)
    return None


@AGENDA.handler("reaction_cost")
def reaction_cost(state, task, answer, events):
    """5.5.d, 6.4.g: a reaction with a cost: its controller pays it in full (1.2.5.c) and it resolves, or does not
    and the reaction ceases to exist without effect."""
    me, ability = task["player"], ability_of(state, task["card"], task["ability"])
    mana = ability.mana(state.first_player == me)
    if answer is None and not can_pay(state, me, ability.cost):
        # 1.2.5.c: it cannot be paid in full, so it is not: nothing to ask, the reaction ceases (6.4.g)
        emit(events, "cannot_pay", say("player %(player)s cannot pay the reaction's cost in full: it ceases to exist "
                                       "without effect", player=me), ("COST_IN_FULL", "REACTION_COST_REFUSED"), me,
             card=task["card"])
        return None
    if answer is None:
        return Decision("reaction_cost", me, say("%(card)s: pay %(mana)s mana for the reaction?",
                                                 card=state.card(task["card"]).name, mana=mana),
                        (Action.make("accept"), Action.make("pass")), cite("REACTION_COST"))
    if answer.kind == "pass":
        emit(events, "skip_step", say("player %(player)s does not pay: the reaction ceases to exist without effect",
                                      player=me), ("REACTION_COST", "REACTION_COST_REFUSED"), me, card=task["card"])
        return None
    pay_mana(state, me, mana)
    emit(events, "pay_cost", say("player %(player)s pays %(mana)s mana", player=me, mana=mana),
         ("REACTION_COST", "MANA_COST"), me, card=task["card"])
    push_ability(state, me, task["card"], task["ability"], ctx=task.get("ctx"))
    return None


def explain(state, action) -> tuple[str, tuple]:
    """Why an answer is not among the pending decision's options: (reason, clause keys)."""
    dec = state.pending
    if dec is None:
        return say("no decision is pending: run the game on first"), ("TURN",)
    if dec.kind == "play_free":  # 7.3.14.a: only a card the effect names, from where it names
        return (say("the effect lets you play one of these cards for free: name it, and an expedition for a "
                    "Character"), ("PLAY_FREE", "CHOOSE_EXPEDITION"))
    if action.kind in ("play", "quick") and dec.kind != "turn":
        return say("cards and quick actions are played during a turn in the Afternoon"), ("PLAY_IN_TURN", "TURN")
    if action.kind == "play":
        card_id = action.card
        where = state.loc.get(card_id)
        if where is not None and where[0] != dec.player and where[1] in ("hand", "reserve"):
            if state.passed[where[0]]:
                return (say("player %(player)s has passed: they take no more turns this day", player=where[0]),
                        ("AFTERNOON_PASSED", "TURN"))
            return say("it is player %(player)s's turn: players take turns one at a time",
                       player=dec.player), ("AFTERNOON", "TURN")
        if where is None or where[0] != dec.player or where[1] not in ("hand", "reserve"):
            return say("a card is played from its player's hand or Reserve"), ("TURN",)
        card = state.cards[card_id]
        ready = len(state.ready_mana(dec.player))
        if cost(state, card_id) > ready:
            return (say_n("%(card)s costs %(cost)s mana from the %(source)s and only %(count)s mana orb is ready",
                          "%(card)s costs %(cost)s mana from the %(source)s and only %(count)s mana orbs are ready",
                          ready, card=card.name, cost=cost(state, card_id), source=where[1]),
                    ("COST_REFUSED", "COST_IN_FULL", "MANA_COST"))
        if not spell_targets_exist(state, dec.player, card_id, ready - cost(state, card_id)
                                   + reduction_left(state, card_id)):
            if spell_targets_exist(state, dec.player, card_id, UNLIMITED):  # a legal target, its Resistente unpaid
                return _tough_unaffordable(card.name)
            return (say("%(card)s's targets are chosen when it is played and one of them has no legal object "
                        "(an opponent's Resistente character also needs its extra mana)", card=card.name),
                    ("TARGET_DECLARED",
                                                                                      "DECLARATION_LEGAL"))
        if str(action.get("expedition")).startswith("opponent_"):
            return (say("a character is played into one of its own player's expeditions, never the opponent's"),
                    ("CHOOSE_EXPEDITION",))
        if card.type == "character" and action.get("expedition") is None:
            return say("a character is played into one of its player's expeditions: name it"), ("CHOOSE_EXPEDITION",)
        if card.type != "character" and action.get("expedition") is not None:
            return say("only a character is played into an expedition"), ("CHOOSE_EXPEDITION",)
    if action.kind == "quick":
        card_id, index = action.card, action.get("ability")
        card = state.cards.get(card_id)
        if card is None or index >= len(card.abilities) or card.abilities[index].timing not in ("quick", "support"):
            return say("that object has no such quick action"), ("TURN",)
        ability = card.abilities[index]
        if state.loc[card_id][0] != dec.player:
            return say("a player plays the quick actions of objects they control"), ("TURN",)
        if ability.timing == "quick" and state.loc[card_id][1] not in IN_PLAY:
            # 2.2.10.f: a quick action works only while its object is in play (not in a hand, Reserve or pile)
            return say("%(card)s is not in play: its quick action can be played only while it is in play",
                       card=card.name), ("ABILITIES_IN_PLAY", "TURN")
        if ability.timing == "support" and state.loc[card_id][1] != "reserve":
            return say("a support ability works only while its object is in the Reserve"), ("SUPPORT_IN_RESERVE",
                                                                                            "SUPPORT_DISCARD")
        if any(c.kind == "exhaust_self" for c in ability.cost) and card_id in state.exhausted:
            return say("%(card)s is already exhausted: it cannot be exhausted again",
                       card=card.name), ("STATUS_ONCE", "QUICK_EXHAUST")
        spend = next((c for c in ability.cost if c.kind == "spend"
                      and state.counters.get(card_id, {}).get(c.get("name"), 0) < c.get("count")), None)
        if spend is not None:
            return (say_n("%(card)s has no %(counter)s counter to spend (it needs %(count)s)",
                          "%(card)s has fewer than %(count)s %(counter)s counters to spend", spend.get("count"),
                          card=card.name, counter=spend.get("name")),
                    ("SPEND_NOT_MORE", "SPEND_COUNTERS"))
        if state.uses.get(f"q:{card_id}:{index}", 0) >= 100:
            return say("a quick action is played at most 100 times a day"), ("QUICK_HUNDRED", "QUICK_LIMIT")
        ready = len(state.ready_mana(dec.player))
        mana = ability.mana(state.first_player == dec.player)
        if mana <= ready and not ability_targets_exist(state, dec.player, ability, ready - mana):
            if ability_targets_exist(state, dec.player, ability, UNLIMITED):
                return _tough_unaffordable(card.name)
            return (say("%(card)s's quick action has a target with no legal object now (5.2.3.b)", card=card.name),
                    ("TARGET_DECLARED", "DECLARATION_LEGAL"))
        if not quick_ok(state, dec.player, card_id, index):
            return say("%(card)s's quick action costs %(cost)s mana",
                       card=card.name, cost=mana), ("COST_REFUSED", "MANA_COST")
    if dec.kind == "choose" and action.kind == "choose" and action.card in state.loc \
            and state.loc[action.card][0] != dec.player and state.tough(action.card) > len(state.ready_mana(dec.player)) \
            and action not in dec.options:  # offered: a cost reduction left over pays part of it (AL36)
        ready = len(state.ready_mana(dec.player))  # a count of its own, meeting its own noun ("mana" meets none)
        orbs = say_n("only %(count)s mana orb is ready", "only %(count)s mana orbs are ready", ready)
        return (say("%(card)s has Resistente %(count)s: choosing it costs %(count)s more mana and %(orbs)s",
                    card=state.cards[action.card].name, count=state.tough(action.card), orbs=orbs),
                ("TOUGH", "COST_IN_FULL"))
    if dec.kind == "choose" and action.kind == "choose" and state.loc.get(action.card, (0, ""))[1] not in IN_PLAY \
            and all(state.loc.get(o.card, (0, ""))[1] in IN_PLAY for o in dec.options if o.kind == "choose"):
        return (say("the step names an object in play: a card in a Reserve, a hand or a discard pile is not one"),
                ("TYPE_IN_PLAY",))
    if dec.kind == "mode" and action.kind == "mode" and isinstance(action.get("mode"), int):
        task = state.agenda[-1]  # the task that asked (core/agenda.py keeps it on top)
        modes = ability_of(state, task["card"], task["ability"]).modes
        ctx = task.get("ctx", {})  # played for free, or a cost reduction left over, pays Resistente (AL36)
        ready = 99 if ctx.get("free") else len(state.ready_mana(dec.player)) + ctx.get("slack", 0)
        if 0 <= action.get("mode") < len(modes) and not targets_exist(state, dec.player, modes[action.get("mode")],
                                                                      ready):
            return (say("that mode has a target with no legal object now: choose another mode"),
                    ("MODAL_TARGETS", "TARGET_DECLARED"))
    if dec.kind in ("look", "look_order") and action.kind in ("choose_cards", "deck_order"):
        return (say("name the cards looked at: as many as the effect puts there, then every other one in the order "
                    "they go back"), ("LOOK",))
    if dec.kind == "die" and action.kind == "die":
        return (say("the result kept is one of the dice rolled, with the changes the player may use"),
                ("DICE_CHOOSE",))
    if dec.kind == "expand" and action.kind == "expand":
        return say("a card is expanded from its player's hand"), ("EXPAND",)
    if dec.kind == "cleanup" and action.kind == "choose_cards":
        return say("choose, in one choice, exactly as many objects as each limit: in the Reserve and in the landmark "
                   "zone when both are over their limits"), ("CLEANUP",)
    if action.kind == "pass" and not any(o.kind == "pass" for o in dec.options):
        return _not_optional(dec.kind)
    return say("%(action)s is not among the legal answers", action=action), ("TURN",)


def _not_optional(kind: str) -> tuple[str, tuple]:
    """Why a pass is refused where the rules ask for an answer: effects are mandatory unless they say "you may"
    (6.5.a, 6.5.b), a sacrifice above all (7.3.19.a); reactions in Limbo must be played (5.1.1.d)."""
    if kind == "sacrifice":
        return say("the effect makes the player sacrifice a Character: it cannot be declined"), ("SACRIFICE", "MANDATORY")
    if kind == "order":
        return (say("when reactions are checked, a player with a reaction in Limbo must play one"),
                ("MUST_PLAY_REACTION", "CHECK_REACTIONS"))
    return say("this step of the effect is not optional: it needs an answer"), ("MANDATORY", "OPTIONAL")


# -- judge actions ------------------------------------------------------
def _move(state, action, events):
    player = action.get("player")
    card_id, zone = action.card, action.get("zone")
    if player is not None and player != state.cards[card_id].owner and zone not in ("hero_expedition",
                                                                                  "companion_expedition"):
        raise IllegalActionError(say("a card goes to its owner's private zones"), cite("SEND"))
    move(state, card_id, zone)
    core_judge.put_at_position(state, card_id, state.loc[card_id][0], zone, action.get("position"))
    events.append(core_judge.judge_event("judge_move", say("judge moves %(card)s to %(zone)s",
                                                           card=state.cards[card_id].name, zone=zone),
                                         None, card=card_id, zone=zone))


def _status(state, action, events):
    card_id, status = action.card, action.get("status")
    (getattr(state, status).discard if action.get("remove") else getattr(state, status).add)(card_id)
    text = (say("judge removes %(status)s on %(card)s", status=status, card=state.cards[card_id].name)
            if action.get("remove") else
            say("judge gives %(status)s on %(card)s", status=status, card=state.cards[card_id].name))
    events.append(core_judge.judge_event("judge_status", text,
                                         None, card=card_id, status=status))


def _boost(state, action, events):
    card_id, count = action.card, action.get("count")
    state.counters.setdefault(card_id, {})["boost"] = count
    if not count:
        state.counters[card_id].pop("boost")
    events.append(core_judge.judge_event("judge_boost", say("judge sets %(card)s's boost counters to %(count)s",
                                                            card=state.cards[card_id].name, count=count),
                                         None, card=card_id, count=count))


def _modifier(state, action, events):
    m = modifiers.add(state, Modifier(state.tick(), action.card, action.get("stat"), action.get("amount"),
                                      action.get("duration"), "judge"))
    events.append(core_judge.modifier_event(state, action.card, m))


def _expedition(state, action, events):
    player, which, region = action.get("player"), action.get("expedition"), action.get("region")
    (state.hero_at if which == "hero" else state.companion_at)[player] = region
    state.track[region] = {**state.track[region], "revealed": True}
    events.append(core_judge.judge_event("judge_expedition", say("judge puts player %(player)s's %(expedition)s "
                                                                 "expedition on region %(region)s", player=player,
                                                                 expedition=which, region=region),
                                         player, region=region))
    check_victory(state, events)


def _first(state, action, events):
    state.first_player = action.get("player")
    events.append(core_judge.judge_event("judge_first_player", say("judge makes player %(player)s the first player",
                                                                   player=state.first_player), state.first_player))


def _swap_mana(state, action, events):
    """3.2.9.e: a player exhausts one of their ready Mana Orbs to ready another, exhausted one, at any time; the orbs
    named, else the first of each in the zone."""
    player, mana = action.get("player"), state.zones[action.get("player")]["mana"]
    ready = [c for c in mana if c not in state.exhausted]
    spent = [c for c in mana if c in state.exhausted]
    exhaust = action.card if action.card is not None else (ready[0] if ready else None)
    readied = action.get("ready") if action.get("ready") is not None else (
        next((c for c in spent if c != exhaust), None))
    if exhaust not in ready:
        raise IllegalActionError(say("player %(player)s has no such ready Mana Orb to exhaust", player=player),
                                 cite("MANA_SWAP"))
    if readied not in spent or readied == exhaust:
        raise IllegalActionError(say("player %(player)s has no other exhausted Mana Orb to ready", player=player),
                                 cite("MANA_SWAP"))
    state.exhausted.discard(readied)
    state.exhausted.add(exhaust)
    emit(events, "swap_mana", say("player %(player)s exhausts a Mana Orb to ready another", player=player),
         ("MANA_SWAP",), player, exhausted=exhaust, readied=readied)


HANDLERS = {"swap_mana": _swap_mana, "judge_move": _move, "judge_status": _status, "judge_boost": _boost, "judge_modifier": _modifier,
            "judge_remove_modifier": core_judge.judge_remove_modifier, "judge_expedition": _expedition,
            "judge_first_player": _first}


def apply_judge(state, action):
    if action.kind == "judge_move" and action.get("zone") not in ALL_ZONES:
        raise IllegalActionError(say("unknown zone"))
    return core_judge.apply_judge_action(state, action, HANDLERS, emit,
                                         lambda s, ev: AGENDA.run_top(s, None, ev))


DRIVER = Driver(AGENDA, apply_judge, explain, cite)
step, advance, apply, play, legal_actions = DRIVER.step, DRIVER.advance, DRIVER.apply, DRIVER.play, DRIVER.legal_actions


def position(state) -> dict:
    """Where the game stands, in Altered's words: the day, its phase, whose turn, who has passed, the Arena."""
    return {"day": state.day, "phase": state.phase, "to_act": state.to_act, "passed": list(state.passed),
            "first_player": state.first_player, "tiebreak": state.tiebreak}


STOP_POINTS = (
    StopPoint("turn", "the end of this turn",
              lambda a, b: b["to_act"] != a["to_act"] or b["phase"] != a["phase"] or b["passed"] != a["passed"],
              lambda here: here["phase"] == "afternoon"),
    StopPoint("phase", "the end of this phase", lambda a, b: (b["day"], b["phase"]) != (a["day"], a["phase"])),
    StopPoint("day", "the end of this day", lambda a, b: b["day"] != a["day"]),
    StopPoint("dusk", "the next Dusk", lambda a, b: b["phase"] == "dusk" and a["phase"] != "dusk"),
    StopPoint("night", "the next Night", lambda a, b: b["phase"] == "night" and a["phase"] != "night"),
)
