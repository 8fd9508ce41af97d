"""engine/weiss/damage_step.py: one damage dealt to each player at once (7.3.1.2.7.3, assumption W47)."""
from engine.core import games
from engine.weiss.damage_step import _together_done

from .helpers import at_start


def _pair(state):
    first = {"t": "damage", "p": 0, "n": 1, "i": 0, "source": "a", "effect": "ability", "together": 0, "of": 2, "seen": []}
    second = {**first, "p": 1, "together": 1}
    state.agenda.append(second)
    return first, second


def test_the_first_players_cancel_is_handed_to_the_second_players_process():
    state = at_start("outsider11-damage-to-each-player-the-turn-player-takes-it-first")
    first, second = _pair(state)
    events: list = []
    _together_done(state, events, first, True)
    assert second["seen"] == [True] and not events  # nothing is over before the last process


def test_a_replaced_process_is_not_counted_and_all_replaced_ends_nothing():
    state = at_start("outsider11-damage-to-each-player-the-turn-player-takes-it-first")
    first, second = _pair(state)
    _together_done(state, [], first, None)
    assert second["seen"] == []
    state.agenda.remove(second)
    events: list = []
    _together_done(state, events, second, None)
    assert not events


def test_each_player_takes_a_damage_process_the_turn_player_first():
    name = "outsider11-damage-to-each-player-the-turn-player-takes-it-first"
    game = games.for_state(at_start(name))
    state, _ = game.advance(at_start(name))
    state, events = game.apply(state, next(a for a in state.pending.options if a.kind == "act"))
    state, more = game.advance(state)
    taken = [e.player for e in events + more if e.kind == "damage_taken"]
    assert taken == [0, 1]
