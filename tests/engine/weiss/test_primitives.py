"""engine/weiss/primitives.py: the optional replacement's discard (8.2.1.3.2, 8.10.3) and the area changes from the
top of the deck (8.7.4, assumption W31)."""
from engine.core import games
from engine.weiss.actions import Action
from engine.weiss.primitives import option_payable

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


def test_the_refresh_point_card_triggers_its_deck_to_clock_ability_once_logged():
    state, events = games.for_state(at_start("outsider7-refresh-point-card-triggers-from-the-deck-into-the-clock")) \
        .advance(at_start("outsider7-refresh-point-card-triggers-from-the-deck-into-the-clock"))
    kinds = [(e.kind, e.data.get("card")) for e in events]
    clocked = state.zones[0]["clock"][0]
    assert kinds.index(("refresh_point", clocked)) < kinds.index(("standby", clocked))
    standby = next(e for e in events if e.kind == "standby" and e.data.get("card") == clocked)
    assert {"8.7.4", "8.7.4.1.1"} <= {c.number for c in standby.citations}


def test_a_card_drawn_from_the_deck_does_not_trigger_a_deck_to_clock_ability():
    state, events = games.for_state(at_start("outsider7-draw-up-to-two-stop-after-one")).advance(
        at_start("outsider7-draw-up-to-two-stop-after-one"))
    assert not [e for e in events if e.kind == "standby"]
