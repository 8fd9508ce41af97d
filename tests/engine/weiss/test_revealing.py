"""engine/weiss/revealing.py: the top check of card text - the top card revealed stays where it is, and the parts after
it read it through the ``top_of_deck`` condition (8.3.3, assumption W45)."""
import pytest

from engine.core import games
from engine.core.errors import DefinitionError
from engine.weiss.abilities import Ability
from engine.weiss.actions import Action
from engine.weiss.characteristics import condition_holds

from .helpers import at_decision

NAME = "outsider10-top-check-level-one-or-higher-revealed-gets-the-power"


def test_the_revealed_card_stays_on_top_and_the_part_reads_it():
    state = at_decision(NAME)
    deck = list(state.zones[0]["deck"])
    state, events = games.for_state(state).play(state, Action.make(kind="attack", card="a", type="front"))
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.data["card"] == "top" and [c.number for c in reveal.citations] == ["8.6.2.4.4"]
    assert reveal.assumptions == ("W45",)
    # it stayed on top: the trigger check that follows takes it, and nothing below it moved
    assert next(e for e in events if e.kind == "trigger_check").data["card"] == "top"
    assert state.zones[0]["deck"] == deck[1:]


def test_the_top_of_deck_condition_reads_the_top_card_only():
    state = at_decision(NAME)
    cond = state.cards["a"].abilities[0].effects[1]
    from engine.weiss.choices import if_conditions

    (top_of_deck,) = if_conditions(cond)
    assert condition_holds(state, top_of_deck, "a")  # the top card is level 1
    deck = state.zones[0]["deck"]
    deck.append(deck.pop(0))  # a level 0 filler on top now
    assert not condition_holds(state, top_of_deck, "a")
    deck.clear()
    assert not condition_holds(state, top_of_deck, "a")


def test_a_reveal_takes_no_fields_and_the_condition_needs_its_filter():
    with pytest.raises(DefinitionError):
        Ability.from_json({"timing": "act", "effects": [{"kind": "reveal", "count": 2}]}, "a")
    with pytest.raises(DefinitionError):
        Ability.from_json({"timing": "act", "effects": [{"kind": "reveal"}, {
            "kind": "draw", "count": 1, "if": [{"kind": "top_of_deck"}]}]}, "a")
