"""Sections 5.2 and 6: preparing the game, then the turn's phases in order - stand (6.2), draw (6.3),
clock (6.4), main (6.5), climax (6.6), then the attack phase (6.7, attack.py), the encore step (7.7,
attack.py) and the end phase (6.8).
"""

from __future__ import annotations

from ..core.text import say
from itertools import combinations
from math import comb

from ..core import modifiers
from . import granting
from ..core.agenda import push
from ..core.abilities import act_options
from ..core.decisions import Decision, mulligan, play_timing
from ..core.events import cite_last
from ..turns import decide_first_player, shuffle_decks
from .actions import SLOTS, Action
from .characteristics import (auto_abilities, cannot_move, colour_waived, conditions_hold, forbidden_attacks,
                              features, forbidden_plays, play_problem, spent)
from .check_timing import begin_abilities, beginning_abilities, delayed_due, phase_start, rule_actions_due, works_from_citations
from .citations import cite
from .costs import can_pay, pay_task
from .effects import effect_tasks
from .primitives import (CHECK_TIMING, add_standby, area_changed, draw, emit, handler, move, name, trigger,
                         trigger_others)
from .state import MARKER_OF, GameState

TURN_TASKS = ("stand_phase", "draw_phase", "clock_phase", "main_phase", "climax_phase", "attack_phase",
              "encore_step", "end_phase")
HAND_LIMIT = 7  # 3.3.3.1
# above this many possible sets the discard is offered one card at a time only (the same cards, the same result)
MAX_DISCARD_SETS = 1000


# ---------------------------------------------------------------- 5.2 preparing the game
@handler("setup")
def _setup(state, task, answer, events):
    """5.2.1: shuffle, decide the first player, draw five, redraw, refresh points 0, first turn."""
    shuffle_decks(state, events, emit)
    first = decide_first_player(state, events, emit, task.get("first_player"))
    for p in (0, 1):
        for _ in range(5):
            draw(state, p, events, ("SETUP_HAND",))
    push(state, {"t": "mulligan", "p": first}, {"t": "mulligan", "p": 1 - first}, {"t": "setup_done"})
    return None


@handler("mulligan")
def _mulligan(state, task, answer, events):
    """5.2.1.4: put any cards from the hand into the waiting room, then draw as many (first player first)."""
    player = task["p"]
    return mulligan(answer, Action, player, state.zones[player]["hand"],
                    say("choose any cards to put into the waiting room and redraw"), cite("SETUP_HAND"),
                    lambda c: move(state, c, "waiting_room"), lambda: draw(state, player, events, ("SETUP_HAND",)),
                    lambda chosen: emit(events, "mulligan", say("player %(player)s redraws %(n)s card(s)", player=player, n=len(chosen)),
                                        ("SETUP_HAND",), player, count=len(chosen)))


@handler("setup_done")
def _setup_done(state, task, answer, events):
    """5.2.1.5-5.2.1.6: refresh points start at 0; the first player becomes the turn player."""
    state.refresh_points = [0, 0]
    emit(events, "game_starts", say("refresh points are 0; player %(player)s takes the first turn", player=state.first_player),
         ("SETUP_REFRESH_POINT", "SETUP_START"), state.first_player)
    push(state, {"t": "turn_start"})
    return None


# ---------------------------------------------------------------- 6.1 the turn
@handler("turn_start")
def _turn_start(state, task, answer, events):
    """6.1.1: the turn player goes through the phases in order."""
    state.attacks_this_turn = 0
    state.climax_played = False
    state.shots = []
    state.phase, state.step = "stand", None
    emit(events, "turn_start", say("turn %(turn)s begins; player %(player)s is the turn player", turn=state.turn, player=state.turn_player),
         ("TURN_ORDER",), state.turn_player, turn=state.turn)
    push(state, *({"t": t} for t in TURN_TASKS))
    return None


@handler("stand_phase")
def _stand_phase(state, task, answer, events):
    """6.2.1: 'at the beginning of the stand phase' abilities, then stand every character (6.2.1.2)."""
    phase_start(state, events, "begin_stand", "STAND_PHASE_START")
    push(state, CHECK_TIMING, {"t": "stand_all"}, CHECK_TIMING)
    return None


