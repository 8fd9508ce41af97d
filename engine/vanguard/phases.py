"""Section 6: the turn's phases in order - turn start (6.2), stand (6.3), draw with G assist (6.4), ride with
stride (6.5), main (6.6), then (after the battle phase, 6.7: battle.py) the end phase (6.8) and the next turn.
"""

from __future__ import annotations

from ..core.text import say
from ..core import modifiers
from ..core.standby import cite_if_standby
from ..core.agenda import push
from ..core.abilities import act_options
from ..core.decisions import Decision, play_timing
from .actions import REAR_GUARD_CIRCLES, Action
from .characteristics import cannot_use_abilities, condition_holds, grade_of_vanguard, legion_mate_on_circle
from .citations import cite, cites
from .keywords import face_down_g_zone, stride_blocker, stride_costs
from .delayed import fire
from .playing import ability_tasks, can_pay, do_call, do_ride
from .primitives import CHECK_TIMING, choose_several, choose_unit, draw, emit, handler, move, name, shuffle_deck
from .standby import phase_start, put_into_drop, trigger
from .state import COLUMNS, GameState


@handler("turn_start")
def _turn_start(state, task, answer, events):
    """6.2.2: a turn begins; its phases run in order (stand, draw, ride, main, battle, end)."""
    state.rode_this_turn = False
    state.strode_this_turn = False
    state.turn_start_grade = grade_of_vanguard(state, state.turn_player)
    state.used_this_turn = []
    state.battles_this_turn = 0
    state.calls_this_turn, state.soul_in_this_turn = [0, 0], [0, 0]
    state.phase, state.step = "stand", None
    emit(events, "turn_start", say("turn %(turn)s begins; player %(player)s is the turn player", turn=state.turn, player=state.turn_player),
         ("PHASE_ORDER",),
         state.turn_player, turn=state.turn)
    push(state, {"t": "stand_phase"}, {"t": "draw_phase"}, {"t": "ride_phase"}, {"t": "main_phase"},
         {"t": "battle_phase"}, {"t": "end_phase"})


def _opening_abilities(state: GameState, events: list, timing: str, key: str, then: dict) -> bool:
    """6.3.1.1 / 6.4.1.1.1: 'at the beginning of' abilities go on stand-by and a check timing plays them
    before the phase's action (``then``); True when one did (the action is then queued after it)."""
    before = len(state.standby)
    phase_start(state, events, timing, key)
    if len(state.standby) == before:
        return False
    push(state, CHECK_TIMING, then)
    return True


@handler("stand_phase")
def _stand_phase(state, task, answer, events):
    """6.3.1.1-6.3.1.2: the stand phase - 'at the beginning of the turn / stand phase', then the turn player
    stands all their units."""
    state.phase, state.step = "stand", None
    if _opening_abilities(state, events, "begin_stand_phase", "BEGIN_STAND_PHASE", {"t": "stand_units"}):
        return
    _stand_units(state, task, answer, events)


@handler("stand_units")
def _stand_units(state, task, answer, events):
    """6.3.1.2: the turn player stands all their units."""
    turn_player = state.turn_player
    for card_id in state.units(turn_player):
        if card_id not in state.locked:
            state.rested.discard(card_id)
    emit(events, "stand_phase", say("player %(player)s stands all units", player=turn_player), ("STAND_PHASE", "STAND_REST"), turn_player)
    push(state, CHECK_TIMING)


@handler("draw_phase")
def _draw_phase(state, task, answer, events):
    """6.4.1.1.2: the draw phase - its draw step (6.4.1.1) draws a card, then the G assist step (6.4.1.2)."""
    state.phase, state.step = "draw", "draw"
    push(state, {"t": "g_assist"}, CHECK_TIMING)
    if _opening_abilities(state, events, "begin_draw_phase", "BEGIN_DRAW_PHASE", {"t": "draw_step_draw"}):
        return
    _draw_step_draw(state, task, answer, events)


@handler("draw_step_draw")
def _draw_step_draw(state, task, answer, events):
    """6.4.1.1.2-6.4.1.1.3: the turn player draws a card; a check timing follows."""
    draw(state, state.turn_player, events, ("DRAW_PHASE", "DRAW"))
    push(state, CHECK_TIMING)


