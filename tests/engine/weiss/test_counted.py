"""A number of an effect counted as it resolves (engine/weiss/counted.py, assumption W41)."""
import pytest

from engine.core.errors import DefinitionError
from engine.weiss.abilities import Ability

from .helpers import first_act_played


def _act(name: str):
    return first_act_played(name)


def test_x_damage_is_one_damage_process_of_x():
    _, events = _act("outsider9-deal-x-damage-counted-is-one-damage-of-x")
    dealt = [e for e in events if e.kind == "damage_reveal"]
    assert [e.text for e in dealt] == ["damage 1/2: Filler", "damage 2/2: Finale"]


def test_counted_zero_does_nothing():
    _, events = _act("outsider9-deal-x-damage-counted-zero-deals-none")
    assert not any(e.kind.startswith("damage") for e in events)


def test_a_counted_number_is_no_up_to_number():
    with pytest.raises(DefinitionError):
        Ability.from_json({"timing": "act", "effects": [{"kind": "draw", "count": 1, "up_to": True,
                                                         "per": {"player": "self", "zone": "hand"}}]}, "a")


def _damage_equal_to(equal_to: dict, **more) -> Ability:
    return Ability.from_json({"timing": "act", "effects": [{"kind": "damage", "player": "opponent",
                                                            "equal_to": equal_to, **more}]}, "a")


def test_x_equal_to_a_chosen_characters_level_asks_the_choice_then_deals_that_much():
    state, events = _act("outsider12-deal-damage-equal-to-the-level-of-a-chosen-opponents-character")
    assert state.pending is not None and state.pending.kind == "choose"
    assert {a.card for a in state.pending.options} == {"big", "small"}  # chosen as the part resolves (W48)


def test_x_read_from_a_climax_put_into_the_waiting_room_is_its_level_zero_plus_one():
    _, events = _act("outsider12-put-the-top-card-into-the-waiting-room-deal-damage-equal-to-its-level-plus-one-a-"
                     "climax-is-level-zero")
    counted = [e for e in events if e.kind == "counted"]
    assert [e.data["count"] for e in counted] == [1] and counted[0].data["card"] == "top"
    assert len([e for e in events if e.kind == "damage_reveal"]) == 1


def test_an_equal_to_number_round_trips_and_takes_no_count_of_its_own():
    ab = _damage_equal_to({"of": "choose_opponent_character", "filter": {"max_level": 2}, "plus": 1})
    assert Ability.from_json(ab.to_json(), "a") == ab
    assert "count" not in ab.to_json()["effects"][0]
    with pytest.raises(DefinitionError):  # X or a count, not both
        _damage_equal_to({"of": "self"}, count=2)


@pytest.mark.parametrize("equal_to", [
    {"of": "self", "filter": {"max_level": 1}},  # only a chosen character has conditions
    {"of": "self", "player": "self"},  # only a player's level names the player
    {"of": "player", "stat": "cost"},  # a player has a level only
    {"of": "somewhere"},
    {"of": "self", "plus": 9},
])
def test_an_equal_to_number_the_engine_cannot_read_is_refused_at_load(equal_to):
    with pytest.raises(DefinitionError):
        _damage_equal_to(equal_to)
