"""AUTO abilities an effect gives a character for a while, kept with the card and taken back (engine/weiss/granting.py,
assumption W49)."""
from engine.weiss import granting
from engine.weiss.abilities import Ability
from engine.weiss.state import GameState

from .helpers import at_start

GIFT = Ability.from_json({"timing": "on_attack", "effects": [{"kind": "draw", "count": 1}]}, "gift")
OTHER = Ability.from_json({"timing": "on_reverse", "effects": [{"kind": "draw", "count": 1}]}, "other")
NAME = "outsider12-character-given-a-when-this-card-attacks-ability-until-the-end-of-the-turn-uses-it"


def test_a_gift_is_kept_with_the_card_after_its_printed_abilities_and_in_the_states_json():
    state = at_start(NAME)
    before = state.cards
    index = granting.give(state, "a", GIFT, state.turn)
    assert index == len(before["a"].abilities) and state.cards["a"].abilities[index] == GIFT
    assert GIFT not in before["a"].abilities  # an earlier state's cards are not changed
    again = GameState.from_json(state.to_json())
    assert again.granted == state.granted and again.cards["a"].abilities == state.cards["a"].abilities


def test_a_gift_ends_at_the_end_of_its_turn_and_the_later_ones_move_down():
    state = at_start(NAME)
    granting.give(state, "a", GIFT, state.turn)
    second = granting.give(state, "a", OTHER, state.turn + 1)
    state.standby = [{"id": 99, "player": 0, "card": "a", "ability": second, "ctx": {}}]
    assert granting.expire(state) == 1
    assert state.cards["a"].abilities == (OTHER,)
    assert state.granted == [{"card": "a", "index": 0, "until": state.turn + 1}]
    assert state.standby[0]["ability"] == 0  # the waiting ability follows its new index


def test_leaving_the_stage_takes_the_gift_back_unless_one_of_its_abilities_is_waiting():
    state = at_start(NAME)
    granting.give(state, "a", GIFT, state.turn)
    granting.lapse(state, "a")
    assert state.cards["a"].abilities == () and state.granted == []
    index = granting.give(state, "a", GIFT, state.turn)
    state.standby = [{"id": 99, "player": 0, "card": "a", "ability": index, "ctx": {}}]
    granting.lapse(state, "a")  # still to be played (8.7.7): taken back at the end of the turn
    assert state.cards["a"].abilities == (GIFT,)
    assert granting.expire(state) == 1 and state.cards["a"].abilities == ()


def test_a_gift_kept_as_the_card_leaves_is_not_the_new_cards():
    state = at_start(NAME)
    index = granting.give(state, "a", GIFT, state.turn)
    assert granting.lapse(state, "a", keep=(index,)) == {}  # its departure's own, about to go on stand-by
    assert state.cards["a"].abilities == (GIFT,)
    assert not granting.old_gift(state, "a", index, departing=True)  # the departure that made it old
    assert granting.old_gift(state, "a", index, departing=False)  # nothing else triggers it (3.1.4)
    granting.returned(state, "a")  # back on the stage: not even its next departure
    assert granting.old_gift(state, "a", index, departing=True)


def test_taking_a_gift_back_tells_the_new_index_of_one_kept():
    state = at_start(NAME)
    granting.give(state, "a", OTHER, state.turn)
    kept = granting.give(state, "a", GIFT, state.turn)
    assert granting.lapse(state, "a", keep=(kept,)) == {kept: 0}
    assert state.cards["a"].abilities == (GIFT,)