@handler("g_assist")
def _g_assist(state, task, answer, events):
    """G assist step (6.4.1.2.3), Italian procedure: assumption A23."""
    state.step = "g_assist"
    turn_player = state.turn_player
    g = grade_of_vanguard(state, turn_player)
    if answer is None:
        has_next_grade = any(state.cards[c].grade == g + 1 for c in state.zones[turn_player]["hand"])
        if g >= 3 or len(face_down_g_zone(state, turn_player)) < 2 or has_next_grade:
            return None
        return Decision("g_assist", turn_player, say("G assist: search the deck for a grade %(grade)s card?", grade=g + 1),
                        (Action.make("accept"), Action.make("pass")), cite("G_ASSIST"))
    if answer.kind == "pass":
        emit(events, "g_assist", say("player %(turn_player)s does not use G assist", turn_player=turn_player), ("G_ASSIST",), turn_player)
        return None
    emit(events, "g_assist", say("player %(turn_player)s reveals the hand: no grade %(value)s card", turn_player=turn_player, value=g + 1), ("G_ASSIST_CONDITIONS",
                                                                                               "G_ASSIST_REVEAL_HAND"),
         turn_player, cards=list(state.zones[turn_player]["hand"]))
    deck = state.zones[turn_player]["deck"]
    revealed, found = [], None
    for card_id in deck[:7]:
        revealed.append(card_id)
        if state.cards[card_id].grade == g + 1:
            found = card_id
            break
    if found:
        move(state, found, "hand", turn_player)
    shuffle_deck(state, turn_player)
    emit(events, "g_assist", say("G assist reveals %(count)s card(s) and puts %(card)s into the hand; the deck is "
                                 "shuffled", count=len(revealed), card=name(state, found)) if found else
         say("G assist reveals %(count)s card(s): no grade %(grade)s card; the deck is shuffled", count=len(revealed),
             grade=g + 1), ("G_ASSIST_SEARCH", "SHUFFLE"), turn_player, assumptions=("A23",), revealed=revealed,
         card=found)
    if found:
        push(state, {"t": "g_assist_remove", "p": turn_player, "zone": "hand"},
             {"t": "g_assist_remove", "p": turn_player, "zone": "gzone"})
    return None


@handler("g_assist_remove")
def _g_assist_remove(state, task, answer, events):
    """6.4.1.2.3.5: after a successful G assist, remove two cards from the hand and two from the G zone."""
    player, zone = task["p"], task["zone"]
    pool = list(state.zones[player]["hand"]) if zone == "hand" else face_down_g_zone(state, player)
    chosen, decision = choose_several(state, task, answer, pool, 2,
                                      say("G assist: choose 2 cards from your %(zone)s to remove from the game",
                                          zone=zone),
                                      "G_ASSIST_SEARCH")
    if decision:
        return decision
    for card_id in chosen:
        move(state, card_id, "removal", player)
    emit(events, "removed", say("%(n)s card(s) from the %(zone)s are removed from the game", n=len(chosen), zone=zone), ("G_ASSIST_SEARCH",),
         player,
         cards=chosen)
    return None


@handler("ride_phase")
def _ride_phase(state, task, answer, events):
    """6.5.1.1.1: the ride phase - its ride step (6.5.1.1) opens with 'at the beginning of the ride phase'
    abilities, then the stride step (6.5.1.2)."""
    state.phase, state.step = "ride", "ride"
    phase_start(state, events, "begin_ride_phase", "BEGIN_RIDE_PHASE")
    push(state, CHECK_TIMING, {"t": "ride_decision"}, CHECK_TIMING, {"t": "stride_decision"}, CHECK_TIMING)


def ride_options(state: GameState, player: int) -> list[Action]:
    g = grade_of_vanguard(state, player)
    return [Action("ride", (("card", c),)) for c in state.zones[player]["hand"] if state.cards[c].grade in (g, g + 1)]


