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
