"""Judge actions: interventions outside the rules, each logged as a judge event.

Built on the same primitives as the rules (primitives.py, standby.py) and
imported by rules.py, never the other way round.
"""

from __future__ import annotations

from ..core.text import say
from ..core.events import Event
from ..core.judge import (apply_judge_action, judge_event, judge_remove_modifier, judge_standby, modifier_event,
                          put_at_position, set_pile_size)
from .abilities import AUTO_TIMINGS
from .actions import CIRCLES, Action
from .primitives import AGENDA, add_modifier, emit, move
from .standby import add_standby
from .state import GameState


def apply_judge(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Apply a judge action (or a concession) to a copy of ``state``; IllegalActionError if it cannot apply."""
    return apply_judge_action(state, action, JUDGE_ACTIONS, emit, _ask_again)


def _ask_again(state: GameState, events: list[Event]) -> None:
    state.pending = None
    AGENDA.run_top(state, None, events)


def _judge_move(state: GameState, action: Action, events: list[Event]) -> None:
    card_id, zone = action.card, action.get("zone")
    player = action.get("player", state.cards[card_id].owner)
    move(state, card_id, zone, player, rested=action.get("rested") if zone in CIRCLES else None, force=True)
    put_at_position(state, card_id, player, zone, action.get("position"))
    events.append(judge_event("judge_move", say("judge moves %(card)s to player %(player)s's %(zone)s", card=state.cards[card_id].name,
                                  player=player, zone=zone),
                              player, card=card_id, zone=zone))


def _judge_add_modifier(state: GameState, action: Action, events: list[Event]) -> None:
    card_id, condition_data = action.card, action.get("condition")
    condition = tuple(sorted(dict(condition_data).items())) if condition_data else ()
    modifier = add_modifier(state, card_id, action.get("stat"), action.get("amount"), action.get("duration"), "judge",
                            condition)
    events.append(modifier_event(state, card_id, modifier))




def _judge_set_damage(state: GameState, action: Action, events: list[Event]) -> None:
    set_pile_size(state, action, events, "damage", "drop", move)


def _judge_standby(state: GameState, action: Action, events: list[Event]) -> None:
    judge_standby(state, action, events, lambda ability: ability.timing in AUTO_TIMINGS, add_standby, True)


JUDGE_ACTIONS = {
    "judge_move": _judge_move,
    "judge_add_modifier": _judge_add_modifier,
    "judge_remove_modifier": judge_remove_modifier,
    "judge_set_damage": _judge_set_damage,
    "judge_standby": _judge_standby,
}
