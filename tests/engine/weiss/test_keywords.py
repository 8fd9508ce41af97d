"""The keyword effects (engine/weiss/keywords.py): the look's cards put back in any order (3.1.5)."""
import pytest

from engine.core import games
from engine.core.errors import DefinitionError
from engine.weiss.abilities import Ability
from engine.weiss.actions import Action
from engine.weiss.cards import Card

from .helpers import at_decision, at_start

CARD = {"id": "x", "name": "X", "type": "character", "colour": "yellow", "level": 0, "cost": 0, "power": 1000}


def _play(state, **action):
    return games.for_state(state).play(state, Action.make(**action))[0]


def test_the_cards_put_back_in_any_order_are_ordered_one_at_a_time_from_the_top():
    state = _play(at_decision("outsider6-look-at-three-put-them-back-in-any-order"), kind="act", card="c", ability=0)
    assert {a.card for a in state.pending.options} == {"d1", "d2", "d3"}
    state = _play(state, kind="choose", card="d2")
    assert {a.card for a in state.pending.options} == {"d1", "d3"}
    state = _play(state, kind="choose", card="d3")
    assert state.zones[0]["deck"][:3] == ["d2", "d3", "d1"]


def test_only_the_cards_put_back_into_the_deck_are_ordered():
    with pytest.raises(DefinitionError):
        Card.from_json(dict(CARD, abilities=[{"timing": "act", "effects": [
            {"kind": "look", "count": 3, "any_order": True}]}]), "card", 0)


def test_a_choice_of_places_asks_for_each_card_looked_at_from_the_top():
    state = at_start("outsider9-look-at-two-each-card-to-the-top-or-the-waiting-room")
    game = games.for_state(state)
    state, _ = game.advance(state)
    state, _ = game.play(state, next(o for o in state.pending.options if o.kind == "act"))
    assert state.pending.kind == "look_rest"
    assert [(o.card, o.get("to")) for o in state.pending.options] == [("t1", "deck_top"), ("t1", "waiting_room")]
    state, _ = game.play(state, state.pending.options[1])
    assert [o.card for o in state.pending.options] == ["t2", "t2"]


def test_a_choice_of_places_needs_two_different_ones_and_no_order():
    for rest, extra in ((["deck_top", "deck_top"], {}), (["deck_top", "waiting_room"], {"any_order": True})):
        with pytest.raises(DefinitionError):
            Ability.from_json({"timing": "act", "effects": [{"kind": "look", "count": 2, "rest": rest, **extra}]}, "a")
