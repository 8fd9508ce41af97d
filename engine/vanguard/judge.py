"""Judge actions: interventions outside the rules, each logged as a judge event.

Built on the same primitives as the rules (primitives.py, standby.py) and
imported by rules.py, never the other way round.
"""

from __future__ import annotations

from ..core.board import remove_modifier
from ..core.errors import IllegalActionError
from ..core.events import Event
from .abilities import AUTO_TIMINGS
from .actions import CIRCLES, Action
from .primitives import AGENDA, add_modifier, emit, move
from .standby import add_standby
from .state import GameState


def _judge_event(kind: str, text: str, player: int | None = None, **data) -> Event:
    return Event(kind, text, (), (), player, data, judge=True)


def apply_judge(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Apply a judge action (or a concession) to a copy of ``state``; IllegalActionError if it cannot apply."""
    new_state = state.clone()
    events: list[Event] = []
    if action.kind == "concede":
        _concede(new_state, action.get("player"), events)
        return new_state, events
    card_id = action.card
    if card_id is not None and card_id not in new_state.cards:
        raise IllegalActionError(f"unknown card {card_id!r}")
    JUDGE_ACTIONS[action.kind](new_state, action, events)
    # A judge action may change what the waiting task should ask: ask again.
    if new_state.pending is not None and new_state.agenda:
        new_state.pending = None
        AGENDA.run_top(new_state, None, events)
    return new_state, events


def _concede(state: GameState, player: int, events: list[Event]) -> None:
    if state.outcome:
        raise IllegalActionError("the game is already over")
    state.outcome = {"winner": 1 - player, "draw": False, "losers": [player], "reason": "CONCEDE"}
    state.agenda.clear()
    state.pending = None
    emit(events, "concede", f"player {player} concedes", ("CONCEDE",), player)


def _judge_move(state: GameState, action: Action, events: list[Event]) -> None:
    card_id, zone = action.card, action.get("zone")
    player = action.get("player", state.cards[card_id].owner)
    move(state, card_id, zone, player, rested=action.get("rested") if zone in CIRCLES else None, force=True)
    position = action.get("position")
    if position is not None:
        zone_cards = state.zones[player][zone]
        zone_cards.remove(card_id)
        zone_cards.insert(min(position, len(zone_cards)), card_id)
    events.append(_judge_event("judge_move", f"judge moves {state.cards[card_id].name} to player {player}'s {zone}",
                               player, card=card_id, zone=zone))


def _judge_add_modifier(state: GameState, action: Action, events: list[Event]) -> None:
    card_id, condition_data = action.card, action.get("condition")
    condition = tuple(sorted(dict(condition_data).items())) if condition_data else ()
    modifier = add_modifier(state, card_id, action.get("stat"), action.get("amount"), action.get("duration"), "judge",
                            condition)
    events.append(_judge_event("judge_modifier", f"judge gives {state.cards[card_id].name} {modifier.amount:+} "
                               f"{modifier.stat} ({modifier.duration}); modifier {modifier.order}", None, card=card_id,
                               modifier=modifier.order))


def _judge_remove_modifier(state: GameState, action: Action, events: list[Event]) -> None:
    modifier_id = action.get("modifier")
    remove_modifier(state, modifier_id)
    events.append(_judge_event("judge_remove_modifier", f"judge removes modifier {modifier_id}", None,
                               modifier=modifier_id))


def _judge_set_damage(state: GameState, action: Action, events: list[Event]) -> None:
    player, count = action.get("player"), action.get("count")
    zones = state.zones[player]
    # Raising damage takes cards from the top of the deck; lowering puts the latest damage into the drop zone.
    while len(zones["damage"]) < count and zones["deck"]:
        move(state, zones["deck"][0], "damage", player)
    while len(zones["damage"]) > count:
        move(state, zones["damage"][-1], "drop", player)
    events.append(_judge_event("judge_set_damage", f"judge sets player {player}'s damage to {len(zones['damage'])}",
                               player, count=len(zones["damage"])))


def _judge_standby(state: GameState, action: Action, events: list[Event]) -> None:
    card_id, ability = action.card, action.get("ability")
    card = state.cards[card_id]
    if ability >= len(card.abilities) or card.abilities[ability].timing not in AUTO_TIMINGS:
        raise IllegalActionError(f"{card.name} has no automatic ability number {ability}")
    add_standby(state, events, card_id, ability, {})
    last = events[-1]
    events[-1] = Event(last.kind, "judge puts an ability on stand-by: " + last.text, last.citations, (), last.player,
                       last.data, judge=True)


JUDGE_ACTIONS = {
    "judge_move": _judge_move,
    "judge_add_modifier": _judge_add_modifier,
    "judge_remove_modifier": _judge_remove_modifier,
    "judge_set_damage": _judge_set_damage,
    "judge_standby": _judge_standby,
}
