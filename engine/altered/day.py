"""The game's start (4.1) and the day (4.2): Morning, Noon, Afternoon, Dusk, Night, then the next day.

The first day starts at Noon, its Morning replaced by drawing six cards and
putting three into Mana (4.1.j, 1.3.1.d).  Each phase starts by checking
reactions at its atomic instant (4.2.b); reactions are checked again after
each daily effect (4.2.d).  The Afternoon's turns are ``turn.py``.
"""

from __future__ import annotations

from itertools import combinations, product

from ..core import board, modifiers
from ..core.agenda import push
from ..core.check_timing import CHECK_TIMING
from ..core.decisions import Decision
from ..core.rng import next_u64
from ..core.text import say, say_n
from .actions import EXPEDITIONS, Action
from .abilities import Part
from .adventure import progress
from .citations import cite
from .leaving import send
from .step_kinds import expire_emblems
from .primitives import AGENDA, as_it_is, draw, emit, leave_together, move, name, trigger, trigger_instant
from .replacements import fate, replace, zone_word
from .step_replacement import KEEP, replaced_step

PHASE_KEYS = {"morning": "DAY_PHASES", "noon": "NOON", "afternoon": "AFTERNOON", "dusk": "DUSK", "night": "NIGHT"}
INSTANTS = {"noon": "at_noon", "dusk": "at_dusk", "night": "at_night"}
SETUP_MANA = 3
MORNING_DRAW = Part("draw", (("count", 2),))  # the daily effect's step, as a "replace_step" modifier reads it


@AGENDA.handler("setup")
def setup(state, task, answer, events):
    """4.1.g-j: the first player at random, decks shuffled, six cards drawn, then the first day at Noon."""
    first = task.get("first_player")
    if first is None:
        state.rng, r = next_u64(state.rng)
        first = r % 2
    state.first_player = first
    emit(events, "first_player", say("player %(player)s is the first player", player=first),
         ("SETUP_FIRST_PLAYER",), first)
    for p in (0, 1):
        board.shuffle(state, p)
        emit(events, "shuffle", say("player %(player)s shuffles the deck", player=p), ("SETUP_SHUFFLE",), p)
    for p in (first, 1 - first):
        draw(state, p, 6, events, ("FIRST_DAY",))
    push(state, {"t": "setup_mana", "player": first}, {"t": "setup_mana", "player": 1 - first},
         {"t": "phase", "phase": "noon", "first_day": True}, {"t": "day_rest"})
    return None


@AGENDA.handler("setup_mana")
def setup_mana(state, task, answer, events):
    """1.3.1.d: three of the six cards into Mana, face down (ready: assumption AL1)."""
    p = task["player"]
    hand = state.zones[p]["hand"]
    count = min(SETUP_MANA, len(hand))
    if answer is None:
        options = tuple(Action.make("choose_cards", cards=list(c)) for c in combinations(hand, count))
        return Decision("setup_mana", p, say("choose the %(count)s cards you put into Mana", count=count),
                        options, cite("FIRST_DAY"))
    for card_id in answer.get("cards"):
        move(state, card_id, "mana")
    emit(events, "setup_mana", say("player %(player)s puts %(count)s cards into Mana, face down and ready",
                                   player=p, count=count),
         ("FIRST_DAY", "MANA_FACE_DOWN"), p, ("AL1",), count=count)
    return None


@AGENDA.handler("day_rest")
def day_rest(state, task, answer, events):
    """The rest of a day after Noon (4.2.a), then the next day."""
    push(state, {"t": "phase", "phase": "afternoon"}, {"t": "phase", "phase": "dusk"}, {"t": "progress"},
         CHECK_TIMING, {"t": "phase", "phase": "night"}, {"t": "rest"}, CHECK_TIMING,
         {"t": "cleanup", "i": 0}, {"t": "cleanup", "i": 1}, CHECK_TIMING, {"t": "end_day"})
    return None


@AGENDA.handler("phase")
def phase(state, task, answer, events):
    """A phase begins (4.2.a) and reactions at its instant are checked (4.2.b)."""
    state.phase = task["phase"]
    keys = (PHASE_KEYS[state.phase],) + (("SETUP_NOON",) if task.get("first_day") else ())
    keys += ("FIRST_TURN",) if state.phase == "afternoon" else ()
    emit(events, "phase", say("Day %(day)s: %(phase)s", day=state.day, phase=state.phase.capitalize()),
         keys, None, phase=state.phase,
         day=state.day)
    if state.phase in INSTANTS:
        trigger_instant(state, INSTANTS[state.phase], events)
    if state.phase == "afternoon":
        state.passed, state.to_act = [False, False], state.first_player
        push(state, CHECK_TIMING, {"t": "turn"})
    else:
        push(state, CHECK_TIMING)
    return None


