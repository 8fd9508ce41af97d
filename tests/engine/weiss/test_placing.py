"""Effects putting several cards at once (engine/weiss/placing.py): 9.6.2 and 9.7.2, assumption W36."""
import pytest

from engine.core import games
from engine.core.errors import DefinitionError
from engine.weiss.actions import Action
from engine.weiss.cards import Card

from .helpers import at_decision

CARD = {"id": "x", "name": "X", "type": "character", "colour": "yellow", "level": 0, "cost": 0, "power": 1000}


def _play(state, **action):
    state, events = games.for_state(state).play(state, Action.make(**action))
    return state, events


def test_a_character_already_chosen_is_not_offered_again_but_its_position_is():
    state, _ = _play(at_decision("outsider7-two-characters-placed-in-one-position-at-once-both-go"),
                     kind="act", card="a", ability=0)
    state, _ = _play(state, kind="place", card="r1", slot="center_left")
    offered = {(a.card, a.get("slot")) for a in state.pending.options}
    assert ("r2", "center_left") in offered and not any(card == "r1" for card, _ in offered)


def test_nothing_is_put_before_every_character_is_chosen():
    state, _ = _play(at_decision("outsider7-two-characters-placed-in-one-position-at-once-both-go"),
                     kind="act", card="a", ability=0)
    state, _ = _play(state, kind="place", card="r1", slot="center_left")
    assert state.zones[0]["center_left"] == [] and "r1" in state.zones[0]["waiting_room"]


def test_two_put_into_one_position_go_at_the_end_of_the_action_citing_9_6_2():
    state, _ = _play(at_decision("outsider7-two-characters-placed-at-once-onto-an-occupied-position-all-go"),
                     kind="act", card="a", ability=0)
    state, _ = _play(state, kind="place", card="r1", slot="center_left")
    state, events = _play(state, kind="place", card="r2", slot="center_left")
    gone = [e for e in events if e.kind == "overlap"]
    assert {e.data["card"] for e in gone} == {"old", "r1", "r2"}
    assert all(e.citations[0].number == "9.6.2" for e in gone)
    assert state.zones[0]["center_left"] == []


def test_two_climaxes_put_at_once_both_go_citing_9_7_2():
    state, _ = _play(at_decision("outsider7-two-climaxes-placed-in-the-climax-area-at-once-both-go"),
                     kind="act", card="a", ability=0)
    assert {a.card for a in state.pending.options} == {"x1", "x2", "x3"}  # the character is not a climax
    state, _ = _play(state, kind="choose", card="x1")
    state, events = _play(state, kind="choose", card="x2")
    assert state.zones[0]["climax"] == []
    assert [e.citations[0].number for e in events if e.kind == "overlap"] == ["9.7.2", "9.7.2"]


@pytest.mark.parametrize("effect", [
    {"kind": "put_on_stage", "source": "waiting_room", "count": 6},
    {"kind": "put_climax", "source": "waiting_room", "filter": {"name": "X"}},
    {"kind": "put_climax", "source": "deck"},
])
def test_the_count_the_source_and_the_fields_are_checked_at_load(effect):
    with pytest.raises(DefinitionError):
        Card.from_json(dict(CARD, abilities=[{"timing": "act", "effects": [effect]}]), "card", 0)
