"""engine/weiss/primitives.py: the area changes from the top of the deck (8.7.4, assumption W31)."""
from engine.core import games

from .helpers import at_start


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
