"""Replacement effects of a draw, of damage, and of a character put from the stage elsewhere than the waiting room by
an effect (engine/weiss/replacing.py, assumption W40)."""
import pytest

from engine.core import games
from engine.core.errors import DefinitionError
from engine.weiss.abilities import Ability
from engine.weiss.cards import Card

from .helpers import at_start

CARD = {"id": "x", "name": "X", "type": "character", "colour": "yellow", "level": 0, "cost": 0, "power": 1000}


def _run(name: str):
    state = at_start(name)
    return games.for_state(state).advance(state)


def test_a_replaced_draw_draws_nothing_and_does_the_effects_instead():
    state, events = _run("outsider9-replace-draw-in-the-draw-phase")
    replaced = next(e for e in events if e.kind == "replaced")
    assert replaced.data == {"card": "r", "replaced": "draw"}
    assert [c.number for c in replaced.citations] == ["8.10.1", "8.10.1.1", "8.2.1.3.1"]
    assert not any(e.kind == "draw" for e in events) and len(state.zones[0]["stock"]) == 1


def test_two_replacements_of_one_draw_ask_its_player_naming_each_card():
    state, _ = _run("outsider9-replace-draw-two-apply-its-player-chooses")
    assert state.pending.kind == "replacement" and state.pending.player == 0
    assert sorted((o.card, o.get("ability")) for o in state.pending.options) == [("q", 0), ("r", 0)]


def test_a_damage_replaced_by_nothing_is_only_prevented():
    ability = Ability.from_json({"timing": "replace", "event": "damage"}, "a")
    assert ability.effects == () and Ability.from_json(ability.to_json(), "a") == ability


@pytest.mark.parametrize("data, words", [
    ({"timing": "replace", "event": "stage_to_hand", "instead": "hand"}, "somewhere else"),
    ({"timing": "replace", "event": "draw", "instead": "stock"}, "instead"),
    ({"timing": "replace", "event": "stage_to_clock", "effects": []}, "effects"),
    ({"timing": "replace", "event": "draw", "effects": [{"kind": "draw", "count": 2}]}, "does not do again"),
    ({"timing": "replace", "event": "damage", "effects": [{"kind": "damage", "count": 1, "player": "self"}]},
     "does not do again"),
])
def test_a_replacement_that_says_nothing_new_is_refused_at_load(data, words):
    with pytest.raises(DefinitionError) as raised:
        Ability.from_json(data, "a")
    assert words in str(raised.value)


def test_a_card_has_one_replacement_at_most_for_the_same_move():
    twice = {"timing": "replace", "event": "stage_to_hand", "instead": "memory"}
    with pytest.raises(DefinitionError) as raised:
        Card.from_json(dict(CARD, abilities=[twice, dict(twice, instead="clock")]), "card", 0)
    assert "one replacement effect at most" in str(raised.value)
