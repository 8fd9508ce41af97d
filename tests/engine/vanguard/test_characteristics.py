"""characteristics.py: "during your turn" / "during your opponent's turn" read the card's owner (6.2.1)."""

import pytest

from engine.core.abilities import Part
from engine.vanguard.characteristics import condition_holds

from .helpers import position


@pytest.mark.parametrize("kind,card,holds", [
    ("own_turn", "a-vg", True), ("own_turn", "b-vg", False),
    ("opponent_turn", "a-vg", False), ("opponent_turn", "b-vg", True),
])
def test_turn_conditions_follow_the_turn_player(kind, card, holds):
    st = position(turn_player=0)
    assert condition_holds(st, Part(kind), card) is holds


@pytest.mark.parametrize("params,holds", [
    ((("grade", 1),), True), ((("grade", 3),), False), ((("trigger", "any"),), False), ((("trigger", "none"),), True),
])
def test_revealed_reads_the_checked_card(params, holds):
    st = position()
    checked = st.zones[0]["deck"][0]  # a grade 1 card without a trigger (helpers.card)
    assert condition_holds(st, Part("revealed", params), "a-vg", {"checked": checked}) is holds
    assert condition_holds(st, Part("revealed", params), "a-vg", {}) is False


@pytest.mark.parametrize("params,holds", [
    ({"min": 2}, True), ({"min": 3}, False), ({"min": 1, "max": 1}, False), ({"max": 2}, True),
])
def test_battle_number_reads_the_current_battle_of_the_turn(params, holds):
    state = position()
    cond = Part("battle_number", tuple(sorted(params.items())))
    assert condition_holds(state, cond, "a-vg") is False  # no battle: no battle number (11.35)
    state.battle = {"number": 2, "attacker": "a-vg", "target": "b-vg", "target_circle": "vanguard"}
    assert condition_holds(state, cond, "a-vg") is holds


def test_the_turns_counts_are_the_cards_owners():
    state = position()
    cond = Part("calls_this_turn", (("min", 2),))
    state.calls_this_turn = [2, 1]
    assert condition_holds(state, cond, "a-vg") and not condition_holds(state, cond, "b-vg")
    state.soul_in_this_turn = [0, 1]
    assert condition_holds(state, Part("soul_in_this_turn", (("min", 1),)), "b-vg")
