"""vanguard_forms: the ability builder's condition slots for the keywords of section 11 (their one value field)."""
from django.http import QueryDict

from engine.vanguard.abilities import Ability
from judgeapp.sandbox.games.vanguard_forms import ability_from_form


def _ability(conditions: list[tuple[str, str]]) -> dict:
    data = QueryDict(mutable=True)
    data["ab_timing"] = "cont"
    for kind, value in conditions:
        data.appendlist("ab_condition", kind)
        data.appendlist("ab_condition_value", value)
    data.appendlist("ab_effect", "power")
    data.appendlist("ab_effect_amount", "5000")
    data.appendlist("ab_effect_target", "self")
    return ability_from_form(data)


def test_keyword_conditions_take_their_value_from_the_one_field():
    ability = _ability([("thunderstrike", "3"), ("rear_guard_power", ""), ("state", "not successful")])
    assert ability["conditions"] == [{"kind": "thunderstrike", "count": 3}, {"kind": "rear_guard_power", "min": 15000},
                                     {"kind": "state", "state": "successful", "absent": True}]
    Ability.from_json(ability)  # the engine's loader takes them as they are
    ability = _ability([("battle", "no_hit"), ("state", "blazing")])
    assert ability["conditions"] == [{"kind": "battle", "hit": False}, {"kind": "state", "state": "blazing"}]
    Ability.from_json(ability)