@handler("ride_decision")
def _ride_decision(state, task, answer, events):
    """6.5.1.1.2: the ride step - normal ride at most once per turn (grade rule 8.5.2.1.1.1)."""
    turn_player = state.turn_player
    if answer is None:
        if state.rode_this_turn:
            return None
        opts = ride_options(state, turn_player)
        if not opts:
            emit(events, "no_ride", say("player %(player)s has no card that can be normal-ridden", player=turn_player), ("RIDE_GRADE",),
                 turn_player)
            return None
        return Decision("ride", turn_player, say("ride a card (same grade or one higher) or pass"),
                        tuple(opts) + (Action.make("pass"),),
                        cite("RIDE_ONCE_PER_TURN"))
    if answer.kind == "pass":
        emit(events, "ride_pass", say("player %(player)s does not ride", player=turn_player), ("RIDE_ONCE_PER_TURN",), turn_player)
        return None
    do_ride(state, events, answer.card, turn_player, normal=True)
    return None


@handler("stride_decision")
def _stride_decision(state, task, answer, events):
    """6.5.1.2.2: the stride step - the turn player may stride a G unit."""
    state.step = "stride"
    turn_player = state.turn_player
    if answer is None:
        units = [c for c in state.zones[turn_player]["gzone"]
                 if c in state.face_down and state.cards[c].type == "g_unit"
                 and state.cards[c].g_guardian is None]
        if not units or stride_blocker(state, turn_player):
            return None
        return Decision("stride", turn_player, say("stride a G unit (discard cards whose grades total 3 or more) or pass"),
                        tuple(Action.make("stride", card=c) for c in units) + (Action.make("pass"),),
                        cite("STRIDE_STEP"))
    if answer.kind == "pass":
        return None
    push(state, {"t": "stride_cost", "p": turn_player, "card": answer.card})
    return None


@handler("stride_cost")
def _stride_cost(state, task, answer, events):
    """11.12.3.1 / 10.28: pay the stride cost, put the G unit on the vanguard circle; the vanguard becomes the heart."""
    player, gunit = task["p"], task["card"]
    if answer is None:
        return Decision("stride_cost", player, say("choose cards from your hand whose grades total 3 or more to discard"),
                        tuple(stride_costs(state, player)), cite("STRIDE_DEFAULT_COST"))
    chosen = list(answer.get("cards"))
    for c in chosen:
        move(state, c, "drop", player)
    emit(events, "cost", say("stride cost: %(n)s card(s) discarded (grades total %(value)s)", n=len(chosen), value=sum(state.cards[c].grade for c in chosen)), ("STRIDE_DEFAULT_COST", "DISCARD_COST", "DISCARD", "COST_ALL_OR_NOTHING"),
         player,
         cards=chosen)
    put_into_drop(state, events, {c: "hand" for c in chosen})
    old = state.vanguard(player)
    rested = old in state.rested if old else False
    move(state, gunit, "vanguard", player, rested=rested)
    state.strode_this_turn = True
    mate = legion_mate_on_circle(state, old) if old else None
    if old:
        state.hearts.add(old)
        state.rested.discard(old)  # 10.29.2: the heart is face up and standing
    if mate:
        state.hearts.add(mate)  # 10.29.4: both cards of a legion become hearts
        state.rested.discard(mate)
    text = (say("player %(player)s strides %(card)s; %(heart)s becomes the heart together with its Legion Mate %(mate)s",
                player=player, card=name(state, gunit), heart=name(state, old), mate=name(state, mate)) if mate else
            say("player %(player)s strides %(card)s; %(heart)s becomes the heart", player=player, card=name(state, gunit),
                heart=name(state, old)))
    emit(events, "stride", text,
         ("STRIDE", "STRIDE_GRADE", "STRIDE_ORIENTATION", "HEART", "HEART_POWER", "HEART_STANDING",
          "STRIDE_IS_NOT_RIDE")
         + (("LEGION_HEARTS",) if mate else ()), player, assumptions=("A24",), card=gunit, heart=old)
    if mate:
        push(state, {"t": "heart_choice", "p": player, "card": gunit, "hearts": [old, mate]})
    trigger(state, events, "on_stride", gunit)  # "when this card strides" (a stride is not a ride, 10.28.6)
    trigger(state, events, "on_place", gunit)
    return None


