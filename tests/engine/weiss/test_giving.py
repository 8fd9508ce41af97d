"""The effect that gives characters an AUTO ability for a while (engine/weiss/giving.py, assumption W49)."""
import json

import pytest

import engine
from engine.core.errors import DefinitionError
from engine.weiss.abilities import Ability

from .helpers import SCENARIOS

GONE = "outsider12-ability-given-until-the-end-of-the-turn-is-gone-in-the-next-turn"


def _events(data: dict) -> list:
    return engine.run_scenario(engine.load_scenario(data)).events


def test_a_gift_until_the_end_of_the_next_turn_still_triggers_in_the_opponents_turn():
    """The file's gift ends with its turn, so nothing triggers in the next one; the same gift for two turns does."""
    data = json.loads((SCENARIOS / f"{GONE}.json").read_text(encoding="utf-8"))
    assert not any(e.kind == "standby" and e.data.get("card") == "a" for e in _events(data))
    effect = data["players"][0]["stage"]["back_left"]["abilities"][0]["effects"][0]
    effect["duration"] = "end_of_next_turn"
    data["expect"] = []
    events = _events(data)
    assert any(e.kind == "standby" and e.data.get("card") == "a" for e in events)
    assert any(e.kind == "ability_given" and "next turn" in e.text for e in events)


def _give(effect: dict, timing: str = "act") -> Ability:
    return Ability.from_json({"timing": timing, "effects": [dict({"kind": "give_ability", "target": "self",
                                                                  "duration": "end_of_turn"}, **effect)]}, "a")


def test_a_give_effect_round_trips():
    ab = _give({"ability": {"timing": "encore", "cost": [{"kind": "stock", "count": 1}]},
                "target": "choose_own_character", "filter": {"max_level": 1}})
    assert Ability.from_json(ab.to_json(), "a") == ab
    assert ab.to_json()["effects"][0]["ability"]["timing"] == "encore"


@pytest.mark.parametrize("timing", ["on_play", "on_leave_stage", "on_stage_to_waiting_room", "situation"])
def test_any_auto_ability_but_bond_and_shift_may_be_given(timing):
    gift = {"timing": timing, "effects": [{"kind": "draw", "count": 1}]}
    if timing == "situation":
        gift["conditions"] = [{"kind": "count", "player": "self", "zone": "hand", "max": 0}]
    ab = _give({"ability": gift})
    assert ab.to_json()["effects"][0]["ability"]["timing"] == timing


@pytest.mark.parametrize("effect, timing", [
    ({"ability": {"timing": "bond", "name": "Partner", "cost": [{"kind": "stock", "count": 1}]}}, "act"),  # keyword
    ({"ability": {"timing": "cont", "effects": [{"kind": "power", "amount": 1000, "target": "self"}]}}, "act"),
    ({"ability": {"timing": "on_attack", "effects": [{"kind": "draw", "count": 1}]}, "duration": "game"}, "act"),
    ({"ability": {"timing": "on_attack", "effects": [{"kind": "draw", "count": 1}]}, "target": "front"}, "act"),
    ({"ability": {"timing": "on_attack", "effects": [{"kind": "draw", "count": 1}]}, "filter": {"max_level": 1}},
     "act"),  # "this card" is not chosen
])
def test_a_gift_the_engine_cannot_play_is_refused_at_load(effect, timing):
    with pytest.raises(DefinitionError):
        _give(effect, timing)