@AGENDA.handler("morning")
def morning(state, task, answer, events):
    """4.2.1: Succeed, Prepare, Draw, Expand, reactions checked after each (4.2.d)."""
    state.day += 1
    push(state, {"t": "phase", "phase": "morning"}, {"t": "succeed"}, CHECK_TIMING, {"t": "prepare"}, CHECK_TIMING,
         {"t": "draw_two"}, CHECK_TIMING, {"t": "expand", "i": 0}, {"t": "expand", "i": 1}, CHECK_TIMING,
         {"t": "phase", "phase": "noon"}, {"t": "day_rest"})
    return None


@AGENDA.handler("succeed")
def succeed(state, task, answer, events):
    state.first_player = 1 - state.first_player
    emit(events, "succeed", say("player %(player)s becomes the first player", player=state.first_player), ("SUCCEED",),
         state.first_player)
    after(state, "succeed", events)
    return None


@AGENDA.handler("prepare")
def prepare(state, task, answer, events):
    """4.2.1.c: characters and permanents readied; mana orbs too, as 1.3.2.b says (assumption AL2)."""
    count = len(state.exhausted)
    state.exhausted.clear()
    emit(events, "prepare", say("both players ready their objects and mana orbs (%(count)s readied)", count=count),
         ("PREPARE", "READY"), None, ("AL2",), count=count)
    after(state, "prepare", events)
    return None


@AGENDA.handler("draw_two")
def draw_two(state, task, answer, events):
    """4.2.1.d: each player draws two cards, in initiative order, then the reactions "after Draw" (4.2.d)."""
    order, i = state.initiative(), task.get("i", 0)
    if i == len(order):
        after(state, "draw", events)
    else:
        push(state, {"t": "draw_two_of", "player": order[i]}, {"t": "draw_two", "i": i + 1})
    return None


@AGENDA.handler("draw_two_of")
def draw_two_of(state, task, answer, events):
    """One player's draw of the Morning: that player's atomic action of the daily effect (6.1.e), which "if you
    would draw a card ... instead" replaces (6.2.e.2, AL31)."""
    out = replaced_step(state, {**task, "atomic": task["player"]}, MORNING_DRAW, answer, events)
    if out is KEEP:
        draw(state, task["player"], 2, events, ("DRAW_TWO", "DRAW"))
        return None
    return out


def after(state, effect: str, events: list) -> None:
    """4.2.d and its note: after a daily effect, the reactions "after [that daily effect]" trigger, with those
    triggered during it, before reactions are checked."""
    trigger_instant(state, f"after_{effect}", events, ("AFTER_DAILY",))


@AGENDA.handler("expand")
def expand_task(state, task, answer, events):
    decision = expand(state, task, answer, events)
    if decision is None and task["i"] == 1:  # both players have expanded or not: the daily effect is over
        after(state, "expand", events)
    return decision


def expand(state, task, answer, events):
    """4.2.1.e: each player, in initiative order, may put a card from hand into Mana, face down and ready."""
    p = state.initiative()[task["i"]]
    hand = state.zones[p]["hand"]
    if not hand:
        return None
    if answer is None:
        options = tuple(Action.make("expand", card=c) for c in hand) + (Action.make("pass"),)
        return Decision("expand", p, say("you may put a card from your hand into Mana"), options, cite("EXPAND"))
    if answer.kind == "pass":
        emit(events, "expand", say("player %(player)s does not expand", player=p), ("EXPAND",), p)
        return None
    move(state, answer.card, "mana")
    emit(events, "expand", say("player %(player)s puts a card into Mana, face down and ready", player=p),
         ("EXPAND", "MANA_FACE_DOWN"),
         p, card=answer.card)
    return None


@AGENDA.handler("progress")
def progress_task(state, task, answer, events):
    progress(state, events)
    after(state, "progress", events)
    return None


