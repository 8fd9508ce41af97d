"""Judge actions: interventions outside the rules, each logged as a judge event citing no clause.

Built on the same primitives as the rules, imported by rules.py, never the other way round.
"""

from __future__ import annotations

from ..core.board import remove_modifier
from ..core.errors import IllegalActionError
from ..core.events import Event
from .actions import SLOTS, Action
from .primitives import AGENDA, add_modifier, add_standby, emit, interrupts, move
from .state import GameState


def _judge_event(kind: str, text: str, player: int | None = None, **data) -> Event:
    return Event(kind, text, (), (), player, data, judge=True)


def apply_judge(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Apply a judge action (or a concession) to a copy of ``state``; IllegalActionError if it cannot apply."""
    new_state = state.clone()
    events: list[Event] = []
    if action.kind == "concede":
        if new_state.outcome:
            raise IllegalActionError("the game is already over")
        player = action.get("player")
        new_state.outcome = {"winner": 1 - player, "draw": False, "losers": [player], "reason": "CONCEDE"}
        new_state.agenda.clear()
        new_state.pending = None
        emit(events, "concede", f"player {player} concedes", ("CONCEDE",), player)
        return new_state, events
    if action.card is not None and action.card not in new_state.cards:
        raise IllegalActionError(f"unknown card {action.card!r}")
    JUDGE_ACTIONS[action.kind](new_state, action, events)
    # A judge action may change what the waiting task should ask: ask again.
    if new_state.pending is not None and new_state.agenda and not new_state.outcome:
        new_state.pending = None
        interrupts(new_state, events)  # 9.1.2.1: a refresh or level up the judge's change makes due comes first
        if not new_state.outcome:
            AGENDA.run_top(new_state, None, events)
    return new_state, events


def _judge_move(state: GameState, action: Action, events: list[Event]) -> None:
    card_id, zone = action.card, action.get("zone")
    player = action.get("player", state.cards[card_id].owner)
    move(state, card_id, zone, player)
    position = action.get("position")
    if position is not None:
        cards = state.zones[player][zone]
        cards.remove(card_id)
        cards.insert(min(position, len(cards)), card_id)
    _set_status(state, card_id, action.get("status"))
    events.append(_judge_event("judge_move", f"judge moves {state.cards[card_id].name} to player {player}'s "
                               f"{zone.replace('_', ' ')}", player, card=card_id, zone=zone))


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
    events.append(_judge_event("judge_status", f"judge sets {state.cards[action.card].name} to "
                               f"{action.get('status')}", None, card=action.card, status=action.get("status")))


def _judge_add_modifier(state: GameState, action: Action, events: list[Event]) -> None:
    m = add_modifier(state, action.card, action.get("stat"), action.get("amount"), action.get("duration"), "judge")
    events.append(_judge_event("judge_modifier", f"judge gives {state.cards[action.card].name} {m.amount:+} {m.stat} "
                               f"({m.duration}); modifier {m.order}", None, card=action.card, modifier=m.order))


def _judge_remove_modifier(state: GameState, action: Action, events: list[Event]) -> None:
    modifier_id = action.get("modifier")
    remove_modifier(state, modifier_id)
    events.append(_judge_event("judge_remove_modifier", f"judge removes modifier {modifier_id}", None,
                               modifier=modifier_id))


def _judge_set_clock(state: GameState, action: Action, events: list[Event]) -> None:
    """Raising the clock takes cards from the top of the deck; lowering puts the top clock cards in the waiting room."""
    player, count = action.get("player"), action.get("count")
    zones = state.zones[player]
    while len(zones["clock"]) < count and zones["deck"]:
        move(state, zones["deck"][0], "clock", player)
    while len(zones["clock"]) > count:
        move(state, zones["clock"][-1], "waiting_room", player)
    events.append(_judge_event("judge_set_clock", f"judge sets player {player}'s clock to {len(zones['clock'])}",
                               player, count=len(zones["clock"])))


def _judge_standby(state: GameState, action: Action, events: list[Event]) -> None:
    card_id, ability = action.card, action.get("ability")
    card = state.cards[card_id]
    if ability >= len(card.abilities) or not card.abilities[ability].is_auto:
        raise IllegalActionError(f"{card.name} has no automatic ability number {ability}")
    add_standby(state, events, card_id, ability, {})
    last = events[-1]
    events[-1] = Event(last.kind, "judge puts an ability on stand-by: " + last.text, (), (), last.player, last.data,
                       judge=True)


JUDGE_ACTIONS = {
    "judge_move": _judge_move,
    "judge_add_modifier": _judge_add_modifier,
    "judge_remove_modifier": _judge_remove_modifier,
    "judge_set_clock": _judge_set_clock,
    "judge_set_status": _judge_set_status,
    "judge_standby": _judge_standby,
}
