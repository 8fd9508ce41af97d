"""The ``move`` effect (engine/weiss/moves.py): "move this card to an open position of your center stage", W33."""
import pytest

from engine.core import games
from engine.core.errors import DefinitionError
from engine.weiss.actions import Action
from engine.weiss.cards import Card
from engine.weiss.moves import open_positions

from .helpers import at_decision, at_start

CARD = {"id": "x", "name": "X", "type": "character", "colour": "yellow", "level": 0, "cost": 0, "power": 1000}


def test_an_open_position_is_an_empty_one_of_the_named_part_of_the_characters_own_stage():
    state = at_start("outsider6-move-effect-no-open-position-does-nothing")
    assert open_positions(state, "d", "center") == []
    assert open_positions(state, "d", "back") == ["back_left", "back_right"]
    assert open_positions(state, "d", "stage") == ["back_left", "back_right"]
    state = at_start("outsider6-move-effect-defender-moves-away-no-battle")
    assert open_positions(state, "d", "center") == ["center_left", "center_middle"]  # not its own position


def test_the_effects_controller_chooses_among_the_open_positions_only():
    state = at_decision("outsider6-move-effect-opposite-moved-by-the-attacker")
    state, _ = games.for_state(state).play(state, Action.make("attack", card="a", type="front"))
    assert state.pending.kind == "place" and state.pending.player == 0  # the attacker's ability moves player 1's card
    assert {a.get("slot") for a in state.pending.options} == {"center_left", "center_middle"}
    state, events = games.for_state(state).play(state, Action.make("place", card="d", slot="center_left"))
    assert state.loc["d"] == (1, "center_left")
    moved = [e for e in events if e.kind == "moved"]
    assert [(e.data["from"], e.data["to"]) for e in moved] == [("center_right", "center_left")]


def test_a_character_that_cannot_move_stays_and_nothing_is_asked():
    state = at_decision("outsider6-cannot-move-stops-a-move-effect")
    state, events = games.for_state(state).play(state, Action.make("act", card="c", ability=1))
    assert state.loc["c"] == (0, "center_left")
    assert state.pending.kind == "main"
    assert [e.data["status"] for e in events if e.kind == "unchanged"] == ["move"]


@pytest.mark.parametrize("effect, words", [
    ({"kind": "move", "target": "self", "to": "hand"}, "center, back, stage"),
    ({"kind": "move", "target": "all_own_characters", "to": "center"}, "choose_own_character"),
    ({"kind": "move", "target": "self", "to": "back", "filter": {"max_level": 0}}, "chosen"),
    ({"kind": "move", "target": "self"}, "to"),
])
def test_a_move_the_text_cannot_say_is_refused_at_load(effect, words):
    with pytest.raises(DefinitionError) as raised:
        Card.from_json(dict(CARD, abilities=[{"timing": "act", "effects": [effect]}]), "card", 0)
    assert words in str(raised.value)


def test_a_cont_ability_does_not_move_a_character():
    with pytest.raises(DefinitionError):
        Card.from_json(dict(CARD, abilities=[{"timing": "cont", "effects": [
            {"kind": "move", "target": "self", "to": "back"}]}]), "card", 0)
