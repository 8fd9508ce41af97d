"""Judge actions every game has alike: the judge's event, a concession, moving a card within its
zone, removing a modifier, setting a pile's size and putting an ability on stand-by.

The game's judge module keeps what differs (which zones, statuses and
stand-by abilities it has) and passes its own primitives in.
"""

from __future__ import annotations

from .text import say
from typing import Any, Callable

from .modifiers import remove_modifier
from .errors import IllegalActionError
from .events import Event


def judge_event(kind: str, text: str, player: int | None = None, **data: Any) -> Event:
    """A judge event: it cites no clause and makes no assumption."""
    return Event(kind, text, (), (), player, data, judge=True)


def concede(state: Any, player: int, events: list[Event], emit: Callable[..., None]) -> None:
    """``player`` concedes and the remaining procedure is dropped; the winner is the one other player, if one."""
    if state.outcome:
        raise IllegalActionError("the game is already over")
    others = [p for p in range(len(state.zones)) if p != player]
    state.outcome = {"winner": others[0] if len(others) == 1 else None, "draw": False, "losers": [player],
                     "reason": "CONCEDE"}
    state.agenda.clear()
    state.pending = None
    emit(events, "concede", say("player %(player)s concedes", player=player), ("CONCEDE",), player)


def check_card(state: Any, card_id: str | None) -> None:
    """A judge action that names a card names one of the game's."""
    if card_id is not None and card_id not in state.cards:
        raise IllegalActionError(f"unknown card {card_id!r}")


def put_at_position(state: Any, card_id: str, player: int, zone: str, position: int | None) -> None:
    """Put a card just moved to ``zone`` at ``position`` in it (0 is the top), when one is given."""
    if position is None:
        return
    zone_cards = state.zones[player][zone]
    zone_cards.remove(card_id)
    zone_cards.insert(min(position, len(zone_cards)), card_id)


def modifier_event(state: Any, card_id: str, modifier: Any) -> Event:
    """The event of a modifier the judge adds."""
    return judge_event("judge_modifier", say("judge gives %(card)s %(amount)s %(stat)s (%(duration)s); modifier %(n)s",
                           card=state.cards[card_id].name, amount=f"{modifier.amount:+}", stat=modifier.stat,
                           duration=modifier.duration, n=modifier.order), None, card=card_id,
                       modifier=modifier.order)


def judge_remove_modifier(state: Any, action: Any, events: list[Event]) -> None:
    modifier_id = action.get("modifier")
    remove_modifier(state, modifier_id)
    events.append(judge_event("judge_remove_modifier", say("judge removes modifier %(n)s", n=modifier_id), None,
                              modifier=modifier_id))


def set_pile_size(state: Any, action: Any, events: list[Event], pile: str, overflow: str,
                  move: Callable[..., None]) -> None:
    """Set a player's ``pile`` (damage, clock) to the action's count.

    Raising it takes cards from the top of the deck; lowering puts the latest cards of the pile into ``overflow``.
    """
    player, count = action.get("player"), action.get("count")
    zones = state.zones[player]
    while len(zones[pile]) < count and zones["deck"]:
        move(state, zones["deck"][0], pile, player)
    while len(zones[pile]) > count:
        move(state, zones[pile][-1], overflow, player)
    events.append(judge_event(f"judge_set_{pile}", say("judge sets player %(player)s's %(pile)s to %(n)s", player=player, pile=pile,
                                  n=len(zones[pile])),
                              player, count=len(zones[pile])))


def judge_standby(state: Any, action: Any, events: list[Event], is_auto: Callable[[Any], bool],
                  add_standby: Callable[..., None], keep_citations: bool) -> None:
    """Put an automatic ability of a card on stand-by; ``keep_citations``: the event keeps the clauses it cites."""
    card_id, ability = action.card, action.get("ability")
    card = state.cards[card_id]
    if ability >= len(card.abilities) or not is_auto(card.abilities[ability]):
        raise IllegalActionError(f"{card.name} has no automatic ability number {ability}")
    add_standby(state, events, card_id, ability, {})
    last = events[-1]
    events[-1] = Event(last.kind, "judge puts an ability on stand-by: " + last.text,
                       last.citations if keep_citations else (), (), last.player, last.data, judge=True)


def apply_judge_action(state: Any, action: Any, handlers: dict[str, Callable[..., None]], emit: Callable[..., None],
                       ask_again: Callable[[Any, list[Event]], None]) -> tuple[Any, list[Event]]:
    """Apply a judge action (or a concession) to a copy of ``state``; IllegalActionError if it cannot apply.

    ``handlers`` maps each judge action kind to the game's function; ``ask_again``
    runs the waiting task again, for a judge action may change what it should ask.
    """
    new_state = state.clone()
    events: list[Event] = []
    if action.kind == "concede":
        concede(new_state, action.get("player"), events, emit)
        return new_state, events
    check_card(new_state, action.card)
    handlers[action.kind](new_state, action, events)
    if new_state.pending is not None and new_state.agenda:
        ask_again(new_state, events)
    return new_state, events