@handler("stand_all")
def _stand_all(state, task, answer, events):
    p = state.turn_player
    kept = [c for c in state.characters(p) if (c in state.rested or c in state.reversed)
            and "stand_phase" in forbidden_attacks(state, c)]
    for c in state.characters(p):
        if c not in kept:
            state.rested.discard(c)
            state.reversed.discard(c)
    emit(events, "stand_phase", say("player %(player)s stands all characters", player=p), ("STAND_PHASE", "STAND"), p)
    for c in kept:  # "this card does not stand during your stand phase": the effect that stops an action wins (1.3.3)
        emit(events, "does_not_stand", say("an effect says %(card)s does not stand during the stand phase: it stays as it "
                                           "is", card=name(state, c)), ("STOP_WINS", "STAND_PHASE"), p, card=c)
    return None


@handler("draw_phase")
def _draw_phase(state, task, answer, events):
    """6.3.1: 'at the beginning of the draw phase' abilities, then draw a card (6.3.1.2)."""
    phase_start(state, events, "begin_draw", "DRAW_PHASE_START")
    push(state, CHECK_TIMING, {"t": "draw_card"}, CHECK_TIMING)
    return None


@handler("draw_card")
def _draw_card(state, task, answer, events):
    draw(state, state.turn_player, events, ("DRAW_PHASE", "DRAW"))
    return None


@handler("clock_phase")
def _clock_phase(state, task, answer, events):
    """6.4.1: 'at the beginning of the clock phase' abilities, then the clock decision (6.4.1.2)."""
    phase_start(state, events, "begin_clock", "CLOCK_PHASE_START")
    push(state, CHECK_TIMING, {"t": "clock_decision"}, CHECK_TIMING)
    return None


@handler("clock_decision")
def _clock_decision(state, task, answer, events):
    """6.4.1.2: the turn player may put a card from the hand into the clock; if so, draw two."""
    p = state.turn_player
    if answer is None:
        hand = state.zones[p]["hand"]
        if not hand:
            emit(events, "clock_pass", say("player %(player)s has no card in hand to put into the clock", player=p), ("CLOCK_PHASE",), p)
            return None
        return Decision("clock", p, say("put a card from your hand into your clock to draw two, or pass"),
                        tuple(Action.make("clock", card=c) for c in hand) + (Action.make("pass"),),
                        cite("CLOCK_PHASE"))
    if answer.kind == "pass":
        emit(events, "clock_pass", say("player %(player)s does not clock", player=p), ("CLOCK_PHASE",), p)
        return None
    emit(events, "clock", say("player %(player)s puts %(card)s into the clock and draws two", player=p, card=name(state, answer.card)),
         ("CLOCK_PHASE", "CLOCK_TOP"), p, card=answer.card)
    move(state, answer.card, "clock", events=events)  # logged first: an ability this move triggers follows it
    push(state, {"t": "clock_draw", "p": p})  # a level up the seventh card makes due comes first (9.1.2.1)
    return None


@handler("clock_draw")
def _clock_draw(state, task, answer, events):
    """6.4.1.2: "Se lo fa, pesca due carte" (4.7.3: draw a card, twice)."""
    for _ in range(2):
        draw(state, task["p"], events, ("CLOCK_PHASE", "DRAW"))
    return None


# ---------------------------------------------------------------- 6.5 main phase
@handler("main_phase")
def _main_phase(state, task, answer, events):
    """6.5.1.1: 'at the beginning of the main phase' abilities, then play timings."""
    phase_start(state, events, "begin_main", "MAIN_PHASE_START")
    push(state, CHECK_TIMING, {"t": "main_decision"})
    return None


@handler("main_decision")
def _main_decision(state, task, answer, events):
    """6.5.1.2: play a character or an event, play an ACT ability, move characters, or pass (6.5.1.2.5)."""
    p = state.turn_player
    return play_timing(
        answer, lambda: Decision("main", p, say("play a character or event, use an ACT ability, move, or pass to the "
                                     "climax phase"), tuple(main_options(state, p)), cite("MAIN_PLAY_TIMING")),
        lambda: emit(events, "main_end", say("player %(player)s ends the main phase", player=p), ("MAIN_END", "PLAY_TIMING"), p),
        lambda action: _main_action(state, events, action, p))