@AGENDA.handler("rest")
def rest(state, task, answer, events):
    """4.2.5.b: characters in the expeditions go to the Reserve, all at once, except Eternal ones (7.4.2.b),
    Anchored and Asleep ones, which lose that status instead (assumptions AL4, AL5).  All at once (6.1.f): which
    stay, where each goes ("instead", 6.2.e) and whether a Seasoned one keeps its boosts are read before any
    moves, so a character's passive ability ("your other Characters have Eternal") holds for the whole Rest."""
    eternal = {c for p in state.initiative() for c in state.in_expeditions(p) if state.has(c, "eternal")}
    fates = {c: fate(state, c, "reserve", ("REST",)) for p in state.initiative() for c in state.in_expeditions(p)
             if c not in eternal and c not in state.anchored and c not in state.asleep}
    leave_together(state, [c for p in state.initiative() for c in state.in_expeditions(p)],
                   lambda c: _rest_one(state, c, eternal, fates, events), events, ("REST",))
    after(state, "rest", events)
    return None


def _rest_one(state, card_id: str, eternal: set, fates: dict, events: list) -> None:
    """One character at Rest: it stays (Eternal, Anchored, Asleep) or goes where its fate, read before, says."""
    p = state.loc[card_id][0]
    card = state.cards[card_id]
    if card_id in eternal:
        emit(events, "stays", say("%(card)s is Eternal and stays", card=card.name),
             ("REST", "ETERNAL"), p, card=card_id)
    # AL4, AL5: an Anchored or Asleep character stays and loses that status - each it has, Eternal or not
    for status in [s for s in ("anchored", "asleep") if card_id in getattr(state, s)]:
        getattr(state, status).discard(card_id)
        emit(events, "stays", say("%(card)s is %(status)s: it stays and loses %(status)s", card=card.name,
                                  status=status), ("REST", "LOSE_STATUS"),
             p, ("AL4" if status == "anchored" else "AL5",), card=card_id)
    if card_id in fates:
        send(state, card_id, "reserve", events, ("REST",), fixed=fates[card_id], watch=False)


def limits(state, player: int) -> tuple[int, int]:
    """A player's Reserve and Landmark limits: their hero's (2.2.11, 2.2.12), 2 and 2 without one (4.2.5.d), changed
    by the passive abilities in force (4.2.5.d's note; a card's way beats the rule's, 1.4.2.a), never below 0."""
    hero = state.hero(player)
    base = [hero.reserve_limit, hero.landmark_limit] if hero else [2, 2]
    view = state.view()
    for src in (view.limits if view is not None else ()):
        if (src.player != player) == bool(src.part.get("opponent")):
            i = 0 if src.part.get("zone") == "reserve" else 1
            base[i] = max(0, base[i] + src.part.get("amount"))
    return base[0], base[1]


def limits_changed(state, player: int) -> bool:
    view = state.view()
    return view is not None and any((s.player != player) == bool(s.part.get("opponent")) for s in view.limits)


@AGENDA.handler("cleanup")
def cleanup_task(state, task, answer, events):
    decision = cleanup(state, task, answer, events)
    if decision is None and task["i"] == 1:  # the objects not kept are gone: Clean-up is over
        after(state, "cleanup", events)
    return decision


