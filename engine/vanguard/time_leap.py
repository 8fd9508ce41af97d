"""Cronobalzo / Time Leap (IT 11.32.1, EN 10.31): "time leap (a unit)", a special action in four parts.

1. The chosen rear-guard is bound (11.32.1.1).
2. If it was bound, its owner searches the deck for up to one card of its grade + 1, calls it, and shuffles the
   deck (11.32.1.2).
3. At the end of that turn the unit called so goes to the bottom of its owner's deck (11.32.1.3): a timed trigger
   (8.6.6), created for the called card as it is then, so a card that has left the field is not found.
4. If it was put there, the bound card is called (11.32.1.4); if it could not be put there (it is no longer on the
   field), the bound card stays in the bind zone (11.32.1.4.1).

Each part that asks the player something is a task of its own, so an answer never repeats a part already done.
"""

from __future__ import annotations

from ..core.agenda import push
from ..core.decisions import Decision
from ..core.text import say
from .actions import REAR_GUARD_CIRCLES, Action
from .citations import cite
from .delayed import same_card
from .playing import do_call
from .primitives import emit, handler, move, name, shuffle_deck
from .state import GameState

#: the effect a time leap's timed trigger resolves at the end of the turn (made by the engine, never written in a file)
RETURN = "time_leap_return"


def time_leap(state: GameState, events: list, card_id: str, player: int) -> None:
    """11.32.1.1: bind the chosen rear-guard; then the search (11.32.1.2) is asked."""
    if not state.on_field(card_id):
        return
    owner = state.cards[card_id].owner
    move(state, card_id, "bind", owner)
    emit(events, "bind", say("%(card)s is bound by a time leap", card=name(state, card_id)), ("TIME_LEAP_BIND",), owner,
         assumptions=("A45",), card=card_id)
    if state.loc[card_id][1] == "bind":
        push(state, {"t": "time_leap_search", "p": owner, "bound": card_id})


def _search_options(state: GameState, player: int, grade: int) -> list[Action]:
    found = [c for c in state.zones[player]["deck"] if state.cards[c].grade == grade]
    return [Action.make("call", card=c, circle=circ) for c in found for circ in REAR_GUARD_CIRCLES]


@handler("time_leap_search")
def _search(state, task, answer, events):
    """11.32.1.2: search the deck for up to one card of the bound card's grade + 1, call it, shuffle the deck."""
    player, bound = task["p"], task["bound"]
    grade = state.cards[bound].grade + 1
    if answer is None:
        options = _search_options(state, player, grade)
        if options:  # "up to one": the player may find none (pass)
            return Decision("call", player, say("time leap: call a grade %(grade)s card from your deck, or pass",
                                                grade=grade), tuple(options) + (Action.make("pass"),),
                            cite("TIME_LEAP_SEARCH"))
    called = None
    if answer is not None and answer.kind != "pass":
        called = answer.card
        do_call(state, events, called, player, answer.get("circle"), normal=False)
    shuffle_deck(state, player)
    emit(events, "shuffle", say("player %(player)s shuffles the deck", player=player), ("TIME_LEAP_SEARCH", "SHUFFLE"),
         player)
    if called is not None and state.on_field(called):
        # 11.32.1.3: at the end of the turn, the called unit goes to the bottom of the deck (a timed trigger, 8.6.6)
        state.delayed.append({"card": called, "player": player, "at": "end_of_turn",
                              "effects": [{"kind": RETURN, "bound": bound}], "placed": state.placed_at.get(called)})
        emit(events, "delayed_created", say("an ability of %(card)s will trigger at the end of the turn",
                                            card=name(state, called)),
             ("DELAYED_TRIGGER", "TIME_LEAP_RETURN"), player, card=called, at="end_of_turn")
    return None


def time_leap_return(state: GameState, events: list, part: dict, player: int, src: str, ctx: dict) -> None:
    """11.32.1.3-11.32.1.4.1: the called unit to the bottom of its owner's deck; if it went there, call the bound card
    back; if it is no longer on the field, the bound card stays bound."""
    bound = part["bound"]
    if not (state.on_field(src) and same_card(state, src, ctx)):
        emit(events, "effect_fizzles", say("time leap: %(card)s is no longer on the field, so %(card2)s stays bound",
                                           card=name(state, src), card2=name(state, bound)),
             ("TIME_LEAP_STAYS_BOUND",), player, card=src)
        return
    owner = state.cards[src].owner
    move(state, src, "deck", owner)
    if state.loc[src][1] != "deck":
        return  # a G unit goes back to the G zone (10.28.4): it was not put on the bottom of the deck
    emit(events, "deck_bottom", say("%(card)s is put on the bottom of its owner's deck", card=name(state, src)),
         ("TIME_LEAP_RETURN", "DECK_BOTTOM"), owner, card=src)
    push(state, {"t": "time_leap_call_back", "p": state.cards[bound].owner, "bound": bound})


@handler("time_leap_call_back")
def _call_back(state, task, answer, events):
    """11.32.1.4: the bound card is called (to a rear-guard circle its owner chooses)."""
    player, bound = task["p"], task["bound"]
    if state.loc[bound] != (player, "bind"):
        return None  # it has left the bind zone since: there is nothing to call
    if answer is None:
        return Decision("call", player, say("time leap: call %(card)s back from the bind zone", card=name(state, bound)),
                        tuple(Action.make("call", card=bound, circle=circ) for circ in REAR_GUARD_CIRCLES),
                        cite("TIME_LEAP_CALL_BACK"))
    do_call(state, events, bound, player, answer.get("circle"), normal=False)
    return None
