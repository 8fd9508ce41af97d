"""engine/weiss/leaving.py: the optional replacement's discard (8.2.1.3.2, 8.10.3) of a character about to go from
the stage to the waiting room."""
from engine.core import games
from engine.weiss.actions import Action
from engine.weiss.leaving import option_payable

from .helpers import at_decision, at_start


def _play(state, **action):
    return games.for_state(state).play(state, Action.make(**action))


def test_a_discard_option_is_payable_only_with_enough_hand_cards():
    with_cards = at_start("outsider7-optional-replacement-paid-by-discarding-a-card")
    empty = at_start("outsider7-optional-replacement-with-nothing-to-discard-cannot-be-used")
    assert option_payable(with_cards, "r", with_cards.cards["r"].abilities[0])
    assert not option_payable(empty, "r", empty.cards["r"].abilities[0])


def test_the_discarded_card_is_the_one_chosen_and_nothing_goes_before_the_choice():
    state, _ = _play(at_decision("outsider7-optional-replacement-paid-by-discarding-a-card"), kind="play", card="ev")
    state, _ = _play(state, kind="accept")
    assert state.pending.kind == "cost" and {a.card for a in state.pending.options} == {"dc", "keep"}
    assert state.zones[1]["hand"] == ["dc", "keep"] and state.zones[1]["center_right"] == ["r"]
    state, events = _play(state, kind="choose", card="keep")
    assert state.zones[1]["hand"] == ["dc", "r"] and "keep" in state.zones[1]["waiting_room"]
    assert [e.data.get("paid") for e in events if e.kind == "replaced"] == [["keep"]]