@handler("heart_choice")
def _heart_choice(state, task, answer, events):
    """10.28.3.3 / Playbook Q11: choose which heart gives the G unit its name and power."""
    player, gunit = task["p"], task["card"]
    cands = [h for h in task["hearts"]
             if h in state.hearts and state.loc[h] == (player, "vanguard") and state.cards[h].type != "g_unit"]
    chosen, decision = choose_unit(state, task, answer, cands,
                                   say("choose the heart whose name and power %(card)s gains", card=name(state, gunit)),
                                   "HEART_POWER")
    if decision:
        return decision
    if chosen:
        vc = state.zones[player]["vanguard"]
        vc.remove(chosen)
        vc.insert(0, chosen)  # the first heart on the circle is the one whose power the G unit adds (stat())
        emit(events, "heart_chosen", say("%(card)s gains the name and power of %(card2)s (%(value)s)", card=name(state, gunit), card2=name(state, chosen), value=state.cards[chosen].power), ("HEART_POWER", "LEGION_HEARTS"), player, assumptions=("A26",),
             card=chosen)
    return None


@handler("main_phase")
def _main_phase(state, task, answer, events):
    """6.6.1.1: the main phase - 'at the beginning of the main phase' abilities, then the main decision."""
    state.phase, state.step = "main", None
    phase_start(state, events, "begin_main_phase", "BEGIN_MAIN_PHASE")
    push(state, CHECK_TIMING, {"t": "main_decision"})


def act_usable(state: GameState, card_id: str, i: int) -> tuple[bool, str, "str | tuple[str, ...]"]:
    """(usable, reason, citation key) for playing ACT ability i of cid now."""
    card = state.cards[card_id]
    if i >= len(card.abilities) or card.abilities[i].timing != "act":
        return False, say("%(card)s has no such ACT ability", card=card.name), "MAIN_ACT"
    ab = card.abilities[i]
    if card_id in state.locked or not state.on_field(card_id):
        return False, say("%(card)s is not a unit on your field", card=card.name), "MAIN_ACT"
    if card_id in state.deleted:
        return False, say("%(card)s is deleted and has lost its text", card=card.name), "DELETED_UNIT"
    if cannot_use_abilities(state, card_id):
        return False, say("an effect says %(card)s cannot use its abilities", card=card.name), "CANNOT_USE_ACT"
    if ab.once_per_turn and f"{card_id}:{i}" in state.used_this_turn:
        # 1/Turn means "this ability cannot be used for the rest of that turn" (8.1.1.1.2.1), and an ACT
        # that cannot be used cannot be played (12.2.1.1): assumption A31
        return (False, say("%(card)s's ability is used once per turn and was used this turn: it cannot be played again until the next turn", card=card.name),
                ("CANNOT_USE_ACT", "ACT_NOT_USABLE_REST_OF_TURN"))
    for cond in ab.conditions:
        if not condition_holds(state, cond, card_id):
            # the circle is the ability's [zone] (8.1.1.1.1); any other condition is its "if" requirement
            key = {"limit_break": "KW_LIMIT_BREAK", "generation_break": "KW_GENERATION_BREAK",
                   "circle": "ACT_ZONE", "calls_this_turn": "KW_BOND", "soul_in_this_turn": "KW_DARKNESS",
                   "thunderstrike": "KW_THUNDERSTRIKE", "oracle": "KW_ORACLE", "brave": "KW_BRAVE"}.get(
                cond.kind, "ACT_REQUIREMENT")
            return False, _condition_unmet(card.name, cond), key
    if not can_pay(state, card.owner, ab.cost, card_id):
        return False, say("the cost of %(card)s's ability cannot be paid in full, so none of it is paid", card=card.name), "COST_ALL_OR_NOTHING"
    return True, "", ""


def _condition_unmet(card: str, cond) -> str:
    """Why an ACT's condition stops it, in plain words (never the condition's data)."""
    if cond.kind == "limit_break":
        return say("%(card)s's ability needs Limit Break %(count)s: %(count)s or more cards in your damage zone", card=card, count=cond.get("count"))
    if cond.kind == "generation_break":
        return say("%(card)s's ability needs Generation Break %(count)s: %(count)s or more face-up G units on your vanguard circle and in your G zone",
                   card=card, count=cond.get("count"))
    if cond.kind == "circle" and cond.get("circle") == "vanguard":
        return say("%(card)s's ability can be played only while the card is your vanguard", card=card)
    if cond.kind == "circle" and cond.get("circle") == "rear_guard":
        return say("%(card)s's ability can be played only while the card is a rear-guard", card=card)
    if cond.kind == "calls_this_turn":  # Legame (11.19.1): units called to rear-guard or guardian circles this turn
        return say("%(card)s's ability needs Bond: %(n)s or more units called to your rear-guard or guardian circles "
                   "this turn", card=card, n=cond.get("min", 2))
    if cond.kind == "soul_in_this_turn":  # Oscurità (11.30.1): a ride's does not count
        return say("%(card)s's ability needs Darkness: a card put into your soul this turn other than by a ride",
                   card=card)
    if cond.kind == "thunderstrike":
        return say("%(card)s's ability needs Thunderstrike %(count)s: %(count)s or more cards in your opponent's bind "
                   "zone", card=card, count=cond.get("count"))
    if cond.kind == "oracle":
        return say("%(card)s's ability needs Oracle: 5 or more cards in your hand", card=card)
    if cond.kind == "brave":
        return say("%(card)s's ability needs Brave: 3 or fewer cards in your hand", card=card)
    return say("%(card)s's ability cannot be played: the condition written on it is not met", card=card)