def act_problem(state: GameState, card_id: str, i: int) -> tuple[str, str] | None:
    card = state.cards[card_id]
    if i >= len(card.abilities) or card.abilities[i].timing != "act":
        return say("%(card)s has no ACT ability number %(i)s", card=card.name, i=i), "MAIN_ACT"
    ab = card.abilities[i]
    if state.loc[card_id] not in ((state.turn_player, s) for s in SLOTS):
        return say("%(card)s is not your character on the stage", card=card.name), "MAIN_ACT"
    if "cannot_act" in features(state) and ("act" in forbidden_attacks(state, card_id)
                                            or "act" in forbidden_plays(state, state.turn_player)):
        return (say("an effect says %(card)s's ACT abilities cannot be played, and an effect that stops an action "
                    "wins over the rules", card=card.name), "STOP_WINS")
    if not conditions_hold(state, ab, card_id):
        return say("%(card)s's ability condition is not met", card=card.name), "MAIN_ACT"
    if spent(state, card_id, i):
        return say("%(card)s's text allows this ability once per turn, and it was played this turn", card=card.name), "TEXT_WINS"
    if not can_pay(state, card.owner, ab.cost, card_id):
        return say("the cost of %(card)s's ability cannot be paid", card=card.name), "COST_ALL_OR_NOTHING"
    return None


def main_options(state: GameState, player: int) -> list[Action]:
    opts: list[Action] = []
    for c in state.zones[player]["hand"]:
        card = state.cards[c]
        if card.type == "climax" or play_problem(state, player, c):
            continue
        if card.type == "character":
            opts.extend(Action("play", (("card", c), ("slot", s))) for s in SLOTS)
        else:
            opts.append(Action.make("play", card=c))
    opts += act_options(state, Action, state.characters(player), lambda c, i: act_problem(state, c, i) is None)
    for a, b in combinations(SLOTS, 2):
        if (state.zones[player][a] or state.zones[player][b]) \
                and not any(cannot_move(state, c) for c in state.zones[player][a] + state.zones[player][b]):
            opts.append(Action("move", (("from", a), ("to", b))))
    opts.append(Action.make("pass"))
    return opts


def _main_action(state: GameState, events: list, answer: Action, p: int) -> None:
    """6.5.1.2.1-6.5.1.2.4: play a card, an ACT ability or a move, then check timing and the next play timing."""
    push(state, {"t": "main_decision"})  # 4.5.3.1: another play timing after the action (after its check timing)
    push(state, CHECK_TIMING)
    if answer.kind == "play":
        card = state.cards[answer.card]
        if card.type == "character":
            push(state, *play_character_tasks(state, p, answer.card, answer.get("slot")))
        else:
            push(state, *play_event_tasks(state, p, answer.card))
    elif answer.kind == "act":
        ab = state.cards[answer.card].abilities[answer.get("ability")]
        spent(state, answer.card, answer.get("ability"), mark=True)
        emit(events, "act", say("player %(player)s plays %(card)s's ACT ability", player=p, card=name(state, answer.card)), ("MAIN_ACT", "ACT"), p,
             card=answer.card, ability=answer.get("ability"))
        push(state, *([pay_task(p, answer.card, ab.cost)] if ab.cost else []),
             *effect_tasks(p, answer.card, answer.get("ability")))
    elif answer.kind == "move":
        _move(state, events, p, answer.get("from"), answer.get("to"))


def _move(state: GameState, events: list, p: int, a: str, b: str) -> None:
    """6.5.1.2.4: swap the characters of two positions (or move the one there is)."""
    ca, cb = list(state.zones[p][a]), list(state.zones[p][b])
    for c in ca:
        move(state, c, b, p, carry=False)
    for c in cb:
        move(state, c, a, p, carry=False)
    emit(events, "move", say("player %(player)s swaps %(a)s and %(b)s", player=p, a=a.replace("_", " "), b=b.replace("_", " ")), ("MAIN_MOVE",), p,
         assumptions=("W13",), **{"from": a, "to": b})
    ma, mb = state.zones[p][MARKER_OF[a]], state.zones[p][MARKER_OF[b]]
    if ma or mb:  # 3.7.3.1: each character's markers go with it, at the same time
        _swap_markers(state, events, p, a, b)


