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
