"""engine.altered.replacements: "instead" modifiers on where an object goes (6.2.b, 6.2.e-i) - a Fleeting
character's discard (2.4.6.c) and an object's own "if I would go to [zone], go to [zone] instead"."""
import pytest

import engine
from engine.altered import Action, replacements
from engine.altered.state import GameState
from engine.core.errors import DefinitionError
from engine.core.scenario import load_scenario

from .helpers import character, position

HOME = {"timing": "passive", "effects": [{"kind": "instead", "would": "reserve", "goes": "hand"}]}


def _pigeon(**extra):
    return character("p", abilities=[HOME], **extra)


def test_only_the_modifiers_that_change_this_move_apply():
    state = position({"hero_expedition": [_pigeon(status=["fleeting"]), character("q", status=["fleeting"])]})
    assert replacements.applicable(state, "p", "hero_expedition", "reserve") == ["fleeting", "p"]
    assert replacements.applicable(state, "p", "hero_expedition", "discard") == []
    assert replacements.applicable(state, "q", "hero_expedition", "reserve") == ["fleeting"]
    # 6.2.i: a modifier already applied to the move does not apply again
    assert replacements.applicable(state, "p", "hero_expedition", "reserve", used=("fleeting",)) == ["p"]


@pytest.mark.parametrize("first, zone", [("p", "hand"), ("fleeting", "discard")])
def test_the_first_modifier_applied_decides_and_the_other_no_longer_applies(first, zone):
    state = position({"hero_expedition": [_pigeon(status=["fleeting"])]})
    to, keys = replacements.replace(state, "p", "hero_expedition", "reserve", (), first)
    assert to == zone and "INSTEAD_AGAIN" in keys  # 6.2.g: looked at again, nothing else to apply


def test_rest_asks_the_first_player_which_applies_first():
    state = position({"hero_expedition": [_pigeon(status=["fleeting"])]}, phase="night", first_player=1)
    state, _ = engine.advance(state)
    assert state.pending.kind == "instead" and state.pending.player == 1
    assert {a.get("first") for a in state.pending.options} == {"fleeting", "p"}
    # a saved game waiting on the choice reads back the same (the sandbox stores it between answers)
    state = GameState.from_json(state.to_json())
    state, events = engine.apply(state, Action.make("instead", first="p"))
    assert state.loc["p"] == (0, "hand")
    assert any(e.kind == "instead" and "AL24" in e.assumptions for e in events)


def test_an_instead_names_zones_a_card_can_be_sent_to():
    bad = {"timing": "passive", "effects": [{"kind": "instead", "would": "reserve", "goes": "limbo"}]}
    with pytest.raises(DefinitionError):
        load_scenario({"format": "judgeapp-scenario/2", "game": "altered",
                       "players": [{"hero_expedition": [character("x", abilities=[bad])]}, {}]})


SANCTUARY = {"id": "san", "name": "Sanctuary", "type": "permanent", "hand_cost": 1, "reserve_cost": 1,
             "abilities": [{"timing": "passive", "effects": [
                 {"kind": "instead", "would": "reserve", "goes": "hand", "to": {"who": "own"}}]}]}


def test_another_objects_instead_applies_to_the_characters_it_names_only():
    # "If a Character you control would go to your Reserve, put it in your hand instead": the landmark's, by `to`
    state = position({"hero_expedition": [character("a", status=["fleeting"])], "landmarks": [SANCTUARY]},
                     {"hero_expedition": [character("b")]})
    assert replacements.applicable(state, "a", "hero_expedition", "reserve") == ["fleeting", "san"]
    assert replacements.applicable(state, "b", "hero_expedition", "reserve") == []  # not its controller's
    assert replacements.applicable(state, "san", "landmarks", "reserve") == []  # a Permanent is no Character
    to, _ = replacements.replace(state, "a", "hero_expedition", "reserve", (), "san")
    assert to == "hand"  # 6.2.g: once in the hand, Fleeting's "to the Reserve" no longer applies


def test_a_fate_is_read_now_and_left_to_the_player_when_two_replacements_apply():
    state = position({"hero_expedition": [_pigeon(status=["fleeting"]), character("q", boost=1, keywords=["seasoned"])]})
    assert replacements.fate(state, "p", "reserve", ()) is None  # 6.2.f: a choice first
    assert replacements.fate(state, "p", "reserve", (), "p")[0] == "hand"
    assert replacements.fate(state, "q", "reserve", ())[0::2] == ("reserve", True)  # keeps its boost (7.4.4.b)
    assert replacements.fate(state, "q", "hand", ())[0::2] == ("hand", False)
