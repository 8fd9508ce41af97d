"""engine.altered.scenario: the position's fields that only Altered has."""
import pytest

from engine.core.errors import DefinitionError

from .helpers import character, position


def landmark(cid, **extra):
    return {"id": cid, "name": cid, "type": "permanent", "hand_cost": 1, "reserve_cost": 1, **extra}


def test_entered_gives_an_object_in_play_its_timestamp_and_the_others_come_before():
    state = position({"landmarks": [landmark("late", entered=2), landmark("plain")]},
                     {"landmarks": [landmark("early", entered=1)]})
    assert state.since.get("late") == 2 and state.since.get("early") == 1 and state.since.get("plain", 0) == 0


@pytest.mark.parametrize("zone", ["hand", "reserve", "discard"])
def test_entered_is_refused_for_a_card_not_in_play(zone):
    with pytest.raises(DefinitionError, match="entered"):
        position({zone: [character("c", entered=1)]})


def test_random_cards_name_cards_of_the_scenario_and_are_kept_in_the_state_json():
    state = position({"hand": [character("c")]}, random_cards=["c"])
    assert state.at_random == ["c"] and type(state).from_json(state.to_json()).at_random == ["c"]
    with pytest.raises(DefinitionError, match="taken at random"):
        position({"hand": [character("c")]}, random_cards=["nobody"])
