"""The effect "call a card from your (zone) to (RC)": a superior call (10.7.1.3), of any card there or of one that
meets the effect's filters ("a grade 1 or less card", "a card named ...", "a card with the declared name").

From the soul, the drop zone or the hand the card must be called if one can be (8.5.4.1.2); "search your deck for
up to one card and call it" (source ``deck``) searches a hidden zone, so the player may find none, and the deck is
shuffled after it (10.10.1.1, 10.11.1.1). "Call it to your guardian circle" (10.7.1.3.1) and "at the end of that turn
put the unit called into your soul" (Magia 11.31.1) are the effect's ``circle`` and ``at_end_of_turn``.
"""
from __future__ import annotations

from ..core.agenda import push
from ..core.decisions import Decision
from ..core.text import say
from .actions import REAR_GUARD_CIRCLES, Action
from .card_effects import matches, shuffle_after_search
from .citations import cite
from .declare import with_declared_name
from .playing import do_call, do_call_to_guardian
from .primitives import emit, name
from .state import GameState

# the prompt of a superior call, per source: literal sentences, so each is translated whole
_CALL_PROMPT = {"soul": lambda: say("call a card from your soul to a rear-guard circle"),
                "deck_top": lambda: say("call the top card of your deck to a rear-guard circle"),
                "drop": lambda: say("call a card from your drop zone to a rear-guard circle"),
                "hand": lambda: say("call a card from your hand to a rear-guard circle"),
                "deck": lambda: say("search your deck for a card to call to a rear-guard circle, or pass")}
_GUARDIAN_CALL_PROMPT = {"soul": lambda: say("call a card from your soul to your guardian circle"),
                         "deck_top": lambda: say("call the top card of your deck to your guardian circle"),
                         "drop": lambda: say("call a card from your drop zone to your guardian circle"),
                         "hand": lambda: say("call a card from your hand to your guardian circle"),
                         "deck": lambda: say("search your deck for a card to call to your guardian circle, or pass")}


def call_effect(state: GameState, task: dict, answer, events: list) -> Decision | None:
    """Ask which card and which circle (a search may pass), then call it (10.7.1.3); a search shuffles the deck.

    "Call (count) cards" asks card by card - each to a rear-guard circle not chosen for another, the requirements of
    the units called never contradicting each other (10.7.1.1.1.1) - as many as can be (8.5.4.1.2), any number from
    none with ``up_to`` (8.5.4.1.1), then places them all (10.7.1.1.2; the cards chosen so far ride in the task's
    ``picked``, as [card, circle] pairs)."""
    part, player = with_declared_name(task["part"], task.get("ctx", {})), task["p"]
    z, source = state.zones[player], part["source"]
    searching = source == "deck"
    count, picked = part.get("count", 1), task.get("picked", [])
    taken = {c for c, _ in picked}
    guardian = part.get("circle") == "guardian"  # "call it to your guardian circle" (10.7.1.3.1)
    circles = [c for c in REAR_GUARD_CIRCLES if c not in {circ for _, circ in picked}]
    cands = [c for c in (z["deck"][:count] if source == "deck_top" else list(z["deck" if searching else source]))
             if matches(state, c, part) and c not in taken]
    may_stop = searching or part.get("up_to")
    if answer is None:
        if not cands or not (guardian or circles):
            if not picked:
                emit(events, "effect_fizzles", say("call: no card to call"), ("CHOICE_IMPOSSIBLE",), player)
            return _place(state, events, part, player, picked)
        if guardian:
            opts = tuple(Action.make("call", card=c, circle="guardian") for c in cands)
            return Decision("call", player, _GUARDIAN_CALL_PROMPT[source](),
                            opts + ((Action.make("pass"),) if may_stop else ()), cite("SUPERIOR_CALL_GUARDIAN"))
        opts = tuple(Action.make("call", card=c, circle=circ) for c in cands for circ in circles)
        return Decision("call", player, _CALL_PROMPT[source](), opts + ((Action.make("pass"),) if may_stop else ()),
                        cite("SEARCH_HIDDEN" if searching else "CHOOSE_UP_TO" if may_stop else "SUPERIOR_CALL"))
    if answer.kind == "pass":
        if searching and not picked:  # a search of the deck may find nothing (10.10.1.1)
            emit(events, "search", say("player %(player)s finds no card to call", player=player), ("SEARCH_HIDDEN",),
                 player, cards=[])
        elif not picked:  # "call up to (count) cards": none chosen (8.5.4.1.1)
            emit(events, "none_chosen", say("call: player %(player)s chooses no card", player=player), ("CHOOSE_UP_TO",),
                 player)
        return _place(state, events, part, player, picked)
    picked = picked + [[answer.card, answer.get("circle")]]
    if len(picked) < count:  # the next card, asked by the same effect (a task of its own: tasks are shared)
        push(state, {**task, "picked": picked})
        return None
    return _place(state, events, part, player, picked)


def _place(state: GameState, events: list, part: dict, player: int, picked: list) -> None:
    """10.7.1.1.2: place the units chosen; a search shuffles the deck after it (10.11.1.1)."""
    for card_id, circle in picked:
        if circle == "guardian":
            do_call_to_guardian(state, events, card_id, player)
            continue
        do_call(state, events, card_id, player, circle, normal=False)
        if part.get("at_end_of_turn") and state.on_field(card_id):
            return_at_end_of_turn(state, events, card_id, part["at_end_of_turn"], player)
    if part["source"] == "deck":
        shuffle_after_search(state, events, player)
    return None


def return_at_end_of_turn(state: GameState, events: list, card_id: str, where: str, player: int) -> None:
    """"Call ... and at the end of that turn put the unit called with this effect into your soul" (Magia 11.31.1):
    a timed trigger created for the called card as it now is (8.6.6), so one that left the field is not found."""
    effect = {"soul": {"kind": "to_soul", "target": "self"}, "deck_bottom": {"kind": "deck_bottom", "target": "self"},
              "retire": {"kind": "retire", "target": "self"}}[where]
    state.delayed.append({"card": card_id, "player": player, "at": "end_of_turn", "effects": [effect],
                          "placed": state.placed_at.get(card_id), **({"magia": True} if where == "soul" else {})})
    emit(events, "delayed_created", say("an ability of %(card)s will trigger at the end of the turn", card=name(state, card_id)),
         ("DELAYED_TRIGGER", "MAGIA") if where == "soul" else ("DELAYED_TRIGGER",), player, card=card_id, at="end_of_turn")
