"""engine.altered.targets: whether a declared ability's targets have a suitable object now (5.2.3.b), Resistente's
extra paid from the mana left (7.4.5.c), and a target narrowed by what it must be (Hand cost, subtype, status)."""
import pytest

from engine.altered.abilities import _effect
from engine.altered.targets import suitable, targets_exist

from .helpers import character, position


def step(**which):
    return _effect({"kind": "send", "to": "hand", "target": "choose_any", **({"which": which} if which else {})}, "e")


@pytest.mark.parametrize("which, found", [
    ({}, ["a", "b", "c"]), ({"hand_cost_at_most": 2}, ["a", "c"]), ({"subtype": "Animal"}, ["b"]),
    ({"status": "exhausted"}, ["c"]), ({"status": "boosted"}, ["b"]), ({"hand_cost_at_most": 0}, []),
])
def test_a_target_is_narrowed_by_what_it_must_be(which, found):
    state = position({"hero_expedition": [character("a", cost=1), character("b", cost=4, subtypes=["Animal"], boost=1),
                                          character("c", cost=2, status=["exhausted"])]})
    assert suitable(state, ["a", "b", "c"], step(**which)) == found


def test_a_narrowed_target_without_a_suitable_object_cannot_be_declared_and_tough_counts_the_mana_left():
    state = position({"hero_expedition": [character("a", cost=5)]}, {"hero_expedition": [character("t", tough=2)]})
    assert not targets_exist(state, 0, [step(hand_cost_at_most=3, status="exhausted")], 9)
    assert targets_exist(state, 0, [step(hand_cost_at_most=1)], 2)  # the opposing one, its Resistente paid
    assert not targets_exist(state, 0, [step(hand_cost_at_most=1)], 1)


@pytest.mark.parametrize("bad", [{"which": {}}, {"which": {"colour": "red"}}, {"which": {"status": "tired"}},
                                 {"target": "self", "which": {"subtype": "Animal"}}])
def test_a_narrowing_the_format_cannot_read_is_refused_at_load(bad):
    from engine.core.errors import DefinitionError

    with pytest.raises(DefinitionError):
        _effect({"kind": "send", "to": "hand", "target": "choose_any", **bad}, "e")


def test_a_narrowed_target_round_trips_through_json():
    part = step(hand_cost_at_most=3, subtype="Animal")
    assert part.to_json()["which"] == {"hand_cost_at_most": 3, "subtype": "Animal"}
    assert _effect(part.to_json(), "e") == part
