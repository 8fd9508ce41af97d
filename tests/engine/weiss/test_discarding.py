"""An effect that puts cards from a hand into the waiting room (engine/weiss/discarding.py, assumption W44)."""
import pytest

from engine.core.errors import DefinitionError
from engine.weiss.abilities import Ability

from .helpers import first_act_played


def _act(name: str):
    return first_act_played(name)


def test_the_hands_owner_chooses_among_its_cards():
    state, _ = _act("outsider9-opponent-puts-a-card-from-their-hand-their-choice")
    assert state.pending.kind == "choose" and state.pending.player == 1
    assert sorted(o.card for o in state.pending.options) == ["o1", "o2"]  # no pass: it is not "up to"


def test_as_many_cards_as_the_number_go_without_a_choice():
    state, events = _act("outsider9-put-two-from-a-hand-of-two-no-choice-and-the-ability-triggers")
    assert [e.kind for e in events].count("discard") == 2 and state.zones[0]["hand"] == []


def test_a_discard_is_an_effect_of_an_ability_that_resolves():
    with pytest.raises(DefinitionError):
        Ability.from_json({"timing": "cont", "effects": [{"kind": "discard", "count": 1}]}, "a")
    ability = Ability.from_json({"timing": "act", "effects": [{"kind": "discard", "count": 1, "up_to": True}]}, "a")
    assert Ability.from_json(ability.to_json(), "a") == ability