def _swap_markers(state: GameState, events: list, p: int, a: str, b: str) -> None:
    ma, mb = list(state.zones[p][MARKER_OF[a]]), list(state.zones[p][MARKER_OF[b]])
    state.zones[p][MARKER_OF[a]], state.zones[p][MARKER_OF[b]] = mb, ma
    for m in ma:
        state.loc[m] = (p, MARKER_OF[b])
    for m in mb:
        state.loc[m] = (p, MARKER_OF[a])
    for cards, slot in ((ma, b), (mb, a)):
        if cards and state.zones[p][slot]:
            emit(events, "markers_move", say("the markers under %(card)s go with it to %(value)s", card=name(state, state.zones[p][slot][-1]), value=slot.replace('_', ' ')), ("MARKERS_FOLLOW",), p, card=state.zones[p][slot][-1], cards=cards,
                 away=[], slot=slot)


def play_character_tasks(state: GameState, p: int, card_id: str, slot: str) -> list[dict]:
    cost = state.cards[card_id].cost
    return ([{"t": "pay", "p": p, "card": card_id, "costs": [{"kind": "stock", "count": cost}], "picks": []}]
            if cost else []) + [{"t": "place_character", "p": p, "card": card_id, "slot": slot}]


@handler("place_character")
def _place_character(state, task, answer, events):
    """8.6.2.4.1: the character goes to the chosen position; one already there goes to the waiting room "da
    un'Azione Arbitraria": the check rule action 9.6.1, at the check timing that follows (until then both are there)."""
    p, card_id, slot = task["p"], task["card"], task["slot"]
    waived = ("LEVEL_ZERO_NO_COLOUR",) if colour_waived(state, p, card_id) else ()
    move(state, card_id, slot, p)
    emit(events, "play", say("player %(player)s plays %(card)s to %(slot)s", player=p, card=name(state, card_id), slot=slot.replace("_", " ")),
         ("MAIN_PLAY_CHARACTER", "PLACE_CHARACTER") + waived, p, card=card_id, slot=slot)
    trigger(state, events, "on_play", card_id)
    # "when another of your characters is played": every other character on the stage then, the one the new card was
    # played over too (it leaves only at the next check timing, 9.6.1)
    trigger_others(state, events, "on_other_play", card_id)
    for i, ab in enumerate(state.cards[card_id].abilities):  # 10.4.1: bond, as the character is placed
        if ab.timing == "bond":
            add_standby(state, events, card_id, i, {})
            cite_last(events, (cite("BOND"),))
    return None


def play_event_tasks(state: GameState, p: int, card_id: str) -> list[dict]:
    card = state.cards[card_id]
    tasks: list[dict] = [{"t": "event_to_resolution", "p": p, "card": card_id}]
    if card.cost:
        tasks.append({"t": "pay", "p": p, "card": card_id, "costs": [{"kind": "stock", "count": card.cost}],
                      "picks": []})
    for i, ab in enumerate(card.abilities):
        if ab.timing == "event" and conditions_hold(state, ab, card_id):
            tasks.extend(effect_tasks(p, card_id, i))
    tasks.append({"t": "event_done", "p": p, "card": card_id})
    return tasks


@handler("event_to_resolution")
def _event_to_resolution(state, task, answer, events):
    """8.6.2.4.2: an event is put into the resolution area and its effects resolve."""
    p, card_id = task["p"], task["card"]
    extra = ("LEVEL_ZERO_NO_COLOUR",) if colour_waived(state, p, card_id) else ()
    if state.cards[card_id].counter and state.phase == "main":
        extra += ("COUNTER_IN_MAIN",)  # 2.8.2.1: a counter card played in one's own main phase
    move(state, card_id, "resolution", p)
    emit(events, "play_event", say("player %(player)s plays the event %(card)s", player=p, card=name(state, card_id)),
         ("MAIN_PLAY_EVENT", "EVENT_RESOLVES") + extra, p, card=card_id)
    return None


@handler("event_done")
def _event_done(state, task, answer, events):
    """3.13.1.1: after resolving, the event goes to its owner's waiting room."""
    if state.loc[task["card"]][1] == "resolution":
        move(state, task["card"], "waiting_room")
        emit(events, "event_done", say("%(card)s goes to the waiting room", card=name(state, task["card"])),
             ("EVENT_TO_WAITING_ROOM",), task["p"], card=task["card"])
    return None


