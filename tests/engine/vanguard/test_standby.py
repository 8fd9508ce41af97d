"""standby.py: "when this unit is retired" read as the card was on the field (10.4.2, 8.6.5.1.2)."""

import pytest

from engine.vanguard.standby import retire_unit, retired

from .helpers import card, position

ON_RETIRED = {"timing": "on_retired", "effects": [{"kind": "draw", "count": 1}]}


@pytest.mark.parametrize("status,triggers", [({}, True), ({"deleted": True}, False)])
def test_a_retired_unit_triggers_unless_it_had_lost_its_text(status, triggers):
    st = position(p0={"field": {"front_left": card("a-fl", abilities=[ON_RETIRED], **status)}})
    events: list = []
    watched = retire_unit(st, "a-fl", 0)
    retired(st, events, "a-fl", watched)
    assert st.loc["a-fl"] == (0, "drop")
    fired = [e for e in events if e.kind == "standby"]
    assert bool(fired) is triggers
    assert not fired or fired[0].cites("10.4.2")


ON_SOUL = {"timing": "on_put_into_soul", "effects": [{"kind": "draw", "count": 1}]}


@pytest.mark.parametrize("by_ride,clause", [(True, "8.6.5.1.4"), (False, "8.6.5.1.2")])
def test_a_unit_put_into_the_soul_is_read_as_it_was_on_the_field(by_ride, clause):
    from engine.vanguard.primitives import move
    from engine.vanguard.standby import put_into_soul, soul_watch
    st = position(p0={"field": {"front_left": card("a-fl", abilities=[ON_SOUL])}})
    froms = {"a-fl": ("front_left", soul_watch(st, "a-fl"))}
    move(st, "a-fl", "soul", 0)
    events: list = []
    put_into_soul(st, events, froms, by_ride=by_ride)
    fired = [e for e in events if e.kind == "standby"]
    assert len(fired) == 1 and fired[0].cites(clause)


def test_a_deleted_unit_put_into_the_soul_has_no_text_and_a_card_from_the_deck_is_read_in_the_soul():
    from engine.vanguard.primitives import move, soul_charge
    from engine.vanguard.standby import put_into_soul, soul_watch
    st = position(p0={"field": {"front_left": card("a-fl", abilities=[ON_SOUL], deleted=True)},
                      "deck": [card("a-top", abilities=[ON_SOUL]), card("a-deck", count=5)]})
    froms = {"a-fl": ("front_left", soul_watch(st, "a-fl"))}
    move(st, "a-fl", "soul", 0)
    froms.update(soul_charge(st, 0, 1))
    events: list = []
    put_into_soul(st, events, froms)
    fired = [e for e in events if e.kind == "standby"]
    assert [e.data["card"] for e in fired] == ["a-top"] and fired[0].cites("8.6.5.1.1")


def test_a_unit_that_would_be_retired_goes_where_its_replacement_effect_says_and_is_not_retired():
    instead = {"timing": "cont", "effects": [{"kind": "retire_instead", "to": "deck_bottom"}]}
    st = position(p0={"field": {"front_left": card("a-fl", abilities=[instead, ON_RETIRED])}})
    events: list = []
    watched = retire_unit(st, "a-fl", 0)
    retired(st, events, "a-fl", watched)
    assert st.zones[0]["deck"][-1] == "a-fl" and watched.instead == "deck_bottom"
    assert [e.kind for e in events] == ["replaced"] and events[0].cites("8.2.1.3.1")
