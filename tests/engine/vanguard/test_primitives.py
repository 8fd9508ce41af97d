"""engine.vanguard.primitives: moving a card to another zone makes it a new card (4.1.4)."""

from engine.vanguard.primitives import move

from .helpers import card, position


def test_a_card_changing_zone_forgets_its_used_once_per_turn_abilities():
    state = position(p0={"field": {"front_left": card("a-fl")}}, phase="main")
    state.used_this_turn = ["a-fl:0", "a-vg:0"]
    move(state, "a-fl", "drop")
    assert state.used_this_turn == ["a-vg:0"]


def test_a_move_between_circles_keeps_the_card_and_its_used_abilities():
    state = position(p0={"field": {"front_left": card("a-fl")}}, phase="main")
    state.used_this_turn = ["a-fl:0"]
    move(state, "a-fl", "back_left")
    assert state.used_this_turn == ["a-fl:0"]