def cleanup(state, task, answer, events):
    """4.2.5.c: each player chooses, as one choice, the objects they keep in the Reserve and in the landmark zone
    (as many as each limit); every object not chosen, of both zones, is discarded simultaneously."""
    p = state.initiative()[task["i"]]
    over = [(zone, limit) for zone, limit in zip(("reserve", "landmarks"), limits(state, p))
            if len(state.zones[p][zone]) > limit]
    discarded = [tuple(d) for d in task.get("discard", [])]  # the first player's choice, not yet carried out
    options = () if not over or answer is not None else tuple(
        Action.make("choose_cards", cards=[c for part in choice for c in part])
        for choice in product(*(combinations(state.zones[p][z], n) for z, n in over)))
    if len(options) == 1:  # a limit of 0: nothing to choose, nothing is kept
        answer = options[0]
    if over and answer is None:
        keys = ("CLEANUP",) + (("NO_HERO_LIMITS",) if state.hero(p) is None else ()) + (
            ("LIMIT_CHANGED",) if limits_changed(state, p) else ())
        if len(over) == 1:
            prompt = say_n("choose the %(count)s object you keep in your %(zone)s",
                           "choose the %(count)s objects you keep in your %(zone)s", over[0][1], zone=over[0][0])
        else:
            # two counts, each meeting its own noun: the second part is a sentence of its own, with its plural
            also = say_n("the %(count)s object you keep in your %(zone)s",
                         "the %(count)s objects you keep in your %(zone)s", over[1][1], zone=over[1][0])
            prompt = say_n("choose the %(count)s object you keep in your %(zone)s and %(keep2)s",
                           "choose the %(count)s objects you keep in your %(zone)s and %(keep2)s", over[0][1],
                           zone=over[0][0], keep2=also)
        return Decision("cleanup", p, prompt, options, cite(keys[-1]))
    if over:
        kept = set(answer.get("cards"))
        discarded += [(p, c) for z, _ in over for c in state.zones[p][z] if c not in kept]
    later = next((i for i in range(len(state.agenda) - 1, -1, -1)
                  if state.agenda[i].get("t") == "cleanup" and state.agenda[i].get("i", 0) > task["i"]), None)
    if later is not None and discarded:  # the second player chooses knowing the first's choice (4.2.5.c note)
        # a new task, never an edit of the old one: states share their agenda's task objects (pure apply)
        state.agenda[later] = {**state.agenda[later], "discard": [list(d) for d in discarded]}
        return None
    # every object not chosen, of both players, at once: where each goes is read before any moves (an object's
    # own "instead", 6.2.b, is in force while it is still in play)
    moves = [(owner, card_id, state.loc[card_id][1],
              replace(state, card_id, state.loc[card_id][1], "discard",
                      ("CLEANUP",) + (("NO_HERO_LIMITS",) if state.hero(owner) is None else ()) + (
                          ("LIMIT_CHANGED",) if limits_changed(state, owner) else ()) + ("DISCARD",)),
              as_it_is(state, card_id))  # its reactions as it leaves (6.3.d-e)
             for owner, card_id in discarded]
    for owner, card_id, here, (to, keys), was in moves:
        move(state, card_id, to)
        if to == "discard":
            emit(events, "discard", say("%(card)s is discarded at clean-up", card=name(state, card_id)), keys, owner,
                 card=card_id)
        else:
            emit(events, "send", say("%(card)s is not kept at clean-up: instead of the discard pile it goes to %(to)s",
                                     card=name(state, card_id), to=zone_word(to)), keys, owner, card=card_id, to=to)
        if here == "landmarks":  # 6.3.e
            trigger(state, card_id, "on_leave_landmarks", events, was=was)
    return None


@AGENDA.handler("end_day")
def end_day(state, task, answer, events):
    """The day ends: "this day" effects end (2.2.13.a), the daily counts start again (1.4.6), the next Morning."""
    if modifiers.expire(state, "day"):
        emit(events, "modifiers_end", say("effects lasting this day end"), ("DURATION",), None)
    expire_emblems(state, "day", events)
    state.uses = {}
    push(state, {"t": "morning"})
    return None


def in_expedition(state, card_id: str) -> bool:
    return state.loc.get(card_id, (0, ""))[1] in EXPEDITIONS


def agenda_at(state, phase: str, mid_afternoon: bool = False) -> list[dict]:
    """The remaining procedure of a day from the start of ``phase`` (``mid_afternoon``: from the next turn of an
    Afternoon already under way), as an agenda (the task run first is last)."""
    rest_of_day = [{"t": "phase", "phase": "dusk"}, {"t": "progress"}, CHECK_TIMING, {"t": "phase", "phase": "night"},
                   {"t": "rest"}, CHECK_TIMING, {"t": "cleanup", "i": 0}, {"t": "cleanup", "i": 1}, CHECK_TIMING,
                   {"t": "end_day"}]
    if phase == "setup":
        tasks = [{"t": "setup", "first_player": state.first_player}]
    elif phase == "morning":
        state.day -= 1  # the morning task starts the day it names
        tasks = [{"t": "morning"}]
    elif phase == "noon":
        tasks = [{"t": "phase", "phase": "noon"}, {"t": "day_rest"}]
    elif phase == "afternoon":
        tasks = ([{"t": "turn"}] if mid_afternoon else [{"t": "phase", "phase": "afternoon"}]) + rest_of_day
    else:
        tasks = rest_of_day[rest_of_day.index({"t": "phase", "phase": phase}):]
    return list(reversed(tasks))