# ---------------------------------------------------------------- 6.6 climax phase
@handler("climax_phase")
def _climax_phase(state, task, answer, events):
    """6.6.1.1 (read as 'at the beginning of the climax phase': assumption W3), then one play timing."""
    phase_start(state, events, "begin_climax", "CLIMAX_PHASE_START")
    push(state, CHECK_TIMING, {"t": "climax_decision"}, CHECK_TIMING)
    return None


@handler("climax_decision")
def _climax_decision(state, task, answer, events):
    """6.6.1.2: only a climax can be played, and only one (6.6.1.2.1-6.6.1.2.2)."""
    p = state.turn_player
    if answer is None:
        opts = [Action.make("play", card=c) for c in state.zones[p]["hand"]
                if state.cards[c].type == "climax" and play_problem(state, p, c) is None]
        if not opts:
            # nothing 6.6.1.2.1 lets the player play: the play timing passes, and the log says so
            emit(events, "climax_pass", say("player %(player)s has no climax to play", player=p), ("CLIMAX_ONLY",), p)
            return None
        return Decision("climax", p, say("play a climax or pass to the attack phase"),
                        tuple(opts) + (Action.make("pass"),), cite("CLIMAX_ONLY"))
    if answer.kind == "pass":
        emit(events, "climax_pass", say("player %(player)s plays no climax", player=p), ("CLIMAX_ONLY",), p)
        return None
    move(state, answer.card, "climax", p)
    state.climax_played = True
    emit(events, "climax", say("player %(player)s plays the climax %(card)s", player=p, card=name(state, answer.card)),
         ("CLIMAX_RESOLVES", "CLIMAX_ONCE", "COLOUR_REQUIREMENT", "CLIMAX_NO_LEVEL"), p, card=answer.card)
    climax_placed(state, p, events)
    return None


def climax_placed(state: GameState, p: int, events: list) -> None:
    """'When a climax is placed in your climax area': played or put there by an effect (8.7.2, once per climax)."""
    for c, i in list(auto_abilities(state, p, "on_climax")):  # from the climax, the stage, an alarm, the memory
        add_standby(state, events, c, i, {})
        where = works_from_citations(state, c)
        cite_last(events, where, ("W20",) if where else ())


# ---------------------------------------------------------------- 6.8 end phase
@handler("end_phase")
def _end_phase(state, task, answer, events):
    """6.8.1: 'at the beginning of the end phase' abilities, hand limit, climax away, expiry, next turn."""
    seen = _end_abilities(state)  # before they go on stand-by: those that went, by card as it is now (3.1.4)
    phase_start(state, events, "begin_end", "END_PHASE_START")
    begin_abilities(state, events, "turn_end", "END_PHASE_START")  # 6.8.1.1: and "alla fine del turno"
    push(state, CHECK_TIMING, *END_TASKS[:-1], {"t": "end_check", "seen": seen})
    return None


# 6.8.1.2-6.8.1.5: the hand limit, the climax, a check timing and the end of "until the end of the turn" effects,
# then the turn ends only if nothing is left to do (end_check)
END_TASKS = ({"t": "hand_limit"}, {"t": "climax_away"}, CHECK_TIMING, {"t": "end_expiry"}, {"t": "end_check"})


def _end_abilities(state: GameState) -> list[str]:
    """The active "at the beginning of the end phase" / "at the end of the turn" abilities, each as card, ability
    and the time its card entered its area: a card that left and came back is a new card (3.1.4)."""
    return [f"{c}:{i}:{state.entered.get(c, 0)}" for timing in ("begin_end", "turn_end")
            for c, i in beginning_abilities(state, timing)]


