"""Choosing several cards for an effect (engine/weiss/choices.py): 8.6.3.1-8.6.3.1.2."""
import pytest

from engine.core import games
from engine.core.errors import DefinitionError
from engine.weiss.actions import Action
from engine.weiss.cards import Card

from .helpers import at_decision

CARD = {"id": "x", "name": "X", "type": "character", "colour": "yellow", "level": 0, "cost": 0, "power": 1000}


def _play(state, **action):
    return games.for_state(state).play(state, Action.make(**action))[0]


def test_one_card_a_decision_never_one_already_chosen_then_all_at_once():
    state = _play(at_decision("outsider6-choose-two-characters-both-get-the-power"), kind="play", card="ev")
    assert state.pending.kind == "choose" and len(state.pending.options) == 3
    state = _play(state, kind="choose", card="c2")
    assert {a.card for a in state.pending.options} == {"c1", "c3"}  # no pass: the choice must be made (8.6.3.1)
    state = _play(state, kind="choose", card="c3")
    assert state.pending.kind == "main"


def test_up_to_offers_a_pass_at_every_choice():
    state = _play(at_decision("outsider6-choose-up-to-two-stop-after-one"), kind="play", card="ev")
    assert Action.make("pass") in state.pending.options
    state = _play(state, kind="choose", card="o1")
    assert [a.kind for a in state.pending.options] == ["choose", "pass"]


def test_fewer_candidates_than_the_number_are_all_chosen_without_asking():
    state = _play(at_decision("outsider6-choose-two-with-one-character-it-gets-the-power"), kind="play", card="ev")
    assert state.pending.kind == "main"


@pytest.mark.parametrize("effect", [
    {"kind": "power", "amount": 1000, "target": "self", "duration": "end_of_turn", "count": 2},
    {"kind": "bounce", "target": "opposite", "up_to": True},
])
def test_only_a_chosen_target_has_a_number(effect):
    with pytest.raises(DefinitionError) as raised:
        Card.from_json(dict(CARD, abilities=[{"timing": "act", "effects": [effect]}]), "card", 0)
    assert "8.6.3.1" in str(raised.value)


def test_a_cont_effect_has_no_number():
    with pytest.raises(DefinitionError):
        Card.from_json(dict(CARD, abilities=[{"timing": "cont", "effects": [
            {"kind": "power", "amount": 500, "target": "all_own_characters", "count": 2}]}]), "card", 0)



def test_your_opponent_chooses_gives_the_decision_to_the_other_player():
    state = _play(at_decision("outsider6-your-opponent-chooses-one-of-their-characters"), kind="play", card="ev")
    assert state.pending.kind == "choose" and state.pending.player == 1
    assert {a.card for a in state.pending.options} == {"o1", "o2"}
