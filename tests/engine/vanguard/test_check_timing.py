"""engine.vanguard.check_timing: the damage process when both vanguards have damage to take (9.6.1.1)."""

from engine.vanguard.check_timing import _damage_due

from .helpers import position


def test_the_turn_players_damage_is_processed_first_and_says_why():
    state = position(phase="main", turn_player=1)
    state.vanguard_damage = [1, 2]
    assert _damage_due(state) == {"t": "damage_process", "p": 1, "first": True}


def test_one_vanguard_with_damage_needs_no_order():
    state = position(phase="main")
    assert _damage_due(state) is None
    state.vanguard_damage = [0, 1]
    assert _damage_due(state) == {"t": "damage_process", "p": 1}