def main_options(state: GameState, player: int) -> list[Action]:
    g = grade_of_vanguard(state, player)
    opts = []
    # 4.6.7: a circle with a locked card is a lock circle, not a rear-guard circle.
    open_circles = [circ for circ in REAR_GUARD_CIRCLES
                    if not any(c in state.locked for c in state.zones[player][circ])]
    for c in state.zones[player]["hand"]:
        if state.cards[c].grade <= g:
            opts.extend(Action("call", (("card", c), ("circle", circ))) for circ in open_circles)
    for col in ("left", "right"):
        a, b = COLUMNS[col]
        if (state.zones[player][a] or state.zones[player][b]) and a in open_circles and b in open_circles:
            opts.append(Action.make("move", column=col))
            # the same exchange named by its circles (6.6.1.2.3: both cards move, or the only one moves across)
            opts.extend(Action.make("move", **{"from": x, "to": y}) for x, y in ((a, b), (b, a)) if state.zones[player][x])
    units = state.units(player, ("vanguard",) + REAR_GUARD_CIRCLES)
    opts += act_options(state, Action, units, lambda card_id, i: act_usable(state, card_id, i)[0])
    opts.append(Action.make("pass"))
    return opts


@handler("main_decision")
def _main_decision(state, task, answer, events):
    """6.6.1.2-6.6.1.3: call, move a column, play an ACT ability, or pass to the battle phase."""
    turn_player = state.turn_player
    return play_timing(
        answer, lambda: Decision("main", turn_player, say("call, move, play an ACT ability, or pass to the battle phase"),
                                 tuple(main_options(state, turn_player)), cite("MAIN_PLAY_TIMING")),
        lambda: emit(events, "main_end", say("player %(player)s ends the main phase", player=turn_player),
                     ("MAIN_END", "PLAY_TIMING_PASS"), turn_player),
        lambda action: _main_action(state, events, action, turn_player))


def _main_action(state: GameState, events: list, answer: Action, turn_player: int) -> None:
    """6.6.1.2: a call, a column's move or an ACT ability; then check timing and the next play timing."""
    if answer.kind == "call":  # (the call may push a choice about the unit called over: it comes first)
        push(state, CHECK_TIMING, {"t": "main_decision"})
        do_call(state, events, answer.card, turn_player, answer.get("circle"), normal=True)
        return
    if answer.kind == "move":
        column = answer.get("column") or next(c for c, circles in COLUMNS.items() if answer.get("from") in circles)
        front, back = COLUMNS[column]
        a, b = state.unit_at(turn_player, front), state.unit_at(turn_player, back)
        if a:
            move(state, a, back, turn_player)
        if b:
            move(state, b, front, turn_player)
        emit(events, "move", say("player %(player)s exchanges the cards of the %(column)s column", player=turn_player, column=column),
             ("MAIN_MOVE_COLUMN", "MOVE", "REAR_GUARD_MOVE_ORIENTATION"), turn_player, assumptions=("A11",),
             column=column, card=a or b)
    elif answer.kind == "act":
        card_id, i = answer.card, answer.get("ability")
        ab = state.cards[card_id].abilities[i]
        if ab.once_per_turn:
            state.used_this_turn.append(f"{card_id}:{i}")
        emit(events, "act", say("player %(player)s plays the ACT ability of %(card)s", player=turn_player, card=name(state, card_id)),
             ("MAIN_ACT", "COST_ALL_OR_NOTHING"),
             turn_player, card=card_id, ability=i)
        push(state, *ability_tasks(state, card_id, ab, turn_player, {}, "MAIN_ACT"), CHECK_TIMING,
             {"t": "main_decision"})
        return
    push(state, CHECK_TIMING, {"t": "main_decision"})


