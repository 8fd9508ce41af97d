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
