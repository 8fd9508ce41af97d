"""phases.py: an ACT whose condition is unmet is refused citing its [zone] or its requirement (8.1.1.1.1-2)."""

import pytest

from engine import IllegalActionError
from engine.vanguard import Action, advance, play

from .helpers import card, position


@pytest.mark.parametrize("condition,clause", [
    ({"kind": "circle", "circle": "vanguard"}, "8.1.1.1.1"),
    ({"kind": "count", "player": "self", "zone": "hand", "min": 3}, "8.1.1.1.2"),
])
def test_unmet_act_condition_cites_the_zone_or_the_requirement(condition, clause):
    act = {"timing": "act", "conditions": [condition], "effects": [{"kind": "draw", "count": 1}]}
    st = position(p0={"field": {"front_left": card("a-fl", abilities=[act])}}, phase="main")
    st, _ = advance(st)
    with pytest.raises(IllegalActionError) as err:
        play(st, Action.make("act", card="a-fl", ability=0))
    assert err.value.citation.number == clause
