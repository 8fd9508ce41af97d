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


def test_a_turn_counts_calls_and_cards_put_into_the_soul_but_not_by_a_ride_or_a_judge():
    state = position(p0={"hand": [card("a-h1"), card("a-h2"), card("a-h3")]}, phase="main")
    move(state, "a-h1", "front_left")
    move(state, "a-h2", "guardian")
    move(state, "a-h3", "back_left", force=True)  # a judge's move
    assert state.calls_this_turn == [2, 0]
    move(state, "a-h1", "back_right")  # circle to circle: not a call
    assert state.calls_this_turn == [2, 0]
    move(state, "a-h1", "soul", by_ride=True)
    assert state.soul_in_this_turn == [0, 0]
    move(state, "a-h2", "soul")
    assert state.soul_in_this_turn == [1, 0]


def test_choose_up_to_offers_every_number_from_one_to_n_and_none_even_with_one_candidate():
    from engine.vanguard.actions import Action
    from engine.vanguard.primitives import choose_up_to

    state = position(phase="main")
    chosen, decision = choose_up_to(state, {"p": 0}, None, ["x"], 1, "choose")
    assert chosen is None and decision.citation.number == "8.5.4.1.1"
    assert [(o.kind, o.get("cards")) for o in decision.options] == [("choose_cards", ("x",)), ("pass", None)]
    _, decision = choose_up_to(state, {"p": 0}, None, ["x", "y", "z"], 2, "choose")
    assert len(decision.options) == 3 + 3 + 1  # one card, two cards, or none
    assert choose_up_to(state, {"p": 0}, Action.make("pass"), ["x"], 1, "choose") == ([], None)
    assert choose_up_to(state, {"p": 0}, None, [], 1, "choose") == ([], None)
