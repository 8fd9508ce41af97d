"""Actions as data."""

import pytest

from engine.vanguard import Action
from engine.core.errors import DefinitionError


def test_round_trip_and_equality():
    a = Action.from_json({"kind": "call", "card": "x", "circle": "front_left"})
    assert a == Action.make("call", card="x", circle="front_left")
    assert Action.from_json(a.to_json()) == a
    m1 = Action.from_json({"kind": "mulligan", "cards": ["b", "a"]})
    assert m1 == Action.make("mulligan", cards=["a", "b"])


def test_a_resolve_names_the_stand_by_number_or_the_card():
    assert Action.from_json({"kind": "resolve", "standby": 3}) == Action.make("resolve", standby=3)
    assert Action.from_json({"kind": "resolve", "card": "x", "ability": 1}) == Action.make("resolve", card="x", ability=1)


def test_a_call_may_name_any_circle_for_the_rules_to_judge():
    assert Action.from_json({"kind": "call", "card": "x", "circle": "vanguard"}).get("circle") == "vanguard"


@pytest.mark.parametrize("data,path", [
    ({"kind": "fly"}, "action.kind"),
    ({"kind": "call", "card": "x"}, "action.circle"),
    ({"kind": "call", "card": "x", "circle": "moon"}, "action.circle"),
    ({"kind": "ride", "card": "x", "extra": 1}, "action.extra"),
    ({"kind": "resolve"}, "action"),
    ({"kind": "resolve", "standby": 3, "card": "x"}, "action"),
    ({"kind": "resolve", "standby": 3, "ability": 1}, "action.ability"),
    ({"kind": "judge_add_modifier", "card": "x", "stat": "power", "amount": 1, "duration": "while"}, "action.condition"),
])
def test_malformed_actions(data, path):
    with pytest.raises(DefinitionError) as err:
        Action.from_json(data)
    assert err.value.path == path