@handler("end_check")
def _end_check(state, task, answer, events):
    """6.8.1.5: the turn ends only with the hand within its limit, no stand-by ability and no rule action due;
    otherwise the end phase goes through 6.8.1.2-6.8.1.4 again (assumption W21)."""
    p = state.turn_player
    over = len(state.zones[p]["hand"]) > HAND_LIMIT
    due = any(rule_actions_due(state)) or any(state.level(q) >= 4 for q in (0, 1))
    seen = list(task.get("seen", ()))
    # 6.8.1.5's last condition: an active end-of-turn ability that has not gone on stand-by in this end phase (its
    # card came onto the stage during it) goes on stand-by now, as 6.8.1.1 puts the others (W21)
    fresh = [k for k in _end_abilities(state) if k not in seen]
    # and a delayed "at the end of the turn" ability created during this end phase (8.7.5: W21)
    fresh_delayed = any(d["at"] in ("turn_end", "begin_end") for d in state.delayed)
    if over or due or state.standby or fresh or fresh_delayed:
        text = (say("the turn cannot end yet (the hand is over its limit): the end phase goes on") if over else
                say("the turn cannot end yet (a rule action is due): the end phase goes on") if due else
                say("the turn cannot end yet (an ability is on stand-by): the end phase goes on") if state.standby else
                say("the turn cannot end yet (an 'at the beginning of the end phase' or 'at the end of the turn' "
                    "ability has not gone on stand-by in this end phase): the end phase goes on"))
        emit(events, "end_phase_again", text, ("NEXT_TURN",), p, assumptions=("W21",))
        for key in fresh:
            card, index, _entered = key.split(":")
            add_standby(state, events, card, int(index), {})
            cite_last(events, (cite("NEXT_TURN"), cite("END_PHASE_START")), ("W21",))
        for timing in ("begin_end", "turn_end"):
            delayed_due(state, events, timing, "NEXT_TURN")
        push(state, *END_TASKS[:-1], {"t": "end_check", "seen": seen + fresh})
        return None
    push(state, {"t": "next_turn"})
    return None


@handler("hand_limit")
def _hand_limit(state, task, answer, events):
    """6.8.1.2: above the hand limit (3.3.3.1: 7), choose the excess cards and put them into the waiting room.

    The cards are chosen as a set (``choose_cards``, in any order: assumption W14); one card at a time
    (``choose``, the older answer) is accepted too and asks again for the rest.
    """
    p = state.turn_player
    hand = state.zones[p]["hand"]
    excess = len(hand) - HAND_LIMIT
    if excess <= 0:
        return None
    if answer is None:
        sets = () if comb(len(hand), excess) > MAX_DISCARD_SETS else tuple(
            Action.make("choose_cards", cards=list(c)) for c in combinations(hand, excess))
        return Decision("discard", p, say("hand limit: choose %(n)s card(s) to put into the waiting room", n=excess),
                        sets + tuple(Action.make("choose", card=c) for c in hand), cite("END_HAND_LIMIT"))
    chosen = list(answer.get("cards")) if answer.kind == "choose_cards" else [answer.card]
    for c in chosen:
        move(state, c, "waiting_room")
    for c in chosen:  # put together (W14); then the abilities the move triggered (8.7.4)
        emit(events, "discard", say("player %(player)s puts %(card)s into the waiting room (hand limit)", player=p, card=name(state, c)),
             ("END_HAND_LIMIT", "HAND_LIMIT"), p, assumptions=("W14",), card=c)
    for c in chosen:
        area_changed(state, c, "hand", events)
    push(state, {"t": "hand_limit"})
    return None


@handler("climax_away")
def _climax_away(state, task, answer, events):
    """6.8.1.3: the turn player's climax goes to the waiting room."""
    p = state.turn_player
    for c in list(state.zones[p]["climax"]):
        move(state, c, "waiting_room")
        emit(events, "climax_away", say("%(card)s goes from the climax area to the waiting room", card=name(state, c)),
             ("END_CLIMAX",), p, card=c)
        area_changed(state, c, "climax", events)  # "when this card is put from the climax area into ..." (8.7.4)
    return None


@handler("end_expiry")
def _end_expiry(state, task, answer, events):
    """6.8.1.4: effects 'until the end of the turn' end."""
    ended = modifiers.expire(state, "turn") + granting.expire(state)  # the abilities given till then too (W49)
    emit(events, "end_of_turn", say("%(n)s effect(s) until the end of the turn end", n=ended),
         ("END_OF_TURN_EXPIRY",), state.turn_player)
    return None


@handler("next_turn")
def _next_turn(state, task, answer, events):
    """6.8.1.5: the opponent becomes the turn player."""
    state.turn += 1
    state.turn_player = 1 - state.turn_player
    state.step = None
    emit(events, "next_turn", say("player %(player)s becomes the turn player", player=state.turn_player), ("NEXT_TURN",),
         state.turn_player)
    push(state, {"t": "turn_start"})
    return None
