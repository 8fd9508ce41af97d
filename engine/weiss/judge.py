"""Judge actions: interventions outside the rules, each logged as a judge event citing no clause.

Built on the same primitives as the rules, imported by rules.py, never the other way round.
"""

from __future__ import annotations

from ..core.text import say
from ..core.errors import IllegalActionError
from ..core.events import Event
from ..core.judge import (apply_judge_action, judge_event, judge_remove_modifier, judge_standby, modifier_event,
                          put_at_position, set_pile_size)
from .actions import SLOTS, Action
from .primitives import AGENDA, add_modifier, add_standby, emit, interrupts, move
from .state import GameState


def apply_judge(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Apply a judge action (or a concession) to a copy of ``state``; IllegalActionError if it cannot apply."""
    return apply_judge_action(state, action, JUDGE_ACTIONS, emit, _ask_again)


def _ask_again(state: GameState, events: list[Event]) -> None:
    if state.outcome:
        return
    state.pending = None
    interrupts(state, events)  # 9.1.2.1: a refresh or level up the judge's change makes due comes first
    if not state.outcome:
        AGENDA.run_top(state, None, events)


def _judge_move(state: GameState, action: Action, events: list[Event]) -> None:
    card_id, zone = action.card, action.get("zone")
    player = action.get("player", state.cards[card_id].owner)
    move(state, card_id, zone, player, events=events, judge=True)
    put_at_position(state, card_id, player, zone, action.get("position"))
    _set_status(state, card_id, action.get("status"))
    events.append(judge_event("judge_move", say("judge moves %(card)s to player %(player)s's %(zone)s", card=state.cards[card_id].name,
                                  player=player, zone=zone.replace("_", " ")), player, card=card_id, zone=zone))


def _set_status(state: GameState, card_id: str, status: str | None) -> None:
    if status is None:
        return
    if state.loc[card_id][1] not in SLOTS:
        raise IllegalActionError("only a character on the stage has a stand/rest/reverse status (4.6.1)")
    state.rested.discard(card_id)
    state.reversed.discard(card_id)
    if status == "rest":
        state.rested.add(card_id)
    elif status == "reverse":
        state.reversed.add(card_id)


def _judge_set_status(state: GameState, action: Action, events: list[Event]) -> None:
    _set_status(state, action.card, action.get("status"))
    events.append(judge_event("judge_status", say("judge sets %(card)s to %(status)s", card=state.cards[action.card].name,
                                  status=action.get("status")), None, card=action.card, status=action.get("status")))


def _judge_add_modifier(state: GameState, action: Action, events: list[Event]) -> None:
    m = add_modifier(state, action.card, action.get("stat"), action.get("amount"), action.get("duration"), "judge")
    events.append(modifier_event(state, action.card, m))


def _judge_set_clock(state: GameState, action: Action, events: list[Event]) -> None:
    """Raising the clock takes cards from the top of the deck; lowering puts the top clock cards in the waiting room."""
    set_pile_size(state, action, events, "clock", "waiting_room", move)


def _judge_standby(state: GameState, action: Action, events: list[Event]) -> None:
    judge_standby(state, action, events, lambda ability: ability.is_auto, add_standby, False)


JUDGE_ACTIONS = {
    "judge_move": _judge_move,
    "judge_add_modifier": _judge_add_modifier,
    "judge_remove_modifier": judge_remove_modifier,
    "judge_set_clock": _judge_set_clock,
    "judge_set_status": _judge_set_status,
    "judge_standby": _judge_standby,
}
