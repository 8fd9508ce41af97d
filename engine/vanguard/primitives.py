"""The primitives every Vanguard rule and judge action shares.

The task registry (``AGENDA``, ``handler``), emitting an event, moving a card
(4.1.4: a card changing zone is a new card), drawing, shuffling, resting,
adding a modifier, and the shared "choose one / choose n" logic.  Everything
else in this package builds on these; this module imports no rule module.
"""

from __future__ import annotations

from ..core.text import say
from itertools import combinations

from ..core import modifiers
from ..core.agenda import Agenda
from ..core.board import relocate, shuffle as shuffle_deck  # noqa: F401  (the rules' name for it)
from ..core.check_timing import CHECK_TIMING  # noqa: F401  (the task every rule module schedules)
from ..core.decisions import Decision
from ..core.events import emitter
from .actions import CIRCLES, REAR_GUARD_CIRCLES, Action
from .citations import cite, cites
from .state import GameState, Modifier


AGENDA = Agenda("vanguard")
handler = AGENDA.handler



emit = emitter(cites)  # emit(events, kind, text, clause keys, player, assumptions, **data)


def name(state: GameState, card_id: str | None) -> str:
    return state.cards[card_id].name if card_id else "nothing"


def move(state: GameState, card_id: str, zone: str, player: int | None = None, *, top: bool = False,
         rested: bool | None = None, force: bool = False, by_ride: bool = False) -> None:
    """Move a card, applying 4.1.4 (a new card in a new zone) and the circle orientation rules."""
    _, z0 = state.loc[card_id]
    if player is None:
        player = state.cards[card_id].owner  # 4.1.6
    leaves_field = z0 in CIRCLES and zone not in CIRCLES and zone != "gzone"
    if state.cards[card_id].type == "g_unit" and leaves_field and not force:
        zone, player = "gzone", state.cards[card_id].owner  # 10.28.4: a G unit goes back to the G zone instead
    state.hearts.discard(card_id)
    if state.legion and zone != z0:
        partner = state.legion_partner(card_id)
        if partner is not None:  # 10.27.2: if either changes zone, they are no longer in legion state
            state.legion.pop(card_id, None)
            state.legion.pop(partner, None)
    relocate(state, card_id, zone, player, top)
    if not (z0 in CIRCLES and zone in CIRCLES):
        state.deleted.discard(card_id)
    circle_to_circle = z0 in CIRCLES and zone in CIRCLES
    if not force:  # what a turn counts (a judge's move is not play): calls (10.7.1, Legame 11.19), soul (Oscurità 11.30)
        if z0 not in CIRCLES and (zone in REAR_GUARD_CIRCLES or zone == "guardian"):
            state.calls_this_turn[player] += 1
        elif zone == "soul" and not by_ride:
            state.soul_in_this_turn[player] += 1
    if not circle_to_circle:
        # 4.1.4 / 8.7.3: a card changing zone is a new card; effects on it end.
        state.face_down.discard(card_id)
        state.locked.discard(card_id)
        state.rested.discard(card_id)
        state.placed_at.pop(card_id, None)
        modifiers.forget_card(state, card_id)
        # a new card has abilities never used: "cannot be used for the rest of the turn" (1/Turn) was the old card's
        state.used_this_turn = [u for u in state.used_this_turn if u.rpartition(":")[0] != card_id]
    if zone in CIRCLES:
        if not circle_to_circle:
            state.placed_at[card_id] = state.tick()
        if zone == "guardian":
            state.rested.add(card_id)  # 4.6.5.1
        elif zone == "vanguard" or z0 not in REAR_GUARD_CIRCLES:
            state.rested.discard(card_id)  # 8.5.1.2 / 4.6.6.1
        if rested is not None:
            (state.rested.add if rested else state.rested.discard)(card_id)
    else:
        state.rested.discard(card_id)


def draw(state: GameState, player: int, events: list, why: tuple[str, ...] = ("DRAW",)) -> None:
    deck = state.zones[player]["deck"]
    if not deck:
        emit(events, "draw_impossible", say("player %(player)s cannot draw: the deck is empty", player=player), ("IMPOSSIBLE_ACTION",),
             player)
        return
    card_id = deck[0]
    move(state, card_id, "hand", player)
    emit(events, "draw", say("player %(player)s draws a card", player=player), why, player, card=card_id)


def soul_charge(state: GameState, player: int, n: int) -> dict:
    """Put the top n cards of the deck into the soul (as many as there are, 1.3.2); each card moved with the zone it
    came from (read in the soul, 8.6.5.1.1), for standby.put_into_soul."""
    froms = {}
    for _ in range(n):
        deck = state.zones[player]["deck"]
        if deck:
            froms[deck[0]] = ("deck", None)
            move(state, deck[0], "soul", player)
    return froms


def set_rested(state: GameState, card_id: str, rested: bool) -> None:
    """Rest or stand a unit; a Legion Leader and its Mate change together (10.27.10)."""
    for c in (card_id, state.legion_partner(card_id)):
        if c is not None:
            (state.rested.add if rested else state.rested.discard)(c)


def add_modifier(state: GameState, card_id: str, which: str, amount: int, duration: str, source: str,
                 condition: tuple = ()) -> Modifier:
    return modifiers.add(state, Modifier(state.tick(), card_id, which, amount, duration, source, condition))


def choose_unit(state: GameState, task: dict, answer: Action | None, cands: list[str], prompt: str, key: str,
                kind: str = "choose") -> tuple[str | None, Decision | None]:
    """Shared 'choose one' logic: auto-pick a single candidate, ask otherwise (8.5.4.1)."""
    if answer is not None:
        return answer.card, None
    if not cands:
        return None, None
    if len(cands) == 1:
        return cands[0], None
    return None, Decision(kind, task["p"], prompt, tuple(Action("choose", (("card", c),)) for c in cands), cite(key))


def choose_several(state: GameState, task: dict, answer: Action | None, cands: list[str], n: int, prompt: str,
                   key: str) -> tuple[list[str] | None, Decision | None]:
    if answer is not None:
        return list(answer.get("cards")), None
    if len(cands) <= n:
        return list(cands), None  # 8.5.4.1.2: as many as possible
    opts = tuple(Action.make("choose_cards", cards=list(c)) for c in combinations(cands, n))
    return None, Decision("choose_cards", task["p"], prompt, opts, cite(key))


def choose_up_to(state: GameState, task: dict, answer: Action | None, cands: list[str], n: int,
                 prompt: str) -> tuple[list[str] | None, Decision | None]:
    """8.5.4.1.1: "choose up to (n)": any number of ``cands`` from none to n, answered with the cards chosen, or
    ``pass`` for none; asked even with one candidate, since none may be chosen."""
    if answer is not None:
        return ([] if answer.kind == "pass" else list(answer.get("cards"))), None
    if not cands:
        return [], None
    opts = tuple(Action.make("choose_cards", cards=list(c)) for k in range(1, min(n, len(cands)) + 1)
                 for c in combinations(cands, k))
    return None, Decision("choose_cards", task["p"], prompt, opts + (Action.make("pass"),), cite("CHOOSE_UP_TO"))


def own_units(state: GameState, player: int) -> list[str]:
    return [c for c in state.units(player) if c not in state.locked]