@handler("end_phase")
def _end_phase(state, task, answer, events):
    """6.8.1.1: the end phase - G units return to the G zone, deleted and locked cards return to normal."""
    state.phase, state.step = "end", None
    turn_player = state.turn_player
    units = state.units(turn_player, ("vanguard",) + REAR_GUARD_CIRCLES)
    g_units = [c for c in units if state.cards[c].type == "g_unit"]
    for card_id in g_units:
        rested = card_id in state.rested
        on_vanguard_circle = state.loc[card_id][1] == "vanguard"
        hearts = [h for h in state.zones[turn_player]["vanguard"] if h in state.hearts] if on_vanguard_circle else []
        move(state, card_id, "gzone", turn_player)
        for h in hearts:
            state.hearts.discard(h)
            (state.rested.add if rested else state.rested.discard)(h)
        legion = any(state.legion_partner(h) in hearts for h in hearts)
        if not hearts:
            text = say("%(card)s is put into the G zone face up", card=name(state, card_id))
        elif legion:
            text = say("%(card)s is put into the G zone face up; %(heart)s is the vanguard again, in legion",
                       card=name(state, card_id), heart=name(state, hearts[0]))
        else:
            text = say("%(card)s is put into the G zone face up; %(heart)s is the vanguard again",
                       card=name(state, card_id), heart=name(state, hearts[0]))
        emit(events, "g_unit_returns", text,
             ("END_PHASE_G_UNITS", "G_UNIT_TO_G_ZONE", "HEART_ENDS") + (("LEGION_HEARTS",) if legion else ()),
             turn_player,
             card=card_id)
        for h in hearts:
            # IT 10.29.6: a card that stops being a heart is regarded as placed, so its "when placed" abilities
            # trigger (the English 10.27.6 says the opposite: assumption A34)
            cite_if_standby(state, events, lambda h=h: trigger(state, events, "on_place", h), cites("HEART_PLACED"), ("A34",))
    for card_id in [c for c in state.units(turn_player) if c in state.deleted]:
        state.deleted.discard(card_id)
        state.face_down.discard(card_id)
        emit(events, "undelete", say("%(card)s returns to normal, face up", card=name(state, card_id)), ("UNDELETE_AT_END_PHASE",),
             turn_player, card=card_id)
    for card_id in [c for c in state.units(turn_player) if c in state.locked]:
        state.locked.discard(card_id)
        state.face_down.discard(card_id)
        state.rested.discard(card_id)
        emit(events, "unlock", say("%(card)s is unlocked (turned face up, standing)", card=name(state, card_id)),
             ("UNLOCK_AT_END_PHASE", "UNLOCK_STANDS"), turn_player, card=card_id)
    phase_start(state, events, "begin_end_phase", "BEGIN_END_PHASE")
    fire(state, events, "end_of_turn")  # 6.8.1.2: "at the end of the turn" timed triggers (8.6.6)
    push(state, CHECK_TIMING, {"t": "end_turn"})


@handler("end_turn")
def _end_turn(state, task, answer, events):
    """6.8.1.3-6.8.1.4: 'until end of turn' effects cease and the other player becomes the turn player."""
    modifiers.expire(state, "turn")
    state.trigger_cancels = []
    emit(events, "end_of_turn", say("'until end of turn' effects cease"), ("END_OF_TURN_EXPIRY",), state.turn_player)
    extra = len(state.turn_queue) > 1  # the last of the queue is the turn that would have come anyway (12.4.1)
    state.turn_player = state.turn_queue.pop(0) if state.turn_queue else 1 - state.turn_player
    state.turn += 1
    if extra:
        emit(events, "next_turn", say("player %(player)s takes an extra turn", player=state.turn_player),
             ("EXTRA_TURN", "NEXT_TURN"), state.turn_player, assumptions=("A36",))
    else:
        emit(events, "next_turn", say("player %(player)s becomes the turn player", player=state.turn_player), ("NEXT_TURN",),
             state.turn_player)
    push(state, {"t": "turn_start"})
