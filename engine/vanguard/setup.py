"""Section 5.4: setting up a game - first vanguards, shuffle, first player, hands, mulligans, stand up."""

from __future__ import annotations

from ..core.text import say
from ..core.agenda import push
from ..core.decisions import mulligan
from ..turns import decide_first_player, shuffle_decks
from .actions import Action
from .citations import cite
from .primitives import draw, emit, handler, move, shuffle_deck


@handler("setup")
def _setup(state, task, answer, events):
    """Section 5.4, split into one task per event so that step() shows them one at a time."""
    push(state, {"t": "setup_vanguard", "p": 0, "card": task["vanguards"][0]},
         {"t": "setup_vanguard", "p": 1, "card": task["vanguards"][1]},
         {"t": "setup_shuffle"}, {"t": "setup_first_player", "first_player": task.get("first_player")},
         *({"t": "setup_draw", "p": player} for player in (0, 1) for _ in range(5)),
         {"t": "setup_mulligans"}, {"t": "stand_up"}, {"t": "turn_start"})


@handler("setup_vanguard")
def _setup_vanguard(state, task, answer, events):
    """5.4.3: put the grade 0 first vanguard face down on the vanguard circle."""
    player, vg = task["p"], task["card"]
    move(state, vg, "vanguard", player)
    state.face_down.add(vg)
    emit(events, "first_vanguard", say("player %(player)s puts a grade 0 first vanguard face down", player=player),
         ("SETUP_FIRST_VANGUARD",), player)


@handler("setup_shuffle")
def _setup_shuffle(state, task, answer, events):
    """5.4.3.1: shuffle both decks (with the state's seeded PRNG, 10.11.1)."""
    shuffle_decks(state, events, emit)


@handler("setup_first_player")
def _setup_first_player(state, task, answer, events):
    """5.4.3.2: decide the first player (given, or drawn from the PRNG)."""
    decide_first_player(state, events, emit, task.get("first_player"))


@handler("setup_draw")
def _setup_draw(state, task, answer, events):
    """5.4.4: draw one card of the starting hand of five."""
    draw(state, task["p"], events, ("SETUP_HAND",))


@handler("setup_mulligans")
def _setup_mulligans(state, task, answer, events):
    """5.4.4: each player may redraw, the first player first."""
    first = state.first_player
    push(state, {"t": "mulligan", "p": first}, {"t": "mulligan", "p": 1 - first})


@handler("mulligan")
def _mulligan(state, task, answer, events):
    """5.4.4: return any cards to the deck, draw as many, shuffle."""
    player = task["p"]

    def shuffle_and_say(chosen: list[str]) -> None:
        if chosen:
            shuffle_deck(state, player)
        emit(events, "mulligan", say("player %(player)s redraws %(n)s card(s)", player=player, n=len(chosen)), ("SETUP_HAND",), player,
             count=len(chosen))

    return mulligan(answer, Action, player, state.zones[player]["hand"],
                    say("choose any cards to return to the bottom of the deck"), cite("SETUP_HAND"),
                    lambda card_id: move(state, card_id, "deck", player),
                    lambda: draw(state, player, events, ("SETUP_HAND",)), shuffle_and_say)


@handler("stand_up")
def _stand_up(state, task, answer, events):
    """6.1.1: 'Stand up, Vanguard!' - both first vanguards are turned face up."""
    for player in (0, 1):
        vg = state.vanguard(player)
        if vg:
            state.face_down.discard(vg)
    emit(events, "stand_up", say("Stand up, Vanguard!: both vanguards are turned face up"), ("STAND_UP",))
