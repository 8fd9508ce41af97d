"""7.4: the counter step of a front attack - the defender's one counter event or backup (7.4.1.2, 10.5)."""

from __future__ import annotations

from ..core.text import say
from ..core.agenda import push
from ..core.decisions import Decision
from .actions import Action
from .attack import step_abilities
from .characteristics import forbidden_plays, play_problem
from .citations import cite
from .costs import can_pay, pay_task
from .primitives import CHECK_TIMING, add_modifier, area_changed, emit, handler, move, name
from .state import GameState


@handler("counter_step")
def _counter_step(state, task, answer, events):
    """7.3.1.3 / 7.4.1: only a front attack has a counter step."""
    if not state.attack or state.attack["type"] != "front":
        return None
    state.step = "counter"
    emit(events, "step", say("a front attack: the counter step begins"), ("TRIG_STEP_END", "COUNTER_STEP_START"),
         state.turn_player)
    step_abilities(state, events, "begin_counter", "COUNTER_STEP_START")  # played at 7.4.1.1's check timing below
    push(state, CHECK_TIMING, {"t": "counter_decision"}, CHECK_TIMING)
    return None


def counter_options(state: GameState) -> list[Action]:
    q = 1 - state.turn_player
    opts = []
    for c in state.zones[q]["hand"]:
        card = state.cards[c]
        if card.type == "event" and card.counter and play_problem(state, q, c) is None:
            opts.append(Action.make("counter", card=c))
        for ab in card.abilities:
            if ab.timing == "backup" and backup_problem(state, q, c) is None:
                opts.append(Action.make("backup", card=c))
    return opts


def backup_problem(state: GameState, player: int, card_id: str) -> tuple[str, str] | None:
    ab = next((a for a in state.cards[card_id].abilities if a.timing == "backup"), None)
    if ab is None:
        return say("%(card)s has no backup", card=name(state, card_id)), "BACKUP"
    if "backup" in forbidden_plays(state, player):
        return say("an effect says player %(player)s cannot play backup, and an effect that stops an action wins over "
                   "the rules", player=player), "STOP_WINS"
    if state.level(player) < ab.level:
        return say("backup of %(card)s needs level %(level)s (player %(player)s is level %(level2)s)", card=name(state, card_id), level=ab.level, player=player, level2=state.level(player)), "BACKUP"
    if not can_pay(state, player, ab.cost, card_id):
        return say("the cost of %(card)s's backup cannot be paid", card=name(state, card_id)), "COST_ALL_OR_NOTHING"
    return None


@handler("counter_decision")
def _counter_decision(state, task, answer, events):
    """7.4.1.2: the defender may play one counter event or one backup (7.4.1.2.1-7.4.1.2.2)."""
    q = 1 - state.turn_player
    if answer is None:
        opts = counter_options(state)
        if not opts:
            # nothing 7.4.1.2.1 lets the defender play: the play timing passes, and the log says so
            emit(events, "counter_pass", say("player %(player)s has no counter event or backup to play", player=q), ("COUNTER_ONLY",), q)
            return None
        return Decision("counter", q, say("play a counter event or a backup, or pass"), tuple(opts) + (Action.make("pass"),),
                        cite("COUNTER_ONLY"))
    if answer.kind == "pass":
        emit(events, "counter_pass", say("player %(player)s does not counter", player=q), ("COUNTER_PLAY_TIMING",), q)
        return None
    state.attack["countered"] = True
    if answer.kind == "counter":
        emit(events, "counter", say("player %(player)s plays the counter event %(card)s", player=q, card=name(state, answer.card)),
             ("COUNTER_ONLY", "COUNTER_ONCE", "COUNTER_ICON"), q, card=answer.card)
        from .phases import play_event_tasks

        push(state, *play_event_tasks(state, q, answer.card))
        return None
    ab = next(a for a in state.cards[answer.card].abilities if a.timing == "backup")
    move(state, answer.card, "waiting_room")
    emit(events, "backup", say("player %(player)s uses %(card)s's backup: +%(n)s power", player=q, card=name(state, answer.card), n=ab.amount),
         ("BACKUP", "COUNTER_ONLY", "COUNTER_ONCE"), q, assumptions=("W9",), card=answer.card,
         target=state.attack.get("defender"))
    area_changed(state, answer.card, "hand", events)  # 8.7.4: the card's own "from your hand into your waiting room"
    push(state, *([pay_task(q, answer.card, ab.cost)] if ab.cost else []),
         {"t": "backup_power", "p": q, "amount": ab.amount, "card": answer.card})
    return None


@handler("backup_power")
def _backup_power(state, task, answer, events):
    d = state.attack.get("defender") if state.attack else None
    if d and state.on_stage(d):
        m = add_modifier(state, d, "power", task["amount"], "end_of_turn", task["card"])
        emit(events, "modifier", say("backup: %(card)s gets +%(n)s power this turn", card=name(state, d), n=task["amount"]), ("BACKUP",),
             task["p"], card=d, modifier=m.order)
    return None

