"""engine.core.modifiers: modifiers with durations, ending at a game's named points; engine.core.board.relocate."""

from dataclasses import dataclass, field

import pytest

from engine.core import modifiers
from engine.core.board import relocate
from engine.core.errors import IllegalActionError


@dataclass(frozen=True, slots=True)
class Until(modifiers.Modifier):
    """A game's modifier that ends at the end of a numbered round."""

    round: int = 0

    def ends_at(self, point, state):
        return point == "round" and self.round <= state.round


@dataclass
class Card:
    owner: int


@dataclass
class State:
    round: int = 1
    modifiers: list = field(default_factory=list)
    clock: int = 0
    cards: dict = field(default_factory=lambda: {"a": Card(0), "b": Card(1)})
    zones: list = field(default_factory=lambda: [{"hand": ["a"], "pile": []}, {"hand": ["b"], "pile": []}])
    loc: dict = field(default_factory=lambda: {"a": (0, "hand"), "b": (1, "hand")})

    def tick(self):
        self.clock += 1
        return self.clock


def test_modifiers_end_at_the_point_their_game_says():
    state = State()
    modifiers.add(state, Until(state.tick(), "a", "power", 1, "this round", "test", round=1))
    modifiers.add(state, Until(state.tick(), "a", "power", 2, "next round", "test", round=2))
    modifiers.add(state, modifiers.Modifier(state.tick(), "b", "power", 3, "game", "test"))
    assert modifiers.expire(state, "battle") == 0
    assert modifiers.expire(state, "round") == 1 and [m.amount for m in state.modifiers] == [2, 3]
    state.round = 2
    assert modifiers.expire(state, "round") == 1 and [m.amount for m in state.modifiers] == [3]
    assert state.modifiers[0].to_json() == {"order": 3, "card": "b", "stat": "power", "amount": 3,
                                            "duration": "game", "source": "test"}


def test_a_new_card_keeps_no_modifier_and_the_judge_removes_one_by_its_number():
    state = State()
    modifiers.add(state, modifiers.Modifier(state.tick(), "a", "power", 1, "game", "test"))
    modifiers.add(state, modifiers.Modifier(state.tick(), "b", "power", 1, "game", "test"))
    modifiers.forget_card(state, "a")
    assert [m.card for m in state.modifiers] == ["b"]
    with pytest.raises(IllegalActionError):
        modifiers.remove_modifier(state, 1)
    modifiers.remove_modifier(state, "2")
    assert state.modifiers == []


def test_relocate_moves_a_card_to_its_owner_unless_told_and_keeps_the_index():
    state = State()
    assert relocate(state, "b", "pile") == (1, "hand")
    assert state.zones[1]["pile"] == ["b"] and state.loc["b"] == (1, "pile")
    relocate(state, "a", "pile", 1, top=True)
    assert state.zones[1]["pile"] == ["a", "b"] and state.loc["a"] == (1, "pile") and state.zones[0]["hand"] == []
